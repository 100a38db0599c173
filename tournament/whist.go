package tournament

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A whist tournament Wh(n) is a schedule of doubles for n players, n ≡ 0 or
// 1 (mod 4), in which every player partners every other exactly once and
// opposes every other exactly twice: n−1 rounds of n/4 tables when n ≡ 0,
// n rounds when n ≡ 1, each player sitting out exactly one. They exist for
// every such n (Baker 1975); Courtside builds them from starters, as the
// literature does (I. Anderson, "Combinatorial Designs and Tournaments",
// 1997, ch. 8; N. J. Finizio's Z-cyclic whist tournaments):
//
//   - the players are the elements of an abelian group G of odd order v
//     (and, when n = v+1, one more player ∞);
//   - a starter is the first round: tables (a, b, c, d), a and c against
//     b and d; round r is the starter with r added to every element (∞
//     stays), so in Wh(v) the player 0 + r sits out round r;
//   - it is a whist tournament when the partner pairs of the starter have
//     every non-zero difference exactly once and the opponent pairs every
//     one exactly twice (each pair counted both ways; ∞ partners and
//     opposes everyone as rounds go by).
//
// Where the starter comes from (whistStarter), first that applies:
//
//  1. v a prime power, v ≡ 1 (mod 4), G the additive group of the field
//     GF(v), x a primitive element, t = (v−1)/4: the tables (x^i,
//     x^(i+t), x^(i+2t), x^(i+3t)) for i < t (the classical construction,
//     cyclic for a prime; partners x^i and −x^i, so the starter is
//     "patterned");
//  2. a precomputed starter (whistStarters, in whist_starters.txt), over
//     the cyclic group: found once by a search, and checked, as every
//     table is, by TestWhistStarterFile;
//  3. the product G = M × R of a starter over M (of either kind) whose
//     order 3 does not divide and a patterned starter of Wh(|R|): the
//     starter of M on M × {0}, that of R on {0} × R, and for each table
//     (g, h, −g, −h) of R and each a ≠ 0 of M the table
//     ((a, g), (2a, h), (−a, −g), (−2a, −h)): its partner differences are
//     (±2a, ±2g) and (±4a, ±2h), its opponent differences (−a, g−h) and
//     (3a, g+h) twice each, and as a runs over M's non-zero elements (2, 3
//     and 4 invertible) these cover M* × R* as R's cover R*.
//
// An n ≡ 0, 1 (mod 4) that none reaches is played as the other sizes are
// when no table reaches them (see whistTable): drawn round by round.
type whistStarter struct {
	moduli []int    // G = Z_m1 × Z_m2 × ...; an element is its digits in this mixed radix
	tables [][4]int // the first round; whistInfinity is ∞
}

// whistInfinity stands for the player ∞ in a starter.
const whistInfinity = -1

// order is |G|.
func (s whistStarter) order() int {
	v := 1
	for _, m := range s.moduli {
		v *= m
	}
	return v
}

// add adds two elements of G, digit by digit; ∞ stays.
func (s whistStarter) add(a, b int) int {
	if a == whistInfinity {
		return a
	}
	sum, place := 0, 1
	for _, m := range s.moduli {
		sum += (a%m + b%m) % m * place
		a, b, place = a/m, b/m, place*m
	}
	return sum
}

// neg is −a in G.
func (s whistStarter) neg(a int) int {
	out, place := 0, 1
	for _, m := range s.moduli {
		out += (m - a%m) % m * place
		a, place = a/m, place*m
	}
	return out
}

// times is k·a in G.
func (s whistStarter) times(k, a int) int {
	out, place := 0, 1
	for _, m := range s.moduli {
		out += (k % m * (a % m)) % m * place
		a, place = a/m, place*m
	}
	return out
}

// patterned reports whether every table is (x, y, −x, −y).
func (s whistStarter) patterned() bool {
	for _, t := range s.tables {
		if t[0] == whistInfinity || t[1] == whistInfinity || t[2] != s.neg(t[0]) || t[3] != s.neg(t[1]) {
			return false
		}
	}
	return true
}

// whistStarterText holds the starters that none of the constructions
// reaches, one line a size (see whistStarters).
//
//go:embed whist_starters.txt
var whistStarterText string

// whistStarters are the starters of whist_starters.txt, by n: lines
// "n: a b c d, a b c d, ..." over Z_v (v = n, or n−1 with ∞ written ∞).
// They were found by a search (not part of Courtside: only its results are
// kept, and checked): from 33 on, a random starter of partner pairs (each
// difference once), then a SAT solver (CaDiCaL) or a depth-first search,
// the pair with the fewest candidates first, pairing those pairs into
// tables so that the opponents' differences come twice each; a fresh
// starter when none does.
var whistStarters = sync.OnceValue(func() map[int]whistStarter {
	out := map[int]whistStarter{}
	for line := range strings.Lines(whistStarterText) {
		head, body, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || strings.HasPrefix(head, "#") {
			continue
		}
		n := whistNumber(head)
		s := whistStarter{moduli: []int{n - 1 + n%4}}
		for _, table := range strings.Split(body, ",") {
			var t [4]int
			for i, x := range strings.Fields(table) {
				t[i] = whistInfinity
				if x != "∞" {
					t[i] = whistNumber(x)
				}
			}
			s.tables = append(s.tables, t)
		}
		out[n] = s
	}
	return out
})

// whistNumber reads a number of whist_starters.txt, which TestWhistStarterFile checks.
func whistNumber(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("whist_starters.txt: " + err.Error())
	}
	return n
}

var (
	whistMu    sync.Mutex
	whistCache = map[int]*whistStarter{}
)

// whistStarterOf is the starter of Wh(n), or nil when none of the
// constructions reaches n (or n ≢ 0, 1 mod 4).
func whistStarterOf(n int) *whistStarter {
	whistMu.Lock()
	defer whistMu.Unlock()
	return whistStarterLocked(n)
}

func whistStarterLocked(n int) *whistStarter {
	if s, ok := whistCache[n]; ok {
		return s
	}
	var out *whistStarter
	switch {
	case n%4 == 2 || n%4 == 3 || n < 4:
	case whistStarters()[n].tables != nil:
		s := whistStarters()[n]
		out = &s
	case n%4 == 1 && isPrimePower(n):
		out = fieldWhistStarter(primePower(n))
	default:
		v := n - 1 + n%4 // n for n ≡ 1, n−1 with ∞ for n ≡ 0
		for r := 5; r <= v/3 && out == nil; r += 4 {
			if v%r != 0 || (v/r)%3 == 0 {
				continue
			}
			m := v / r
			rs := whistStarterLocked(r)
			ms := whistStarterLocked(m + btoi(n%4 == 0))
			if rs != nil && ms != nil && rs.patterned() && (n%4 == 1) == (m%4 == 1) {
				out = productWhistStarter(ms, rs)
			}
		}
	}
	whistCache[n] = out
	return out
}

// fieldWhistStarter is construction 1 over GF(q), q = p^k ≡ 1 (mod 4): its
// elements are the polynomials of degree below k over Z_p, their digits in
// the group Z_p^k, and x is a root of the first primitive polynomial.
func fieldWhistStarter(p, k int) *whistStarter {
	q := 1
	moduli := make([]int, k)
	for i := range moduli {
		moduli[i] = p
		q *= p
	}
	pow := fieldPowers(p, k)
	t := (q - 1) / 4
	s := &whistStarter{moduli: moduli}
	for i := range t {
		s.tables = append(s.tables, [4]int{pow[i], pow[i+t], pow[i+2*t], pow[i+3*t]})
	}
	return s
}

// fieldPowers are x^0 .. x^(q−2) of GF(p^k), each its coefficients as the
// digits of a number in base p, for a primitive element x: for k = 1 the
// least primitive root, otherwise the root of the first monic polynomial
// (by its coefficients, in base p) of which x is a generator.
func fieldPowers(p, k int) []int {
	q := 1
	for range k {
		q *= p
	}
	if k == 1 {
		x := primitiveRoot(p)
		pow := make([]int, p-1)
		pow[0] = 1
		for i := 1; i < p-1; i++ {
			pow[i] = pow[i-1] * x % p
		}
		return pow
	}
	encode := func(c []int) int {
		v := 0
		for i := k - 1; i >= 0; i-- {
			v = v*p + c[i]
		}
		return v
	}
	for f := 1; f < q; f++ { // x^k = −(f_0 + f_1 x + ... + f_(k−1) x^(k−1))
		low := make([]int, k)
		for i, r := 0, f; i < k; i, r = i+1, r/p {
			low[i] = r % p
		}
		c := make([]int, k)
		c[0] = 1
		pow := []int{1}
		seen := make([]bool, q)
		seen[1] = true
		for len(pow) < q-1 {
			top := c[k-1] // times x: shift up, and x^k reduced
			copy(c[1:], c[:k-1])
			c[0] = 0
			for i := range c {
				c[i] = ((c[i]-top*low[i])%p + p) % p
			}
			v := encode(c)
			if seen[v] {
				break // x's order is less than q−1
			}
			seen[v] = true
			pow = append(pow, v)
		}
		if len(pow) == q-1 {
			return pow
		}
	}
	panic("no primitive polynomial") // there is one for every q
}

// primePower is p and k with n = p^k, p prime, or 0, 0.
func primePower(n int) (p, k int) {
	for d := 2; d <= n; d++ {
		if n%d == 0 {
			for n%d == 0 {
				n /= d
				k++
			}
			if n != 1 {
				return 0, 0
			}
			return d, k
		}
	}
	return 0, 0
}

// productWhistStarter is construction 3: M × R from the starter of M (its
// order prime to 3) and the patterned starter of R.
func productWhistStarter(ms, rs *whistStarter) *whistStarter {
	vm := ms.order()
	s := &whistStarter{moduli: append(slices.Clone(ms.moduli), rs.moduli...)}
	pair := func(m, r int) int { return m + vm*r }
	for _, t := range ms.tables {
		var u [4]int
		for i, x := range t {
			u[i] = x
			if x != whistInfinity {
				u[i] = pair(x, 0)
			}
		}
		s.tables = append(s.tables, u)
	}
	for _, t := range rs.tables {
		s.tables = append(s.tables, [4]int{pair(0, t[0]), pair(0, t[1]), pair(0, t[2]), pair(0, t[3])})
	}
	for _, t := range rs.tables {
		g, h := t[0], t[1]
		for a := 1; a < vm; a++ {
			a2 := ms.times(2, a)
			s.tables = append(s.tables, [4]int{pair(a, g), pair(a2, h), pair(ms.neg(a), rs.neg(g)), pair(ms.neg(a2), rs.neg(h))})
		}
	}
	return s
}

func isPrimePower(n int) bool {
	p, _ := primePower(n)
	return p > 0
}

// primitiveRoot is the least generator of the multiplicative group mod the prime p.
func primitiveRoot(p int) int {
	var factors []int
	m := p - 1
	for d := 2; d*d <= m; d++ {
		if m%d == 0 {
			factors = append(factors, d)
			for m%d == 0 {
				m /= d
			}
		}
	}
	if m > 1 {
		factors = append(factors, m)
	}
	for g := 2; ; g++ {
		ok := true
		for _, q := range factors {
			if powMod(g, (p-1)/q, p) == 1 {
				ok = false
				break
			}
		}
		if ok {
			return g
		}
	}
}

func powMod(b, e, m int) int {
	r := 1
	b %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

// whistRound is round r (from 0) of the schedule the whist mode plays for
// n players: its tables {{a, c}, {b, d}}, a and c against b and d, of player
// numbers 0..n−1 (the group's seeding); nil when no construction reaches n
// or the schedule has fewer rounds (see whistRounds). The schedule is a
// whist tournament Wh(m) for the first m that whistPlan finds:
//
//   - m = n, when n ≡ 0, 1 (mod 4) and a construction reaches it: exactly
//     whist, as above;
//   - m = n−1 when n ≡ 2 (mod 4), and one more player, who takes the seat
//     of the player s+r in round r (s the first table's first player): n−1
//     rounds; the new player partners every other exactly once, opposes
//     every other exactly twice and never rests; every other player rests
//     twice (n−3 matches), partners no one twice and opposes no one more
//     than twice; the n−1 pairs of the difference between s and its partner
//     never partner, and those of the differences between s and its
//     opponents oppose once;
//   - otherwise the least m > n that a construction reaches (n+1 for n ≡ 3),
//     whose players from n on are not there: a table with one of them is not
//     played and its others rest. Nobody partners anyone twice or opposes
//     anyone more than twice; for n ≡ 3 (one missing, ∞) every player rests
//     exactly three times in the n rounds and plays n−3 matches; the pairs
//     that meet less often are ∞'s table mates (of one difference each: n
//     pairs never partner, 2n oppose once instead of twice).
func whistRound(n, r int) [][2][2]int {
	s, m := whistPlan(n)
	if s == nil || r < 0 || r >= s.order() {
		return nil
	}
	v := s.order()
	added := m == n-1
	seat := s.tables[0][0] // the seat the added player takes
	var round [][2][2]int
	for _, t := range s.tables {
		var u [4]int
		played := true
		for i, x := range t {
			switch {
			case x == whistInfinity:
				u[i] = v
			case added && x == seat:
				u[i] = n - 1
			default:
				u[i] = s.add(x, r)
			}
			played = played && u[i] < n
		}
		if played {
			round = append(round, [2][2]int{{u[0], u[2]}, {u[1], u[3]}})
		}
	}
	return round
}

// whistPlan is the starter whistRound develops for n players and the m of
// its Wh(m), or nil when no construction reaches n or the eight sizes above it.
func whistPlan(n int) (*whistStarter, int) {
	if s := whistStarterOf(n); s != nil {
		return s, n
	}
	if n%4 == 2 {
		if s := whistStarterOf(n - 1); s != nil {
			return s, n - 1
		}
	}
	for m := n + 1; m <= n+8; m++ {
		if s := whistStarterOf(m); s != nil {
			return s, m
		}
	}
	return nil, 0
}

// whistRounds is the whist mode's default number of rounds: its schedule's
// (n−1 for Wh(n) with n ≡ 0, n with n ≡ 1, see whistRound), or n−1 when no
// construction reaches n and every round is drawn.
func whistRounds(n int) int {
	if s, _ := whistPlan(n); s != nil {
		return s.order()
	}
	return everyoneOnce(n)
}
