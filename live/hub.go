// Package live pushes changes to the pages that show them, as they happen,
// over Server-Sent Events.
//
// A stream follows one or more topics (a tournament, by its id) and says only
// that a topic moved and to which version: an event "v" whose id is the
// versions the page should now show. The page then asks for its live part as
// it polls for it (htmx, If-None-Match), so each page gets the bytes of its
// own language, parameters and viewer from the render cache, rendered once per
// version for every listener; the stream knows nothing of pages.
//
// The hub is fed once per instance (the store's one subscription to the
// versions channel calls Publish for every write, made here or on another
// instance), and fans an announcement out in memory to the listeners of its
// topic. Each listener has a one-slot mailbox: a client that is slow to read
// skips to the newest version instead of queueing, and nothing it does holds
// up the others. A reconnecting client names the versions it shows
// (Last-Event-ID); if they moved meanwhile it is told at once, and only the
// newest, never a replay.
package live

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Event is the name of the event a stream sends when a topic moved.
const Event = "v"

// Defaults of a Hub's timing.
const (
	// DefaultHeartbeat is how often an idle stream sends a comment line, so
	// that proxies and kiosk TVs keep it open for days (nginx's
	// proxy_read_timeout is 60 s by default).
	DefaultHeartbeat = 20 * time.Second
	// DefaultGap is the least time between two events of one stream: a
	// change is told at once, and a burst (live scores of many matches)
	// comes to one fetch of the newest version per gap and listener.
	DefaultGap = 250 * time.Millisecond
	// writeTimeout bounds one write to a client: one that reads nothing
	// for so long is dropped, and its page falls back to polling.
	writeTimeout = 10 * time.Second
	// retryMillis is how long a browser waits before it reconnects a stream that dropped.
	retryMillis = 3000
)

// Limits bound the streams an instance keeps open.
type Limits struct {
	// PerClient is the most streams one client address may have open;
	// Total the most of this instance.
	PerClient, Total int
}

// Hub fans announcements out to the streams that follow their topics.
type Hub struct {
	limits Limits
	// Client names the client a request comes from, for the per-client
	// limit; nil: its RemoteAddr's host.
	Client func(*http.Request) string
	// Fed, when set, says whether the hub hears of every change now (the
	// store's subscription is up); while it does not, streams are refused
	// (ErrDeaf) and pages poll.
	Fed func() bool
	// Heartbeat and Gap: DefaultHeartbeat and DefaultGap when zero.
	Heartbeat, Gap time.Duration

	mu      sync.Mutex
	topics  map[string]*topic
	clients map[string]int
	total   int
	done    chan struct{} // closed by Close
	closing sync.Once

	published, sent atomic.Int64
}

// topic is what the hub knows of a topic while streams follow it.
type topic struct {
	version   atomic.Int64
	listeners map[*listener]struct{}
}

// listener is one open stream.
type listener struct {
	client string
	ids    []string
	topics []*topic
	wake   chan struct{} // one slot: something moved since the stream last looked
}

// NewHub returns a hub that keeps at most limits' streams open.
func NewHub(limits Limits) *Hub {
	return &Hub{limits: limits, topics: map[string]*topic{}, clients: map[string]int{}, done: make(chan struct{})}
}

// Publish says that the topic is at version now. It never waits on a
// stream: each listener of the topic is woken, or was already.
func (h *Hub) Publish(id string, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t, ok := h.topics[id]
	if !ok {
		return
	}
	h.published.Add(1)
	t.version.Store(version)
	for l := range t.listeners {
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

// Close ends every stream and refuses new ones: the server shuts down.
// Browsers reconnect to another instance, or to this one once it is back.
func (h *Hub) Close() {
	h.closing.Do(func() { close(h.done) })
}

// Stats says what a hub holds and has done.
type Stats struct {
	// Streams is how many are open; Topics how many topics they follow.
	Streams, Topics int
	// Published is how many announcements reached a followed topic; Sent how
	// many events went out to streams.
	Published, Sent int64
}

// Stats returns what the hub holds now.
func (h *Hub) Stats() Stats {
	h.mu.Lock()
	defer h.mu.Unlock()
	return Stats{Streams: h.total, Topics: len(h.topics), Published: h.published.Load(), Sent: h.sent.Load()}
}

// Refused is why a stream was not opened: a limit, or the hub closing.
type Refused struct {
	// Status is the HTTP status to answer: 429 for the client's limit, 503 for the instance's.
	Status int
	// Limit is the limit's value; PerClient whether it is the client's.
	Limit     int
	PerClient bool
}

func (e *Refused) Error() string {
	if e.PerClient {
		return "live: too many streams from this client (" + strconv.Itoa(e.Limit) + ")"
	}
	return "live: too many streams on this instance (" + strconv.Itoa(e.Limit) + ")"
}

// ErrClosed is returned for a stream asked for while the server shuts down.
var ErrClosed = errors.New("live: shutting down")

// ErrDeaf is returned for a stream asked for while the hub does not hear of
// every change (Fed says no): a stream would promise what it cannot keep.
var ErrDeaf = errors.New("live: not hearing of changes now")

// Topic is one thing a stream follows: its id, and its version as the
// handler read it (the hub's own, from announcements, wins once it has one).
type Topic struct {
	ID      string
	Version int64
}

// join registers a listener of the topics, within the limits.
func (h *Hub) join(client string, topics []Topic) (*listener, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.done:
		return nil, ErrClosed
	default:
	}
	if h.limits.Total > 0 && h.total >= h.limits.Total {
		return nil, &Refused{Status: http.StatusServiceUnavailable, Limit: h.limits.Total}
	}
	if h.limits.PerClient > 0 && h.clients[client] >= h.limits.PerClient {
		return nil, &Refused{Status: http.StatusTooManyRequests, Limit: h.limits.PerClient, PerClient: true}
	}
	l := &listener{client: client, wake: make(chan struct{}, 1)}
	for _, tp := range topics {
		t, ok := h.topics[tp.ID]
		if !ok {
			t = &topic{listeners: map[*listener]struct{}{}}
			t.version.Store(tp.Version)
			h.topics[tp.ID] = t
		}
		t.listeners[l] = struct{}{}
		l.ids, l.topics = append(l.ids, tp.ID), append(l.topics, t)
	}
	h.total++
	h.clients[client]++
	return l, nil
}

// leave forgets the listener, and the topics no one follows any more.
func (h *Hub) leave(l *listener) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, t := range l.topics {
		delete(t.listeners, l)
		if len(t.listeners) == 0 {
			delete(h.topics, l.ids[i])
		}
	}
	h.total--
	if h.clients[l.client]--; h.clients[l.client] <= 0 {
		delete(h.clients, l.client)
	}
}

// id is the event id naming the versions of the listener's topics: "12",
// or "12.40" for two.
func (l *listener) id() string {
	b := make([]byte, 0, 8*len(l.topics))
	for i, t := range l.topics {
		if i > 0 {
			b = append(b, '.')
		}
		b = strconv.AppendInt(b, t.version.Load(), 10)
	}
	return string(b)
}

// Shown is the event id of what the page shows: the Last-Event-ID a
// browser sends when it reconnects, or else the page's own (the "v" query
// parameter the page was rendered with).
func Shown(r *http.Request) string {
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		return id
	}
	return r.URL.Query().Get("v")
}

// VersionID is the event id of versions, as a stream names them.
func VersionID(versions ...int64) string {
	s := make([]string, len(versions))
	for i, v := range versions {
		s[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(s, ".")
}

// Serve streams the topics' changes to the client until it leaves, the
// hub closes, or a write to it fails. A refusal (a limit, shutting down)
// is returned before anything is written; the caller answers it.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, topics []Topic) error {
	client := r.RemoteAddr
	if h.Client != nil {
		client = h.Client(r)
	}
	if h.Fed != nil && !h.Fed() {
		return ErrDeaf
	}
	l, err := h.join(client, topics)
	if err != nil {
		return err
	}
	defer h.leave(l)
	rc := http.NewResponseController(w)
	// A stream stays open for days: no read deadline (the server's would end
	// it), and a write deadline per write instead of the server's.
	_ = rc.SetReadDeadline(time.Time{})
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	w.WriteHeader(http.StatusOK)

	heartbeat, gap := h.Heartbeat, h.Gap
	if heartbeat <= 0 {
		heartbeat = DefaultHeartbeat
	}
	if gap <= 0 {
		gap = DefaultGap
	}
	write := func(s string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := io.WriteString(w, s); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	sent := Shown(r)
	first := "retry: " + strconv.Itoa(retryMillis) + "\n"
	if now := l.id(); now != sent {
		first += event(now)
		sent = now
		h.sent.Add(1)
	} else {
		first += "\n"
	}
	if !write(first) {
		return nil
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	var last time.Time
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-h.done:
			return nil
		case <-beat.C:
			if !write(":\n\n") {
				return nil
			}
		case <-l.wake:
			if wait := gap - time.Since(last); wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-r.Context().Done():
					t.Stop()
					return nil
				case <-h.done:
					t.Stop()
					return nil
				case <-t.C:
				}
			}
			now := l.id()
			if now == sent {
				continue
			}
			if !write(event(now)) {
				return nil
			}
			sent, last = now, time.Now()
			h.sent.Add(1)
			beat.Reset(heartbeat)
		}
	}
}

// event is the text of one event naming the versions id.
func event(id string) string {
	return "id: " + id + "\nevent: " + Event + "\ndata: " + id + "\n\n"
}
