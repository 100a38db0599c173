package tournament

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Points a match gives in the table modes.
const (
	PointsWin  = 2
	PointsDraw = 1
)

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
	FirstRound              *int     `json:"firstRound,omitempty"`
	LastRound               *int     `json:"lastRound,omitempty"`
	FinalResult             bool     `json:"finalResult"`
}

// tally collects one entry's record before it becomes a Standing.
type tally struct {
	Standing
	opponents        []string
	beaten, drawn    []string
	encW, encL, encD int
	first, last      int // round numbers, 1-based; 0 when none
	lives            int
	placing          int // bracket modes: higher is better (see placing constants)
	corrected        float64
}

// Standings ranks the group's entries from its played matches (matches of other
// groups are ignored). The rules by mode:
//
//   - a win is PointsWin, a draw PointsDraw, a loss nothing;
//   - swiss and dutch_system: points, then Buchholz (bh1: the opponents' points,
//     bh2: the opponents' bh1), then Sonneborn-Berger (points of beaten opponents,
//     half of those drawn);
//   - monster_dyp and whist rank players, who earn what their team of the round earns;
//     monster_dyp ranks by correctedPointsPerMatch: points per match, where a player
//     with fewer than three quarters of the most matches anyone played is divided by
//     that three-quarter mark instead;
//   - last_one_standing: each loss costs a life; by lives left, then the last round reached;
//   - the bracket modes (elimination, double_elimination, lord_have_mercy): the
//     champion, the runner-up, third and fourth from the match for third place,
//     then those still in by the last round reached, then those out by the round
//     they went out in, later first; those out in the same round share a rank.
//     lord_have_mercy shows lives too;
//   - ties then go to matches difference, sets difference, goals difference, goals;
//     rows equal on every rule share a rank. An entry with no played match is unranked (-1).
func Standings(g *Group, matches []*Match, entries map[string]*Entry) []Standing {
	roundNo := make(map[string]int, len(g.Rounds))
	for i, r := range g.Rounds {
		roundNo[r.ID] = i + 1
	}
	rows := make(map[string]*tally, len(g.EntryIDs))
	order := make([]*tally, 0, len(g.EntryIDs))
	for _, id := range g.EntryIDs {
		name := id
		if e := entries[id]; e != nil {
			name = e.Name
		}
		t := &tally{Standing: Standing{ID: g.ID + "_" + id, Entry: EntryRef{ID: id, Name: name}}, lives: g.Lives}
		rows[id] = t
		order = append(order, t)
	}
	// sides returns the group rows one side of a match counts for.
	sides := func(e *Entry) []*tally {
		if e == nil {
			return nil
		}
		if t := rows[e.ID]; t != nil {
			return []*tally{t}
		}
		var ts []*tally
		for _, p := range e.Entries {
			if p != nil && rows[p.ID] != nil {
				ts = append(ts, rows[p.ID])
			}
		}
		return ts
	}
	league := len(g.Encounters) > 1
	for _, m := range matches {
		if m.GroupID == g.ID && m.State == MatchBye && !g.Mode.IsBracket() {
			for _, e := range m.Entries { // a bye counts as a win (it costs no life)
				for _, t := range sides(e) {
					t.Matches++
					t.MatchesWon++
					t.Points += PointsWin
				}
			}
			continue
		}
		if m.GroupID != g.ID || m.State != MatchPlayed || !m.HasResult() {
			continue
		}
		winner := m.Winner()
		for side := range 2 {
			other := 1 - side
			for _, t := range sides(m.Entries[side]) {
				t.Matches++
				rn := roundNo[m.RoundID]
				if g.Mode.IsBracket() && rn >= t.last { // the latest match tells the place
					t.placing = bracketPlacing(m, side, rn)
				}
				if t.first == 0 || rn < t.first {
					t.first = rn
				}
				t.last = max(t.last, rn)
				for _, o := range sides(m.Entries[other]) {
					t.opponents = append(t.opponents, o.Entry.ID)
					switch winner {
					case side:
						t.beaten = append(t.beaten, o.Entry.ID)
					case -1:
						t.drawn = append(t.drawn, o.Entry.ID)
					}
				}
				switch winner {
				case side:
					t.MatchesWon++
					t.Points += PointsWin
				case other:
					t.MatchesLost++
					if t.lives > 0 {
						t.lives--
					}
				default:
					t.MatchesDraw++
					t.Points += PointsDraw
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
		}
	}
	maxMatches := 0
	for _, t := range order {
		maxMatches = max(maxMatches, t.Matches)
	}
	for _, t := range order {
		t.MatchesDiff = t.MatchesWon - t.MatchesLost
		t.SetsDiff = t.SetsWon - t.SetsLost
		t.GoalsDiff = t.Goals - t.GoalsIn
		if t.Matches > 0 {
			t.PointsPerMatch = round2(float64(t.Points) / float64(t.Matches))
		}
	}
	for _, t := range order {
		t.fill(g, rows, league, maxMatches)
	}
	sortKey := func(a, b *tally) int {
		if (a.Matches == 0) != (b.Matches == 0) {
			if a.Matches == 0 {
				return 1
			}
			return -1
		}
		if g.Mode.IsBracket() { // places, shared by those out in the same round
			return -cmp.Compare(a.placing, b.placing)
		}
		var c int
		switch g.Mode {
		case Swiss, DutchSystem:
			c = cmp.Or(-cmp.Compare(a.Points, b.Points), -cmp.Compare(*a.BH1, *b.BH1), -cmp.Compare(*a.BH2, *b.BH2), -cmp.Compare(*a.SB, *b.SB))
		case MonsterDYP:
			c = cmp.Or(-cmp.Compare(a.corrected, b.corrected), -cmp.Compare(a.Points, b.Points))
		case LastOneStanding:
			c = cmp.Or(-cmp.Compare(a.lives, b.lives), -cmp.Compare(a.last, b.last), -cmp.Compare(a.Points, b.Points))
		default:
			c = -cmp.Compare(a.Points, b.Points)
		}
		return cmp.Or(c, -cmp.Compare(a.MatchesDiff, b.MatchesDiff), -cmp.Compare(a.SetsDiff, b.SetsDiff),
			-cmp.Compare(a.GoalsDiff, b.GoalsDiff), -cmp.Compare(a.Goals, b.Goals))
	}
	slices.SortStableFunc(order, func(a, b *tally) int {
		return cmp.Or(sortKey(a, b), strings.Compare(a.Entry.Name, b.Entry.Name))
	})
	finished := g.State == PhaseFinished
	out := make([]Standing, len(order))
	for i, t := range order {
		t.Result = i + 1
		switch {
		case t.Matches == 0:
			t.Rank = -1
		case i > 0 && sortKey(order[i-1], t) == 0:
			t.Rank = out[i-1].Rank
		default:
			t.Rank = i + 1
		}
		t.FinalResult = finished
		out[i] = t.Standing
	}
	return out
}

// fill sets the numbers only some modes use.
func (t *tally) fill(g *Group, rows map[string]*tally, league bool, maxMatches int) {
	if league {
		t.EncounterWon, t.EncounterLost, t.EncounterDraw = ptr(t.encW), ptr(t.encL), ptr(t.encD)
		t.EncounterDiff = ptr(t.encW - t.encL)
	}
	switch g.Mode {
	case Swiss, DutchSystem:
		bh1 := func(id string) int {
			sum := 0
			for _, o := range rows[id].opponents {
				sum += rows[o].Points
			}
			return sum
		}
		b1, b2, sb := bh1(t.Entry.ID), 0, 0.0
		for _, o := range t.opponents {
			b2 += bh1(o)
		}
		for _, o := range t.beaten {
			sb += float64(rows[o].Points)
		}
		for _, o := range t.drawn {
			sb += float64(rows[o].Points) / 2
		}
		t.BH1, t.BH2, t.SB = ptr(b1), ptr(b2), ptr(sb)
	case MonsterDYP:
		mark := int(math.Ceil(float64(maxMatches) * 3 / 4))
		divisor := max(t.Matches, mark, 1)
		t.corrected = round2(float64(t.Points) / float64(divisor))
		t.CorrectedPointsPerMatch = ptr(t.corrected)
		t.HasCorrectedValue = ptr(divisor != t.Matches)
	case LastOneStanding, LordHaveMercy:
		t.Lives = ptr(t.lives)
	}
	if t.first > 0 {
		t.FirstRound, t.LastRound = ptr(t.first), ptr(t.last)
	}
}

// Bracket placings: the final places, then those still in, then those out by round.
const (
	placingChampion = 1_000_000 - iota
	placingRunnerUp
	placingThird
	placingFourth
	placingIn = 100_000 // + the last round reached
)

// bracketPlacing is what a played bracket match says of the side's place.
// round is the match's round number in the group's order, in which a later
// round is a deeper one.
func bracketPlacing(m *Match, side, round int) int {
	w := m.Winner()
	if w < 0 {
		return placingIn + round
	}
	won := w == side
	switch {
	case m.Bracket == BracketThirdPlace:
		return pick(won, placingThird, placingFourth)
	case m.Bracket == BracketReset,
		m.Bracket == BracketFinal && w == 0,                                  // the winners-bracket champion won: no reset
		m.Bracket == BracketWinners && m.WinnerTo == nil && m.LoserTo == nil: // a single elimination final
		return pick(won, placingChampion, placingRunnerUp)
	case won, m.LoserTo != nil, m.Bracket == BracketFinal:
		return placingIn + round // still in: the losers bracket or the reset awaits
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
