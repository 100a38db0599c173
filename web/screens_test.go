package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"courtside/tournament"
)

// A screen's settings are checked before they are kept: a courts screen's
// seconds per page too, and a rotation's views against the tournament. A
// message with quotes and umlauts still gives the screen an ETag it can
// send back and get 304 for.
func TestScreenSettings(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	o, _ := f.signIn(f.token)
	save := func(v url.Values) int {
		v.Set("new", "1")
		rec := o.do(http.MethodPost, "/admin/t/"+id+"/screens", v, "HX-Request", "true")
		// What is set before the status reaches the browser: the answer varies by these.
		if !strings.Contains(rec.Header().Get("Vary"), "HX-Request") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%d without its Vary or Content-Type: %v", rec.Code, rec.Header())
		}
		return rec.Code
	}
	for name, v := range map[string]url.Values{
		"courts every -5":  {"name": {"hall-1"}, "show": {"courts"}, "every": {"-5"}},
		"rotation of junk": {"name": {"hall-1"}, "show": {"rotation"}, "rotate": {"courts", "junk:x"}, "every": {"15"}},
		"message too long": {"name": {"hall-1"}, "show": {"message"}, "message": {strings.Repeat("x", 201)}},
	} {
		if code := save(v); code != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d, want 422", name, code)
		}
	}
	if code := save(url.Values{"name": {"hall-2"}, "show": {"message"}, "message": {`Das "Finale" an Tisch 1 – gleich`}}); code != http.StatusOK {
		t.Fatalf("a message screen: %d", code)
	}
	live := func(tag string) *http.Response {
		h := []string{"HX-Request", "true", "HX-Target", "screen"}
		if tag != "" {
			h = append(h, "If-None-Match", tag)
		}
		return f.from(http.MethodGet, "/t/"+id+"/screens/hall-2", "", h...).Result()
	}
	first := live("")
	tag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || strings.ContainsAny(strings.TrimSuffix(strings.TrimPrefix(tag, `W/"`), `"`), "\" –") {
		t.Fatalf("the message screen: %d, ETag %q", first.StatusCode, tag)
	}
	if again := live(tag); again.StatusCode != http.StatusNotModified {
		t.Errorf("polled with its ETag: %d, want 304", again.StatusCode)
	}
}

// TestScreensPerTournamentAreBounded: past tournament.MaxScreens a new
// screen is refused next to its name, with the limit named; changing one
// that exists still works; a message that reads other than it is is refused.
func TestScreensPerTournamentAreBounded(t *testing.T) {
	f := newFixture(t)
	id := f.tournament("Hamburg Open 2026").Tournament.ID
	o, _ := f.signIn(f.token)
	save := func(name, message string) *httptest.ResponseRecorder {
		return o.do(http.MethodPost, "/admin/t/"+id+"/screens", url.Values{"new": {"1"}, "name": {name}, "show": {"message"}, "message": {message}}, "HX-Request", "true")
	}
	for i := range tournament.MaxScreens {
		if rec := save(fmt.Sprintf("hall-%d", i), "Welcome"); rec.Code != http.StatusOK {
			t.Fatalf("screen %d: %d", i+1, rec.Code)
		}
	}
	rec := save("one-more", "Welcome")
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "screens per tournament") {
		t.Errorf("screen %d: %d, want 422 naming the limit", tournament.MaxScreens+1, rec.Code)
	}
	screens, err := f.store.Screens(context.Background(), id)
	if err != nil || len(screens) != tournament.MaxScreens {
		t.Errorf("%d screens stored (%v)", len(screens), err)
	}
	if rec := save("hall-0", "Final at 5"); rec.Code != http.StatusOK {
		t.Errorf("changing a screen at the limit: %d", rec.Code)
	}
	if rec := save("hall-1", "Court \u202eevil\u202c"); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a message with a bidi override: %d", rec.Code)
	}
}
