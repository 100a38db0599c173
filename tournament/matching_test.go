package tournament

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching is, by trying every matching, the largest size and, of that
// size, the largest weight.
func bruteMatching(n int, w [][]int64) (size int, weight int64) {
	used := make([]bool, n)
	var rec func(size int, weight int64)
	bestSize, bestWeight := 0, int64(0)
	rec = func(size int, weight int64) {
		if size > bestSize || size == bestSize && weight > bestWeight {
			bestSize, bestWeight = size, weight
		}
		x := -1
		for i := range n {
			if !used[i] {
				x = i
				break
			}
		}
		if x < 0 {
			return
		}
		used[x] = true
		rec(size, weight) // x stays single
		for y := x + 1; y < n; y++ {
			if !used[y] && w[x][y] > 0 {
				used[y] = true
				rec(size+1, weight+w[x][y])
				used[y] = false
			}
		}
		used[x] = false
	}
	rec(0, 0)
	return bestSize, bestWeight
}

// TestMaxWeightMatchingExhaustive checks the blossom algorithm against trying
// every matching on thousands of random graphs, sparse and dense, with few
// and many distinct weights (many ties make blossoms).
func TestMaxWeightMatchingExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for iter := range 20000 {
		n := 1 + rng.IntN(11)
		density := rng.Float64()
		span := int64(1 + rng.IntN(4))
		if iter%3 == 0 {
			span = 1000
		}
		w := make([][]int64, n)
		for i := range w {
			w[i] = make([]int64, n)
		}
		var edges []edge
		for a := range n {
			for b := a + 1; b < n; b++ {
				if rng.Float64() < density {
					x := 2 * (1 + rng.Int64N(span))
					w[a][b], w[b][a] = x, x
					edges = append(edges, edge{a, b, x})
				}
			}
		}
		ws, ww := bruteMatching(n, w)
		check := func(name string, mate []int) {
			size, weight := 0, int64(0)
			for a, b := range mate {
				if b < 0 {
					continue
				}
				if mate[b] != a || w[a][b] == 0 {
					t.Fatalf("%s, graph %d: not a matching: %v", name, iter, mate)
				}
				if a < b {
					size++
					weight += w[a][b]
				}
			}
			if ws != size || ww != weight {
				t.Fatalf("%s, graph %d (n=%d, %d edges): size %d weight %d, best is %d and %d", name, iter, n, len(edges), size, weight, ws, ww)
			}
		}
		check("maxWeightMatching", maxWeightMatching(n, edges))
		if 2*ws == n {
			check("maxWeightPerfectMatching", maxWeightPerfectMatching(n, edges))
		}
	}
}
