package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtside/templates"
	"courtside/tournament"
)

// knockOut is a started elimination of four, each match won by side 0.
func knockOut(t *testing.T) *tournament.Snapshot {
	t.Helper()
	setup, err := tournament.ParseSetup([]byte(`{"organizer": "club", "name": "Cup", "startTime": "2026-11-28T09:00:00.000Z", "courts": 2, "autoCall": true,
	 "disciplines": [{"name": "Singles", "shortName": "S", "entryType": "single", "entries": ["Anna", "Ben", "Cem", "Dana"],
	  "stages": [{"name": "Knock-out", "mode": "elimination", "matchConfiguration": {"numPoints": 7, "numSets": 1}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	tr, es := tournament.Build(setup, tournament.Organizer{ID: "org"}, func(path string) string { return "x/" + path })
	entries := map[string]*tournament.Entry{}
	for _, e := range es {
		entries[e.ID] = e
	}
	s := tournament.NewSnapshot(1, tr, tournament.Organizer{ID: "org"}, nil, entries)
	return apply(t, s, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(time.Now()) })
}

// apply is s after the change compute makes.
func apply(t *testing.T, s *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) *tournament.Snapshot {
	t.Helper()
	c, err := compute(s)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*tournament.Match{}
	var ms []*tournament.Match
	for _, m := range s.Matches {
		byID[m.ID] = m
	}
	for _, m := range c.Matches {
		byID[m.ID] = m
	}
	for _, m := range byID {
		ms = append(ms, m)
	}
	tr := s.Tournament
	if c.Tournament != nil {
		tr = c.Tournament
	}
	return tournament.NewSnapshot(s.Version+1, tr, s.Organizer, ms, s.Entries)
}

// TestAKnockOutPlayerReadsWhereTheNextMatchLeads: in a semi-final, a win
// leads to the final against one of the other semi-final's two, and a loss
// out; once won, the final's open side reads as the next opponent, and who
// leads the other semi-final.
func TestAKnockOutPlayerReadsWhereTheNextMatchLeads(t *testing.T) {
	s := knockOut(t)
	ctx := templates.WithLang(context.Background(), "en")
	var semis []*tournament.Match
	for _, m := range s.Matches {
		if m.State == tournament.MatchRunning {
			semis = append(semis, m)
		}
	}
	if len(semis) != 2 {
		t.Fatalf("%d semi-finals running", len(semis))
	}
	first, other := semis[0], semis[1]
	me := first.Entries[0]
	st, ok := knockOutStake(ctx, s, me.ID)
	want := "With a win: Final against " + other.Entries[0].Name + " or " + other.Entries[1].Name + " | With a loss: out"
	if got := outcomes(st); !ok || got != want {
		t.Errorf("in the semi-final: %q (%v), want %q", got, ok, want)
	}
	s = apply(t, s, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(first.ID, tournament.Encounters{{{7, 3}}}, true, time.Now(), "test")
	})
	s = apply(t, s, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(other.ID, tournament.Encounters{{{2, 5}}}, false, time.Now(), "test")
	})
	st, _ = knockOutStake(ctx, s, me.ID)
	if wantNext := "Next opponent: " + other.Entries[0].Name + " or " + other.Entries[1].Name + " · " + other.Entries[1].Name + " leads 5:2"; st.Likely != wantNext {
		t.Errorf("in the final: %q, want %q", st.Likely, wantNext)
	}
	if got := outcomes(st); got != "With a win: the title | With a loss: second place" {
		t.Errorf("in the final: %q", got)
	}
}

func outcomes(st templates.Stake) string {
	var out []string
	for _, o := range st.Outcomes {
		out = append(out, o.If+": "+o.Then)
	}
	return strings.Join(out, " | ")
}

// TestHowManyGoOnReads: the line says the first few, the winner alone, the
// best winners, and the best of a place too.
func TestHowManyGoOnReads(t *testing.T) {
	ctx := templates.WithLang(context.Background(), "en")
	for _, c := range []struct {
		sure, maybe int
		want        string
	}{
		{2, 2, "The first 2 go on to KO."},
		{1, 1, "The winner goes on to KO."},
		{0, 1, "The best group winners go on to KO."},
		{2, 3, "The first 2 go on to KO. The best in place 3 go on too."},
	} {
		if got := goingOn(ctx, c.sure, c.maybe, "KO"); got != c.want {
			t.Errorf("%d sure, %d maybe: %q, want %q", c.sure, c.maybe, got, c.want)
		}
	}
}
