package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// BenchmarkPairing is one pairing call of every mode at its largest allowed
// size (LargestStarts), after three rounds played with random results: the
// next round of the pairing modes (the call a result that closes a round
// waits for), the whole schedule of the round robins and the tree of the
// knock-out modes.
func BenchmarkPairing(b *testing.B) {
	for _, mode := range Modes {
		n := LargestStarts[mode][0]
		rules := mode.Rules()
		b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
			switch rules.Making {
			case Scheduled:
				for range b.N {
					RoundRobinSchedule(n, false)
				}
			case Tree:
				es := seeds(n)
				for range b.N {
					NewBracket(es, rules.Double, false, pathID)
				}
			case Paired:
				f := playedField(b, mode, n, 3)
				ranked := f.ranked
				b.ResetTimer()
				for range b.N {
					f.ranked = append(f.ranked[:0:0], ranked...)
					rules.Pair(f)
				}
			}
		})
	}
}

// playedField is a field of n entries of the mode that has played rounds
// rounds with random results, ranked by points.
func playedField(b *testing.B, mode Mode, n, rounds int) *field {
	rules := mode.Rules()
	f := &field{points: map[string]int{}, lives: map[string]int{}, met: map[[2]string]int{}, partners: map[[2]string]int{}, rested: map[string]int{},
		played: map[string]int{}, seed: map[string]int{}, sides: map[string]sideHistory{}, players: rules.Teams == NewTeams, rng: rand.New(rand.NewPCG(1, 2))}
	for i, e := range seeds(n) {
		f.ranked = append(f.ranked, e)
		f.seed[e.ID] = i
		f.lives[e.ID] = 3
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for r := range rounds {
		f.round = r
		in := append(f.ranked[:0:0], f.ranked...)
		for _, m := range rules.Pair(f) {
			if m.bye {
				f.rested[m.sides[0][0].ID]++
				f.points[m.sides[0][0].ID] += 2
				continue
			}
			for _, x := range m.sides[0] {
				for _, y := range m.sides[1] {
					f.met[key(x.ID, y.ID)]++
				}
			}
			for _, s := range m.sides {
				if len(s) == 2 {
					f.partners[key(s[0].ID, s[1].ID)]++
				}
			}
			w, l := m.sides[0], m.sides[1]
			if rng.IntN(2) == 0 {
				w, l = l, w
			}
			for _, e := range w {
				f.points[e.ID] += 2
			}
			for _, e := range l {
				f.lives[e.ID]--
			}
		}
		f.ranked = in[:0]
		for _, e := range in {
			if !rules.Lives || f.lives[e.ID] > 0 {
				f.ranked = append(f.ranked, e)
			}
		}
		slices.SortStableFunc(f.ranked, func(x, y *Entry) int { return f.points[y.ID] - f.points[x.ID] })
	}
	f.round = rounds
	return f
}
