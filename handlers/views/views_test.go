package views

import (
	"context"
	"testing"

	"courtside/tournament"
)

// A broken tree whose byes feed each other in a circle (stored or imported
// data can hold one) names what a side waits for; it does not recurse until
// the stack overflows, which no recover could catch.
func TestPlaceholderSurvivesACircleOfByes(t *testing.T) {
	tr := &tournament.Tournament{ID: "t", Disciplines: []tournament.Discipline{{ID: "d", Stages: []tournament.Stage{{ID: "s",
		Groups: []tournament.Group{{ID: "g", Mode: tournament.Elimination, Rounds: []tournament.Round{{ID: "r1"}, {ID: "r2"}}}}}}}}}
	slot := func(id string, side int) *tournament.Slot { return &tournament.Slot{MatchID: id, Side: side} }
	ms := []*tournament.Match{
		{ID: "x", GroupID: "g", RoundID: "r1", State: tournament.MatchBye, LoserTo: slot("a", 1)},
		{ID: "y", GroupID: "g", RoundID: "r1", State: tournament.MatchBye, LoserTo: slot("b", 1)},
		{ID: "a", GroupID: "g", RoundID: "r2", State: tournament.MatchOpen, WinnerTo: slot("b", 0)},
		{ID: "b", GroupID: "g", RoundID: "r2", State: tournament.MatchOpen, WinnerTo: slot("a", 0)},
	}
	snap := tournament.NewSnapshot(1, tr, tournament.Organizer{}, ms, nil)
	if !snap.IsBye("a") || !snap.IsBye("b") {
		t.Fatalf("the circle's matches are not byes: the test builds no circle")
	}
	a, _ := snap.Match("a")
	if got := Placeholder(context.Background(), snap, a, 0); got.Placeholder == "" {
		t.Errorf("placeholder %+v", got)
	}
}
