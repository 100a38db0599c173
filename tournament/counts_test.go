package tournament

import (
	"os"
	"testing"
	"time"
)

// TestCountsLeaveOutRemovedAndWithdrawn: the players and teams a tournament
// counts (its page, the API's numPlayers and numTeams) are those still in it:
// no-shows removed at the check-in and entries withdrawn after the start do
// not count, and a player in two disciplines counts once.
func TestCountsLeaveOutRemovedAndWithdrawn(t *testing.T) {
	raw, err := os.ReadFile("testdata/setup/club-night.json")
	if err != nil {
		t.Fatal(err)
	}
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
	step := func(c *Change, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range c.Entries {
			es[e.ID] = e
		}
		snap = apply(snap, c)
	}
	check := func(when string, players, teams int) {
		t.Helper()
		if p, tm := snap.Counts(); p != players || tm != teams {
			t.Errorf("%s: %d players, %d teams; want %d, %d", when, p, tm, players, teams)
		}
	}
	check("registered", 12, 6)

	singles, doubles := tour.Disciplines[0], tour.Disciplines[1]
	step(snap.SetCheckedIn(singles.ID, singles.EntryIDs[:9], now)) // Jule Marx is missing
	step(snap.SetCheckedIn(doubles.ID, doubles.EntryIDs[:5], now)) // Karl Ney / Lea Sommer are missing
	step(snap.RemoveEntries(singles.ID, singles.EntryIDs[9:], now))
	step(snap.RemoveEntries(doubles.ID, doubles.EntryIDs[5:], now))
	// Jule Marx still plays doubles; Karl Ney and Lea Sommer are gone.
	check("no-shows removed", 10, 5)

	step(snap.Start(now))
	var emil, emilAndFrida string
	for id, e := range es {
		switch e.Name {
		case "Emil Voss":
			emil = id
		case "Emil Voss / Frida Lang":
			emilAndFrida = id
		}
	}
	step(snap.Withdraw(doubles.ID, emilAndFrida, now))
	check("a team withdrawn (its players still play singles)", 10, 4)
	step(snap.Withdraw(singles.ID, emil, now))
	check("a player withdrawn from everything", 9, 4)
}
