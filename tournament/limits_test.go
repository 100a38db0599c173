package tournament

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestLargestSetupOfEveryModeIsAllowedAndOneMoreIsNot(t *testing.T) {
	for _, mode := range Modes {
		t.Run(string(mode), func(t *testing.T) {
			size, ok := LargestStarts[mode]
			if !ok {
				t.Fatalf("no largest setup for %s", mode)
			}
			if ps := LargestSetup(mode, "club").Validate(); len(ps) > 0 {
				t.Fatalf("the largest setup is refused:\n%v", ps)
			}
			over := largestSetup(mode, size[0]+size[1], size[1]) // one more entry in every group
			ps := over.Validate()
			if len(ps) == 0 {
				t.Fatalf("%d entries in %d groups are allowed too", size[0]+size[1], size[1])
			}
			if !strings.Contains(ps.Error(), "(limit \"") {
				t.Errorf("the refusal names no limit:\n%v", ps)
			}
		})
	}
}

func TestRoundRobinGroupsAreBounded(t *testing.T) {
	// The review's case: a 1,000-entry round robin drew 499,500 matches in one script.
	ps := largestSetup(RoundRobin, 1000, 1).Validate()
	want := fmt.Sprintf("at most %d entries (limit %q)", MaxRoundRobinEntries, "entries per round robin group")
	if msg := ps.At("disciplines[0].stages[0].groups"); !strings.Contains(msg, want) {
		t.Errorf("1,000 entries in one round robin group: %q, want it to say %q\n%v", msg, want, ps)
	}
	// 2 groups of 64 keep each group in bounds, but their start draws too much at once.
	ps = largestSetup(RoundRobin, 128, 2).Validate()
	if msg := ps.At("disciplines[0].stages[0].groups"); !strings.Contains(msg, `(limit "matches drawn at once")`) {
		t.Errorf("2 groups of 64: %q\n%v", msg, ps)
	}
	// A swiss of 1,024 entries planning 9 rounds would come to 4,608 matches.
	s := largestSetup(Swiss, MaxSetupEntries, 1)
	s.Disciplines[0].Stages[0].Rounds = 9
	if msg := s.Validate().At("disciplines"); !strings.Contains(msg, `(limit "matches per tournament")`) {
		t.Errorf("a 1,024-entry swiss of 9 rounds: %q", msg)
	}
}

func TestEncounterNamesAreBounded(t *testing.T) {
	s := largestSetup(RoundRobin, 4, 1)
	s.Disciplines[0].EntryType = EntryTeamName
	s.Disciplines[0].Stages[0].Encounters = []string{"Single", strings.Repeat("x", MaxNameLength+1)}
	msg := s.Validate().At("disciplines[0].stages[0].encounters[1]")
	if !strings.Contains(msg, fmt.Sprintf("at most %d characters (limit \"name length\")", MaxNameLength)) {
		t.Errorf("a %d-character encounter name: %q", MaxNameLength+1, msg)
	}
	s.Disciplines[0].Stages[0].Encounters[1] = strings.Repeat("x", MaxNameLength)
	if ps := s.Validate(); len(ps) > 0 {
		t.Errorf("a %d-character encounter name is refused:\n%v", MaxNameLength, ps)
	}
}

func TestDisciplinesAreBounded(t *testing.T) {
	s := largestSetup(Elimination, 2, 1)
	for i := range MaxSetupDisciplines {
		d := s.Disciplines[0]
		d.ShortName = fmt.Sprintf("D%d", i)
		s.Disciplines = append(s.Disciplines, d)
	}
	if msg := s.Validate().At("disciplines"); !strings.Contains(msg, `(limit "disciplines per tournament")`) {
		t.Errorf("%d disciplines: %q", len(s.Disciplines), msg)
	}
}

func TestTextThatReadsOtherThanItIsIsRefused(t *testing.T) {
	bad := map[string]string{
		"bidi override":  "Court \u202eevil\u202c",
		"bidi isolate":   "Anna \u2067Berg\u2069",
		"zero-width":     "Anna\u200b Berg",
		"BOM":            "\ufeffAnna",
		"NUL":            "Anna\x00Berg",
		"newline":        "Anna\nBerg",
		"line separator": "Anna\u2028Berg",
		"not UTF-8":      "Anna\xffBerg",
	}
	for name, text := range bad {
		t.Run(name, func(t *testing.T) {
			if TextProblem(text, MaxNameLength, false) == nil {
				t.Errorf("%q is taken", text)
			}
			s := largestSetup(Elimination, 4, 1)
			s.Disciplines[0].Entries[1].Name = text
			s.Courts[0] = text
			s.Name = text
			s.Disciplines[0].Stages[0].Name = text
			ps := s.Validate()
			for _, path := range []string{"name", "courts[0]", "disciplines[0].entries[1]", "disciplines[0].stages[0].name"} {
				if ps.At(path) == "" {
					t.Errorf("%s: %q is taken", path, text)
				}
			}
		})
	}
	if _, ps := NewOrganizer("Club \u202eevil\u202c", "club", "darts"); ps.At("name") == "" {
		t.Error("an organizer's name with a bidi override is taken")
	}
	good := []string{"Anna Berg", "Jürgen Müller-Lüdenscheidt", "東京 Kicker", "O'Neil"}
	for _, text := range good {
		if m := TextProblem(text, MaxNameLength, false); m != nil {
			t.Errorf("%q is refused: %v", text, m)
		}
	}
	if m := TextProblem("Line one\nLine two\tand a tab", MaxDescriptionLength, true); m != nil {
		t.Errorf("a description's line breaks are refused: %v", m)
	}
	if m := TextProblem("Line one\u202e", MaxDescriptionLength, true); m == nil {
		t.Error("a description's bidi override is taken")
	}
}

func TestLimitsTableNamesEveryLimitARefusalNames(t *testing.T) {
	for _, l := range Table {
		if LimitNamed(l.Name) != l || l.Value <= 0 {
			t.Errorf("limit %q: %+v", l.Name, l)
		}
	}
	for _, name := range []string{"entries per tournament", "disciplines per tournament", "entries per round robin group",
		"matches drawn at once", "matches per tournament", "rounds per group", "encounters per league match", "name length",
		"description length", "screen message length", "screens per tournament"} {
		LimitNamed(name) // panics for a name the table does not have
	}
}

func TestLateEntryNamesAreCheckedAtTheDoor(t *testing.T) {
	s := newTournament(6, 3, EntrySingle, stageSpec{mode: Swiss, rounds: 4})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	for _, name := range []string{"Late \u202eremoC\u202c", "Late\x00Comer", "Late\u200bComer", strings.Repeat("x", MaxNameLength+1)} {
		if _, err := s.LateEntry("d", name); err == nil {
			t.Errorf("late entry %q is taken", name)
		}
	}
	if _, err := s.LateEntry("d", "Late Comer"); err != nil {
		t.Errorf("a late entry: %v", err)
	}
}

// TestTheOperatorsGuideListsEveryLimit: docs/operators.md's table has every limit with its value.
func TestTheOperatorsGuideListsEveryLimit(t *testing.T) {
	raw, err := os.ReadFile("../docs/operators.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range Table {
		if row := "| " + l.Name + " | " + LimitText(l) + " |"; !strings.Contains(string(raw), row) {
			t.Errorf("docs/operators.md's limits table has no row %q", row)
		}
	}
}

// TestTheSetupSchemaSaysTheLimits: the schema a setup file is written
// against bounds what Validate bounds.
func TestTheSetupSchemaSaysTheLimits(t *testing.T) {
	schema := string(SetupSchema)
	for _, want := range []string{
		fmt.Sprintf(`"disciplines": {"type": "array", "minItems": 1, "maxItems": %d`, MaxSetupDisciplines),
		fmt.Sprintf(`"entries": {"type": "array", "minItems": 2, "maxItems": %d`, MaxSetupEntries),
		fmt.Sprintf(`"encounters": {"type": "array", "maxItems": %d, "items": {"type": "string", "minLength": 1, "maxLength": %d}`, MaxEncounters, MaxNameLength),
		fmt.Sprintf(`"stages": {"type": "array", "minItems": 1, "maxItems": %d`, MaxSetupStages),
	} {
		if !strings.Contains(schema, want) {
			t.Errorf("the setup schema does not say %s", want)
		}
	}
}
