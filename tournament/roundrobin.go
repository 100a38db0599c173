package tournament

import (
	"hash/fnv"
	"math/rand/v2"
)

// RoundRobinSchedule schedules everyone against everyone by the circle method: n
// entries (indexes 0..n-1) meet once each in n-1 rounds (n rounds when n is
// odd: each round one entry rests, and the rest rotates so that every entry
// rests exactly once). With double, a second leg follows with sides swapped,
// so each pair meets twice, once on each side. A pair is [2]int; a rest is
// not listed.
//
// Sides alternate as in Berger's tables: the entry fixed in the circle
// changes sides every round and every other table of the circle is turned
// round, so that an entry plays on the same side twice running as seldom as
// can be: n−2 times in all for an even n (the least any schedule allows),
// never for an odd n (the rest takes the fixed place, and every entry has as
// many matches on each side). Where the first-named side means something (a
// table side, a colour), that is the fair order.
func RoundRobinSchedule(n int, double bool) [][][2]int {
	if n < 2 {
		return nil
	}
	size := n + n%2
	ring := make([]int, size) // the circle; the value n is the rest (odd n), fixed at ring[0]
	for i := range ring {
		ring[i] = (i + size - n%2) % size
		if n%2 == 1 && i == 0 {
			ring[i] = n
		}
	}
	var rounds [][][2]int
	for r := range size - 1 {
		var pairs [][2]int
		for i := range size / 2 {
			x, y := ring[i], ring[size-1-i]
			if x == n || y == n {
				continue
			}
			if i == 0 && r%2 == 1 || i%2 == 1 { // the fixed entry every other round; every other table always
				x, y = y, x
			}
			pairs = append(pairs, [2]int{x, y})
		}
		rounds = append(rounds, pairs)
		// Keep ring[0] fixed, turn the rest one step.
		last := ring[size-1]
		copy(ring[2:], ring[1:size-1])
		ring[1] = last
	}
	if double {
		for _, pairs := range rounds[:len(rounds):len(rounds)] {
			swapped := make([][2]int, len(pairs))
			for i, p := range pairs {
				swapped[i] = [2]int{p[1], p[0]}
			}
			rounds = append(rounds, swapped)
		}
	}
	return rounds
}

// Snake deals seeded entries (best first) into groups like cards: the
// first row left to right, the next right to left, and so on, so that every
// group gets an even share of strength (1-2-3-3-2-1 for three groups).
func Snake[T any](seeded []T, groups int) [][]T {
	if groups < 1 {
		return nil
	}
	out := make([][]T, groups)
	for i, e := range seeded {
		row, col := i/groups, i%groups
		if row%2 == 1 {
			col = groups - 1 - col
		}
		out[col] = append(out[col], e)
	}
	return out
}

// GroupFill says how a mode deals the seeded entries of a stage into its groups.
type GroupFill int

// The ways of filling groups.
const (
	// BySnake deals them like cards, 1-2-3-3-2-1 (Snake): the draw is the
	// seeding, known before the start.
	BySnake GroupFill = iota
	// ByLot draws them by lot from pots: the best seeds head the groups in
	// seed order, then each pot of as many entries as there are groups
	// (seeds g+1 to 2g, and so on) is drawn one to a group at random. The
	// groups stay as even as the pots make them, but who meets whom is not
	// known before the draw.
	ByLot
)

// DealPools fills groups from the seeded entries (best first) as how says;
// rng draws the lots (ByLot).
func DealPools[T any](seeded []T, groups int, how GroupFill, rng *rand.Rand) [][]T {
	if how != ByLot || groups < 2 {
		return Snake(seeded, groups)
	}
	out := make([][]T, groups)
	for start := 0; start < len(seeded); start += groups {
		pot := seeded[start:min(start+groups, len(seeded))]
		to := rng.Perm(groups)
		if start == 0 {
			for i := range to { // the heads of the groups by seed
				to[i] = i
			}
		}
		for i, e := range pot {
			out[to[i]] = append(out[to[i]], e)
		}
	}
	return out
}

// lots is a random source fixed by key (a stage's id), so that a draw made
// again draws the same.
func lots(key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(key))
	return rand.New(rand.NewPCG(h.Sum64(), 0x9017))
}
