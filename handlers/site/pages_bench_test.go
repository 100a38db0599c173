package site

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

// fakeStore serves one tournament. With fresh, every read is a new snapshot
// of a new version, so every page is rendered from scratch.
type fakeStore struct {
	snap    *tournament.Snapshot
	fresh   bool
	version atomic.Int64
}

func (f *fakeStore) Snapshot(context.Context, string) (*tournament.Snapshot, error) {
	if !f.fresh {
		return f.snap, nil
	}
	s := f.snap
	return tournament.NewSnapshot(s.Version+f.version.Add(1), s.Tournament, s.Organizer, s.Matches, s.Entries), nil
}

func (f *fakeStore) Tournaments(context.Context, string, cache.ListQuery) ([]*tournament.Snapshot, error) {
	return []*tournament.Snapshot{f.snap}, nil
}

func (f *fakeStore) Organizers(context.Context) ([]tournament.Organizer, error) {
	return []tournament.Organizer{f.snap.Organizer}, nil
}

func (f *fakeStore) OrganizerBySlug(context.Context, string) (tournament.Organizer, error) {
	return f.snap.Organizer, nil
}

func benchPlayers(n int) []*tournament.Entry {
	es := make([]*tournament.Entry, n)
	for i := range es {
		id := fmt.Sprintf("p%03d", i)
		es[i] = &tournament.Entry{ID: id, Name: fmt.Sprintf("Player Number %d", i+1), Entries: []*tournament.Entry{{ID: id, Name: fmt.Sprintf("Player Number %d", i+1)}}}
	}
	return es
}

func oneGroup(g tournament.Group, ms []*tournament.Match, es []*tournament.Entry) *tournament.Snapshot {
	for _, e := range es {
		g.EntryIDs = append(g.EntryIDs, e.ID)
	}
	for _, m := range ms {
		m.DisciplineID, m.StageID, m.GroupID = "d", "s", g.ID
	}
	t := &tournament.Tournament{ID: "t", Name: "Bench Open", State: tournament.StateRunning, Public: true,
		Courts:      []tournament.Court{{ID: "c1", Number: 1, Name: "Table 1"}},
		Disciplines: []tournament.Discipline{{ID: "d", Name: "Singles", EntryType: tournament.EntrySingle, Stages: []tournament.Stage{{ID: "s", Name: "Main", State: tournament.PhaseRunning, Groups: []tournament.Group{g}}}}}}
	entries := map[string]*tournament.Entry{}
	for _, e := range es {
		entries[e.ID] = e
	}
	return tournament.NewSnapshot(1, t, tournament.Organizer{ID: "o", Slug: "o", Name: "Club"}, ms, entries)
}

// bracket128 is a 128-entry double elimination with its first three winners rounds played.
func bracket128() *tournament.Snapshot {
	es := benchPlayers(128)
	b := tournament.NewBracket(es, true, false, func(p string) string { return p })
	for r := 0; r < 3; r++ {
		for _, m := range b.Matches {
			if m.RoundID == b.Rounds[r].ID && m.State == tournament.MatchOpen {
				m.State, m.Encounters = tournament.MatchPlayed, tournament.Encounters{{{7, r}}}
				tournament.Advance(b.Matches, m)
			}
		}
	}
	return oneGroup(tournament.Group{ID: "g", Name: "Main tree", Mode: tournament.DoubleElimination, State: tournament.PhaseRunning, Rounds: b.Rounds,
		Options: tournament.GroupOptions{MatchConfigurations: []tournament.MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}, b.Matches, es)
}

// roundRobin32 is a 32-entry round robin, half of its 496 matches played.
func roundRobin32() *tournament.Snapshot {
	es := benchPlayers(32)
	g := tournament.Group{ID: "g", Name: "League", Mode: tournament.RoundRobin, State: tournament.PhaseRunning,
		Options: tournament.GroupOptions{MatchConfigurations: []tournament.MatchConfiguration{{NumPoints: 7, NumSets: 1}}}}
	var ms []*tournament.Match
	for r := range 31 {
		rid := fmt.Sprintf("r%d", r)
		g.Rounds = append(g.Rounds, tournament.Round{ID: rid, Name: fmt.Sprintf("Round %d", r+1)})
		for i := range 16 {
			a, b := es[(r+i)%32], es[(r+31-i)%32]
			m := &tournament.Match{ID: fmt.Sprintf("m%d-%d", r, i), RoundID: rid, Seq: i, State: tournament.MatchOpen, Entries: [2]*tournament.Entry{a, b}, Encounters: tournament.Encounters{}}
			if r < 15 {
				m.State, m.Encounters = tournament.MatchPlayed, tournament.Encounters{{{7, (r + i) % 7}}}
			}
			ms = append(ms, m)
		}
	}
	return oneGroup(g, ms, es)
}

// keepNothing renders every time.
type keepNothing struct{}

func (keepNothing) Render(ctx context.Context, _ reply.RenderKey, render func(context.Context) (reply.Rendered, error)) (reply.Rendered, error) {
	return render(ctx)
}

func benchPage(b *testing.B, snap *tournament.Snapshot, fresh, gzip bool) {
	var renders reply.Renders = &memo{}
	if fresh {
		renders = keepNothing{}
	}
	p := &Pages{Store: &fakeStore{snap: snap, fresh: fresh}, Renders: renders, Assets: templates.Assets{CSS: "/a.css", HTMX: "/h.js", JS: "/c.js"}}
	req := httptest.NewRequest(http.MethodGet, "/t/t/groups/g", nil)
	if gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	req.SetPathValue("id", "t")
	req.SetPathValue("groupId", "g")
	b.ReportAllocs()
	size := 0
	for b.Loop() {
		rec := httptest.NewRecorder()
		if err := p.Group(rec, req); err != nil || rec.Code != http.StatusOK {
			b.Fatalf("%v %d", err, rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size), "bytes/page")
}

func BenchmarkBracketPage128DoubleElimination(b *testing.B) {
	snap := bracket128()
	b.Run("rendered", func(b *testing.B) { benchPage(b, snap, true, false) })
	b.Run("cached", func(b *testing.B) { benchPage(b, snap, false, false) })
	b.Run("cached-gzip", func(b *testing.B) { benchPage(b, snap, false, true) })
}

func BenchmarkGroupPage32RoundRobin(b *testing.B) {
	snap := roundRobin32()
	b.Run("rendered", func(b *testing.B) { benchPage(b, snap, true, false) })
	b.Run("cached", func(b *testing.B) { benchPage(b, snap, false, false) })
	b.Run("cached-gzip", func(b *testing.B) { benchPage(b, snap, false, true) })
}
