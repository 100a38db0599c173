package tournament

// DisplayScore is the calculated score shown for a result (spec 2.1). What it
// counts follows from the configuration, never from how far a live result has
// got, so its meaning does not change while a match is played:
//
//   - a match of several encounters (league modes): the encounters each side has won;
//   - one encounter played to numSets > 1 won sets: the sets each side has won,
//     from the first point of the first set on;
//   - one encounter of one set: that set's points; with quick entry these are
//     the 1:0 winner marker.
//
// Only what is decided under the configuration counts: a set once a side has
// numPoints (two ahead with twoAhead), an encounter of several sets once a side
// has won numSets of them. So a live result's set in play is not counted as won.
// The zero MatchConfiguration counts every set as decided, which is how final
// results (always complete) are read where no configuration is at hand.
func DisplayScore(r Encounters, cfg MatchConfiguration) [2]int { return displayScore(r, cfg, len(r)) }

// DisplayScore is the match's display score, reading its result with the
// configuration and the encounters of its group: a league match counts
// encounters from the first live result on, even before a second encounter starts.
func (s *Snapshot) DisplayScore(m *Match) [2]int {
	g, _ := s.Group(m.GroupID)
	encounters := 1
	if g != nil {
		encounters = len(g.Encounters)
	}
	return displayScore(m.Encounters, s.Config(m), encounters)
}

// displayScore is DisplayScore for a match of that many encounters.
func displayScore(r Encounters, cfg MatchConfiguration, encounters int) [2]int {
	switch {
	case max(encounters, len(r)) > 1:
		var won [2]int
		for _, e := range r {
			if side := encounterWinner(e, cfg); side >= 0 {
				won[side]++
			}
		}
		return won
	case len(r) == 0 || len(r[0]) == 0:
		return [2]int{}
	case cfg.NumSets > 1 || len(r[0]) > 1:
		return setsWon(r[0], cfg)
	}
	return r[0][0]
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

// setWinner is the side that won a decided set, or -1 while it is level or in
// play. A quick-entry set (1:0) is decided whatever numPoints says.
func setWinner(s Set, cfg MatchConfiguration) int {
	side := leader(s)
	if side < 0 || cfg.QuickEntry {
		return side
	}
	if s[side] < cfg.NumPoints || cfg.TwoAhead && s[side]-s[1-side] < 2 {
		return -1
	}
	return side
}

// encounterWinner is the side that won a decided encounter, or -1.
func encounterWinner(sets []Set, cfg MatchConfiguration) int {
	if len(sets) == 1 && cfg.NumSets <= 1 {
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
