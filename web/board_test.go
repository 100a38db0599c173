package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/redis/go-redis/v9"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
)

func TestCourtBoard(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/courts")
	tiles := doc.Find(`#board [data-testid="court"]`)
	if tiles.Length() != len(hamburg.Tournament.Courts) {
		t.Fatalf("%d courts on the board, want %d", tiles.Length(), len(hamburg.Tournament.Courts))
	}
	busy := map[string]*tournament.Match{}
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchRunning {
			for _, c := range m.CourtIDs {
				busy[c] = m
			}
		}
	}
	for i, c := range hamburg.Tournament.Courts {
		tile := tiles.Eq(i)
		m := busy[c.ID]
		free := tile.Find(`[data-testid="free"]`).Length() == 1
		if (m == nil) != free {
			t.Errorf("%s: free=%v, running match %v", c.Name, free, m != nil)
			continue
		}
		if m != nil && m.Entries[0] != nil && !strings.Contains(tile.Text(), m.Entries[0].Name) {
			t.Errorf("%s does not show %s", c.Name, m.Entries[0].Name)
		}
	}
	// The league match is on two tables: both show it.
	league := f.match(hamburg, func(m *tournament.Match) bool { return len(m.CourtIDs) == 2 && m.State == tournament.MatchRunning })
	shown := 0
	tiles.Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), league.Entries[0].Name) {
			shown++
		}
	})
	if shown != 2 {
		t.Errorf("the two-table match is on %d tiles", shown)
	}
	// Next up: open matches with both entries known, never one still waiting for them.
	next := doc.Find(`[data-testid="next-up"] li`)
	if next.Length() == 0 || strings.Contains(next.Text(), "Winner of") || strings.Contains(next.Text(), "To be decided") {
		t.Errorf("next up: %q", next.Text())
	}
	if doc.Find(`[data-testid="last-results"] li`).Length() != 6 {
		t.Error("the board does not show the last six results")
	}
}

func TestBoardFiltersAndKioskSettings(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	swiss := f.group(hamburg, tournament.Swiss)
	ko := f.group(hamburg, tournament.Elimination)
	singles := hamburg.Tournament.Disciplines[0].ID
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/courts?courts=2-5")
	var numbers []string
	doc.Find(`[data-testid="court"]`).Each(func(_ int, s *goquery.Selection) { numbers = append(numbers, s.AttrOr("data-court", "")) })
	if fmt.Sprint(numbers) != "[2 3 4 5]" {
		t.Errorf("courts=2-5 shows %v", numbers)
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "/courts?discipline=" + singles)
	doc.Find(`[data-testid="court"]`).Each(func(_ int, s *goquery.Selection) {
		if s.Find(`[data-testid="free"]`).Length() == 0 && !strings.HasPrefix(s.Find("p").First().Text(), "Open Singles") {
			t.Errorf("the singles board shows %q", s.Find("p").First().Text())
		}
	})
	tv := "/t/" + hamburg.Tournament.ID + "/tv?per=3&every=20&courts=1-7&rotate=standings:" + swiss.ID + ",bracket:" + ko.ID + "&rotate=courts"
	rec, doc := f.page(tv)
	if rec.Code != 200 || doc.Find("body.kiosk").Length() != 1 || doc.Find("header nav").Length() != 0 {
		t.Fatalf("TV page: %d, kiosk body %d", rec.Code, doc.Find("body.kiosk").Length())
	}
	panels := doc.Find(`[data-testid="tv-panel"]`)
	if panels.Length() != 3 { // courts, the swiss standings, the knock-out bracket
		t.Errorf("%d panels", panels.Length())
	}
	if doc.Find("[data-panels]").AttrOr("data-every", "") != "20" || doc.Find("[data-court-pages]").AttrOr("data-every", "") != "20" {
		t.Error("every=20 did not reach the rotation")
	}
	if pages := doc.Find("#board [data-court-page]"); pages.Length() != 3 || pages.Eq(1).AttrOr("hidden", "x") == "x" {
		t.Errorf("7 courts, 3 a page: %d pages, later ones hidden", pages.Length())
	}
	if doc.Find(`[data-testid="clock"]`).Length() != 1 || doc.Find(`svg[data-testid="qr"]`).Length() != 1 {
		t.Error("no clock or QR code on the TV")
	}
	if got := doc.Find("#board").AttrOr("hx-get", ""); !strings.Contains(got, "kiosk=1") || !strings.Contains(got, "per=3") || !strings.Contains(got, "courts=1-7") {
		t.Errorf("the TV polls %q", got)
	}
	// A swiss group has no bracket, and a TV asking for one is told so.
	if rec, _ := f.page(tv + "&rotate=bracket:" + swiss.ID); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "knock-out") {
		t.Errorf("a bracket of a swiss group: %d", rec.Code)
	}
	// ?kiosk=1 on the board is the TV.
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "/courts?kiosk=1")
	if doc.Find("body.kiosk").Length() != 1 {
		t.Error("?kiosk=1 is not the TV view")
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "/tv/setup")
	if doc.Find(`form[data-testid="tv-setup"]`).AttrOr("action", "") != "/t/"+hamburg.Tournament.ID+"/tv" || doc.Find(`input[name="rotate"]`).Length() == 0 {
		t.Error("the setup page does not build a TV address")
	}
}

func TestBoardFragmentIs304UntilChanged(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	path := "/t/" + hamburg.Tournament.ID + "/board"
	first, _ := f.page(path)
	tag := first.Header().Get("ETag")
	if first.Code != 200 || tag == "" || !isFragment(first.Body.String(), "board") {
		t.Fatalf("%d %q %.60s", first.Code, tag, first.Body)
	}
	second, _ := f.page(path)
	if second.Body.String() != first.Body.String() {
		t.Error("two TVs got different boards for one version")
	}
	if rec, _ := f.page(path, "If-None-Match", tag); rec.Code != http.StatusNotModified {
		t.Errorf("unchanged: %d", rec.Code)
	}
	m, _ := f.running(hamburg, singleSetTo7)
	f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/live-result", f.token, `{"result":[[[5,5]]]}`)
	if rec, _ := f.page(path, "If-None-Match", tag); rec.Code != 200 || !strings.Contains(rec.Body.String(), "5:5") {
		t.Errorf("changed: %d", rec.Code)
	}
}

// commandCounter counts the commands a Redis client sends.
type commandCounter struct{ n atomic.Int64 }

func (c *commandCounter) DialHook(next redis.DialHook) redis.DialHook { return next }
func (c *commandCounter) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { c.n.Add(1); return next(ctx, cmd) }
}
func (c *commandCounter) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { c.n.Add(int64(len(cmds))); return next(ctx, cmds) }
}

func TestBoardPollsAskNothingOfRedis(t *testing.T) {
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	f := &fixture{t: t, rdb: rdb, store: store, demo: demo, handler: routes(t, store)}
	id := demo.Tournaments[0].Tournament.ID
	path := "/t/" + id + "/board"
	first, _ := f.page(path)
	tag := first.Header().Get("ETag")
	testkit.Eventually(t, "the version watcher", func() bool { _, ok := store.KnownVersion(id); return ok })
	f.handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil)) // Redis knows the script now
	var count commandCounter
	rdb.AddHook(&count)
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("If-None-Match", tag)
	for range 100 {
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified {
			t.Fatalf("poll: %d", rec.Code)
		}
	}
	if n := count.n.Load(); n != 0 {
		t.Errorf("100 polls of an unchanged board sent %d commands to Redis", n)
	}
	// A TV without the current board gets it from the render of this version: no Redis either.
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if n := count.n.Load(); rec.Code != 200 || n != 0 {
		t.Errorf("a board to send: %d, %d Redis commands, want none", rec.Code, n)
	}
}
