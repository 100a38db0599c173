package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/cache"
	"courtside/tournament"
)

// organizer is a browser: it keeps the session cookie and sends forms from the site itself.
type organizer struct {
	f      *fixture
	cookie *http.Cookie
	remote string // the peer's address, when not httptest's
}

func (o *organizer) do(method, path string, form url.Values, header ...string) *httptest.ResponseRecorder {
	o.f.t.Helper()
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if o.remote != "" {
		req.RemoteAddr = o.remote
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if o.cookie != nil {
		req.AddCookie(o.cookie)
	}
	rec := httptest.NewRecorder()
	o.f.handler.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "courtside" {
			o.cookie = c
		}
	}
	return rec
}

func (o *organizer) doc(rec *httptest.ResponseRecorder) *goquery.Document {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		o.f.t.Fatal(err)
	}
	return doc
}

func (f *fixture) signIn(token string) (*organizer, *httptest.ResponseRecorder) {
	o := &organizer{f: f}
	return o, o.do(http.MethodPost, "/admin/login", url.Values{"token": {token}})
}

func TestSignIn(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		name, token string
		status      int
		message     string
	}{
		{"an API token", f.token, http.StatusSeeOther, ""},
		{"a public key", f.publicKicker, http.StatusForbidden, "A public API key cannot sign in: use the API token of the organizer."},
		{"a revoked token", f.revoked, http.StatusUnauthorized, "That token is unknown or revoked."},
		{"a wrong token", "cst_wrong", http.StatusUnauthorized, "That token is unknown or revoked."},
		{"nothing", "", http.StatusBadRequest, "Paste your API token."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, rec := f.signIn(c.token)
			if rec.Code != c.status {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			if c.status != http.StatusSeeOther {
				if msg := o.doc(rec).Find(`[data-testid="login-error"]`).Text(); msg != c.message {
					t.Errorf("message %q", msg)
				}
				if o.cookie != nil {
					t.Error("a refused sign-in set a session")
				}
				return
			}
			if rec.Header().Get("Location") != "/admin" || o.cookie == nil || !o.cookie.HttpOnly || o.cookie.SameSite != http.SameSiteLaxMode || o.cookie.MaxAge != 12*3600 || o.cookie.Secure {
				t.Errorf("session cookie %+v, to %s", o.cookie, rec.Header().Get("Location"))
			}
			if strings.Contains(o.cookie.Value, c.token) {
				t.Error("the cookie carries the token")
			}
			home := o.do(http.MethodGet, "/admin", nil)
			names := o.doc(home).Find(`[data-testid="my-tournaments"]`).Text()
			if home.Code != 200 || !strings.Contains(names, "Club Training Night") || !strings.Contains(names, "Hamburg Open 2026") {
				t.Errorf("my tournaments: %d %q", home.Code, names)
			}
		})
	}
	t.Run("behind HTTPS the cookie is Secure", func(t *testing.T) {
		o := &organizer{f: f, remote: trustedProxy + ":443"}
		o.do(http.MethodPost, "/admin/login", url.Values{"token": {f.token}}, "X-Forwarded-Proto", "https")
		if o.cookie == nil || !o.cookie.Secure {
			t.Errorf("cookie %+v", o.cookie)
		}
	})
	t.Run("a client claiming HTTPS itself gets no Secure cookie", func(t *testing.T) {
		o := &organizer{f: f}
		o.do(http.MethodPost, "/admin/login", url.Values{"token": {f.token}}, "X-Forwarded-Proto", "https")
		if o.cookie == nil || o.cookie.Secure {
			t.Errorf("cookie %+v", o.cookie)
		}
	})
	t.Run("sign out", func(t *testing.T) {
		o, _ := f.signIn(f.token)
		if rec := o.do(http.MethodPost, "/admin/logout", url.Values{}); rec.Code != http.StatusSeeOther || o.cookie.MaxAge >= 0 {
			t.Fatalf("logout: %d, cookie %+v", rec.Code, o.cookie)
		}
		o.cookie = nil
		if rec := o.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther {
			t.Errorf("after signing out: %d", rec.Code)
		}
	})
}

func TestSessionsEnd(t *testing.T) {
	f := newFixture(t)
	t.Run("a revoked token ends its session at the next request", func(t *testing.T) {
		o, _ := f.signIn(f.token)
		if rec := o.do(http.MethodGet, "/admin", nil); rec.Code != 200 {
			t.Fatalf("%d", rec.Code)
		}
		k, _ := f.store.Authenticate(context.Background(), f.token)
		if err := f.store.RevokeKey(context.Background(), k.ID); err != nil {
			t.Fatal(err)
		}
		rec := o.do(http.MethodGet, "/admin", nil)
		if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login") {
			t.Errorf("after revoking: %d %s", rec.Code, rec.Header().Get("Location"))
		}
	})
	t.Run("a tampered cookie is no session", func(t *testing.T) {
		token, _, _ := f.store.CreateToken(context.Background(), f.org("kickerclub-hamburg").ID, "Tamper")
		o, _ := f.signIn(token)
		v := []byte(o.cookie.Value)
		v[len(v)/2] ^= 1
		o.cookie.Value = string(v)
		if rec := o.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther {
			t.Errorf("tampered cookie: %d", rec.Code)
		}
	})
}

func TestFailedSignInsAreLimitedPerAddress(t *testing.T) {
	f := newFixture(t)
	for i := range 10 {
		if _, rec := f.signIn("cst_guess"); rec.Code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, rec.Code)
		}
	}
	o, rec := f.signIn(f.token) // even the right token waits now
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || o.cookie != nil {
		t.Errorf("after 10 failures: %d", rec.Code)
	}
	// Another address is not held up.
	req := httptest.NewRequest(http.MethodPost, "/admin/login", strings.NewReader(url.Values{"token": {f.token}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "198.51.100.7:5555"
	rec = httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Errorf("another address: %d", rec.Code)
	}
}

// TestConcurrentSignInsGuessAtMostTheLimit sends many wrong guesses at once
// from one address: exactly cache.MaxFailedLogins are checked, the rest wait.
func TestConcurrentSignInsGuessAtMostTheLimit(t *testing.T) {
	f := newFixture(t)
	const sent = 40
	codes := make(chan int, sent)
	var wg sync.WaitGroup
	for i := range sent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest(http.MethodPost, "/admin/login", strings.NewReader(url.Values{"token": {fmt.Sprintf("cst_guess_%d", i)}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			codes <- rec.Code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[http.StatusUnauthorized] != cache.MaxFailedLogins || count[http.StatusTooManyRequests] != sent-cache.MaxFailedLogins {
		t.Errorf("%d concurrent guesses: %v, want %d checked (401) and the rest 429", sent, count, cache.MaxFailedLogins)
	}
}

func TestCrossOriginPostsAreRefused(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	o, _ := f.signIn(f.token)
	open := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	path := "/admin/t/" + hamburg.Tournament.ID + "/matches/" + open.ID + "/state"
	for name, header := range map[string][]string{
		"another site":   {"Sec-Fetch-Site", "cross-site"},
		"another origin": {"Sec-Fetch-Site", "", "Origin", "https://evil.example"},
	} {
		rec := o.do(http.MethodPost, path, url.Values{"to": {"paused"}}, header...)
		if rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d", name, rec.Code)
		}
	}
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchOpen {
		t.Errorf("a refused post changed the match to %s", m.State)
	}
	if rec := o.do(http.MethodPost, path, url.Values{"to": {"paused"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("the same post from the site: %d", rec.Code)
	}
}

func TestConsoleCallsAMatchToACourt(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	o, _ := f.signIn(f.token)
	console := o.doc(o.do(http.MethodGet, "/admin/t/"+hamburg.Tournament.ID, nil))
	item := console.Find(`[data-testid="queue-item"]`).First()
	matchID := item.AttrOr("data-match", "")
	court := item.Find(`select[name="court"] option`).First().AttrOr("value", "")
	if matchID == "" || court == "" {
		t.Fatal("nothing to call, or no free court")
	}
	call := "/admin/t/" + hamburg.Tournament.ID + "/matches/" + matchID + "/call"
	if rec := o.do(http.MethodPost, call, url.Values{"court": {court}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("call: %d %s", rec.Code, rec.Body)
	}
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if m, _ := snap.Match(matchID); m.State != tournament.MatchRunning || m.CourtIDs[0] != court {
		t.Errorf("called match %s on %v", m.State, m.CourtIDs)
	}
	// The court is taken now: calling another match to it is refused, with htmx in place.
	other := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.ID != matchID && m.Entries[0] != nil && m.Entries[1] != nil
	})
	rec := o.do(http.MethodPost, "/admin/t/"+hamburg.Tournament.ID+"/matches/"+other.ID+"/call", url.Values{"court": {court}}, "HX-Request", "true", "HX-Target", "live")
	if rec.Code != http.StatusConflict || !isFragment(rec.Body.String(), "live") || !strings.Contains(o.doc(rec).Find(`[data-testid="console-error"]`).Text(), "is busy") {
		t.Errorf("calling to a busy court: %d %.200s", rec.Code, rec.Body)
	}
	// Another organizer's tournament is not there.
	lyon := f.tournament("Lyon Pétanque Masters")
	if rec := o.do(http.MethodGet, "/admin/t/"+lyon.Tournament.ID, nil); rec.Code != http.StatusNotFound {
		t.Errorf("another organizer's console: %d", rec.Code)
	}
}

// resultForm posts a result form; sets are "e.k.side=value" or "q.e.k=1:0".
func (o *organizer) resultForm(tournamentID, matchID, action string, fields map[string]string, header ...string) *httptest.ResponseRecorder {
	form := url.Values{"action": {action}}
	for k, v := range fields {
		if strings.HasPrefix(k, "q.") {
			form.Set(k, v)
		} else {
			form.Set("s."+k, v)
		}
	}
	return o.do(http.MethodPost, "/admin/t/"+tournamentID+"/matches/"+matchID+"/result", form, header...)
}

func TestResultEntry(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	h := hamburg.Tournament.ID
	single, _ := f.running(hamburg, singleSetTo7)
	twoSets, _ := f.running(hamburg, func(_ *tournament.Group, c tournament.MatchConfiguration) bool {
		return c.NumSets == 2 && !c.QuickEntry
	})
	quick, _ := f.running(hamburg, func(_ *tournament.Group, c tournament.MatchConfiguration) bool { return c.QuickEntry && c.NumSets == 2 })
	league, _ := f.running(hamburg, func(g *tournament.Group, _ tournament.MatchConfiguration) bool { return len(g.Encounters) == 3 })
	o, _ := f.signIn(f.token)

	t.Run("the form follows the configuration", func(t *testing.T) {
		for _, c := range []struct {
			m               *tournament.Match
			encounters, row int
			quick           bool
		}{{single, 1, 1, false}, {twoSets, 1, 3, false}, {quick, 1, 3, true}, {league, 3, 1, false}} {
			doc := o.doc(o.do(http.MethodGet, "/admin/t/"+h+"/matches/"+c.m.ID, nil))
			if n := doc.Find("fieldset").Length(); n != c.encounters {
				t.Errorf("%s: %d encounters", c.m.ID, n)
			}
			if n := doc.Find(`[data-testid="set-row"]`).Length(); n != c.encounters*c.row {
				t.Errorf("%s: %d set rows, want %d", c.m.ID, n, c.encounters*c.row)
			}
			if quickButtons := doc.Find(`input[type="radio"][value="1:0"]`).Length() > 0; quickButtons != c.quick {
				t.Errorf("%s: one-tap buttons %v", c.m.ID, quickButtons)
			}
			if doc.Find(`input[inputmode="numeric"]`).Length() == 0 && !c.quick {
				t.Errorf("%s: no numeric keypad", c.m.ID)
			}
		}
	})

	t.Run("single set: live, then finish with a confirmation", func(t *testing.T) {
		rec := o.resultForm(h, single.ID, "live", map[string]string{"0.0.0": "4", "0.0.1": "2"})
		if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "?saved=live") {
			t.Fatalf("live: %d %s", rec.Code, rec.Body)
		}
		doc := o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
		if doc.Find(`[data-testid="flash"]`).Length() != 1 || doc.Find(`input[name="s.0.0.0"]`).AttrOr("value", "") != "4" {
			t.Error("the saved live score is not shown in the form")
		}
		rec = o.resultForm(h, single.ID, "finish", map[string]string{"0.0.0": "7", "0.0.1": "2"})
		confirm := o.doc(rec).Find(`[data-testid="confirm"]`).Text()
		if rec.Code != 200 || !strings.Contains(confirm, single.Entries[0].Name+" wins 7:2") {
			t.Fatalf("finish asks %q", confirm)
		}
		snap, _ := f.store.Snapshot(context.Background(), h)
		if m, _ := snap.Match(single.ID); m.State != tournament.MatchRunning {
			t.Fatal("finish ended the match before the confirmation")
		}
		if rec := o.resultForm(h, single.ID, "confirm", map[string]string{"0.0.0": "7", "0.0.1": "2"}); rec.Code != http.StatusSeeOther {
			t.Fatalf("confirm: %d", rec.Code)
		}
		snap, _ = f.store.Snapshot(context.Background(), h)
		if m, _ := snap.Match(single.ID); m.State != tournament.MatchPlayed || m.Encounters[0][0] != (tournament.Set{7, 2}) {
			t.Errorf("after confirm: %s %v", m.State, m.Encounters)
		}
		audit, _ := f.store.Audit(context.Background(), h, single.ID)
		if len(audit) != 2 || audit[0].By != "Announcer (console)" || !audit[0].Final || audit[1].Final || audit[0].Old[0][0] != (tournament.Set{4, 2}) {
			t.Errorf("audit %+v", audit)
		}
		hist := o.doc(o.do(http.MethodGet, "/admin/t/"+h+"/matches/"+single.ID, nil)).Find(`[data-testid="history"] li`)
		if hist.Length() != 2 || !strings.Contains(hist.First().Text(), "4:2 → 7:2") {
			t.Errorf("history %q", hist.Text())
		}
	})

	t.Run("a mistake shows next to its set and loses nothing", func(t *testing.T) {
		rec := o.resultForm(h, twoSets.ID, "finish", map[string]string{"0.0.0": "5", "0.0.1": "3", "0.1.0": "4", "0.1.1": "9"})
		doc := o.doc(rec)
		rows := doc.Find(`[data-testid="set-row"]`)
		if rec.Code != http.StatusUnprocessableEntity || rows.Eq(1).Find(`[data-testid="set-error"]`).Text() != "4:9 goes past 5 points" || rows.Eq(0).Find(`[data-testid="set-error"]`).Length() != 0 {
			t.Errorf("%d: errors %q", rec.Code, doc.Find(`[data-testid="set-error"]`).Text())
		}
		if doc.Find(`input[name="s.0.1.1"]`).AttrOr("value", "") != "9" || doc.Find(`input[name="s.0.0.0"]`).AttrOr("value", "") != "5" {
			t.Error("the typed scores are gone")
		}
		if rec := o.resultForm(h, twoSets.ID, "live", map[string]string{"0.0.0": "5", "0.1.1": "2"}); rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("a set with one score: %d", rec.Code)
		}
		// On a German page the form's own mistakes are German too (they were English).
		rec = o.resultForm(h, twoSets.ID, "live", map[string]string{"0.0.0": "5"}, "Accept-Language", "de")
		if got := o.doc(rec).Find(`[data-testid="set-error"]`).Text(); rec.Code != http.StatusUnprocessableEntity || got != "beide Ergebnisse eintragen" {
			t.Errorf("a set with one score, in German: %d %q", rec.Code, got)
		}
		if rec := o.resultForm(h, twoSets.ID, "confirm", map[string]string{"0.0.0": "5", "0.0.1": "3", "0.1.0": "5", "0.1.1": "1"}); rec.Code != http.StatusSeeOther {
			t.Errorf("a good result: %d %s", rec.Code, rec.Body)
		}
	})

	t.Run("quick entry with htmx", func(t *testing.T) {
		rec := o.resultForm(h, quick.ID, "confirm", map[string]string{"q.0.0": "1:0", "q.0.1": "0:1", "q.0.2": "1:0"}, "HX-Request", "true", "HX-Target", "result-panel")
		if rec.Code != 200 || !strings.HasPrefix(strings.TrimSpace(rec.Body.String()), `<div id="result-panel"`) || o.doc(rec).Find(`[data-testid="flash"]`).Length() != 1 {
			t.Fatalf("%d %.120s", rec.Code, rec.Body)
		}
		snap, _ := f.store.Snapshot(context.Background(), h)
		if m, _ := snap.Match(quick.ID); m.State != tournament.MatchPlayed || len(m.Encounters[0]) != 3 {
			t.Errorf("quick entry: %s %v", m.State, m.Encounters)
		}
	})

	t.Run("league encounters", func(t *testing.T) {
		rec := o.resultForm(h, league.ID, "confirm", map[string]string{"0.0.0": "7", "0.0.1": "1", "1.0.0": "7", "1.0.1": "5"})
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(o.doc(rec).Find(`[data-testid="result-error"]`).Text(), "needs all 3 encounters") {
			t.Errorf("two of three encounters: %d %q", rec.Code, o.doc(rec).Find(`[data-testid="result-error"]`).Text())
		}
		if rec := o.resultForm(h, league.ID, "confirm", map[string]string{"0.0.0": "7", "0.0.1": "1", "1.0.0": "3", "1.0.1": "7", "2.0.0": "7", "2.0.1": "6"}); rec.Code != http.StatusSeeOther {
			t.Errorf("three encounters: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestSomeoneElseFinishedFirst(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	o, _ := f.signIn(f.token)
	// The table's scorer finishes the match through the API while the organizer is typing.
	if rec := f.put("/v1/public/tournaments/"+hamburg.Tournament.ID+"/matches/"+m.ID+"/result", f.token, `{"result":[[[3,7]]]}`); rec.Code != 200 {
		t.Fatal(rec.Body)
	}
	rec := o.resultForm(hamburg.Tournament.ID, m.ID, "confirm", map[string]string{"0.0.0": "7", "0.0.1": "3"})
	doc := o.doc(rec)
	msg := doc.Find(`[data-testid="finished-by"]`).Text()
	if rec.Code != http.StatusConflict || !strings.Contains(msg, "Announcer finished this match first") || !strings.Contains(msg, "3:7") {
		t.Errorf("%d %q", rec.Code, msg)
	}
	if doc.Find(`[data-testid="result-form"]`).Length() != 0 {
		t.Error("the form is still offered for a finished match")
	}
	snap, _ := f.store.Snapshot(context.Background(), hamburg.Tournament.ID)
	if got, _ := snap.Match(m.ID); got.Encounters[0][0] != (tournament.Set{3, 7}) {
		t.Errorf("the first result was overwritten: %v", got.Encounters)
	}
}

func TestSignedInOrganizerSeesItsPrivateTournament(t *testing.T) {
	f := newFixture(t)
	training := f.tournament("Club Training Night")
	path := "/t/" + training.Tournament.ID
	if rec, _ := f.page(path); rec.Code != 404 {
		t.Fatalf("a visitor: %d", rec.Code)
	}
	o, _ := f.signIn(f.token)
	if rec := o.do(http.MethodGet, path, nil); rec.Code != 200 {
		t.Errorf("its organizer: %d", rec.Code)
	}
	if rec := o.do(http.MethodGet, "/o/kickerclub-hamburg", nil); !strings.Contains(rec.Body.String(), "Club Training Night") {
		t.Error("its organizer does not find it on the organizer page")
	}
	other, _ := f.signIn(f.bouleToken)
	if rec := other.do(http.MethodGet, path, nil); rec.Code != 404 {
		t.Errorf("another organizer: %d", rec.Code)
	}
}
