package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/tournament"
)

// TestAPlayersPageSaysWhatIsAtStake plays a pool of four into a final of
// two up to its last round, where a and b (one win each) meet, and c (two
// wins) meets d (none). a's page says it must win to go on, and what each
// result leads to; c's that it is through and whom it would meet if the
// table stood; d's that the final is out of reach. Once the pool is over,
// the final's players read that a win is the title. In German too. The
// final's own page says when it is drawn and, once results are in, who
// would meet if the table stood.
func TestAPlayersPageSaysWhatIsAtStake(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	setup, err := tournament.ParseSetup([]byte(`{"organizer": "boule-lyonnaise", "name": "Enjeux", "startTime": "2026-11-28T09:00:00.000Z", "courts": 2, "public": true, "autoCall": true,
	 "disciplines": [{"name": "Doublettes", "shortName": "DB", "entryType": "team_name",
	  "entries": ["Les Pointeurs", "Carreau Club", "Boule d'Or", "Les Tireurs"],
	  "stages": [{"name": "Poule", "mode": "round_robin", "matchConfiguration": {"numPoints": 13, "numSets": 1}},
	             {"name": "Finale", "mode": "elimination", "qualify": 2, "matchConfiguration": {"numPoints": 13, "numSets": 1}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := f.store.CreateTournament(ctx, f.org("boule-lyonnaise"), setup)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	write := func(change func(s *tournament.Snapshot) (*tournament.Change, error)) {
		t.Helper()
		snap, _ = f.store.Snapshot(ctx, id)
		if _, _, err := f.store.Write(ctx, snap, change); err != nil {
			t.Fatal(err)
		}
		snap, _ = f.store.Snapshot(ctx, id)
	}
	write(func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(time.Now()) })
	g := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
	last := g.Rounds[len(g.Rounds)-1].ID
	var pairs [][2]string
	for _, m := range snap.Matches {
		if m.RoundID == last {
			pairs = append(pairs, [2]string{m.Entries[0].ID, m.Entries[1].ID})
		}
	}
	a, b, c, d := pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1]
	// c beats a and b; a and b beat d
	beats := map[[2]string]bool{{c, a}: true, {c, b}: true, {a, d}: true, {b, d}: true}
	play := func(rounds func(*tournament.Match) bool) {
		t.Helper()
		for {
			var m *tournament.Match
			for _, x := range snap.Matches {
				if x.State == tournament.MatchRunning && rounds(x) {
					m = x
					break
				}
			}
			if m == nil {
				return
			}
			score := tournament.Set{13, 7}
			if !beats[[2]string{m.Entries[0].ID, m.Entries[1].ID}] {
				score = tournament.Set{7, 13}
			}
			write(func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.SetResult(m.ID, tournament.Encounters{{score}}, true, time.Now(), "test")
			})
		}
	}
	finale := snap.Tournament.Disciplines[0].Stages[1].Groups[0]
	waiting := func() (string, int) {
		t.Helper()
		rec, doc := f.page("/t/" + id + "/groups/" + finale.ID)
		if rec.Code != 200 || doc.Find(`#standings`).Length() != 0 {
			t.Fatalf("the final's page before its draw: %d, %d empty tables", rec.Code, doc.Find(`#standings`).Length())
		}
		return strings.TrimSpace(doc.Find(`[data-testid="waiting"] > p`).First().Text()), doc.Find(`[data-testid="likely-pair"]`).Length()
	}
	if text, pairs := waiting(); text != "Drawn when Poule ends. The first 2 go on." || pairs != 0 {
		t.Errorf("before any result, the final's page says %q with %d likely pairs", text, pairs)
	}
	play(func(m *tournament.Match) bool { return m.RoundID != last && m.GroupID == g.ID })
	if _, pairs := waiting(); pairs != 1 {
		t.Errorf("with the pool under way, the final's page shows %d likely pairs", pairs)
	}
	stake := func(entry string, header ...string) (string, []string) {
		t.Helper()
		rec, doc := f.page("/t/"+id+"/entries/"+entry, header...)
		if rec.Code != 200 {
			t.Fatalf("%s: %d", entry, rec.Code)
		}
		var lines []string
		doc.Find(`[data-testid="stake"] [data-testid="outcome-if"]`).Each(func(_ int, s *goquery.Selection) {
			lines = append(lines, s.Text()+": "+s.Next().Text())
		})
		return strings.TrimSpace(doc.Find(`[data-testid="stake"]`).Text()), lines
	}
	name := func(id string) string { return snap.Entries[id].Name }
	for _, tc := range []struct {
		entry string
		want  []string
		lines []string
	}{
		{a, []string{"Doublettes · Poule", "Win to go on to Finale", "The first 2 go on to Finale."}, []string{"With a win: through", "With a loss: out"}},
		{c, []string{"Through to Finale", "If the tables stay as they are: first in Finale against", "(2nd)."}, nil},
		{d, []string{"Can no longer reach Finale"}, nil},
	} {
		text, lines := stake(tc.entry)
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s's page: %q does not say %q", name(tc.entry), text, w)
			}
		}
		if strings.Join(lines, " | ") != strings.Join(tc.lines, " | ") {
			t.Errorf("%s's page: outcomes %q, want %q", name(tc.entry), lines, tc.lines)
		}
	}
	if text, lines := stake(a, "Accept-Language", "de"); !strings.Contains(text, "Gewinne, und du erreichst „Finale“") || len(lines) != 2 || lines[1] != "Bei einer Niederlage: raus" {
		t.Errorf("in German: %q %q", text, lines)
	}

	play(func(m *tournament.Match) bool { return m.GroupID == g.ID })
	final := snap.MatchesWhere(func(m *tournament.Match) bool { return m.GroupID != g.ID })
	if len(final) != 1 || final[0].Entries[0] == nil || final[0].Entries[1] == nil {
		t.Fatalf("the final: %+v", final)
	}
	_, lines := stake(final[0].Entries[1].ID)
	if strings.Join(lines, " | ") != "With a win: the title | With a loss: second place" {
		t.Errorf("in the final: %q", lines)
	}
}
