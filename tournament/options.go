package tournament

import "strings"

// The setup options only some modes take, by their setup names (Mode.Takes).
const (
	OptionRounds     = "rounds"
	OptionThirdPlace = "thirdPlace"
	OptionLives      = "lives"
	OptionDouble     = "doubleRoundRobin"
	OptionTable      = "points" // points and tie-breaks: the modes ranked by a table
	OptionDraws      = "draw"   // a match may end level
	// OptionLateEntries is no setup option but what a mode takes while it
	// runs: a late entry joins a pairing mode without lives at its next round.
	OptionLateEntries = "lateEntries"
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
	case OptionLateEntries:
		return r.Making == Paired && !r.Lives
	}
	return false
}

// ModeList names modes in a refusal, in the table's order: "swiss,
// dutch_system and whist" in English, each mode in its own words on a page
// (templates.Reason). Refusals that list modes take them from the table
// (ModesTaking), so a new mode is named where it belongs without a word
// changed.
type ModeList []Mode

func (l ModeList) String() string {
	names := make([]string, len(l))
	for i, m := range l {
		names[i] = string(m)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ModesTaking lists the modes that take the setup option (one of
// ModeOptions), or late entries (OptionLateEntries).
func ModesTaking(option string) ModeList {
	var out ModeList
	for _, m := range Modes {
		if m.Takes(option) {
			out = append(out, m)
		}
	}
	return out
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
