package handlers_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"courtside/cache"
	"courtside/handlers"
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
		snaps[t] = benchTournament(t, start.Add(time.Duration(t)*24*time.Hour), rng, reg, nil)
	}
	return &cache.Rankings{Rev: 1, Register: reg, Settings: tournament.DefaultRatingSettings}, snaps
}

// benchTournament makes tournament t with its matches played from at on; extra, if set, is played last.
func benchTournament(t int, at time.Time, rng *rand.Rand, reg *tournament.Register, extra *tournament.Match) *tournament.Snapshot {
	tid := fmt.Sprintf("t%03d", t)
	g := tournament.Group{ID: tid + "g", Mode: tournament.Swiss}
	for r := range benchRounds + 1 {
		g.Rounds = append(g.Rounds, tournament.Round{ID: fmt.Sprintf("%sr%d", tid, r)})
	}
	tour := &tournament.Tournament{ID: tid, Name: tid, StartTime: tournament.At(at), State: tournament.StateFinished,
		Disciplines: []tournament.Discipline{{ID: tid + "d", Stages: []tournament.Stage{{ID: tid + "s", Groups: []tournament.Group{g}}}}}}
	entries := map[string]*tournament.Entry{}
	players := make([]*tournament.Entry, benchEntrants)
	for i, p := range rng.Perm(benchPlayers)[:benchEntrants] {
		pid := fmt.Sprintf("%se%02d", tid, i)
		e := &tournament.Entry{ID: pid, Name: fmt.Sprintf("Player P%05d", p)}
		e.Entries = []*tournament.Entry{e}
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
	for round := range benchRounds {
		for i := 0; i+1 < benchEntrants; i += 2 {
			play(round, players[i], players[i+1])
		}
		rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
	}
	for range benchDoubles {
		p := rng.Perm(benchEntrants)
		play(benchRounds, tournament.NewTeam(players[p[0]], players[p[1]]), tournament.NewTeam(players[p[2]], players[p[3]]))
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
		st := handlers.Compute(data, snaps, nil)
		if len(st.Matches) != benchTournaments*(benchRounds*benchEntrants/2+benchDoubles) {
			b.Fatalf("%d matches", len(st.Matches))
		}
	}
}

// BenchmarkEloOnly is the Elo part of the full recompute alone: 100,000 matches in order.
func BenchmarkEloOnly(b *testing.B) {
	data, snaps := benchOrganizer(b)
	ms := handlers.Compute(data, snaps, nil).Matches
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
	before := handlers.Compute(data, snaps, nil)
	last := snaps[len(snaps)-1]
	a, c := last.Matches[0].Entries[0], last.Matches[0].Entries[1]
	m := &tournament.Match{ID: "extra", Entries: [2]*tournament.Entry{a, c}, State: tournament.MatchPlayed, Encounters: tournament.Encounters{{{7, 5}}},
		EndTime: tournament.At(last.Tournament.StartTime.Add(1000 * time.Hour)), GroupID: last.Matches[0].GroupID, RoundID: last.Matches[0].RoundID, Seq: 9999}
	next := *last
	next.Matches = append(last.Matches[:len(last.Matches):len(last.Matches)], m)
	changed := tournament.NewSnapshot(2, last.Tournament, last.Organizer, next.Matches, last.Entries)
	after := append(snaps[:len(snaps)-1:len(snaps)-1], changed)
	st := handlers.Compute(data, after, before)
	if st.Ratings.Players["P00000"] != before.Ratings.Players["P00000"] && st.Ratings.Players["P00001"] != before.Ratings.Players["P00001"] {
		b.Fatal("recomputed instead of extended")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		handlers.Compute(data, after, before)
	}
}
