//go:build compare

package tournament

import (
	"bufio"
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The comparison harness for issue 19 (run it by hand; it takes minutes):
//
//	go test -tags=compare -run TestCompare -v -timeout 2h ./tournament/
//
// TestCompareSwiss plays Swiss tournaments with random results (a win 2, a
// draw 1, a bye 2) at the sizes and lengths below and prints, per size and
// length: rematches (and those a maximum matching shows were avoidable),
// floats (a pair k score groups apart floats k times) against the fewest the
// score groups allow, the largest score difference in a pair, byes that went
// above the lowest score group or to an entry that had one, and the time of
// a pairing call (mean and slowest, in wall time and in the CPU time of the
// calling thread, which a busy machine does not inflate).
//
// SIZES=16,17 limits it to some sizes. With BBP set to a bbpPairings binary (built from its source outside the
// repository), every round of the sizes up to BBP_MAX entries (default 65)
// is also written as a TRF file and paired by bbpPairings' Dutch system; the
// table then says in how many rounds Courtside floated more, and fewer, than
// bbpPairings on the same state, and counts bbpPairings' rematches. Courtside
// has no colours: the TRF gives each pair's colours to keep each entry's
// colours as even as they can be (white to the one with fewer whites, then
// the one who had black last), so bbpPairings' colour rules weigh as little
// as they can.
func TestCompareSwiss(t *testing.T) {
	bbp := os.Getenv("BBP")
	bbpMax := 65
	if v, err := strconv.Atoi(os.Getenv("BBP_MAX")); err == nil {
		bbpMax = v
	}
	fmt.Println("entries rounds  tourn | rematches avoidable | floats  fewest | max gap | bye up  2nd bye | ms/call slowest (CPU: mean slowest) | vs bbp: more fewer  bbp rematches  bbp s/call")
	sizes := []int{16, 17, 64, 65, 128, 129, 512, 1024}
	if v := os.Getenv("SIZES"); v != "" { // SIZES=16,17 for a part of the table
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			if n, err := strconv.Atoi(f); err == nil {
				sizes = append(sizes, n)
			}
		}
	}
	for _, n := range sizes {
		for _, long := range []bool{false, true} {
			rounds := log2Rounds(n)
			if long {
				if n > 512 {
					continue
				}
				rounds = n - 1
			}
			tournaments := 20
			switch {
			case n >= 512:
				tournaments = 1
			case n >= 128 || long && n >= 64:
				tournaments = 2
			}
			withBBP := bbp != "" && n <= bbpMax
			if withBBP && long && n > 17 {
				tournaments = 1
			}
			var st compareStats
			rng := rand.New(rand.NewPCG(uint64(n), uint64(rounds)))
			for range tournaments {
				f := newSwissField(n)
				h := &history{colours: newColours(n)}
				for r := range rounds {
					st.round(t, f, h, rng, r, withBBP, bbp)
				}
			}
			vs := ""
			if withBBP {
				vs = fmt.Sprintf("%10d %5d %14d %11.2f | in the %d rounds both paired: floats %d/%d bbp, pairs floated %d/%d bbp, bye above the lowest group %d/%d bbp, bye of another score %d",
					st.moreThanBBP, st.fewerThanBBP, st.bbpRematches, st.bbpTime.Seconds()/float64(max(st.bbpCalls, 1)),
					st.bbpCalls-st.bbpFailed, st.cmpFloats, st.bbpFloats, st.cmpPairsFloated, st.bbpPairsFloated, st.cmpByeUp, st.bbpByeUp, st.byeDiffers)
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			fmt.Printf("%7d %6d %6d | %9d %9d | %6d %7d | %7d | %6d %8d | %7.2f %7.1f       %6.2f %7.1f  | %s\n", n, rounds, tournaments,
				st.rematches, st.avoidable, st.floats, st.fewest, st.maxGap, st.byeUp, st.secondBye,
				ms(st.total)/float64(max(st.calls, 1)), ms(st.slowest), ms(st.cpu)/float64(max(st.calls, 1)), ms(st.slowestCPU), vs)
		}
	}
}

type compareStats struct {
	rematches, avoidable, floats, fewest, maxGap, byeUp, secondBye int
	calls                                                          int
	total, slowest, cpu, slowestCPU                                time.Duration
	moreThanBBP, fewerThanBBP, bbpRematches, bbpCalls              int
	bbpPairsFloated, bbpFloats, bbpByeUp, byeDiffers, bbpFailed    int
	cmpFloats, cmpPairsFloated, cmpByeUp                           int // Courtside's, in the rounds bbpPairings paired
	bbpTime                                                        time.Duration
}

// round pairs and plays one round of f, counting into st.
func (st *compareStats) round(t *testing.T, f *swissField, h *history, rng *rand.Rand, r int, withBBP bool, bbp string) {
	rank := f.ranked()
	seats := make([]Seat, f.n)
	for i, e := range rank {
		seats[i] = Seat{Score: f.score[e], HadBye: f.hadBye[e]}
	}
	avoidable := f.avoidable()
	runtime.GC() // the avoidable check's garbage is not the pairing's
	runtime.LockOSThread()
	cpu := threadCPU()
	start := time.Now()
	pairs, bye := PairSwiss(seats, func(a, b int) bool { return f.met[rank[a]*f.n+rank[b]] })
	took := time.Since(start)
	cpu = threadCPU() - cpu
	runtime.UnlockOSThread()
	st.calls++
	st.total += took
	st.slowest = max(st.slowest, took)
	st.cpu += cpu
	st.slowestCPU = max(st.slowestCPU, cpu)
	own := make([][2]int, len(pairs))
	for i, p := range pairs {
		own[i] = [2]int{rank[p[0]], rank[p[1]]}
	}
	ownBye := -1
	if bye >= 0 {
		ownBye = rank[bye]
	}
	q := f.measure(own, ownBye)
	level, lowest := swissLevels(f.score)
	st.fewest += fewestFloats(level, lowest, f.n)
	st.floats += q.floats
	for _, p := range own {
		st.maxGap = max(st.maxGap, iabs(f.score[p[0]]-f.score[p[1]]))
		if f.met[p[0]*f.n+p[1]] {
			st.rematches++
			if avoidable {
				st.avoidable++
			}
		}
	}
	if ownBye >= 0 {
		if level[ownBye] != lowest {
			st.byeUp++
		}
		if f.hadBye[ownBye] {
			st.secondBye++
			if avoidable {
				st.avoidable++
			}
		}
	}
	if withBBP {
		start := time.Now()
		theirs, theirBye, err := pairByBBP(bbp, f, h, r)
		st.bbpTime += time.Since(start)
		st.bbpCalls++
		if err != nil {
			st.bbpFailed++
			t.Logf("n=%d round %d: bbpPairings: %v", f.n, r+1, err)
		} else {
			bq := f.measure(theirs, theirBye)
			st.bbpRematches += bq.bad
			st.bbpFloats += bq.floats
			st.bbpPairsFloated += floatedPairs(level, theirs)
			if theirBye >= 0 && level[theirBye] != lowest {
				st.bbpByeUp++
			}
			if theirBye >= 0 && ownBye >= 0 && f.score[theirBye] != f.score[ownBye] {
				st.byeDiffers++
			}
			st.cmpFloats += q.floats
			st.cmpPairsFloated += floatedPairs(level, own)
			if ownBye >= 0 && level[ownBye] != lowest {
				st.cmpByeUp++
			}
			switch {
			case q.floats > bq.floats:
				st.moreThanBBP++
			case q.floats < bq.floats:
				st.fewerThanBBP++
			}
		}
	}
	// Play the round: the better-ranked entry wins half the time, draws a tenth.
	h.opponent = append(h.opponent, make([]int, f.n))
	h.result = append(h.result, make([]byte, f.n))
	h.colour = append(h.colour, make([]byte, f.n))
	for _, p := range own {
		a, b := p[0], p[1]
		f.met[a*f.n+b], f.met[b*f.n+a] = true, true
		w, k := h.colours.play(a, b)
		h.colour[r][w], h.colour[r][k] = 'w', 'b'
		switch x := rng.IntN(10); {
		case x < 5:
			f.score[a] += 2
			h.result[r][a], h.result[r][b] = '1', '0'
		case x < 9:
			f.score[b] += 2
			h.result[r][a], h.result[r][b] = '0', '1'
		default:
			f.score[a]++
			f.score[b]++
			h.result[r][a], h.result[r][b] = '=', '='
		}
		h.opponent[r][a], h.opponent[r][b] = b, a
	}
	if ownBye >= 0 {
		f.hadBye[ownBye] = true
		f.score[ownBye] += 2
		h.result[r][ownBye] = 'U'
		h.opponent[r][ownBye] = -1
	}
}

// floatedPairs counts the pairs across score groups.
func floatedPairs(level []int, pairs [][2]int) int {
	k := 0
	for _, p := range pairs {
		k += btoi(level[p[0]] != level[p[1]])
	}
	return k
}

// threadCPU is the CPU time the calling thread has used (Linux): on a busy
// machine a call's wall time says more about the other processes than about it.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fewestFloats is the fewest floats any pairing of score groups can have:
// one over each boundary between score groups with an odd count above it
// (the bye counted in the lowest group).
func fewestFloats(level []int, lowest, n int) int {
	size := make([]int, lowest+1)
	for _, l := range level {
		size[l]++
	}
	size[lowest] += n % 2
	k, count := 0, 0
	for g := range lowest {
		count += size[g]
		k += count % 2
	}
	return k
}

// history is what a TRF needs of the rounds played: per round and entry,
// the opponent (-1 for a bye), the result and the colour.
type history struct {
	opponent [][]int
	result   [][]byte
	colour   [][]byte
	colours  *colours
}

// colours keeps each entry's colours for the TRF: white to the one with
// fewer whites, then to the one who had black last.
type colours struct {
	whites, games []int
	last          []byte
}

func newColours(n int) *colours {
	return &colours{whites: make([]int, n), games: make([]int, n), last: make([]byte, n)}
}

func (c *colours) play(a, b int) (white, black int) {
	da, db := 2*c.whites[a]-c.games[a], 2*c.whites[b]-c.games[b]
	if da > db || da == db && c.last[a] == 'w' && c.last[b] != 'w' {
		a, b = b, a
	}
	c.whites[a]++
	c.games[a]++
	c.games[b]++
	c.last[a], c.last[b] = 'w', 'b'
	return a, b
}

// pairByBBP writes the state before round r as a TRF, pairs it with
// bbpPairings' Dutch system and returns its pairs and bye.
func pairByBBP(bbp string, f *swissField, h *history, r int) ([][2]int, int, error) {
	dir, err := os.MkdirTemp("", "trf")
	if err != nil {
		return nil, -1, err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	in, out := filepath.Join(dir, "in.trf"), filepath.Join(dir, "out.txt")
	var b strings.Builder
	fmt.Fprintf(&b, "012 Courtside comparison\nXXR %d\nXXC white1\n", r+1)
	for e := range f.n {
		line := fmt.Sprintf("001 %4d %1s%3s %-33s %4d %3s %11s %10s %4.1f %4d", e+1, "", "", fmt.Sprintf("Entry %d", e+1), 0, "", "", "", float64(f.score[e])/2, e+1)
		for round := range r {
			o := h.opponent[round][e]
			switch {
			case o < 0:
				line += "  0000 - U"
			default:
				line += fmt.Sprintf("  %4d %c %c", o+1, h.colour[round][e], h.result[round][e])
			}
		}
		b.WriteString(line + "\n")
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o600); err != nil {
		return nil, -1, err
	}
	cmd := exec.Command(bbp, "--dutch", in, "-p", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, -1, fmt.Errorf("%v: %s", err, strings.TrimSpace(string(msg)))
	}
	file, err := os.Open(out)
	if err != nil {
		return nil, -1, err
	}
	defer func() { _ = file.Close() }()
	sc := bufio.NewScanner(file)
	sc.Scan() // the number of pairs
	var pairs [][2]int
	bye := -1
	for sc.Scan() {
		var a, b int
		if _, err := fmt.Sscan(sc.Text(), &a, &b); err != nil {
			return nil, -1, err
		}
		if b == 0 {
			bye = a - 1
			continue
		}
		pairs = append(pairs, [2]int{min(a, b) - 1, max(a, b) - 1})
	}
	slices.SortFunc(pairs, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	return pairs, bye, nil
}
