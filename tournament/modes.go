package tournament

import "math/bits"

// Making says how a mode's rounds come about.
type Making int

// The ways rounds are made.
const (
	// Scheduled modes draw every round when the stage starts (round robin).
	Scheduled Making = iota
	// Tree modes lay out a whole knock-out tree when the stage starts; results move entries on.
	Tree
	// Paired modes pair one round at a time, when the previous one is played.
	Paired
)

// Rules is what the engine and the pages need to know of a mode. The table
// below (modeRules) is the one place that says it, one row per mode: what a
// setup may give it, how its rounds are made and paired, how its standings
// rank and which numbers they show. Code elsewhere asks it rather than
// switching on the mode; a new mode is a new row.
type Rules struct {
	Making Making
	// Draws reports whether a match may end level.
	Draws bool
	// Skip reports whether a match may be skipped (dropped without a result).
	// A knock-out match cannot: someone must go on.
	Skip bool
	// Columns are the standings columns shown, in order (Standing's JSON names).
	Columns []string
	// Pair draws the next round of a Paired mode.
	Pair func(f *field) []matchup
	// Rounds is how many rounds a Paired mode plays when the group plans none (n entries).
	Rounds func(n int) int
	// Lives reports whether entries carry lives and a group ends when one is left.
	Lives bool
	// Double reports whether a Tree mode has a losers bracket (double elimination).
	Double bool
	// Teams says whether a round teams players anew (monster_dyp, whist).
	Teams Teaming
	// Pools says how the mode's entries are dealt into several groups.
	Pools GroupFill
	// Setup is what a setup may give the mode.
	Setup SetupOptions
	// RankBy is what the standings rank by before any tie-break (points when empty).
	RankBy []string
	// TieBreaks are the standings' rules after RankBy when the group sets none.
	// A Tree mode ranks by its places alone, whatever the group sets.
	TieBreaks []string
	// Extra sets the standings numbers only the mode has (see tally.fill).
	Extra func(t *tally, s *table)
}

// Teaming says whether a mode's rounds draw new teams of two from players.
type Teaming int

// The ways of teaming.
const (
	// NoTeams: entries play as they are.
	NoTeams Teaming = iota
	// NewTeams: every round teams the players anew.
	NewTeams
	// NewTeamsOfDYP: players are teamed anew when the discipline's entries are monster_dyp players.
	NewTeamsOfDYP
)

// TeamsPlayers reports whether the mode teams players anew each round in a
// discipline of the entry type.
func (r Rules) TeamsPlayers(et EntryType) bool {
	return r.Teams == NewTeams || r.Teams == NewTeamsOfDYP && et == EntryMonsterDYP
}

// SetupOptions says which setup options a mode takes and what it needs.
type SetupOptions struct {
	rounds     bool // rounds planned
	thirdPlace bool
	lives      bool
	double     bool // double round robin
	table      bool // points and tie-breaks: ranked by a table
	players    bool // ranks players teamed anew each round (monster_dyp entries)
	minEntries int
	// onceEach: no two entries may meet twice, so a group plays at most
	// n-1 rounds (n rounds when n is odd).
	onceEach bool
}

// matchup is one match of a round drawn by Pair: two sides, each of one entry
// or, in the modes that draw teams, of two players; or a bye for one side.
type matchup struct {
	sides [2][]*Entry
	bye   bool
}

var (
	tableColumns = []string{"points", "matches", "matchesWon", "matchesDraw", "matchesLost", "setsWon", "goals", "goalsDiff"}
	swissColumns = append(tableColumns[:len(tableColumns):len(tableColumns)], "bh1", "bh2", "sb")
	treeColumns  = []string{"matches", "matchesWon", "matchesLost", "setsWon", "goals", "goalsDiff"}
	livesColumns = []string{"points", "matches", "matchesWon", "matchesDraw", "matchesLost", "lives", "setsWon", "goals", "goalsDiff"}
	dypColumns   = []string{"points", "matches", "matchesWon", "matchesDraw", "matchesLost", "pointsPerMatch", "correctedPointsPerMatch", "setsWon", "goals", "goalsDiff"}

	// differences break ties after what a mode ranks by.
	differences     = []string{"encounterDiff", "matchesDiff", "setsDiff", "goalsDiff", "goals"}
	tableTieBreaks  = append([]string{HeadToHead}, differences...)
	swissTieBreaks  = append([]string{"bh1", "bh2", "sb", HeadToHead}, differences...)
	pointsTieBreaks = append([]string{"points"}, differences...)
)

// log2Rounds is the usual length of a Swiss system: enough rounds for one unbeaten entry.
func log2Rounds(n int) int { return max(1, bits.Len(uint(max(n-1, 1)))) }

// everyoneOnce plays until everyone could have met everyone once.
func everyoneOnce(n int) int { return max(1, n-1) }

var modeRules = map[Mode]Rules{
	// round_robin and snake_draw play the same groups, everyone against
	// everyone; they differ in how several groups are filled: round_robin
	// draws them by lot from seeding pots, snake_draw deals them by the seeding alone.
	RoundRobin: {Making: Scheduled, Draws: true, Skip: true, Columns: tableColumns, TieBreaks: tableTieBreaks, Pools: ByLot,
		Setup: SetupOptions{double: true, table: true, minEntries: 2}},
	SnakeDraw: {Making: Scheduled, Draws: true, Skip: true, Columns: tableColumns, TieBreaks: tableTieBreaks, Pools: BySnake,
		Setup: SetupOptions{double: true, table: true, minEntries: 2}},
	Swiss: {Making: Paired, Draws: true, Skip: true, Columns: swissColumns, Pair: pairSwiss, Rounds: log2Rounds,
		TieBreaks: swissTieBreaks, Extra: buchholz,
		Setup: SetupOptions{rounds: true, table: true, minEntries: 2, onceEach: true}},
	DutchSystem: {Making: Paired, Draws: true, Skip: true, Columns: swissColumns, Pair: pairDutch, Rounds: log2Rounds,
		TieBreaks: swissTieBreaks, Extra: buchholz,
		Setup: SetupOptions{rounds: true, table: true, minEntries: 2, onceEach: true}},
	MonsterDYP: {Making: Paired, Draws: true, Skip: true, Columns: dypColumns, Pair: pairPlayers, Rounds: everyoneOnce, Teams: NewTeams,
		RankBy: []string{"correctedPointsPerMatch"}, TieBreaks: pointsTieBreaks, Extra: correctedPerMatch,
		Setup: SetupOptions{rounds: true, table: true, players: true, minEntries: 4}},
	// whist plays a whist table (see whistRound) and ranks, as monster_dyp
	// does, by points per match: in the schedules of n ≡ 2 (mod 4) one player
	// never rests, and a round under way or a late entry leaves counts unequal.
	Whist: {Making: Paired, Draws: true, Skip: true, Columns: dypColumns, Pair: pairWhist, Rounds: whistRounds, Teams: NewTeams,
		RankBy: []string{"correctedPointsPerMatch"}, TieBreaks: pointsTieBreaks, Extra: correctedPerMatch,
		Setup: SetupOptions{rounds: true, table: true, players: true, minEntries: 4}},
	Rounds: {Making: Paired, Draws: true, Skip: true, Columns: tableColumns, Pair: pairRounds, Rounds: log2Rounds, Teams: NewTeamsOfDYP,
		TieBreaks: tableTieBreaks,
		Setup:     SetupOptions{rounds: true, table: true, minEntries: 2}},
	LastOneStanding: {Making: Paired, Skip: true, Columns: livesColumns, Pair: pairLives, Lives: true,
		RankBy: []string{"lives", "lastRound"}, TieBreaks: pointsTieBreaks, Extra: livesLeft,
		Setup: SetupOptions{lives: true, minEntries: 2}},
	Elimination: {Making: Tree, Columns: treeColumns, RankBy: []string{"placing"},
		Setup: SetupOptions{thirdPlace: true, minEntries: 2}},
	DoubleElimination: {Making: Tree, Columns: treeColumns, Double: true, RankBy: []string{"placing"},
		Setup: SetupOptions{minEntries: 3}},
	// lord_have_mercy is an elimination tree in which a team may play a
	// player short (spec 2.3: a team's player may be null): out at the
	// first loss, so it takes no lives; a match for third place, as elimination.
	LordHaveMercy: {Making: Tree, Columns: treeColumns, RankBy: []string{"placing"},
		Setup: SetupOptions{thirdPlace: true, minEntries: 2}},
}

// Rules returns what the engine needs to know of the mode.
func (m Mode) Rules() Rules { return modeRules[m] }

// IsBracket reports whether the mode is played as a knock-out tree.
func (m Mode) IsBracket() bool { return modeRules[m].Making == Tree }

// HasLives reports whether entries of the mode carry lives that count down.
func (m Mode) HasLives() bool { return modeRules[m].Lives }
