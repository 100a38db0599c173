package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func readSetup(t *testing.T) map[string]any {
	t.Helper()
	raw, err := os.ReadFile("testdata/setup/club-night.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// at walks a decoded JSON value along a path such as disciplines.0.stages.1.
func jsonAt(v any, path string) any {
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := 0
			for _, c := range k {
				i = i*10 + int(c-'0')
			}
			v = x[i]
		}
	}
	return v
}

func TestParseSetupAcceptsTheIssuesExample(t *testing.T) {
	raw, _ := os.ReadFile("testdata/setup/club-night.json")
	s, err := ParseSetup(raw)
	if err != nil {
		t.Fatalf("a valid setup was refused:\n%v", err)
	}
	if len(s.Courts) != 4 || s.Courts[3] != "Court 4" {
		t.Errorf("courts: 4 gave %q", s.Courts)
	}
	tour, entries := Build(s, Organizer{ID: "tio:org"}, RandomIDs())
	if tour.State != StateReady || !tour.AutoCall || tour.Rev != 1 {
		t.Errorf("state %s, autoCall %v, rev %d", tour.State, tour.AutoCall, tour.Rev)
	}
	if !regexp.MustCompile(`^tio:[0-9A-Za-z]{13}$`).MatchString(tour.ID) {
		t.Errorf("id %q is not in the real service's style", tour.ID)
	}
	byID := map[string]*Entry{}
	for _, e := range entries {
		byID[e.ID] = e
	}
	os, od := tour.Disciplines[0], tour.Disciplines[1]
	if len(os.EntryIDs) != 10 || len(od.EntryIDs) != 6 {
		t.Fatalf("entries: %d singles, %d doubles", len(os.EntryIDs), len(od.EntryIDs))
	}
	// Anna Berg is one player in both disciplines, and her team's id is its players' ids joined.
	anna := os.EntryIDs[0]
	team := byID[od.EntryIDs[0]]
	if team.Name != "Anna Berg / Ben Kurz" || team.ID != anna+"_"+os.EntryIDs[1] {
		t.Errorf("team %q %q, want Anna's id %s joined with Ben's", team.Name, team.ID, anna)
	}
	if k := byID[od.EntryIDs[1]]; k.Name != "Die Kurbler" || len(k.Entries) != 2 || k.Entries[0].Name != "Cem Yilmaz" {
		t.Errorf("named team: %+v", k)
	}
	// Two round-robin pools drawn from pots: A is headed by seed 1, B by
	// seed 2; seeds 3 and 4 go one to each, and so do seeds 5 and 6.
	pools := od.Stages[0].Groups
	if len(pools) != 2 || len(pools[0].EntryIDs) != 3 || len(pools[1].EntryIDs) != 3 || pools[1].Name != "Group B" {
		t.Fatalf("pools %+v", pools)
	}
	for k := range 3 {
		got := []string{pools[0].EntryIDs[k], pools[1].EntryIDs[k]}
		if k > 0 {
			slices.Sort(got)
		}
		want := []string{od.EntryIDs[2*k], od.EntryIDs[2*k+1]}
		if k > 0 {
			slices.Sort(want)
		}
		if !slices.Equal(got, want) {
			t.Errorf("pot %d went %v, want %v one to each pool", k+1, got, want)
		}
	}
	if g := pools[0]; !g.DoubleRoundRobin || g.Scoring == nil || g.Scoring.Win != 3 || !slices.Equal(g.TieBreaks, []string{"matchesDiff", "goalsDiff"}) {
		t.Errorf("pool options %+v", g)
	}
	ko := os.Stages[1]
	if ko.Qualify != 8 || len(ko.Groups[0].EntryIDs) != 0 || ko.Groups[0].Mode != DoubleElimination || ko.State != PhasePlanned {
		t.Errorf("knock-out stage %+v", ko)
	}
	if sw := os.Stages[0]; sw.State != PhaseReady || sw.Groups[0].Options.NumRoundsPlanned != 5 || sw.Groups[0].Options.MatchConfigurations[0].Name != "One set to 7" {
		t.Errorf("swiss stage %+v", sw)
	}
}

func TestCheckInStartsInCheckIn(t *testing.T) {
	m := readSetup(t)
	m["checkIn"] = true
	raw, _ := json.Marshal(m)
	s, err := ParseSetup(raw)
	if err != nil {
		t.Fatal(err)
	}
	if tour, _ := Build(s, Organizer{}, RandomIDs()); tour.State != StateCheckIn || tour.Disciplines[0].Stages[0].State != PhasePlanned {
		t.Errorf("with checkIn: %s", tour.State)
	}
}

// TestSetupRules breaks one rule at a time and expects exactly that problem, at its path.
func TestSetupRules(t *testing.T) {
	set := func(path string, v any) func(map[string]any) {
		return func(m map[string]any) {
			i := strings.LastIndex(path, ".")
			parent, key := any(m), path
			if i >= 0 {
				parent, key = jsonAt(m, path[:i]), path[i+1:]
			}
			switch p := parent.(type) {
			case map[string]any:
				if v == nil {
					delete(p, key)
				} else {
					p[key] = v
				}
			case []any:
				p[int(key[0]-'0')] = v
			}
		}
	}
	stage := func(d, s int) string { return "disciplines." + string(rune('0'+d)) + ".stages." + string(rune('0'+s)) }
	cases := []struct {
		rule   string
		change func(map[string]any)
		path   string
		says   string
	}{
		{"organizer required", set("organizer", ""), "organizer", "required"},
		{"name required", set("name", " "), "name", "required"},
		{"name not too long", set("name", strings.Repeat("x", 121)), "name", "at most 120"},
		{"start time required", set("startTime", nil), "startTime", "required"},
		{"start time a timestamp", set("startTime", "next tuesday"), "startTime", "timestamp"},
		{"end after start", set("endTime", "2026-11-24T17:00:00Z"), "endTime", "before startTime"},
		{"public a boolean", set("public", "yes"), "public", "true or false"},
		{"courts a count or names", set("courts", "four"), "courts", "count or a list"},
		{"courts at least one", set("courts", 0), "courts", "from 1 to 500"},
		{"court names unique", set("courts", []any{"Table 1", "table 1"}), "courts[1]", "twice"},
		{"court names given", set("courts", []any{"Table 1", ""}), "courts[1]", "required"},
		{"no unknown fields", set("venue", "Wandsbek"), "venue", "not a setup field"},
		{"disciplines required", set("disciplines", []any{}), "disciplines", "at least one discipline"},
		{"discipline name required", set("disciplines.0.name", ""), "disciplines[0].name", "required"},
		{"short name required", set("disciplines.0.shortName", ""), "disciplines[0].shortName", "required"},
		{"short names unique", set("disciplines.1.shortName", "os"), "disciplines[1].shortName", "another discipline"},
		{"short name shape", set("disciplines.1.shortName", "Open Doubles!"), "disciplines[1].shortName", "up to 10"},
		{"entry type known", set("disciplines.0.entryType", "trio"), "disciplines[0].entryType", "must be one of single"},
		{"two entries at least", set("disciplines.0.entries", []any{"Anna Berg"}), "disciplines[0].entries", "at least two"},
		{"entries unique", set("disciplines.0.entries.1", "anna berg"), "disciplines[0].entries[1]", "entered twice"},
		{"entries named", set("disciplines.0.entries.1", ""), "disciplines[0].entries[1]", "needs a name"},
		{"entry text or object", set("disciplines.0.entries.1", 7), "disciplines[0].entries[1]", "must be an object"},
		{"single entries are players", set("disciplines.0.entries.1", map[string]any{"name": "Ben", "players": []any{"Ben Kurz"}}), "disciplines[0].entries[1].players", "one player"},
		{"byp teams have two players", set("disciplines.1.entries.0", "Anna Berg"), "disciplines[1].entries[0]", "two or more players"},
		{"a player in one team", set("disciplines.1.entries.2", "Anna Berg / Frida Lang"), "disciplines[1].entries[2]", "plays in Anna Berg / Ben Kurz already"},
		{"team players named", set("disciplines.1.entries.1", map[string]any{"name": "Die Kurbler", "players": []any{"Cem Yilmaz", ""}}), "disciplines[1].entries[1].players[1]", "needs a name"},
		{"dyp needs an even count", func(m map[string]any) {
			set("disciplines.0.entryType", "dyp")(m)
			set("disciplines.0.entries", []any{"A", "B", "C"})(m)
			set("disciplines.0.stages", []any{jsonAt(m, "disciplines.0.stages.0")})(m)
			set(stage(0, 0)+".rounds", 1)(m)
		}, "disciplines[0].entries", "without a partner"},
		{"stages required", set("disciplines.0.stages", []any{}), "disciplines[0].stages", "at least one stage"},
		{"stage named", set(stage(0, 0)+".name", ""), "disciplines[0].stages[0].name", "required"},
		{"mode known", set(stage(0, 0)+".mode", "ladder"), "disciplines[0].stages[0].mode", "must be one of double_elimination"},
		{"first stage takes everyone", set(stage(0, 0)+".qualify", 4), "disciplines[0].stages[0].qualify", "first stage"},
		{"later stage qualifies", set(stage(0, 1)+".qualify", nil), "disciplines[0].stages[1].qualify", "at least two"},
		{"qualify within the stage before", set(stage(0, 1)+".qualify", 12), "disciplines[0].stages[1].qualify", "only 10 entries"},
		{"qualify a number", set(stage(0, 1)+".qualify", "eight"), "disciplines[0].stages[1].qualify", "whole number"},
		{"qualify one way", set(stage(0, 1)+".qualifyPerGroup", 4), "disciplines[0].stages[1].qualifyPerGroup", "not both"},
		{"best of the next place on top of per group", set(stage(0, 1)+".qualifyBest", 2), "disciplines[0].stages[1].qualifyBest", "qualifyPerGroup, which is missing"},
		{"groups big enough", set(stage(0, 0)+".groups", 6), "disciplines[0].stages[0].groups", "fewer than 2"},
		{"rounds for swiss", set(stage(0, 0)+".rounds", nil), "disciplines[0].stages[0].rounds", "required for swiss"},
		{"swiss rounds without rematches", set(stage(0, 0)+".rounds", 10), "disciplines[0].stages[0].rounds", "at most 9 rounds"},
		{"rounds only where planned", set(stage(1, 0)+".rounds", 3), "disciplines[1].stages[0].rounds", "sets its own rounds"},
		{"third place in elimination", set(stage(0, 1)+".thirdPlace", true), "disciplines[0].stages[1].thirdPlace", "elimination and lord_have_mercy only"},
		{"lives where they count", set(stage(0, 0)+".lives", 3), "disciplines[0].stages[0].lives", "last_one_standing"},
		{"lives required", set(stage(0, 1)+".mode", "last_one_standing"), "disciplines[0].stages[1].lives", "needs lives"},
		{"double round robin", set(stage(0, 0)+".doubleRoundRobin", true), "disciplines[0].stages[0].doubleRoundRobin", "only round_robin"},
		{"points in tables", set(stage(0, 1)+".points", map[string]any{"win": 3}), "disciplines[0].stages[1].points", "no table"},
		{"a draw less than a win", set(stage(1, 0)+".points", map[string]any{"win": 2, "draw": 2}), "disciplines[1].stages[0].points.draw", "less than a win"},
		{"tie-breaks known", set(stage(1, 0)+".tieBreaks", []any{"coinToss"}), "disciplines[1].stages[0].tieBreaks[0]", "must be one of"},
		{"tie-breaks once", set(stage(1, 0)+".tieBreaks", []any{"bh1", "bh1"}), "disciplines[1].stages[0].tieBreaks[1]", "twice"},
		{"tie-breaks in tables", set(stage(0, 1)+".tieBreaks", []any{"bh1"}), "disciplines[0].stages[1].tieBreaks", "how far"},
		{"league encounters for teams", set(stage(0, 0)+".encounters", []any{"Single", "Double"}), "disciplines[0].stages[0].encounters", "played by teams"},
		{"monster modes need monster entries", set(stage(0, 0)+".mode", "whist"), "disciplines[0].stages[0].mode", "must be monster_dyp"},
		{"monster entries need monster modes", func(m map[string]any) {
			set("disciplines.0.entryType", "monster_dyp")(m)
			set("disciplines.0.stages", []any{jsonAt(m, "disciplines.0.stages.0")})(m)
		}, "disciplines[0].stages[0].mode", "use monster_dyp or whist"},
		{"sets to win", set(stage(0, 0)+".matchConfiguration.numSets", 0), "disciplines[0].stages[0].matchConfiguration.numSets", "from 1 to 9"},
		{"points to win", set(stage(0, 0)+".matchConfiguration.numPoints", 1000), "disciplines[0].stages[0].matchConfiguration.numPoints", "from 1 to 999"},
		{"quick entry is 1:0", set(stage(0, 0)+".matchConfiguration.quickEntry", true), "disciplines[0].stages[0].matchConfiguration.numPoints", "numPoints is 1"},
		{"no draws in knock-outs", set(stage(0, 1)+".matchConfiguration.draw", true), "disciplines[0].stages[1].matchConfiguration.draw", "needs a winner"},
		{"unknown configuration field", set(stage(0, 1)+".matchConfiguration.bestOf", 3), "disciplines[0].stages[1].matchConfiguration.bestOf", "not a setup field"},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			m := readSetup(t)
			c.change(m)
			raw, _ := json.Marshal(m)
			s, err := ParseSetup(raw)
			var ps Problems
			if s != nil || !errors.As(err, &ps) {
				t.Fatalf("accepted (err %v)", err)
			}
			if len(ps) != 1 {
				t.Errorf("want one problem, got:\n%v", ps)
			}
			if msg := ps.At(c.path); !strings.Contains(msg, c.says) {
				t.Errorf("at %s want %q, got:\n%v", c.path, c.says, ps)
			}
			if !strings.Contains(err.Error(), c.path+": ") {
				t.Errorf("the message does not name the path %s: %v", c.path, err)
			}
		})
	}
}

func TestSetupListsEveryProblem(t *testing.T) {
	raw := []byte(`{"name": "", "courts": [], "disciplines": [{"name": "X", "shortName": "X", "entryType": "single",
		"entries": ["A", "B"], "stages": [{"name": "S", "mode": "swiss", "matchConfiguration": {"numPoints": 0, "numSets": 1}}]}], "extra": 1}`)
	_, err := ParseSetup(raw)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("err %v", err)
	}
	for _, p := range []string{"extra"} {
		if ps.At(p) == "" {
			t.Errorf("no problem at %s:\n%v", p, ps)
		}
	}
	// Problems of form come first; once the form is right, every rule is checked at once.
	raw = []byte(`{"name": "", "courts": [], "disciplines": [{"name": "X", "shortName": "X", "entryType": "single",
		"entries": ["A", "B"], "stages": [{"name": "S", "mode": "swiss", "matchConfiguration": {"numPoints": 0, "numSets": 1}}]}]}`)
	_, err = ParseSetup(raw)
	errors.As(err, &ps)
	for _, p := range []string{"organizer", "name", "startTime", "courts", "disciplines[0].stages[0].rounds", "disciplines[0].stages[0].matchConfiguration.numPoints"} {
		if ps.At(p) == "" {
			t.Errorf("no problem at %s:\n%v", p, ps)
		}
	}
}

func TestSetupRoundTrip(t *testing.T) {
	raw, _ := os.ReadFile("testdata/setup/club-night.json")
	s, err := ParseSetup(raw)
	if err != nil {
		t.Fatal(err)
	}
	org := Organizer{ID: "tio:org", Slug: "kickerclub-hamburg"}
	tour, entries := Build(s, org, RandomIDs())
	es := map[string]*Entry{}
	for _, e := range entries {
		es[e.ID] = e
	}
	snap := NewSnapshot(1, tour, org, nil, es)
	back := SetupOf(snap)
	out, _ := json.Marshal(back)
	again, err := ParseSetup(out)
	if err != nil {
		t.Fatalf("SetupOf gave a setup that does not parse: %v\n%s", err, out)
	}
	t2, _ := Build(again, org, ReuseIDs(snap))
	a, _ := json.Marshal(tour)
	b, _ := json.Marshal(t2)
	if string(a) != string(b) {
		t.Errorf("rebuilt with the same ids differs:\n%s\n%s", a, b)
	}
}

func TestEditsBeforeTheStart(t *testing.T) {
	raw, _ := os.ReadFile("testdata/setup/club-night.json")
	s, _ := ParseSetup(raw)
	s.CheckIn = true
	org := Organizer{ID: "tio:org", Slug: "kickerclub-hamburg"}
	tour, entries := Build(s, org, RandomIDs())
	es := map[string]*Entry{}
	for _, e := range entries {
		es[e.ID] = e
	}
	now := time.Date(2026, 11, 24, 17, 30, 0, 0, time.UTC)
	snap := NewSnapshot(1, tour, org, nil, es)
	d := tour.Disciplines[0]

	c, err := snap.SetCheckedIn(d.ID, d.EntryIDs[:9], now)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Tournament.Disciplines[0].NoShows(); !slices.Equal(got, d.EntryIDs[9:]) {
		t.Errorf("no-shows %v", got)
	}
	snap = NewSnapshot(2, c.Tournament, org, nil, es)
	c, err = snap.RemoveEntries(d.ID, d.EntryIDs[9:], now)
	if err != nil {
		t.Fatal(err)
	}
	nd := c.Tournament.Disciplines[0]
	if len(nd.EntryIDs) != 9 || len(nd.Stages[0].Groups[0].EntryIDs) != 9 || len(nd.CheckedIn) != 9 || nd.ID != d.ID || c.Tournament.ID != tour.ID {
		t.Errorf("after removing the no-show: %d entries, %d in the group, %d checked in", len(nd.EntryIDs), len(nd.Stages[0].Groups[0].EntryIDs), len(nd.CheckedIn))
	}
	if !slices.ContainsFunc(c.Events, func(e Event) bool { return e.Type == EventEntryListUpdated }) {
		t.Errorf("events %v", c.Events)
	}
	snap = NewSnapshot(3, c.Tournament, org, nil, es)
	c, err = snap.AddEntries(d.ID, []SetupEntry{{Name: "Zoe Late"}}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Entries {
		es[e.ID] = e
	}
	nd = c.Tournament.Disciplines[0]
	if len(nd.EntryIDs) != 10 || !slices.Contains(nd.CheckedIn, nd.EntryIDs[9]) || len(c.Entries) != 1 || c.Entries[0].Name != "Zoe Late" {
		t.Errorf("late registration: %d entries, checked in %v, written %v", len(nd.EntryIDs), nd.CheckedIn, c.Entries)
	}
	// Removing so many that the knock-out cannot take its 8 names the rule.
	snap = NewSnapshot(4, c.Tournament, org, nil, es)
	_, err = snap.RemoveEntries(d.ID, nd.EntryIDs[:5], now)
	var ps Problems
	if !errors.As(err, &ps) || !strings.Contains(ps.At("disciplines[0].stages[1].qualify"), "only 5 entries") {
		t.Errorf("removing too many: %v", err)
	}
}

func TestNewOrganizer(t *testing.T) {
	o, ps := NewOrganizer(" Kickerclub Hamburg e.V. ", "kickerclub-hamburg", "table_soccer")
	if len(ps) > 0 || o.Name != "Kickerclub Hamburg e.V." || o.Sport != TableSoccer || !strings.HasPrefix(o.ID, "tio:") {
		t.Fatalf("%+v %v", o, ps)
	}
	for _, c := range []struct{ name, slug, sport, path, says string }{
		{"", "club", "darts", "name", "required"},
		{strings.Repeat("n", 121), "club", "darts", "name", "at most 120"},
		{"Club", "", "darts", "slug", "required"},
		{"Club", "ab", "darts", "slug", "3 to 40"},
		{"Club", strings.Repeat("a", 41), "darts", "slug", "3 to 40"},
		{"Club", "Kicker Club", "darts", "slug", "lower-case letters"},
		{"Club", "kicker--club", "darts", "slug", "single hyphens"},
		{"Club", "-kicker", "darts", "slug", "single hyphens"},
		{"Club", "club", "chess", "sport", "must be one of table_soccer, petanque, darts, cornhole, table_tennis"},
	} {
		_, ps := NewOrganizer(c.name, c.slug, c.sport)
		if len(ps) != 1 || !strings.Contains(ps.At(c.path), c.says) || !strings.HasPrefix(ps.Error(), c.path+": ") {
			t.Errorf("NewOrganizer(%q, %q, %q): want %s: %s, got %v", c.name, c.slug, c.sport, c.path, c.says, ps)
		}
	}
}

// TestLordHaveMercyIsAKnockOutWithoutLives: lord_have_mercy is an
// elimination in which a team may play a player short; lives given to it are
// refused by name (they used to be taken and ignored), it needs none, it
// plays a match for third place when asked, and its table shows no lives.
func TestLordHaveMercyIsAKnockOutWithoutLives(t *testing.T) {
	setup := func(lives int) *Setup {
		var entries []SetupEntry
		for i := range 8 {
			entries = append(entries, SetupEntry{Name: fmt.Sprintf("Team %d", i+1), Players: []string{fmt.Sprintf("A%d", i), fmt.Sprintf("B%d", i), fmt.Sprintf("C%d", i)}})
		}
		return &Setup{Organizer: "club", Name: "Consolante", StartTime: At(at), Courts: []string{"Terrain 1", "Terrain 2"},
			Disciplines: []SetupDiscipline{{Name: "Triplettes", ShortName: "TR", EntryType: EntryBYP, Entries: entries,
				Stages: []SetupStage{{Name: "Consolante", Mode: LordHaveMercy, Lives: lives, ThirdPlace: true,
					MatchConfiguration: MatchConfiguration{NumSets: 1, NumPoints: 13}}}}}}
	}
	ps := setup(3).Validate()
	if msg := ps.At("disciplines[0].stages[0].lives"); len(ps) != 1 || !strings.Contains(msg, "lord_have_mercy takes no lives") {
		t.Fatalf("lives 3 for lord_have_mercy: %v", ps)
	}
	if ps := setup(0).Validate(); len(ps) != 0 {
		t.Fatalf("lord_have_mercy without lives: %v", ps)
	}
	if cols := LordHaveMercy.Rules().Columns; slices.Contains(cols, "lives") {
		t.Errorf("the lord_have_mercy table shows lives: %v", cols)
	}
	s := newTournament(8, 2, EntrySingle, stageSpec{mode: LordHaveMercy})
	s.Tournament.AutoCall = false
	s.Tournament.Disciplines[0].Stages[0].Groups[0].Options.EliminationThirdPlace = true
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	if n := len(s.MatchesWhere(func(m *Match) bool { return m.Bracket == BracketThirdPlace })); n != 1 {
		t.Errorf("%d matches for third place", n)
	}
	first := s.MatchesWhere(func(m *Match) bool { return m.State == MatchOpen })[0]
	s = play(t, s, first, 0)
	g := &s.Tournament.Disciplines[0].Stages[0].Groups[0]
	for _, row := range Standings(g, s.Matches, s.Entries) {
		if row.Lives != nil {
			t.Errorf("%s has lives in the table: %d", row.Entry.Name, *row.Lives)
		}
	}
}
