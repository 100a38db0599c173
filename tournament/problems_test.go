package tournament

import (
	"errors"
	"testing"
)

// TestParseSetupListsEveryProblem: a value of the wrong form (a start that is
// no timestamp, a negative number of courts) no longer hides the rules'
// problems with the rest of the file; each is listed once, with its path.
func TestParseSetupListsEveryProblem(t *testing.T) {
	_, err := ParseSetup([]byte(`{"organizer": "x", "name": "", "startTime": "tomorrow", "courts": -3,
		"disciplines": [{"name": "A", "shortName": "A", "entryType": "single", "entries": ["a", "b"],
			"stages": [{"name": "s", "mode": "nope"}]}]}`))
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("not problems: %v", err)
	}
	want := []string{"courts", "startTime", "name", "disciplines[0].stages[0].mode"}
	for _, path := range want {
		n := 0
		for _, p := range ps {
			if p.Path == path {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: listed %d times in %v", path, n, ps)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d: %v", len(ps), len(want), ps)
	}
}

func TestSetupTimeZone(t *testing.T) {
	_, err := ParseSetup([]byte(`{"organizer": "x", "name": "n", "startTime": "2026-11-28T08:00:00.000Z", "courts": 2, "timeZone": "Mars/Olympus",
		"disciplines": [{"name": "A", "shortName": "A", "entryType": "single", "entries": ["a", "b"],
			"stages": [{"name": "s", "mode": "round_robin", "matchConfiguration": {"numPoints": 7, "numSets": 1}}]}]}`))
	var ps Problems
	if !errors.As(err, &ps) || ps.At("timeZone") == "" {
		t.Errorf("an unknown time zone passed: %v", err)
	}
	s, err := ParseSetup([]byte(`{"organizer": "x", "name": "n", "startTime": "2026-11-28T08:00:00.000Z", "courts": 2, "timeZone": "Europe/Paris",
		"disciplines": [{"name": "A", "shortName": "A", "entryType": "single", "entries": ["a", "b"],
			"stages": [{"name": "s", "mode": "round_robin", "matchConfiguration": {"numPoints": 7, "numSets": 1}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	tour, _ := Build(s, Organizer{ID: "tio:o", Slug: "x"}, RandomIDs())
	if tour.TimeZone != "Europe/Paris" || tour.Location().String() != "Europe/Paris" || SetupOf(NewSnapshot(1, tour, Organizer{Slug: "x"}, nil, nil)).TimeZone != "Europe/Paris" {
		t.Errorf("the zone is not kept: %q", tour.TimeZone)
	}
}
