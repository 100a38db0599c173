package upstream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"courtside/cache"
	"courtside/record"
	"courtside/tournament"
)

const (
	// followUp is how soon what a webhook call names is read: the rest of a burst arrives meanwhile.
	followUp = 300 * time.Millisecond
	// moveOn is how soon what a result moves on (table, states, next matches) is read when
	// polling found it: results that come close together share the reads.
	moveOn = 2 * time.Second
	// courtsGap is the least time between two reads of the courts, however many calls ask.
	courtsGap = 2 * time.Second
	// listGap is the least time between two reads of the record, a list or a table.
	listGap = 3 * time.Second
)

// Intervals say how often each part of a followed tournament is read when
// nothing tells that it changed. While webhook calls come (one in the last
// ten minutes), polling is only a safety net and runs at the slower pace.
type Intervals struct {
	// Courts is how often the courts are read while the tournament runs; the
	// spec asks for no more than every few seconds.
	Courts time.Duration
	// Rest is how often the tournament record and the match lists are read while it runs.
	Rest time.Duration
	// Hooked is the pace of the record and the lists while webhook calls come.
	Hooked time.Duration
	// Safety is the pace of the courts while webhook calls come: how soon an
	// upstream gone quiet is noticed (and the copy marked stale).
	Safety time.Duration
	// Idle is the pace of everything while the tournament does not run, and of the entries.
	Idle time.Duration
}

// DefaultIntervals suit a budget of 60 GET a minute: polling, the courts take
// 15, the lists and tables about 6, and a finished match 3 (its discipline's
// list, its table and the record, shared by results that come close together).
var DefaultIntervals = Intervals{Courts: 4 * time.Second, Rest: 2 * time.Minute, Hooked: 5 * time.Minute, Safety: 15 * time.Second, Idle: 10 * time.Minute}

// hookedFor is how long after a webhook call polling stays at the slow pace.
const hookedFor = 10 * time.Minute

// syncer keeps one followed tournament current. One instance at a time runs
// it (the follow's lease); its schedule lives in memory, the copy in Redis.
type syncer struct {
	f     record.Follow
	c     *Client
	store *cache.Store
	log   *slog.Logger
	now   func() time.Time
	every Intervals
	wake  chan struct{}

	due       map[item]time.Time
	lastRead  map[item]time.Time // when each item was last read
	asked     map[item]bool      // items a change asked for (soon), not due by their pace alone
	pollAfter time.Time          // no poll before: the budget's polling share is used until then
	hooked    time.Time          // last webhook call seen
	lastGood  time.Time          // last answer from upstream
	behind    map[string]bool    // groups the record was behind their matches when last read
}

func (w *syncer) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run syncs until ctx ends. Failures back off from a second to half a minute
// and are noted in the follow's status; the copy keeps serving meanwhile.
func (w *syncer) run(ctx context.Context) {
	backoff := time.Second
	for ctx.Err() == nil {
		err := w.step(ctx)
		if err == nil {
			backoff = time.Second
			continue
		}
		if ctx.Err() != nil {
			return
		}
		w.failed(ctx, err)
		select {
		case <-ctx.Done():
		case <-w.wake: // a webhook call: the upstream is back
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}

// failed notes the error, and the copy says since when it is not kept
// current (the upstream down, or refusing the key).
func (w *syncer) failed(ctx context.Context, err error) {
	w.log.Warn("upstream: sync", "tournament", w.f.ID, "err", err)
	_ = w.store.NoteFollowError(ctx, w.f.ID, w.now(), Reason(err))
	snap, serr := w.store.Snapshot(ctx, w.f.ID)
	if serr != nil {
		return
	}
	m := snap.Tournament.Mirror
	if m != nil && !m.Down.IsZero() && w.now().Sub(m.Down.Time) < time.Minute {
		return
	}
	st := stateOf(snap)
	st.t.Mirror = &tournament.Mirror{Source: w.f.Upstream, Synced: tournament.At(w.lastGood), Down: tournament.At(w.now())}
	if m != nil && (w.lastGood.IsZero() || m.Synced.After(w.lastGood)) {
		st.t.Mirror.Synced = m.Synced
	}
	if err := w.write(ctx, snap, st); err != nil {
		w.log.Warn("upstream: mark stale", "tournament", w.f.ID, "err", err)
	}
}

// step does one thing: loads the copy whole when there is none, or reads the
// most urgent part that is due, or waits for one to fall due or a webhook call.
func (w *syncer) step(ctx context.Context) error {
	snap, err := w.store.Snapshot(ctx, w.f.ID)
	if errors.Is(err, cache.ErrNotFound) {
		return w.load(ctx)
	}
	if err != nil {
		return err
	}
	if w.due == nil {
		w.schedule(snap)
	}
	words, err := w.store.TakeChanged(ctx, w.f.ID)
	if err != nil {
		return err
	}
	w.mark(snap, words)
	it, at := w.next()
	if wait := at.Sub(w.now()); wait > 0 {
		select {
		case <-ctx.Done():
		case <-w.wake:
			// Calls come in bursts: let the rest of this one arrive before reading.
			select {
			case <-ctx.Done():
			case <-time.After(followUp / 2):
			}
		case <-time.After(wait):
		}
		return nil
	}
	if !w.asked[it] && w.now().Before(w.pollAfter) {
		w.due[it] = w.pollAfter // the polling share is used: no poll asks again before it frees up
		return nil
	}
	err = w.read(ctx, snap, it)
	if full := (*budgetFull)(nil); errors.As(err, &full) {
		// A poll waits for its share; what changes ask for goes first.
		w.pollAfter = w.now().Add(full.wait)
		w.due[it] = w.pollAfter
		return nil
	}
	return err
}

// schedule plans every part: the courts and the record now, the lists and
// tables spread over the next round of reads, the group entries, which
// seldom change, over the round after. A syncer that just took over catches
// up at once with what is on the courts and with the rest within the budget;
// one that starts on a copy loaded just now leaves the lists a round later.
func (w *syncer) schedule(snap *tournament.Snapshot) {
	now := w.now()
	w.due = map[item]time.Time{courtsItem: now.Add(-time.Second), recordItem: now}
	w.lastRead = map[item]time.Time{}
	w.asked = map[item]bool{}
	from := now
	if m := snap.Tournament.Mirror; m != nil && now.Sub(m.Synced.Time) < w.every.Rest {
		w.due[recordItem] = now.Add(w.every.Rest)
		from = now.Add(w.every.Rest)
	}
	st := stateOf(snap)
	var lists, entries []item
	for _, d := range st.t.Disciplines {
		lists = append(lists, disciplineItem(d.ID))
		w.due[disciplineEntriesItem(d.ID)] = now.Add(w.every.Idle)
	}
	for _, g := range st.groups() {
		lists = append(lists, standingsItem(g.ID))
		entries = append(entries, groupEntriesItem(g.ID))
	}
	spread(w.due, lists, from, w.every.Rest)
	spread(w.due, entries, from.Add(w.every.Rest), w.every.Rest)
}

// spread makes items due one after the other over the span from from on.
func spread(due map[item]time.Time, items []item, from time.Time, span time.Duration) {
	for i, it := range items {
		due[it] = from.Add(span * time.Duration(i+1) / time.Duration(len(items)+1))
	}
}

// soon makes it due at the latest after d, but no sooner than its gap
// after its last read: however many calls or results ask, the courts are read
// at most every courtsGap, a list or table every listGap. A change asked for
// it, so its read may use the whole budget.
func (w *syncer) soon(it item, d time.Duration) {
	w.asked[it] = true
	at := w.now().Add(d)
	gap := listGap
	switch it.part {
	case partCourts:
		gap = courtsGap
	case partMatch:
		gap = 0
	}
	if last := w.lastRead[it]; at.Before(last.Add(gap)) {
		at = last.Add(gap)
	}
	if cur, ok := w.due[it]; !ok || at.Before(cur) {
		w.due[it] = at
	}
}

// mark turns what webhook calls said into reads: a live score or a match on
// a court is one read of the courts, however many matches it concerns.
func (w *syncer) mark(snap *tournament.Snapshot, words []string) {
	onCourt := map[string]bool{}
	for _, word := range words {
		if id, ok := strings.CutPrefix(word, wordOnCourt); ok {
			onCourt[id] = true
		}
	}
	w.markMatches(snap, words, onCourt)
	for _, word := range words {
		switch {
		case word == wordHook:
			w.hooked = w.now()
		case word == wordAll:
			w.schedule(snap)
		case word == wordEntries:
			for it := range w.due {
				if it.entries() {
					w.soon(it, followUp)
				}
			}
		case word == wordAllStandings:
			for _, g := range stateOf(snap).groups() {
				if g.State == tournament.PhaseRunning {
					w.soon(standingsItem(g.ID), followUp)
				}
			}
		case strings.HasPrefix(word, wordCourt), strings.HasPrefix(word, wordOnCourt):
			w.soon(courtsItem, followUp)
		case word == wordRecord:
			w.soon(recordItem, followUp)
		case strings.HasPrefix(word, wordStandings):
			w.soon(standingsItem(strings.TrimPrefix(word, wordStandings)), followUp)
		}
	}
}

// markMatches turns the matches calls named into reads. Matches on a court
// are one read of the courts; matches off the courts are read one by one,
// unless a discipline has several: then its list, one read for them all;
// several the copy does not know yet (a new round) are in the lists of the
// disciplines under way.
func (w *syncer) markMatches(snap *tournament.Snapshot, words []string, onCourt map[string]bool) {
	offCourt := map[string][]item{} // discipline ("" unknown) → match items
	for _, word := range words {
		id, ok := strings.CutPrefix(word, wordMatch)
		if !ok {
			continue
		}
		m, known := snap.Match(id)
		switch {
		case onCourt[id] || known && m.State == tournament.MatchRunning && len(m.CourtIDs) > 0:
			w.soon(courtsItem, followUp)
		case known:
			offCourt[m.DisciplineID] = append(offCourt[m.DisciplineID], matchItem(id))
		default:
			offCourt[""] = append(offCourt[""], matchItem(id))
		}
	}
	for did, items := range offCourt {
		switch {
		case len(items) == 1:
			w.soon(items[0], followUp)
		case did != "":
			w.soon(disciplineItem(did), followUp)
		default:
			for _, d := range snap.Tournament.Disciplines {
				if underWay(d) {
					w.soon(disciplineItem(d.ID), followUp)
				}
			}
		}
	}
}

// underWay reports whether a discipline has a stage that is not finished.
func underWay(d tournament.Discipline) bool {
	for _, st := range d.Stages {
		if st.State != tournament.PhaseFinished {
			return true
		}
	}
	return false
}

// next is the item due first; matches and the courts go before the rest when due alike.
func (w *syncer) next() (item, time.Time) {
	var first item
	var at time.Time
	found := false
	for it, t := range w.due {
		if !found || t.Before(at) || (t.Equal(at) && it.rank() < first.rank()) || (t.Equal(at) && it.rank() == first.rank() && it.String() < first.String()) {
			first, at, found = it, t, true
		}
	}
	now := w.now()
	if !at.Before(now) || now.Sub(at) > starving {
		return first, at // nothing overdue yet; or the oldest overdue waited too long: it goes first
	}
	// Overdue go by rank, so a backlog of lists never holds up the courts (for long).
	for it, t := range w.due {
		if !t.After(now) && (it.rank() < first.rank() || (it.rank() == first.rank() && t.Before(at))) {
			first, at = it, t
		}
	}
	return first, at
}

// starving is how long an overdue read may wait for ones of higher rank.
const starving = 10 * time.Second

// pace is how long until it is read again.
func (w *syncer) pace(st *state, it item) time.Duration {
	running := st.t.State == tournament.StateRunning
	switch {
	case !running || it.entries():
		return w.every.Idle
	case w.isHooked() && it == courtsItem:
		return w.every.Safety
	case w.isHooked():
		return w.every.Hooked
	case it == courtsItem:
		return w.every.Courts
	case it.part == partStandings:
		if g, _ := st.group(it.id); g == nil || g.State != tournament.PhaseRunning {
			return w.every.Idle
		}
		return 2 * w.every.Rest
	}
	return w.every.Rest
}

// isHooked reports whether webhook calls come (one in the last hookedFor).
func (w *syncer) isHooked() bool { return !w.hooked.IsZero() && w.now().Sub(w.hooked) < hookedFor }

// read reads one item upstream, merges it into the copy and writes what
// changed: the part's own step, then what every read does (settle).
func (w *syncer) read(ctx context.Context, snap *tournament.Snapshot, it item) error {
	st := stateOf(snap)
	if !w.asked[it] {
		ctx = polling(ctx)
	}
	var merged bool
	var err error
	switch it.part {
	case partCourts:
		merged, err = w.readCourts(ctx, st)
	case partRecord:
		merged, err = w.readRecord(ctx, st)
	case partMatch:
		merged, err = w.readMatch(ctx, st, it)
	case partDiscipline:
		merged, err = w.readDiscipline(ctx, st, it.id)
	case partStandings:
		merged, err = w.readStandings(ctx, st, it.id)
	case partDisciplineEntries:
		merged, err = w.readDisciplineEntries(ctx, st, it.id)
	case partGroupEntries:
		merged, err = w.readGroupEntries(ctx, st, it.id)
	}
	if err != nil || !merged {
		return err
	}
	return w.settle(ctx, snap, st, it)
}

// readCourts reads the courts: the matches they show that the copy does not
// know are read, and those that left a court move on what they finished.
func (w *syncer) readCourts(ctx context.Context, st *state) (bool, error) {
	cs, err := w.c.Courts(ctx, w.f.ID)
	if err != nil {
		return false, err
	}
	left, unknown, err := st.setCourts(cs)
	if err != nil {
		return false, err
	}
	for _, mid := range unknown {
		w.soon(matchItem(mid), 0)
	}
	for _, mid := range left {
		m := st.matches[mid]
		if w.isHooked() {
			w.soon(matchItem(mid), 0) // its own call may be on the way; reading it is cheaper than waiting
			continue
		}
		// Finished or moved: the discipline's list has it and the matches it moved on; the table follows.
		w.soon(disciplineItem(m.DisciplineID), moveOn)
		w.soon(standingsItem(m.GroupID), moveOn)
	}
	return true, nil
}

// readRecord reads the tournament record: groups that moved have their
// tables and entries read, new groups and disciplines their lists.
func (w *syncer) readRecord(ctx context.Context, st *state) (bool, error) {
	t, err := w.c.Tournament(ctx, w.f.ID)
	if err != nil {
		return false, err
	}
	moved, added, err := st.setTournament(t)
	if err != nil {
		return false, err
	}
	for _, gid := range moved {
		w.soon(standingsItem(gid), followUp)
		w.soon(groupEntriesItem(gid), followUp)
	}
	for _, gid := range added {
		_, _, did := st.groupOf(gid)
		w.soon(disciplineItem(did), followUp) // the new group's matches are in its discipline's list
	}
	for _, d := range st.t.Disciplines {
		if _, ok := w.due[disciplineItem(d.ID)]; !ok {
			w.soon(disciplineItem(d.ID), followUp)
			w.soon(disciplineEntriesItem(d.ID), followUp)
		}
	}
	return true, nil
}

// readMatch reads one match; a result it shows moves on its table and its
// discipline's next matches. A match gone upstream, or of a group the copy
// does not know yet, is not merged.
func (w *syncer) readMatch(ctx context.Context, st *state, it item) (bool, error) {
	m, err := w.c.Match(ctx, w.f.ID, it.id)
	var ue *Error
	if errors.As(err, &ue) && ue.Status == 404 {
		delete(w.due, it) // gone upstream: the discipline's list will say
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if m.String() != it.id {
		return false, refuse("the answer for match %s is match %s", shown(it.id), shown(m.String()))
	}
	got, isNew, played, err := st.setMatch(m)
	if err != nil {
		return false, err
	}
	if got == nil {
		w.soon(recordItem, followUp) // a group the copy does not know yet: the record names it
		delete(w.due, it)
		return false, nil
	}
	if isNew {
		w.soon(disciplineItem(got.DisciplineID), followUp)
	}
	if played && !w.isHooked() {
		// What a result moves on: the table and the next matches.
		w.soon(standingsItem(got.GroupID), moveOn)
		w.soon(disciplineItem(got.DisciplineID), moveOn)
	}
	return true, nil
}

// readDiscipline reads every match of a discipline: results move the
// tables on, new matches (a round) show in the record.
func (w *syncer) readDiscipline(ctx context.Context, st *state, did string) (bool, error) {
	ms, err := w.c.DisciplineMatches(ctx, w.f.ID, did)
	if err != nil {
		return false, err
	}
	before := len(st.matches)
	played, unknown, err := st.setDiscipline(did, ms)
	if err != nil {
		return false, err
	}
	if unknown {
		w.soon(recordItem, followUp) // matches of a group the copy does not know yet: the record names it
	}
	if !w.isHooked() {
		for _, gid := range played {
			w.soon(standingsItem(gid), moveOn)
		}
		if len(st.matches) != before {
			w.soon(recordItem, moveOn)
		}
	}
	return true, nil
}

// readStandings reads a group's table.
func (w *syncer) readStandings(ctx context.Context, st *state, gid string) (bool, error) {
	rows, err := w.c.Standings(ctx, w.f.ID, gid)
	if err != nil {
		return false, err
	}
	return true, st.setStandings(gid, rows)
}

// readDisciplineEntries reads a discipline's entries.
func (w *syncer) readDisciplineEntries(ctx context.Context, st *state, did string) (bool, error) {
	es, err := w.c.DisciplineEntries(ctx, w.f.ID, did)
	if err != nil {
		return false, err
	}
	return true, st.setDisciplineEntries(did, es)
}

// readGroupEntries reads a group's entries.
func (w *syncer) readGroupEntries(ctx context.Context, st *state, gid string) (bool, error) {
	es, err := w.c.GroupEntries(ctx, w.f.ID, gid)
	if err != nil {
		return false, err
	}
	return true, st.setGroupEntries(gid, es)
}

// settle ends every read that merged an answer: the record is read soon
// when the copy's matches overtook it, the item is due again at its pace (a
// match only when something asks), and what changed is written.
func (w *syncer) settle(ctx context.Context, snap *tournament.Snapshot, st *state, it item) error {
	// A group's state follows its matches upstream: when what was read
	// overtook the copy's record (a group started or finished), the record is
	// read soon, once for each such group.
	behind := st.behind()
	if it == recordItem {
		w.behind = behind
	}
	for gid := range behind {
		if !w.behind[gid] {
			w.soon(recordItem, moveOn)
		}
	}
	w.lastRead[it] = w.now()
	delete(w.asked, it)
	if it.part == partMatch {
		delete(w.due, it)
	} else {
		w.due[it] = w.now().Add(w.pace(st, it))
	}
	w.synced(st)
	if err := w.write(ctx, snap, st); errors.Is(err, cache.ErrConflict) {
		w.due[it], w.asked[it] = w.now().Add(followUp), true // written meanwhile (a result sent through): read it again
		return nil
	} else if err != nil {
		return err
	}
	return w.store.NoteSynced(ctx, w.f.ID, w.now())
}

// synced notes an answer from upstream: a copy marked stale is current again.
func (w *syncer) synced(st *state) {
	w.lastGood = w.now()
	if st.t.Mirror == nil || st.t.Mirror.Stale() || st.t.Mirror.Source != w.f.Upstream {
		st.t.Mirror = &tournament.Mirror{Source: w.f.Upstream, Synced: tournament.At(w.lastGood)}
	}
}

// load reads the whole tournament and writes the copy in one step: the
// record, every discipline's matches and entries, the courts, every group's
// table. It is what following starts with. The group entries come after, in
// the sync loop's second round, to leave the first minute's budget to what
// spectators watch.
func (w *syncer) load(ctx context.Context) error {
	id := w.f.ID
	t, err := w.c.Tournament(ctx, id)
	if err != nil {
		return err
	}
	st := &state{t: &tournament.Tournament{ID: id, OrganizerID: w.f.OrganizerID, Public: true}, matches: map[string]*tournament.Match{},
		entries: map[string]*tournament.Entry{}}
	if _, _, err := st.setTournament(t); err != nil {
		return err
	}
	for _, d := range st.t.Disciplines {
		ms, err := w.c.DisciplineMatches(ctx, id, d.ID)
		if err != nil {
			return err
		}
		if _, _, err := st.setDiscipline(d.ID, ms); err != nil {
			return err
		}
		es, err := w.c.DisciplineEntries(ctx, id, d.ID)
		if err != nil {
			return err
		}
		if err := st.setDisciplineEntries(d.ID, es); err != nil {
			return err
		}
	}
	cs, err := w.c.Courts(ctx, id)
	if err != nil {
		return err
	}
	if _, _, err := st.setCourts(cs); err != nil {
		return err
	}
	for _, g := range st.groups() {
		rows, err := w.c.Standings(ctx, id, g.ID)
		if err != nil {
			return err
		}
		if err := st.setStandings(g.ID, rows); err != nil {
			return err
		}
	}
	w.synced(st)
	old, err := w.store.Snapshot(ctx, id)
	if errors.Is(err, cache.ErrNotFound) {
		old, err = nil, nil
	}
	if err != nil {
		return err
	}
	if err := writeCopy(ctx, w.store, w.f, old, st, w.now()); err != nil {
		return err
	}
	w.due = nil
	return w.store.NoteSynced(ctx, id, w.now())
}

// write stores what changed between the snapshot and the state.
func (w *syncer) write(ctx context.Context, snap *tournament.Snapshot, st *state) error {
	return writeCopy(ctx, w.store, w.f, snap, st, w.now())
}

// writeCopy writes what changed between the snapshot (nil: there is no copy
// yet) and the state as one change through the one write path, with its
// events, so the copy's own webhook subscribers hear of it too: matches
// written or gone, entries written, the record. Revisions move on from the
// copy's; a first write creates the tournament. It writes only to the
// followed tournament, under its id and its follower's organizer, and only
// to a copy (never to a tournament of Courtside's own, never to another
// organizer's), whatever the state says.
func writeCopy(ctx context.Context, store *cache.Store, fl record.Follow, snap *tournament.Snapshot, st *state, now time.Time) error {
	at := tournament.At(now)
	c := &tournament.Change{}
	old := func(id string) (*tournament.Match, bool) { return nil, false }
	oldT, oldEntries := (*tournament.Tournament)(nil), map[string]*tournament.Entry{}
	if snap != nil {
		if snap.Tournament.ID != fl.ID || snap.Tournament.Mirror == nil || snap.Tournament.OrganizerID != fl.OrganizerID {
			return refuse("tournament %s here is not this follow's copy: nothing is written to it", fl.ID)
		}
		c.Version, old, oldT, oldEntries = snap.Version, snap.Match, snap.Tournament, snap.Entries
	}
	st.t.ID, st.t.OrganizerID = fl.ID, fl.OrganizerID
	ids := make([]string, 0, len(st.matches))
	for id := range st.matches {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		n := *st.matches[id]
		prev, ok := old(id)
		switch {
		case !ok:
			n.Rev = 1
		case sameJSON(prev, &n):
			continue
		default:
			n.Rev = tournament.NextRev(prev.Rev)
		}
		st.matches[id] = &n
		c.Matches = append(c.Matches, &n)
		c.Events = append(c.Events, tournament.Event{Type: tournament.EventMatchUpdated, MatchID: id, CreatedAt: at})
	}
	if snap != nil {
		for _, m := range snap.Matches {
			if st.matches[m.ID] == nil {
				c.Removed = append(c.Removed, m.ID)
			}
		}
	}
	for _, e := range st.entries {
		if !sameJSON(oldEntries[e.ID], e) {
			c.Entries = append(c.Entries, e)
		}
	}
	if len(c.Entries) > 0 {
		slices.SortFunc(c.Entries, func(a, b *tournament.Entry) int { return strings.Compare(a.ID, b.ID) })
		c.Events = append(c.Events, tournament.Event{Type: tournament.EventEntryListUpdated, CreatedAt: at})
	}
	if oldT == nil || !sameJSON(oldT, st.t) {
		st.t.Rev = 1
		if oldT != nil {
			st.t.Rev = tournament.NextRev(oldT.Rev)
		}
		c.Tournament = st.t
		c.Events = append(c.Events, tournament.Event{Type: tournament.EventTournamentUpdated, CreatedAt: at})
	}
	if len(c.Matches) == 0 && len(c.Removed) == 0 && len(c.Entries) == 0 && c.Tournament == nil {
		return nil
	}
	if _, err := store.Apply(ctx, fl.ID, c); err != nil {
		return fmt.Errorf("upstream: write copy: %w", err)
	}
	return nil
}
