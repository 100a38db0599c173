package tournament

// Limits: every count and size that an organizer, a file or an upstream
// chooses is bounded here, so that the worst allowed case stays cheap for
// everyone else sharing the store. The README prints this table.

// Limits of a setup, so a file cannot make unbounded work.
const (
	MaxSetupEntries = 4096
	MaxSetupCourts  = 500
	MaxSetupStages  = 8
	MaxTeamPlayers  = 6
	maxNameLength   = 120
)

// Limits of following a tournament that runs elsewhere. An upstream answer
// larger than its bound, or holding more than a count allows, is refused
// whole: nothing of it is written.
const (
	// MaxUpstreamAnswerBytes bounds the largest upstream answer, a
	// discipline's list of matches (MaxUpstreamMatches of them).
	MaxUpstreamAnswerBytes = 16 << 20
	// MaxUpstreamRecordBytes bounds the other answers: the tournament record,
	// the courts, an entry list, a table, one match, the token's tournaments.
	MaxUpstreamRecordBytes = 4 << 20
	// MaxUpstreamMatches bounds the matches of one followed tournament.
	MaxUpstreamMatches = 20000
	// MaxUpstreamDisciplines bounds the disciplines of a followed tournament.
	MaxUpstreamDisciplines = 64
	// MaxUpstreamGroups bounds the groups of a followed tournament.
	MaxUpstreamGroups = 512
	// MaxUpstreamConfigurations bounds a group's match configurations.
	MaxUpstreamConfigurations = 16
	// MaxUpstreamIDLength bounds an id the upstream names (a fixed team's id
	// joins its players' ids with "_").
	MaxUpstreamIDLength = 160
	// MaxUpstreamNameLength bounds every name the upstream sends (the same as
	// a setup's names); longer names are cut.
	MaxUpstreamNameLength = 120
	// MaxUpstreamDescriptionLength bounds a followed tournament's description
	// (the same as a setup's); a longer one is cut.
	MaxUpstreamDescriptionLength = 2000
	// MaxFollowsPerOrganizer bounds the tournaments one organizer follows.
	MaxFollowsPerOrganizer = 20
	// MaxFollowLoads bounds how many follow requests of the console and the
	// command line (listing a token's tournaments, a first load) run at once
	// on one instance; more are refused as busy.
	MaxFollowLoads = 4
	// MaxSyncReads bounds how many reads of the sync loop run at once on one
	// instance; more wait for their turn.
	MaxSyncReads = 8
)
