package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/internal/testkit"

	"github.com/PuerkitoBio/goquery"
)

// server is the real courtside binary, started with a data directory.
type binServer struct {
	cmd            *exec.Cmd
	base, setupURL string
	banner         string
}

var (
	servingLine = regexp.MustCompile(`serving on (http://\S+)`)
	setupLine   = regexp.MustCompile(`Setup:\s+\S+(/setup/\S+)`)
)

// startServer starts bin with --data dir and waits for its banner.
func startServer(t *testing.T, bin, dir string) *binServer {
	t.Helper()
	return startBinary(t, bin, "serve", "--data", dir, "--addr", "127.0.0.1:0")
}

// startBinary starts bin with the arguments, without REDIS_URL or DATA_DIR,
// and waits for its banner.
func startBinary(t *testing.T, bin string, args ...string) *binServer {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LOG_LEVEL=warn", "REDIS_URL=", "DATA_DIR=")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	s := &binServer{cmd: cmd}
	lines := bufio.NewScanner(out)
	banner := make(chan string, 1)
	go func() {
		var b strings.Builder
		for lines.Scan() {
			b.WriteString(lines.Text() + "\n")
			// The banner ends with where the data is, or with the embedded demo's keys.
			if l := lines.Text(); strings.Contains(l, "Try:") || strings.Contains(l, "Data:") && !strings.Contains(l, "embedded") {
				banner <- b.String()
			}
		}
		close(banner)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case b, ok := <-banner:
		if !ok {
			t.Fatal("the server ended before its banner")
		}
		s.banner = b
	case <-time.After(2 * time.Minute): // a ceiling against hanging, not a performance target
		t.Fatal("no banner")
	}
	m := servingLine.FindStringSubmatch(s.banner)
	if m == nil {
		t.Fatalf("banner without an address:\n%s", s.banner)
	}
	s.base = m[1]
	if m := setupLine.FindStringSubmatch(s.banner); m != nil {
		s.setupURL = s.base + m[1]
	}
	return s
}

// kill ends the server with SIGKILL: no shutdown, no flush, as a crash would.
func (s *binServer) kill(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = s.cmd.Wait()
}

type browser struct {
	t *testing.T
	c *http.Client
}

func newBrowser(t *testing.T) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, c: &http.Client{Jar: jar, Timeout: time.Minute}}
}

func (b *browser) post(u string, form url.Values) (*http.Response, *goquery.Document) {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	doc, err := goquery.NewDocumentFromReader(res.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return res, doc
}

// callAPI calls the Tournament Public API with the token.
func callAPI(method, u, token string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, u, r)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, raw, err
}

// buildBinary builds courtside into dir.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "courtside")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	return bin
}

// clubDay is a club's first run in the browser on a new server: the
// organizer made on the setup page (the browser signed in, and its API
// token), a tournament of eight players on four terrains made and started in
// the console; it returns the matches running.
func clubDay(t *testing.T, srv *binServer) (b *browser, token, tid string, running []string) {
	t.Helper()
	if srv.setupURL == "" {
		t.Fatalf("no setup address in the first banner:\n%s", srv.banner)
	}
	b = newBrowser(t)
	res, doc := b.post(srv.setupURL, url.Values{"name": {"Boule Club Lyon"}, "sport": {"petanque"}})
	token = strings.TrimSpace(doc.Find(`[data-testid="setup-token"]`).Text())
	if res.StatusCode != http.StatusOK || token == "" {
		t.Fatalf("setup: %d, token %q", res.StatusCode, token)
	}
	res, _ = b.post(srv.base+"/admin/new", url.Values{
		"name": {"Saturday"}, "start": {"2026-11-28T09:00"}, "courts": {"4"}, "autoCall": {"on"}, "disciplines": {"1"},
		"d0.name": {"Singles"}, "d0.shortName": {"S"}, "d0.entryType": {"single"},
		"d0.entries": {"Ana\nBen\nCem\nDan\nEva\nFyn\nGus\nHal"},
		"d0.stages":  {"1"}, "d0.s0.name": {"Pool"}, "d0.s0.mode": {"round_robin"}, "d0.s0.numPoints": {"13"}, "d0.s0.numSets": {"1"},
		"action": {"save"},
	})
	id := regexp.MustCompile(`/admin/t/([^/]+)/setup`).FindStringSubmatch(res.Request.URL.Path)
	if id == nil {
		t.Fatalf("no tournament made: ended at %s (%d)", res.Request.URL, res.StatusCode)
	}
	tid = id[1]
	if res, _ := b.post(srv.base+"/admin/t/"+tid+"/start", url.Values{}); res.StatusCode != http.StatusOK {
		t.Fatalf("start: %d", res.StatusCode)
	}
	var courts []struct {
		CurrentMatchID string `json:"currentMatchId"`
	}
	status, raw, err := callAPI(http.MethodGet, srv.base+"/v1/public/tournaments/"+tid+"/courts", token, nil)
	if err != nil || status != 200 || json.Unmarshal(raw, &courts) != nil {
		t.Fatalf("courts: %d %v %s", status, err, raw)
	}
	for _, c := range courts {
		if c.CurrentMatchID != "" {
			running = append(running, c.CurrentMatchID)
		}
	}
	if len(running) < 2 {
		t.Fatalf("%d matches running, want several: %s", len(running), raw)
	}
	return b, token, tid, running
}

// score is the first set's score of the match's first player, -1 without one.
func score(t *testing.T, srv *binServer, tid, match, token string) int {
	t.Helper()
	status, raw, err := callAPI(http.MethodGet, srv.base+"/v1/public/tournaments/"+tid+"/matches/"+match, token, nil)
	if err != nil || status != 200 {
		t.Fatalf("match %s: %d %v", match, status, err)
	}
	var m struct {
		Encounters [][][2]int `json:"encounters"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Encounters) > 0 && len(m.Encounters[0]) > 0 {
		return m.Encounters[0][0][0]
	}
	return -1
}

// TestDataDirSurvivesKill9 runs the real binary with --data: the first-run
// setup, a tournament made and started in the console, live results sent
// through the API by two clients while the process is killed with SIGKILL.
// After a restart every acknowledged result is there: for each match the
// last acknowledged one, or the one that was in flight when the process died.
func TestDataDirSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	tmp := t.TempDir()
	bin := buildBinary(t, tmp)
	dir := filepath.Join(tmp, "data")
	srv := startServer(t, bin, dir)
	if !strings.Contains(srv.banner, "kept in "+dir) {
		t.Errorf("the banner does not say where the data is kept:\n%s", srv.banner)
	}
	_, token, tid, running := clubDay(t, srv)

	// Two clients send live results until the process dies under them.
	type sent struct {
		acked, inFlight int // the score of the last acknowledged result, and of the one sent after it
	}
	var mu sync.Mutex
	results := map[string]*sent{}
	for _, m := range running {
		results[m] = &sent{acked: -1, inFlight: -1}
	}
	acked := make(chan struct{}, 1000)
	var writers sync.WaitGroup
	for w := range 2 {
		writers.Go(func() {
			for i := 0; ; i++ {
				m := running[(w+2*i)%len(running)]
				score := i % 13
				mu.Lock()
				results[m].inFlight = score
				mu.Unlock()
				status, _, err := callAPI(http.MethodPut, srv.base+"/v1/public/tournaments/"+tid+"/matches/"+m+"/live-result", token,
					map[string]any{"result": [][][2]int{{{score, 0}}}})
				if err != nil {
					return // the server died
				}
				if status != http.StatusOK {
					t.Errorf("live result %d of %s: %d", score, m, status)
					return
				}
				mu.Lock()
				results[m].acked, results[m].inFlight = score, -1
				mu.Unlock()
				select {
				case acked <- struct{}{}:
				default:
				}
			}
		})
	}
	for range 150 { // kill -9 in the middle of the writing, after many acknowledged results
		<-acked
	}
	srv.kill(t)
	writers.Wait()

	srv = startServer(t, bin, dir)
	if srv.setupURL != "" {
		t.Errorf("the setup address is offered again after the organizer was made:\n%s", srv.banner)
	}
	for m, s := range results {
		if got := score(t, srv, tid, m, token); got != s.acked && got != s.inFlight {
			t.Errorf("match %s after kill -9: score %d, but %d was acknowledged (and %d in flight)", m, got, s.acked, s.inFlight)
		}
	}
	// The organizer's sign-in is there too: the token still signs in.
	if status, _, _ := callAPI(http.MethodGet, srv.base+"/v1/public/hello", token, nil); status != http.StatusOK {
		t.Errorf("the organizer's token after the restart: %d", status)
	}
}

// TestDataDirOnAFullDisk runs the real binary with its data directory on a
// small file system (tmpfs, mounted when the test runs as root; skipped
// otherwise) and fills the disk during a club's day: results sent through
// the API are refused with a 503, /readyz says why, the console shows the
// banner, and no page ever shows a refused result. Once there is room again
// results are taken again without a restart; after kill -9 and a restart
// every acknowledged result is there.
func TestDataDirOnAFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounting a small file system needs root")
	}
	tmp := t.TempDir()
	bin := buildBinary(t, tmp)
	disk := filepath.Join(tmp, "disk")
	if err := os.Mkdir(disk, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", disk).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", disk).Run() })
	dir := filepath.Join(disk, "data")
	srv := startServer(t, bin, dir)
	b, token, tid, running := clubDay(t, srv)

	// The disk fills, leaving room for a few results.
	filler := filepath.Join(disk, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for chunk := make([]byte, 4096); ; {
		n, err := f.Write(chunk)
		size += int64(n)
		if err != nil {
			break
		}
	}
	if err := f.Truncate(size - 24<<10); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()

	acked := map[string]int{}
	refused := 0
	put := func(m string, s int) int {
		status, _, err := callAPI(http.MethodPut, srv.base+"/v1/public/tournaments/"+tid+"/matches/"+m+"/live-result", token,
			map[string]any{"result": [][][2]int{{{s, 0}}}})
		if err != nil {
			t.Fatal(err)
		}
		if status == http.StatusOK {
			acked[m] = s
		}
		return status
	}
	for i := 0; refused < 4 && i < 200; i++ {
		m := running[i%len(running)]
		status := put(m, i%12)
		switch status {
		case http.StatusOK:
			continue
		case http.StatusServiceUnavailable:
			refused++
		default:
			t.Fatalf("a result on a full disk: %d", status)
		}
		want, ok := acked[m]
		if !ok {
			want = -1
		}
		if got := score(t, srv, tid, m, token); got != want {
			t.Fatalf("match %s shows %d after a refused result, but %d was the last acknowledged", m, got, want)
		}
		res, err := http.Get(srv.base + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "no space left on device") {
			t.Errorf("/readyz while results are refused: %d %q", res.StatusCode, body)
		}
	}
	if refused < 4 || len(acked) == 0 {
		t.Fatalf("%d results acknowledged, %d refused: the disk did not fill", len(acked), refused)
	}
	res, err := b.c.Get(srv.base + "/admin/t/" + tid)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := goquery.NewDocumentFromReader(res.Body)
	_ = res.Body.Close()
	if banner := doc.Find(`[data-testid="write-problem"]`).Text(); !strings.Contains(banner, "disk of Courtside's data folder is full") {
		t.Errorf("the console on a full disk: %d, banner %q", res.StatusCode, banner)
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "/readyz ok with room again", func() bool {
		res, err := http.Get(srv.base + "/readyz")
		if err != nil {
			return false
		}
		_ = res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	if status := put(running[0], 12); status != http.StatusOK {
		t.Fatalf("a result with room again: %d", status)
	}

	srv.kill(t)
	srv = startServer(t, bin, dir)
	for m, s := range acked {
		if got := score(t, srv, tid, m, token); got != s {
			t.Errorf("match %s after the restart: %d, but %d was acknowledged", m, got, s)
		}
	}
}
