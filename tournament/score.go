package tournament

// DisplayScore is the calculated score shown for a result (spec 2.1), by one rule:
//
//   - one encounter of one set: that set's points (with quick entry these are 1 and 0);
//   - one encounter of several sets: the sets each side has won;
//   - several encounters: the encounters each side has won.
//
// Only what is decided under the configuration counts: a set once a side has
// numPoints (two ahead with twoAhead), an encounter of several sets once a side
// has won numSets of them. So a live result's set in play is not counted as won.
// The zero MatchConfiguration counts every set as decided, which is how final
// results (always complete) are read where no configuration is at hand.
func DisplayScore(r Encounters, cfg MatchConfiguration) [2]int {
	if len(r) == 1 {
		if len(r[0]) == 1 {
			return r[0][0]
		}
		return setsWon(r[0], cfg)
	}
	var won [2]int
	for _, e := range r {
		if side := encounterWinner(e, cfg); side >= 0 {
			won[side]++
		}
	}
	return won
}

func setsWon(sets []Set, cfg MatchConfiguration) [2]int {
	var won [2]int
	for _, s := range sets {
		if side := setWinner(s, cfg); side >= 0 {
			won[side]++
		}
	}
	return won
}

// setWinner is the side that won a decided set, or -1 while it is level or in play.
func setWinner(s Set, cfg MatchConfiguration) int {
	side := leader(s)
	if side < 0 || s[side] < cfg.NumPoints || cfg.TwoAhead && s[side]-s[1-side] < 2 {
		return -1
	}
	return side
}

// encounterWinner is the side that won a decided encounter, or -1.
func encounterWinner(sets []Set, cfg MatchConfiguration) int {
	if len(sets) == 1 {
		return setWinner(sets[0], cfg)
	}
	won := setsWon(sets, cfg)
	side := leader(won)
	if side < 0 || won[side] < cfg.NumSets {
		return -1
	}
	return side
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
	return leader(DisplayScore(m.Encounters, MatchConfiguration{}))
}

// SetOver reports whether the set is decided under the configuration.
func (cfg MatchConfiguration) SetOver(s Set) bool { return setWinner(s, cfg) >= 0 }

// EncounterOver reports whether the encounter has ended: decided, or level where draws are allowed.
func (cfg MatchConfiguration) EncounterOver(sets []Set) bool {
	return over(setsWon(sets, cfg), max(cfg.NumSets, 1), cfg.Draw)
}
