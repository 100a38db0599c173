package tournament

// NumberMatches numbers a knock-out group's matches the way a tournament desk
// does: 1, 2, 3 … round after round in the group's order (the winners
// bracket first, then the losers bracket or the match for third place, then
// the finals), and in a round from top to bottom. Byes get no number: nobody
// plays them. group holds the group's matches in tournament order (a
// snapshot's order); the numbers stay the same from the draw to the end,
// because which matches are byes follows from the draw alone.
func NumberMatches(group []*Match) map[string]int {
	byes := Byes(group)
	out := make(map[string]int, len(group))
	n := 0
	for _, m := range group {
		if !byes[m.ID] {
			n++
			out[m.ID] = n
		}
	}
	return out
}

// Byes are the matches of a knock-out group that are byes or will be: a side
// that nobody can ever fill, because the draw left its seed empty, because
// it waits for the loser of a bye (a bye has no loser), or for the winner of
// a match that nobody plays in.
func Byes(group []*Match) map[string]bool {
	out := map[string]bool{}
	for id := range ByeSides(group) {
		out[id] = true
	}
	return out
}

// ByeSides are the byes of a knock-out group (see Byes) with the sides that
// nobody can ever fill.
func ByeSides(group []*Match) map[string][2]bool {
	type feed struct {
		from  *Match
		loser bool
	}
	feeds := map[Slot][]feed{}
	for _, m := range group {
		if m.WinnerTo != nil {
			feeds[*m.WinnerTo] = append(feeds[*m.WinnerTo], feed{m, false})
		}
		if m.LoserTo != nil {
			feeds[*m.LoserTo] = append(feeds[*m.LoserTo], feed{m, true})
		}
	}
	memo := map[Slot]bool{}
	var empty func(m *Match, side int) bool
	bye := func(m *Match) bool { return empty(m, 0) || empty(m, 1) }
	empty = func(m *Match, side int) bool {
		if m.Entries[side] != nil {
			return false
		}
		at := Slot{m.ID, side}
		if v, ok := memo[at]; ok {
			return v
		}
		memo[at] = false // a cycle (a broken tree) fills nothing
		fs := feeds[at]
		v := len(fs) == 0 && m.State == MatchBye
		for _, f := range fs {
			if f.loser && bye(f.from) || !f.loser && empty(f.from, 0) && empty(f.from, 1) {
				v = true
			}
		}
		memo[at] = v
		return v
	}
	out := map[string][2]bool{}
	for _, m := range group {
		if sides := [2]bool{empty(m, 0), empty(m, 1)}; sides[0] || sides[1] {
			out[m.ID] = sides
		}
	}
	return out
}

// Champion is the winner of a knock-out group once its final is played: the
// grand final's winner when the winners-bracket side took it, otherwise the
// reset's; in a single elimination the final's (the match for third place may
// still be on). With it, the match that decided the title. Nil while the
// title is open.
func Champion(group []*Match) (*Entry, *Match) {
	var final, reset *Match
	for _, m := range group {
		switch {
		case m.Bracket == BracketFinal:
			final = m
		case m.Bracket == BracketReset:
			reset = m
		case m.Bracket == BracketWinners && m.WinnerTo == nil && final == nil:
			final = m
		}
	}
	if reset != nil && reset.State == MatchPlayed {
		final = reset
	}
	if final == nil || final.State != MatchPlayed || final.Bracket == BracketFinal && reset != nil && reset.State != MatchSkipped && reset.State != MatchPlayed {
		return nil, nil
	}
	w, _ := final.Outcome()
	return w, final
}
