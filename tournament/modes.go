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
// below is the one place that says it; code elsewhere asks it rather than
// switching on the mode.
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
)

// log2Rounds is the usual length of a Swiss system: enough rounds for one unbeaten entry.
func log2Rounds(n int) int { return max(1, bits.Len(uint(max(n-1, 1)))) }

// everyoneOnce plays until everyone could have met everyone once.
func everyoneOnce(n int) int { return max(1, n-1) }

var modeRules = map[Mode]Rules{
	RoundRobin:        {Making: Scheduled, Draws: true, Skip: true, Columns: tableColumns},
	SnakeDraw:         {Making: Scheduled, Draws: true, Skip: true, Columns: tableColumns},
	Swiss:             {Making: Paired, Draws: true, Skip: true, Columns: swissColumns, Pair: pairSwiss, Rounds: log2Rounds},
	DutchSystem:       {Making: Paired, Draws: true, Skip: true, Columns: swissColumns, Pair: pairSwiss, Rounds: log2Rounds},
	MonsterDYP:        {Making: Paired, Draws: true, Skip: true, Columns: dypColumns, Pair: pairPlayers, Rounds: everyoneOnce},
	Whist:             {Making: Paired, Draws: true, Skip: true, Columns: tableColumns, Pair: pairPlayers, Rounds: everyoneOnce},
	Rounds:            {Making: Paired, Draws: true, Skip: true, Columns: tableColumns, Pair: pairRounds, Rounds: log2Rounds},
	LastOneStanding:   {Making: Paired, Skip: true, Columns: livesColumns, Pair: pairLives, Lives: true},
	Elimination:       {Making: Tree, Columns: treeColumns},
	DoubleElimination: {Making: Tree, Columns: treeColumns},
	// lord_have_mercy is an elimination tree in which a team may play a player short (spec 2.3).
	LordHaveMercy: {Making: Tree, Columns: []string{"matches", "matchesWon", "matchesLost", "lives", "setsWon", "goals", "goalsDiff"}, Lives: true},
}

// Rules returns what the engine needs to know of the mode.
func (m Mode) Rules() Rules { return modeRules[m] }

// IsBracket reports whether the mode is played as a knock-out tree.
func (m Mode) IsBracket() bool { return modeRules[m].Making == Tree }

// HasLives reports whether entries of the mode carry lives that count down.
func (m Mode) HasLives() bool { return modeRules[m].Lives }
