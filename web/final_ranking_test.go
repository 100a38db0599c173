package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/tournament"
)

// TestAFinishedDayEndsWithTheRanking: once the knock-out is played, the
// console and the public page lead with the final ranking: the champion
// first, then the podium, then everyone by knock-out and pool places.
func TestAFinishedDayEndsWithTheRanking(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	snap := f.poolsIntoDirectorsDraw(t)
	id := snap.Tournament.ID
	ko := snap.Tournament.Disciplines[0].Stages[1]
	write := func(compute func(*tournament.Snapshot) (*tournament.Change, error)) {
		t.Helper()
		s, _ := f.store.Snapshot(ctx, id)
		if _, _, err := f.store.Write(ctx, s, compute); err != nil {
			t.Fatal(err)
		}
	}
	write(func(s *tournament.Snapshot) (*tournament.Change, error) { return s.PublishDraw(ko.ID, time.Now()) })
	o, _ := f.signIn(f.bouleToken)
	if o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil)).Find(`[data-testid="final-ranking"]`).Length() != 0 {
		t.Fatal("a ranking shows before the day is over")
	}
	for i := 0; ; i++ {
		s, _ := f.store.Snapshot(ctx, id)
		if s.Tournament.State == tournament.StateFinished {
			snap = s
			break
		}
		running := s.MatchesWhere(func(m *tournament.Match) bool { return m.State == tournament.MatchRunning })
		if len(running) == 0 || i > 10 {
			t.Fatal("the knock-out stalled")
		}
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(running[0].ID, tournament.Encounters{{{13, 7}}}, true, time.Now(), "test")
		})
	}
	champion, _ := snap.Champion(&snap.Tournament.Disciplines[0].Stages[1].Groups[0])
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/t/"+id, nil))
	public, _ := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	for name, doc := range map[string]*goquery.Document{"console": o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil)), "public page": public} {
		first := doc.Find(`[data-testid="final-podium"]`).First()
		if first.AttrOr("data-place", "") != "1" || !strings.Contains(first.Text(), champion.Name) || !strings.Contains(first.Text(), "Champion") {
			t.Errorf("%s: the podium starts with %q, want the champion %s", name, first.Text(), champion.Name)
		}
		if n := doc.Find(`[data-testid="final-podium"]`).Length() + doc.Find(`[data-testid="final-place"]`).Length(); n != 8 {
			t.Errorf("%s: %d ranked of 8", name, n)
		}
	}
}
