package tournament

// RoundRobinSchedule schedules everyone against everyone by the circle method: n
// entries (indexes 0..n-1) meet once each in n-1 rounds (n rounds when n is
// odd: each round one entry rests, and the rest rotates so that every entry
// rests exactly once). With double, a second leg follows with sides swapped,
// so each pair meets twice, once on each side. A pair is [2]int; a rest is
// not listed.
func RoundRobinSchedule(n int, double bool) [][][2]int {
	if n < 2 {
		return nil
	}
	ring := make([]int, n+n%2) // the circle; index n is the resting place when n is odd
	for i := range ring {
		ring[i] = i
	}
	size := len(ring)
	var rounds [][][2]int
	for r := range size - 1 {
		var pairs [][2]int
		for i := range size / 2 {
			x, y := ring[i], ring[size-1-i]
			if x == n || y == n {
				continue
			}
			if i == 0 && r%2 == 1 { // the fixed entry changes sides every round
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
