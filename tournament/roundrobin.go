package tournament

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
