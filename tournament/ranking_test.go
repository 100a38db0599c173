package tournament

import "testing"

// TestFinalRankingLeadsWithTheKnockOut: six pools of five into a knock-out
// of sixteen with a match for third place, played out: the champion, the
// runner-up, third and fourth come from the knock-out, the quarter-final
// losers share fifth, the round-of-16 losers share ninth, and the fourteen
// who went out in the pools follow, every pool's third before any fourth.
func TestFinalRankingLeadsWithTheKnockOut(t *testing.T) {
	s := newTournament(30, 8, EntrySingle, stageSpec{mode: RoundRobin, groups: 6}, stageSpec{mode: Elimination, qualify: 16})
	c, err := s.Start(at)
	if err != nil {
		t.Fatal(err)
	}
	s = applyAll(s, c)
	s = playStage(t, s, 0, 11)
	s = playStage(t, s, 1, 12)
	if s.Tournament.State != StateFinished {
		t.Fatalf("the tournament is %s", s.Tournament.State)
	}
	r := s.FinalRanking("d")
	if len(r) != 30 {
		t.Fatalf("%d ranked of 30", len(r))
	}
	tree := &s.Tournament.Disciplines[0].Stages[1].Groups[0]
	champion, _ := s.Champion(tree)
	if r[0].Place != 1 || r[0].Entry.ID != champion.ID {
		t.Errorf("first is %s (place %d), the champion is %s", r[0].Entry.ID, r[0].Place, champion.ID)
	}
	want := []int{1, 2, 3, 4, 5, 5, 5, 5, 9, 9, 9, 9, 9, 9, 9, 9}
	for i, p := range want {
		if r[i].Place != p || r[i].Stage != "Stage 2" {
			t.Errorf("row %d: place %d from %s, want %d from the knock-out", i+1, r[i].Place, r[i].Stage, p)
		}
	}
	pool := map[string]int{}
	for _, g := range s.Tournament.Disciplines[0].Stages[0].Groups {
		for i, row := range s.Standings(&g) {
			pool[row.Entry.ID] = i + 1
		}
	}
	for i := 16; i < 30; i++ {
		shared := r[i].Place == r[i-1].Place && pool[r[i].Entry.ID] == pool[r[i-1].Entry.ID] // level on every figure
		if r[i].Place != i+1 && !shared || r[i].Stage != "Stage 1" {
			t.Errorf("row %d: place %d from %s", i+1, r[i].Place, r[i].Stage)
		}
		if i > 16 && pool[r[i].Entry.ID] < pool[r[i-1].Entry.ID] {
			t.Errorf("a pool's %d (%s) ranks after a pool's %d", pool[r[i].Entry.ID], r[i].Entry.ID, pool[r[i-1].Entry.ID])
		}
	}
}
