package reply

import (
	"context"
	"strings"
	"testing"

	"courtside/tournament"
)

// A setup file that is not JSON has a problem without a format: it says its
// message, not an empty line.
func TestAProblemWithoutAFormatSaysItsMessage(t *testing.T) {
	_, err := tournament.ParseSetup([]byte("{not json"))
	ps, ok := err.(tournament.Problems)
	if !ok || len(ps) == 0 {
		t.Fatalf("ParseSetup: %v", err)
	}
	if got := ProblemText(context.Background(), ps[0]); !strings.HasPrefix(got, "not JSON") {
		t.Errorf("problemText %q", got)
	}
}
