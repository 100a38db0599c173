package tournament

import "slices"

// This file is a maximum-weight matching on a general graph: Edmonds' blossom
// algorithm with the primal-dual method of Galil ("Efficient algorithms for
// finding maximum matching in graphs", 1986), O(n³). Swiss pairing engines
// (JaVaFo, bbpPairings) pair by the same method: every pairing rule becomes a
// part of one edge weight, and the matching weighs them all at once.

// edge is an undirected edge of the matching graph with its weight.
type edge struct {
	a, b int
	w    int64
}

// maxWeightMatching returns, for each of the n vertices, the vertex it is
// matched to (-1 when none): of the matchings of the largest size, one of
// the largest total weight. Weights must be even, so that the duals stay
// whole numbers.
func maxWeightMatching(n int, edges []edge) []int {
	return matching(n, edges, false)
}

// maxWeightPerfectMatching is maxWeightMatching for graphs that have a
// perfect matching: of those, it returns one of the largest weight (without
// one, a matching of the largest size, not always of the largest weight). It
// starts from each vertex's heaviest edge and a greedy matching of those,
// which saves most of the work when the heaviest edges nearly pair everyone
// (as the Dutch ideal pairs of a Swiss round do).
func maxWeightPerfectMatching(n int, edges []edge) []int {
	return matching(n, edges, true)
}

func matching(n int, edges []edge, warm bool) []int {
	mate, _ := matchingDuals(n, edges, warm)
	return mate
}

// matchingDuals is matching with the vertex duals it ends with (doubled, as
// slack reckons them): with a perfect matching, an edge left out of the graph
// whose dual[a]+dual[b]-2w is not negative could not have made it heavier,
// since the same duals, blossoms and all, prove the matching the heaviest
// of the graph with that edge in.
func matchingDuals(n int, edges []edge, warm bool) (mate []int, dual []int64) {
	mate = fill(make([]int, n), -1)
	if n == 0 || len(edges) == 0 {
		return mate, make([]int64, n)
	}
	m := newMatcher(n, edges)
	if warm {
		m.warmStart()
	}
	m.run()
	for v := range n {
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate, m.dual[:n]
}

type matcher struct {
	n        int
	edges    []edge
	endpoint []int   // endpoint[2k], endpoint[2k+1]: the ends of edge k
	neighb   [][]int // per vertex, the remote endpoints of its edges
	mate     []int   // per vertex, the remote endpoint of its matched edge, or -1

	label     []int // per vertex and blossom: 0 free, 1 S, 2 T
	labelEnd  []int // the endpoint through which the label came, or -1
	inBlossom []int // per vertex, its top-level blossom
	parent    []int // per blossom (and vertex), the blossom it is in, or -1
	childs    [][]int
	base      []int
	endps     [][]int
	bestEdge  []int
	bestEdges [][]int // per non-trivial top-level S-blossom, its least-slack edges to other S-blossoms
	unused    []int
	dual      []int64
	allowEdge []bool
	allowed   []int // the edges allowEdge holds, to clear them at the next stage
	bestTo    []int // addBlossom's scratch: per blossom, the least-slack edge to it (-1 between uses)
	queue     []int
	maxWeight int64
}

func newMatcher(n int, edges []edge) *matcher {
	m := &matcher{n: n, edges: edges}
	for _, e := range edges {
		m.maxWeight = max(m.maxWeight, e.w)
	}
	m.endpoint = make([]int, 2*len(edges))
	m.neighb = make([][]int, n)
	for k, e := range edges {
		m.endpoint[2*k], m.endpoint[2*k+1] = e.a, e.b
		m.neighb[e.a] = append(m.neighb[e.a], 2*k+1)
		m.neighb[e.b] = append(m.neighb[e.b], 2*k)
	}
	m.mate = fill(make([]int, n), -1)
	m.label = make([]int, 2*n)
	m.labelEnd = fill(make([]int, 2*n), -1)
	m.inBlossom = make([]int, n)
	for v := range n {
		m.inBlossom[v] = v
	}
	m.parent = fill(make([]int, 2*n), -1)
	m.childs = make([][]int, 2*n)
	m.base = make([]int, 2*n)
	for v := range n {
		m.base[v] = v
	}
	for b := n; b < 2*n; b++ {
		m.base[b] = -1
		m.unused = append(m.unused, b)
	}
	m.endps = make([][]int, 2*n)
	m.bestEdge = fill(make([]int, 2*n), -1)
	m.bestEdges = make([][]int, 2*n)
	m.dual = make([]int64, 2*n)
	for v := range n {
		m.dual[v] = m.maxWeight
	}
	m.allowEdge = make([]bool, len(edges))
	m.bestTo = fill(make([]int, 2*n), -1)
	return m
}

// warmStart sets each vertex's dual to its heaviest edge (so every edge's
// slack stays at least zero) and matches, greedily, edges that are the
// heaviest at both ends (tight). Then each vertex left free lowers its dual
// as far as every edge allows, which makes at least one of its edges tight,
// and takes that edge when its other end is free too. Only the optimum over
// perfect matchings keeps its proof: a free vertex's dual need not be the
// smallest.
func (m *matcher) warmStart() {
	for v := range m.n {
		m.dual[v] = 0
		for _, p := range m.neighb[v] {
			m.dual[v] = max(m.dual[v], m.edges[p/2].w)
		}
	}
	for k, e := range m.edges {
		if m.mate[e.a] == -1 && m.mate[e.b] == -1 && m.slack(k) == 0 {
			m.mate[e.a], m.mate[e.b] = 2*k+1, 2*k
		}
	}
	for v := range m.n {
		if m.mate[v] != -1 || len(m.neighb[v]) == 0 {
			continue
		}
		// The lowest dual every edge of v allows, and a free vertex its edge then reaches.
		low, pick := int64(0), -1
		for i, p := range m.neighb[v] {
			k, u := p/2, m.endpoint[p]
			need := 2*m.edges[k].w - m.dual[u]
			if i == 0 || need > low {
				low, pick = need, -1
			}
			if need == low && pick == -1 && m.mate[u] == -1 {
				pick = p
			}
		}
		m.dual[v] = low
		if pick >= 0 {
			u := m.endpoint[pick]
			m.mate[v], m.mate[u] = pick, pick^1
		}
	}
}

func fill[T any](s []T, v T) []T {
	for i := range s {
		s[i] = v
	}
	return s
}

func (m *matcher) allow(k int) {
	if !m.allowEdge[k] {
		m.allowEdge[k] = true
		m.allowed = append(m.allowed, k)
	}
}

func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dual[e.a] + m.dual[e.b] - 2*e.w
}

// leaves calls f for every vertex in blossom b.
func (m *matcher) leaves(b int, f func(v int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.childs[b] {
		m.leaves(c, f)
	}
}

// assignLabel labels the top-level blossom of w with t, reached through endpoint p.
func (m *matcher) assignLabel(w, t, p int) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.bestEdge[w], m.bestEdge[b] = -1, -1
	if t == 1 {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	base := m.base[b]
	m.assignLabel(m.endpoint[m.mate[base]], 1, m.mate[base]^1)
}

// scanBlossom traces back from v and w to find a new blossom's base, or -1
// when the paths meet no common vertex (an augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inBlossom[v]
		if m.label[b]&4 != 0 {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelEnd[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelEnd[b]]
			b = m.inBlossom[v]
			v = m.endpoint[m.labelEnd[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

// addBlossom makes a new blossom with the given base through edge k, which
// joins two S-vertices.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].a, m.edges[k].b
	bb := m.inBlossom[base]
	bv, bw := m.inBlossom[v], m.inBlossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b
	path := []int{}
	endps := []int{}
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelEnd[bv])
		v = m.endpoint[m.labelEnd[bv]]
		bv = m.inBlossom[v]
	}
	path = append(path, bb)
	slices.Reverse(path)
	slices.Reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelEnd[bw]^1)
		w = m.endpoint[m.labelEnd[bw]]
		bw = m.inBlossom[w]
	}
	m.childs[b], m.endps[b] = path, endps
	m.label[b] = 1
	m.labelEnd[b] = m.labelEnd[bb]
	m.dual[b] = 0
	m.leaves(b, func(v int) {
		if m.label[m.inBlossom[v]] == 2 {
			m.queue = append(m.queue, v) // a T-vertex becomes an S-vertex
		}
		m.inBlossom[v] = b
	})
	// The least-slack edges from the new blossom to other S-blossoms.
	bestTo := m.bestTo
	var touched []int
	consider := func(k int) {
		j := m.edges[k].b
		if m.inBlossom[j] == b {
			j = m.edges[k].a
		}
		bj := m.inBlossom[j]
		if bj != b && m.label[bj] == 1 && (bestTo[bj] == -1 || m.slack(k) < m.slack(bestTo[bj])) {
			if bestTo[bj] == -1 {
				touched = append(touched, bj)
			}
			bestTo[bj] = k
		}
	}
	for _, c := range path {
		if m.bestEdges[c] == nil {
			m.leaves(c, func(v int) {
				for _, p := range m.neighb[v] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range m.bestEdges[c] {
				consider(k)
			}
		}
		m.bestEdges[c] = nil
		m.bestEdge[c] = -1
	}
	slices.Sort(touched) // the order the blossoms are numbered in, as the full scan had it
	best := make([]int, 0, len(touched))
	for _, bj := range touched {
		best = append(best, bestTo[bj])
		bestTo[bj] = -1
	}
	m.bestEdges[b] = best
	m.bestEdge[b] = -1
	for _, k := range best {
		if m.bestEdge[b] == -1 || m.slack(k) < m.slack(m.bestEdge[b]) {
			m.bestEdge[b] = k
		}
	}
}

// expandBlossom undoes blossom b.
func (m *matcher) expandBlossom(b int, endStage bool) {
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.inBlossom[s] = s
		case endStage && m.dual[s] == 0:
			m.expandBlossom(s, endStage)
		default:
			m.leaves(s, func(v int) { m.inBlossom[v] = s })
		}
	}
	if !endStage && m.label[b] == 2 {
		// Relabel the sub-blossoms on the path through the blossom from
		// where its T-label came to its base.
		entry := m.inBlossom[m.endpoint[m.labelEnd[b]^1]]
		j := slices.Index(m.childs[b], entry)
		jstep, endpTrick := 0, 0
		if j&1 != 0 {
			j -= len(m.childs[b])
			jstep, endpTrick = 1, 0
		} else {
			jstep, endpTrick = -1, 1
		}
		p := m.labelEnd[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[wrapAt(m.endps[b], j-endpTrick)^endpTrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allow(wrapAt(m.endps[b], j-endpTrick) / 2)
			j += jstep
			p = wrapAt(m.endps[b], j-endpTrick) ^ endpTrick
			m.allow(p / 2)
			j += jstep
		}
		bv := wrapAt(m.childs[b], j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelEnd[m.endpoint[p^1]], m.labelEnd[bv] = p, p
		m.bestEdge[bv] = -1
		j += jstep
		for wrapAt(m.childs[b], j) != entry {
			bv := wrapAt(m.childs[b], j)
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			v := -1
			m.leaves(bv, func(x int) {
				if v == -1 && m.label[x] != 0 {
					v = x
				}
			})
			if v != -1 {
				m.label[v], m.label[m.endpoint[m.mate[m.base[bv]]]] = 0, 0
				m.assignLabel(v, 2, m.labelEnd[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelEnd[b] = -1, -1
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.bestEdges[b] = nil
	m.bestEdge[b] = -1
	m.unused = append(m.unused, b)
}

// wrapAt indexes s from the end for negative i, as the algorithm walks blossoms both ways.
func wrapAt(s []int, i int) int {
	if i < 0 {
		return s[len(s)+i]
	}
	return s[i]
}

// augmentBlossom swaps matched and unmatched edges on the path through b
// from vertex v to the base, and makes v the base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	i := slices.Index(m.childs[b], t)
	j := i
	jstep, endpTrick := 0, 0
	if i&1 != 0 {
		j -= len(m.childs[b])
		jstep, endpTrick = 1, 0
	} else {
		jstep, endpTrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = wrapAt(m.childs[b], j)
		p := wrapAt(m.endps[b], j-endpTrick) ^ endpTrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = wrapAt(m.childs[b], j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	// Rotate so that the new base comes first.
	m.childs[b] = append(append([]int{}, m.childs[b][i:]...), m.childs[b][:i]...)
	m.endps[b] = append(append([]int{}, m.endps[b][i:]...), m.endps[b][:i]...)
	m.base[b] = m.base[m.childs[b][0]]
}

// augmentMatching flips the augmenting path through edge k.
func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].a, m.edges[k].b
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inBlossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == -1 {
				break // a free vertex: the end of the path
			}
			t := m.endpoint[m.labelEnd[bs]]
			bt := m.inBlossom[t]
			s = m.endpoint[m.labelEnd[bt]]
			j := m.endpoint[m.labelEnd[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt] ^ 1
		}
	}
}

func (m *matcher) run() {
	n := m.n
	for range n {
		// A stage: look for an augmenting path.
		for i := range m.label {
			m.label[i] = 0
		}
		for i := range m.bestEdge {
			m.bestEdge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			m.bestEdges[b] = nil
		}
		for _, k := range m.allowed {
			m.allowEdge[k] = false
		}
		m.allowed = m.allowed[:0]
		m.queue = m.queue[:0]
		for v := range n {
			if m.mate[v] == -1 && m.label[m.inBlossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.neighb[v] {
					k := p / 2
					w := m.endpoint[p]
					if m.inBlossom[v] == m.inBlossom[w] {
						continue
					}
					var kslack int64
					if !m.allowEdge[k] {
						kslack = m.slack(k)
						if kslack <= 0 {
							m.allow(k)
						}
					}
					if m.allowEdge[k] {
						switch {
						case m.label[m.inBlossom[w]] == 0:
							m.assignLabel(w, 2, p^1)
						case m.label[m.inBlossom[w]] == 1:
							if base := m.scanBlossom(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w] = 2
							m.labelEnd[w] = p ^ 1
						}
						if augmented {
							break
						}
					} else if m.label[m.inBlossom[w]] == 1 {
						b := m.inBlossom[v]
						if m.bestEdge[b] == -1 || kslack < m.slack(m.bestEdge[b]) {
							m.bestEdge[b] = k
						}
					} else if m.label[w] == 0 {
						if m.bestEdge[w] == -1 || kslack < m.slack(m.bestEdge[w]) {
							m.bestEdge[w] = k
						}
					}
				}
			}
			if augmented {
				break
			}
			// No augmenting path with tight edges: change the duals.
			// Maximum cardinality: a vertex dual may not stop the stage (no delta 1).
			deltaType, delta, deltaEdge, deltaBlossom := -1, int64(0), -1, -1
			for v := range n {
				if m.label[m.inBlossom[v]] == 0 && m.bestEdge[v] != -1 {
					d := m.slack(m.bestEdge[v])
					if deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 2, m.bestEdge[v]
					}
				}
			}
			for b := range 2 * n {
				if m.parent[b] == -1 && m.label[b] == 1 && m.bestEdge[b] != -1 {
					d := m.slack(m.bestEdge[b]) / 2
					if deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 3, m.bestEdge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && (deltaType == -1 || m.dual[b] < delta) {
					delta, deltaType, deltaBlossom = m.dual[b], 4, b
				}
			}
			if deltaType == -1 {
				// No further progress is possible: the matching is of the largest size.
				deltaType = 1
				delta = 0
				for v := range n {
					if v == 0 || m.dual[v] < delta {
						delta = m.dual[v]
					}
				}
				delta = max(0, delta)
			}
			for v := range n {
				switch m.label[m.inBlossom[v]] {
				case 1:
					m.dual[v] -= delta
				case 2:
					m.dual[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dual[b] += delta
					case 2:
						m.dual[b] -= delta
					}
				}
			}
			switch deltaType {
			case 1:
				// optimum reached
			case 2:
				m.allow(deltaEdge)
				i, j := m.edges[deltaEdge].a, m.edges[deltaEdge].b
				if m.label[m.inBlossom[i]] == 0 {
					i, j = j, i
				}
				_ = j
				m.queue = append(m.queue, i)
			case 3:
				m.allow(deltaEdge)
				m.queue = append(m.queue, m.edges[deltaEdge].a)
			case 4:
				m.expandBlossom(deltaBlossom, false)
			}
			if deltaType == 1 {
				break
			}
		}
		if !augmented {
			break
		}
		// End of a stage: expand S-blossoms whose dual reached zero.
		for b := n; b < 2*n; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && m.dual[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
}
