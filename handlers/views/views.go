// Package views builds the view models that several faces show (a match, a
// standings table, a bracket, the result form, the rankings' labels), for the
// components of templates. It never writes a response.
package views

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"courtside/templates"
	"courtside/tournament"
)

// TournamentHref is the address of a tournament's public page.
func TournamentHref(snap *tournament.Snapshot) string { return "/t/" + snap.Tournament.ID }

// LiveHref is the address of the tournament's live stream (site.Pages.Live)
// for a page that shows its version now.
func LiveHref(snap *tournament.Snapshot) string {
	return TournamentHref(snap) + "/live?v=" + strconv.FormatInt(snap.Version, 10)
}

// Venue is the zone a tournament's times and days are shown in: its venue's.
func Venue(t *tournament.Tournament) templates.Zone { return templates.VenueZone(t.TimeZone) }

// EntryHref is the address of an entry's page in the tournament.
func EntryHref(snap *tournament.Snapshot, id string) string {
	return TournamentHref(snap) + "/entries/" + id
}

// EntryView is an entry linked to its page when it has one (fixed teams and
// players do; the teams of a Monster DYP round do not).
func EntryView(snap *tournament.Snapshot, e *tournament.Entry) templates.EntryView {
	v := templates.EntryView{ID: e.ID, Name: e.Name}
	if _, ok := snap.Entries[e.ID]; ok {
		v.Href = EntryHref(snap, e.ID)
	}
	return v
}

// Players are a team's players as links; an empty list for a single player.
func Players(snap *tournament.Snapshot, e *tournament.Entry) []templates.EntryView {
	if e == nil || !e.IsTeam() {
		return nil
	}
	var out []templates.EntryView
	for _, p := range e.Entries {
		if p != nil {
			out = append(out, EntryView(snap, p))
		}
	}
	return out
}

// MatchView shapes a match for lists and brackets; context names its place
// in the tournament where the page does not.
func MatchView(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match, context bool) templates.MatchView {
	v := templates.MatchView{ID: m.ID, Href: TournamentHref(snap) + "/matches/" + m.ID, State: m.State, Winner: m.Winner(),
		Live: m.IsLiveResult && m.State == tournament.MatchRunning, Start: m.StartTime, Zone: Venue(snap.Tournament), Sets: m.Encounters,
		Number: snap.MatchNumber(m.ID), Bye: snap.IsBye(m.ID), Words: snap.Organizer.Sport.Words(snap.Config(m))}
	if m.State == tournament.MatchPlayed {
		v.End = m.EndTime
	}
	for side, e := range m.Entries {
		if e != nil {
			v.Sides[side] = EntryView(snap, e)
			v.Who = append(v.Who, e.ID)
			for _, p := range e.Entries {
				if p != nil {
					v.Who = append(v.Who, p.ID)
				}
			}
		} else {
			v.Sides[side] = Placeholder(ctx, snap, m, side)
		}
	}
	if m.HasResult() {
		s := snap.DisplayScore(m)
		v.Score = &s
	}
	if rep := snap.MatchReport(m); rep != nil {
		if pending, ok := rep.Pending(); ok {
			v.Reported = templates.ResultText(pending.Result)
		}
		v.Disputed = rep.Disputed()
	}
	if m.State == tournament.MatchPlayed && m.Forfeit != "" {
		v.Forfeit, v.Score, v.Sets = forfeitText(ctx, m.Forfeit), nil, nil
	}
	for _, id := range m.CourtIDs {
		if c, ok := snap.Court(id); ok {
			v.Courts = append(v.Courts, c.Name)
		}
	}
	if context {
		d, _ := snap.Discipline(m.DisciplineID)
		round, g, _ := snap.Round(m.RoundID)
		var parts []string
		if d != nil {
			parts = append(parts, d.Name)
		}
		if g != nil {
			parts = append(parts, g.Name, templates.RoundName(ctx, round.Name))
		}
		if v.Number > 0 {
			parts = append(parts, templates.Tf(ctx, "Match %d", v.Number))
		}
		v.Context = JoinDistinct(parts...)
	}
	return v
}

// JoinDistinct joins the parts of a label with " · ", leaving out a part
// that repeats the one before ("Rounds · Rounds" is "Rounds").
func JoinDistinct(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" && (len(out) == 0 || !strings.EqualFold(out[len(out)-1], p)) {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}

// forfeitText names how a match ended without being played out.
func forfeitText(ctx context.Context, kind string) string {
	switch kind {
	case tournament.ForfeitRetirement:
		return templates.T(ctx, "retirement")
	case tournament.ForfeitWithdrawal:
		return templates.T(ctx, "withdrawal")
	}
	return templates.T(ctx, "walkover")
}

// Placeholder says what will fill an empty side: the winner or loser of the
// match that feeds it ("W5", in full "Winner of match 5"), or nobody (a bye).
func Placeholder(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match, side int) templates.EntryView {
	return placeholderWithin(ctx, snap, m, side, len(snap.Matches))
}

// placeholderWithin looks back through at most steps byes: a broken tree whose
// byes feed each other in a circle names the match it waits for instead of looping.
func placeholderWithin(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match, side, steps int) templates.EntryView {
	T := func(s string) string { return templates.T(ctx, s) }
	if m.State == tournament.MatchBye || snap.NoEntry(m.ID, side) {
		return templates.EntryView{Placeholder: T("Bye")}
	}
	for _, f := range snap.Matches {
		if f.GroupID != m.GroupID {
			continue
		}
		n := snap.MatchNumber(f.ID)
		if f.WinnerTo != nil && f.WinnerTo.MatchID == m.ID && f.WinnerTo.Side == side {
			if n == 0 && snap.IsBye(f.ID) && steps > 0 { // a bye passes on whoever fills it
				for s := range 2 {
					if !snap.NoEntry(f.ID, s) && f.Entries[s] == nil {
						return placeholderWithin(ctx, snap, f, s, steps-1)
					}
				}
			}
			if n == 0 {
				return templates.EntryView{Placeholder: templates.Tf(ctx, "Winner of %s", matchLabel(ctx, snap, f))}
			}
			return templates.EntryView{Placeholder: templates.Tf(ctx, "Winner of match %d", n), Short: templates.Tf(ctx, "W%d", n)}
		}
		if f.LoserTo != nil && f.LoserTo.MatchID == m.ID && f.LoserTo.Side == side {
			if n == 0 {
				return templates.EntryView{Placeholder: templates.Tf(ctx, "Loser of %s", matchLabel(ctx, snap, f))}
			}
			return templates.EntryView{Placeholder: templates.Tf(ctx, "Loser of match %d", n), Short: templates.Tf(ctx, "L%d", n)}
		}
	}
	return templates.EntryView{Placeholder: T("To be decided")}
}

// matchLabel names a bracket match: its round and place in it, "Semi-finals 2".
func matchLabel(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match) string {
	round, _, ok := snap.Round(m.RoundID)
	if !ok {
		return m.ID
	}
	n := 0
	for _, o := range snap.Matches {
		if o.RoundID == m.RoundID {
			n++
		}
	}
	if n == 1 {
		return templates.RoundName(ctx, round.Name)
	}
	return fmt.Sprintf("%s %d", templates.RoundName(ctx, round.Name), m.Seq+1)
}

// StandingsView is the group's table with the columns its mode uses.
func StandingsView(ctx context.Context, snap *tournament.Snapshot, g *tournament.Group) templates.StandingsView {
	var cfg tournament.MatchConfiguration
	if len(g.Options.MatchConfigurations) > 0 {
		cfg = g.Options.MatchConfigurations[0]
	}
	words := snap.Organizer.Sport.Words(cfg)
	ctx = templates.WithWords(ctx, words)
	byKey := standingColumns(ctx, words)
	cols := groupColumns(ctx, g, byKey)
	cols, decider := moveDecider(g, cols, byKey)
	v := templates.StandingsView{Name: g.Name}
	v.Qualify, v.Next = qualifying(snap, g)
	for i, c := range cols {
		v.Columns = append(v.Columns, templates.Column{Label: c.label, Title: c.title, Decider: i == decider})
	}
	for _, s := range snap.Standings(g) {
		v.Rows = append(v.Rows, standingRow(ctx, snap, g, cols, s))
	}
	return v
}

// col is a column of a standings table: its heading and how a row fills it.
type col struct {
	label, title string
	cell         func(s tournament.Standing) string
}

// standingColumns are every column a table can show, by the key the modes
// table names it with, in the words of the sport as the group plays it
// (tournament.Sport.Words).
func standingColumns(ctx context.Context, words string) map[string]col {
	T := func(s string) string { return templates.T(ctx, s) }
	num := func(n int) string { return strconv.Itoa(n) }
	pair := func(a, b int) string { return fmt.Sprintf("%d:%d", a, b) }
	signed := func(n int) string {
		if n > 0 {
			return "+" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	byKey := map[string]col{
		"points":      {T("Pts"), T("Points"), func(s tournament.Standing) string { return num(s.Points) }},
		"matches":     {T("P"), T("Matches played"), func(s tournament.Standing) string { return num(s.Matches) }},
		"matchesWon":  {T("W"), T("Wins"), func(s tournament.Standing) string { return num(s.MatchesWon) }},
		"matchesDraw": {T("D"), T("Draws"), func(s tournament.Standing) string { return num(s.MatchesDraw) }},
		"matchesLost": {T("L"), T("Losses"), func(s tournament.Standing) string { return num(s.MatchesLost) }},
		"pointsPerMatch": {"Ø", T("Points per match"), func(s tournament.Standing) string {
			return templates.Number(ctx, s.PointsPerMatch, 2)
		}},
		"correctedPointsPerMatch": {"Ø*", T("Corrected points per match"), func(s tournament.Standing) string {
			return templates.Number(ctx, deref(s.CorrectedPointsPerMatch), 2)
		}},
		"lives":     {T("Lives"), T("Lives"), func(s tournament.Standing) string { return num(deref(s.Lives)) }},
		"setsWon":   {T("Sets"), T("Sets"), func(s tournament.Standing) string { return pair(s.SetsWon, s.SetsLost) }},
		"goals":     {T("Goals"), T("Goals"), func(s tournament.Standing) string { return pair(s.Goals, s.GoalsIn) }},
		"goalsDiff": {T("Diff"), T("Goal difference"), func(s tournament.Standing) string { return signed(s.GoalsDiff) }},
		"bh1":       {"BH1", "Buchholz", func(s tournament.Standing) string { return num(deref(s.BH1)) }},
		"bh2":       {"BH2", "Buchholz 2", func(s tournament.Standing) string { return num(deref(s.BH2)) }},
		"sb":        {"SB", "Sonneborn-Berger", func(s tournament.Standing) string { return templates.Number(ctx, deref(s.SB), -1) }},
	}
	// Each sport in its own words: darts plays legs (in sets of legs: sets,
	// each won by legs), table tennis games, pétanque and cornhole score
	// points (not goals). Cornhole's games (a game to 21) are its catalogs'
	// "cornhole:Sets".
	switch words {
	case string(tournament.Darts):
		byKey["setsWon"] = col{T("Legs"), T("Legs won and lost"), byKey["setsWon"].cell}
	case tournament.DartsSets:
		byKey["goals"] = col{T("Legs"), T("Legs won and lost"), byKey["goals"].cell}
		byKey["goalsDiff"] = col{T("Diff"), T("Leg difference"), byKey["goalsDiff"].cell}
	case string(tournament.TableTennis):
		byKey["setsWon"] = col{T("Games"), T("Games won and lost"), byKey["setsWon"].cell}
	case string(tournament.Petanque), string(tournament.Cornhole):
		byKey["goals"] = col{T("Score"), T("Points scored and conceded"), byKey["goals"].cell}
		byKey["goalsDiff"] = col{T("Diff"), T("Point difference"), byKey["goalsDiff"].cell}
	}
	return byKey
}

// groupColumns are the columns the group's mode shows (the modes table says
// which), less those its match configuration leaves empty: draws where no
// match can end level, sets where a match is one set, points where only
// who won a set is entered.
func groupColumns(ctx context.Context, g *tournament.Group, byKey map[string]col) []col {
	T := func(s string) string { return templates.T(ctx, s) }
	var cfg tournament.MatchConfiguration
	if len(g.Options.MatchConfigurations) > 0 {
		cfg = g.Options.MatchConfigurations[0]
	}
	draws := false
	for _, c := range g.Options.MatchConfigurations {
		draws = draws || c.Draw
	}
	var cols []col
	for _, k := range g.Mode.Rules().Columns { // the modes table says which columns a mode shows
		switch {
		case k == "matchesDraw" && !draws && len(g.Encounters) <= 1:
			continue // no match of the group can end level: a pétanque game, a darts match, a knock-out
		case k == "setsWon" && cfg.NumSets == 1 && len(g.Encounters) <= 1:
			continue // one set a match: its sets are its wins and losses
		case (k == "goals" || k == "goalsDiff") && cfg.QuickEntry:
			continue // sets entered by their winner only: no points to count
		}
		if k == "setsWon" && len(g.Encounters) > 1 { // a league's encounters come before its sets
			cols = append(cols, col{T("Encounters"), T("Encounters"), func(s tournament.Standing) string {
				return fmt.Sprintf("%d-%d-%d", deref(s.EncounterWon), deref(s.EncounterDraw), deref(s.EncounterLost))
			}})
		}
		cols = append(cols, byKey[k])
	}
	return cols
}

// moveDecider moves the column that decides between equal points right
// after the points, so that a phone shows it beside the name without
// scrolling, and says where it stands (-1: none).
func moveDecider(g *tournament.Group, cols []col, byKey map[string]col) ([]col, int) {
	// The column that decides between equal points stands right after the
	// points, so that a phone shows it beside the name without scrolling.
	decider := -1
	for _, k := range []string{"bh1", "correctedPointsPerMatch", "lives", "goalsDiff", "setsWon"} {
		if !slices.Contains(g.Mode.Rules().Columns, k) {
			continue
		}
		if decider = slices.IndexFunc(cols, func(c col) bool { return c.label == byKey[k].label }); decider >= 0 {
			break
		}
	}
	if decider > 0 {
		to := slices.IndexFunc(cols, func(c col) bool { return c.label == byKey["points"].label }) + 1
		d := cols[decider]
		cols = slices.Insert(slices.Delete(cols, decider, decider+1), to, d)
		decider = to
	}
	return cols, decider
}

// standingRow is one entry's row of the table.
func standingRow(ctx context.Context, snap *tournament.Snapshot, g *tournament.Group, cols []col, s tournament.Standing) templates.StandingRow {
	row := templates.StandingRow{Rank: strconv.Itoa(s.Rank), Entry: templates.EntryView{ID: s.Entry.ID, Name: s.Entry.Name}}
	if s.Rank < 0 {
		row.Rank = "–"
	}
	if _, ok := snap.Entries[s.Entry.ID]; ok {
		row.Entry.Href = EntryHref(snap, s.Entry.ID)
	}
	if g.Mode.Rules().Lives && s.Lives != nil && *s.Lives <= 0 && s.Matches > 0 {
		row.Out = true // no life left: out of the game
	}
	if s.HasCorrectedValue != nil && *s.HasCorrectedValue {
		row.Note = templates.T(ctx, "corrected for fewer matches")
	}
	for _, c := range cols {
		row.Cells = append(row.Cells, c.cell(s))
	}
	return row
}

// qualifying is how many places of a group surely go on to the next stage
// of its discipline (see tournament.GoingOn), and that stage's name.
func qualifying(snap *tournament.Snapshot, g *tournament.Group) (int, string) {
	if on, ok := snap.GoingOn(g); ok {
		return on.Sure, on.Next.Name
	}
	return 0, ""
}

// maxCross is the most entries a group's cross table lists.
const maxCross = 24

// CrossTable is a round robin's results, each entry against each, in the
// order of its table: row i, column j is i's score against j ("7:3"), "–"
// where they have not played yet; several matches between them stand side by side.
func CrossTable(snap *tournament.Snapshot, g *tournament.Group, table templates.StandingsView) *templates.CrossTable {
	if len(table.Rows) < 2 || len(table.Rows) > maxCross {
		return nil
	}
	at := map[string]int{}
	ct := &templates.CrossTable{Cells: make([][]string, len(table.Rows))}
	for i, r := range table.Rows {
		at[r.Entry.ID] = i
		ct.Entries = append(ct.Entries, r.Entry)
		ct.Cells[i] = make([]string, len(table.Rows))
		for j := range ct.Cells[i] {
			if i != j {
				ct.Cells[i][j] = "–"
			}
		}
	}
	for _, m := range snap.Matches {
		if m.GroupID != g.ID || m.State != tournament.MatchPlayed || m.Entries[0] == nil || m.Entries[1] == nil {
			continue
		}
		a, okA := at[m.Entries[0].ID]
		b, okB := at[m.Entries[1].ID]
		if !okA || !okB {
			continue
		}
		sc := snap.DisplayScore(m)
		add := func(i, j, x, y int) {
			cell := fmt.Sprintf("%d:%d", x, y)
			if ct.Cells[i][j] != "–" {
				cell = ct.Cells[i][j] + " " + cell
			}
			ct.Cells[i][j] = cell
		}
		add(a, b, sc[0], sc[1])
		add(b, a, sc[1], sc[0])
	}
	return ct
}

// deref is what p points to, or zero for nil (a number the mode leaves out).
func deref[T int | float64](p *T) T {
	if p == nil {
		return 0
	}
	return *p
}

// RoundsView is the group's matches round by round.
func RoundsView(ctx context.Context, snap *tournament.Snapshot, g *tournament.Group) []templates.RoundView {
	var out []templates.RoundView
	current := snap.CurrentRound(g)
	for _, r := range g.Rounds {
		rv := templates.RoundView{Name: templates.RoundName(ctx, r.Name), Current: r.ID == current}
		for _, m := range snap.Matches {
			if m.RoundID == r.ID {
				mv := MatchView(ctx, snap, m, false)
				rv.Matches = append(rv.Matches, mv)
			}
		}
		if len(rv.Matches) > 0 {
			out = append(out, rv)
		}
	}
	return out
}

// BracketView lays a knock-out group out in its sections: the tree (the
// winners bracket in double elimination), the losers bracket, and the finals
// (grand final, its reset once it is on, the match for third place).
func BracketView(ctx context.Context, snap *tournament.Snapshot, g *tournament.Group) *templates.BracketView {
	T := func(s string) string { return templates.T(ctx, s) }
	byRound := map[string][]*tournament.Match{}
	part := map[string]string{}
	for _, m := range snap.Matches {
		if m.GroupID == g.ID {
			byRound[m.RoundID] = append(byRound[m.RoundID], m)
			part[m.RoundID] = m.Bracket
		}
	}
	sections := []struct {
		title string
		parts []string
	}{
		{T("Winners bracket"), []string{tournament.BracketWinners}},
		{T("Losers bracket"), []string{tournament.BracketLosers}},
		{T("Finals"), []string{tournament.BracketFinal, tournament.BracketReset}},
		{T("Third place"), []string{tournament.BracketThirdPlace}},
	}
	if !g.Mode.Rules().Double {
		sections[0].title = "" // the page's heading says "Bracket" already
	}
	v := &templates.BracketView{}
	if c, decider := snap.Champion(g); c != nil {
		e := EntryView(snap, c)
		v.Champion, v.Decider = &e, decider.ID
	}
	for _, sec := range sections {
		var rounds []tournament.Round
		for _, r := range g.Rounds {
			ms := byRound[r.ID]
			if len(ms) == 0 || !slices.Contains(sec.parts, part[r.ID]) {
				continue
			}
			if part[r.ID] == tournament.BracketReset && (ms[0].State == tournament.MatchSkipped || ms[0].State == tournament.MatchIncomplete) {
				continue // a reset is shown once it is on
			}
			rounds = append(rounds, r)
		}
		if len(rounds) == 0 {
			continue
		}
		s := templates.BracketSection{Title: sec.title, Part: sec.parts[0]}
		for i, r := range rounds {
			br := templates.BracketRound{Name: templates.RoundName(ctx, r.Name), Last: i == len(rounds)-1 || sec.parts[0] == tournament.BracketFinal}
			if !br.Last {
				br.Paired = len(byRound[rounds[i+1].ID])*2 == len(byRound[r.ID])
			}
			for _, m := range byRound[r.ID] {
				br.Matches = append(br.Matches, MatchView(ctx, snap, m, false))
			}
			s.Rounds = append(s.Rounds, br)
		}
		v.Sections = append(v.Sections, s)
	}
	return v
}
