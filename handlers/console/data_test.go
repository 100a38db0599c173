package console

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"courtside/tournament"
)

// TestResultsCSVNeutralizesFormulas: a name a spreadsheet would run as a
// formula (=, +, -, @ first) is written with a quote in front, in every
// cell; the score and sets of a played match are there, with its winner.
func TestResultsCSVNeutralizesFormulas(t *testing.T) {
	tr := &tournament.Tournament{ID: "t", Name: "Cup", Courts: []tournament.Court{{ID: "c1", Name: "@Court 1"}},
		Disciplines: []tournament.Discipline{{ID: "d", Name: "+Doubles", Stages: []tournament.Stage{{ID: "s", Name: "-Pools",
			Groups: []tournament.Group{{ID: "g", Name: "Group A", Mode: tournament.RoundRobin, Rounds: []tournament.Round{{ID: "r1", Name: "Round 1"}}}}}}}}}
	a := &tournament.Entry{ID: "a", Name: `=HYPERLINK("http://evil","x")`}
	b := &tournament.Entry{ID: "b", Name: "Léa Roux"}
	ms := []*tournament.Match{{ID: "m", DisciplineID: "d", StageID: "s", GroupID: "g", RoundID: "r1", Entries: [2]*tournament.Entry{a, b},
		State: tournament.MatchPlayed, Encounters: tournament.Encounters{{{13, 7}}}, CourtIDs: []string{"c1"}}}
	snap := tournament.NewSnapshot(1, tr, tournament.Organizer{}, ms, map[string]*tournament.Entry{"a": a, "b": b})
	rows, err := csv.NewReader(bytes.NewReader(ResultsCSV(snap))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want the header and one match: %v", len(rows), rows)
	}
	for _, row := range rows {
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
				t.Errorf("cell %q starts a formula", cell)
			}
		}
	}
	got := strings.Join(rows[1], "|")
	for _, want := range []string{`'=HYPERLINK("http://evil","x")`, "'+Doubles", "'-Pools", "'@Court 1", "Round 1", "13:7", "|13|7|"} {
		if !strings.Contains(got, want) {
			t.Errorf("the row %q lacks %q", got, want)
		}
	}
	if rows[1][12] != `'=HYPERLINK("http://evil","x")` {
		t.Errorf("winner %q", rows[1][12])
	}
}
