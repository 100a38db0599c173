package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/cache"
	"courtside/tournament"
)

// receiver is a webhook endpoint that records the calls it gets.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	calls  []receivedCall
	answer func(n int) int // status for the nth call (0-based)
	hold   chan struct{}   // when set, calls wait for it to close
}

type receivedCall struct {
	Payload
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
		r.calls = append(r.calls, receivedCall{Payload: p, raw: body, signature: req.Header.Get("X-Courtside-Signature"),
			timestamp: req.Header.Get("X-Courtside-Timestamp"), header: req.Header.Get("X-Courtside-Delivery")})
		hold := r.hold
		r.mu.Unlock()
		if hold != nil {
			<-hold
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

// deliverer runs a fast deliverer over its own store on the fixture's Redis until the test ends or stop is called.
func (f *fixture) deliverer(t *testing.T) (stop func()) {
	d := &Deliverer{Store: cache.New(f.rdb), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Client: WebhookClient(true),
		Backoff: 5 * time.Millisecond, Retries: 5, Poll: 10 * time.Millisecond, Lease: 2 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

func (f *fixture) subscribe(t *testing.T, tournamentID, key, url string) CreatedWebhookJSON {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/v1/public/tournaments/"+tournamentID+"/webhooks", strings.NewReader(`{"url":"`+url+`"}`))
	req.Header.Set("Authorization", key)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Fatalf("subscribe: %d %s", rec.Code, rec.Body)
	}
	var w CreatedWebhookJSON
	_ = json.Unmarshal(rec.Body.Bytes(), &w)
	return w
}

// CreatedWebhookJSON is the body of a subscription's 201.
type CreatedWebhookJSON struct {
	ID, URL, Secret, TournamentID string
	Enabled                       bool
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func eventsIn(calls []receivedCall) []tournament.Event {
	var evs []tournament.Event
	for _, c := range calls {
		evs = append(evs, c.Events...)
	}
	return evs
}

func TestWebhookCallsAreSignedOrderedAndNumbered(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	rcv := newReceiver(t, always(200))
	hook := f.subscribe(t, hamburg.Tournament.ID, f.token, rcv.URL)
	if hook.Secret == "" || !hook.Enabled {
		t.Fatalf("subscription %+v", hook)
	}
	f.deliverer(t)
	m, _ := f.running(hamburg, singleSetTo7)
	base := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID
	for _, score := range []string{"1,0", "2,0", "3,1", "5,4"} {
		if rec := f.put(base+"/live-result", f.token, `{"result":[[[`+score+`]]]}`); rec.Code != 200 {
			t.Fatal(rec.Body)
		}
	}
	if rec := f.put(base+"/result", f.token, `{"result":[[[7,4]]]}`); rec.Code != 200 {
		t.Fatal(rec.Body)
	}
	// 4 live results (one event each) and the final (match, its court, standings).
	waitFor(t, "all events", func() bool { return len(eventsIn(rcv.received())) >= 4+3 })
	calls := rcv.received()
	var lastID int64
	for _, c := range calls {
		if c.signature != Sign(hook.Secret, c.timestamp, c.raw) {
			t.Errorf("call %d: signature %q does not match", c.ID, c.signature)
		}
		if c.ID <= lastID || c.header != jsonNum(c.ID) || c.TournamentID != hamburg.Tournament.ID {
			t.Errorf("call id %d after %d (header %s)", c.ID, lastID, c.header)
		}
		lastID = c.ID
	}
	var types []string
	for _, e := range eventsIn(calls) {
		types = append(types, e.Type)
	}
	want := []string{"MatchUpdated", "MatchUpdated", "MatchUpdated", "MatchUpdated", "MatchUpdated", "CourtMatchChanged", "StandingsUpdated"}
	if !slices.Equal(types, want) {
		t.Errorf("events %v\nwant %v", types, want)
	}
	// The delivery log tells the owner how it went.
	var list []struct {
		ID         string
		Enabled    bool
		Deliveries []cache.Delivery
	}
	_ = json.Unmarshal(f.get("/v1/public/webhooks", f.token).Body.Bytes(), &list)
	if len(list) != 1 || len(list[0].Deliveries) != len(calls) || list[0].Deliveries[0].Status != 200 {
		t.Errorf("webhook list %+v", list)
	}
}

func jsonNum(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestFailingWebhookIsRetriedThenDisabled(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	rcv := newReceiver(t, always(500))
	hook := f.subscribe(t, hamburg.Tournament.ID, f.token, rcv.URL)
	f.deliverer(t)
	m, _ := f.running(hamburg, singleSetTo7)
	f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/live-result", f.token, `{"result":[[[1,0]]]}`)
	waitFor(t, "the webhook to be disabled", func() bool {
		w, _ := f.store.Webhook(context.Background(), hook.ID)
		return !w.Enabled
	})
	calls := rcv.received()
	if len(calls) != 6 {
		t.Errorf("%d calls, want the first and 5 retries", len(calls))
	}
	for _, c := range calls {
		if c.ID != calls[0].ID || string(c.raw) != string(calls[0].raw) {
			t.Errorf("a retry differs: id %d, body %s", c.ID, c.raw)
		}
	}
	log, _ := f.store.Deliveries(context.Background(), hook.ID)
	if len(log) != 6 || !log[0].Disabled || log[0].Status != 500 || log[0].Attempt != 6 {
		t.Errorf("log %+v", log)
	}
	// Disabled: later events are not sent to it.
	f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/live-result", f.token, `{"result":[[[2,0]]]}`)
	time.Sleep(100 * time.Millisecond)
	if n := len(rcv.received()); n != 6 {
		t.Errorf("a disabled webhook got %d calls", n)
	}
	req := httptest.NewRequest(http.MethodPost, "/v1/public/webhooks/"+hook.ID+"/enable", nil)
	req.Header.Set("Authorization", f.token)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if w, _ := f.store.Webhook(context.Background(), hook.ID); rec.Code != 200 || !w.Enabled {
		t.Errorf("enable: %d %+v", rec.Code, w)
	}
}

func TestRestartMidDeliveryLosesNothing(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	rcv := newReceiver(t, always(200))
	hold := make(chan struct{})
	rcv.hold = hold
	f.subscribe(t, hamburg.Tournament.ID, f.token, rcv.URL)
	stopA := f.deliverer(t)
	m, _ := f.running(hamburg, singleSetTo7)
	base := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID
	f.put(base+"/live-result", f.token, `{"result":[[[1,0]]]}`)
	waitFor(t, "the first call", func() bool { return len(rcv.received()) == 1 })
	// The instance goes down while the receiver is still working on the call.
	go stopA()
	time.Sleep(50 * time.Millisecond)
	rcv.mu.Lock()
	rcv.hold = nil
	rcv.mu.Unlock()
	close(hold)
	f.put(base+"/live-result", f.token, `{"result":[[[2,0]]]}`)
	f.deliverer(t) // another instance takes over
	waitFor(t, "redelivery and the next event", func() bool { return len(rcv.received()) >= 3 })
	calls := rcv.received()
	if calls[1].ID != calls[0].ID || string(calls[1].raw) != string(calls[0].raw) {
		t.Errorf("the cut-short call came back as %d %s, want %d %s", calls[1].ID, calls[1].raw, calls[0].ID, calls[0].raw)
	}
	if calls[2].ID <= calls[1].ID || len(calls[2].Events) != 1 {
		t.Errorf("the next call: id %d, %d events", calls[2].ID, len(calls[2].Events))
	}
}

func TestTwoInstancesDeliverEachBatchOnce(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	rcv := newReceiver(t, always(200))
	f.subscribe(t, hamburg.Tournament.ID, f.token, rcv.URL)
	f.deliverer(t)
	f.deliverer(t)
	m, _ := f.running(hamburg, singleSetTo7)
	for i := range 40 {
		f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/live-result", f.token, `{"result":[[[`+jsonNum(int64(i%7))+`,0]]]}`)
	}
	waitFor(t, "40 events", func() bool { return len(eventsIn(rcv.received())) >= 40 })
	time.Sleep(100 * time.Millisecond)
	calls := rcv.received()
	seen := map[int64]bool{}
	for i, c := range calls {
		if seen[c.ID] {
			t.Errorf("call %d delivered twice", c.ID)
		}
		seen[c.ID] = true
		if i > 0 && c.ID < calls[i-1].ID {
			t.Errorf("call %d after %d: out of order", c.ID, calls[i-1].ID)
		}
	}
	if n := len(eventsIn(calls)); n != 40 {
		t.Errorf("%d events delivered, want 40", n)
	}
}

func TestWebhookSubscriptionRules(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	training := f.tournament("Club Training Night")
	autumn := f.tournament("Autumn Cup 2026")
	post := func(h http.Handler, tournamentID, key, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/v1/public/tournaments/"+tournamentID+"/webhooks", strings.NewReader(body))
		req.Header.Set("Authorization", key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	strict, err := Routes(Config{Store: f.store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120})
	if err != nil {
		t.Fatal(err)
	}
	ok := `{"url":"http://127.0.0.1:9/hook"}`
	cases := []struct {
		name            string
		h               http.Handler
		tournament, key string
		body            string
		status          int
		message         string
	}{
		{"public key, private tournament", f.handler, training.Tournament.ID, f.publicKicker, ok, 403, "TOURNAMENT_NOT_PUBLIC"},
		{"public key, finished tournament", f.handler, autumn.Tournament.ID, f.publicKicker, ok, 403, "TOURNAMENT_FINISHED"},
		{"another organizer's private tournament", f.handler, training.Tournament.ID, f.bouleToken, ok, 403, "FORBIDDEN"},
		{"not a URL", f.handler, hamburg.Tournament.ID, f.token, `{"url":"ftp://x"}`, 400, "url must be an http or https address without credentials"},
		{"loopback refused", strict, hamburg.Tournament.ID, f.token, ok, 400, "url: 127.0.0.1 resolves to 127.0.0.1: the address is loopback, private or otherwise not public"},
		{"private network refused", strict, hamburg.Tournament.ID, f.token, `{"url":"https://10.1.2.3/hook"}`, 400, "url: 10.1.2.3 resolves to 10.1.2.3: the address is loopback, private or otherwise not public"},
		{"unknown field", f.handler, hamburg.Tournament.ID, f.token, `{"url":"http://127.0.0.1:9/","events":["x"]}`, 400, `unknown field "events"`},
		{"owner, finished tournament", f.handler, autumn.Tournament.ID, f.token, ok, 201, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := post(c.h, c.tournament, c.key, c.body)
			var body struct{ Message string }
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != c.status || body.Message != c.message {
				t.Errorf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	t.Run("ten per key", func(t *testing.T) {
		for i := range 10 {
			if rec := post(f.handler, hamburg.Tournament.ID, f.publicKicker, ok); rec.Code != 201 {
				t.Fatalf("subscription %d: %d %s", i+1, rec.Code, rec.Body)
			}
		}
		rec := post(f.handler, hamburg.Tournament.ID, f.publicKicker, ok)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"message":"TOO_MANY_SUBSCRIPTIONS"`) {
			t.Errorf("the 11th: %d %s", rec.Code, rec.Body)
		}
	})
	t.Run("only the owner deletes", func(t *testing.T) {
		hooks, _ := f.store.Webhooks(context.Background(), f.org("kickerclub-hamburg").ID)
		del := func(key string) int {
			req := httptest.NewRequest(http.MethodDelete, "/v1/public/webhooks/"+hooks[0].ID, nil)
			req.Header.Set("Authorization", key)
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			return rec.Code
		}
		if code := del(f.bouleToken); code != 404 {
			t.Errorf("another owner deleting: %d", code)
		}
		if code := del(f.token); code != 204 {
			t.Errorf("the owner deleting: %d", code)
		}
		if code := del(f.token); code != 404 {
			t.Errorf("deleting twice: %d", code)
		}
	})
}
