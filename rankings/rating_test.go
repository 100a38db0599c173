package rankings

import (
	"courtside/tournament"
	"math"
	"slices"
	"testing"
	"time"
)

// TestEloHandWorked rates five matches worked by hand: singles, doubles, a
// draw, a Monster DYP round with new partners, and a player past the top
// rating playing with the low K.
func TestEloHandWorked(t *testing.T) {
	s := RatingSettings{Start: 1500, KNew: 40, NewGames: 2, K: 20, KTop: 10, TopRating: 1525}
	at := time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	m := func(key string, score float64, a, b []string) RatedMatch {
		at = at.Add(time.Minute)
		return RatedMatch{Key: key, TournamentID: "t", At: at, Sides: [2][]string{a, b}, Score: score}
	}
	matches := []RatedMatch{
		// 1. A beats B, both at 1500: E = 0.5, K 40 (new): A 1520, B 1480.
		m("1", 1, []string{"A"}, []string{"B"}),
		// 2. A+C (avg 1510) lose to B+D (avg 1490): E(A+C) = 1/(1+10^(-20/400)) = 0.528751;
		//    everyone still has K 40: A and C lose 40 × 0.528751 = 21.1500, B and D gain it.
		//    A 1498.8500, C 1478.8500, B 1501.1500, D 1521.1500.
		m("2", 0, []string{"A", "C"}, []string{"B", "D"}),
		// 3. D draws A: E(D) = 1/(1+10^((1498.85-1521.15)/400)) = 0.532048; D (1 game, K 40)
		//    loses 40 × 0.032048 = 1.2819, A (2 games, K 20) gains 20 × 0.032048 = 0.6410.
		//    D 1519.8681, A 1499.4909.
		m("3", 0.5, []string{"D"}, []string{"A"}),
		// 4. Monster DYP, new partners: A+D (avg 1509.6795) beat B+C (avg 1490.0000):
		//    E(A+D) = 0.528291. A, D, B have K 20, C (1 game) K 40: A and D gain
		//    20 × 0.471709 = 9.4342, B loses 9.4342, C loses 18.8684.
		//    A 1508.9251, D 1529.3023 (past 1525: K 10 from now), B 1491.7158, C 1459.9816.
		m("4", 1, []string{"A", "D"}, []string{"B", "C"}),
		// 5. C beats D: E(D) = 0.598457; D (top) loses 10 × 0.598457 = 5.9846,
		//    C (3 games, K 20) gains 20 × 0.598457 = 11.9691. D 1523.3177, C 1471.9508.
		m("5", 0, []string{"D"}, []string{"C"}),
	}
	r := ComputeRatings(s, matches)
	want := map[string]struct {
		rating float64
		games  int
	}{
		"A": {1508.9251, 4}, "B": {1491.7158, 3}, "C": {1471.9508, 3}, "D": {1523.3177, 4},
	}
	for id, w := range want {
		p := r.Players[id]
		if p == nil || math.Abs(p.Rating-w.rating) > 0.0001 || p.Games != w.games {
			t.Errorf("%s: got %+v, want rating %.4f after %d games", id, p, w.rating, w.games)
		}
	}
	if d := r.Players["D"].History[3].Delta; math.Abs(d-(-5.9846)) > 0.0001 {
		t.Errorf("D's last change %.4f, want -5.9846 (K 10 once past the top rating, though back under it)", d)
	}
	// Incremental: the first four, then the fifth, is the same as all five.
	four := ComputeRatings(s, matches[:4])
	dBefore := four.Players["D"].Rating
	inc := four.Extend(matches[4:])
	for id := range want {
		if inc.Players[id].Rating != r.Players[id].Rating || len(inc.Players[id].History) != len(r.Players[id].History) {
			t.Errorf("%s: incremental %.6f, full %.6f", id, inc.Players[id].Rating, r.Players[id].Rating)
		}
	}
	if four.Players["D"].Rating != dBefore || len(four.Players["D"].History) != 3 {
		t.Error("Extend changed the ratings it extended")
	}
	if got := r.Players["A"].RatingBefore("t", 1500); got != 1500 {
		t.Errorf("A before the tournament: %v", got)
	}
}

func TestRatingSettingsCheck(t *testing.T) {
	if err := DefaultRatingSettings.Check(); err != nil {
		t.Fatal(err)
	}
	bad := DefaultRatingSettings
	bad.KNew = 0
	if bad.Check() == nil {
		t.Error("K 0 accepted")
	}
	bad = DefaultRatingSettings
	bad.TopRating = 1000
	if bad.Check() == nil {
		t.Error("a top rating under the start accepted")
	}
}

// TestRatedMatchesLeaveOutByesAndWalkovers plays the demo's finished Autumn
// Cup (a double elimination with byes), gives one open match of the running
// Hamburg Open as a walkover, and checks which matches the ratings count.
func TestRatedMatchesLeaveOutByesAndWalkovers(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	d := tournament.NewDemo(1, now)
	var open *tournament.Snapshot
	for _, dt := range d.Tournaments {
		if dt.Tournament.Name == "Hamburg Open 2026" {
			es := map[string]*tournament.Entry{}
			for _, e := range dt.Entries {
				es[e.ID] = e
			}
			open = tournament.NewSnapshot(1, dt.Tournament, tournament.Organizer{}, dt.Matches, es)
		}
	}
	var m *tournament.Match
	for _, x := range open.Matches {
		if x.State == tournament.MatchOpen && x.Entries[0] != nil && x.Entries[1] != nil {
			m = x
			break
		}
	}
	if m == nil {
		t.Fatal("no open match")
	}
	c, err := open.Walkover(m.ID, 0, now, "test")
	if err != nil {
		t.Fatal(err)
	}
	after := tournament.NewSnapshot(2, open.Tournament, tournament.Organizer{}, matchesAfter(open, c), open.Entries)
	given, _ := after.Match(m.ID)
	if given.State != tournament.MatchPlayed || given.Forfeit != tournament.ForfeitWalkover || Rated(after, given) {
		t.Errorf("walkover %+v: rated %v", given, Rated(after, given))
	}
	rated := RatedMatches([]*tournament.Snapshot{after}, &Register{})
	for _, rm := range rated {
		if rm.Key == after.Tournament.ID+"/"+m.ID {
			t.Error("the walkover is rated")
		}
	}
	played := 0
	for _, x := range after.Matches {
		// Teams entered by name alone (the club league) have no players to rate.
		if x.State == tournament.MatchPlayed && !x.Given() && !after.IsBye(x.ID) && len(x.Entries[0].Players()) > 0 {
			played++
		}
	}
	if len(rated) != played || played == 0 {
		t.Errorf("%d rated, %d played", len(rated), played)
	}
	// A correction makes it a played match again.
	c2, err := after.CorrectResult(m.ID, tournament.WalkoverResult(after.Config(given), 0, 1), now, "test")
	if err != nil {
		t.Fatal(err)
	}
	corrected := tournament.NewSnapshot(3, after.Tournament, tournament.Organizer{}, matchesAfter(after, c2), after.Entries)
	if x, _ := corrected.Match(m.ID); x.Forfeit != "" {
		t.Error("a corrected walkover is still one")
	}
}

// matchesAfter are the matches of s once the change c is written, as the
// store writes them: its new and changed ones beside the others.
func matchesAfter(s *tournament.Snapshot, c *tournament.Change) []*tournament.Match {
	var out []*tournament.Match
	for _, m := range s.Matches {
		if slices.Contains(c.Removed, m.ID) {
			continue
		}
		if i := slices.IndexFunc(c.Matches, func(n *tournament.Match) bool { return n.ID == m.ID }); i >= 0 {
			m = c.Matches[i]
		}
		out = append(out, m)
	}
	for _, m := range c.Matches {
		if _, old := s.Match(m.ID); !old {
			out = append(out, m)
		}
	}
	return out
}
