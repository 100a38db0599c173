package record

import (
	"errors"
	"testing"

	"courtside/tournament"
)

// TestWhatAKeyMayRead: a public key sees its sport's public tournaments and
// subscribes to those not over; a token reads its organizer's private ones too.
func TestWhatAKeyMayRead(t *testing.T) {
	token := Key{ID: "k1", Kind: KindToken, OrganizerID: "org-a", Sport: tournament.TableSoccer}
	public := Key{ID: "k2", Kind: KindPublic, Sport: tournament.TableSoccer}
	own := &tournament.Tournament{OrganizerID: "org-a", State: tournament.StateRunning}
	other := &tournament.Tournament{OrganizerID: "org-b", State: tournament.StateRunning}
	shared := &tournament.Tournament{OrganizerID: "org-b", Public: true, State: tournament.StateFinished}
	cases := []struct {
		name      string
		k         Key
		t         *tournament.Tournament
		reads     bool
		subscribe error
	}{
		{"token, own private", token, own, true, nil},
		{"token, other's private", token, other, false, ErrNotOwner},
		{"token, public finished", token, shared, true, nil},
		{"public key, private", public, own, false, ErrNotPublic},
		{"public key, public finished", public, shared, true, ErrFinished},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.k.Reads(c.t); got != c.reads {
				t.Errorf("Reads = %v, want %v", got, c.reads)
			}
			if err := c.k.MaySubscribe(c.t); !errors.Is(err, c.subscribe) || (err == nil) != (c.subscribe == nil) {
				t.Errorf("MaySubscribe = %v, want %v", err, c.subscribe)
			}
		})
	}
	if !token.Sees(tournament.Petanque) || public.Sees(tournament.Petanque) || !public.Sees(tournament.TableSoccer) {
		t.Error("a token sees every sport, a public key only its own")
	}
	if !token.SetsResults() || public.SetsResults() {
		t.Error("only a token sets results")
	}
}

// TestWebhookAddress: http or https with a host and no credentials.
func TestWebhookAddress(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://hooks.example.org/courtside": true,
		"http://hooks.example.org:8080/x":     true,
		"ftp://hooks.example.org/":            false,
		"https://user:pw@hooks.example.org/":  false,
		"https:///path":                       false,
		"hooks.example.org":                   false,
		"":                                    false,
	} {
		if _, err := WebhookAddress(raw); (err == nil) != ok {
			t.Errorf("WebhookAddress(%q) = %v, want ok %v", raw, err, ok)
		}
	}
}

// TestScreenCheck: a setting is tidied to what its kind of screen uses, and
// each wrong field is named.
func TestScreenCheck(t *testing.T) {
	snap := &tournament.Snapshot{Tournament: &tournament.Tournament{Courts: []tournament.Court{{Number: 1}, {Number: 2}}}}
	sc, ps := Screen{Name: "hall-1", Show: "courts", Courts: "1-2", Message: "left over", Every: 10}.Check(snap, nil)
	if len(ps) != 0 || sc.Message != "" || sc.Courts != "1-2" {
		t.Errorf("courts screen: %+v, problems %v", sc, ps)
	}
	_, ps = Screen{Name: "Hall 1", Show: "weather", Every: 2}.Check(snap, nil)
	for _, field := range []string{"name", "show", "every"} {
		if _, ok := ps[field]; !ok {
			t.Errorf("no problem for %s: %v", field, ps)
		}
	}
	_, ps = Screen{Name: "tv", Show: "rotation", Rotate: []string{"courts", "courts"}, Every: 10}.Check(snap, nil)
	if _, ok := ps["rotate"]; !ok {
		t.Errorf("a rotation of one view twice passed: %v", ps)
	}
	sc, ps = Screen{Name: "tv", Show: "series", Series: "s1", Courts: "1"}.Check(snap, func(id string) bool { return id == "s1" })
	if len(ps) != 0 || sc.Courts != "" || sc.Series != "s1" {
		t.Errorf("series screen: %+v, problems %v", sc, ps)
	}
	if _, ps = (Screen{Name: "tv", Show: "series", Series: "s2"}).Check(snap, func(id string) bool { return id == "s1" }); ps["series"].Format == "" {
		t.Errorf("another organizer's series passed: %v", ps)
	}
	if sc, _ = (Screen{Name: "tv", Show: "message", Message: "Final", Series: "s1"}).Check(snap, nil); sc.Series != "" {
		t.Errorf("a message screen kept a series: %+v", sc)
	}
	if from, to, m := CourtRange("2-9", snap.Tournament.Courts); m != nil || from != 2 || to != 2 {
		t.Errorf("CourtRange(2-9) = %d, %d, %v", from, to, m)
	}
}
