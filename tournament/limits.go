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

// Limits of following a tournament that runs elsewhere.
const (
	// MaxUpstreamAnswerBytes bounds what one upstream answer may hold.
	MaxUpstreamAnswerBytes = 32 << 20
)

// Limits of an organizer's accounts.
const (
	// MaxHelpers bounds the desk helpers' logins an organizer keeps at once.
	MaxHelpers = 50
	// MaxAccountNameLength bounds an organizer's or a helper's name as typed in a form.
	MaxAccountNameLength = 80
)
