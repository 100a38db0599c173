package tournament

import "fmt"

// MatchFormat is one of a sport's standard ways a match is played, offered by
// name in the setup form and named by id in a setup file ("format").
type MatchFormat struct {
	// ID names the format in forms and setup files: "petanque-13", "darts-legs-5".
	ID string
	// Name is how the format is called, in English (a catalog key): "One game to 13".
	Name   string
	Config MatchConfiguration
}

// SportRules is what a sport's matches are: its standard formats, the first
// of which a new stage gets when nothing else is said, and whether its
// matches may end level at all.
type SportRules struct {
	Formats []MatchFormat
	// Draws reports whether the sport's rules know a drawn match; a table
	// of a sport that does not has no draws column, whatever the mode.
	Draws bool
	// PastPoints says a game is won by reaching its points or more at the
	// end of a turn (cornhole's inning): 23:15 is a game to 21.
	PastPoints bool
}

// Played is cfg as the sport plays it: with its rule of how a set ends.
func (s Sport) Played(cfg MatchConfiguration) MatchConfiguration {
	cfg.pastPoints = s.Rules().PastPoints
	return cfg
}

// sportRules is the one table of each sport's matches, from its rule book:
//
//   - table soccer: one set to 7, as the console has always offered; ITSF
//     plays sets to 5, best of three or five.
//   - pétanque (FIPJP International Rules, art. 3): a game to 13 points;
//     qualifying and pool games may be played to 11. A game cannot end
//     level, and the winner scores exactly 13 (or 11).
//   - darts (WDF and PDC formats): legs entered by who won each (one tap), a
//     match best of an odd number of legs; or sets, each best of 5 legs,
//     entered as the legs each side won in the set.
//   - table tennis (ITTF Handbook 2.11, 2.12): a game to 11 with a two-point
//     lead past 10:10, a match best of 5 or 7 games (3 in some team events).
//   - cornhole (ACL and DeCoV): a game to 21 points, won by the side that
//     reaches or passes 21 at the end of an inning (cancellation scoring:
//     one side scores an inning, so the other stays below 21); matches of
//     one game or best of three.
var sportRules = map[Sport]SportRules{
	TableSoccer: {Draws: true, Formats: []MatchFormat{
		{"table-soccer-7", "One set to 7", MatchConfiguration{NumPoints: 7, NumSets: 1}},
		{"table-soccer-5-bo3", "Best of 3 sets to 5", MatchConfiguration{NumPoints: 5, NumSets: 2}},
		{"table-soccer-5-bo5", "Best of 5 sets to 5", MatchConfiguration{NumPoints: 5, NumSets: 3}},
	}},
	Petanque: {Formats: []MatchFormat{
		{"petanque-13", "One game to 13", MatchConfiguration{NumPoints: 13, NumSets: 1}},
		{"petanque-11", "One game to 11 (pool and qualifying games)", MatchConfiguration{NumPoints: 11, NumSets: 1}},
	}},
	Darts: {Formats: []MatchFormat{
		{"darts-legs-5", "Best of 5 legs", MatchConfiguration{NumPoints: 1, NumSets: 3, QuickEntry: true}},
		{"darts-legs-3", "Best of 3 legs", MatchConfiguration{NumPoints: 1, NumSets: 2, QuickEntry: true}},
		{"darts-legs-7", "Best of 7 legs", MatchConfiguration{NumPoints: 1, NumSets: 4, QuickEntry: true}},
		{"darts-legs-9", "Best of 9 legs", MatchConfiguration{NumPoints: 1, NumSets: 5, QuickEntry: true}},
		{"darts-legs-11", "Best of 11 legs", MatchConfiguration{NumPoints: 1, NumSets: 6, QuickEntry: true}},
		{"darts-sets-3", "First to 3 sets of 3 legs", MatchConfiguration{NumPoints: 3, NumSets: 3}},
		{"darts-sets-4", "First to 4 sets of 3 legs", MatchConfiguration{NumPoints: 3, NumSets: 4}},
	}},
	TableTennis: {Formats: []MatchFormat{
		{"table-tennis-bo5", "Best of 5 games to 11", MatchConfiguration{NumPoints: 11, NumSets: 3, TwoAhead: true}},
		{"table-tennis-bo7", "Best of 7 games to 11", MatchConfiguration{NumPoints: 11, NumSets: 4, TwoAhead: true}},
		{"table-tennis-bo3", "Best of 3 games to 11", MatchConfiguration{NumPoints: 11, NumSets: 2, TwoAhead: true}},
	}},
	Cornhole: {PastPoints: true, Formats: []MatchFormat{
		{"cornhole-21", "One game to 21", MatchConfiguration{NumPoints: 21, NumSets: 1}},
		{"cornhole-21-bo3", "Best of 3 games to 21", MatchConfiguration{NumPoints: 21, NumSets: 2}},
	}},
}

// Rules returns the sport's match rules; table soccer's for a sport not known.
func (s Sport) Rules() SportRules {
	if r, ok := sportRules[s]; ok {
		return r
	}
	return sportRules[TableSoccer]
}

// DartsSets names the words of darts played in sets of legs, for the
// catalogs' "darts_sets:<text>": its sets are sets, and a set's points the
// legs won in it (darts' own words make a set a leg).
const DartsSets = "darts_sets"

// Words names the words a match of the sport played by cfg is told in, the
// prefix of a catalog's "<words>:<text>": the sport's own, but a darts match
// played in sets of legs (a set won by legs, entered as the legs each side
// won) has DartsSets.
func (s Sport) Words(cfg MatchConfiguration) string {
	if s == Darts && cfg.NumPoints > 1 && !cfg.QuickEntry {
		return DartsSets
	}
	return string(s)
}

// DefaultFormat is the format a stage of the sport is played with when
// nothing else is said: the first of its table.
func (s Sport) DefaultFormat() MatchFormat { return s.Rules().Formats[0] }

// Format returns the sport's format of that id.
func (s Sport) Format(id string) (MatchFormat, bool) {
	for _, f := range s.Rules().Formats {
		if f.ID == id {
			return f, true
		}
	}
	return MatchFormat{}, false
}

// FormatOf returns the sport's format that plays as cfg does (its name aside).
func (s Sport) FormatOf(cfg MatchConfiguration) (MatchFormat, bool) {
	cfg.Name, cfg.pastPoints = "", false
	for _, f := range s.Rules().Formats {
		if f.Config == cfg {
			return f, true
		}
	}
	return MatchFormat{}, false
}

// formatSport is the sport a format id belongs to.
func formatSport(id string) (Sport, bool) {
	for _, s := range Sports {
		if _, ok := s.Format(id); ok {
			return s, true
		}
	}
	return "", false
}

// config is the format's configuration as a group keeps it: named.
func (f MatchFormat) config() MatchConfiguration {
	c := f.Config
	c.Name = f.Name
	return c
}

// ForSport makes the setup's matches the sport's: a stage that names a
// format is played by it, and one that says nothing of its match (no
// format, no matchConfiguration) by the sport's default format. It reports
// a format of another sport, and a stage that names a format and gives a
// matchConfiguration too.
func (s *Setup) ForSport(sport Sport) Problems {
	var ps Problems
	for i := range s.Disciplines {
		for k := range s.Disciplines[i].Stages {
			st := &s.Disciplines[i].Stages[k]
			p := fmt.Sprintf("disciplines[%d].stages[%d].format", i, k)
			switch f, ok := sport.Format(st.Format); {
			case st.Format == "" && st.MatchConfiguration == (MatchConfiguration{}):
				st.MatchConfiguration = sport.DefaultFormat().config()
			case st.Format == "":
			case !ok:
				if other, known := formatSport(st.Format); known {
					ps.add(p, "%s is a format of %s; a %s tournament plays %s", st.Format, other, sport, formatIDs(sport))
				}
			case st.MatchConfiguration != (MatchConfiguration{}) && st.MatchConfiguration != f.config():
				ps.add(p, "give either format or matchConfiguration, not both")
			default:
				st.MatchConfiguration = f.config()
			}
		}
	}
	return ps
}

// formatIDs lists the sport's format ids.
func formatIDs(sport Sport) string {
	fs := sport.Rules().Formats
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	return list(ids)
}

// allFormatIDs lists every sport's format ids.
func allFormatIDs() []string {
	var ids []string
	for _, s := range Sports {
		for _, f := range s.Rules().Formats {
			ids = append(ids, f.ID)
		}
	}
	return ids
}
