package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/handlers/reply"
	"courtside/internal/testkit"
	"courtside/templates"
	"courtside/tournament"
)

// watched is a server over the demo whose store follows versions from pub/sub,
// as in production: a tournament that did not change costs no Redis.
func watched(t *testing.T) (*fixture, func()) {
	t.Helper()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
		close(done)
	}()
	f := &fixture{t: t, rdb: rdb, store: store, demo: demo, handler: routes(t, store)}
	return f, func() { cancel(); <-done }
}

// known waits until the store vouches for the tournament's version v.
func (f *fixture) known(id string, v int64) {
	f.t.Helper()
	testkit.Eventually(f.t, "the version watcher", func() bool { got, ok := f.store.KnownVersion(id); return ok && got >= v })
}

// renders serves f from a render cache of its own, for counting.
func (f *fixture) renders(budget int64) *RenderCache {
	f.t.Helper()
	c := NewRenderCache(budget)
	h, err := Routes(Config{Store: f.store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120, Renders: c})
	if err != nil {
		f.t.Fatal(err)
	}
	f.handler = h
	return c
}

// rss is the process's resident memory as Linux reports it; 0 elsewhere.
func rss() float64 {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1e3
		}
	}
	return 0
}

func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestUniqueURLsDoNotGrowTheHeap floods a finished tournament (four courts), whose version
// never changes, with 12,000 unique board and TV addresses: random filters,
// random groups and match ids, and every valid kiosk setting there is. The
// live heap after the flood stays where it was, give or take the render
// cache's budget.
func TestUniqueURLsDoNotGrowTheHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 12,000 requests")
	}
	f, stop := watched(t)
	defer stop()
	const budget = 2 << 20
	renders := f.renders(budget)
	autumn := f.tournament("Autumn Cup 2026").Tournament
	base := "/t/" + autumn.ID
	f.page(base + "/tv") // the snapshot, the templates and the code paths are warm
	before, rssBefore := liveHeap(), rss()
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) string {
		const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		return string(b)
	}
	codes := map[int]int{}
	send := func(path string) {
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		codes[rec.Code]++
	}
	const flood = 12000
	for i := range flood {
		switch i % 6 {
		case 0:
			send(base + "/tv?discipline=" + random(16))
		case 1:
			send(base + "/tv?rotate=standings:" + random(16) + ",bracket:" + random(16))
		case 2:
			send(base + "/courts?courts=" + fmt.Sprint(5+rng.IntN(1000)) + "-" + fmt.Sprint(1000+rng.IntN(1000000)))
		case 3:
			send(base + "/matches/" + random(1024))
		default: // valid and all different: every courts-per-page and seconds-per-page there is
			n := i / 6 * 2
			if i%6 == 5 {
				n++
			}
			send(fmt.Sprintf("%s/board?kiosk=1&per=%d&every=%d", base, 1+n%16, 5+n/16)) // per: up to 16 courts a screen
		}
	}
	after := liveHeap()
	st := renders.Stats()
	t.Logf("live heap before %.1f MB, after %d unique URLs %.1f MB (RSS %.0f → %.0f MB); answers %v; render cache %d bytes of %d in %d entries after %d renders",
		float64(before)/1e6, flood, float64(after)/1e6, rssBefore, rss(), codes, st.Bytes, st.Budget, st.Entries, st.Renders)
	if st.Bytes > budget || st.Renders < flood/3 || st.Entries >= int(st.Renders) {
		t.Errorf("render cache: %d bytes of %d, %d entries, %d renders: not bounded by its budget", st.Bytes, budget, st.Entries, st.Renders)
	}
	if codes[http.StatusOK] != flood/3 || codes[http.StatusInternalServerError] != 0 {
		t.Errorf("answers %v: want %d valid boards, the rest refused", codes, flood/3)
	}
	if grown := int64(after) - int64(before); grown > budget+4<<20 {
		t.Errorf("the live heap grew by %.1f MB after %d unique URLs", float64(grown)/1e6, flood)
	}
}

// TestCancelledRequestDoesNotFailThePage aborts a request to a finished
// tournament's pages; the next visitor still gets them.
func TestCancelledRequestDoesNotFailThePage(t *testing.T) {
	f, stop := watched(t)
	defer stop()
	autumn := f.tournament("Autumn Cup 2026").Tournament
	snap, err := f.store.Snapshot(context.Background(), autumn.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.known(autumn.ID, snap.Version)
	for _, path := range []string{"/t/" + autumn.ID, "/t/" + autumn.ID + "/tv", "/t/" + autumn.ID + "/courts"} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // the visitor went away
		f.handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx))
		if rec, _ := f.page(path); rec.Code != http.StatusOK {
			t.Errorf("%s after an aborted request: %d", path, rec.Code)
		}
	}
}

// TestForgedHostDoesNotReachPages sends forged Host and X-Forwarded-Proto
// headers first; nobody, the forger included, gets a page that links there.
func TestForgedHostDoesNotReachPages(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026").Tournament
	base := "http://localhost:8080"
	for _, path := range []string{"/t/" + hamburg.ID, "/t/" + hamburg.ID + "/tv"} {
		want, _ := templates.NewQR(base + "/t/" + hamburg.ID)
		for _, forged := range []bool{true, false} {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if forged {
				req.Host = "evil.example"
				req.Header.Set("X-Forwarded-Proto", "https")
				req.Header.Set("X-Forwarded-Host", "evil.example")
			}
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			doc, err := goquery.NewDocumentFromReader(rec.Body)
			if err != nil || rec.Code != 200 {
				t.Fatalf("%s: %d %v", path, rec.Code, err)
			}
			if got := doc.Find(`meta[property="og:url"]`).AttrOr("content", ""); got != base+path {
				t.Errorf("%s (forged %v): og:url %q, want %q", path, forged, got, base+path)
			}
			if got := doc.Find(`svg[data-testid="qr"] path`).AttrOr("d", ""); got != want.Path {
				t.Errorf("%s (forged %v): the QR code does not lead to %s", path, forged, base+"/t/"+hamburg.ID)
			}
		}
	}
}

// redisGate holds every read of a snapshot (a script for the changes, a
// transaction for a whole load) until open is closed, and counts them: each
// is a snapshot decoded.
type redisGate struct {
	open  chan struct{}
	reads atomic.Int64
}

func (g *redisGate) DialHook(next redis.DialHook) redis.DialHook { return next }
func (g *redisGate) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		name := cmd.Name()
		if name != "evalsha" && name != "eval" {
			return next(ctx, cmd)
		}
		<-g.open
		err := next(ctx, cmd)
		if err == nil { // not the NOSCRIPT of a script Redis did not know yet
			g.reads.Add(1)
		}
		return err
	}
}
func (g *redisGate) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		g.reads.Add(1)
		<-g.open
		return next(ctx, cmds)
	}
}

// TestConcurrentReadsAfterAChangeDecodeOnce changes a tournament from another
// instance, then sends 50 reads of its court board at once: the snapshot is
// read and decoded once, and the board rendered once.
func TestConcurrentReadsAfterAChangeDecodeOnce(t *testing.T) {
	f, stop := watched(t)
	defer stop()
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	path := "/t/" + id + "/board"
	renders := f.renders(0)
	before, _ := f.page(path)
	if before.Code != 200 {
		t.Fatal(before.Code)
	}
	other := cache.New(f.rdb) // another instance writes
	m, _ := f.running(hamburg, singleSetTo7)
	snap, err := other.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := other.Write(context.Background(), snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(m.ID, tournament.Encounters{{{3, 2}}}, false, cachetest.Now, "test")
	}); err != nil {
		t.Fatal(err)
	}
	next, err := other.Snapshot(context.Background(), id)
	if err != nil || next.Version <= snap.Version {
		t.Fatalf("the change: %v", err)
	}
	f.known(id, next.Version)

	gate := &redisGate{open: make(chan struct{})}
	f.rdb.AddHook(gate)
	var arrived atomic.Int64
	counted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { arrived.Add(1); f.handler.ServeHTTP(w, r) })
	const readers = 50
	var wg sync.WaitGroup
	bodies := make([]string, readers)
	for i := range readers {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			counted.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != 200 {
				t.Errorf("reader %d: %d", i, rec.Code)
			}
			bodies[i] = rec.Body.String()
		})
	}
	// Redis answers only once every reader has come in: none of them can
	// have found the new version decoded by another.
	testkit.Eventually(t, "every reader", func() bool { return arrived.Load() == readers })
	close(gate.open)
	wg.Wait()
	if n := gate.reads.Load(); n != 1 {
		t.Errorf("%d concurrent reads after a change read and decoded the snapshot %d times, want once", readers, n)
	}
	if n := renders.Stats().Renders; n != 2 { // the board before the change, and after
		t.Errorf("%d concurrent reads after a change rendered the board %d times, want once", readers, n-1)
	}
	for i, b := range bodies {
		if b != bodies[0] || b == before.Body.String() {
			t.Fatalf("reader %d got another board, or the one before the change", i)
		}
	}
}

// TestAPIComparesETagsOnlyForReaders: If-None-Match is parsed (lists, weak
// tags, *), and compared only once the key may read the tournament.
func TestAPIComparesETagsOnlyForReaders(t *testing.T) {
	f := newFixture(t)
	night := f.tournament("Club Training Night").Tournament
	path := "/v1/public/tournaments/" + night.ID
	first := f.get(path, f.token)
	tag := first.Header().Get("ETag")
	if first.Code != 200 || tag == "" {
		t.Fatalf("%d %q", first.Code, tag)
	}
	ask := func(key, inm string) int {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("If-None-Match", inm)
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		return rec.Code
	}
	for _, inm := range []string{tag, "*", "W/" + tag, `"v0", ` + tag} {
		if got := ask(f.token, inm); got != http.StatusNotModified {
			t.Errorf("the organizer with If-None-Match %s: %d", inm, got)
		}
		if got := ask(f.publicKicker, inm); got != http.StatusForbidden {
			t.Errorf("a public key with If-None-Match %s: %d", inm, got)
		}
		if got := ask(f.bouleToken, inm); got != http.StatusForbidden {
			t.Errorf("another organizer with If-None-Match %s: %d", inm, got)
		}
	}
	if got := ask(f.token, `"v0"`); got != 200 {
		t.Errorf("an old tag: %d", got)
	}
}

// TestPrivateTournamentETagIsNotFound asks for a private tournament's pages
// with every kind of If-None-Match: anonymous visitors get exactly what a
// tournament that does not exist gets.
func TestPrivateTournamentETagIsNotFound(t *testing.T) {
	f, stop := watched(t)
	defer stop()
	night := f.tournament("Club Training Night").Tournament
	snap, err := f.store.Snapshot(context.Background(), night.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.known(night.ID, snap.Version)
	for _, suffix := range []string{"", "/courts", "/board", "/tv"} {
		missing, _ := f.page("/t/tio:NoSuchThing00" + suffix)
		want := strings.ReplaceAll(missing.Body.String(), "tio:NoSuchThing00", night.ID)
		for _, inm := range []string{"", "*", `"v` + fmt.Sprint(snap.Version) + `-en-page"`, fmt.Sprintf(`W/"x", "v%d`, snap.Version), `"v1`} {
			rec, _ := f.page("/t/"+night.ID+suffix, "If-None-Match", inm)
			if rec.Code != missing.Code || rec.Body.String() != want || rec.Header().Get("ETag") != "" {
				t.Errorf("%s with If-None-Match %s: %d, a tournament that does not exist: %d", suffix, inm, rec.Code, missing.Code)
			}
		}
	}
}

func TestRenderCacheKeepsItsBudget(t *testing.T) {
	c := NewRenderCache(3 * (1000 + entryOverhead + 3)) // three bodies of 1000 bytes with keys of 3
	key := func(i int) reply.RenderKey {
		return reply.RenderKey{Tournament: "t", Version: 1, Part: "p", Params: fmt.Sprint(i)}
	}
	renders := 0
	get := func(i int) {
		t.Helper()
		out, err := c.Render(context.Background(), key(i), func(context.Context) (reply.Rendered, error) {
			renders++
			return reply.Rendered{Body: make([]byte, 1000)}, nil
		})
		if err != nil || len(out.Body) != 1000 {
			t.Fatalf("%d: %v", i, err)
		}
	}
	get(1)
	get(2)
	get(3)
	get(1) // kept; 1 is now the most recently used
	get(4) // 2 goes
	if renders != 4 {
		t.Errorf("%d renders, want 4", renders)
	}
	get(1)
	get(3)
	if renders != 4 {
		t.Errorf("a recently used rendering was dropped: %d renders", renders)
	}
	get(2)
	if renders != 5 {
		t.Errorf("the least recently used rendering was kept: %d renders", renders)
	}
	if st := c.Stats(); st.Bytes > st.Budget || st.Entries != 3 {
		t.Errorf("%+v", st)
	}
	// A body larger than the whole budget is served, never kept.
	big, err := c.Render(context.Background(), key(9), func(context.Context) (reply.Rendered, error) {
		return reply.Rendered{Body: make([]byte, 1<<20)}, nil
	})
	if err != nil || len(big.Body) != 1<<20 || c.Stats().Bytes > c.Stats().Budget {
		t.Errorf("a body over the budget: %v, %+v", err, c.Stats())
	}
}

func TestRenderCacheKeepsNoErrorAndNoPanic(t *testing.T) {
	c := NewRenderCache(0)
	k := reply.RenderKey{Tournament: "t", Version: 1, Part: "p"}
	if _, err := c.Render(context.Background(), k, func(context.Context) (reply.Rendered, error) {
		return reply.Rendered{}, errors.New("redis went away")
	}); err == nil {
		t.Fatal("the error was lost")
	}
	if _, err := c.Render(context.Background(), k, func(context.Context) (reply.Rendered, error) {
		panic("a bug in a view")
	}); err == nil || !strings.Contains(err.Error(), "a bug in a view") {
		t.Fatalf("a panicking render: %v", err)
	}
	out, err := c.Render(context.Background(), k, func(context.Context) (reply.Rendered, error) {
		return reply.Rendered{Body: []byte("ok")}, nil
	})
	if err != nil || string(out.Body) != "ok" {
		t.Errorf("after a failed render: %q %v", out.Body, err)
	}
}

// TestRenderCacheOutlivesTheAskingRequest: the first request for a key goes
// away while its render runs; the render finishes for the others, under a
// context that was not cancelled.
func TestRenderCacheOutlivesTheAskingRequest(t *testing.T) {
	c := NewRenderCache(0)
	k := reply.RenderKey{Tournament: "t", Version: 1, Part: "p"}
	started, finish := make(chan struct{}), make(chan struct{})
	var renderCtxErr atomic.Value
	var renders atomic.Int64
	render := func(ctx context.Context) (reply.Rendered, error) {
		renders.Add(1)
		close(started)
		<-finish
		renderCtxErr.Store(fmt.Sprint(ctx.Err()))
		return reply.Rendered{Body: []byte("board")}, ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() { _, err := c.Render(ctx, k, render); first <- err }()
	<-started
	others := make(chan string, 10)
	for range 10 {
		go func() {
			out, err := c.Render(context.Background(), k, render)
			others <- fmt.Sprint(string(out.Body), err)
		}()
	}
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Errorf("the request that left: %v", err)
	}
	close(finish)
	for range 10 {
		if got := <-others; got != "board<nil>" {
			t.Errorf("another request got %q", got)
		}
	}
	if renders.Load() != 1 || renderCtxErr.Load() != "<nil>" {
		t.Errorf("%d renders, the render's context: %v", renders.Load(), renderCtxErr.Load())
	}
}

// TestRenderCacheForgetsVersionsThatWentBack: after Redis is restored from a
// backup, a tournament's versions come again with other content; nothing
// rendered of them before is served.
func TestRenderCacheForgetsVersionsThatWentBack(t *testing.T) {
	c := NewRenderCache(0)
	get := func(v int64, body string) string {
		t.Helper()
		out, err := c.Render(context.Background(), reply.RenderKey{Tournament: "t", Version: v, Part: "p"}, func(context.Context) (reply.Rendered, error) {
			return reply.Rendered{Body: []byte(body)}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return string(out.Body)
	}
	get(9, "before the backup was restored")
	get(10, "before the backup was restored")
	if got := get(8, "restored"); got != "restored" {
		t.Fatalf("v8: %q", got)
	}
	for _, v := range []int64{9, 10} {
		if got := get(v, "after the restore"); got != "after the restore" {
			t.Errorf("v%d after the restore: %q", v, got)
		}
	}
	if got := get(10, "rendered again"); got != "after the restore" {
		t.Errorf("v10 after the restore was not kept: %q", got)
	}
}
