package templates

import (
	"context"
	"testing"

	"courtside/locale"
)

// TestRoundNamesInGerman: the round names the rules give read as a German
// club says them, and stay as they are in English.
func TestRoundNamesInGerman(t *testing.T) {
	de := WithLang(context.Background(), locale.German)
	for name, want := range map[string]string{
		"Round 3": "Runde 3", "Round of 16": "Achtelfinale", "Round of 64": "Runde der letzten 64", "Winners Round of 16": "Achtelfinale der Gewinnerrunde",
		"Losers round 2": "Verliererrunde 2", "Losers final": "Finale der Verliererrunde", "Semi-finals": "Halbfinale", "Grand final reset": "Finale (Entscheidung)",
	} {
		if got := RoundName(de, name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
		if got := RoundName(context.Background(), name); got != name {
			t.Errorf("%s in English: %q", name, got)
		}
	}
}
