package rankings

import (
	"courtside/tournament"
	"reflect"
	"testing"
	"time"
)

func TestPointsTable(t *testing.T) {
	local := DefaultPoints(ClassLocal)
	for place, want := range map[int]int{1: 100, 2: 80, 3: 65, 4: 55, 5: 45, 6: 45, 7: 40, 8: 40, 9: 30, 64: 8, 65: 0, 0: 0} {
		if got := local.For(place); got != want {
			t.Errorf("local place %d: %d, want %d", place, got, want)
		}
	}
	if got := DefaultPoints(ClassInternational).For(1); got != 1000 {
		t.Errorf("international winner: %d", got)
	}
	tbl, err := ParsePointsTable(" 1:50, 2:30; 4:10 ")
	if err != nil || !reflect.DeepEqual(tbl, PointsTable{{1, 50}, {2, 30}, {4, 10}}) || tbl.String() != "1:50, 2:30, 4:10" {
		t.Fatalf("parsed %v, %v", tbl, err)
	}
	for _, bad := range []string{"1:50, 1:40", "1:10, 2:20", "x:1", "0:5", "1:-3", "1:50 2:40"} {
		if _, err := ParsePointsTable(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestSeriesTableBestNAndTies works a three-event series with best 2 of 3 by hand.
func TestSeriesTableBestNAndTies(t *testing.T) {
	se := &Series{Name: "Cup", Class: ClassLocal, BestN: 2, Points: PointsTable{{1, 10}, {2, 8}, {3, 6}, {4, 5}, {8, 2}}}
	e1, e2, e3 := SeriesPart{"t1", "d"}, SeriesPart{"t2", "d"}, SeriesPart{"t3", "d"}
	res := map[string][]SeriesResult{
		// Ann: 1st, 8th, 2nd: best two 10 + 8 = 18 (the 8th, 2 points, does not count).
		"ann": {{Part: e1, Place: 1}, {Part: e2, Place: 8}, {Part: e3, Place: 2}},
		// Ben: 2nd, 1st: 8 + 10 = 18, the same places as Ann's counted ones (1st and 2nd),
		// but one event fewer: behind Ann.
		"ben": {{Part: e1, Place: 2}, {Part: e2, Place: 1}},
		// Cem: 3rd, 3rd, 3rd: 6 + 6 = 12. Dan: 4th, 2nd: 5 + 8 = 13: ahead of Cem.
		"cem": {{Part: e1, Place: 3}, {Part: e2, Place: 3}, {Part: e3, Place: 3}},
		"dan": {{Part: e1, Place: 4}, {Part: e3, Place: 2}},
		// Eva and Fay: both 1st once, nothing else: 10 each, equal in every rule: they share 5th.
		"eva": {{Part: e3, Place: 1}},
		"fay": {{Part: e2, Place: 1}},
		// Gus: 6th and 5th, both in the band up to 8th: 2 + 2 = 4. Hal: 4th alone, 5:
		// Hal ahead with more points though fewer events.
		"gus": {{Part: e1, Place: 6}, {Part: e2, Place: 5}},
		"hal": {{Part: e3, Place: 4}},
	}
	names := map[string]string{"ann": "Ann", "ben": "Ben", "cem": "Cem", "dan": "Dan", "eva": "Eva", "fay": "Fay", "gus": "Gus", "hal": "Hal"}
	rows := SeriesTable(se, res, names)
	type line struct {
		rank   int
		id     string
		points int
	}
	var got []line
	for _, r := range rows {
		got = append(got, line{r.Rank, r.PlayerID, r.Points})
	}
	want := []line{{1, "ann", 18}, {2, "ben", 18}, {3, "dan", 13}, {4, "cem", 12}, {5, "eva", 10}, {5, "fay", 10}, {7, "hal", 5}, {8, "gus", 4}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("table\n got %v\nwant %v", got, want)
	}
	for _, r := range rows[0].Results {
		if r.Counted != (r.Place != 8) {
			t.Errorf("Ann's place %d counted %v", r.Place, r.Counted)
		}
	}
	// Without best-N every result counts: Ann 20, then Ben and Cem with 18 each, Ben ahead by his better places.
	se.BestN = 0
	rows = SeriesTable(se, res, names)
	if rows[0].PlayerID != "ann" || rows[0].Points != 20 || rows[1].PlayerID != "ben" || rows[2].PlayerID != "cem" || rows[2].Points != 18 {
		t.Errorf("all results: %+v", rows[:3])
	}
	// Movement: against a table where Ben led and Dan was not.
	before := []SeriesRow{{Rank: 1, PlayerID: "ben"}, {Rank: 2, PlayerID: "ann"}}
	moved := WithMovement(SeriesTable(se, res, names), before)
	if moved[0].Movement != 1 || moved[1].Movement != -1 || !moved[3].New {
		t.Errorf("movement: %+v", moved[:4])
	}
}

// TestFinalPlacesOfTheDemo reads the places of the demo's finished double elimination.
func TestFinalPlacesOfTheDemo(t *testing.T) {
	d := tournament.NewDemo(1, time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	for _, dt := range d.Tournaments {
		if dt.Tournament.Name != "Autumn Cup 2026" {
			continue
		}
		es := map[string]*tournament.Entry{}
		for _, e := range dt.Entries {
			es[e.ID] = e
		}
		s := tournament.NewSnapshot(1, dt.Tournament, tournament.Organizer{}, dt.Matches, es)
		disc := &s.Tournament.Disciplines[0]
		places := FinalPlaces(s, disc)
		if len(places) != 8 {
			t.Fatalf("%d places: %v", len(places), places)
		}
		count := map[int]int{}
		for _, p := range places {
			count[p]++
		}
		if count[1] != 1 || count[2] != 1 || count[3] != 1 {
			t.Errorf("places: %v", count)
		}
		champ, _ := s.Champion(&disc.Stages[0].Groups[0])
		if champ == nil || places[champ.ID] != 1 {
			t.Errorf("champion %v has place %d", champ, places[champ.ID])
		}
		return
	}
	t.Fatal("no Autumn Cup in the demo")
}
