package tournament

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestARefusalNamesItsRoundForTranslation: a correction the final blocks
// names the final's match as a MatchLabel whose round is a RoundName, not
// an English sentence: a page says "Finale" and "gegen" from them
// (templates.Reason), while the error's own text stays English.
func TestARefusalNamesItsRoundForTranslation(t *testing.T) {
	s := bracketTournament(4, Elimination, false)
	var semis []*Match
	for _, m := range s.Matches {
		if m.State == MatchOpen {
			semis = append(semis, m)
		}
	}
	if len(semis) != 2 {
		t.Fatalf("%d open semi-finals", len(semis))
	}
	for _, m := range semis {
		s = play(t, s, m, 0)
	}
	var final *Match
	for _, m := range s.Matches {
		if m.State == MatchOpen {
			final = m
		}
	}
	c, err := s.CallMatch(final.ID, []string{"c2"}, at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	c, err = s.SetResult(final.ID, Encounters{{{2, 1}}}, false, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	_, err = s.CorrectResult(semis[0].ID, Encounters{{{3, 7}}}, at, "test")
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("the correction the final blocks: %v", err)
	}
	var label MatchLabel
	for _, a := range re.Args {
		if l, ok := a.(MatchLabel); ok {
			label = l
		}
		if s, ok := a.(string); ok && strings.Contains(s, "Final") {
			t.Errorf("an argument names the round in English: %q", s)
		}
	}
	if label.Round != "Final" || label.Sides[0] == "" || label.Sides[1] == "" {
		t.Fatalf("the refusal names no match by its round: %#v", re.Args)
	}
	if want := fmt.Sprintf("Tree, Final: %s v %s", label.Sides[0], label.Sides[1]); !strings.HasPrefix(re.Error(), want) {
		t.Errorf("the English refusal %q, want it to start %q", re.Error(), want)
	}
}
