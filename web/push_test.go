package web

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/live"
	"courtside/tournament"
)

// TestAFollowedTournamentsWebhookReachesItsListenersAtOnce: a page on M
// follows the stream of a tournament M follows from U; a live score on U,
// and U's webhook call to M, reach the page's stream through M's sync and
// its one subscription to the versions channel.
func TestAFollowedTournamentsWebhookReachesItsListenersAtOnce(t *testing.T) {
	ff := newFollowFixture(t)
	hamburg := ff.u.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	o, _ := ff.m.signIn(ff.token)
	rec := o.do(http.MethodPost, "/admin/follow", url.Values{"upstream": {ff.uSrv.URL}, "token": {ff.u.token}, "tournament": {id}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("follow: %d %s", rec.Code, rec.Body)
	}
	hook := o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil)).Find(`[data-testid="webhook-url"]`).AttrOr("value", "")
	hook = strings.TrimPrefix(hook, "https://m.example.org")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ff.m.store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	go ff.follower.Run(ctx)
	testkit.Eventually(t, "M watches the versions", ff.m.store.Watching)
	m := httptest.NewServer(ff.m.handler)
	defer m.Close()
	snap, err := ff.m.store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, m.URL+"/t/"+id+"/live?v="+strconv.FormatInt(snap.Version, 10), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the stream: %v %v", err, resp)
	}
	defer func() { _ = resp.Body.Close() }()
	events := make(chan string, 8)
	go func() {
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				close(events)
				return
			}
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "data: "); ok {
				events <- v
			}
		}
	}()

	match, _ := ff.u.running(hamburg, singleSetTo7)
	if rec := ff.u.put("/v1/public/tournaments/"+id+"/matches/"+match.ID+"/live-result", ff.u.token, `{"result":[[[5,4]]]}`); rec.Code != http.StatusOK {
		t.Fatalf("live score on U: %d %s", rec.Code, rec.Body)
	}
	call := httptest.NewRequest(http.MethodPost, hook, strings.NewReader(`{"id":1,"tournamentId":"`+id+`","events":[{"type":"MatchUpdated","matchId":"`+match.ID+`","createdAt":"2026-11-21T12:00:00.000Z"}]}`))
	rec = httptest.NewRecorder()
	ff.m.handler.ServeHTTP(rec, call)
	if rec.Code != http.StatusNoContent {
		t.Fatalf("U's webhook call: %d %s", rec.Code, rec.Body)
	}
	// Every event names a newer version of M's copy; one of them has the score.
	testkit.Eventually(t, "the page's stream heard of the live score", func() bool {
		select {
		case v, ok := <-events:
			if !ok {
				t.Fatal("the stream ended")
			}
			n, _ := strconv.ParseInt(v, 10, 64)
			now, err := ff.m.store.Snapshot(ctx, id)
			if err != nil || n <= snap.Version || now.Version < n {
				t.Fatalf("an event named version %s (the page showed %d, M has %v)", v, snap.Version, now)
			}
			got, ok := now.Match(match.ID)
			return ok && len(got.Encounters) == 1 && got.Encounters[0][0] == tournament.Set{5, 4}
		default:
		}
		return false
	})
}

// isFragment reports whether body is the live part id alone (templates.Poller),
// in the element that holds its stream or without one: never a whole page.
func isFragment(body, id string) bool {
	body = strings.TrimSpace(body)
	if rest, ok := strings.CutPrefix(body, `<div class="contents" hx-ext="sse" sse-connect="`); ok {
		_, body, _ = strings.Cut(rest, "data-stream>")
	}
	return strings.HasPrefix(body, `<div id="`+id+`"`) && !strings.Contains(body, "<html")
}

// TestStreamsAreSeenAsTheirPagesAreAndRefusedPastTheLimits: a private
// tournament's stream is not found for a visitor, a court code that names
// no court finds none, a client past its limit is told so (429, the
// limit's name), and a server that does not hear of changes refuses
// streams (503) rather than promise what it cannot keep.
func TestStreamsAreSeenAsTheirPagesAreAndRefusedPastTheLimits(t *testing.T) {
	store, demo := cachetest.Demo(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub := live.NewHub(live.Limits{PerClient: 1, Total: 10})
	h, err := Routes(Config{Store: store, Logger: log, RateLimit: 120, Live: hub})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	defer hub.Close()
	var hamburg, training string
	for _, dt := range demo.Tournaments {
		switch dt.Tournament.Name {
		case "Hamburg Open 2026":
			hamburg = dt.Tournament.ID
		case "Club Training Night":
			training = dt.Tournament.ID
		}
	}
	get := func(path string) *http.Response {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = resp.Body.Close() })
		return resp
	}
	if resp := get("/t/" + hamburg + "/live"); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a stream while the versions are not watched: %d, want 503", resp.StatusCode)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go store.WatchVersions(ctx, time.Hour, log)
	testkit.Eventually(t, "the versions are watched", store.Watching)

	if resp := get("/t/" + training + "/live"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a visitor's stream of a private tournament: %d, want 404", resp.StatusCode)
	}
	if resp := get("/c/NOSUCHCODE/live"); resp.StatusCode == http.StatusOK {
		t.Error("a court code that names no court has a stream")
	}
	if resp := get("/t/" + hamburg + "/live"); resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("a shared tournament's stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	resp := get("/t/" + hamburg + "/live")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "live pages per client address") {
		t.Errorf("a client's second stream past a limit of one: %d %.300s", resp.StatusCode, body)
	}
}
