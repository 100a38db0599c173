package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// TimeLayout is the spec's timestamp: ISO 8601, UTC, milliseconds.
const TimeLayout = "2006-01-02T15:04:05.000Z"

// Time is an instant that reads and writes as a spec timestamp.
// Its zero value is "not set"; tag fields `omitzero` to leave it out.
type Time struct{ time.Time }

// At returns t as a Time, truncated to milliseconds like the wire form.
func At(t time.Time) Time { return Time{t.UTC().Truncate(time.Millisecond)} }

// MarshalJSON writes the spec's timestamp form.
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte(`"` + t.UTC().Format(TimeLayout) + `"`), nil
}

// UnmarshalJSON reads any RFC 3339 timestamp.
func (t *Time) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*t = Time{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("timestamp %s is not a string", b)
	}
	v, err := time.Parse(time.RFC3339Nano, string(b[1:len(b)-1]))
	if err != nil {
		return err
	}
	*t = At(v)
	return nil
}

// Organizer runs tournaments and shares some of them on its result page.
type Organizer struct {
	ID    string `json:"id"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Sport Sport  `json:"sport"`
}

// Tournament is the stored form of a tournament: the spec's fields plus who owns
// it, whether its result page shares it, its courts and the layout of its groups.
type Tournament struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	StartTime   Time   `json:"startTime"`
	EndTime     Time   `json:"endTime"`
	State       State  `json:"state"`
	OrganizerID string `json:"organizerId"`
	Public      bool   `json:"public"`
	// Rev counts the changes to this record; a write names the Rev it was computed from.
	Rev         int          `json:"rev,omitempty"`
	Disciplines []Discipline `json:"disciplines"`
	Courts      []Court      `json:"courts"`
	AutoCall    bool         `json:"autoCall,omitempty"` // a free court gets the next open match by itself
	// CallingPaused holds automatic calling (a lunch break): AutoCall stays
	// the tournament's way, and resuming calls free courts at once.
	CallingPaused bool `json:"callingPaused,omitempty"`
	CheckIn       bool `json:"checkIn,omitempty"` // entries are checked in before the start
	// Reporting says who enters results (see Reportings); "" is the desk.
	Reporting Reporting `json:"reporting,omitempty"`
	// PlayersLive lets the players at a court save live scores from the court page.
	PlayersLive bool `json:"playersLive,omitempty"`
	// TimeZone is the venue's time zone (an IANA name); UTC when empty.
	TimeZone string `json:"timeZone,omitempty"`
	// Mirror is set when the tournament runs elsewhere and Courtside follows it.
	Mirror *Mirror `json:"mirror,omitempty"`
}

// Discipline is a category inside a tournament, such as a singles or a doubles event.
type Discipline struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	ShortName string    `json:"shortName"`
	EntryType EntryType `json:"entryType"`
	Stages    []Stage   `json:"stages"`
	EntryIDs  []string  `json:"entryIds"`
	Withdrawn []string  `json:"withdrawn,omitempty"` // entries that left after the start
	CheckedIn []string  `json:"checkedIn,omitempty"` // entries present at the check-in, before the start
	// ExpectedMinutes is how long the director expects a match to take; the
	// estimates use it until matches played out teach them (MatchDuration).
	ExpectedMinutes int `json:"expectedMinutes,omitempty"`
}

// Stage is a phase of a discipline, such as the preliminary or the elimination round.
type Stage struct {
	ID      string     `json:"id"`
	Name    string     `json:"name"`
	State   PhaseState `json:"state"`
	Groups  []Group    `json:"groups"`
	Qualify int        `json:"qualify,omitempty"` // how many entries this stage takes from the previous stage's standings
	// DrawBy is who publishes the stage's draw from the stage before: the
	// engine at once (empty), or the director (DrawByDirector), who sees the
	// Proposal first and may swap entries in it.
	DrawBy string `json:"drawBy,omitempty"`
	// Proposal is the draw waiting for the director: entry ids in seed order.
	Proposal []string `json:"proposal,omitempty"`
	// Drawn is the engine's draw the Proposal started from, before the
	// director's swaps: while the engine would draw the same again (a
	// correction that leaves every qualifier's group and place), the swaps stay.
	Drawn []string `json:"drawn,omitempty"`
}

// Group is a pool or a tree inside a stage.
type Group struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Mode    Mode         `json:"tournamentMode"`
	State   PhaseState   `json:"state"`
	Options GroupOptions `json:"options"`
	Rounds  []Round      `json:"rounds"`
	// EntryIDs are the entries (players in individual modes, teams otherwise) the group ranks.
	EntryIDs []string `json:"entryIds"`
	// Encounters names the encounters of one match in league modes (Single, Double, Single);
	// empty means one encounter per match.
	Encounters []string `json:"encounters,omitempty"`
	// Lives is what every entry starts with in last_one_standing.
	Lives int `json:"lives,omitempty"`
	// Standings of a followed tournament are the table as its source ranks it;
	// nil for a group Courtside ranks itself.
	Standings        []Standing `json:"standings,omitempty"`
	Scoring          *Scoring   `json:"scoring,omitempty"` // nil: a win is 2, a draw 1, a bye counts as a win
	DoubleRoundRobin bool       `json:"doubleRoundRobin,omitempty"`
	TieBreaks        []string   `json:"tieBreaks,omitempty"` // order of tie-breaks; nil: the mode's default order
}

// Scoring is what a result is worth in a group's standings.
type Scoring struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Bye  int `json:"bye"`
}

// GroupOptions are the spec's group options.
type GroupOptions struct {
	EliminationThirdPlace bool                 `json:"eliminationThirdPlace"`
	MatchConfigurations   []MatchConfiguration `json:"matchConfigurations"`
	// spec presence: carried by swiss/dutch/monster_dyp/rounds/whist groups
	NumRoundsPlanned int `json:"numRoundsPlanned,omitempty"`
}

// MatchConfiguration says how a match is won.
type MatchConfiguration struct {
	Name       string `json:"name"`
	Draw       bool   `json:"draw"`
	NumPoints  int    `json:"numPoints"`
	NumSets    int    `json:"numSets"`
	TwoAhead   bool   `json:"twoAhead"`
	QuickEntry bool   `json:"quickEntry"`
	// pastPoints says a set is won by reaching numPoints or more at the end
	// of a turn, as a cornhole game is (SportRules.PastPoints): the winner
	// may end past numPoints. It is the sport's rule, not the group's, so
	// it is not stored: Sport.Played sets it.
	pastPoints bool
}

// Round is one round of a group ("Round 3", "Semi-finals").
type Round struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Court is a table, a lane or a board. Which match is on it follows from the matches.
type Court struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Name   string `json:"name"`
	// Closed is a court taken out of play during the day: it is called no
	// more (a match on it plays on); the API lists it as before.
	Closed bool `json:"closed,omitempty"`
}

// Entry is a player or a team. A player's Entries holds the player itself;
// a team's holds its players, any of which may be nil (lord_have_mercy).
type Entry struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Entries []*Entry `json:"entries,omitempty"`
}

// Set is the score of one set: one number per side.
type Set [2]int

// UnmarshalJSON accepts exactly two integers. (Go would otherwise read [7] as
// 7:0 and drop a third number without a word.)
func (s *Set) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 2 {
		return fmt.Errorf("a set is two whole numbers, one per side, not %s", b)
	}
	for i, r := range raw {
		n, err := strconv.Atoi(string(bytes.TrimSpace(r)))
		if err != nil {
			return fmt.Errorf("a set is two whole numbers, one per side, not %s", b)
		}
		s[i] = n
	}
	return nil
}

// Encounters is a result: encounters of sets of scores (spec 2.2).
type Encounters [][]Set

// Slot is a place in a later match that a bracket match sends its winner or loser to.
type Slot struct {
	MatchID string `json:"matchId"`
	Side    int    `json:"side"`
}

// Match is the stored form of a match.
type Match struct {
	ID           string     `json:"id"`
	Entries      [2]*Entry  `json:"entries"`
	State        MatchState `json:"state"`
	Encounters   Encounters `json:"encounters"`
	IsLiveResult bool       `json:"isLiveResult"`
	CourtIDs     []string   `json:"courtIds"`
	StartTime    Time       `json:"startTime,omitzero"`
	EndTime      Time       `json:"endTime,omitzero"`
	DisciplineID string     `json:"disciplineId"`
	StageID      string     `json:"stageId"`
	GroupID      string     `json:"groupId"`
	RoundID      string     `json:"roundId"`
	// Seq orders the matches of one round.
	Seq int `json:"seq"`
	// Config is the index of the group's match configuration the match is played with.
	Config int `json:"config"`
	// Bracket is the part of a knock-out tree the match belongs to (see the Bracket constants).
	Bracket  string `json:"bracket,omitempty"`
	WinnerTo *Slot  `json:"winnerTo,omitempty"`
	LoserTo  *Slot  `json:"loserTo,omitempty"`
	// Rev counts the changes to this match; a write names the Rev it was computed from.
	Rev int `json:"rev,omitempty"`
	// Forfeit says a played match was not played out: ForfeitWalkover,
	// ForfeitRetirement or ForfeitWithdrawal; empty for a match played out.
	// Its result is the walkover result, which pages do not show as a score.
	Forfeit string `json:"forfeit,omitempty"`
}

// Given reports whether the match was given, not played: a walkover or a
// withdrawal's. A retirement was played, up to where it stopped.
func (m *Match) Given() bool { return m.Forfeit == ForfeitWalkover || m.Forfeit == ForfeitWithdrawal }

// How a match ended without being played out (Match.Forfeit).
const (
	ForfeitWalkover   = "walkover"   // one side did not come to play
	ForfeitRetirement = "retirement" // one side gave up during the match
	ForfeitWithdrawal = "withdrawal" // one side had withdrawn from the tournament
)

// The parts of a knock-out tree.
const (
	BracketWinners    = "winners"
	BracketLosers     = "losers"
	BracketFinal      = "final"
	BracketReset      = "reset"
	BracketThirdPlace = "third"
)

// HasResult reports whether a result, live or final, is set.
func (m *Match) HasResult() bool { return len(m.Encounters) > 0 }

// Involves reports whether the entry id plays in m, as an entry or as a player of a team.
func (m *Match) Involves(id string) bool {
	for _, e := range m.Entries {
		if e == nil {
			continue
		}
		if e.ID == id {
			return true
		}
		for _, p := range e.Entries {
			if p != nil && p.ID == id {
				return true
			}
		}
	}
	return false
}

// PlaysOn reports whether m is on the court.
func (m *Match) PlaysOn(courtID string) bool {
	for _, c := range m.CourtIDs {
		if c == courtID {
			return true
		}
	}
	return false
}

// Location is the venue's time zone: the console reads and shows times in it.
func (t *Tournament) Location() *time.Location {
	return VenueLocation(t.TimeZone)
}

// VenueLocation is the time zone an IANA name names; UTC for an empty or
// unknown one (see ValidZone).
func VenueLocation(name string) *time.Location {
	if loc, ok := venueZone(name); ok {
		return loc
	}
	return time.UTC
}

// ValidZone reports whether name is a venue's time zone that browsers know
// too: an IANA name such as Europe/Paris or UTC, at most 64 characters. The
// tz database's names for other uses (posix/…, right/…, localtime,
// posixrules, Factory) and Go's Local (the server's own) are not.
func ValidZone(name string) bool {
	_, ok := venueZone(name)
	return ok
}

// venueZone loads a venue's zone once and keeps it: every time a page shows
// goes through it, and loading one costs ~8 µs and 7 KB.
func venueZone(name string) (*time.Location, bool) {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), true
	}
	switch {
	case name == "" || len(name) > 64 || strings.HasPrefix(name, "posix/") || strings.HasPrefix(name, "right/"):
		return nil, false
	case name == "Local" || name == "localtime" || name == "posixrules" || name == "Factory":
		return nil, false
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	zones.Store(name, loc)
	return loc, true
}

// zones are the venue zones loaded so far, by name (valid names only, so
// bounded by the tz database).
var zones sync.Map

// Players are the player entry ids of a match side: the player, or a team's players.
func (e *Entry) Players() []string {
	if e == nil {
		return nil
	}
	if !e.IsTeam() {
		return []string{e.ID}
	}
	var out []string
	for _, p := range e.Entries {
		if p != nil && p.ID != "" {
			out = append(out, p.ID)
		}
	}
	return out
}
