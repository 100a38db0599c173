package tournament

import (
	"os"
	"slices"
	"testing"
	"time"
)

func TestEntryLineReadsWhatTheSetupReads(t *testing.T) {
	for _, c := range []struct {
		t    EntryType
		line string
		want SetupEntry
	}{
		{EntrySingle, " Anna Berg ", SetupEntry{Name: "Anna Berg"}},
		{EntryBYP, "Anna Berg / Ben Kurz", SetupEntry{Name: "Anna Berg / Ben Kurz"}},
		{EntryBYP, "Die Kurbler: Cem Yilmaz / Dana Roth", SetupEntry{Name: "Die Kurbler", Players: []string{"Cem Yilmaz", "Dana Roth"}}},
		{EntryTeamName, "Team: A / B", SetupEntry{Name: "Team", Players: []string{"A", "B"}}},
		{EntrySingle, "Dr: Who", SetupEntry{Name: "Dr: Who"}},
	} {
		if got := EntryLine(c.t, c.line); got.Name != c.want.Name || !slices.Equal(got.Players, c.want.Players) {
			t.Errorf("EntryLine(%s, %q) = %+v, want %+v", c.t, c.line, got, c.want)
		}
	}
}

// TestCheckInReadsTeamsAndKeepsThroughEdits: a team added at the check-in
// as "Name: A / B" is that team; an entry whose line is edited before the
// start (a name's spelling, a team's player) stays checked in, and a new
// entry is not checked in by the edit.
func TestCheckInReadsTeamsAndKeepsThroughEdits(t *testing.T) {
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
	doubles := func() Discipline { return snap.Tournament.Disciplines[1] }
	step(snap.SetCheckedIn(doubles().ID, doubles().EntryIDs[:2], now))

	// Added at the desk during the check-in, as the setup would read it.
	step(snap.AddEntries(doubles().ID, []SetupEntry{EntryLine(EntryBYP, "Les Boulistes: Marc Petit / Paul Roux")}, now))
	added := es[doubles().EntryIDs[len(doubles().EntryIDs)-1]]
	if added.Name != "Les Boulistes" || len(added.Entries) != 2 || added.Entries[0].Name != "Marc Petit" {
		t.Fatalf("the team added at the check-in is %q with %d players", added.Name, len(added.Entries))
	}

	// The second team's player was misspelt; the first team's line is moved nowhere.
	before := slices.Clone(doubles().CheckedIn)
	step(snap.EditSetup(func(st *Setup) error {
		st.Disciplines[1].Entries[1] = SetupEntry{Name: "Die Kurbler", Players: []string{"Cem Yilmaz", "Dana Rothe"}}
		st.Disciplines[1].Entries = slices.Insert(st.Disciplines[1].Entries, 3, SetupEntry{Name: "Nora Wolf / Olaf Hein"})
		return nil
	}, now))
	d := doubles()
	if len(d.CheckedIn) != len(before) || d.CheckedIn[0] != before[0] || d.CheckedIn[1] != d.EntryIDs[1] {
		t.Errorf("after editing a checked-in team: checked in %v (was %v, entries %v)", d.CheckedIn, before, d.EntryIDs)
	}
	if slices.Contains(d.CheckedIn, d.EntryIDs[3]) {
		t.Error("a new entry was checked in by an edit")
	}
	if es[d.EntryIDs[1]].Entries[1].Name != "Dana Rothe" {
		t.Errorf("the edit did not change the player: %q", es[d.EntryIDs[1]].Entries[1].Name)
	}
}
