package textcheck

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"courtside/tournament"
)

// TestAJoinerIsTakenWhereWritingNeedsIt: a zero-width joiner or non-joiner
// that no script or emoji needs only makes a look-alike twin of a name, and
// is refused with its own message, in a text and at its path in a setup;
// the Persian, Devanagari, Sinhala and emoji ones that writing needs are
// taken.
func TestAJoinerIsTakenWhereWritingNeedsIt(t *testing.T) {
	bad := map[string]string{
		"lone joiner":                      "Anna\u200d",
		"joiner between Latin letters":     "An\u200dna",
		"non-joiner between Latin letters": "An\u200cna",
		"joiner after a digit":             "Court 1\u200d2",
		"non-joiner after a Hindi letter":  "क\u200cष", // no virama before it, and Devanagari letters do not join
	}
	for name, text := range bad {
		t.Run(name, func(t *testing.T) {
			if Problem(text, tournament.MaxNameLength, false) == nil {
				t.Errorf("%q is taken", text)
			}
			s := &tournament.Setup{Organizer: "club", Name: text, StartTime: tournament.At(time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)),
				Courts: []string{text}, Disciplines: []tournament.SetupDiscipline{{Name: "Singles", ShortName: "S", EntryType: tournament.EntrySingle,
					Entries: []tournament.SetupEntry{{Name: "Ada"}, {Name: text}}, Stages: []tournament.SetupStage{{Name: text, Mode: tournament.Elimination}}}}}
			ps := Joiners("", s)
			for _, path := range []string{"name", "courts[0]", "disciplines[0].entries[1]", "disciplines[0].stages[0].name"} {
				if !strings.Contains(ps.At(path), "zero-width joiner or non-joiner") {
					t.Errorf("%s: %q is taken (%v)", path, text, ps)
				}
			}
		})
	}
	good := []string{"Anna Berg", "کیان\u200cپور", "👩\u200d👩\u200d👧 Family", "क्\u200dष", "क्\u200cष", "ශ්\u200dරී", "🏳\ufe0f\u200d🌈 Pride", "👩🏽\u200d💻 Coders", "می\u200cخواهم"}
	for _, text := range good {
		if m := Problem(text, tournament.MaxNameLength, false); m != nil {
			t.Errorf("%q is refused: %v", text, m)
		}
		if ps := Joiners("name", text); len(ps) > 0 {
			t.Errorf("%q is refused: %v", text, ps)
		}
	}
	if m := Problem("An\u200dna", tournament.MaxNameLength, false); m == nil || !strings.Contains(fmt.Sprintf(m.Format, m.Args...), "zero-width joiner or non-joiner (U+200D)") {
		t.Errorf("a joiner between Latin letters: %v", m)
	}
	if m := Problem("Court \u202eevil\u202c", tournament.MaxNameLength, false); m == nil {
		t.Error("a bidi override is taken: Problem says what tournament.TextProblem says too")
	}
}
