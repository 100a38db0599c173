package cli

import (
	"bytes"
	"context"
	"courtside/wire"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
	"courtside/upstream"
	"courtside/web"
	"courtside/worker"
)

// The demo's Hamburg Open 2026: running, ten courts, six disciplines.
const followedID = "tio:zcFE5PxIevVBq"

// instanceU is Courtside as the upstream: its server, its simulator, its webhook deliverer.
type instanceU struct {
	srv     *httptest.Server
	cancel  context.CancelFunc
	simStop context.CancelFunc
	wg      sync.WaitGroup
}

func startU(t *testing.T, rdb redis.UniversalClient, log *slog.Logger) *instanceU {
	t.Helper()
	store := cache.New(rdb)
	h, err := web.Routes(web.Config{Store: store, Logger: log, RateLimit: 1 << 30, AllowPrivateWebhooks: true})
	if err != nil {
		t.Fatal(err)
	}
	u := &instanceU{srv: httptest.NewServer(h)}
	ctx, cancel := context.WithCancel(context.Background())
	simCtx, simStop := context.WithCancel(ctx)
	u.cancel, u.simStop = cancel, simStop
	sim := &worker.Simulator{Store: store, Log: log, Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)), IdleFor: time.Hour}
	u.wg.Go(func() { worker.NewDeliverer(store, log, true).Run(ctx) })
	u.wg.Go(func() { store.WatchVersions(ctx, 2*time.Second, log) })
	u.wg.Go(func() { sim.Run(simCtx, 6*time.Second) })
	return u
}

func (u *instanceU) stop() {
	u.srv.CloseClientConnections()
	u.srv.Close()
	u.cancel()
	u.wg.Wait()
}

// countingProxy stands between M and U: it counts M's GET requests and passes them to whichever U runs.
type countingProxy struct {
	target atomic.Pointer[url.URL]
	mu     sync.Mutex
	gets   []time.Time
	paths  []string
}

func (p *countingProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		p.mu.Lock()
		p.gets = append(p.gets, time.Now())
		p.paths = append(p.paths, r.URL.RequestURI())
		p.mu.Unlock()
	}
	target := p.target.Load()
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) { pr.SetURL(target) },
		ErrorLog: nil, ErrorHandler: func(w http.ResponseWriter, _ *http.Request, _ error) { w.WriteHeader(http.StatusBadGateway) }}
	rp.ServeHTTP(w, r)
}

func (p *countingProxy) between(from, to time.Time) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, g := range p.gets {
		if !g.Before(from) && g.Before(to) {
			n++
		}
	}
	return n
}

// timeline is every GET, when and what, from start on: what a failure is read against.
func (p *countingProxy) timeline(start time.Time) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	for i, g := range p.gets {
		fmt.Fprintf(&b, "\n  +%6.2fs %s", g.Sub(start).Seconds(), p.paths[i])
	}
	return b.String()
}

// mostInAMinute is the most GETs in any 60 s.
func (p *countingProxy) mostInAMinute() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	most := 0
	for i, g := range p.gets {
		n := 0
		for _, h := range p.gets[i:] {
			if h.Sub(g) < time.Minute {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// seen is what one instance answered for one resource over time: each distinct body, when first seen.
type seen struct {
	hashes []string
	at     []time.Time
	// late marks a body first seen after the instance could not be reached:
	// when it changed is not known (a result sent through M just before U
	// stopped shows on U only when U is back, though U had it all along).
	late []bool
	gap  bool
}

func (s *seen) add(h string, at time.Time) {
	if n := len(s.hashes); n == 0 || s.hashes[n-1] != h {
		s.hashes, s.at, s.late = append(s.hashes, h), append(s.at, at), append(s.late, s.gap)
	}
	s.gap = false
}

// observer reads the same resources from U and M, again and again.
type observer struct {
	u, m       string // API bases
	keyU, keyM string
	paths      []string
	mu         sync.Mutex
	onU, onM   map[string]*seen
}

func get(t testing.TB, base, key, path string) (int, []byte) {
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil
	}
	defer func() { _ = resp.Body.Close() }()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (o *observer) run(ctx context.Context, t testing.TB) {
	for ctx.Err() == nil {
		for _, p := range o.paths {
			for _, side := range []struct {
				base, key string
				into      map[string]*seen
			}{{o.u, o.keyU, o.onU}, {o.m, o.keyM, o.onM}} {
				status, body := get(t, side.base, side.key, p)
				if status != http.StatusOK {
					o.mu.Lock()
					side.into[p].gap = true // U is down
					o.mu.Unlock()
					continue
				}
				sum := sha256.Sum256(body)
				o.mu.Lock()
				side.into[p].add(string(sum[:]), time.Now())
				o.mu.Unlock()
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// caughtUp says whether, for every resource, the last answer it saw from M
// is the last it saw from U.
func (o *observer) caughtUp() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, p := range o.paths {
		u, m := o.onU[p].hashes, o.onM[p].hashes
		if len(u) == 0 || len(m) == 0 || u[len(u)-1] != m[len(m)-1] {
			return false
		}
	}
	return true
}

// lags says, for each change U showed between from and to, how long until M
// showed it or something U showed later; a change M never caught up with
// counts as the time until the end of the observation. What U showed first
// when it came back is no change of a known time, and is left out.
func (o *observer) lags(path string, from, to, end time.Time) (out []time.Duration, when []time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	u, m := o.onU[path], o.onM[path]
	for i := range u.hashes {
		if u.at[i].Before(from) || u.at[i].After(to) || u.late[i] {
			continue
		}
		lag := end.Sub(u.at[i])
	search:
		for k := range m.hashes {
			if m.at[k].Before(u.at[i].Add(-time.Second)) {
				continue
			}
			for j := i; j < len(u.hashes); j++ {
				if u.hashes[j] == m.hashes[k] && !u.at[j].After(m.at[k].Add(time.Second)) {
					lag = max(m.at[k].Sub(u.at[i]), 0)
					break search
				}
			}
		}
		out, when = append(out, lag), append(when, u.at[i])
	}
	return out, when
}

// showed says whether M showed, for path, a change U showed after from (or
// one U showed later still); the first answer seen is no change.
func (o *observer) showed(path string, from time.Time) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	u, m := o.onU[path], o.onM[path]
	for i := 1; i < len(u.hashes); i++ {
		if u.at[i].Before(from) || u.late[i] {
			continue
		}
		for k := range m.hashes {
			if m.at[k].Before(u.at[i].Add(-time.Second)) {
				continue
			}
			for j := i; j < len(u.hashes); j++ {
				if u.hashes[j] == m.hashes[k] {
					return true
				}
			}
		}
	}
	return false
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func send(t *testing.T, method, base, key, path string, body any) (int, []byte) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestFollowAnInstanceEndToEnd: instance U plays the demo's ten-court
// tournament with the simulator on; instance M, on a Redis of its own,
// follows it through a counting proxy, first by polling alone, then with
// U's webhooks: in each phase M shows U's changes; a live score sent to M
// shows on U and on M's TV; a 412 from U reaches M's caller unchanged; while
// U is down M serves its copy and says it is stale, and once U is back M
// answers exactly as U: nothing was lost. It prints how far M was behind U
// and how many GETs a minute it sent (bench/follow.sh runs it for those
// figures), and asserts none of them. It runs with COURTSIDE_E2E=1 (make
// check, CI), as the browser tests do.
func TestFollowAnInstanceEndToEnd(t *testing.T) {
	testkit.EndToEnd(t)
	if os.Getenv("REDIS_URL") != "" {
		t.Skip("U and M run on two embedded Redis of their own, whatever REDIS_URL says: the embedded pass runs it")
	}
	logTo := io.Discard
	if os.Getenv("FOLLOW_LOG") != "" {
		logTo = os.Stderr
	}
	log := slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	rdbU := redis.NewClient(&redis.Options{Addr: miniredis.RunT(t).Addr()})
	storeU := cache.New(rdbU)
	if err := storeU.LoadDemo(ctx, tournament.NewDemo(DemoSeed, time.Now())); err != nil {
		t.Fatal(err)
	}
	snapU, err := storeU.Snapshot(ctx, followedID)
	if err != nil {
		t.Fatal(err)
	}
	orgID := snapU.Tournament.OrganizerID
	tokenForM, _, err := storeU.CreateToken(ctx, orgID, "Courtside M")
	if err != nil {
		t.Fatal(err)
	}
	observerU, _, _ := storeU.CreateToken(ctx, orgID, "Observer")
	u := startU(t, rdbU, log)
	defer func() { u.stop() }()
	proxy := &countingProxy{}
	target, _ := url.Parse(u.srv.URL)
	proxy.target.Store(target)
	proxySrv := httptest.NewServer(proxy)
	defer proxySrv.Close()

	// M follows U through the proxy, with the default budget.
	storeM := cache.New(redis.NewClient(&redis.Options{Addr: miniredis.RunT(t).Addr()}))
	follower := upstream.New(storeM, log, "")
	follower.AllowPrivate = true
	handlerM, err := web.Routes(web.Config{Store: storeM, Logger: log, RateLimit: 1 << 30, Upstream: follower})
	if err != nil {
		t.Fatal(err)
	}
	m := httptest.NewServer(handlerM)
	defer m.Close()
	follower.BaseURL = m.URL
	start := time.Now()
	fl, err := follower.Follow(ctx, upstream.Request{Upstream: proxySrv.URL, Key: tokenForM, TournamentID: followedID})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first load: %d GETs in %v", proxy.between(start, time.Now()), time.Since(start).Round(time.Millisecond))
	go follower.Run(ctx)
	keyM, _, err := storeM.CreateToken(ctx, orgID, "Client of M")
	if err != nil {
		t.Fatal(err)
	}

	base := "/tournaments/" + followedID
	paths := []string{base, base + "/courts?includeMatchDetails=true", base + "/entries"}
	for _, d := range snapU.Tournament.Disciplines {
		paths = append(paths, base+"/disciplines/"+d.ID+"/matches")
		for _, st := range d.Stages {
			for _, g := range st.Groups {
				paths = append(paths, base+"/groups/"+g.ID+"/standings")
			}
		}
	}
	obs := &observer{u: u.srv.URL + "/v1/public", m: m.URL + "/v1/public", keyU: observerU, keyM: keyM, paths: paths,
		onU: map[string]*seen{}, onM: map[string]*seen{}}
	for _, p := range paths {
		obs.onU[p], obs.onM[p] = &seen{}, &seen{}
	}
	// sameOnBoth says whether M answers exactly as U for every resource.
	sameOnBoth := func() bool {
		for _, p := range paths {
			_, onU := get(t, u.srv.URL+"/v1/public", observerU, p)
			_, onM := get(t, m.URL+"/v1/public", keyM, p)
			if !bytes.Equal(onU, onM) {
				return false
			}
		}
		return true
	}
	obsCtx, stopObs := context.WithCancel(ctx)
	obsDone := make(chan struct{})
	go func() { obs.run(obsCtx, t); close(obsDone) }()

	// Polling alone, then with webhooks: each phase lasts until M has shown a
	// change that U's courts made in it. FOLLOW_PHASE makes each phase last
	// that long instead, for figures (bench/follow.sh); the test prints them
	// and asserts none: a busy machine's timing is no verdict.
	courts := base + "/courts?includeMatchDetails=true"
	phase, _ := time.ParseDuration(os.Getenv("FOLLOW_PHASE"))
	runPhase := func(what string, from time.Time) {
		t.Helper()
		if phase > 0 {
			time.Sleep(phase)
			return
		}
		testkit.EventuallyWithin(t, 2*time.Minute, "M shows a change of U's courts "+what, func() bool { return obs.showed(courts, from) })
	}
	pollFrom := time.Now()
	runPhase("while polling alone", pollFrom)
	pollTo := time.Now()

	// Webhooks: U calls M's receiver.
	status, body := send(t, http.MethodPost, u.srv.URL+"/v1/public", tokenForM, base+"/webhooks", map[string]string{"url": follower.WebhookURL(fl)})
	if status != http.StatusCreated && status != http.StatusOK {
		t.Fatalf("subscribe: %d %s", status, body)
	}
	hookFrom := time.Now()
	// The first call of U switches M to webhooks; changes from then on count.
	runPhase("with webhooks", hookFrom.Add(3*time.Second))
	hookTo := time.Now()

	// U's simulator pauses. Its last changes reach M before anything else
	// happens: a change made just before U stops would otherwise wait for U to
	// come back, and its delay would be U's downtime, not the webhooks'. What
	// the observer saw decides: the delays are measured on it.
	u.simStop()
	testkit.EventuallyWithin(t, time.Minute, "M's answers equal U's once U's simulator pauses", obs.caughtUp)

	// A live score sent to M's API shows on U and on M's TV.
	liveScoreShows(t, u, m, observerU, keyM)
	// A 412 from U reaches M's caller unchanged.
	notRunningPassesOn(t, u, m, observerU, keyM)

	// U stops: M keeps serving the last good data and says how old it is; U restarts, M loses nothing.
	u.stop()
	downAt := time.Now()
	status, _ = get(t, m.URL+"/v1/public", keyM, base+"/courts")
	if status != http.StatusOK {
		t.Errorf("M while U is down: %d", status)
	}
	testkit.EventuallyWithin(t, time.Minute, "M's board says the copy is stale", func() bool {
		_, page := get(t, m.URL, "", "/t/"+followedID+"/board?kiosk=1")
		return bytes.Contains(page, []byte(`data-testid="stale"`))
	})
	u = startU(t, rdbU, log)
	target, _ = url.Parse(u.srv.URL)
	proxy.target.Store(target)
	obs.mu.Lock()
	obs.u = u.srv.URL + "/v1/public"
	obs.mu.Unlock()
	backAt := time.Now()
	testkit.EventuallyWithin(t, time.Minute, "M's board no longer stale", func() bool {
		_, page := get(t, m.URL, "", "/t/"+followedID+"/board?kiosk=1")
		return !bytes.Contains(page, []byte(`data-testid="stale"`))
	})
	if phase > 0 {
		time.Sleep(20 * time.Second) // figures for U's changes after it came back
	}
	// Once U rests, M answers exactly as U for every resource: nothing was lost.
	restAt := time.Now()
	u.simStop()
	testkit.EventuallyWithin(t, time.Minute, "M's answers equal U's once U rests", sameOnBoth)
	testkit.EventuallyWithin(t, time.Minute, "the observer sees M's answers equal U's", obs.caughtUp) // every change's delay is measured
	end := time.Now()
	stopObs()
	<-obsDone

	// figures prints how far M was behind U in a phase, and the GETs it sent.
	figures := func(name string, from, to time.Time) {
		var all, courts []time.Duration
		for _, p := range paths {
			ls, _ := obs.lags(p, from, to, end)
			all = append(all, ls...)
			if strings.Contains(p, "/courts") {
				courts = append(courts, ls...)
			}
		}
		gets := proxy.between(from, to)
		t.Logf("%s: %d changes on U; M behind by p50 %v, p99 %v (court board: p50 %v, p99 %v, of %d changes); %.1f GET/min upstream",
			name, len(all), percentile(all, 0.5).Round(time.Millisecond), percentile(all, 0.99).Round(time.Millisecond),
			percentile(courts, 0.5).Round(time.Millisecond), percentile(courts, 0.99).Round(time.Millisecond), len(courts),
			float64(gets)/to.Sub(from).Minutes())
		if len(courts) == 0 && name != "after U restarted" {
			t.Errorf("%s: U's courts did not change: nothing was tested", name)
		}
	}
	figures("polling alone", pollFrom, pollTo)
	figures("with webhooks", hookFrom.Add(3*time.Second), hookTo)
	figures("after U restarted", backAt, restAt)
	t.Logf("most GETs in any minute: %d (budget %d)", proxy.mostInAMinute(), record.DefaultFollowBudget)
	if t.Failed() {
		t.Logf("webhooks from +%.2fs, U down from +%.2fs, back at +%.2fs; M's GETs upstream:%s",
			hookFrom.Sub(start).Seconds(), downAt.Sub(start).Seconds(), backAt.Sub(start).Seconds(), proxy.timeline(start))
	}
}

type courtJSON struct {
	ID           string `json:"id"`
	Number       int    `json:"number"`
	CurrentMatch *struct {
		ID         string                `json:"id"`
		Encounters tournament.Encounters `json:"encounters"`
	} `json:"currentMatch"`
}

// liveScoreShows sends a live score for a running match to M and finds it on U and on M's TV.
func liveScoreShows(t *testing.T, u *instanceU, m *httptest.Server, keyU, keyM string) {
	t.Helper()
	base := "/tournaments/" + followedID
	_, raw := get(t, m.URL+"/v1/public", keyM, base+"/courts?includeMatchDetails=true")
	var courts []courtJSON
	if err := json.Unmarshal(raw, &courts); err != nil {
		t.Fatal(err)
	}
	for _, c := range courts {
		if c.CurrentMatch == nil || len(c.CurrentMatch.Encounters) > 1 {
			continue
		}
		live := tournament.Encounters{{{0, 1}}} // a live score replaces the one before: any running match takes it
		path := base + "/matches/" + c.CurrentMatch.ID + "/live-result"
		status, body := send(t, http.MethodPut, m.URL+"/v1/public", keyM, path, map[string]any{"result": live})
		if status != http.StatusOK {
			t.Logf("live score %v on court %d: %d %s", live, c.Number, status, body)
			continue
		}
		_, onU := get(t, u.srv.URL+"/v1/public", keyU, base+"/matches/"+c.CurrentMatch.ID)
		var mu struct {
			Encounters tournament.Encounters `json:"encounters"`
		}
		_ = json.Unmarshal(onU, &mu)
		if fmt.Sprint(mu.Encounters) != fmt.Sprint(live) {
			t.Errorf("U has %v, M sent %v", mu.Encounters, live)
		}
		_, tv := get(t, m.URL, "", "/t/"+followedID+"/tv")
		tile := string(tv)
		if i := strings.Index(tile, fmt.Sprintf(`data-court="%d"`, c.Number)); i >= 0 {
			tile = tile[i:]
			if k := strings.Index(tile[1:], `data-court="`); k >= 0 {
				tile = tile[:k+1]
			}
		}
		if !strings.Contains(tile, "0:1") {
			t.Errorf("M's TV does not show 0:1 on court %d: %s", c.Number, tile)
		}
		return
	}
	t.Fatal("no running match on M's courts took a live score")
}

// notRunningPassesOn sends a result for a played match to M: U's 412 comes back as U said it.
func notRunningPassesOn(t *testing.T, u *instanceU, m *httptest.Server, keyU, keyM string) {
	t.Helper()
	base := "/tournaments/" + followedID
	_, raw := get(t, m.URL+"/v1/public", keyM, base)
	var tj wire.Tournament
	_ = json.Unmarshal(raw, &tj)
	for _, d := range tj.Disciplines {
		_, raw := get(t, m.URL+"/v1/public", keyM, base+"/disciplines/"+d.ID+"/matches")
		var ms []wire.Match
		_ = json.Unmarshal(raw, &ms)
		for _, mj := range ms {
			if mj.State != tournament.MatchPlayed {
				continue
			}
			path := base + "/matches/" + mj.ID + "/result"
			result := map[string]any{"result": mj.Encounters}
			status, viaM := send(t, http.MethodPut, m.URL+"/v1/public", keyM, path, result)
			_, direct := send(t, http.MethodPut, u.srv.URL+"/v1/public", keyU, path, result)
			if status != http.StatusPreconditionFailed || !bytes.Equal(viaM, direct) {
				t.Errorf("a played match through M: %d %s; U says %s", status, viaM, direct)
			}
			return
		}
	}
	t.Fatal("no played match")
}

func TestFollowCommand(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	storeU := cache.New(redis.NewClient(&redis.Options{Addr: miniredis.RunT(t).Addr()}))
	if err := storeU.LoadDemo(ctx, tournament.NewDemo(DemoSeed, time.Now())); err != nil {
		t.Fatal(err)
	}
	snap, err := storeU.Snapshot(ctx, followedID)
	if err != nil {
		t.Fatal(err)
	}
	token, _, _ := storeU.CreateToken(ctx, snap.Tournament.OrganizerID, "Courtside")
	h, err := web.Routes(web.Config{Store: storeU, Logger: log, RateLimit: 120})
	if err != nil {
		t.Fatal(err)
	}
	u := httptest.NewServer(h)
	defer u.Close()
	env := map[string]string{"REDIS_URL": "redis://" + miniredis.RunT(t).Addr(), "BASE_URL": "https://live.example.org", "WEBHOOK_ALLOW_PRIVATE": "1"}
	getenv := func(k string) string { return env[k] }
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(ctx, args, &out, getenv)
		return out.String(), err
	}

	out, err := run("follow", "--upstream", u.URL+"/v1/public", "--key", token, "--tournament", followedID, "--budget", "30")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || lines[0] != followedID || !strings.HasPrefix(lines[1], "https://live.example.org/hooks/upstream/"+followedID+"/") {
		t.Fatalf("follow: %q %v", out, err)
	}
	out, err = run("follow", "list")
	if err != nil || !strings.Contains(out, followedID) || !strings.Contains(out, "token") || !strings.Contains(out, "/30 per min") || !strings.Contains(out, lines[1]) {
		t.Errorf("follow list: %q %v", out, err)
	}
	if _, err := run("follow", "--upstream", u.URL, "--key", "wrong", "--tournament", followedID); err == nil || !strings.Contains(err.Error(), "refused the key") {
		t.Errorf("a wrong key: %v", err)
	}
	for _, args := range [][]string{{"follow"}, {"follow", "--key", token}, {"follow", "stop"}} {
		if _, err := run(args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: %v", args, err)
		}
	}
	if _, err := run("follow", "stop", followedID); err != nil {
		t.Errorf("stop: %v", err)
	}
	if _, err := run("follow", "stop", followedID); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("stop twice: %v", err)
	}
}
