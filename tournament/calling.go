package tournament

import "time"

// PauseCalling holds automatic calling (paused) or resumes it: matches on
// courts play on, no free court takes a new one until it resumes, and on
// resuming free courts take their next matches at once.
func (s *Snapshot) PauseCalling(paused bool, at time.Time) (*Change, error) {
	t := s.Tournament
	switch {
	case !t.AutoCall:
		return nil, Refuse("this tournament calls matches by hand; there is no automatic calling to pause")
	case t.CallingPaused == paused && paused:
		return nil, Refuse("automatic calling is paused already")
	case t.CallingPaused == paused:
		return nil, Refuse("automatic calling is on already")
	}
	c := newChange(s, at)
	c.record().CallingPaused = paused
	if !paused {
		c.autoCall()
	}
	return c, nil
}
