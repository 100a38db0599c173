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
	if _, err := called.UncallMatch(open.ID, now.Add(UncallWithin+time.Second)); err == nil {
		t.Error("a call older than UncallWithin was taken back")
	}
	back := apply(called.UncallMatch(open.ID, now.Add(5*time.Second)))
	m, _ := back.Match(open.ID)
	if m.State != MatchOpen || len(m.CourtIDs) != 0 || !m.StartTime.IsZero() || back.CourtMatch(court) != nil {
		t.Errorf("after the undo: %s on %v since %v; court busy %v", m.State, m.CourtIDs, m.StartTime, back.CourtMatch(court) != nil)
	}
	scored := apply(called.SetResult(open.ID, Encounters{{{1, 0}}}, false, now.Add(2*time.Second), "t"))
	if _, err := scored.UncallMatch(open.ID, now.Add(3*time.Second)); err == nil {
		t.Error("a match with a score was taken back")
	}
}

func entriesByID(es []*Entry) map[string]*Entry {
	out := make(map[string]*Entry, len(es))
	for _, e := range es {
		out[e.ID] = e
	}
	return out
}
