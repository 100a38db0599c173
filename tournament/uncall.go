package tournament

import "time"

// UncallWithin is how long after a call the console keeps the called match
// in the queue with an undo, where the finger that called it finds it.
// Taking a call back is possible for as long as no point is played; this is
// only how long the queue shows it.
const UncallWithin = 15 * time.Second

// UncallMatch takes a called match back from its courts: a running match
// with no result and no live score is waiting again and its courts are free.
// Under automatic calling it is held (paused), so that the next call does
// not put it straight back, and a free court takes the next match; resuming
// it puts it back in the queue. A match with a point played is refused: it
// has begun, and its result is entered instead.
func (s *Snapshot) UncallMatch(id string, at time.Time) (*Change, error) {
	m, ok := s.Match(id)
	if !ok {
		return nil, ErrMatchNotFound
	}
	if m.State != MatchRunning || m.HasResult() {
		return nil, Refuse("only a called match with no score yet can be taken back; this one is %s", m.State)
	}
	c := newChange(s, at)
	c.uncall(m)
	if s.Tournament.AutoCall {
		c.edit(m).State = MatchPaused
	}
	c.settle()
	c.autoCall()
	return c, nil
}

// uncall makes the change's copy of the called match m open again, its courts free.
func (c *Change) uncall(m *Match) {
	nm := c.edit(m)
	courts := nm.CourtIDs
	nm.State, nm.StartTime, nm.CourtIDs = MatchOpen, Time{}, nil
	c.event(Event{Type: EventMatchUpdated, MatchID: m.ID})
	for _, cid := range courts {
		c.event(Event{Type: EventCourtMatchChanged, CourtID: cid})
	}
}

// onlyCalled reports whether m is on a court with no point played: taking
// it back loses nothing.
func onlyCalled(m *Match) bool { return m.State == MatchRunning && !m.HasResult() }
