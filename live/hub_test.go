package live

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// stream is a client's view of one open stream.
type stream struct {
	t    *testing.T
	resp *http.Response
	r    *bufio.Reader
}

// open asks srv for a stream with the request's headers.
func open(t *testing.T, url string, header http.Header) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	return &stream{t: t, resp: resp, r: bufio.NewReader(resp.Body)}
}

// next reads the next block (event, comment, retry), its lines joined by "|".
func (s *stream) next() string {
	s.t.Helper()
	var lines []string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			s.t.Fatalf("stream ended: %v (read %q)", err, lines)
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			return strings.Join(lines, "|")
		}
		lines = append(lines, line)
	}
}

// nextEvent skips comments and the retry line to the next event.
func (s *stream) nextEvent() string {
	s.t.Helper()
	for {
		if b := s.next(); strings.HasPrefix(b, "id:") {
			return b
		}
	}
}

// serve is a server whose streams follow the topics of the query's "t".
func serve(t *testing.T, h *Hub, versions map[string]int64) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var topics []Topic
		for _, id := range r.URL.Query()["t"] {
			topics = append(topics, Topic{ID: id, Version: versions[id]})
		}
		var refused *Refused
		if err := h.Serve(w, r, topics); errors.As(err, &refused) {
			http.Error(w, err.Error(), refused.Status)
		} else if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(h.Close)
	return srv
}

// eventually waits for cond, failing after a ceiling against hanging.
func eventually(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("condition never met")
		}
	}
}

func TestAPublishReachesEveryStreamOfItsTopic(t *testing.T) {
	h := NewHub(Limits{})
	srv := serve(t, h, map[string]int64{"a": 4, "b": 9})
	a1 := open(t, srv.URL+"?t=a&v=4", nil)
	a2 := open(t, srv.URL+"?t=a&v=4", nil)
	b := open(t, srv.URL+"?t=b&v=9", nil)
	if got := a1.resp.Header.Get("Content-Type"); got != "text/event-stream" {
		t.Fatalf("content type %q", got)
	}
	for _, s := range []*stream{a1, a2, b} {
		if got := s.next(); got != "retry: 3000" {
			t.Fatalf("first block %q, want the retry alone (the page shows the version)", got)
		}
	}
	eventually(t, func() bool { return h.Stats().Streams == 3 })
	h.Publish("a", 5)
	h.Publish("b", 10)
	for _, s := range []*stream{a1, a2} {
		if got := s.nextEvent(); got != "id: 5|event: v|data: 5" {
			t.Errorf("a's stream got %q", got)
		}
	}
	if got := b.nextEvent(); got != "id: 10|event: v|data: 10" {
		t.Errorf("b's stream got %q", got)
	}
}

func TestAReconnectingClientGetsTheNewestVersionAtOnceNotAReplay(t *testing.T) {
	h := NewHub(Limits{})
	srv := serve(t, h, map[string]int64{"a": 7})
	// It saw version 3 before it dropped; 4 to 7 happened meanwhile.
	s := open(t, srv.URL+"?t=a&v=1", http.Header{"Last-Event-Id": {"3"}})
	if got := s.next(); got != "retry: 3000|id: 7|event: v|data: 7" {
		t.Fatalf("first block %q, want version 7 at once", got)
	}
	// One that shows the newest is told only of what comes next.
	same := open(t, srv.URL+"?t=a", http.Header{"Last-Event-Id": {"7"}})
	if got := same.next(); got != "retry: 3000" {
		t.Fatalf("first block %q", got)
	}
	h.Publish("a", 8)
	if got := same.nextEvent(); got != "id: 8|event: v|data: 8" {
		t.Errorf("got %q", got)
	}
}

func TestAStreamOfSeveralTopicsNamesThemAll(t *testing.T) {
	h := NewHub(Limits{})
	srv := serve(t, h, map[string]int64{"a": 1, "b": 2})
	s := open(t, srv.URL+"?t=a&t=b&v=1.2", nil)
	s.next()
	eventually(t, func() bool { return h.Stats().Topics == 2 })
	h.Publish("b", 3)
	if got := s.nextEvent(); got != "id: 1.3|event: v|data: 1.3" {
		t.Errorf("got %q", got)
	}
}

func TestASlowListenerSkipsToTheNewest(t *testing.T) {
	h := NewHub(Limits{})
	l, err := h.join("c", []Topic{{ID: "a", Version: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for v := int64(2); v <= 1000; v++ {
		h.Publish("a", v) // never waits, though no one reads
	}
	if len(l.wake) != 1 || l.id() != "1000" {
		t.Fatalf("mailbox %d, id %s: want one wake-up and the newest version", len(l.wake), l.id())
	}
	h.leave(l)
	if st := h.Stats(); st.Streams != 0 || st.Topics != 0 {
		t.Fatalf("after leaving: %+v", st)
	}
}

func TestLimitsRefuseWithTheirStatus(t *testing.T) {
	h := NewHub(Limits{PerClient: 2, Total: 3})
	h.Client = func(r *http.Request) string { return r.URL.Query().Get("client") }
	srv := serve(t, h, map[string]int64{"a": 1})
	open(t, srv.URL+"?t=a&client=x", nil).next()
	open(t, srv.URL+"?t=a&client=x", nil).next()
	if s := open(t, srv.URL+"?t=a&client=x", nil); s.resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a client's third stream: %d, want 429", s.resp.StatusCode)
	}
	open(t, srv.URL+"?t=a&client=y", nil).next()
	if s := open(t, srv.URL+"?t=a&client=z", nil); s.resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the instance's fourth stream: %d, want 503", s.resp.StatusCode)
	}
}

func TestIdleStreamsBeatAndCloseEndsThem(t *testing.T) {
	h := NewHub(Limits{})
	h.Heartbeat = 5 * time.Millisecond
	srv := serve(t, h, map[string]int64{"a": 1})
	s := open(t, srv.URL+"?t=a&v=1", nil)
	s.next()
	if got := s.next(); got != ":" {
		t.Fatalf("an idle stream sent %q, want a comment", got)
	}
	h.Close()
	for {
		if _, err := s.r.ReadString('\n'); err != nil {
			break // the stream ended
		}
	}
	if s := open(t, srv.URL+"?t=a", nil); s.resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stream asked for after Close: %d", s.resp.StatusCode)
	}
	eventually(t, func() bool { return h.Stats().Streams == 0 })
}
