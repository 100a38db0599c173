package tournament

import (
	"cmp"
	"slices"
	"time"
)

// ids are the entry and, for a team, the player ids that play in m.
func (m *Match) people() []string {
	var out []string
	for _, e := range m.Entries {
		if e == nil {
			continue
		}
		out = append(out, e.ID)
		for _, p := range e.Entries {
			if p != nil && p.ID != e.ID {
				out = append(out, p.ID)
			}
		}
	}
	return out
}

// playing maps everyone on a court (entries and their players) to the court's match.
func playing(matches []*Match) map[string]*Match {
	out := map[string]*Match{}
	for _, m := range matches {
		if m.State == MatchRunning {
			for _, id := range m.people() {
				out[id] = m
			}
		}
	}
	return out
}

// Busy reports whether one of m's entries is playing elsewhere: nobody is
// ever on two courts at once, whoever calls.
func (s *Snapshot) Busy(m *Match) bool {
	name, _ := s.busy(m)
	return name != ""
}

// busy names who of m's entries is playing elsewhere and the court, "" when
// it is not known; "", "" when nobody is.
func (s *Snapshot) busy(m *Match) (string, string) {
	on := playing(s.Matches)
	for _, e := range m.Entries {
		if e == nil {
			continue
		}
		for _, id := range append([]string{e.ID}, e.people()...) {
			if other := on[id]; other != nil && other.ID != m.ID {
				name := e.Name
				if id != e.ID {
					if p := s.Entries[id]; p != nil {
						name = p.Name
					}
				}
				where := ""
				if len(other.CourtIDs) > 0 {
					if court, ok := s.Court(other.CourtIDs[0]); ok {
						where = court.Name
					}
				}
				return name, where
			}
		}
	}
	return "", ""
}

// people are the ids of an entry's players other than itself.
func (e *Entry) people() []string {
	var out []string
	for _, p := range e.Entries {
		if p != nil && p.ID != e.ID {
			out = append(out, p.ID)
		}
	}
	return out
}

// Queue is the open matches in the order courts get them: both entries known,
// those whose entries rested longest first, then in tournament order.
func Queue(matches []*Match) []*Match {
	q := waiting(matches)
	slices.SortFunc(q, queued.compare)
	out := make([]*Match, len(q))
	for i, it := range q {
		out[i] = it.m
	}
	return out
}

// queued is an open match with what orders it in the queue.
type queued struct {
	m     *Match
	since time.Time // when the most recently busy of its people was last busy
	order int       // tournament order
}

func (a queued) compare(b queued) int {
	return cmp.Or(a.since.Compare(b.since), cmp.Compare(a.order, b.order))
}

// waiting lists the open matches with both entries known, unordered.
func waiting(matches []*Match) []queued {
	lastEnd := map[string]time.Time{}
	for _, m := range matches {
		if m.State == MatchPlayed || m.State == MatchRunning {
			end := m.EndTime.Time
			if m.State == MatchRunning {
				end = time.Unix(1<<40, 0) // still playing: rested least
			}
			for _, id := range m.people() {
				if end.After(lastEnd[id]) {
					lastEnd[id] = end
				}
			}
		}
	}
	var q []queued
	for i, m := range matches {
		if m.State != MatchOpen || m.Entries[0] == nil || m.Entries[1] == nil {
			continue
		}
		var since time.Time
		for _, id := range m.people() {
			if lastEnd[id].After(since) {
				since = lastEnd[id]
			}
		}
		q = append(q, queued{m, since, i})
	}
	return q
}

// autoCall gives every free court the next match of the queue whose people
// are all free, when the tournament calls by itself.
func (c *Change) autoCall() {
	t := c.snap.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	if !t.AutoCall || t.CallingPaused || t.State != StateRunning {
		return
	}
	all := c.all()
	on := playing(all)
	busyCourt := map[string]bool{}
	for _, m := range all {
		if m.State == MatchRunning {
			for _, id := range m.CourtIDs {
				busyCourt[id] = true
			}
		}
	}
	queue := waiting(all)
	for _, court := range t.Courts {
		if busyCourt[court.ID] || court.Closed {
			continue
		}
		next := -1 // the head of the queue among matches whose people are free: one pass, no sort
		for i, it := range queue {
			if it.m == nil || slices.ContainsFunc(it.m.people(), func(id string) bool { return on[id] != nil }) {
				continue
			}
			if next < 0 || it.compare(queue[next]) < 0 {
				next = i
			}
		}
		if next >= 0 {
			m := queue[next].m
			queue[next].m = nil
			orig := m
			if old, ok := c.snap.Match(m.ID); ok {
				orig = old
			}
			nm := c.edit(orig)
			nm.State, nm.StartTime, nm.CourtIDs = MatchRunning, At(c.at), []string{court.ID}
			for _, id := range nm.people() {
				on[id] = nm
			}
			c.Version = c.snap.Version // "the court is free" depends on every match
			c.event(Event{Type: EventMatchUpdated, MatchID: nm.ID})
			c.event(Event{Type: EventCourtMatchChanged, CourtID: court.ID, MatchID: nm.ID})
		}
	}
	c.settle()
}

// DefaultMatchDuration is what a match is expected to take before any of its discipline has been played.
const DefaultMatchDuration = 15 * time.Minute

// LearnAfter is how many matches of a discipline played out make their
// median the expected duration, instead of what the director set.
const LearnAfter = 3

// MatchDuration is how long a match of the discipline is expected to take:
// the median duration of its matches played out (forfeits are not) once
// LearnAfter have been, before that the director's ExpectedMinutes, or
// DefaultMatchDuration without them.
func (s *Snapshot) MatchDuration(disciplineID string) time.Duration {
	d, learned := s.LearnedDuration(disciplineID)
	if learned >= LearnAfter {
		return d
	}
	if dd, ok := s.Discipline(disciplineID); ok && dd.ExpectedMinutes > 0 {
		return time.Duration(dd.ExpectedMinutes) * time.Minute
	}
	if learned > 0 {
		return d
	}
	return DefaultMatchDuration
}

// LearnedDuration is the median duration of the discipline's matches played
// out, and how many there are.
func (s *Snapshot) LearnedDuration(disciplineID string) (time.Duration, int) {
	var ds []time.Duration
	for _, m := range s.Matches {
		if m.DisciplineID == disciplineID && m.State == MatchPlayed && m.Forfeit == "" && !m.StartTime.IsZero() && m.EndTime.After(m.StartTime.Time) {
			ds = append(ds, m.EndTime.Sub(m.StartTime.Time))
		}
	}
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2], len(ds)
}

// SetExpectedMinutes sets how long the director expects a match of the
// discipline to take (1 to 600 minutes).
func (s *Snapshot) SetExpectedMinutes(disciplineID string, minutes int, at time.Time) (*Change, error) {
	if _, ok := s.Discipline(disciplineID); !ok {
		return nil, Refuse("no such discipline")
	}
	if minutes < 1 || minutes > 600 {
		return nil, Refuse("a match takes from 1 to 600 minutes")
	}
	c := newChange(s, at)
	rec := c.record()
	for i := range rec.Disciplines {
		if rec.Disciplines[i].ID == disciplineID {
			rec.Disciplines[i].ExpectedMinutes = minutes
		}
	}
	return c, nil
}

// EstimatedStarts says when each open match is expected to start, as of now:
// the queue played out over the courts, each match taking the median duration
// of its discipline, a running match ending that long after its start (or now,
// if overdue), and nobody starting before their previous match is expected to end.
func (s *Snapshot) EstimatedStarts(now time.Time) map[string]time.Time {
	courts := 0
	for _, c := range s.Tournament.Courts {
		if !c.Closed {
			courts++
		}
	}
	out := map[string]time.Time{}
	if courts == 0 {
		return out
	}
	durations := map[string]time.Duration{} // of each discipline, worked out once per call
	duration := func(disciplineID string) time.Duration {
		d, ok := durations[disciplineID]
		if !ok {
			d = s.MatchDuration(disciplineID)
			durations[disciplineID] = d
		}
		return d
	}
	free := make([]time.Time, 0, courts) // when each court is expected to be free
	ready := map[string]time.Time{}      // when each person is expected to be free
	busy := map[string]bool{}
	for _, m := range s.Matches {
		if m.State != MatchRunning {
			continue
		}
		end := m.StartTime.Add(duration(m.DisciplineID))
		if end.Before(now) {
			end = now
		}
		for _, id := range m.CourtIDs {
			busy[id] = true
		}
		free = append(free, end)
		for _, id := range m.people() {
			ready[id] = end
		}
	}
	for _, c := range s.Tournament.Courts {
		if !busy[c.ID] && !c.Closed {
			free = append(free, now)
		}
	}
	free = free[:min(len(free), courts)]
	for _, m := range Queue(s.Matches) {
		slices.SortFunc(free, func(a, b time.Time) int { return a.Compare(b) })
		start := free[0]
		for _, id := range m.people() {
			if ready[id].After(start) {
				start = ready[id]
			}
		}
		out[m.ID] = start
		end := start.Add(duration(m.DisciplineID))
		free[0] = end
		for _, id := range m.people() {
			ready[id] = end
		}
	}
	return out
}
