package upstream

// part is a kind of part of a followed tournament's copy; each is one GET upstream.
type part uint8

// The parts, in the order their reads go when due alike (see rank).
const (
	partCourts            part = iota // the courts with their current matches
	partRecord                        // the tournament record: structure and states
	partMatch                         // one match
	partDiscipline                    // every match of a discipline
	partStandings                     // a group's table
	partDisciplineEntries             // a discipline's entries
	partGroupEntries                  // a group's entries
)

// item is one read a syncer plans: a part, and the match, discipline or
// group it is about ("" for the courts and the record).
type item struct {
	part part
	id   string
}

// The items of which a copy has one.
var (
	courtsItem = item{part: partCourts}
	recordItem = item{part: partRecord}
)

func matchItem(id string) item             { return item{partMatch, id} }
func disciplineItem(id string) item        { return item{partDiscipline, id} }
func standingsItem(groupID string) item    { return item{partStandings, groupID} }
func disciplineEntriesItem(id string) item { return item{partDisciplineEntries, id} }
func groupEntriesItem(groupID string) item { return item{partGroupEntries, groupID} }

// partNames are the parts as the items' names begin.
var partNames = [...]string{partCourts: "courts", partRecord: "t", partMatch: "m:", partDiscipline: "d:", partStandings: "s:",
	partDisciplineEntries: "de:", partGroupEntries: "ge:"}

// String names the item: its part, and its id after the part's colon. Items
// due alike are read in the order of their names within a rank.
func (it item) String() string { return partNames[it.part] + it.id }

// entries reports whether the item is an entry list.
func (it item) entries() bool { return it.part == partDisciplineEntries || it.part == partGroupEntries }

// rank orders items due alike: matches, the courts, the record, the lists,
// the tables, the entries.
func (it item) rank() int {
	switch it.part {
	case partMatch:
		return 0
	case partCourts:
		return 1
	case partRecord:
		return 2
	case partDiscipline:
		return 3 // before the tables: a list that shows a result asks for its table anyway
	case partStandings:
		return 4
	}
	return 5
}

// What webhook calls say changed is noted in Redis as words, for whichever
// instance syncs the tournament (cache.Store.MarkChanged); the syncer turns
// them into items (syncer.mark).
const (
	wordMatch        = "m:"   // + match id: the match changed
	wordStandings    = "s:"   // + group id: the group's table changed
	wordRecord       = "t"    // the tournament record changed
	wordAll          = "all"  // reload everything
	wordEntries      = "e"    // every entry list
	wordCourt        = "c:"   // + court id: what the court shows changed
	wordOnCourt      = "cm:"  // + id of a match a court shows now
	wordAllStandings = "s"    // every running group's table
	wordHook         = "hook" // calls come, so polling can slow down
)
