package tournament

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestTimeJSONIsUTCWithMilliseconds(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	b, err := json.Marshal(At(time.Date(2026, 11, 21, 10, 4, 5, 123456789, berlin)))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `"2026-11-21T09:04:05.123Z"` {
		t.Errorf("got %s", b)
	}
	var back Time
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(time.Date(2026, 11, 21, 9, 4, 5, 123e6, time.UTC)) {
		t.Errorf("round trip %v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`"yesterday"`), &back); err == nil {
		t.Error("accepted a timestamp that is not one")
	}
}

func TestEnumsRejectUnknownValues(t *testing.T) {
	var m struct {
		State MatchState `json:"state"`
		Mode  Mode       `json:"mode"`
	}
	if err := json.Unmarshal([]byte(`{"state":"running","mode":"swiss"}`), &m); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"state":"finished"}`, `{"mode":"knockout"}`} {
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := Parse("curling", Sports); err == nil {
		t.Error("curling is a sport here")
	}
}

// TestValidZone: a venue's zone is an IANA name browsers know; the tz
// database's names for other uses, the server's own zone and paths are not.
func TestValidZone(t *testing.T) {
	for _, z := range []string{"Europe/Paris", "America/New_York", "UTC", "Asia/Kolkata"} {
		if !ValidZone(z) {
			t.Errorf("%q is refused", z)
		}
	}
	for _, z := range []string{"", "Local", "localtime", "posixrules", "Factory", "right/Europe/Paris", "posix/Europe/Paris",
		"../../etc/passwd", "Mars/Olympus", "Europe/" + strings.Repeat("x", 60)} {
		if ValidZone(z) {
			t.Errorf("%q is taken", z)
		}
		if VenueLocation(z) != time.UTC {
			t.Errorf("%q reads as %v, not UTC", z, VenueLocation(z))
		}
	}
	if first, again := VenueLocation("Europe/Paris"), VenueLocation("Europe/Paris"); first != again {
		t.Error("a zone is loaded again for every time shown")
	}
}

// BenchmarkVenueZoneOfAPage is what a page pays per time it shows to check
// and find its venue's zone (templates.VenueZone calls both).
func BenchmarkVenueZoneOfAPage(b *testing.B) {
	for b.Loop() {
		if !ValidZone("Europe/Paris") || VenueLocation("Europe/Paris") == time.UTC {
			b.Fatal("Paris is no zone")
		}
	}
}
