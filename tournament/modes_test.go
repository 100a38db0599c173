package tournament

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestAMadeUpModeIsOneRow adds a mode that does not exist, in this file
// alone: a row of the mode table (and its name in Modes, which the JSON
// reads). A setup takes it and refuses what its row does not offer, the
// engine pairs and plays its rounds, and its standings rank and show what
// the row says.
func TestAMadeUpModeIsOneRow(t *testing.T) {
	const ladder Mode = "test_ladder"
	Modes = append(Modes, ladder)
	modeRules[ladder] = Rules{Making: Paired, Draws: true, Skip: true, Columns: []string{"points", "matches", "lives", "goalsDiff"},
		Pair: pairSwiss, Rounds: func(int) int { return 3 }, RankBy: []string{"points"}, TieBreaks: []string{"goalsDiff"}, Extra: livesLeft,
		Setup: SetupOptions{rounds: true, table: true, minEntries: 2}}
	t.Cleanup(func() {
		Modes = Modes[:len(Modes)-1]
		delete(modeRules, ladder)
	})

	raw, err := os.ReadFile("testdata/setup/club-night.json")
	if err != nil {
		t.Fatal(err)
	}
	setup := strings.Replace(string(raw), `"mode": "swiss", "rounds": 5`, `"mode": "test_ladder", "rounds": 3`, 1)
	if _, err := ParseSetup([]byte(setup)); err != nil {
		t.Fatalf("a setup of the made-up mode was refused:\n%v", err)
	}
	withLives := strings.Replace(setup, `"rounds": 3`, `"rounds": 3, "lives": 2`, 1)
	if _, err := ParseSetup([]byte(withLives)); err == nil || !strings.Contains(err.Error(), "lives are for last_one_standing only") {
		t.Errorf("lives, which the row does not offer, were taken: %v", err)
	}
	// The refusals that list modes take them from the table: the new row
	// is among the modes that plan their rounds.
	knockOut := strings.Replace(string(raw), `"mode": "swiss", "rounds": 5`, `"mode": "elimination", "rounds": 5`, 1)
	if _, err := ParseSetup([]byte(knockOut)); err == nil || !strings.Contains(err.Error(), "rounds is for monster_dyp, rounds, swiss, dutch_system, whist and test_ladder") {
		t.Errorf("the refusal of rounds in a knock-out does not list the modes of the table: %v", err)
	}

	s := newTournament(8, 4, EntrySingle, stageSpec{mode: ladder})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = playThrough(t, applyAll(s, c), rand.New(rand.NewPCG(1, 8)))
	if s.Tournament.State != StateFinished {
		t.Fatalf("the tournament is %s", s.Tournament.State)
	}
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(g.Rounds) != 3 {
		t.Errorf("%d rounds, the row says 3", len(g.Rounds))
	}
	table := s.Standings(g)
	for i, r := range table {
		if r.Lives == nil {
			t.Fatalf("row %d shows no lives, which the row's Extra sets", i)
		}
		if i > 0 {
			p := table[i-1]
			if p.Points < r.Points || p.Points == r.Points && p.GoalsDiff < r.GoalsDiff {
				t.Errorf("%s (%d, %+d) ranks above %s (%d, %+d): not by points, then goals difference",
					p.Entry.ID, p.Points, p.GoalsDiff, r.Entry.ID, r.Points, r.GoalsDiff)
			}
		}
	}
	if !slices.Equal(ladder.Rules().Columns, []string{"points", "matches", "lives", "goalsDiff"}) {
		t.Error("the row's columns are not the mode's")
	}
}

// TestTheSetupSchemaListsTheModesTable: the setup file's schema offers
// exactly the modes of the table (modes.go), so a new row that the schema
// does not list, or a schema mode without a row, fails here.
func TestTheSetupSchemaListsTheModesTable(t *testing.T) {
	var schema struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(SetupSchema, &schema); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, def := range schema.Defs {
		if m, ok := def.Properties["mode"]; ok {
			listed = m.Enum
		}
	}
	var table []string
	for _, m := range Modes {
		table = append(table, string(m))
	}
	slices.Sort(listed)
	slices.Sort(table)
	if !slices.Equal(listed, table) {
		t.Errorf("the setup schema lists the modes %v, the table has %v", listed, table)
	}
}
