// Command push measures how long a write takes to reach the pages that
// follow a tournament's live stream: it opens -listeners streams
// (/t/{id}/live, as a board or a TV does), spread over the instances, then
// writes -writes live scores one at a time through the first instance's API
// and notes when each stream hears of each. With -fetch each listener then
// asks for the court board as the page does (HX-Request, If-None-Match), and
// the time to that answer is noted too: the time from a write to the bytes a
// screen shows. It prints p50, p95 and p99 per instance, and the streams'
// memory on each instance (its RSS before and after they opened, per stream).
//
//	go run ./bench/push -targets http://127.0.0.1:18090,http://127.0.0.1:18091 \
//	    -tournament tio:... -token cst_... -listeners 2000 -writes 30 -pids 123,456
//
// bench/push.sh starts redis-server and two instances and runs it for you.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	targets := flag.String("targets", "http://127.0.0.1:8080", "comma-separated base URLs of the instances; streams are spread over them, writes go to the first")
	tid := flag.String("tournament", "", "the tournament the streams follow")
	token := flag.String("token", "", "API token of the tournament's organizer, for the writer")
	listeners := flag.Int("listeners", 100, "streams to open")
	writes := flag.Int("writes", 30, "live scores to write, one at a time")
	fetch := flag.Bool("fetch", false, "after each event, ask for the court board as the page does")
	pids := flag.String("pids", "", "comma-separated process ids of the instances, in the order of -targets, for their memory")
	flag.Parse()
	if *tid == "" || *token == "" {
		log.Fatal("push: -tournament and -token are required")
	}
	bases := strings.Split(*targets, ",")
	procs := strings.Split(*pids, ",")
	hc := &http.Client{Transport: &http.Transport{MaxIdleConns: 2 * *listeners, MaxIdleConnsPerHost: 2 * *listeners}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	before := make([]int64, len(bases))
	for i := range bases {
		before[i] = rss(procs, i)
	}
	// Each listener says when it heard an event, and when the board it then fetched arrived.
	type heard struct {
		instance       int
		event, fetched time.Time
	}
	got := make(chan heard, *listeners)
	var opened sync.WaitGroup
	for i := range *listeners {
		inst := i % len(bases)
		base := bases[inst]
		opened.Add(1)
		go func() {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/t/"+*tid+"/live", nil)
			// Each listener is a client of its own (the limit per client
			// address counts a hall's Wi-Fi as one): the instances trust
			// loopback as a proxy in bench/push.sh.
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("192.0.2.%d", i%250))
			res, err := hc.Do(req)
			if err != nil || res.StatusCode != http.StatusOK {
				log.Fatalf("push: stream %d: %v %v", i, err, res)
			}
			r := bufio.NewReader(res.Body)
			first := true
			etag := ""
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if first { // the first block: the retry, and the version now (the stream names none it shows)
					if line == "\n" {
						first = false
						opened.Done()
					}
					continue
				}
				if !strings.HasPrefix(line, "data: ") {
					continue
				}
				h := heard{instance: inst, event: time.Now()}
				if *fetch {
					etag = board(hc, base+"/t/"+*tid+"/board", etag)
					h.fetched = time.Now()
				}
				got <- h
			}
		}()
	}
	opened.Wait()
	time.Sleep(time.Second) // the instances settle: their memory, then, is the streams'
	after := make([]int64, len(bases))
	for i := range bases {
		after[i] = rss(procs, i)
	}

	match := runningMatch(hc, bases[0], *tid, *token)
	events := make([][]time.Duration, len(bases))
	fetched := make([][]time.Duration, len(bases))
	for k := range *writes {
		body := fmt.Sprintf(`{"result": [[[%d, %d]]]}`, k%2, (k/2)%2)
		req, _ := http.NewRequest(http.MethodPut, bases[0]+"/v1/public/tournaments/"+*tid+"/matches/"+match+"/live-result", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+*token)
		req.Header.Set("Content-Type", "application/json")
		sent := time.Now()
		res, err := hc.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			log.Fatalf("push: write %d: %v %v", k, err, res)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		deadline := time.After(30 * time.Second)
		for range *listeners {
			select {
			case h := <-got:
				events[h.instance] = append(events[h.instance], h.event.Sub(sent))
				if *fetch {
					fetched[h.instance] = append(fetched[h.instance], h.fetched.Sub(sent))
				}
			case <-deadline:
				log.Fatalf("push: write %d: not every stream heard of it within 30 s", k)
			}
		}
		time.Sleep(300 * time.Millisecond) // past a stream's gap between two events: each write is told alone
	}
	for i, base := range bases {
		line := fmt.Sprintf("instance %d (%s): %d streams, write → event %s", i, base, len(events[i])/max(*writes, 1), quantiles(events[i]))
		if *fetch {
			line += ", write → board fetched " + quantiles(fetched[i])
		}
		if before[i] > 0 {
			n := int64(len(events[i]) / max(*writes, 1))
			line += fmt.Sprintf(", RSS %d → %d MB (%.1f KiB a stream)", before[i]>>20, after[i]>>20, float64(after[i]-before[i])/1024/float64(max(n, 1)))
		}
		fmt.Println(line)
	}
}

// board asks for the court board as a page's poll does, and returns its ETag.
func board(hc *http.Client, url, etag string) string {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Target", "board")
	req.Header.Set("Accept-Encoding", "gzip")
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	res, err := hc.Do(req)
	if err != nil {
		log.Fatalf("push: board: %v", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	if t := res.Header.Get("ETag"); t != "" {
		return t
	}
	return etag
}

// runningMatch is the current match of the tournament's first busy court.
func runningMatch(hc *http.Client, base, tid, token string) string {
	req, _ := http.NewRequest(http.MethodGet, base+"/v1/public/tournaments/"+tid+"/courts", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := hc.Do(req)
	if err != nil {
		log.Fatalf("push: courts: %v", err)
	}
	defer func() { _ = res.Body.Close() }()
	var courts []struct {
		CurrentMatchID string `json:"currentMatchId"`
	}
	if err := json.NewDecoder(res.Body).Decode(&courts); err != nil {
		log.Fatalf("push: courts: %v", err)
	}
	for _, c := range courts {
		if c.CurrentMatchID != "" {
			return c.CurrentMatchID
		}
	}
	log.Fatalf("push: no running match on %s", tid)
	return ""
}

// quantiles writes p50/p95/p99 of ds in milliseconds.
func quantiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	slices.Sort(ds)
	q := func(p float64) string {
		return strconv.FormatFloat(float64(ds[int(p*float64(len(ds)-1))])/1e6, 'f', 1, 64)
	}
	return fmt.Sprintf("p50 %s ms, p95 %s ms, p99 %s ms", q(0.50), q(0.95), q(0.99))
}

// rss is the resident memory of the i-th process, in bytes; 0 when unknown.
func rss(pids []string, i int) int64 {
	if i >= len(pids) || pids[i] == "" {
		return 0
	}
	raw, err := os.ReadFile("/proc/" + pids[i] + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
