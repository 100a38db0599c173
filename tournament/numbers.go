package tournament

// NumberMatches numbers a knock-out group's matches the way a tournament desk
// does: 1, 2, 3 … round after round in the group's order (the winners
// bracket first, then the losers bracket or the match for third place, then
// the finals), and in a round from top to bottom. Byes get no number: nobody
// plays them. group holds the group's matches in tournament order (a
// snapshot's order); the numbers stay the same from the draw to the end,
// because which matches are byes follows from the draw alone.
func NumberMatches(group []*Match) map[string]int {
	return numberMatches(group, ByeSides(group))
}

func numberMatches(group []*Match, byes map[string][2]bool) map[string]int {
	out := make(map[string]int, len(group))
	n := 0
	for _, m := range group {
		if _, bye := byes[m.ID]; !bye {
			n++
			out[m.ID] = n
		}
	}
	return out
}

// ByeSides are the matches of a knock-out group that are byes or will be,
// with the sides that nobody can ever fill: because the draw left the seed
// empty, because the side waits for the loser of a bye (a bye has no loser),
// or for the winner of a match that nobody plays in. Which they are follows
// from the draw alone.
func ByeSides(group []*Match) map[string][2]bool {
	index := make(map[string]int, len(group))
	for i, m := range group {
		index[m.ID] = i
	}
	type feed struct {
		from  int
		loser bool
	}
	feeds := make([][2][]feed, len(group)) // by match and side: what fills it
	for i, m := range group {
		for _, link := range []struct {
			to    *Slot
			loser bool
		}{{m.WinnerTo, false}, {m.LoserTo, true}} {
			if link.to == nil || link.to.Side < 0 || link.to.Side > 1 {
				continue
			}
			if j, ok := index[link.to.MatchID]; ok {
				feeds[j][link.to.Side] = append(feeds[j][link.to.Side], feed{i, link.loser})
			}
		}
	}
	const unknown, no, yes = 0, 1, 2
	memo := make([][2]int8, len(group))
	var empty func(i, side int) bool
	bye := func(i int) bool { return empty(i, 0) || empty(i, 1) }
	empty = func(i, side int) bool {
		m := group[i]
		if m.Entries[side] != nil {
			return false
		}
		if v := memo[i][side]; v != unknown {
			return v == yes
		}
		memo[i][side] = no // a cycle (a broken tree) fills nothing
		fs := feeds[i][side]
		v := len(fs) == 0 && m.State == MatchBye
		for _, f := range fs {
			if f.loser && bye(f.from) || !f.loser && empty(f.from, 0) && empty(f.from, 1) {
				v = true
			}
		}
		if v {
			memo[i][side] = yes
		}
		return v
	}
	out := map[string][2]bool{}
	for i, m := range group {
		if sides := [2]bool{empty(i, 0), empty(i, 1)}; sides[0] || sides[1] {
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
