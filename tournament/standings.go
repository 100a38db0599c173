package tournament

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Points a match gives in the table modes when the group's Scoring does not say.
const (
	PointsWin  = 2
	PointsDraw = 1
)

// scoring is what a result is worth in the group: its Scoring, or a win 2,
// a draw 1 and a bye as much as a win.
func (g *Group) scoring() Scoring {
	if g.Scoring != nil {
		return *g.Scoring
	}
	return Scoring{Win: PointsWin, Draw: PointsDraw, Bye: PointsWin}
}

// EntryRef names an entry in a standings row.
type EntryRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Standing is one row of a group's table, shaped like the real service's
// standings. Numbers a mode does not use are left out.
type Standing struct {
	ID                      string   `json:"id"`
	Entry                   EntryRef `json:"entry"`
	Matches                 int      `json:"matches"`
	Points                  int      `json:"points"`
	PointsPerMatch          float64  `json:"pointsPerMatch"`
	CorrectedPointsPerMatch *float64 `json:"correctedPointsPerMatch,omitempty"`
	HasCorrectedValue       *bool    `json:"hasCorrectedValue,omitempty"`
	MatchesWon              int      `json:"matchesWon"`
	MatchesLost             int      `json:"matchesLost"`
	MatchesDraw             int      `json:"matchesDraw"`
	MatchesDiff             int      `json:"matchesDiff"`
	SetsWon                 int      `json:"setsWon"`
	SetsLost                int      `json:"setsLost"`
	SetsDiff                int      `json:"setsDiff"`
	EncounterWon            *int     `json:"encounterWon,omitempty"`
	EncounterLost           *int     `json:"encounterLost,omitempty"`
	EncounterDraw           *int     `json:"encounterDraw,omitempty"`
	EncounterDiff           *int     `json:"encounterDiff,omitempty"`
	Goals                   int      `json:"goals"`
	GoalsIn                 int      `json:"goalsIn"`
	GoalsDiff               int      `json:"goalsDiff"`
	BH1                     *int     `json:"bh1,omitempty"`
	BH2                     *int     `json:"bh2,omitempty"`
	SB                      *float64 `json:"sb,omitempty"`
	Lives                   *int     `json:"lives,omitempty"`
	Rank                    int      `json:"rank"`
	Result                  int      `json:"result"`
	// PrelimResult is the place held now, final or not; FinalResult says which.
	PrelimResult int  `json:"prelimResult"`
	FirstRound   *int `json:"firstRound,omitempty"`
	LastRound    *int `json:"lastRound,omitempty"`
	FinalResult  bool `json:"finalResult"`
}

// tally collects one entry's record before it becomes a Standing.
type tally struct {
	Standing
	opponents          []string
	beaten, drawn      []string
	encW, encL, encD   int
	first, last        int // round numbers, 1-based; 0 when none
	lives              int
	placing            int            // bracket modes: higher is better (see placing constants)
	perMatch           float64        // points per match, unrounded
	corrected          float64        // monster_dyp: corrected points per match, unrounded
	direct             map[string]int // points earned against each opponent
	byes               int            // byes: unplayed rounds
	byesWon, byesDrawn int            // of those, the ones counted as a win, as a draw
}

// Standings ranks the group's entries from its played matches (matches of other
// groups are ignored). The rules by mode:
//
//   - a win, a draw and a bye are worth what the group's Scoring says: 2, 1 and
//     as much as a win when it says nothing; a bye counts as a match won (in
//     the modes that are not knock-out trees, where a bye only moves one on);
//   - the table modes rank by points, then head to head (the points two entries
//     tied with each other earned in their matches against each other; it
//     decides between two only), then encounters, matches, sets and goals difference, goals;
//   - swiss and dutch_system: points, then Buchholz (bh1: the opponents' points,
//     bh2: the opponents' bh1), then Sonneborn-Berger (points of beaten opponents,
//     half of those drawn), then head to head and the differences. Unplayed
//     rounds follow FIDE's tie-break regulations of 2023 (C.07, article 16):
//     an entry's own bye counts as a game against a dummy opponent with the
//     entry's own points (bh1, and sb when the bye counts as a win or a draw;
//     for bh2, the dummy's bh1 is the entry's own), and an opponent's points
//     count as they stand;
//   - monster_dyp and whist rank players, who earn what their team of the round earns;
//     monster_dyp ranks by correctedPointsPerMatch: points per match, where a player
//     with fewer than three quarters of the most matches anyone played is divided by
//     that three-quarter mark instead (compared unrounded; shown to two places);
//   - last_one_standing: each loss costs a life; by lives left, then the last round reached;
//   - the bracket modes (elimination, double_elimination, lord_have_mercy): the
//     champion, the runner-up, third and fourth from the match for third place,
//     then those still in: the unbeaten (still in the winners bracket) above
//     those in the losers bracket, each by how far it has come (the round of
//     the match it plays or waits for next); then those
//     out by the round they went out in, later first; those out in the same
//     round share a rank.
//
// A group's TieBreaks, when set, replace the mode's order after what it ranks
// by first (points; see TieBreakNames; not for the bracket modes, whose places
// are the tree's). Rows equal on every rule share a rank. An entry with no
// played match is unranked (-1).
func Standings(g *Group, matches []*Match, entries map[string]*Entry) []Standing {
	tb := newTable(g, entries)
	if g.Mode.IsBracket() {
		tb.matchRound = make(map[string]string, len(matches))
		for _, m := range matches {
			tb.matchRound[m.ID] = m.RoundID
		}
	}
	for _, m := range matches {
		if m.GroupID != g.ID {
			continue
		}
		switch {
		case m.State == MatchBye && !g.Mode.IsBracket():
			tb.countBye(m)
		case m.State == MatchPlayed && m.HasResult():
			tb.countPlayed(m)
		}
	}
	tb.finish()
	return tb.rank()
}

// table is a group's standings being reckoned: a tally per entry.
type table struct {
	g          *Group
	rows       map[string]*tally
	order      []*tally // the group's entry order until ranked
	roundNo    map[string]int
	matchRound map[string]string // bracket modes: the round of each match, by id
	sc         Scoring
	league     bool
	maxMatches int // the most matches any entry played
}

func newTable(g *Group, entries map[string]*Entry) *table {
	tb := &table{g: g, rows: make(map[string]*tally, len(g.EntryIDs)), order: make([]*tally, 0, len(g.EntryIDs)),
		roundNo: make(map[string]int, len(g.Rounds)), sc: g.scoring(), league: len(g.Encounters) > 1}
	for i, r := range g.Rounds {
		tb.roundNo[r.ID] = i + 1
	}
	for _, id := range g.EntryIDs {
		name := id
		if e := entries[id]; e != nil {
			name = e.Name
		}
		t := &tally{Standing: Standing{ID: g.ID + "_" + id, Entry: EntryRef{ID: id, Name: name}}, lives: g.Lives, direct: map[string]int{}}
		tb.rows[id] = t
		tb.order = append(tb.order, t)
	}
	return tb
}

// roundOf is the number of the round of the match a slot leads to.
func (tb *table) roundOf(to *Slot) int { return tb.roundNo[tb.matchRound[to.MatchID]] }

// sides returns the group rows one side of a match counts for: the entry, or
// the players of a team drawn from the group's players.
func (tb *table) sides(e *Entry) []*tally {
	if e == nil {
		return nil
	}
	if t := tb.rows[e.ID]; t != nil {
		return []*tally{t}
	}
	var ts []*tally
	for _, p := range e.Entries {
		if p != nil && tb.rows[p.ID] != nil {
			ts = append(ts, tb.rows[p.ID])
		}
	}
	return ts
}

// countBye counts a bye (outside the trees, where a bye only moves one on):
// worth what the scoring says, a match won, drawn or lost by its worth.
func (tb *table) countBye(m *Match) {
	rn, sc := tb.roundNo[m.RoundID], tb.sc
	for _, e := range m.Entries {
		for _, t := range tb.sides(e) {
			t.played(rn)
			t.Points += sc.Bye
			t.byes++
			switch {
			case sc.Bye >= sc.Win:
				t.MatchesWon++
				t.byesWon++
			case sc.Bye > 0 && sc.Bye >= sc.Draw:
				t.MatchesDraw++
				t.byesDrawn++
			default:
				t.MatchesLost++
			}
		}
	}
}

// countPlayed counts a played match for both sides.
func (tb *table) countPlayed(m *Match) {
	rn := tb.roundNo[m.RoundID]
	winner := m.Winner()
	for side := range 2 {
		for _, t := range tb.sides(m.Entries[side]) {
			if tb.g.Mode.IsBracket() && rn >= t.last { // the latest match tells the place
				t.placing = bracketPlacing(m, side, rn, tb.roundOf)
			}
			t.played(rn)
			t.countResult(m, side, winner, tb.sc, tb.sides(m.Entries[1-side]))
		}
	}
}

// countResult counts the match for one row of side: the result, the
// opponents met, beaten and drawn, goals, sets and encounters.
func (t *tally) countResult(m *Match, side, winner int, sc Scoring, opponents []*tally) {
	other := 1 - side
	points := 0
	switch winner {
	case side:
		t.MatchesWon++
		points = sc.Win
	case other:
		t.MatchesLost++
		if t.lives > 0 {
			t.lives--
		}
	default:
		t.MatchesDraw++
		points = sc.Draw
	}
	t.Points += points
	for _, o := range opponents {
		t.opponents = append(t.opponents, o.Entry.ID)
		t.direct[o.Entry.ID] += points
		switch winner {
		case side:
			t.beaten = append(t.beaten, o.Entry.ID)
		case -1:
			t.drawn = append(t.drawn, o.Entry.ID)
		}
	}
	for _, enc := range m.Encounters {
		for _, s := range enc {
			t.Goals += s[side]
			t.GoalsIn += s[other]
			switch leader(s) { // final results: every set is decided
			case side:
				t.SetsWon++
			case other:
				t.SetsLost++
			}
		}
		switch encounterWinner(enc, MatchConfiguration{}) {
		case side:
			t.encW++
		case other:
			t.encL++
		default:
			t.encD++
		}
	}
}

// finish works out the differences, the rates and the numbers only some
// modes show, once every match is counted.
func (tb *table) finish() {
	for _, t := range tb.order {
		tb.maxMatches = max(tb.maxMatches, t.Matches)
		t.MatchesDiff = t.MatchesWon - t.MatchesLost
		t.SetsDiff = t.SetsWon - t.SetsLost
		t.GoalsDiff = t.Goals - t.GoalsIn
		if t.Matches > 0 {
			t.perMatch = float64(t.Points) / float64(t.Matches)
			t.PointsPerMatch = round2(t.perMatch)
		}
	}
	for _, t := range tb.order {
		t.fill(tb)
	}
}

// rank orders the rows by the rules: those who played first, ranked (rows
// equal on every rule share a rank); those who did not last, unranked, by name.
func (tb *table) rank() []Standing {
	order := tb.order
	slices.SortStableFunc(order, func(a, b *tally) int {
		return cmp.Or(-cmp.Compare(min(a.Matches, 1), min(b.Matches, 1)), strings.Compare(a.Entry.Name, b.Entry.Name))
	})
	n := slices.IndexFunc(order, func(t *tally) bool { return t.Matches == 0 })
	if n < 0 {
		n = len(order)
	}
	ties := breakTies(order[:n], tieBreaksOf(tb.g))
	finished := tb.g.State == PhaseFinished
	out := make([]Standing, 0, len(order))
	for _, tie := range ties {
		rank := len(out) + 1
		for _, t := range tie {
			t.Rank = rank
			out = append(out, t.Standing)
		}
	}
	for _, t := range order[n:] {
		t.Rank = -1
		out = append(out, t.Standing)
	}
	for i := range out {
		out[i].Result = i + 1
		out[i].PrelimResult = i + 1
		out[i].FinalResult = finished
	}
	return out
}

// played counts a match of the round for the entry.
func (t *tally) played(round int) {
	t.Matches++
	if t.first == 0 || round < t.first {
		t.first = round
	}
	t.last = max(t.last, round)
}

// HeadToHead is the tie-break that compares two entries by the points they
// earned in their matches against each other. It decides between two only:
// among three or more tied entries it is passed over. It is the default of
// the table modes (DirectEncounter is chosen in a group's TieBreaks).
const HeadToHead = "headToHead"

// DirectEncounter is FIDE's direct encounter (C.07, 2023, article 6) for
// ties of any size: a mini-table of the points each tied entry earned in its
// matches against the others tied with it. It ranks them by those points
// when every tied entry has met every other (those still level are ranked
// by it again among themselves, then by the next rule); where some tied
// entries have not met, it decides nothing. Between two entries it is
// HeadToHead when they met.
const DirectEncounter = "directEncounter"

// tieBreaks compare two rows by one rule: negative when a ranks above b.
var tieBreaks = map[string]func(a, b *tally) int{
	"points":                  func(a, b *tally) int { return cmp.Compare(b.Points, a.Points) },
	"pointsPerMatch":          func(a, b *tally) int { return cmp.Compare(b.perMatch, a.perMatch) },
	"correctedPointsPerMatch": func(a, b *tally) int { return cmp.Compare(b.corrected, a.corrected) },
	"matchesWon":              func(a, b *tally) int { return cmp.Compare(b.MatchesWon, a.MatchesWon) },
	"matchesDiff":             func(a, b *tally) int { return cmp.Compare(b.MatchesDiff, a.MatchesDiff) },
	"encounterDiff":           func(a, b *tally) int { return cmp.Compare(b.encW-b.encL, a.encW-a.encL) },
	"setsWon":                 func(a, b *tally) int { return cmp.Compare(b.SetsWon, a.SetsWon) },
	"setsDiff":                func(a, b *tally) int { return cmp.Compare(b.SetsDiff, a.SetsDiff) },
	"goals":                   func(a, b *tally) int { return cmp.Compare(b.Goals, a.Goals) },
	"goalsDiff":               func(a, b *tally) int { return cmp.Compare(b.GoalsDiff, a.GoalsDiff) },
	"bh1":                     func(a, b *tally) int { return cmp.Compare(deref(b.BH1), deref(a.BH1)) },
	"bh2":                     func(a, b *tally) int { return cmp.Compare(deref(b.BH2), deref(a.BH2)) },
	"sb":                      func(a, b *tally) int { return cmp.Compare(deref(b.SB), deref(a.SB)) },
	"lives":                   func(a, b *tally) int { return cmp.Compare(b.lives, a.lives) },
	"lastRound":               func(a, b *tally) int { return cmp.Compare(b.last, a.last) },
	"placing":                 func(a, b *tally) int { return cmp.Compare(b.placing, a.placing) },
}

// tieBreaksOf is the order of rules the group ranks by: what its mode ranks
// by first, then the group's TieBreaks or, without them, the mode's own (see
// modeRules). A tree ranks by its places alone.
func tieBreaksOf(g *Group) []string {
	r := g.Mode.Rules()
	first, then := r.RankBy, r.TieBreaks
	if len(first) == 0 {
		first = []string{"points"}
	}
	if r.Making == Tree {
		return first
	}
	if len(g.TieBreaks) > 0 {
		then = g.TieBreaks
	}
	return append(slices.Clip(first), then...)
}

// breakTies orders the rows by the rules, the first rule first, and returns
// them in runs of rows that no rule tells apart (they share a rank). Rows
// come in name order, which stays the order within a run. Unknown rule names
// are passed over.
func breakTies(rows []*tally, rules []string) [][]*tally {
	if len(rows) < 2 || len(rules) == 0 {
		return [][]*tally{rows}
	}
	rule, rest := rules[0], rules[1:]
	if rule == DirectEncounter {
		return directEncounter(rows, rest)
	}
	if rule == HeadToHead {
		if len(rows) == 2 {
			a, b := rows[0], rows[1]
			switch cmp.Compare(b.direct[a.Entry.ID], a.direct[b.Entry.ID]) {
			case -1:
				return [][]*tally{{a}, {b}}
			case 1:
				return [][]*tally{{b}, {a}}
			}
		}
		return breakTies(rows, rest)
	}
	compare, ok := tieBreaks[rule]
	if !ok {
		return breakTies(rows, rest)
	}
	slices.SortStableFunc(rows, compare)
	var out [][]*tally
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && compare(rows[i], rows[j]) == 0 {
			j++
		}
		out = append(out, breakTies(rows[i:j], rest)...)
		i = j
	}
	return out
}

// directEncounter ranks tied rows by their mini-table (see DirectEncounter)
// and breaks what stays level by the rules after it.
func directEncounter(rows []*tally, rest []string) [][]*tally {
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			if !slices.Contains(a.opponents, b.Entry.ID) {
				return breakTies(rows, rest) // not all have met: it decides nothing
			}
		}
	}
	mini := make(map[*tally]int, len(rows))
	for _, a := range rows {
		for _, b := range rows {
			if a != b {
				mini[a] += a.direct[b.Entry.ID]
			}
		}
	}
	compare := func(a, b *tally) int { return cmp.Compare(mini[b], mini[a]) }
	slices.SortStableFunc(rows, compare)
	var out [][]*tally
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && compare(rows[i], rows[j]) == 0 {
			j++
		}
		if j-i > 1 && j-i < len(rows) {
			out = append(out, directEncounter(rows[i:j], rest)...) // the mini-table again, among those still level
		} else {
			out = append(out, breakTies(rows[i:j], rest)...)
		}
		i = j
	}
	return out
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// fill sets the numbers only some modes use: encounters in a league, the
// mode's own (Rules.Extra), the rounds played.
func (t *tally) fill(tb *table) {
	if tb.league {
		t.EncounterWon, t.EncounterLost, t.EncounterDraw = ptr(t.encW), ptr(t.encL), ptr(t.encD)
		t.EncounterDiff = ptr(t.encW - t.encL)
	}
	if extra := tb.g.Mode.Rules().Extra; extra != nil {
		extra(t, tb)
	}
	if t.first > 0 {
		t.FirstRound, t.LastRound = ptr(t.first), ptr(t.last)
	}
}

// buchholz sets the Swiss tie-breaks: bh1, the opponents' points; bh2, the
// opponents' bh1; sb, the points of beaten opponents and half of those
// drawn. A bye is a game against a dummy with the entry's own points (C.07
// 2023, article 16).
func buchholz(t *tally, tb *table) {
	bh1 := func(id string) int {
		sum := 0
		for _, o := range tb.rows[id].opponents {
			sum += tb.rows[o].Points
		}
		return sum
	}
	byes := t.byes
	own := bh1(t.Entry.ID)
	b1, b2 := own+byes*t.Points, byes*(own+byes*t.Points)
	sb := float64(t.byesWon*t.Points) + float64(t.byesDrawn*t.Points)/2
	for _, o := range t.opponents {
		b2 += bh1(o) + tb.rows[o].byes*tb.rows[o].Points
	}
	for _, o := range t.beaten {
		sb += float64(tb.rows[o].Points)
	}
	for _, o := range t.drawn {
		sb += float64(tb.rows[o].Points) / 2
	}
	t.BH1, t.BH2, t.SB = ptr(b1), ptr(b2), ptr(sb)
}

// correctedPerMatch sets monster_dyp's corrected points per match: points
// per match, divided by three quarters of the most matches anyone played
// when the player played fewer.
func correctedPerMatch(t *tally, tb *table) {
	mark := int(math.Ceil(float64(tb.maxMatches) * 3 / 4))
	divisor := max(t.Matches, mark, 1)
	t.corrected = float64(t.Points) / float64(divisor)
	t.CorrectedPointsPerMatch = ptr(round2(t.corrected))
	t.HasCorrectedValue = ptr(t.Matches > 0 && divisor != t.Matches)
}

// livesLeft shows the lives an entry has left.
func livesLeft(t *tally, _ *table) { t.Lives = ptr(t.lives) }

// Bracket placings: the final places, then those still in, then those out by round.
const (
	placingChampion = 1_000_000 - iota
	placingRunnerUp
	placingThird
	placingFourth
	placingUnbeaten = 200_000 // + the last round reached: still in the winners bracket
	placingIn       = 100_000 // + the last round reached: still in, in the losers bracket or awaiting the reset
)

// bracketPlacing is what a played bracket match says of the side's place.
// round is the match's round number in the group's order, in which a later
// round is a deeper one; roundOf is the number of the round a slot leads to.
// An entry still in is placed by how far it has come: the round of the
// match it goes on to (a winners-bracket finalist's loser waiting in the
// losers' final is above an entry waiting in losers' round 2, whatever the
// round each last played in).
func bracketPlacing(m *Match, side, round int, roundOf func(*Slot) int) int {
	w := m.Winner()
	if w < 0 {
		return placingIn + round
	}
	won := w == side
	next := round + 1 // the reset after a grand final the losers-bracket winner took
	switch {
	case won && m.WinnerTo != nil:
		next = roundOf(m.WinnerTo)
	case !won && m.LoserTo != nil:
		next = roundOf(m.LoserTo)
	}
	switch {
	case m.Bracket == BracketThirdPlace:
		return pick(won, placingThird, placingFourth)
	case m.Bracket == BracketReset,
		m.Bracket == BracketFinal && w == 0,                                  // the winners-bracket champion won: no reset
		m.Bracket == BracketWinners && m.WinnerTo == nil && m.LoserTo == nil: // a single elimination final
		return pick(won, placingChampion, placingRunnerUp)
	case won && m.Bracket == BracketWinners:
		return placingUnbeaten + next // unbeaten: above everyone who has lost once
	case won, m.LoserTo != nil, m.Bracket == BracketFinal:
		return placingIn + next // still in: the losers bracket or the reset awaits
	}
	return round // out in this round
}

func pick(cond bool, yes, no int) int {
	if cond {
		return yes
	}
	return no
}

func ptr[T any](v T) *T { return &v }

func round2(f float64) float64 { return math.Round(f*100) / 100 }
