package tournament

import (
	"fmt"
	"time"
)

// Limits: every count and size that an organizer, a file or an upstream
// chooses is bounded here, so that the worst allowed case stays cheap for
// everyone else sharing the store. docs/operators.md prints this table ("## Limits");
// a refusal names the limit it hit by its Name in Table.

// Limits of a setup, so a file or a form cannot make unbounded work. The
// match limits are what keeps Redis free for everyone: a tournament's writes
// are single atomic scripts and its first read one HGETALL, both costing
// about 5 µs a match on an idle Redis 7 and several times that on a busy
// machine (bench/noisy.sh): MaxDrawnMatches keeps a write, MaxMatches a
// first read, well under 50 ms.
const (
	// MaxSetupEntries bounds the entries of all disciplines together.
	MaxSetupEntries = 1024
	// MaxSetupDisciplines bounds a tournament's disciplines; the console's setup form holds as many.
	MaxSetupDisciplines = 24
	MaxSetupCourts      = 500
	MaxSetupStages      = 8
	MaxTeamPlayers      = 6
	// MaxRoundRobinEntries bounds a round robin (or snake draw) group: its
	// matches grow with the square of its entries, all drawn at the start.
	MaxRoundRobinEntries = 64
	// MaxDrawnMatches bounds the matches one step draws: a stage's start
	// (every round of a round robin, a whole knock-out tree, the first round
	// of the pairing modes) or one round of a pairing mode.
	MaxDrawnMatches = 2048
	// MaxMatches bounds the matches a tournament can come to in all, as its
	// setup says at most (every planned round played, every life lost).
	MaxMatches = 4096
	// MaxRounds bounds the rounds planned in the pairing modes.
	MaxRounds = 99
	// MaxScreens bounds the TV screens the organizer sets up per tournament.
	MaxScreens = 32
	// MaxNameLength bounds every name: tournament, discipline, stage,
	// encounter, court, entry, player, match configuration.
	MaxNameLength = 120
	// MaxDescriptionLength bounds a tournament's description.
	MaxDescriptionLength = 2000
	// MaxScreenMessageLength bounds what a message screen says.
	MaxScreenMessageLength = 200
	// MaxSetupFileBytes bounds a setup file or a setup form with its CSV files.
	MaxSetupFileBytes = 8 << 20
	// MaxImportFileBytes bounds a tournament export read by import.
	MaxImportFileBytes = 64 << 20
	// MaxIDLength bounds an id in an import file (a team of MaxTeamPlayers
	// players joins their ids with "_").
	MaxIDLength = 128
	// AuditCap is how many result writes of one match the audit log keeps,
	// newest first; an import brings at most as many.
	AuditCap = 100

	maxNameLength = MaxNameLength
)

// Limits on a result's size, so a hostile body cannot make work; a league
// match has at most MaxEncounters encounters in its setup too.
const (
	MaxEncounters = 16
	// MaxWonSets is the most sets a setup may ask to win a match with.
	MaxWonSets = 9
	// MaxSets is the longest encounter those allow: best of 2·9−1 = 17.
	MaxSets   = 2*MaxWonSets - 1
	MaxPoints = 999
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
	// MaxUpstreamMatches bounds the matches of one followed tournament: the
	// same as Courtside's own, so its copy's first read stays as cheap.
	MaxUpstreamMatches = MaxMatches
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

// Limits of an organizer's rankings: its player register and its series.
const (
	// MaxRegisteredPlayers bounds an organizer's player register.
	MaxRegisteredPlayers = 20000
	// MaxSeries bounds an organizer's series.
	MaxSeries = 50
	// MaxSeriesParts bounds the tournaments or disciplines a series takes.
	MaxSeriesParts = 100
	// MaxPointsBands bounds the bands of a series' points table.
	MaxPointsBands = 64
	// MaxSeriesPoints bounds the points a place gives.
	MaxSeriesPoints = 100000
)

// Limits of an organizer's accounts.
const (
	// MaxHelpers bounds the desk helpers' logins an organizer keeps at once.
	MaxHelpers = 50
	// MaxAccountNameLength bounds an organizer's or a helper's name as typed in a form.
	MaxAccountNameLength = 80
)

// Quotas of one organizer, and the bounds on what one client may ask for.
// The quotas are each organizer's defaults: an operator may raise (or lower)
// them for one organizer (courtside organizers quota). Together they bound
// the largest organizer, and with it its rankings: at most
// MaxMatchesPerOrganizer rated matches are read and rated when they are
// computed again (bench/noisy.sh measures it).
const (
	// MaxTournamentsPerOrganizer bounds the tournaments an organizer keeps
	// (its own, imported and followed).
	MaxTournamentsPerOrganizer = 200
	// MaxMatchesPerOrganizer bounds the matches an organizer's tournaments
	// may come to: each counts with the most its setup can come to, from its creation.
	MaxMatchesPerOrganizer = 100000
	// MaxStoragePerOrganizer bounds the bytes an organizer's tournaments
	// may take: their records as created, and StoredMatchBytes for each match they may come to.
	MaxStoragePerOrganizer = 256 << 20
	// StoredMatchBytes is what a match is counted as taking in storage: its
	// record with a result, and its share of the audit log and events.
	StoredMatchBytes = 1 << 10
	// MaxWritesPerOrganizer bounds an organizer's writes a minute: results,
	// live scores, console changes and creations, over all its tournaments.
	MaxWritesPerOrganizer = 12000
	// APIRequestsPerKey bounds the GET requests of one API key a minute (spec section 8).
	APIRequestsPerKey = 120
	// MaxFailedSignIns is how many failed sign-ins one address may make
	// within SignInLockoutMinutes before it must wait.
	MaxFailedSignIns = 10
	// SignInLockoutMinutes is the window the failed sign-ins count over.
	SignInLockoutMinutes = 15
	// PublicRequestsPerClient bounds one client address's requests a minute
	// to the public pages that are computed for each request (a search for a
	// player or an organizer, the home page, an organizer's list), which no
	// render cache answers.
	PublicRequestsPerClient = 120
)

// Limits of the live streams (package live) that push changes to pages.
// A stream costs an instance a connection and about 20 KiB; past a limit a
// page is refused its stream and refreshes by polling, as without one.
const (
	// MaxLiveStreamsPerClient bounds one client address's open streams: a
	// venue's Wi-Fi shows every phone and TV in the hall as one address.
	MaxLiveStreamsPerClient = 500
	// MaxLiveStreams bounds the streams one instance keeps open.
	MaxLiveStreams = 20000
)

// The names of the live streams' rows in Table, by which a refusal names them.
const (
	LimitLiveStreamsPerClient = "live pages per client address"
	LimitLiveStreams          = "live pages per instance"
)

// Limits of reporting from the courts (the court pages, /c/{code}). A phone
// is known by a random cookie only, so a fresh cookie makes a new phone:
// each phone's count stands beside its network address's, and no count is a
// court's, so fresh cookies from one address lock out that address and
// nobody else at the court. A check (showing who the result makes the
// winner) writes nothing and counts apart from a report. A helper signed in
// to the console reports for any court of its organizer without them.
const (
	// MaxCourtReportsPerDevice bounds one phone's reports a minute (a match
	// is reported in one or two: a report, maybe a correction).
	MaxCourtReportsPerDevice = 10
	// MaxCourtChecksPerDevice bounds one phone's checks a minute.
	MaxCourtChecksPerDevice = 60
	// MaxCourtReportsPerAddress bounds the reports a minute from one network
	// address: a venue's Wi-Fi shows every phone in the hall as one.
	MaxCourtReportsPerAddress = 60
	// MaxCourtChecksPerAddress bounds the checks a minute from one address.
	MaxCourtChecksPerAddress = 300
)

// Quota is what one organizer may keep and do; DefaultQuota unless an
// operator set it otherwise.
type Quota struct {
	Tournaments int `json:"tournaments"`
	Matches     int `json:"matches"`
	Bytes       int `json:"bytes"`
	Writes      int `json:"writes"`
}

// DefaultQuota is every organizer's quota until an operator changes it.
var DefaultQuota = Quota{Tournaments: MaxTournamentsPerOrganizer, Matches: MaxMatchesPerOrganizer, Bytes: MaxStoragePerOrganizer, Writes: MaxWritesPerOrganizer}

// The names of the quotas' rows in Table, by which a refusal names them.
const (
	LimitTournaments = "tournaments per organizer"
	LimitMatches     = "matches per organizer"
	LimitStorage     = "storage per organizer"
	LimitWrites      = "writes per organizer a minute"
)

// Backups serve writes by itself (BACKUP_EVERY and BACKUP_KEEP choose).
const (
	// DefaultBackupEvery is how often serve writes a backup into the data directory.
	DefaultBackupEvery = time.Hour
	// DefaultBackupsKept is how many of them it keeps, the newest: two days of hours.
	DefaultBackupsKept = 48
	// MaxBackupsKept bounds BACKUP_KEEP: each backup is a whole copy of the data.
	MaxBackupsKept = 1000
)

// Limit is one row of the limits table: the name a refusal calls it by,
// its value, its unit and what it keeps cheap.
type Limit struct {
	Name  string
	Value int
	Unit  string
	Why   string
}

// Table is every limit, as docs/operators.md's "## Limits" prints it.
var Table = []Limit{
	{"entries per tournament", MaxSetupEntries, "entries", "a tournament's entries are written in one step at its creation"},
	{"disciplines per tournament", MaxSetupDisciplines, "disciplines", "the setup form shows every discipline"},
	{"stages per discipline", MaxSetupStages, "stages", "the setup form shows every stage"},
	{"courts per tournament", MaxSetupCourts, "courts", "boards and the console list every court"},
	{"players per team", MaxTeamPlayers, "players", "a team's id joins its players' ids"},
	{"encounters per league match", MaxEncounters, "encounters", "every result carries every encounter"},
	{"entries per round robin group", MaxRoundRobinEntries, "entries", "a round robin draws n·(n−1)/2 matches at its start"},
	{"matches drawn at once", MaxDrawnMatches, "matches", "a start or a round is one atomic write (about 5 µs of Redis a match)"},
	{"matches per tournament", MaxMatches, "matches", "a tournament's first read is one HGETALL (about 1 µs of Redis a match)"},
	{"sets to win a match", MaxWonSets, "sets", "a setup's match format, best of 17 at most"},
	{"sets per encounter", MaxSets, "sets", "a result's size; the longest match a setup allows"},
	{"points per set", MaxPoints, "points", "a result's size"},
	{"rounds per group", MaxRounds, "rounds", "the pairing modes' planned rounds"},
	{"screens per tournament", MaxScreens, "screens", "the screens console lists them all"},
	{"name length", MaxNameLength, "characters", "every name of a tournament, its parts, entries and players"},
	{"description length", MaxDescriptionLength, "characters", "a tournament's description"},
	{"screen message length", MaxScreenMessageLength, "characters", "what a message screen says"},
	{"setup file or form size", MaxSetupFileBytes, "bytes", "a setup file, or the setup form with its CSV files"},
	{"import file size", MaxImportFileBytes, "bytes", "a tournament export read by tournaments import"},
	{"id length in an import", MaxIDLength, "characters", "ids become parts of Redis keys"},
	{"result writes kept per match", AuditCap, "writes", "a match's audit log, and what an import brings of it"},
	{"upstream answer size", MaxUpstreamAnswerBytes, "bytes", "a followed tournament's list of a discipline's matches"},
	{"other upstream answers", MaxUpstreamRecordBytes, "bytes", "a followed tournament's record, courts, entries, tables"},
	{"matches of a followed tournament", MaxUpstreamMatches, "matches", "its copy's first read, as for Courtside's own"},
	{"disciplines of a followed tournament", MaxUpstreamDisciplines, "disciplines", "the copy's record is written in one step"},
	{"groups of a followed tournament", MaxUpstreamGroups, "groups", "the copy's record is written in one step"},
	{"id length from an upstream", MaxUpstreamIDLength, "characters", "ids become parts of Redis keys"},
	{"follows per organizer", MaxFollowsPerOrganizer, "follows", "each follow polls its upstream and writes its copy"},
	{"follow requests at once", MaxFollowLoads, "requests", "a console or command-line follow holds its upstream's answers in memory"},
	{"sync reads at once", MaxSyncReads, "reads", "the sync loop holds its upstream's answers in memory"},
	{"registered players per organizer", MaxRegisteredPlayers, "players", "the register is read in steps of 1,000"},
	{"series per organizer", MaxSeries, "series", "the rankings are computed per organizer"},
	{"tournaments (disciplines) per series", MaxSeriesParts, "parts", "a series table has a column per part"},
	{"bands of a points table", MaxPointsBands, "bands", "a series' points table"},
	{"points for a place", MaxSeriesPoints, "points", "a series' points table"},
	{"helpers' logins per organizer", MaxHelpers, "logins", "the console's Logins page lists them all"},
	{"account name length", MaxAccountNameLength, "characters", "an organizer's or a helper's name"},
	{"backups kept (BACKUP_KEEP; default 48, one an hour)", MaxBackupsKept, "backups", "each is a whole copy of the data in the data directory"},
	{LimitTournaments, MaxTournamentsPerOrganizer, "tournaments", "an organizer's quota (an operator can change it); its index and lists are read whole"},
	{LimitMatches, MaxMatchesPerOrganizer, "matches", "an organizer's quota (an operator can change it); its rankings rate every match, each tournament counted at the most its setup comes to"},
	{LimitStorage, MaxStoragePerOrganizer, "bytes", "an organizer's quota (an operator can change it); records as created, 1 KiB for each match"},
	{LimitWrites, MaxWritesPerOrganizer, "writes", "an organizer's quota (an operator can change it); every result, live score and change, shared by every instance"},
	{"API requests per key a minute", APIRequestsPerKey, "requests", "the GET requests of one API key (spec section 8)"},
	{"failed sign-ins per address", MaxFailedSignIns, "sign-ins", "then the address waits 15 minutes: guessing a token stays hopeless"},
	{"public page requests per client a minute", PublicRequestsPerClient, "requests", "searches and the pages no render cache answers, per client address"},
	{"court reports per phone a minute", MaxCourtReportsPerDevice, "reports", "results sent from one phone's court page; a helper signed in is not counted"},
	{"court checks per phone a minute", MaxCourtChecksPerDevice, "checks", "\"check\" on a court page, which writes nothing, counted apart from reports"},
	{"court reports per address a minute", MaxCourtReportsPerAddress, "reports", "results sent from one network address (a venue's Wi-Fi is one): fresh cookies lock out only their own address"},
	{"court checks per address a minute", MaxCourtChecksPerAddress, "checks", "checks from one network address"},
	{LimitLiveStreamsPerClient, MaxLiveStreamsPerClient, "streams", "pages that receive changes as they happen, per client address (a venue's Wi-Fi is one); past it a page polls every few seconds"},
	{LimitLiveStreams, MaxLiveStreams, "streams", "open streams of one server instance, about 20 KiB each; past it a page polls every few seconds"},
}

// LimitText is a limit's value as docs/operators.md's table prints it: "4096
// matches", "8 MiB".
func LimitText(l Limit) string {
	if l.Unit == "bytes" && l.Value%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", l.Value>>20)
	}
	return fmt.Sprintf("%d %s", l.Value, l.Unit)
}

// LimitNamed returns the limit with the name; it panics for a name the
// table does not have, which the limits test catches.
func LimitNamed(name string) Limit {
	for _, l := range Table {
		if l.Name == name {
			return l
		}
	}
	panic(fmt.Sprintf("tournament: no limit %q", name))
}

// worstMatches is how many matches a group of n entries in the mode draws in
// one step at most (drawn) and comes to in all (total), by the options its
// setup gives; an overestimate is fine, an underestimate is not.
func worstMatches(st *SetupStage, n int) (drawn, total int) {
	half := (n + 1) / 2 // a round pairs everyone; an odd one out gets a bye, kept as a match
	tree := 1
	for tree < n {
		tree *= 2
	}
	rules := st.Mode.Rules()
	switch {
	case rules.Making == Scheduled: // every round at the start
		drawn = n * (n - 1) / 2
		if st.DoubleRoundRobin {
			drawn *= 2
		}
		return drawn, drawn
	case rules.Making == Tree: // the whole tree at the start, twice with a losers bracket
		if rules.Double {
			return 2 * tree, 2 * tree
		}
		return tree, tree
	case rules.Lives:
		// Every match costs its loser a life; a round with an odd number
		// left gives one bye. The lives run out after at most lives·n matches.
		lives := max(st.Lives, 1)
		return half, 2 * lives * n
	}
	rounds := max(st.Rounds, 1)
	return half, rounds * half
}

// largestSetup is a setup of one discipline of n entries in one stage of
// the mode in groups, with the options the mode needs.
func largestSetup(mode Mode, n, groups int) *Setup {
	et := EntrySingle
	if mode.Rules().Setup.players {
		et = EntryMonsterDYP
	}
	st := SetupStage{Name: "Stage", Mode: mode, Groups: groups, MatchConfiguration: MatchConfiguration{NumSets: 1, NumPoints: 7}}
	if mode.Rules().Setup.rounds {
		st.Rounds = 8
	}
	if mode.Rules().Setup.lives {
		st.Lives = 2
	}
	d := SetupDiscipline{Name: "Open", ShortName: "O", EntryType: et, Stages: []SetupStage{st}}
	for i := range n {
		d.Entries = append(d.Entries, SetupEntry{Name: fmt.Sprintf("Player %d", i+1)})
	}
	return &Setup{Organizer: "club", Name: "Big", StartTime: At(time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)),
		Courts: []string{"Court 1"}, Disciplines: []SetupDiscipline{d}}
}

// LargestStarts is, per mode, the largest setup the limits allow: entries
// and groups (one more entry in each group is refused). The store's tests
// and bench/noisy.sh start every one of them.
var LargestStarts = map[Mode][2]int{
	RoundRobin: {MaxRoundRobinEntries, 1}, SnakeDraw: {MaxRoundRobinEntries, 1}, Swiss: {MaxSetupEntries, 1}, DutchSystem: {MaxSetupEntries, 1},
	Rounds: {MaxSetupEntries, 1}, MonsterDYP: {MaxSetupEntries, 1}, Whist: {MaxSetupEntries, 1},
	LastOneStanding: {MaxSetupEntries, 1}, Elimination: {MaxSetupEntries, 1}, DoubleElimination: {MaxSetupEntries, 1},
	LordHaveMercy: {MaxSetupEntries, 1},
}

// LargestSetup is the largest setup of the mode the limits allow (see
// LargestStarts), for the organizer with the slug: one discipline, one stage.
func LargestSetup(mode Mode, organizer string) *Setup {
	size := LargestStarts[mode]
	s := largestSetup(mode, size[0], size[1])
	s.Organizer = organizer
	return s
}
