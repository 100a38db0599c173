package rankings

import (
	"cmp"
	"courtside/tournament"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Series groups an organizer's tournaments, or single disciplines of them,
// into one table: a season, a cup. Each part gives points by final place.
type Series struct {
	ID    string       `json:"id"`
	Name  string       `json:"name"`
	Class EventClass   `json:"class"`
	Parts []SeriesPart `json:"parts"`
	// Points is the points table by final place; empty: the class's default.
	Points PointsTable `json:"points,omitempty"`
	// BestN counts only a player's N best results; 0 counts all.
	BestN int `json:"bestN,omitempty"`
}

// SeriesPart is one discipline of one tournament in a series.
type SeriesPart struct {
	TournamentID string `json:"tournamentId"`
	DisciplineID string `json:"disciplineId"`
}

// EventClass is how much a series' events weigh, as ITSF grades its events.
type EventClass string

// The event classes, from a club night up to an international event.
const (
	ClassLocal         EventClass = "local"
	ClassRegional      EventClass = "regional"
	ClassNational      EventClass = "national"
	ClassInternational EventClass = "international"
)

// EventClasses lists the classes in order of weight.
var EventClasses = []EventClass{ClassLocal, ClassRegional, ClassNational, ClassInternational}

// classWinner is what the winner gets in each class; the other places get a
// share of it (placeShares), as the ITSF tables fall off.
var classWinner = map[EventClass]int{ClassLocal: 100, ClassRegional: 250, ClassNational: 500, ClassInternational: 1000}

// placeShares are the bands of the default table: places up to Place get
// Percent of the winner's points. Places after the last band get nothing.
var placeShares = []struct{ Place, Percent int }{
	{1, 100}, {2, 80}, {3, 65}, {4, 55}, {6, 45}, {8, 40}, {12, 30}, {16, 25}, {24, 18}, {32, 15}, {48, 10}, {64, 8},
}

// PointsBand gives Points to every place up to Place (after the band before it).
type PointsBand struct {
	Place  int `json:"place"`
	Points int `json:"points"`
}

// PointsTable gives points by final place: bands in rising place order.
type PointsTable []PointsBand

// DefaultPoints is the class's default points table.
func DefaultPoints(c EventClass) PointsTable {
	w, ok := classWinner[c]
	if !ok {
		w = classWinner[ClassLocal]
	}
	t := make(PointsTable, len(placeShares))
	for i, s := range placeShares {
		t[i] = PointsBand{Place: s.Place, Points: w * s.Percent / 100}
	}
	return t
}

// Table is the series' points table: its own, or its class's default.
func (s *Series) Table() PointsTable {
	if len(s.Points) > 0 {
		return s.Points
	}
	return DefaultPoints(s.Class)
}

// For is what a final place earns (0 beyond the table).
func (t PointsTable) For(place int) int {
	if place < 1 {
		return 0
	}
	for _, b := range t {
		if place <= b.Place {
			return b.Points
		}
	}
	return 0
}

// String writes the table as the console's field takes it: "1:100, 2:80, 8:40".
func (t PointsTable) String() string {
	parts := make([]string, len(t))
	for i, b := range t {
		parts[i] = fmt.Sprintf("%d:%d", b.Place, b.Points)
	}
	return strings.Join(parts, ", ")
}

// ParsePointsTable reads "1:100, 2:80, 8:40" (place up to which: points),
// places rising, points not rising; "" is the empty table (the default).
func ParsePointsTable(s string) (PointsTable, error) {
	var t PointsTable
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' })
	if len(fields) > tournament.MaxPointsBands {
		return nil, tournament.Refuse("a points table has at most %d places", tournament.MaxPointsBands)
	}
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, q, ok := strings.Cut(f, ":")
		place, err1 := strconv.Atoi(strings.TrimSpace(p))
		points, err2 := strconv.Atoi(strings.TrimSpace(q))
		if !ok || err1 != nil || err2 != nil {
			return nil, tournament.Refuse("write each place as place:points, like 1:100, not %q", f)
		}
		if place < 1 || points < 0 || points > tournament.MaxSeriesPoints {
			return nil, tournament.Refuse("places start at 1 and points are between 0 and %d: %q", tournament.MaxSeriesPoints, f)
		}
		if n := len(t); n > 0 && (place <= t[n-1].Place || points > t[n-1].Points) {
			return nil, tournament.Refuse("places rise and points do not: %q after %d:%d", f, t[n-1].Place, t[n-1].Points)
		}
		t = append(t, PointsBand{Place: place, Points: points})
	}
	return t, nil
}

// Check refuses a series the organizer cannot have.
func (s *Series) Check() error {
	switch {
	case strings.TrimSpace(s.Name) == "" || len(s.Name) > tournament.MaxNameLength:
		return tournament.Refuse("a series needs a name of at most %d characters", tournament.MaxNameLength)
	case !slices.Contains(EventClasses, s.Class):
		return tournament.Refuse("unknown event class %q", s.Class)
	case len(s.Parts) > tournament.MaxSeriesParts:
		return tournament.Refuse("a series has at most %d disciplines", tournament.MaxSeriesParts)
	case s.BestN < 0 || s.BestN > tournament.MaxSeriesParts:
		return tournament.Refuse("the best results counted are between 0 (all) and %d", tournament.MaxSeriesParts)
	case len(s.Points) > tournament.MaxPointsBands:
		return tournament.Refuse("a points table has at most %d places", tournament.MaxPointsBands)
	}
	return nil
}

// FinalPlaces are the places of a discipline's entries: those in the last
// stage that has begun by their rank there, then those out before it by their
// rank in the stage they left, and so on. Entries of equal rank (in one group
// or across the groups of a stage) share a place, and the next place skips
// as many (two 5th, then 7th). A discipline still running gives the places
// as they stand; a group in which nothing has been played ranks nobody.
func FinalPlaces(s *tournament.Snapshot, d *tournament.Discipline) map[string]int {
	places := map[string]int{}
	offset := 0
	for si := len(d.Stages) - 1; si >= 0; si-- {
		type row struct {
			id   string
			rank int
		}
		var rows []row
		for gi := range d.Stages[si].Groups {
			g := &d.Stages[si].Groups[gi]
			if len(g.EntryIDs) == 0 || !playedIn(s, g) {
				continue // not begun: its table ranks nobody yet
			}
			for _, st := range s.Standings(g) {
				if _, done := places[st.Entry.ID]; done || st.Entry.ID == "" {
					continue
				}
				r := st.Rank
				if r < 1 {
					r = 1 << 20 // unranked: after every ranked entry
				}
				rows = append(rows, row{st.Entry.ID, r})
			}
		}
		slices.SortFunc(rows, func(a, b row) int { return cmp.Compare(a.rank, b.rank) })
		for i, r := range rows {
			place := offset + i + 1
			if i > 0 && rows[i-1].rank == r.rank {
				place = places[rows[i-1].id]
			}
			places[r.id] = place
		}
		offset += len(rows)
	}
	return places
}

// playedIn reports whether a match of the group has been played (a
// followed group's table, which comes ranked from its source, counts as played).
func playedIn(s *tournament.Snapshot, g *tournament.Group) bool {
	if g.Standings != nil {
		return true
	}
	for _, m := range s.Matches {
		if m.GroupID == g.ID && m.State == tournament.MatchPlayed {
			return true
		}
	}
	return false
}

// SeriesResult is one player's result in one part of a series.
type SeriesResult struct {
	Part    SeriesPart `json:"part"`
	Place   int        `json:"place"`
	Points  int        `json:"points"`
	Counted bool       `json:"counted"`
}

// SeriesRow is a player's line in a series table.
type SeriesRow struct {
	Rank     int            `json:"rank"`
	PlayerID string         `json:"playerId"`
	Name     string         `json:"name"`
	Points   int            `json:"points"`
	Events   int            `json:"events"`
	Results  []SeriesResult `json:"results"`
	// Movement is the rank gained (+) or lost since the table before the
	// series' latest tournament; New is set for a player not in that table.
	Movement int  `json:"movement"`
	New      bool `json:"new,omitempty"`
}

// SeriesTable ranks the players by the points of their results (per part:
// the player's place there). Only the BestN best results count if BestN > 0.
// Ties, in order: more points; then the better counted places, best first
// (more wins, then more second places...); then more results (events); players
// still equal share the rank and are listed by name.
func SeriesTable(s *Series, results map[string][]SeriesResult, names map[string]string) []SeriesRow {
	table := s.Table()
	rows := make([]SeriesRow, 0, len(results))
	for pid, rs := range results {
		rs = slices.Clone(rs)
		for i := range rs {
			rs[i].Points, rs[i].Counted = table.For(rs[i].Place), false
		}
		order := make([]int, len(rs))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(rs[b].Points, rs[a].Points), cmp.Compare(rs[a].Place, rs[b].Place))
		})
		row := SeriesRow{PlayerID: pid, Name: names[pid], Events: len(rs)}
		for n, i := range order {
			if s.BestN > 0 && n >= s.BestN {
				break
			}
			rs[i].Counted = true
			row.Points += rs[i].Points
		}
		row.Results = rs
		rows = append(rows, row)
	}
	slices.SortFunc(rows, func(a, b SeriesRow) int {
		return cmp.Or(compareRows(a, b), strings.Compare(a.Name, b.Name), strings.Compare(a.PlayerID, b.PlayerID))
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && compareRows(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows
}

// compareRows orders two rows by the tie rules: negative when a is ahead.
func compareRows(a, b SeriesRow) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	pa, pb := countedPlaces(a), countedPlaces(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if c := cmp.Compare(pa[i], pb[i]); c != 0 {
			return c
		}
	}
	if c := cmp.Compare(len(pb), len(pa)); c != 0 {
		return c
	}
	return cmp.Compare(b.Events, a.Events)
}

// countedPlaces are the places of the counted results, best first.
func countedPlaces(r SeriesRow) []int {
	var out []int
	for _, res := range r.Results {
		if res.Counted {
			out = append(out, res.Place)
		}
	}
	slices.Sort(out)
	return out
}

// WithMovement sets each row's movement against the table before.
func WithMovement(now, before []SeriesRow) []SeriesRow {
	was := make(map[string]int, len(before))
	for _, r := range before {
		was[r.PlayerID] = r.Rank
	}
	for i := range now {
		if r, ok := was[now[i].PlayerID]; ok {
			now[i].Movement = r - now[i].Rank
		} else {
			now[i].New = true
		}
	}
	return now
}
