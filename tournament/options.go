package tournament

// The setup options only some modes take, by their setup names (Mode.Takes).
const (
	OptionRounds     = "rounds"
	OptionThirdPlace = "thirdPlace"
	OptionLives      = "lives"
	OptionDouble     = "doubleRoundRobin"
	OptionTable      = "points" // points and tie-breaks: the modes ranked by a table
	OptionDraws      = "draw"   // a match may end level
)

// ModeOptions lists the options that only some modes take.
var ModeOptions = []string{OptionRounds, OptionThirdPlace, OptionLives, OptionDouble, OptionTable, OptionDraws}

// Takes reports whether the mode takes the setup option (one of ModeOptions):
// a form leaves out what its mode does not take.
func (m Mode) Takes(option string) bool {
	r := modeRules[m]
	switch option {
	case OptionRounds:
		return r.Setup.rounds
	case OptionThirdPlace:
		return r.Setup.thirdPlace
	case OptionLives:
		return r.Setup.lives
	case OptionDouble:
		return r.Setup.double
	case OptionTable:
		return r.Setup.table
	case OptionDraws:
		return r.Draws
	}
	return false
}

// TeamsPlayersAnew reports whether the mode draws new teams from single
// players every round, so that its discipline's entries are monster_dyp players.
func (m Mode) TeamsPlayersAnew() bool { return modeRules[m].Setup.players }

// DefaultLives is what every entry starts with in a mode with lives when the
// setup gives none: three in last one standing, one in lord have mercy
// (a knock-out tree in which a team may play one player short).
func (m Mode) DefaultLives() int {
	if m == LastOneStanding {
		return 3
	}
	return 1
}
