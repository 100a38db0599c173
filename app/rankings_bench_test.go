package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/app"
	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// Sizes of the benchmarks' organizer: 10,000 registered players over 500
// tournaments of 64 players, each with 160 singles (a Swiss of 5 rounds) and
// 40 doubles of drawn partners: 100,000 rated matches.
const (
	benchPlayers     = 10000
	benchTournaments = 500
	benchEntrants    = 64
	benchRounds      = 5
	benchDoubles     = 40
)

// benchOrganizer builds the tournaments and the register.
func benchOrganizer(b *testing.B) (*cache.Rankings, []*tournament.Snapshot) {
	b.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	reg := &tournament.Register{Players: map[string]tournament.RegisteredPlayer{}, Links: map[string]string{}}
	for i := range benchPlayers {
		id := fmt.Sprintf("P%05d", i)
		reg.Players[id] = tournament.RegisteredPlayer{ID: id, Name: "Player " + id}
	}
	start := time.Date(2020, 1, 1, 18, 0, 0, 0, time.UTC)
	snaps := make([]*tournament.Snapshot, benchTournaments)
	for t := range benchTournaments {
		snaps[t] = benchTournament(t, start.Add(time.Duration(t)*24*time.Hour), rng, reg, nil, benchEntrants, benchRounds, benchDoubles)
	}
	return &cache.Rankings{Rev: 1, Register: reg, Settings: tournament.DefaultRatingSettings}, snaps
}

// benchTournament makes tournament t of entrants players, a Swiss of rounds
// rounds and doubles doubles, with its matches played from at on; extra, if
// set, is played last.
func benchTournament(t int, at time.Time, rng *rand.Rand, reg *tournament.Register, extra *tournament.Match, entrants, rounds, doubles int) *tournament.Snapshot {
	tid := fmt.Sprintf("t%03d", t)
	g := tournament.Group{ID: tid + "g", Mode: tournament.Swiss, State: tournament.PhaseFinished}
	for r := range rounds + 1 {
		g.Rounds = append(g.Rounds, tournament.Round{ID: fmt.Sprintf("%sr%d", tid, r)})
	}
	tour := &tournament.Tournament{ID: tid, Name: tid, StartTime: tournament.At(at), State: tournament.StateFinished,
		Disciplines: []tournament.Discipline{{ID: tid + "d", Name: "Open", EntryType: tournament.EntryMonsterDYP, Stages: []tournament.Stage{{ID: tid + "s", State: tournament.PhaseFinished, Groups: []tournament.Group{g}}}}}}
	entries := map[string]*tournament.Entry{}
	players := make([]*tournament.Entry, entrants)
	for i, p := range rng.Perm(benchPlayers)[:entrants] {
		pid := fmt.Sprintf("%se%02d", tid, i)
		e := &tournament.Entry{ID: pid, Name: fmt.Sprintf("Player P%05d", p)}
		e.Entries = []*tournament.Entry{{ID: e.ID, Name: e.Name}} // a single lists itself as its player, as stored
		entries[pid], players[i] = e, e
		reg.Links[tournament.LinkKey(tid, pid)] = fmt.Sprintf("P%05d", p)
	}
	var matches []*tournament.Match
	clock := at
	play := func(round int, a, b *tournament.Entry) {
		clock = clock.Add(time.Minute)
		r := tournament.Encounters{{{7, rng.IntN(7)}}}
		if rng.IntN(2) == 0 {
			r[0][0] = tournament.Set{rng.IntN(7), 7}
		}
		matches = append(matches, &tournament.Match{ID: fmt.Sprintf("%sm%03d", tid, len(matches)), Entries: [2]*tournament.Entry{a, b},
			State: tournament.MatchPlayed, Encounters: r, EndTime: tournament.At(clock), GroupID: g.ID, RoundID: g.Rounds[round].ID, Seq: len(matches)})
	}
	for round := range rounds {
		for i := 0; i+1 < entrants; i += 2 {
			play(round, players[i], players[i+1])
		}
		rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
	}
	for range doubles {
		p := rng.Perm(entrants)
		play(rounds, tournament.NewTeam(players[p[0]], players[p[1]]), tournament.NewTeam(players[p[2]], players[p[3]]))
	}
	if extra != nil {
		matches = append(matches, extra)
	}
	return tournament.NewSnapshot(1, tour, tournament.Organizer{}, matches, entries)
}

// BenchmarkRatingsFullRecompute computes the rankings of 10,000 players over
// 500 tournaments from nothing: every tournament's rated matches, their order,
// and the Elo of 100,000 matches.
func BenchmarkRatingsFullRecompute(b *testing.B) {
	data, snaps := benchOrganizer(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		st := app.Compute(data, snaps, nil)
		if len(st.Matches) != benchTournaments*(benchRounds*benchEntrants/2+benchDoubles) {
			b.Fatalf("%d matches", len(st.Matches))
		}
	}
}

// BenchmarkEloOnly is the Elo part of the full recompute alone: 100,000 matches in order.
func BenchmarkEloOnly(b *testing.B) {
	data, snaps := benchOrganizer(b)
	ms := app.Compute(data, snaps, nil).Matches
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tournament.ComputeRatings(data.Settings, ms)
	}
}

// BenchmarkRatingsOneResult is what one new result costs the book: the
// tournament it was played in is read again (its rated matches), the other
// 499 are reused, the sequence is checked to extend the last one, and the
// ratings are extended by the one match.
func BenchmarkRatingsOneResult(b *testing.B) {
	data, snaps := benchOrganizer(b)
	before := app.Compute(data, snaps, nil)
	last := snaps[len(snaps)-1]
	a, c := last.Matches[0].Entries[0], last.Matches[0].Entries[1]
	m := &tournament.Match{ID: "extra", Entries: [2]*tournament.Entry{a, c}, State: tournament.MatchPlayed, Encounters: tournament.Encounters{{{7, 5}}},
		EndTime: tournament.At(last.Tournament.StartTime.Add(1000 * time.Hour)), GroupID: last.Matches[0].GroupID, RoundID: last.Matches[0].RoundID, Seq: 9999}
	next := *last
	next.Matches = append(last.Matches[:len(last.Matches):len(last.Matches)], m)
	changed := tournament.NewSnapshot(2, last.Tournament, last.Organizer, next.Matches, last.Entries)
	after := append(snaps[:len(snaps)-1:len(snaps)-1], changed)
	st := app.Compute(data, after, before)
	if st.Ratings.Players["P00000"] != before.Ratings.Players["P00000"] && st.Ratings.Players["P00001"] != before.Ratings.Players["P00001"] {
		b.Fatal("recomputed instead of extended")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		app.Compute(data, after, before)
	}
}

// Sizes of an organizer at its quota: tournament.MaxTournamentsPerOrganizer
// tournaments of 128 players, each a Swiss of 7 rounds (448 singles) and 52
// doubles, tournament.MaxMatchesPerOrganizer rated matches in all, over a
// register of 10,000 players.
const (
	quotaEntrants = 128
	quotaRounds   = 7
	quotaDoubles  = 52
)

// quotaOrganizer stores an organizer at its quota of tournaments and
// matches, all played, its players registered, and returns it.
func quotaOrganizer(b *testing.B, rdb redis.UniversalClient) tournament.Organizer {
	b.Helper()
	ctx := context.Background()
	store := cache.New(rdb)
	org, _ := tournament.NewOrganizer("Federation", "federation", "table_soccer")
	if err := store.CreateOrganizer(ctx, org); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	reg := &tournament.Register{Players: map[string]tournament.RegisteredPlayer{}, Links: map[string]string{}}
	var players []tournament.RegisteredPlayer
	for i := range benchPlayers {
		id := fmt.Sprintf("P%05d", i)
		reg.Players[id] = tournament.RegisteredPlayer{ID: id, Name: "Player " + id}
		players = append(players, reg.Players[id])
	}
	start := time.Date(2020, 1, 1, 18, 0, 0, 0, time.UTC)
	matches := 0
	for t := range tournament.MaxTournamentsPerOrganizer {
		s := benchTournament(t, start.Add(time.Duration(t)*24*time.Hour), rng, reg, nil, quotaEntrants, quotaRounds, quotaDoubles)
		s.Tournament.ID, s.Tournament.OrganizerID, s.Tournament.Public = fmt.Sprintf("tio:quota%03d", t), org.ID, true
		var es []*tournament.Entry
		for _, e := range s.Entries {
			es = append(es, e)
		}
		if err := store.PutTournament(ctx, s.Tournament, s.Matches, es); err != nil {
			b.Fatal(err)
		}
		matches += len(s.Matches)
	}
	links := map[string]string{}
	for k, p := range reg.Links { // the link keys name the bench's own ids: file them under the stored ones
		tid, eid, _ := tournament.SplitLinkKey(k)
		links[tournament.LinkKey("tio:quota"+strings.TrimPrefix(tid, "t"), eid)] = p
	}
	if err := store.LinkPlayers(ctx, org.ID, players, links); err != nil {
		b.Fatal(err)
	}
	if matches != tournament.MaxMatchesPerOrganizer {
		b.Fatalf("%d matches, the quota is %d", matches, tournament.MaxMatchesPerOrganizer)
	}
	return org
}

// peakHeap runs f and returns the most heap in use while it ran, sampled every millisecond.
func peakHeap(f func()) uint64 {
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	return peak.Load()
}

// BenchmarkRankingsAtQuotaCold is the first request of an organizer at its
// quota (200 tournaments, 100,000 rated matches) on an instance that has
// seen nothing of it: every tournament read from Redis, rated and ordered,
// the Elo of every match. peak-MB is the heap in use at most meanwhile.
// On a real Redis: REDIS_URL=redis://127.0.0.1:6379/15 go test -bench RankingsAtQuota -run ^$ ./handlers/
func BenchmarkRankingsAtQuotaCold(b *testing.B) {
	rdb := cachetest.Redis(b)
	org := quotaOrganizer(b, rdb)
	ctx := context.Background()
	var peak uint64
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		runtime.GC()
		peak = max(peak, peakHeap(func() {
			book := &app.RankingsBook{Store: cache.New(rdb)}
			st, err := book.State(ctx, org.ID)
			if err != nil || len(st.Matches) != tournament.MaxMatchesPerOrganizer {
				b.Fatalf("%v", err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

// BenchmarkRankingsAtQuotaWarm is any later request of that organizer while
// nothing changed: the index, the listings' versions and the register's
// revision are read, and the state held is answered.
func BenchmarkRankingsAtQuotaWarm(b *testing.B) {
	rdb := cachetest.Redis(b)
	org := quotaOrganizer(b, rdb)
	ctx := context.Background()
	book := &app.RankingsBook{Store: cache.New(rdb)}
	if _, err := book.State(ctx, org.ID); err != nil {
		b.Fatal(err)
	}
	var peak uint64
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		peak = max(peak, peakHeap(func() {
			if _, err := book.State(ctx, org.ID); err != nil {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}
