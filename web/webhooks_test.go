package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"courtside/cache"
)

func (f *fixture) subscribe(t *testing.T, tournamentID, key, url string) CreatedWebhookJSON {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/v1/public/tournaments/"+tournamentID+"/webhooks", strings.NewReader(`{"url":"`+url+`"}`))
	req.Header.Set("Authorization", key)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Fatalf("subscribe: %d %s", rec.Code, rec.Body)
	}
	if ct := rec.Result().Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("a new subscription is served as %q", ct)
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

func TestSubscriptionIsJSON(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	hook := f.subscribe(t, hamburg.Tournament.ID, f.token, "https://example.org/hook")
	if hook.Secret == "" || !hook.Enabled || hook.URL != "https://example.org/hook" || hook.TournamentID != hamburg.Tournament.ID {
		t.Errorf("subscription %+v", hook)
	}
}

// 100 racing subscriptions with one key make exactly MaxWebhooksPerKey.
func TestWebhookLimitHoldsUnderRacing(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	codes := make([]int, 100)
	bodies := make([]string, 100)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			req := httptest.NewRequest(http.MethodPost, "/v1/public/tournaments/"+hamburg.Tournament.ID+"/webhooks", strings.NewReader(`{"url":"http://127.0.0.1:9/hook"}`))
			req.Header.Set("Authorization", f.token)
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			codes[i], bodies[i] = rec.Code, rec.Body.String()
		})
	}
	wg.Wait()
	created := 0
	for i, code := range codes {
		switch {
		case code == 201:
			created++
		case code != 400 || !strings.Contains(bodies[i], `"message":"TOO_MANY_SUBSCRIPTIONS"`):
			t.Errorf("%d %s", code, bodies[i])
		}
	}
	hooks, _ := f.store.Webhooks(context.Background(), f.org("kickerclub-hamburg").ID)
	if created != cache.MaxWebhooksPerKey || len(hooks) != cache.MaxWebhooksPerKey {
		t.Errorf("%d created, %d stored, want %d", created, len(hooks), cache.MaxWebhooksPerKey)
	}
	// Deleting one gives its place back.
	req := httptest.NewRequest(http.MethodDelete, "/v1/public/webhooks/"+hooks[0].ID, nil)
	req.Header.Set("Authorization", f.token)
	f.handler.ServeHTTP(httptest.NewRecorder(), req)
	f.subscribe(t, hamburg.Tournament.ID, f.token, "http://127.0.0.1:9/again")
}

// Addresses that are not on the public internet are refused at subscription.
func TestWebhookURLMustBePublic(t *testing.T) {
	check := CheckWebhookURL(false)
	for _, raw := range []string{
		"http://127.0.0.1/", "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/", "http://169.254.169.254/",
		"http://100.64.0.1/", "http://100.127.255.254/", // carrier-grade NAT
		"http://198.18.0.1/", "http://198.19.255.254/", // benchmarking
		"http://240.0.0.1/", "http://255.255.255.255/", // reserved, broadcast
		"http://0.0.0.0/", "http://224.0.0.1/",
		"http://[::1]/", "http://[fe80::1]/", "http://[fc00::1]/", "http://[::ffff:10.0.0.1]/",
		"http://[64:ff9b::a00:1]/", // NAT64 of 10.0.0.1
		"http://[2002:a00:1::1]/",  // 6to4 of 10.0.0.1
		"http://localhost:8080/",
	} {
		if err := check(context.Background(), raw); err == nil || !strings.Contains(err.Error(), "not public") {
			t.Errorf("%s: %v", raw, err)
		}
	}
	for _, raw := range []string{"https://93.184.215.14/hook", "http://[2a00:1450:4001:80b::200e]:8443/hook", "http://[::ffff:93.184.215.14]/"} {
		if err := check(context.Background(), raw); err != nil {
			t.Errorf("%s: %v", raw, err)
		}
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
