package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"courtside/handlers/reply"
	"courtside/tournament"
)

// TestQuotasAreRefusedByNameOnEveryFace: an organizer at its quota of
// tournaments is told so beside the new tournament's form, nothing made;
// past its writes a minute, the API answers 429 with Retry-After and its
// error body naming the limit. Another organizer writes on.
func TestQuotasAreRefusedByNameOnEveryFace(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	kicker := f.org("kickerclub-hamburg")
	u, err := f.store.Usage(ctx, kicker.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.store.SetQuota(ctx, kicker.ID, tournament.Quota{Tournaments: u.Tournaments}); err != nil {
		t.Fatal(err)
	}
	o, _ := f.signIn(f.token)
	rec := o.do(http.MethodPost, "/admin/new", twoDisciplines())
	alert := o.doc(rec).Find(`[role="alert"]`).Text()
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(alert, `limit "tournaments per organizer"`) || !strings.Contains(alert, "quota") {
		t.Errorf("a creation past the quota: %d %q", rec.Code, alert)
	}
	if after, _ := f.store.Usage(ctx, kicker.ID); after.Tournaments != u.Tournaments {
		t.Errorf("%d tournaments after the refusal, %d before", after.Tournaments, u.Tournaments)
	}

	hamburg := f.tournament("Hamburg Open 2026")
	m, _ := f.running(hamburg, singleSetTo7)
	base := "/v1/public/tournaments/" + hamburg.Tournament.ID + "/matches/" + m.ID
	if err := f.store.SetQuota(ctx, kicker.ID, tournament.Quota{Writes: 3}); err != nil {
		t.Fatal(err)
	}
	// The writes of this minute so far count (the refused creation's among
	// them): live scores go on until the quota is used up.
	for i := 0; i < 4 && rec.Code != http.StatusTooManyRequests; i++ {
		rec = f.put(base+"/live-result", f.token, `{"result": [[[1, 0]]]}`)
	}
	var body reply.Body
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusTooManyRequests || body.StatusCode != 429 ||
		!strings.Contains(body.Message, `limit "writes per organizer a minute"`) || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a write past the quota: %d %s %v", rec.Code, rec.Body, rec.Header())
	}
	// The boule club's writes are its own.
	boule := f.org("boule-lyonnaise")
	if err := f.store.TakeWrite(ctx, boule.ID); err != nil {
		t.Errorf("another organizer: %v", err)
	}
}

// TestASearchFloodIsBoundedPerClient: one address searching for players
// past its requests a minute gets a 429 page naming the limit, with
// Retry-After; another address searches on, and the flooding address still
// reads the tournament's page, which the render cache answers.
func TestASearchFloodIsBoundedPerClient(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	search := "/t/" + hamburg.Tournament.ID + "?q=an"
	flood, other := "203.0.113.7:4000", "198.51.100.9:4000"
	for i := range tournament.PublicRequestsPerClient {
		if rec := f.from(http.MethodGet, search, flood); rec.Code != http.StatusOK {
			t.Fatalf("search %d: %d", i+1, rec.Code)
		}
	}
	rec := f.from(http.MethodGet, search, flood)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "public page requests per client a minute") || rec.Header().Get("Retry-After") == "" {
		t.Errorf("one search too many: %d %v", rec.Code, rec.Header())
	}
	if rec := f.from(http.MethodGet, "/", flood); rec.Code != http.StatusTooManyRequests {
		t.Errorf("the home page's search from the same address: %d", rec.Code)
	}
	if rec := f.from(http.MethodGet, search, other); rec.Code != http.StatusOK {
		t.Errorf("another address: %d", rec.Code)
	}
	if rec := f.from(http.MethodGet, "/t/"+hamburg.Tournament.ID, flood); rec.Code != http.StatusOK {
		t.Errorf("the tournament's page from the flooding address: %d", rec.Code)
	}
	// A neighbour in the same IPv6 /64 is the same machine's.
	for range tournament.PublicRequestsPerClient {
		f.from(http.MethodGet, search, "[2001:db8:1:2::5]:4000")
	}
	if rec := f.from(http.MethodGet, search, "[2001:db8:1:2::ff]:4000"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("another address of the /64: %d", rec.Code)
	}
}
