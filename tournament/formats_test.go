package tournament

import (
	"strings"
	"testing"
)

// TestEverySportHasItsFormats checks the format table: every sport has
// formats, each of a unique id and a valid configuration, and the defaults
// are the rule books' ordinary match.
func TestEverySportHasItsFormats(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Sports {
		fs := s.Rules().Formats
		if len(fs) == 0 {
			t.Fatalf("%s has no format", s)
		}
		for _, f := range fs {
			if seen[f.ID] || !strings.HasPrefix(f.ID, strings.ReplaceAll(string(s), "_", "-")+"-") {
				t.Errorf("%s: format id %q is not unique or not the sport's", s, f.ID)
			}
			seen[f.ID] = true
			if f.Config.Draw && !s.Rules().Draws {
				t.Errorf("%s: %s allows a draw the sport does not know", s, f.ID)
			}
			st := SetupStage{Name: "Stage", Mode: Swiss, MatchConfiguration: f.Config}
			d := SetupDiscipline{}
			var ps Problems
			d.validateMatch(&st, "s", &ps)
			if len(ps) > 0 {
				t.Errorf("%s: %s is not a valid configuration: %v", s, f.ID, ps)
			}
			if got, ok := s.FormatOf(f.config()); !ok || got.ID != f.ID {
				t.Errorf("%s: FormatOf does not find %s again", s, f.ID)
			}
		}
	}
	want := map[Sport]MatchConfiguration{
		TableSoccer: {NumPoints: 7, NumSets: 1},
		Petanque:    {NumPoints: 13, NumSets: 1},
		Darts:       {NumPoints: 1, NumSets: 3, QuickEntry: true},
		TableTennis: {NumPoints: 11, NumSets: 3, TwoAhead: true},
		Cornhole:    {NumPoints: 21, NumSets: 1},
	}
	for s, cfg := range want {
		if got := s.DefaultFormat().Config; got != cfg {
			t.Errorf("%s plays %+v by default, want %+v", s, got, cfg)
		}
	}
	for _, s := range []Sport{Petanque, Darts, TableTennis, Cornhole} {
		if s.Rules().Draws {
			t.Errorf("%s matches cannot end level", s)
		}
	}
}

// TestEachSportsOrdinaryResult validates each sport's ordinary result
// against its default format, and the results its rules refuse.
func TestEachSportsOrdinaryResult(t *testing.T) {
	cases := []struct {
		sport   Sport
		format  string
		r       Encounters
		display [2]int
		want    string // "" for valid
	}{
		{Petanque, "", Encounters{{{13, 7}}}, [2]int{13, 7}, ""},
		{Petanque, "", Encounters{{{7, 13}}}, [2]int{7, 13}, ""},
		{Petanque, "", Encounters{{{13, 13}}}, [2]int{}, "13:13: only one side can reach 13 points"},
		{Petanque, "", Encounters{{{12, 12}}}, [2]int{}, "12:12 is not over"},
		{Petanque, "", Encounters{{{14, 7}}}, [2]int{}, "14:7 goes past 13 points"},
		{Petanque, "petanque-11", Encounters{{{11, 4}}}, [2]int{11, 4}, ""},
		{Darts, "", Encounters{{{1, 0}, {0, 1}, {1, 0}, {1, 0}}}, [2]int{3, 1}, ""},
		{Darts, "", Encounters{{{1, 0}, {0, 1}, {1, 0}}}, [2]int{}, "2:1 in sets is not over"},
		{Darts, "", Encounters{{{3, 1}}}, [2]int{}, "3:1 is not a quick-entry score"},
		{Darts, "darts-sets-3", Encounters{{{3, 1}, {2, 3}, {3, 0}, {3, 2}}}, [2]int{3, 1}, ""},
		{Darts, "darts-sets-3", Encounters{{{4, 1}}}, [2]int{}, "4:1 goes past 3 points"},
		{TableTennis, "", Encounters{{{11, 9}, {8, 11}, {11, 7}, {11, 5}}}, [2]int{3, 1}, ""},
		{TableTennis, "", Encounters{{{12, 10}, {11, 13}, {11, 7}, {15, 13}}}, [2]int{3, 1}, ""},
		{TableTennis, "", Encounters{{{11, 10}, {8, 11}, {11, 7}, {11, 5}}}, [2]int{}, "11:10 needs a two-point lead"},
		{TableTennis, "table-tennis-bo7", Encounters{{{11, 9}, {8, 11}, {11, 7}, {11, 5}}}, [2]int{}, "3:1 in sets is not over"},
		{Cornhole, "", Encounters{{{21, 15}}}, [2]int{21, 15}, ""},
		{Cornhole, "", Encounters{{{20, 15}}}, [2]int{}, "20:15 is not over"},
		{Cornhole, "", Encounters{{{23, 15}}}, [2]int{23, 15}, ""}, // 18 + 5 in the last inning: past 21 is a win
		{Cornhole, "", Encounters{{{23, 21}}}, [2]int{}, "23:21: only one side can reach 21 points"},
		{TableSoccer, "", Encounters{{{9, 3}}}, [2]int{}, "9:3 goes past 7 points"},
	}
	for _, c := range cases {
		f := c.sport.DefaultFormat()
		if c.format != "" {
			var ok bool
			if f, ok = c.sport.Format(c.format); !ok {
				t.Fatalf("%s has no format %s", c.sport, c.format)
			}
		}
		cfg := c.sport.Played(f.Config)
		err := ValidateResult(c.r, cfg, 1, true)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %s %v: refused: %v", c.sport, f.ID, c.r, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %s %v: %v, want %q", c.sport, f.ID, c.r, err, c.want)
		case c.want == "" && DisplayScore(c.r, cfg) != c.display:
			t.Errorf("%s %s %v: display score %v, want %v", c.sport, f.ID, c.r, DisplayScore(c.r, cfg), c.display)
		}
	}
}

// TestASetupThatLeavesTheMatchOutPlaysTheSportsDefault: a setup file's
// stage without a match plays the organizer's sport's default format; one
// naming a format plays it; a format of another sport is refused by name.
func TestASetupThatLeavesTheMatchOutPlaysTheSportsDefault(t *testing.T) {
	file := `{"organizer": "boule-lyonnaise", "name": "Concours", "startTime": "2026-11-24T18:00:00Z", "courts": 4,
		"disciplines": [{"name": "Doublettes", "shortName": "D", "entryType": "byp",
			"entries": ["A / B", "C / D", "E / F", "G / H"],
			"stages": [{"name": "Poules", "mode": "round_robin"}, {"name": "Finale", "mode": "elimination", "qualify": 2, "format": "petanque-11"}]}]}`
	s, err := ParseSetup([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if ps := s.ForSport(Petanque); len(ps) > 0 {
		t.Fatal(ps)
	}
	if ps := s.Validate(); len(ps) > 0 {
		t.Fatal(ps)
	}
	stages := s.Disciplines[0].Stages
	if c := stages[0].MatchConfiguration; c.NumPoints != 13 || c.NumSets != 1 || c.Draw || c.Name != "One game to 13" {
		t.Errorf("the pool plays %+v", c)
	}
	if c := stages[1].MatchConfiguration; c.NumPoints != 11 || c.Name != "One game to 11 (pool and qualifying games)" {
		t.Errorf("the final plays %+v", c)
	}

	s, _ = ParseSetup([]byte(file))
	if ps := s.ForSport(Darts); len(ps) != 1 || ps[0].Path != "disciplines[0].stages[1].format" || !strings.Contains(ps[0].String(), "a format of petanque") {
		t.Errorf("a pétanque format in darts: %v", ps)
	}
	if _, err := ParseSetup([]byte(strings.Replace(file, "petanque-11", "petanque-12", 1))); err == nil || !strings.Contains(err.Error(), "stages[1].format: must be one of") {
		t.Errorf("an unknown format: %v", err)
	}
}
