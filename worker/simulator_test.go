package worker

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"

	"courtside/cache/cachetest"
	"courtside/tournament"
)

func TestPointPlaysAResultToItsEnd(t *testing.T) {
	cases := []struct {
		name       string
		cfg        tournament.MatchConfiguration
		encounters int
		points     int // points (or quick-entry sets) side 0 needs, scoring alone
		want       tournament.Encounters
	}{
		{"one set to 7", tournament.MatchConfiguration{NumPoints: 7, NumSets: 1}, 1, 7, tournament.Encounters{{{7, 0}}}},
		{"best of three to 5", tournament.MatchConfiguration{NumPoints: 5, NumSets: 2, TwoAhead: true}, 1, 10, tournament.Encounters{{{5, 0}, {5, 0}}}},
		{"quick entry best of three", tournament.MatchConfiguration{NumPoints: 1, NumSets: 2, QuickEntry: true}, 1, 2, tournament.Encounters{{{1, 0}, {1, 0}}}},
		{"league of three", tournament.MatchConfiguration{NumPoints: 7, NumSets: 1}, 3, 21, tournament.Encounters{{{7, 0}}, {{7, 0}}, {{7, 0}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r tournament.Encounters
			for i := range c.points {
				var final bool
				r, final = point(r, c.cfg, c.encounters, 0)
				if final != (i == c.points-1) {
					t.Fatalf("after point %d: final=%v (%v)", i+1, final, r)
				}
			}
			if tournament.DisplayScore(r, c.cfg) != tournament.DisplayScore(c.want, c.cfg) || len(r) != len(c.want) {
				t.Errorf("played to %v, want %v", r, c.want)
			}
		})
	}
	// Two ahead: 5:5 goes on to 6:5, 7:5.
	cfg := tournament.MatchConfiguration{NumPoints: 5, NumSets: 1, TwoAhead: true}
	r := tournament.Encounters{{{5, 5}}}
	r, final := point(r, cfg, 1, 1)
	if final || r[0][0] != (tournament.Set{5, 6}) {
		t.Errorf("5:5 and a point: %v final=%v", r, final)
	}
	if r, final = point(r, cfg, 1, 1); !final || r[0][0] != (tournament.Set{5, 7}) {
		t.Errorf("5:6 and a point: %v final=%v", r, final)
	}
}

func TestSimulatorPlaysTheDemo(t *testing.T) {
	cachetest.Parallel(t)
	store, demo := cachetest.Demo(t)
	ctx := context.Background()
	replayed := map[string]int{}
	sim := &Simulator{Store: store, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Rand: rand.New(rand.NewPCG(1, 2)),
		Replay: func(ctx context.Context, id string) error { replayed[id]++; return nil }}
	for range 300 {
		if err := sim.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	hamburg := demo.Tournaments[0]
	snap, err := store.Snapshot(ctx, hamburg.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	finished, called := 0, 0
	for _, m := range snap.Matches {
		before := findMatch(hamburg.Matches, m.ID)
		if before == nil {
			continue // a round the engine paired since
		}
		if before.State == tournament.MatchRunning && m.State == tournament.MatchPlayed {
			finished++
		}
		if before.State == tournament.MatchOpen && m.State != tournament.MatchOpen {
			called++
		}
	}
	if finished == 0 || called == 0 {
		t.Errorf("after 300 steps: %d running matches finished, %d open matches called", finished, called)
	}
	for _, m := range snap.Matches {
		if before := findMatch(hamburg.Matches, m.ID); m.State == tournament.MatchPlayed && (before == nil || before.State != tournament.MatchPlayed) {
			audit, _ := store.Audit(ctx, hamburg.Tournament.ID, m.ID)
			if len(audit) == 0 || audit[0].By != simulatorName || !audit[0].Final {
				t.Errorf("match %s finished without an audit entry by the simulator: %+v", m.ID, audit)
			}
			break
		}
	}
	if len(replayed) == 0 {
		t.Error("no tournament ran out of matches and was replayed")
	}
}

func findMatch(ms []*tournament.Match, id string) *tournament.Match {
	for _, m := range ms {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// TestSimulatorReplaysAFinishedTournament: a tournament the simulator saw
// running is replayed once it has finished and nothing moved for IdleFor; a
// tournament that was over before (the demo's finished ones) is left alone.
// (It only looked at running tournaments, so a finished demo stood still.)
func TestSimulatorReplaysAFinishedTournament(t *testing.T) {
	store, demo := cachetest.Demo(t)
	ctx := context.Background()
	replayed := map[string]int{}
	sim := &Simulator{Store: store, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Rand: rand.New(rand.NewPCG(1, 2)),
		Replay: func(ctx context.Context, id string) error { replayed[id]++; return nil }}
	if err := sim.step(ctx); err != nil {
		t.Fatal(err)
	}
	hamburg := demo.Tournaments[0].Tournament.ID
	for range 2000 {
		snap, err := store.Snapshot(ctx, hamburg)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Tournament.State == tournament.StateFinished {
			break
		}
		var next *tournament.Match
		for _, m := range snap.Matches {
			if m.State == tournament.MatchRunning || m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !snap.Busy(m) {
				next = m
				break
			}
		}
		if next == nil {
			t.Fatal("the Hamburg Open has nothing left to play and has not finished")
		}
		if next.State == tournament.MatchOpen {
			var court string
			for _, c := range snap.Tournament.Courts {
				if snap.CourtMatch(c.ID) == nil {
					court = c.ID
					break
				}
			}
			if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.CallMatch(next.ID, []string{court}, cachetest.Now)
			}); err != nil {
				t.Fatal(err)
			}
			if snap, err = store.Snapshot(ctx, hamburg); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			g, _ := s.Group(next.GroupID)
			var r tournament.Encounters
			for final := false; !final; {
				r, final = point(r, s.Config(next), max(1, len(g.Encounters)), 0)
			}
			return s.SetResult(next.ID, r, true, cachetest.Now, "test")
		}); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // the first step finds it idle, the next, IdleFor (0) later, replays it
		if err := sim.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if replayed[hamburg] != 1 {
		t.Errorf("the finished Hamburg Open was replayed %d times, want once", replayed[hamburg])
	}
	for _, dt := range demo.Tournaments {
		if dt.Tournament.State == tournament.StateFinished && replayed[dt.Tournament.ID] > 0 {
			t.Errorf("%s, finished before the simulator started, was replayed", dt.Tournament.Name)
		}
	}
}
