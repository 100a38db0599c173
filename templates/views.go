package templates

import (
	"courtside/tournament"
)

// EntryView is one side of a match, or one row's entry: linked to its page.
// An empty Name means the side is not known yet; Placeholder says what will
// fill it ("Winner of match 5"), Short says it in a bracket's few letters ("W5").
type EntryView struct {
	ID          string
	Name        string
	Href        string
	Placeholder string
	Short       string
}

// MatchView is a match as lists, cards and brackets show it.
type MatchView struct {
	ID     string
	Href   string
	State  tournament.MatchState
	Sides  [2]EntryView
	Score  *[2]int
	Sets   [][]tournament.Set
	Winner int
	Live   bool
	Courts []string
	Start  tournament.Time
	End    tournament.Time
	// Zone is the venue's: Start, End and Estimate are read in it.
	Zone    Zone
	Context string // discipline · group · round, where the page does not say it already
	// Estimate is when a match not yet called is expected to start; zero when nothing can be said.
	Estimate tournament.Time
	// Number is a knock-out match's number (0: none); Bye says nobody plays it.
	Number int
	Bye    bool
	// Who are the ids of both sides and their players: a follower's page notices them.
	Who []string
	// Reported is a running match's result as one side reported it from the
	// court, waiting for the other ("7:5"); Disputed: the two sides reported differently.
	Reported string
	Disputed bool
	// Forfeit says, in the reader's words, how a match ended without being
	// played out ("walkover", "withdrawal"); it then has no score or sets.
	Forfeit string
	// Words are the words its score is told in (tournament.Sport.Words, for WithWords).
	Words string
}

// Column is a standings column.
type Column struct {
	Label string
	Title string
	// Decider marks the column that decides between equal points.
	Decider bool
}

// StandingRow is one row of a standings table.
type StandingRow struct {
	Rank  string
	Entry EntryView
	Cells []string
	Note  string
	// Out marks an entry with no life left (last one standing): out of the game.
	Out bool
}

// StandingsView is a group's table with the columns its mode uses.
type StandingsView struct {
	// Name is the group's, which tells its table from another's on one page.
	Name    string
	Columns []Column
	// Qualify is how many places of the table go on to Next, the next stage
	// (0: none); the table draws a line below them.
	Qualify int
	Next    string
	Rows    []StandingRow
}

// RoundView is one round of matches.
type RoundView struct {
	Name    string
	Current bool // the first round with a match still to play
	Matches []MatchView
}

// BracketView is a knock-out tree in its parts (winners, losers, finals),
// and its winner once the final is played.
type BracketView struct {
	Sections []BracketSection
	Champion *EntryView
	Decider  string // the id of the match that crowned the champion
}

// BracketSection is one part of a tree, drawn left to right.
type BracketSection struct {
	Title  string
	Part   string // the part of the tree it starts with: winners, losers or final (tournament.Bracket…)
	Rounds []BracketRound
}

// BracketRound is a column of the tree. Paired says its matches feed the next
// round two by two (drawn with joining connectors); otherwise one by one.
type BracketRound struct {
	Name    string
	Paired  bool
	Last    bool
	Matches []MatchView
}

// CrossTable is a round robin's results, each entry against each, in the
// order of the group's table. Cells[i][j] is i's score against j; the
// diagonal is empty.
type CrossTable struct {
	Entries []EntryView
	Cells   [][]string
}
