//go:build compare

package tournament

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSearchDropInOrders searches, for each tree size, the drop-in orders
// (dropInOrder: flips, rotations and XOR masks of the drop-in places) that
// give the fewest random play-outs with a losers-bracket rematch, and prints
// them as dropInTable. It goes round by round over the drop-in rounds,
// trying every order of the family for that round with the others held,
// three passes over all rounds, every candidate scored on the same play-outs.
//
//	go test -tags=compare -run TestSearchDropInOrders -v ./tournament/
func TestSearchDropInOrders(t *testing.T) {
	var table strings.Builder
	sizes := []int{8, 16, 32, 64, 128}    // 256 too with SIZES=256: 13 minutes on a busy machine
	if v := os.Getenv("SIZES"); v != "" { // SIZES=256 for one size
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			if n, err := strconv.Atoi(f); err == nil {
				sizes = append(sizes, n)
			}
		}
	}
	for _, size := range sizes {
		start := time.Now()
		rounds := bits.TrailingZeros(uint(size)) - 1 // drop-in rounds: winners rounds 2..k
		specs := make([]dropInOrder, rounds)
		for d := range specs {
			specs[d] = dropInOrder{flip: true} // reversed, the classic start
		}
		playouts := 3000
		if size >= 128 {
			playouts = 1500
		}
		score := func(specs []dropInOrder) float64 {
			orders := make([][]int, len(specs))
			for d, s := range specs {
				orders[d] = s.order(size >> (d + 2))
			}
			tour, match := newDESim(size, orders).losersRematches(playouts, rand.New(rand.NewPCG(uint64(size), 1)))
			return tour + match/10
		}
		best := score(specs)
		for range 3 {
			improved := false
			for d := range specs {
				m := size >> (d + 2)
				for _, flip := range []bool{false, true} {
					for rotate := range m {
						for xor := range m {
							cand := append([]dropInOrder(nil), specs...)
							cand[d] = dropInOrder{flip: flip, rotate: rotate, xor: xor}
							if c := score(cand); c < best-1e-9 {
								best, specs, improved = c, cand, true
							}
						}
					}
				}
			}
			if !improved {
				break
			}
		}
		check, match := newDESim(size, ordersOf(size, specs)).losersRematches(4000, rand.New(rand.NewPCG(uint64(size), 99)))
		t.Logf("%d: %.1f%% of play-outs, %.2f%% of matches (fresh play-outs), %v", size, 100*check, 100*match, time.Since(start).Round(time.Second))
		fmt.Fprintf(&table, "\t%d: {", size)
		for i, s := range specs {
			if i > 0 {
				table.WriteString(", ")
			}
			fmt.Fprintf(&table, "{flip: %v, rotate: %d, xor: %d}", s.flip, s.rotate, s.xor)
		}
		table.WriteString("},\n")
		t.Logf("so far:\n%s", table.String())
	}
	t.Logf("var dropInTable = map[int][]dropInOrder{\n%s}", table.String())
}

func ordersOf(size int, specs []dropInOrder) [][]int {
	orders := make([][]int, len(specs))
	for d, s := range specs {
		orders[d] = s.order(size >> (d + 2))
	}
	return orders
}

// TestCompareDoubleElimination prints, for each size, how often 2,000
// random play-outs of a double elimination have a losers-bracket match
// between two entries who met before, and the share of losers-bracket
// matches that are, beside the old orders (every drop-in reversed; and the
// orders scored by drop-in rematches only) and brackets-manager 1.11.1 with
// its default orders (bench/dropin-brackets-manager.js, 2,000 play-outs).
//
//	go test -tags=compare -run TestCompareDoubleElimination -v ./tournament/
func TestCompareDoubleElimination(t *testing.T) {
	bm := map[int]string{8: "57.7% 10.66%", 16: "74.3%  7.54%", 32: "60.5%  2.62%", 64: "72.2%  1.70%", 128: "63.0%  0.68%", 256: "not measured"}
	fmt.Println("entries | play-outs with a losers-bracket rematch, share of losers-bracket matches")
	fmt.Println("        | Courtside      | drop-ins only  | all reversed   | brackets-manager")
	for _, n := range []int{8, 16, 32, 64, 128, 256} {
		row := fmt.Sprintf("%7d |", n)
		reversed := make([]dropInOrder, bits.TrailingZeros(uint(n))-1)
		for d := range reversed {
			reversed[d] = dropInOrder{flip: true}
		}
		for _, orders := range [][][]int{dropInOrders(n), reckonDropIns(n), ordersOf(n, reversed)} {
			tour, match := newDESim(n, orders).losersRematches(2000, rand.New(rand.NewPCG(uint64(n), 2)))
			row += fmt.Sprintf(" %5.1f%% %5.2f%% |", 100*tour, 100*match)
		}
		fmt.Printf("%s  %s\n", row, bm[n])
	}
}
