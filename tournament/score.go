package tournament

// DisplayScore is the calculated score shown for a result (spec 2.1), by one rule:
//
//   - one encounter of one set: that set's points (with quick entry these are 1 and 0);
//   - one encounter of several sets: the sets each side won;
//   - several encounters: the encounters each side won, an encounter going to the
//     side with the higher score by the two rules above (a level encounter goes to neither).
func DisplayScore(r Encounters) [2]int {
	if len(r) == 1 {
		return encounterScore(r[0])
	}
	var won [2]int
	for _, e := range r {
		if side := leader(encounterScore(e)); side >= 0 {
			won[side]++
		}
	}
	return won
}

func encounterScore(sets []Set) [2]int {
	if len(sets) == 1 {
		return sets[0]
	}
	var won [2]int
	for _, s := range sets {
		if side := leader(s); side >= 0 {
			won[side]++
		}
	}
	return won
}

// leader is the side ahead in a pair, or -1 when level.
func leader(p [2]int) int {
	switch {
	case p[0] > p[1]:
		return 0
	case p[1] > p[0]:
		return 1
	}
	return -1
}

// Winner is the side (0 or 1) that won a played match, or -1 for a draw or no result.
func (m *Match) Winner() int {
	if m.State != MatchPlayed || !m.HasResult() {
		return -1
	}
	return leader(DisplayScore(m.Encounters))
}
