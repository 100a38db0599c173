// Command noisy measures what the worst one organizer may do costs another:
// while a quiet organizer enters results through the API and reads a page of
// its tournament, a noisy one does the worst each limit allows, all at once,
// over and over: the largest allowed start of every mode
// (tournament.LargestSetup, created, started and deleted), a setup save loop
// at the size limits (every name and the description at their longest, the
// most entries), and an import of the largest allowed file (matches per
// tournament at the limit, each with its audit log, close to the file size
// limit). It prints the quiet organizer's p50/p99 alone and with the noisy
// one beside, and what Redis' SLOWLOG and LATENCY saw meanwhile.
//
// The quiet organizer talks to a Courtside server over HTTP (-server); the
// noisy one works through a store of its own on the same Redis, as another
// instance serving it would.
//
//	go run ./bench/noisy -server http://127.0.0.1:18095 -redis 127.0.0.1:6402 \
//	    -token cst_... -tournament tio:... -duration 30s
//
// bench/noisy.sh starts Redis on port 6402 and a server, and runs it for you.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/app"
	"courtside/cache"
	"courtside/tournament"
)

func main() {
	phase := flag.String("phase", "all", "alone: measure the quiet organizer alone and keep the figures in -baseline; "+
		"noisy: run the noisy organizer for -duration; beside: measure the quiet organizer again and compare; all: the three in one process")
	server := flag.String("server", "http://127.0.0.1:18095", "the Courtside server the quiet organizer uses")
	addr := flag.String("redis", "127.0.0.1:6402", "the Redis both use")
	token := flag.String("token", "", "the quiet organizer's API token")
	tid := flag.String("tournament", "", "the quiet organizer's running tournament")
	duration := flag.Duration("duration", 30*time.Second, "how long each phase measures")
	every := flag.Duration("every", 50*time.Millisecond, "the quiet organizer's pace: a result and a page each")
	only := flag.String("only", "", "run only this of the noisy organizer's loops: starts, saves, imports, quota, rankings or search")
	baseline := flag.String("baseline", "", "where the alone phase keeps its figures for the beside phase")
	ready := flag.String("ready", "", "a file the noisy phase makes once its loops run")
	flag.Parse()
	rdb := redis.NewClient(&redis.Options{Addr: *addr, PoolSize: 16})
	ctx := context.Background()
	quiet := &quietOrganizer{hc: &http.Client{Timeout: time.Minute}, base: *server, token: *token, tid: *tid}
	if *phase != "noisy" && (*token == "" || *tid == "") {
		log.Fatal("noisy: -token and -tournament are required")
	}

	var alone timings
	if *phase == "alone" || *phase == "all" {
		fmt.Printf("quiet organizer: a PUT …/result and a GET of its tournament page every %v; %v a phase\n", *every, *duration)
		alone = quiet.run(ctx, *duration, *every)
		report("alone", alone, nil)
		if *baseline != "" {
			raw, _ := json.Marshal(alone)
			must(os.WriteFile(*baseline, raw, 0o600))
		}
		if *phase == "alone" {
			return
		}
	}
	if *phase == "beside" {
		raw, err := os.ReadFile(*baseline)
		must(err)
		must(json.Unmarshal(raw, &alone))
	}
	watch := func() {
		must(rdb.ConfigSet(ctx, "slowlog-log-slower-than", "10000").Err()) // 10 ms
		must(rdb.ConfigSet(ctx, "slowlog-max-len", "1024").Err())
		must(rdb.ConfigSet(ctx, "latency-monitor-threshold", "10").Err())
		must(rdb.SlowLogReset(ctx).Err())
		must(rdb.Do(ctx, "LATENCY", "RESET").Err())
	}
	if *phase == "beside" {
		watch()
		beside := quiet.run(ctx, *duration, *every)
		report("beside the noisy one", beside, &alone)
		slow(ctx, rdb)
		return
	}

	noisy, err := newNoisyOrganizer(ctx, rdb, *server, *only)
	if err != nil {
		log.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	loops := map[string]func(stop <-chan struct{}){"starts": noisy.starts, "saves": noisy.saves, "imports": noisy.imports,
		"quota": noisy.atQuota, "rankings": noisy.coldRankings, "search": noisy.searchFlood}
	for name, work := range loops {
		if *only == "" && (name == "quota" || name == "rankings" || name == "search") {
			continue // the organizer at its quota is a case of its own: -only quota, rankings or search
		}
		if *only != "" && name != *only {
			continue
		}
		wg.Add(1)
		go func() { defer wg.Done(); work(stop) }()
	}
	if *phase == "noisy" {
		if *ready != "" {
			must(os.WriteFile(*ready, nil, 0o600))
		}
		time.Sleep(*duration)
		close(stop)
		wg.Wait()
		noisy.report()
		return
	}
	watch()
	beside := quiet.run(ctx, *duration, *every)
	close(stop)
	wg.Wait()
	report("beside the noisy one", beside, &alone)
	noisy.report()
	slow(ctx, rdb)
}

// quietOrganizer enters final results of its running matches through the
// API and reads its tournament's page, one of each per beat.
type quietOrganizer struct {
	hc               *http.Client
	base, token, tid string
	// queue holds running matches from the last look at the courts, which
	// is taken at most once a second: the API allows a key 120 GETs a minute.
	queue  []string
	looked time.Time
}

type timings struct {
	Put  []time.Duration `json:"put"`
	Page []time.Duration `json:"page"`
}

func (q *quietOrganizer) run(ctx context.Context, d, every time.Duration) timings {
	var out timings
	tick := time.NewTicker(every)
	defer tick.Stop()
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		<-tick.C
		if m := q.running(ctx); m != "" {
			t0 := time.Now()
			code := q.do(ctx, http.MethodPut, "/v1/public/tournaments/"+q.tid+"/matches/"+m+"/result", `{"result": [[[7, 3]]]}`)
			if code == http.StatusOK || code == http.StatusNoContent {
				out.Put = append(out.Put, time.Since(t0))
			} else if code != http.StatusPreconditionFailed && code != http.StatusConflict {
				log.Printf("PUT result: %d", code)
			}
		}
		t0 := time.Now()
		if code := q.do(ctx, http.MethodGet, "/t/"+q.tid, ""); code != http.StatusOK {
			log.Printf("GET page: %d", code)
		}
		out.Page = append(out.Page, time.Since(t0))
	}
	return out
}

// running finds a running match of the tournament (autoCall keeps the courts busy).
func (q *quietOrganizer) running(ctx context.Context) string {
	if len(q.queue) == 0 && time.Since(q.looked) > time.Second {
		q.looked = time.Now()
		q.queue = q.courts(ctx)
	}
	if len(q.queue) == 0 {
		return ""
	}
	m := q.queue[0]
	q.queue = q.queue[1:]
	return m
}

// courts returns the matches running on the courts now.
func (q *quietOrganizer) courts(ctx context.Context) []string {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, q.base+"/v1/public/tournaments/"+q.tid+"/courts", nil)
	req.Header.Set("Authorization", "Bearer "+q.token)
	resp, err := q.hc.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		log.Fatalf("courts: %d %s", resp.StatusCode, body)
	}
	var courts []struct {
		Match string `json:"currentMatchId"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&courts); err != nil {
		log.Fatalf("courts: %v", err)
	}
	var out []string
	for _, c := range courts {
		if c.Match != "" {
			out = append(out, c.Match)
		}
	}
	return out
}

func (q *quietOrganizer) do(ctx context.Context, method, path, body string) int {
	req, _ := http.NewRequestWithContext(ctx, method, q.base+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+q.token)
	resp, err := q.hc.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func report(phase string, t timings, base *timings) {
	line := func(what string, ds []time.Duration, was []time.Duration) {
		l := fmt.Sprintf("  %-14s n=%-5d p50 %-9v p99 %-9v max %-9v", what, len(ds), pct(ds, .5).Round(10*time.Microsecond), pct(ds, .99).Round(10*time.Microsecond), pct(ds, 1).Round(10*time.Microsecond))
		if was != nil {
			l += fmt.Sprintf(" p99 %.2f× alone", float64(pct(ds, .99))/float64(pct(was, .99)))
		}
		fmt.Println(strings.TrimRight(l, " "))
	}
	fmt.Printf("quiet organizer, %s:\n", phase)
	if base == nil {
		line("PUT result", t.Put, nil)
		line("GET page", t.Page, nil)
		return
	}
	line("PUT result", t.Put, base.Put)
	line("GET page", t.Page, base.Page)
}

// noisyOrganizer does the worst each limit allows, in three loops at once.
type noisyOrganizer struct {
	rdb    redis.UniversalClient
	store  *cache.Store
	org    tournament.Organizer
	file   *cache.Export
	size   int
	server string // the Courtside server, for the search flood
	shared string // a shared tournament of the organizer at its quota, searched

	mu    sync.Mutex
	times map[string][]time.Duration
}

func newNoisyOrganizer(ctx context.Context, rdb redis.UniversalClient, server, only string) (*noisyOrganizer, error) {
	store := cache.New(rdb)
	org, ps := tournament.NewOrganizer("Noisy Club", fmt.Sprintf("noisy-%d", time.Now().UnixNano()), "table_soccer")
	if len(ps) > 0 {
		return nil, ps
	}
	if err := store.CreateOrganizer(ctx, org); err != nil {
		return nil, err
	}
	n := &noisyOrganizer{rdb: rdb, store: store, org: org, server: server, times: map[string][]time.Duration{}}
	raw, x, err := largestFile(org, store.Now())
	if err != nil {
		return nil, err
	}
	n.file, n.size = x, len(raw)
	if only == "quota" || only == "rankings" || only == "search" {
		return n, n.fill(ctx)
	}
	fmt.Printf("noisy organizer: the largest start of each mode (starts), a setup save loop at the size limits (saves), and an import of a %.1f MB file of %d matches (imports)\n",
		float64(len(raw))/(1<<20), len(x.Matches))
	return n, nil
}

func (n *noisyOrganizer) note(what string, d time.Duration) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.times[what] = append(n.times[what], d)
}

func (n *noisyOrganizer) starts(stop <-chan struct{}) {
	ctx := context.Background()
	for {
		for _, mode := range tournament.Modes {
			select {
			case <-stop:
				return
			default:
			}
			t0 := time.Now()
			snap, err := n.store.CreateTournament(ctx, n.org, tournament.LargestSetup(mode, n.org.Slug))
			if err != nil {
				log.Fatalf("create %s: %v", mode, err)
			}
			if _, _, err := n.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(n.store.Now()) }); err != nil {
				log.Fatalf("start %s: %v", mode, err)
			}
			n.note("start "+string(mode), time.Since(t0))
			if err := n.store.DeleteTournament(ctx, snap.Tournament.ID); err != nil {
				log.Fatalf("delete %s: %v", mode, err)
			}
		}
	}
}

// saves saves a setup at the size limits again and again, as the console
// would: the most entries, every name and the description at their longest.
func (n *noisyOrganizer) saves(stop <-chan struct{}) {
	ctx := context.Background()
	setup := func(v int) *tournament.Setup {
		long := func(prefix string, i int) string {
			s := fmt.Sprintf("%s %d %d ", prefix, v, i)
			return s + strings.Repeat("x", tournament.MaxNameLength-len(s))
		}
		s := tournament.LargestSetup(tournament.Swiss, n.org.Slug)
		s.Name, s.Description = long("Name", 0), strings.Repeat("d", tournament.MaxDescriptionLength)
		s.Courts = make([]string, tournament.MaxSetupCourts)
		for i := range s.Courts {
			s.Courts[i] = long("Court", i)
		}
		d := &s.Disciplines[0]
		d.EntryType = tournament.EntryTeamName
		d.Name = long("Discipline", 0)
		for i := range d.Entries {
			d.Entries[i].Name = long("Team", i)
		}
		d.Stages[0].Name = long("Stage", 0)
		d.Stages[0].Encounters = make([]string, tournament.MaxEncounters)
		for i := range d.Stages[0].Encounters {
			d.Stages[0].Encounters[i] = long("Encounter", i)
		}
		return s
	}
	snap, err := n.store.CreateTournament(ctx, n.org, setup(0))
	if err != nil {
		log.Fatalf("the largest setup: %v", err)
	}
	for v := 1; ; v++ {
		select {
		case <-stop:
			_ = n.store.DeleteTournament(ctx, snap.Tournament.ID)
			return
		default:
		}
		s := setup(v)
		t0 := time.Now()
		_, _, err := n.store.Write(ctx, snap, func(snap *tournament.Snapshot) (*tournament.Change, error) { return snap.Reconfigure(s, n.store.Now()) })
		if err != nil {
			log.Fatalf("save: %v", err)
		}
		n.note("setup save", time.Since(t0))
		if snap, err = n.store.Snapshot(ctx, snap.Tournament.ID); err != nil {
			log.Fatal(err)
		}
	}
}

func (n *noisyOrganizer) imports(stop <-chan struct{}) {
	ctx := context.Background()
	for {
		select {
		case <-stop:
			return
		default:
		}
		t0 := time.Now()
		id, err := n.store.Import(ctx, n.org, n.file)
		if err != nil {
			log.Fatalf("import: %v", err)
		}
		n.note("import", time.Since(t0))
		t0 = time.Now()
		if _, err := cache.New(n.rdb).Snapshot(ctx, id); err != nil { // a first read: a store that has not seen it loads it whole
			log.Fatalf("read the import: %v", err)
		}
		n.note("first read of the import", time.Since(t0))
		if err := n.store.DeleteTournament(ctx, id); err != nil {
			log.Fatalf("delete the import: %v", err)
		}
	}
}

func (n *noisyOrganizer) report() {
	n.mu.Lock()
	defer n.mu.Unlock()
	fmt.Println("noisy organizer, each step (wall time, of which Redis is a part):")
	for _, what := range slices.Sorted(func(yield func(string) bool) {
		for k := range n.times {
			if !yield(k) {
				return
			}
		}
	}) {
		ds := n.times[what]
		fmt.Printf("  %-34s n=%-6d p50 %-9v p99 %-9v max %v\n", what, len(ds), pct(ds, .5).Round(100*time.Microsecond), pct(ds, .99).Round(100*time.Microsecond), pct(ds, 1).Round(time.Millisecond))
	}
}

// largestFile is an export at the limits of an import: matches per
// tournament (four round robins of the largest group, drawn without the
// start's limit, as a tournament played over a weekend comes to), each
// match with as many audit entries as fit under the file size limit.
func largestFile(org tournament.Organizer, now time.Time) ([]byte, *cache.Export, error) {
	base := tournament.LargestSetup(tournament.RoundRobin, org.Slug)
	per := 0
	for per < 4 && (per+1)*tournament.MaxRoundRobinEntries*(tournament.MaxRoundRobinEntries-1)/2 <= tournament.MaxMatches {
		per++
	}
	s := *base
	s.Disciplines = nil
	for i := range per {
		d := base.Disciplines[0]
		d.ShortName = fmt.Sprintf("RR%d", i)
		d.Entries = slices.Clone(d.Entries)
		for k := range d.Entries {
			d.Entries[k].Name = fmt.Sprintf("D%d Player %d", i, k+1)
		}
		s.Disciplines = append(s.Disciplines, d)
	}
	t, entries := tournament.Build(&s, org, tournament.RandomIDs())
	es := map[string]*tournament.Entry{}
	for _, e := range entries {
		es[e.ID] = e
	}
	c, err := tournament.NewSnapshot(1, t, org, nil, es).Start(now)
	if err != nil {
		return nil, nil, err
	}
	x := &cache.Export{Format: cache.ExportFormat, Organizer: org, Tournament: c.Tournament, Entries: entries, Matches: c.Matches,
		Audit: map[string][]tournament.AuditEntry{}}
	one, _ := json.Marshal(tournament.AuditEntry{MatchID: c.Matches[0].ID, By: "bench (console)", At: tournament.At(now), Final: true,
		Old: tournament.Encounters{{{5, 7}}}, New: tournament.Encounters{{{7, 5}}}})
	rest, _ := json.Marshal(x)
	each := min(tournament.AuditCap, (tournament.MaxImportFileBytes*9/10-len(rest))/(len(one)+1)/len(c.Matches))
	for _, m := range c.Matches {
		as := make([]tournament.AuditEntry, each)
		for i := range as {
			as[i] = tournament.AuditEntry{MatchID: m.ID, By: "bench (console)", At: tournament.At(now.Add(-time.Duration(i) * time.Minute)), Final: i == 0,
				Old: tournament.Encounters{{{5, 7}}}, New: tournament.Encounters{{{7, 5}}}}
		}
		x.Audit[m.ID] = as
	}
	raw, err := json.Marshal(x)
	if err != nil {
		return nil, nil, err
	}
	checked, err := cache.ParseExport(raw)
	if err != nil {
		var ps tournament.Problems
		if errors.As(err, &ps) && len(ps) > 5 {
			err = ps[:5]
		}
		return nil, nil, fmt.Errorf("the largest file is refused: %w", err)
	}
	return raw, checked, nil
}

// fill makes the organizer the largest its quota allows: imports of four
// round robins of 64, every match played (8,064 rated matches each, its
// players registered), until the next would pass its quota of matches;
// then its quota of tournaments is what it has, so every creation is refused.
func (n *noisyOrganizer) fill(ctx context.Context) error {
	t0 := time.Now()
	now := n.store.Now()
	var players []tournament.RegisteredPlayer
	links := map[string]string{}
	ids := map[string]string{} // entry name → registered player
	for done := 0; done+len(n.file.Matches) <= tournament.MaxMatchesPerOrganizer; done += len(n.file.Matches) {
		x := *n.file
		t := *x.Tournament
		t.ID, t.Public = fmt.Sprintf("tio:full%02d%d", done/len(x.Matches), now.UnixNano()%1e6), true
		x.Tournament, x.Audit = &t, nil
		x.Matches = make([]*tournament.Match, len(n.file.Matches))
		for i, m := range n.file.Matches {
			c := *m
			c.State, c.Encounters, c.EndTime = tournament.MatchPlayed, tournament.Encounters{{{7, i % 7}}}, tournament.At(now.Add(time.Duration(done+i)*time.Minute))
			x.Matches[i] = &c
		}
		id, err := n.store.Import(ctx, n.org, &x)
		if err != nil {
			return fmt.Errorf("fill: %w", err)
		}
		if n.shared == "" {
			n.shared = id
		}
		for _, e := range x.Entries {
			pid := ids[e.Name]
			if pid == "" {
				pid = cache.NewPlayerID()
				ids[e.Name] = pid
				players = append(players, tournament.RegisteredPlayer{ID: pid, Name: e.Name})
			}
			links[tournament.LinkKey(id, e.ID)] = pid
		}
	}
	if err := n.store.LinkPlayers(ctx, n.org.ID, players, links); err != nil {
		return err
	}
	u, err := n.store.Usage(ctx, n.org.ID)
	if err != nil {
		return err
	}
	if err := n.store.SetQuota(ctx, n.org.ID, tournament.Quota{Tournaments: u.Tournaments}); err != nil {
		return err
	}
	fmt.Printf("noisy organizer at its quota: %d tournaments, %d of %d matches played and rated, %d registered players (filled in %v)\n",
		u.Tournaments, u.Matches, tournament.MaxMatchesPerOrganizer, len(players), time.Since(t0).Round(time.Second))
	return nil
}

// atQuota is the organizer at its quota going on: a creation (refused by
// its quota of tournaments), then writes as fast as it can (a court
// renamed), past its writes a minute.
func (n *noisyOrganizer) atQuota(stop <-chan struct{}) {
	ctx := context.Background()
	snap, err := n.store.Snapshot(ctx, n.shared)
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		t0 := time.Now()
		if i%100 == 0 {
			if _, err := n.store.CreateTournament(ctx, n.org, tournament.LargestSetup(tournament.RoundRobin, n.org.Slug)); err == nil {
				log.Fatal("a creation past the quota was made")
			} else if _, ok := cache.IsQuota(err); !ok {
				log.Fatalf("create: %v", err)
			}
			n.note("creation refused by its quota", time.Since(t0))
			continue
		}
		_, _, err := n.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.RenameCourt(s.Tournament.Courts[0].ID, fmt.Sprintf("Court %d", i), n.store.Now())
		})
		if q, ok := cache.IsQuota(err); ok {
			n.note("write refused by its quota", time.Since(t0))
			time.Sleep(min(q.RetryAfter, 100*time.Millisecond))
			continue
		}
		if err != nil && !errors.Is(err, cache.ErrConflict) {
			log.Fatalf("write: %v", err)
		}
		n.note("write", time.Since(t0))
		if snap, err = n.store.Snapshot(ctx, n.shared); err != nil {
			log.Fatal(err)
		}
	}
}

// coldRankings computes the organizer's rankings again and again as a new
// instance would on its first request: nothing held in memory, every
// tournament read from Redis.
func (n *noisyOrganizer) coldRankings(stop <-chan struct{}) {
	ctx := context.Background()
	for {
		select {
		case <-stop:
			return
		default:
		}
		t0 := time.Now()
		book := &app.RankingsBook{Store: cache.New(n.rdb)}
		st, err := book.State(ctx, n.org.ID)
		if err != nil {
			log.Fatalf("rankings: %v", err)
		}
		if len(st.Matches) == 0 {
			log.Fatal("rankings: no rated match")
		}
		n.note(fmt.Sprintf("cold rankings (%d matches)", len(st.Matches)), time.Since(t0))
	}
}

// searchFlood searches for players on the organizer's shared tournament from
// one address, from 16 connections at once, as fast as the server answers.
func (n *noisyOrganizer) searchFlood(stop <-chan struct{}) {
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				t0 := time.Now()
				resp, err := hc.Get(fmt.Sprintf("%s/t/%s?q=Player+%d", n.server, n.shared, (w*31+i)%64+1))
				if err != nil {
					log.Fatalf("search: %v", err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
				n.note(fmt.Sprintf("search answered %d", resp.StatusCode), time.Since(t0))
			}
		})
	}
	wg.Wait()
}

// slow prints what Redis' SLOWLOG (commands over 10 ms) and LATENCY saw.
func slow(ctx context.Context, rdb *redis.Client) {
	logs, err := rdb.SlowLogGet(ctx, 1024).Result()
	must(err)
	fmt.Printf("redis SLOWLOG (over 10 ms) meanwhile: %d commands", len(logs))
	slices.SortFunc(logs, func(a, b redis.SlowLog) int { return int(b.Duration - a.Duration) })
	if len(logs) > 0 {
		fmt.Printf(", the slowest:")
	}
	fmt.Println()
	for _, l := range logs[:min(5, len(logs))] {
		args := l.Args
		if len(args) > 4 { // the command, a key, and how many arguments Redis left out
			args = []string{args[0], args[3], args[len(args)-1]}
		}
		for i := range args {
			if len(args[i]) > 40 {
				args[i] = args[i][:40] + "…"
			}
		}
		fmt.Printf("  %-9v %s\n", l.Duration.Round(100*time.Microsecond), strings.Join(args, " "))
	}
	latest, err := rdb.Do(ctx, "LATENCY", "LATEST").Slice()
	must(err)
	fmt.Printf("redis LATENCY LATEST (events over 10 ms):")
	if len(latest) == 0 {
		fmt.Print(" none")
	}
	fmt.Println()
	for _, e := range latest {
		ev, _ := e.([]any)
		if len(ev) >= 4 {
			fmt.Printf("  %v: latest %v ms, max %v ms\n", ev[0], ev[2], ev[3])
		}
	}
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
