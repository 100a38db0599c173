package web

import (
	"context"
	"net/http"
	"testing"

	"courtside/tournament"
)

// TestConsoleShowsInconsistentData: a match whose group is gone and whose
// configuration index is −1 (what an old import or a follow could write)
// leaves the console and the result form working, not a 500.
func TestConsoleShowsInconsistentData(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := hamburg.Tournament.ID
	waiting := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	running := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchRunning })
	var broken []*tournament.Match
	for _, m := range []*tournament.Match{waiting, running} {
		b := *m
		b.GroupID, b.Config, b.RoundID, b.Rev = "tio:gone", -1, "tio:gone", tournament.NextRev(m.Rev)
		broken = append(broken, &b)
	}
	if _, err := f.store.Apply(context.Background(), h, &tournament.Change{Matches: broken}); err != nil {
		t.Fatal(err)
	}
	o, _ := f.signIn(f.token)
	for _, path := range []string{"/admin/t/" + h, "/admin/t/" + h + "/matches/" + running.ID, "/admin/t/" + h + "/matches/" + waiting.ID,
		"/t/" + h, "/t/" + h + "/matches/" + running.ID} {
		if rec := o.do(http.MethodGet, path, nil); rec.Code != http.StatusOK {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
}
