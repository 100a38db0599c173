package tournament

import (
	"flag"
	"fmt"
	"slices"
	"testing"
)

// sweep runs the property tests over every size up to 512; by default they
// take every size up to 64 and a few larger ones, to keep go test quick.
var sweep = flag.Bool("sweep", false, "property tests over every size from 2 to 512")

// sizes are the tournament sizes the property tests try.
func sizes() []int {
	var out []int
	for n := 2; n <= 512; n++ {
		if *sweep || n <= 64 || slices.Contains([]int{100, 127, 128, 255, 256, 511, 512}, n) {
			out = append(out, n)
		}
	}
	return out
}

func TestRoundRobinPairsExactlyOnce(t *testing.T) {
	for _, n := range sizes() {
		for _, double := range []bool{false, true} {
			rounds := RoundRobinSchedule(n, double)
			legs := 1
			if double {
				legs = 2
			}
			wantRounds := (n - 1 + n%2) * legs
			if len(rounds) != wantRounds {
				t.Fatalf("n=%d double=%v: %d rounds, want %d", n, double, len(rounds), wantRounds)
			}
			home := make([]int, n*n)
			rests := make([]int, n)
			for r, pairs := range rounds {
				seen := make([]bool, n)
				for _, p := range pairs {
					for _, x := range p {
						if seen[x] {
							t.Fatalf("n=%d: entry %d twice in round %d", n, x, r)
						}
						seen[x] = true
					}
					home[p[0]*n+p[1]]++
				}
				for x, s := range seen {
					if !s {
						rests[x]++
					}
				}
			}
			for x := range n {
				for y := x + 1; y < n; y++ {
					if k := home[x*n+y] + home[y*n+x]; k != legs {
						t.Fatalf("n=%d double=%v: %d and %d met %d times", n, double, x, y, k)
					}
					if double && home[x*n+y] != 1 {
						t.Fatalf("n=%d: %d and %d not once on each side", n, x, y)
					}
				}
			}
			for x, k := range rests {
				if k != (n%2)*legs {
					t.Fatalf("n=%d: entry %d rests %d times", n, x, k)
				}
			}
		}
	}
}

func TestSnakeDraw(t *testing.T) {
	got := Snake([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3)
	want := [][]int{{1, 6, 7, 12}, {2, 5, 8, 11}, {3, 4, 9, 10}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("group %d = %v, want %v", i, got[i], want[i])
		}
	}
	for n := 1; n < 100; n++ {
		for g := 1; g <= 8; g++ {
			gs := Snake(make([]int, n), g)
			for _, x := range gs {
				if len(x) < n/g || len(x) > (n+g-1)/g {
					t.Fatalf("n=%d g=%d: group of %d", n, g, len(x))
				}
			}
		}
	}
}

// TestSnakeDrawAndRoundRobinFillGroupsTheirOwnWay: on the same 16 seeded
// entries in four groups, snake_draw deals 1-2-3-4-4-3-2-1 (seeds 1, 8, 9,
// 16 in group A), while round_robin heads each group with one of the top
// four seeds and draws the others by lot, one of each pot of four to a
// group; the same stage draws the same groups again.
func TestSnakeDrawAndRoundRobinFillGroupsTheirOwnWay(t *testing.T) {
	groups := func(mode Mode) [][]string {
		s := newTournament(16, 4, EntrySingle, stageSpec{mode: mode, groups: 4})
		c, err := s.Start(at)
		if err != nil {
			t.Fatal(err)
		}
		var out [][]string
		for _, g := range applyAll(s, c).Tournament.Disciplines[0].Stages[0].Groups {
			out = append(out, g.EntryIDs)
		}
		return out
	}
	snake, lot := groups(SnakeDraw), groups(RoundRobin)
	if !slices.Equal(snake[0], []string{"p001", "p008", "p009", "p016"}) {
		t.Errorf("snake_draw's group A holds %v", snake[0])
	}
	if slices.EqualFunc(snake, lot, slices.Equal) {
		t.Fatalf("round_robin filled the groups as snake_draw does: %v", lot)
	}
	for gi, g := range lot {
		if len(g) != 4 || g[0] != fmt.Sprintf("p%03d", gi+1) {
			t.Errorf("round_robin's group %d is %v: not headed by seed %d", gi+1, g, gi+1)
			continue
		}
		for pot, id := range g {
			var seed int
			if _, err := fmt.Sscanf(id, "p%d", &seed); err != nil || (seed-1)/4 != pot {
				t.Errorf("round_robin's group %d is %v: two of one pot", gi+1, g)
				break
			}
		}
	}
	if again := groups(RoundRobin); !slices.EqualFunc(again, lot, slices.Equal) {
		t.Errorf("the same stage drew %v, then %v", lot, again)
	}
}
