package tournament

import (
	"testing"
	"time"
)

func TestUncallMatch(t *testing.T) {
	now := time.Date(2026, 11, 25, 14, 0, 0, 0, time.UTC)
	d := NewDemo(7, now)
	dt := d.Tournaments[0] // the Hamburg Open: open matches waiting for a court
	snap := NewSnapshot(1, dt.Tournament, d.Organizers[0], dt.Matches, entriesByID(dt.Entries))
	var open *Match
	for _, m := range snap.Matches {
		if m.State == MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !snap.Busy(m) {
			open = m
			break
		}
	}
	var court string
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) == nil {
			court = c.ID
			break
		}
	}
	if open == nil || court == "" {
		t.Fatal("no open match and free court in the demo")
	}
	apply := func(c *Change, err error) *Snapshot {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return NewSnapshot(snap.Version+1, snap.Tournament, snap.Organizer, c.all(), snap.Entries)
	}
	called := apply(snap.CallMatch(open.ID, []string{court}, now))
	// Long after the call, with no point played, it still comes back.
	back := apply(called.UncallMatch(open.ID, now.Add(time.Hour)))
	m, _ := back.Match(open.ID)
	if m.State != MatchOpen || len(m.CourtIDs) != 0 || !m.StartTime.IsZero() || back.CourtMatch(court) != nil {
		t.Errorf("after taking it back: %s on %v since %v; court busy %v", m.State, m.CourtIDs, m.StartTime, back.CourtMatch(court) != nil)
	}
	scored := apply(called.SetResult(open.ID, Encounters{{{1, 0}}}, false, now.Add(2*time.Second), "t"))
	if _, err := scored.UncallMatch(open.ID, now.Add(3*time.Second)); err == nil {
		t.Error("a match with a score was taken back")
	}
}

// TestUncallUnderAutomaticCalling: a match the automatic calling put on a
// court comes back held, so that the court takes the next match rather
// than the same one again; resumed, it waits in the queue.
func TestUncallUnderAutomaticCalling(t *testing.T) {
	s := newTournament(6, 2, EntrySingle, stageSpec{mode: RoundRobin})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	taken := s.CourtMatch("c1")
	if taken == nil {
		t.Fatal("automatic calling left court 1 free")
	}
	c, err = s.UncallMatch(taken.ID, at.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	m, _ := s.Match(taken.ID)
	next := s.CourtMatch("c1")
	if m.State != MatchPaused || next == nil || next.ID == taken.ID {
		t.Fatalf("after taking back %s: it is %s, court 1 has %v", taken.ID, m.State, next)
	}
	c, err = s.SetMatchState(taken.ID, MatchOpen, at)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ = applyAll(s, c).Match(taken.ID); m.State != MatchOpen {
		t.Errorf("resumed, the match is %s", m.State)
	}
}

func entriesByID(es []*Entry) map[string]*Entry {
	out := make(map[string]*Entry, len(es))
	for _, e := range es {
		out[e.ID] = e
	}
	return out
}
