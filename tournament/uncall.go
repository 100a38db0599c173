package tournament

import "time"

// UncallWithin is how long after a call the console may take it back: the
// undo of a call made by mistake, before anyone has played a point.
const UncallWithin = 15 * time.Second

// UncallMatch takes back a call made by mistake: a running match without a
// score, called less than UncallWithin ago, is open again and its courts
// free. Anything older, or with a point played, is refused: the match has
// begun, and its result is entered instead.
func (s *Snapshot) UncallMatch(id string, at time.Time) (*Change, error) {
	m, ok := s.Match(id)
	if !ok {
		return nil, ErrMatchNotFound
	}
	if m.State != MatchRunning || m.HasResult() {
		return nil, Refuse("only a match called a moment ago, with no score yet, can be taken back; this one is %s", m.State)
	}
	if m.StartTime.IsZero() || at.Sub(m.StartTime.Time) > UncallWithin {
		return nil, Refuse("this match was called more than %d seconds ago: it cannot be taken back", int(UncallWithin.Seconds()))
	}
	c := newChange(s, at)
	nm := c.edit(m)
	courts := nm.CourtIDs
	nm.State, nm.StartTime, nm.CourtIDs = MatchOpen, Time{}, nil
	c.event(Event{Type: EventMatchUpdated, MatchID: id})
	for _, cid := range courts {
		c.event(Event{Type: EventCourtMatchChanged, CourtID: cid})
	}
	c.settle()
	return c, nil
}
