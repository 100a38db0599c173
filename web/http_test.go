package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"courtside/cache/cachetest"
)

// trustedProxy is the reverse proxy the test server believes (routes).
const trustedProxy = "10.0.0.5"

func TestCORSOnTheAPI(t *testing.T) {
	f := newFixture(t)
	preflight := func(path, method string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodOptions, path, nil)
		req.Header.Set("Origin", "https://demo.example.app")
		req.Header.Set("Access-Control-Request-Method", method)
		req.Header.Set("Access-Control-Request-Headers", "authorization,content-type")
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		return rec
	}
	// More preflights than the rate limit allows GETs: none needs a key, none is counted.
	for i := range 150 {
		for _, c := range []struct{ path, method string }{
			{"/v1/public/tournaments", "GET"},
			{"/v1/public/tournaments/x/matches/y/result", "PUT"},
			{"/v1/public/tournaments/x/webhooks", "POST"},
			{"/v1/public/webhooks/w", "DELETE"},
		} {
			rec := preflight(c.path, c.method)
			h := rec.Header()
			if rec.Code != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "*" ||
				!strings.Contains(h.Get("Access-Control-Allow-Methods"), c.method) ||
				!strings.Contains(h.Get("Access-Control-Allow-Headers"), "Authorization") ||
				!strings.Contains(h.Get("Access-Control-Allow-Headers"), "Content-Type") {
				t.Fatalf("preflight %d for %s %s: %d %v", i+1, c.method, c.path, rec.Code, h)
			}
		}
	}
	// The answers themselves, errors too, are readable from any origin, with their ETag and Retry-After.
	for _, c := range []struct {
		path, key string
		status    int
	}{
		{"/v1/public/tournaments", f.token, 200},
		{"/v1/public/tournaments", "", 401},
		{"/v1/public/nothing", f.token, 404},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		req.Header.Set("Origin", "https://demo.example.app")
		if c.key != "" {
			req.Header.Set("Authorization", "Bearer "+c.key)
		}
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		expose := rec.Header().Get("Access-Control-Expose-Headers")
		if rec.Code != c.status || rec.Header().Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(expose, "ETag") || !strings.Contains(expose, "Retry-After") {
			t.Errorf("GET %s: %d, %v", c.path, rec.Code, rec.Header())
		}
	}
	// The site is not for other origins.
	if rec := preflight("/admin/login", "POST"); rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("the console answers CORS: %v", rec.Header())
	}
}

func TestHEADCountsLikeGETForTheRateLimit(t *testing.T) {
	f := newFixture(t)
	head := func() int {
		req := httptest.NewRequest(http.MethodHead, "/v1/public/hello", nil)
		req.Header.Set("Authorization", "Bearer "+f.token)
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		return rec.Code
	}
	for i := range 120 {
		if code := head(); code != 200 {
			t.Fatalf("HEAD %d: %d", i+1, code)
		}
	}
	if code := head(); code != http.StatusTooManyRequests {
		t.Errorf("HEAD 121: %d", code)
	}
	if rec := f.get("/v1/public/hello", f.token); rec.Code != http.StatusTooManyRequests {
		t.Errorf("a GET after 120 HEADs: %d", rec.Code)
	}
}

func TestOrganizerPageNumbers(t *testing.T) {
	f := newFixture(t)
	for page, status := range map[string]int{
		"":                          200,
		"?page=1":                   200,
		"?page=461168601842738792":  400,
		"?page=9223372036854775807": 400,
		"?page=0":                   400,
		"?page=-1":                  400,
		"?page=+2":                  400,
		"?page=two":                 400,
	} {
		if rec, _ := f.page("/o/kickerclub-hamburg" + page); rec.Code != status {
			t.Errorf("%s: %d, want %d", page, rec.Code, status)
		}
	}
}

// from sends a request from remote (a client's address; "" for httptest's)
// with header's name and value pairs.
func (f *fixture) from(method, target, remote string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if remote != "" {
		req.RemoteAddr = remote
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

func TestSecurityHeaders(t *testing.T) {
	f := newFixture(t)
	get := func(path, remote string, header ...string) *httptest.ResponseRecorder {
		return f.from(http.MethodGet, path, remote, header...)
	}
	hamburg := f.tournament("Hamburg Open 2026")
	for _, path := range []string{"/", "/t/" + hamburg.Tournament.ID, "/admin/login", "/api", "/nothing"} {
		h := get(path, "").Header()
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe") ||
			!strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(h.Get("Permissions-Policy"), "camera=()") {
			t.Errorf("%s: CSP %q, Permissions-Policy %q", path, csp, h.Get("Permissions-Policy"))
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
	// A CORS preflight's 204 and a recovered panic's 500 carry the policies too.
	preflight := f.from(http.MethodOptions, "/v1/public/tournaments", "", "Origin", "https://dash.example", "Access-Control-Request-Method", "GET")
	if preflight.Code != http.StatusNoContent || !strings.Contains(preflight.Header().Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("a preflight: %d, CSP %q", preflight.Code, preflight.Header().Get("Content-Security-Policy"))
	}
	s := &server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, path := range []string{"/t/x", "/v1/public/tournaments"} {
		rec := httptest.NewRecorder()
		s.logRequests(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("a bug") })).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("%s, a panic: %d, CSP %q", path, rec.Code, rec.Header().Get("Content-Security-Policy"))
		}
	}
	if h := get("/", trustedProxy+":1234", "X-Forwarded-Proto", "https").Header(); !strings.HasPrefix(h.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("behind the trusted proxy's HTTPS: no HSTS: %v", h)
	}
	if h := get("/", "", "X-Forwarded-Proto", "https").Header(); h.Get("Strict-Transport-Security") != "" {
		t.Error("a client's own X-Forwarded-Proto gave HSTS")
	}
	for _, path := range []string{"/admin/login", "/admin", "/admin/t/" + hamburg.Tournament.ID} {
		if cc := get(path, "").Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
	}
	o, _ := f.signIn(f.token)
	if rec := o.do(http.MethodGet, "/admin/t/"+hamburg.Tournament.ID, nil); rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("the console: %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	if cc := get("/t/"+hamburg.Tournament.ID, "").Header().Get("Cache-Control"); cc == "no-store" {
		t.Error("a public page is no-store")
	}
}

func TestSignOutEndsTheSessionEverywhere(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	copied := *o.cookie // say, lifted from the browser before signing out
	if rec := o.do(http.MethodGet, "/admin", nil); rec.Code != 200 {
		t.Fatalf("signed in: %d", rec.Code)
	}
	if rec := o.do(http.MethodPost, "/admin/logout", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("logout: %d", rec.Code)
	}
	thief := &organizer{f: f, cookie: &copied}
	if rec := thief.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login") {
		t.Errorf("the cookie copied before signing out: %d %s", rec.Code, rec.Header().Get("Location"))
	}

	// Revoking the token deletes the records of the sessions it opened.
	ctx := context.Background()
	a, _ := f.signIn(f.token)
	b, _ := f.signIn(f.token)
	sessions := func() int {
		return len(cachetest.Keys(t, f.rdb, "session:*"))
	}
	if n := sessions(); n != 2 {
		t.Fatalf("%d session records for two sign-ins", n)
	}
	k, _ := f.store.Authenticate(ctx, f.token)
	if err := f.store.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if n := sessions(); n != 0 {
		t.Errorf("%d session records after revoking their token", n)
	}
	for _, o := range []*organizer{a, b} {
		if rec := o.do(http.MethodGet, "/admin", nil); rec.Code != http.StatusSeeOther {
			t.Errorf("after revoking: %d", rec.Code)
		}
	}
}

func TestSessionRecordLivesAsLongAsTheCookie(t *testing.T) {
	f := newFixture(t)
	o, _ := f.signIn(f.token)
	keys := cachetest.Keys(t, f.rdb, "session:*")
	if len(keys) != 1 {
		t.Fatalf("session records %v", keys)
	}
	ttl := f.rdb.TTL(context.Background(), keys[0]).Val()
	if want := time.Duration(o.cookie.MaxAge) * time.Second; ttl <= want-time.Minute || ttl > want {
		t.Errorf("record lives %s, the cookie %s", ttl, want)
	}
}

// endless is a body of n bytes of 'a' that counts what was read of it.
type endless struct{ n, read int }

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.n {
		return 0, io.EOF
	}
	k := min(len(p), e.n-e.read)
	for i := range k {
		p[i] = 'a'
	}
	e.read += k
	return k, nil
}

func TestSignInBodyIsCapped(t *testing.T) {
	f := newFixture(t)
	body := &endless{n: 11 << 20}
	req := httptest.NewRequest(http.MethodPost, "/admin/login", io.MultiReader(strings.NewReader("token="), body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	o := &organizer{f: f}
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(o.doc(rec).Find(`[data-testid="login-error"]`).Text(), "Paste only the token") {
		t.Errorf("an 11 MB sign-in: %d %s", rec.Code, rec.Body)
	}
	if body.read > 64<<10 {
		t.Errorf("read %d bytes of an 11 MB sign-in", body.read)
	}
	if _, rec := f.signIn(f.token); rec.Code != http.StatusSeeOther {
		t.Errorf("a normal sign-in after it: %d", rec.Code)
	}
}

func TestSignInLockoutBelievesOnlyTrustedProxies(t *testing.T) {
	f := newFixture(t)
	signIn := func(remote, forwardedFor, token string) int {
		o := &organizer{f: f, remote: remote}
		var header []string
		if forwardedFor != "" {
			header = []string{"X-Forwarded-For", forwardedFor}
		}
		return o.do(http.MethodPost, "/admin/login", url.Values{"token": {token}}, header...).Code
	}
	proxy := trustedProxy + ":40000"
	for i := range 10 {
		// The visitor's own X-Forwarded-For entry on the left proves nothing; the proxy's, on the right, counts.
		if code := signIn(proxy, "203.0.113.99, 198.51.100.1", "cst_guess"); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, code)
		}
	}
	if code := signIn(proxy, "198.51.100.1", f.token); code != http.StatusTooManyRequests {
		t.Errorf("the guesser behind the proxy: %d", code)
	}
	if code := signIn(proxy, "198.51.100.2", f.token); code != http.StatusSeeOther {
		t.Errorf("another organizer behind the same proxy: %d", code)
	}
	// A client that is no proxy cannot spread its guesses over made-up addresses.
	for i := range 10 {
		if code := signIn("192.0.2.50:1000", "198.51.100."+string(rune('a'+i)), "cst_guess"); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, code)
		}
	}
	if code := signIn("192.0.2.50:1000", "198.51.100.77", f.token); code != http.StatusTooManyRequests {
		t.Errorf("a forged X-Forwarded-For escaped the lockout: %d", code)
	}
}

func TestRedisOutOfReachIs503(t *testing.T) {
	t.Parallel()
	m := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: m.Addr(), MaxRetries: -1})
	t.Cleanup(func() { _ = rdb.Close() })
	store, demo := cachetest.DemoOn(t, rdb)
	token, _, err := store.CreateToken(context.Background(), demo.Organizers[0].ID, "")
	if err != nil {
		t.Fatal(err)
	}
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 120})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	get := func(path string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	id := demo.Tournaments[0].Tournament.ID
	api, page := "/v1/public/tournaments/"+id, "/t/"+id
	if resp, _ := get(api); resp.StatusCode != 200 {
		t.Fatalf("before: %d", resp.StatusCode)
	}

	m.Close() // Redis goes away under the running server
	resp, body := get(api)
	var problem struct {
		Message, Error string
		StatusCode     int
	}
	if err := json.Unmarshal([]byte(body), &problem); err != nil || resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" ||
		problem.StatusCode != 503 || problem.Error != "Service Unavailable" || problem.Message == "" {
		t.Errorf("API without Redis: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	for _, path := range []string{page, "/", "/o/kickerclub-hamburg"} {
		resp, body := get(path)
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(body, "cannot be reached right now") {
			t.Errorf("%s without Redis: %d %v", path, resp.StatusCode, resp.Header)
		}
	}

	if err := m.Restart(); err != nil { // and comes back, with its data
		t.Fatal(err)
	}
	for _, path := range []string{api, page} {
		if resp, _ := get(path); resp.StatusCode != 200 {
			t.Errorf("%s after Redis is back: %d", path, resp.StatusCode)
		}
	}
}

func TestListItemsAndGroupsInTheRealServiceShape(t *testing.T) {
	f := newFixture(t)
	var list []map[string]any
	if err := json.Unmarshal(f.get("/v1/public/tournaments?limit=100", f.token).Body.Bytes(), &list); err != nil || len(list) == 0 {
		t.Fatalf("list: %v", err)
	}
	for _, item := range list {
		for _, d := range item["disciplines"].([]any) {
			d := d.(map[string]any)
			if d["_id"] == nil || d["_id"] != d["id"] {
				t.Errorf("%s: discipline %v without its _id", item["name"], d)
			}
		}
	}
	plans := map[string]bool{"swiss": true, "dutch_system": true, "monster_dyp": true, "rounds": true, "whist": true}
	seen := map[string]bool{}
	for _, dt := range f.demo.Tournaments {
		var tj struct {
			Disciplines []struct {
				Stages []struct {
					Groups []struct {
						Mode    string         `json:"tournamentMode"`
						Options map[string]any `json:"options"`
					}
				}
			}
		}
		if err := json.Unmarshal(f.get("/v1/public/tournaments/"+dt.Tournament.ID, f.token).Body.Bytes(), &tj); err != nil {
			t.Fatal(err)
		}
		for _, d := range tj.Disciplines {
			for _, s := range d.Stages {
				for _, g := range s.Groups {
					n, has := g.Options["numRoundsPlanned"].(float64)
					if plans[g.Mode] && (!has || n < 1) || !plans[g.Mode] && has {
						t.Errorf("%s group in %s: numRoundsPlanned %v", g.Mode, dt.Tournament.Name, g.Options["numRoundsPlanned"])
					}
					seen[g.Mode] = seen[g.Mode] || has
				}
			}
		}
	}
	for mode := range plans {
		if !seen[mode] {
			t.Errorf("no %s group plans its rounds", mode)
		}
	}
}

// ?lang= sends the visitor back to the same page on this site, never to a
// host the path smuggles in; the API and form posts keep their answers.
func TestLanguageChoiceStaysOnTheSite(t *testing.T) {
	f := newFixture(t)
	do := f.from
	for target, want := range map[string]string{
		"/?lang=de":                      "/",
		"/t/x?lang=de&kiosk=1":           "/t/x?kiosk=1",
		"//evil.example/?lang=de":        "/evil.example/",
		"///evil.example/?lang=de":       "/evil.example/",
		`/\evil.example/?lang=de`:        "/%5Cevil.example/",
		"/a/../..//evil.example?lang=de": "/evil.example",
	} {
		rec := do(http.MethodGet, target, "")
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
			t.Errorf("%s: %d to %q, want 303 to %q", target, rec.Code, rec.Header().Get("Location"), want)
		}
		if c := rec.Result().Cookies(); len(c) != 1 || c[0].Value != "de" || c[0].Secure {
			t.Errorf("%s: cookies %v", target, c)
		}
	}
	if c := do(http.MethodGet, "/?lang=de", trustedProxy+":1234", "X-Forwarded-Proto", "https").Result().Cookies(); len(c) != 1 || !c[0].Secure {
		t.Errorf("behind the trusted proxy's HTTPS the cookie is not Secure: %v", c)
	}
	if rec := do(http.MethodGet, "/v1/public/hello?lang=de", "", "Authorization", "Bearer "+f.token); rec.Code != http.StatusOK || len(rec.Result().Cookies()) != 0 {
		t.Errorf("the API with ?lang=: %d, cookies %v", rec.Code, rec.Result().Cookies())
	}
	if rec := do(http.MethodPost, "/admin/login?lang=de", ""); rec.Code == http.StatusSeeOther && rec.Header().Get("Location") == "/admin/login" {
		t.Errorf("a form post with ?lang= was turned into a GET of the same page")
	}
}

// A screen keeps its language in its address: ?lang= on a TV, a console
// screen, a board's live part or an embed renders in it, leaves no cookie
// (which would carry it to every tab of the browser) and outranks the
// cookie another tab chose, so a French page opened beside a German TV
// cannot turn the TV French.
func TestAScreenKeepsItsLanguageInItsAddress(t *testing.T) {
	f := newFixture(t)
	hamburg := f.demo.Tournaments[0].Tournament
	for _, path := range []string{"/t/" + hamburg.ID + "/tv", "/t/" + hamburg.ID + "/board?kiosk=1", "/embed/t/" + hamburg.ID + "/courts",
		"/t/" + hamburg.ID + "/tv/standings/" + hamburg.Disciplines[0].Stages[0].Groups[0].ID} {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		rec := f.from(http.MethodGet, path+sep+"lang=de", "", "Cookie", "lang=fr")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		if c := rec.Result().Cookies(); len(c) != 0 {
			t.Errorf("%s?lang=de sets cookies %v", path, c)
		}
		body := rec.Body.String()
		if strings.Contains(path, "/tv") && !strings.Contains(path, "/tv/") && !strings.Contains(body, `lang="de"`) {
			t.Errorf("%s?lang=de with a French cookie is not German", path)
		}
		if !strings.Contains(body, "Tabelle") && !strings.Contains(body, "Frei") && !strings.Contains(body, "Als Nächstes") && !strings.Contains(body, "Platz") {
			t.Errorf("%s?lang=de with a French cookie shows no German word", path)
		}
	}
}
