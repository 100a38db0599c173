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
	"courtside/tournament"
)

// What a followed tournament's copy is made of: each is one GET upstream.
// A worker keeps, for each, when it is next due.
const (
	itemCourts     = "courts" // the courts with their current matches
	itemTournament = "t"      // the tournament record: structure and states
	itemMatch      = "m:"     // + match id: one match
	itemDiscipline = "d:"     // + discipline id: every match of the discipline
	itemStandings  = "s:"     // + group id: the group's table
	itemDiscEntry  = "de:"    // + discipline id: the discipline's entries
	itemGroupEntry = "ge:"    // + group id: the group's entries
	markAll        = "all"    // a webhook word: reload everything
	markEntries    = "e"      // a webhook word: every entry list
	markCourt      = "c:"     // a webhook word: + court id
	markOnCourt    = "cm:"    // a webhook word: + id of a match a court shows now
	markStandings  = "s"      // a webhook word: every running group's table
	markHook       = "hook"   // a webhook word: calls come, so polling can slow down
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

// worker keeps one followed tournament current. One instance at a time runs
// it (the follow's lease); its schedule lives in memory, the copy in Redis.
type worker struct {
	f     cache.Follow
	c     *Client
	store *cache.Store
	log   *slog.Logger
	now   func() time.Time
	every Intervals
	wake  chan struct{}

	due       map[string]time.Time
	lastRead  map[string]time.Time // when each item was last read
	asked     map[string]bool      // items a change asked for (soon), not due by their pace alone
	pollAfter time.Time            // no poll before: the budget's polling share is used until then
	hooked    time.Time            // last webhook call seen
	lastGood  time.Time            // last answer from upstream
	behind    map[string]bool      // groups the record was behind their matches when last read
}

func (w *worker) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run syncs until ctx ends. Failures back off from a second to half a minute
// and are noted in the follow's status; the copy keeps serving meanwhile.
func (w *worker) run(ctx context.Context) {
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
func (w *worker) failed(ctx context.Context, err error) {
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
func (w *worker) step(ctx context.Context) error {
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
	item, at := w.next()
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
	if !w.asked[item] && w.now().Before(w.pollAfter) {
		w.due[item] = w.pollAfter // the polling share is used: no poll asks again before it frees up
		return nil
	}
	err = w.read(ctx, snap, item)
	if full := (*budgetFull)(nil); errors.As(err, &full) {
		// A poll waits for its share; what changes ask for goes first.
		w.pollAfter = w.now().Add(full.wait)
		w.due[item] = w.pollAfter
		return nil
	}
	return err
}

// schedule plans every part: the courts and the record now, the lists and
// tables spread over the next round of reads, the group entries, which
// seldom change, over the round after. A worker that just took over catches
// up at once with what is on the courts and with the rest within the budget;
// one that starts on a copy loaded just now leaves the lists a round later.
func (w *worker) schedule(snap *tournament.Snapshot) {
	now := w.now()
	w.due = map[string]time.Time{itemCourts: now.Add(-time.Second), itemTournament: now}
	w.lastRead = map[string]time.Time{}
	w.asked = map[string]bool{}
	from := now
	if m := snap.Tournament.Mirror; m != nil && now.Sub(m.Synced.Time) < w.every.Rest {
		w.due[itemTournament] = now.Add(w.every.Rest)
		from = now.Add(w.every.Rest)
	}
	st := stateOf(snap)
	var lists, entries []string
	for _, d := range st.t.Disciplines {
		lists = append(lists, itemDiscipline+d.ID)
		w.due[itemDiscEntry+d.ID] = now.Add(w.every.Idle)
	}
	for _, g := range st.groups() {
		lists = append(lists, itemStandings+g.ID)
		entries = append(entries, itemGroupEntry+g.ID)
	}
	spread(w.due, lists, from, w.every.Rest)
	spread(w.due, entries, from.Add(w.every.Rest), w.every.Rest)
}

// spread makes items due one after the other over the span from from on.
func spread(due map[string]time.Time, items []string, from time.Time, span time.Duration) {
	for i, item := range items {
		due[item] = from.Add(span * time.Duration(i+1) / time.Duration(len(items)+1))
	}
}

// soon makes item due at the latest after d, but no sooner than its gap
// after its last read: however many calls or results ask, the courts are read
// at most every courtsGap, a list or table every listGap. A change asked for
// it, so its read may use the whole budget.
func (w *worker) soon(item string, d time.Duration) {
	w.asked[item] = true
	at := w.now().Add(d)
	gap := listGap
	switch {
	case item == itemCourts:
		gap = courtsGap
	case strings.HasPrefix(item, itemMatch):
		gap = 0
	}
	if last := w.lastRead[item]; at.Before(last.Add(gap)) {
		at = last.Add(gap)
	}
	if cur, ok := w.due[item]; !ok || at.Before(cur) {
		w.due[item] = at
	}
}

// mark turns what webhook calls said into reads: a live score or a match on
// a court is one read of the courts, however many matches it concerns.
func (w *worker) mark(snap *tournament.Snapshot, words []string) {
	onCourt := map[string]bool{}
	for _, word := range words {
		if id, ok := strings.CutPrefix(word, markOnCourt); ok {
			onCourt[id] = true
		}
	}
	// Matches off the courts are read one by one, unless a discipline has
	// several: then its list, one read for them all; several the copy does not
	// know yet (a new round) are in the lists of the disciplines under way.
	offCourt := map[string][]string{} // discipline ("" unknown) → match items
	for _, word := range words {
		id, ok := strings.CutPrefix(word, itemMatch)
		if !ok {
			continue
		}
		m, known := snap.Match(id)
		switch {
		case onCourt[id] || known && m.State == tournament.MatchRunning && len(m.CourtIDs) > 0:
			w.soon(itemCourts, followUp)
		case known:
			offCourt[m.DisciplineID] = append(offCourt[m.DisciplineID], word)
		default:
			offCourt[""] = append(offCourt[""], word)
		}
	}
	for did, items := range offCourt {
		switch {
		case len(items) == 1:
			w.soon(items[0], followUp)
		case did != "":
			w.soon(itemDiscipline+did, followUp)
		default:
			for _, d := range snap.Tournament.Disciplines {
				if underWay(d) {
					w.soon(itemDiscipline+d.ID, followUp)
				}
			}
		}
	}
	for _, word := range words {
		switch {
		case word == markHook:
			w.hooked = w.now()
		case word == markAll:
			w.schedule(snap)
		case word == markEntries:
			for item := range w.due {
				if strings.HasPrefix(item, itemDiscEntry) || strings.HasPrefix(item, itemGroupEntry) {
					w.soon(item, followUp)
				}
			}
		case word == markStandings:
			for _, g := range stateOf(snap).groups() {
				if g.State == tournament.PhaseRunning {
					w.soon(itemStandings+g.ID, followUp)
				}
			}
		case strings.HasPrefix(word, markCourt), strings.HasPrefix(word, markOnCourt):
			w.soon(itemCourts, followUp)
		case word == itemTournament || strings.HasPrefix(word, itemStandings):
			w.soon(word, followUp)
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
func (w *worker) next() (string, time.Time) {
	var item string
	var at time.Time
	for it, t := range w.due {
		if item == "" || t.Before(at) || (t.Equal(at) && rank(it) < rank(item)) || (t.Equal(at) && rank(it) == rank(item) && it < item) {
			item, at = it, t
		}
	}
	now := w.now()
	if !at.Before(now) || now.Sub(at) > starving {
		return item, at // nothing overdue yet; or the oldest overdue waited too long: it goes first
	}
	// Overdue go by rank, so a backlog of lists never holds up the courts (for long).
	for it, t := range w.due {
		if !t.After(now) && (rank(it) < rank(item) || (rank(it) == rank(item) && t.Before(at))) {
			item, at = it, t
		}
	}
	return item, at
}

// starving is how long an overdue read may wait for ones of higher rank.
const starving = 10 * time.Second

func rank(item string) int {
	switch {
	case strings.HasPrefix(item, itemMatch):
		return 0
	case item == itemCourts:
		return 1
	case item == itemTournament:
		return 2
	case strings.HasPrefix(item, itemDiscipline):
		return 3 // before the tables: a list that shows a result asks for its table anyway
	case strings.HasPrefix(item, itemStandings):
		return 4
	}
	return 5
}

// pace is how long until item is read again.
func (w *worker) pace(st *state, item string) time.Duration {
	running := st.t.State == tournament.StateRunning
	hooked := !w.hooked.IsZero() && w.now().Sub(w.hooked) < hookedFor
	switch {
	case !running || strings.HasPrefix(item, itemDiscEntry) || strings.HasPrefix(item, itemGroupEntry):
		return w.every.Idle
	case hooked && item == itemCourts:
		return w.every.Safety
	case hooked:
		return w.every.Hooked
	case item == itemCourts:
		return w.every.Courts
	case strings.HasPrefix(item, itemStandings):
		if g, _ := st.group(strings.TrimPrefix(item, itemStandings)); g == nil || g.State != tournament.PhaseRunning {
			return w.every.Idle
		}
		return 2 * w.every.Rest
	}
	return w.every.Rest
}

// read reads one item upstream, merges it into the copy and writes what changed.
func (w *worker) read(ctx context.Context, snap *tournament.Snapshot, item string) error {
	st := stateOf(snap)
	hooked := !w.hooked.IsZero() && w.now().Sub(w.hooked) < hookedFor
	id := w.f.ID
	if !w.asked[item] {
		ctx = polling(ctx)
	}
	switch {
	case item == itemCourts:
		cs, err := w.c.Courts(ctx, id)
		if err != nil {
			return err
		}
		left, unknown, err := st.setCourts(cs)
		if err != nil {
			return err
		}
		for _, mid := range unknown {
			w.soon(itemMatch+mid, 0)
		}
		for _, mid := range left {
			m := st.matches[mid]
			if hooked {
				w.soon(itemMatch+mid, 0) // its own call may be on the way; reading it is cheaper than waiting
				continue
			}
			// Finished or moved: the discipline's list has it and the matches it moved on; the table follows.
			w.soon(itemDiscipline+m.DisciplineID, moveOn)
			w.soon(itemStandings+m.GroupID, moveOn)
		}
	case item == itemTournament:
		t, err := w.c.Tournament(ctx, id)
		if err != nil {
			return err
		}
		moved, added, err := st.setTournament(t)
		if err != nil {
			return err
		}
		for _, gid := range moved {
			w.soon(itemStandings+gid, followUp)
			w.soon(itemGroupEntry+gid, followUp)
		}
		for _, gid := range added {
			_, _, did := st.groupOf(gid)
			w.soon(itemDiscipline+did, followUp) // the new group's matches are in its discipline's list
		}
		for _, d := range st.t.Disciplines {
			if _, ok := w.due[itemDiscipline+d.ID]; !ok {
				w.soon(itemDiscipline+d.ID, followUp)
				w.soon(itemDiscEntry+d.ID, followUp)
			}
		}
	case strings.HasPrefix(item, itemMatch):
		mid := strings.TrimPrefix(item, itemMatch)
		m, err := w.c.Match(ctx, id, mid)
		var ue *Error
		if errors.As(err, &ue) && ue.Status == 404 {
			delete(w.due, item) // gone upstream: the discipline's list will say
			return nil
		}
		if err != nil {
			return err
		}
		if m.String() != mid {
			return refuse("the answer for match %s is match %s", shown(mid), shown(m.String()))
		}
		got, isNew, played, err := st.setMatch(m)
		if err != nil {
			return err
		}
		if got == nil {
			w.soon(itemTournament, followUp) // a group the copy does not know yet: the record names it
			delete(w.due, item)
			return nil
		}
		if isNew {
			w.soon(itemDiscipline+got.DisciplineID, followUp)
		}
		if played && !hooked {
			// What a result moves on: the table and the next matches.
			w.soon(itemStandings+got.GroupID, moveOn)
			w.soon(itemDiscipline+got.DisciplineID, moveOn)
		}
	case strings.HasPrefix(item, itemDiscipline):
		did := strings.TrimPrefix(item, itemDiscipline)
		ms, err := w.c.DisciplineMatches(ctx, id, did)
		if err != nil {
			return err
		}
		before := len(st.matches)
		played, unknown, err := st.setDiscipline(did, ms)
		if err != nil {
			return err
		}
		if unknown {
			w.soon(itemTournament, followUp) // matches of a group the copy does not know yet: the record names it
		}
		if !hooked {
			// Results move the tables on; new matches (a round) show in the record.
			for _, gid := range played {
				w.soon(itemStandings+gid, moveOn)
			}
			if len(st.matches) != before {
				w.soon(itemTournament, moveOn)
			}
		}
	case strings.HasPrefix(item, itemStandings):
		gid := strings.TrimPrefix(item, itemStandings)
		rows, err := w.c.Standings(ctx, id, gid)
		if err != nil {
			return err
		}
		if err := st.setStandings(gid, rows); err != nil {
			return err
		}
	case strings.HasPrefix(item, itemDiscEntry):
		did := strings.TrimPrefix(item, itemDiscEntry)
		es, err := w.c.DisciplineEntries(ctx, id, did)
		if err != nil {
			return err
		}
		if err := st.setDisciplineEntries(did, es); err != nil {
			return err
		}
	case strings.HasPrefix(item, itemGroupEntry):
		gid := strings.TrimPrefix(item, itemGroupEntry)
		es, err := w.c.GroupEntries(ctx, id, gid)
		if err != nil {
			return err
		}
		if err := st.setGroupEntries(gid, es); err != nil {
			return err
		}
	default:
		delete(w.due, item)
		return nil
	}
	// A group's state follows its matches upstream: when what was read
	// overtook the copy's record (a group started or finished), the record is
	// read soon, once for each such group.
	behind := st.behind()
	if item == itemTournament {
		w.behind = behind
	}
	for gid := range behind {
		if !w.behind[gid] {
			w.soon(itemTournament, moveOn)
		}
	}
	w.lastRead[item] = w.now()
	delete(w.asked, item)
	if strings.HasPrefix(item, itemMatch) {
		delete(w.due, item)
	} else {
		w.due[item] = w.now().Add(w.pace(st, item))
	}
	w.synced(st)
	if err := w.write(ctx, snap, st); errors.Is(err, cache.ErrConflict) {
		w.due[item], w.asked[item] = w.now().Add(followUp), true // written meanwhile (a result sent through): read it again
		return nil
	} else if err != nil {
		return err
	}
	return w.store.NoteSynced(ctx, id, w.now())
}

// synced notes an answer from upstream: a copy marked stale is current again.
func (w *worker) synced(st *state) {
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
func (w *worker) load(ctx context.Context) error {
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
func (w *worker) write(ctx context.Context, snap *tournament.Snapshot, st *state) error {
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
func writeCopy(ctx context.Context, store *cache.Store, fl cache.Follow, snap *tournament.Snapshot, st *state, now time.Time) error {
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
