package web

import (
	"context"
	"courtside/wire"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"courtside/cache/cachetest"
	"courtside/tournament"
	"courtside/upstream"
)

// followFixture is instance M, empty but for the demo's Kickerclub, set to
// follow tournaments of U, a Courtside with the demo.
type followFixture struct {
	u        *fixture
	uSrv     *httptest.Server
	m        *fixture
	token    string // Kickerclub's token on M
	follower *upstream.Follower
}

func newFollowFixture(t *testing.T) *followFixture {
	t.Helper()
	u := newFixture(t)
	uSrv := httptest.NewServer(u.handler)
	t.Cleanup(uSrv.Close)
	ctx := context.Background()
	storeM := cachetest.Store(cachetest.Separate(t)) // M's own Redis: a second Redis(t) would flush U's
	storeM.Now = time.Now
	org := u.org("kickerclub-hamburg")
	if err := storeM.PutOrganizer(ctx, org); err != nil {
		t.Fatal(err)
	}
	token, _, err := storeM.CreateToken(ctx, org.ID, "Console")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	follower := upstream.New(storeM, log, "https://m.example.org")
	follower.AllowPrivate = true // the upstream is a test server on loopback
	h, err := Routes(Config{Store: storeM, Logger: log, RateLimit: 120, Upstream: follower})
	if err != nil {
		t.Fatal(err)
	}
	return &followFixture{u: u, uSrv: uSrv, m: &fixture{t: t, store: storeM, handler: h}, token: token, follower: follower}
}

func TestFollowFromTheConsole(t *testing.T) {
	ff := newFollowFixture(t)
	hamburg := ff.u.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	o, _ := ff.m.signIn(ff.token)
	api := ff.uSrv.URL + "/v1/public"

	rec := o.do(http.MethodPost, "/admin/follow/tournaments", url.Values{"upstream": {api}, "token": {"cst_wrong"}})
	if msg := o.doc(rec).Find(`[data-testid="follow-error"]`).Text(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(msg, "refused the key") {
		t.Errorf("a wrong token: %d %q", rec.Code, msg)
	}
	rec = o.do(http.MethodPost, "/admin/follow/tournaments", url.Values{"upstream": {ff.uSrv.URL}, "token": {ff.u.token}})
	if list := o.doc(rec).Find(`[data-testid="upstream-tournaments"]`).Text(); rec.Code != 200 || !strings.Contains(list, "Hamburg Open 2026") {
		t.Fatalf("the token's tournaments: %d %s", rec.Code, list)
	}
	rec = o.do(http.MethodPost, "/admin/follow", url.Values{"upstream": {ff.uSrv.URL}, "token": {ff.u.token}, "tournament": {id}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("follow: %d %s", rec.Code, rec.Body)
	}
	doc := o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
	hook := doc.Find(`[data-testid="webhook-url"]`).AttrOr("value", "")
	if !strings.Contains(doc.Find(`[data-testid="follow-flash"]`).Text(), "Hamburg Open 2026") ||
		!strings.HasPrefix(hook, "https://m.example.org/hooks/upstream/"+id+"/") {
		t.Errorf("after following: flash %q, webhook address %q", doc.Find(`[data-testid="follow-flash"]`).Text(), hook)
	}

	// The copy is served like Courtside's own, marked with its source.
	page := o.doc(o.do(http.MethodGet, "/t/"+id, nil))
	if src := page.Find(`[data-testid="source"]`).Text(); !strings.Contains(src, strings.TrimPrefix(ff.uSrv.URL, "http://")) {
		t.Errorf("the tournament page does not name its source: %q", src)
	}
	onU, onM := ff.u.get("/v1/public/tournaments/"+id+"/courts?includeMatchDetails=true", ff.u.token), ff.m.get("/v1/public/tournaments/"+id+"/courts?includeMatchDetails=true", ff.token)
	if onU.Body.String() != onM.Body.String() {
		t.Errorf("M's courts differ from U's:\n%s\n%s", onM.Body, onU.Body)
	}

	// The receiver: the secret is in the address.
	secret := hook[strings.LastIndex(hook, "/")+1:]
	for _, c := range []struct {
		path, body string
		status     int
	}{
		{"/hooks/upstream/" + id + "/wrong", `{}`, http.StatusNotFound},
		{"/hooks/upstream/tio:nobody/" + secret, `{}`, http.StatusNotFound},
		{"/hooks/upstream/" + id + "/" + secret, `{"id":`, http.StatusBadRequest},
		{"/hooks/upstream/" + id + "/" + secret, `{"id":3,"tournamentId":"` + id + `","events":[{"type":"MatchUpdated","matchId":"x","createdAt":"2026-11-21T12:00:00.000Z"}]}`, http.StatusNoContent},
	} {
		req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(c.body))
		rec := httptest.NewRecorder()
		ff.m.handler.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("POST %s %s: %d, want %d", c.path, c.body, rec.Code, c.status)
		}
	}

	// A live score entered in M's console is U's, and M's copy has it at once.
	m, _ := ff.u.running(hamburg, singleSetTo7)
	rec = o.resultForm(id, m.ID, "live", map[string]string{"0.0.0": "1", "0.0.1": "0"})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("live score in M's console: %d %s", rec.Code, rec.Body)
	}
	for name, f := range map[string]*fixture{"U": ff.u, "M": ff.m} {
		key := ff.u.token
		if f == ff.m {
			key = ff.token
		}
		var got wire.Match
		_ = json.Unmarshal(f.get("/v1/public/tournaments/"+id+"/matches/"+m.ID, key).Body.Bytes(), &got)
		if len(got.Encounters) != 1 || got.Encounters[0][0] != (tournament.Set{1, 0}) {
			t.Errorf("%s has %v", name, got.Encounters)
		}
	}
	// Calling matches is the application's.
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/matches/"+m.ID+"/state", url.Values{"to": {"paused"}}); rec.Code != http.StatusConflict ||
		!strings.Contains(rec.Body.String(), "runs in the tournament application") {
		t.Errorf("pausing a followed tournament's match: %d", rec.Code)
	}
	// A result U refuses is shown as U put it.
	rec = o.resultForm(id, m.ID, "confirm", map[string]string{"0.0.0": "9", "0.0.1": "0"})
	direct := ff.u.put("/v1/public/tournaments/"+id+"/matches/"+m.ID+"/result", ff.u.token, `{"result": [[[9, 0]]]}`)
	var refusal struct{ Message string }
	_ = json.Unmarshal(direct.Body.Bytes(), &refusal)
	if msg := o.doc(rec).Text(); rec.Code != http.StatusUnprocessableEntity || direct.Code != 400 || !strings.Contains(msg, refusal.Message) {
		t.Errorf("a result U refuses (%d %s): %d", direct.Code, refusal.Message, rec.Code)
	}

	// Stopping keeps the copy.
	rec = o.do(http.MethodPost, "/admin/follow/"+id+"/stop", url.Values{"confirmed": {"yes"}})
	if rec.Code != http.StatusSeeOther || ff.m.get("/v1/public/tournaments/"+id, ff.token).Code != 200 {
		t.Errorf("stop: %d", rec.Code)
	}
	if _, err := ff.m.store.Follow(context.Background(), id); err == nil {
		t.Error("still followed")
	}
}
