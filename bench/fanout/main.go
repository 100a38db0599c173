// Command fanout simulates a hall and its audience: thousands of TVs and
// phones that each poll a tournament's live part every few seconds with their
// own ETag, spread over several Courtside instances, while an API client
// writes live scores. It prints the latency of a poll (p50, p99), how many
// polls were 200 and 304, and, when given the Redis nodes, how many commands
// per second Redis served meanwhile.
//
//	go run ./bench/fanout -targets http://127.0.0.1:18080,http://127.0.0.1:18082 \
//	    -tournament tio:... -clients 10000 -every 3s -duration 60s \
//	    -token cst_... -writes 2 -redis 127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002
//
// bench/fanout.sh starts a cluster and two instances and runs it for you.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

func main() {
	targets := flag.String("targets", "http://127.0.0.1:8080", "comma-separated base URLs of the instances; clients are spread over them")
	tid := flag.String("tournament", "", "the tournament the audience watches")
	clients := flag.Int("clients", 10000, "TVs and phones polling")
	every := flag.Duration("every", 3*time.Second, "how often each one polls")
	duration := flag.Duration("duration", 60*time.Second, "how long to measure (after one round of first loads)")
	token := flag.String("token", "", "API token of the tournament's organizer, for the writer")
	writes := flag.Float64("writes", 0, "live scores written per second through the API")
	nodes := flag.String("redis", "", "comma-separated Redis master addresses, to count the commands they serve")
	flag.Parse()
	if *tid == "" {
		log.Fatal("fanout: -tournament is required")
	}
	bases := strings.Split(*targets, ",")
	transport := &http.Transport{MaxIdleConns: *clients, MaxIdleConnsPerHost: *clients, IdleConnTimeout: time.Minute}
	hc := &http.Client{Transport: transport, Timeout: 30 * time.Second}

	ctx, cancel := context.WithCancel(context.Background())
	var rec recorder
	var wg sync.WaitGroup
	measuring := atomic.Bool{}
	for i := range *clients {
		base := bases[i%len(bases)]
		// Two TVs in three show the court board, the rest are phones on the tournament page.
		url, target := base+"/t/"+*tid+"/board", "board"
		if i%3 == 2 {
			url, target = base+"/t/"+*tid, "live"
		}
		wg.Go(func() { poll(ctx, hc, url, target, *every, &measuring, &rec) })
	}
	// One round of first loads, then measure.
	time.Sleep(*every + time.Second)
	before := commands(*nodes)
	measuring.Store(true)
	start := time.Now()
	var writer sync.WaitGroup
	if *writes > 0 {
		writer.Go(func() { write(ctx, hc, bases[0], *tid, *token, *writes, &rec) })
	}
	time.Sleep(*duration)
	measuring.Store(false)
	elapsed := time.Since(start)
	after := commands(*nodes)
	cancel()
	wg.Wait()
	writer.Wait()
	rec.report(os.Stdout, elapsed, *clients, before, after)
}

// poll is one TV or phone: it asks for the live part with its ETag, as
// static/js/courtside.js does, every period, starting at a random moment.
func poll(ctx context.Context, hc *http.Client, url, target string, every time.Duration, measuring *atomic.Bool, rec *recorder) {
	var etag string
	t := time.NewTimer(rand.N(every))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		t.Reset(every)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", target)
		req.Header.Set("Accept-Encoding", "gzip")
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		began := time.Now()
		res, err := hc.Do(req)
		if err != nil {
			if ctx.Err() == nil && measuring.Load() {
				rec.fail()
			}
			continue
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if tag := res.Header.Get("ETag"); tag != "" {
			etag = tag
		}
		if measuring.Load() {
			rec.add(res.StatusCode, time.Since(began))
		}
	}
}

// write sends live scores to the tournament's running matches at the rate.
func write(ctx context.Context, hc *http.Client, base, tid, token string, rate float64, rec *recorder) {
	api := base + "/v1/public/tournaments/" + tid
	get := func(url string, v any) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer func() { _ = res.Body.Close() }()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: %s", url, res.Status)
		}
		return json.NewDecoder(res.Body).Decode(v)
	}
	var courts []struct {
		CurrentMatchID string `json:"currentMatchId"`
	}
	if err := get(api+"/courts", &courts); err != nil {
		log.Printf("fanout: writer: %v", err)
		return
	}
	var running []string
	for _, c := range courts {
		if c.CurrentMatchID != "" {
			running = append(running, c.CurrentMatchID)
		}
	}
	if len(running) == 0 {
		log.Printf("fanout: writer: no running match on %s", tid)
		return
	}
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	for k := 1; ; k++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		body := fmt.Sprintf(`{"result": [[[%d, %d]]]}`, k%2, (k/2)%2)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, api+"/matches/"+running[k%len(running)]+"/live-result", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := hc.Do(req)
		if err != nil {
			continue
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		rec.wrote(res.StatusCode == http.StatusOK)
	}
}

// commands is the total of commands the Redis nodes have processed.
func commands(nodes string) int64 {
	if nodes == "" {
		return 0
	}
	var total int64
	for _, addr := range strings.Split(nodes, ",") {
		c := redis.NewClient(&redis.Options{Addr: addr})
		info, err := c.Info(context.Background(), "stats").Result()
		_ = c.Close()
		if err != nil {
			log.Printf("fanout: redis %s: %v", addr, err)
			continue
		}
		for _, line := range strings.Split(info, "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_commands_processed:"); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				total += n
			}
		}
	}
	return total
}

type recorder struct {
	mu        sync.Mutex
	latencies []time.Duration
	status    map[int]int
	failures  int
	written   [2]int // refused, accepted
}

func (r *recorder) add(status int, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status == nil {
		r.status = map[int]int{}
	}
	r.status[status]++
	r.latencies = append(r.latencies, d)
}

func (r *recorder) fail() {
	r.mu.Lock()
	r.failures++
	r.mu.Unlock()
}

func (r *recorder) wrote(ok bool) {
	r.mu.Lock()
	if ok {
		r.written[1]++
	} else {
		r.written[0]++
	}
	r.mu.Unlock()
}

func (r *recorder) report(w io.Writer, elapsed time.Duration, clients int, before, after int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	slices.Sort(r.latencies)
	q := func(p float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
	}
	secs := elapsed.Seconds()
	var b strings.Builder
	fmt.Fprintf(&b, "clients %d, measured %.0f s: %d polls (%.0f/s), p50 %v, p99 %v, max %v\n",
		clients, secs, len(r.latencies), float64(len(r.latencies))/secs, q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), q(1).Round(time.Millisecond))
	fmt.Fprintf(&b, "status: 200 %d, 304 %d, other %d, failed %d; writes accepted %d, refused %d\n",
		r.status[200], r.status[304], len(r.latencies)-r.status[200]-r.status[304], r.failures, r.written[1], r.written[0])
	if after > 0 {
		fmt.Fprintf(&b, "redis: %.0f commands/s over all masters (%.2f per poll)\n", float64(after-before)/secs, float64(after-before)/max(1, float64(len(r.latencies))))
	}
	_, _ = io.WriteString(w, b.String()) // a report nobody can read is no reason to fail the run
}
