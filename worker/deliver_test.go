package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
)

// receiver is a webhook endpoint that records the calls it gets.
type receiver struct {
	*httptest.Server
	mu      sync.Mutex
	calls   []receivedCall
	aborted int             // calls whose caller hung up before the answer
	answer  func(n int) int // status for the nth call (0-based)
	hold    chan struct{}   // when set, calls wait for it to close
}

type receivedCall struct {
	Payload
	at                           time.Time
	raw                          []byte
	signature, timestamp, header string
}

func newReceiver(t *testing.T, answer func(int) int) *receiver {
	r := &receiver{answer: answer}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var p Payload
		_ = json.Unmarshal(body, &p)
		r.mu.Lock()
		n := len(r.calls)
		r.calls = append(r.calls, receivedCall{Payload: p, at: time.Now(), raw: body, signature: req.Header.Get("X-Courtside-Signature"),
			timestamp: req.Header.Get("X-Courtside-Timestamp"), header: req.Header.Get("X-Courtside-Delivery")})
		hold := r.hold
		r.mu.Unlock()
		if hold != nil {
			select {
			case <-hold:
			case <-req.Context().Done():
				r.mu.Lock()
				r.aborted++
				r.mu.Unlock()
				<-hold
			}
		}
		w.WriteHeader(r.answer(n))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) received() []receivedCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

func always(status int) func(int) int { return func(int) int { return status } }

func eventsIn(calls []receivedCall) []tournament.Event {
	var evs []tournament.Event
	for _, c := range calls {
		evs = append(evs, c.Events...)
	}
	return evs
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// hooks is a demo store with a running match of Hamburg Open to write live
// results to, and an organizer key to subscribe with.
type hooks struct {
	t     testing.TB
	rdb   redis.UniversalClient
	store *cache.Store
	id    string
	match *tournament.Match
	key   record.Key
	score int
}

func newHooks(t testing.TB) *hooks {
	t.Helper()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	hamburg := demo.Tournaments[0]
	h := &hooks{t: t, rdb: rdb, store: store, id: hamburg.Tournament.ID}
	for _, m := range hamburg.Matches {
		if m.State == tournament.MatchRunning && len(m.CourtIDs) == 1 && len(m.Encounters) == 0 {
			h.match = m
			break
		}
	}
	ctx := context.Background()
	secret, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "hooks")
	if err != nil {
		t.Fatal(err)
	}
	if h.key, err = store.Authenticate(ctx, secret); err != nil {
		t.Fatal(err)
	}
	return h
}

// live writes a live result, one MatchUpdated event, and says when.
func (h *hooks) live() time.Time {
	h.t.Helper()
	h.score = (h.score + 1) % 5
	ctx := context.Background()
	snap, err := h.store.Snapshot(ctx, h.id)
	if err != nil {
		h.t.Fatal(err)
	}
	_, _, err = h.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(h.match.ID, tournament.Encounters{{{h.score, 1}}}, false, time.Now(), "test")
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return time.Now()
}

func (h *hooks) subscribe(url string) record.Webhook {
	h.t.Helper()
	w, err := h.store.CreateWebhook(context.Background(), h.key, h.id, url)
	if err != nil {
		h.t.Fatal(err)
	}
	return w
}

func (h *hooks) webhook(id string) record.Webhook {
	w, err := h.store.Webhook(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return w
}

// deliverer runs a fast deliverer over its own store (another instance) until
// the test ends or stop is called.
func (h *hooks) deliverer(backoff time.Duration) (stop func()) {
	d := &Deliverer{Store: cache.New(h.rdb), Log: quiet, Client: WebhookClient(true),
		Backoff: backoff, Retries: 5, Poll: 10 * time.Millisecond, Lease: 2 * time.Second, BatchSize: 100}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	h.t.Cleanup(stop)
	return stop
}

func TestWebhookCallsAreSignedOrderedAndNumbered(t *testing.T) {
	h := newHooks(t)
	rcv := newReceiver(t, always(200))
	hook := h.subscribe(rcv.URL)
	h.live() // before the deliverer runs: batched
	h.deliverer(time.Millisecond)
	for range 4 {
		h.live()
	}
	testkit.Eventually(t, "5 events", func() bool { return len(eventsIn(rcv.received())) >= 5 })
	calls := rcv.received()
	var lastID int64
	for _, c := range calls {
		if c.signature != Sign(hook.Secret, c.timestamp, c.raw) {
			t.Errorf("call %d: signature %q does not match", c.ID, c.signature)
		}
		if c.ID <= lastID || c.header != strconv.FormatInt(c.ID, 10) || c.TournamentID != h.id {
			t.Errorf("call id %d after %d (header %s)", c.ID, lastID, c.header)
		}
		lastID = c.ID
	}
	for _, e := range eventsIn(calls) {
		if e.Type != "MatchUpdated" || e.MatchID != h.match.ID {
			t.Errorf("event %+v", e)
		}
	}
	// The deliverer logs a call once it is answered: the receiver can have
	// the last call before the log does.
	var log []record.Delivery
	testkit.Eventually(t, "a log entry for each call", func() bool {
		log, _ = h.store.Deliveries(context.Background(), hook.ID)
		return len(log) >= len(calls)
	})
	if len(log) != len(calls) || log[0].Status != 200 || log[0].ID != lastID {
		t.Errorf("log %+v", log)
	}
}

func TestWebhookGetsOnlyEventsFromItsSubscriptionOn(t *testing.T) {
	h := newHooks(t)
	h.live()
	h.live()
	rcv := newReceiver(t, always(200))
	h.subscribe(rcv.URL)
	h.deliverer(time.Millisecond)
	h.live()
	testkit.Eventually(t, "the event after subscribing", func() bool { return len(rcv.received()) > 0 })
	if evs := eventsIn(rcv.received()); len(evs) != 1 {
		t.Errorf("got %d events, want the 1 written after subscribing", len(evs))
	}
}

// A failing webhook is retried alone; a healthy one beside it stays current.
func TestSlowWebhookDelaysNoOther(t *testing.T) {
	h := newHooks(t)
	failing := newReceiver(t, always(500))
	healthy := newReceiver(t, always(200))
	bad := h.subscribe(failing.URL)
	h.subscribe(healthy.URL)
	h.deliverer(time.Second) // retries after 1, 2, 4, 8, 16 s
	const n = 10
	var sent []time.Time
	for i := range n {
		sent = append(sent, h.live())
		testkit.Eventually(t, "the healthy webhook to get event "+strconv.Itoa(i+1), func() bool { return len(eventsIn(healthy.received())) > i })
	}
	if w := h.webhook(bad.ID); !w.Enabled {
		t.Fatal("the failing webhook is disabled already: the test did not run beside its retries")
	}
	var delays []time.Duration
	for i, c := range healthy.received() {
		delays = append(delays, c.at.Sub(sent[i]))
	}
	sort.Slice(delays, func(i, j int) bool { return delays[i] < delays[j] })
	t.Logf("healthy webhook beside a failing one (%d calls of it so far): delay p50 %v, max %v", len(failing.received()), delays[n/2], delays[n-1])
	// The failing one got its first batch, and its retries carry the same batch.
	calls := failing.received()
	for _, c := range calls {
		if c.ID != calls[0].ID {
			t.Errorf("the failing webhook got call %d while retrying %d", c.ID, calls[0].ID)
		}
	}
}

func TestFailingWebhookIsRetriedThenDisabledAndResumes(t *testing.T) {
	h := newHooks(t)
	failing := true
	var mu sync.Mutex
	rcv := newReceiver(t, func(int) int {
		mu.Lock()
		defer mu.Unlock()
		if failing {
			return 500
		}
		return 200
	})
	witness := newReceiver(t, always(200))
	hook := h.subscribe(rcv.URL)
	h.subscribe(witness.URL)
	h.deliverer(5 * time.Millisecond)
	h.live()
	testkit.Eventually(t, "the webhook to be disabled", func() bool { return !h.webhook(hook.ID).Enabled })
	calls := rcv.received()
	if len(calls) != 6 {
		t.Errorf("%d calls, want the first and 5 retries", len(calls))
	}
	for _, c := range calls {
		if c.ID != calls[0].ID || string(c.raw) != string(calls[0].raw) {
			t.Errorf("a retry differs: id %d, body %s", c.ID, c.raw)
		}
	}
	log, _ := h.store.Deliveries(context.Background(), hook.ID)
	if len(log) != 6 || !log[0].Disabled || log[0].Status != 500 || log[0].Attempt != 6 {
		t.Errorf("log %+v", log)
	}
	// Disabled: later events are not sent to it, while the witness gets them.
	h.live()
	h.live()
	testkit.Eventually(t, "the witness to get all 3 events", func() bool { return len(eventsIn(witness.received())) == 3 })
	if n := len(rcv.received()); n != 6 {
		t.Errorf("a disabled webhook got %d calls", n)
	}
	// Enabled again, it resumes where it stopped: the failed call, then what came since.
	mu.Lock()
	failing = false
	mu.Unlock()
	if _, err := h.store.SetWebhookEnabled(context.Background(), h.webhook(hook.ID), true); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the resumed deliveries", func() bool { return len(eventsIn(rcv.received())) >= 6+2 })
	calls = rcv.received()
	if calls[6].ID != calls[0].ID || string(calls[6].raw) != string(calls[0].raw) {
		t.Errorf("resumed with %d %s, want the failed call %d again", calls[6].ID, calls[6].raw, calls[0].ID)
	}
	if evs := eventsIn(calls[7:]); len(evs) != 2 || calls[7].ID <= calls[6].ID {
		t.Errorf("after the failed call: %d events in call %d", len(evs), calls[7].ID)
	}
}

func TestRestartMidDeliveryLosesNothing(t *testing.T) {
	h := newHooks(t)
	rcv := newReceiver(t, always(200))
	hold := make(chan struct{})
	rcv.hold = hold
	h.subscribe(rcv.URL)
	stopA := h.deliverer(time.Millisecond)
	h.live()
	testkit.Eventually(t, "the first call", func() bool { return len(rcv.received()) == 1 })
	// The instance goes down while the receiver is still working on the call.
	go stopA()
	testkit.Eventually(t, "the first instance to hang up", func() bool {
		rcv.mu.Lock()
		defer rcv.mu.Unlock()
		return rcv.aborted == 1
	})
	rcv.mu.Lock()
	rcv.hold = nil
	rcv.mu.Unlock()
	close(hold)
	h.live()
	h.deliverer(time.Millisecond) // another instance takes over
	testkit.Eventually(t, "redelivery and the next event", func() bool { return len(rcv.received()) >= 3 })
	calls := rcv.received()
	if calls[1].ID != calls[0].ID || string(calls[1].raw) != string(calls[0].raw) {
		t.Errorf("the cut-short call came back as %d %s, want %d %s", calls[1].ID, calls[1].raw, calls[0].ID, calls[0].raw)
	}
	if calls[2].ID <= calls[1].ID || len(calls[2].Events) != 1 {
		t.Errorf("the next call: id %d, %d events", calls[2].ID, len(calls[2].Events))
	}
}

func TestTwoInstancesDeliverEachBatchOnce(t *testing.T) {
	h := newHooks(t)
	rcv := newReceiver(t, always(200))
	other := newReceiver(t, always(200))
	h.subscribe(rcv.URL)
	h.subscribe(other.URL)
	h.deliverer(time.Millisecond)
	h.deliverer(time.Millisecond)
	for range 40 {
		h.live()
	}
	testkit.Eventually(t, "40 events", func() bool { return len(eventsIn(rcv.received())) >= 40 })
	// One more, delivered after everything before it: a repeat would have come by now.
	h.live()
	testkit.Eventually(t, "the 41st event", func() bool { return len(eventsIn(rcv.received())) >= 41 })
	for _, r := range []*receiver{rcv, other} {
		testkit.Eventually(t, "41 events", func() bool { return len(eventsIn(r.received())) >= 41 })
		calls := r.received()
		for i, c := range calls {
			if i > 0 && c.ID <= calls[i-1].ID {
				t.Errorf("call %d after %d: repeated or out of order", c.ID, calls[i-1].ID)
			}
		}
		if n := len(eventsIn(calls)); n != 41 {
			t.Errorf("%d events delivered, want 41", n)
		}
	}
}

// commandLog records the commands a client sends, with their arguments.
type commandLog struct {
	mu   sync.Mutex
	cmds []string
}

func (l *commandLog) DialHook(next redis.DialHook) redis.DialHook { return next }
func (l *commandLog) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		l.add(cmd)
		return next(ctx, cmd)
	}
}
func (l *commandLog) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		for _, c := range cmds {
			l.add(c)
		}
		return next(ctx, cmds)
	}
}
func (l *commandLog) add(c redis.Cmder) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cmds = append(l.cmds, strings.TrimSuffix(strings.TrimPrefix(fmt.Sprint(c.Args()), "["), "]"))
}
func (l *commandLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.cmds)
}

// Without webhooks the deliverer asks Redis one thing per poll, however many
// tournaments there are; with one, it touches that webhook's tournament only.
func TestDelivererWorksOnlyWhereWebhooksExist(t *testing.T) {
	h := newHooks(t)
	rdb := cachetest.Another(t, h.rdb)
	var log commandLog
	rdb.AddHook(&log)
	d := &Deliverer{Store: cache.New(rdb), Log: quiet, Client: WebhookClient(true),
		Backoff: time.Millisecond, Retries: 5, Poll: 5 * time.Millisecond, Lease: 2 * time.Second, BatchSize: 100}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	testkit.Eventually(t, "20 polls", func() bool { return len(log.list()) >= 20 })
	reads := 0
	for _, c := range log.list() {
		switch {
		case strings.HasPrefix(c, "hello ") || strings.HasPrefix(c, "client ") || // the connection's handshake
			strings.HasPrefix(c, "cluster ") || c == "command": // a cluster client learning the nodes
		case c == "hgetall webhooks" && reads == 0: // at start
			reads++
		case c != "get {webhooks}:rev":
			t.Errorf("with no webhooks, the deliverer sent %s", c)
		}
	}
	rcv := newReceiver(t, always(200))
	h.subscribe(rcv.URL)
	h.live()
	testkit.Eventually(t, "the delivery", func() bool { return len(rcv.received()) == 1 })
	ids, _ := h.store.EventTournaments(context.Background())
	for _, c := range log.list() {
		for _, id := range ids {
			if id != h.id && strings.Contains(c, "{"+id+"}") {
				t.Errorf("with one webhook on %s, the deliverer sent %s", h.id, c)
			}
		}
	}
}
