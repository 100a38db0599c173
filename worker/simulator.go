package worker

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"slices"
	"time"

	"courtside/app"
	"courtside/cache"
	"courtside/tournament"
)

// Simulator plays the running tournaments live through the same write path as
// everyone else: it calls open matches to free courts, scores points in the
// running ones and finishes them, so every page and TV has something moving.
type Simulator struct {
	Store *cache.Store
	Log   *slog.Logger
	Rand  *rand.Rand
	// Replay, when set, brings a tournament with nothing left to play back to
	// its start (the embedded demo), so a TV left on for days keeps moving.
	Replay func(ctx context.Context, id string) error
	// IdleFor is how long a tournament has nothing to play before it is replayed.
	IdleFor time.Duration

	idleSince map[string]time.Time
	running   map[string]bool // the tournaments seen running: replayed once they finish
}

// simulatorName is who the audit log says wrote the simulator's results.
const simulatorName = "Simulator"

// Run plays until ctx ends: every tick it lists the running tournaments of
// every organizer and moves each on by a point here and there. With Replay,
// a tournament it saw running that has finished since is replayed too, after
// IdleFor, so that the demo never runs out of matches.
func (s *Simulator) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.step(ctx); err != nil && ctx.Err() == nil {
				s.Log.Error("simulator", "err", err)
			}
		}
	}
}

func (s *Simulator) step(ctx context.Context) error {
	if s.idleSince == nil {
		s.idleSince, s.running = map[string]time.Time{}, map[string]bool{}
	}
	orgs, err := s.Store.Organizers(ctx)
	if err != nil {
		return err
	}
	for _, o := range orgs {
		snaps, err := s.Store.Tournaments(ctx, o.ID, cache.ListQuery{State: tournament.StateRunning, Limit: 100})
		if err != nil {
			return err
		}
		for _, snap := range snaps {
			if snap.Tournament.Mirror != nil {
				continue // it is played where it runs
			}
			s.running[snap.Tournament.ID] = true
			if err := s.play(ctx, snap); err != nil {
				return err
			}
		}
		if s.Replay == nil {
			continue
		}
		// A tournament played to its end here: nothing moves, so it is replayed.
		done, err := s.Store.Tournaments(ctx, o.ID, cache.ListQuery{State: tournament.StateFinished, Limit: 100})
		if err != nil {
			return err
		}
		for _, snap := range done {
			if s.running[snap.Tournament.ID] {
				if err := s.idle(ctx, snap); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// play moves one tournament on by a point here and there.
func (s *Simulator) play(ctx context.Context, snap *tournament.Snapshot) error {
	id := snap.Tournament.ID
	moved := false
	for _, m := range snap.Matches {
		if m.State != tournament.MatchRunning || s.Rand.Float64() > 0.5 {
			continue
		}
		moved = true
		// A point scored on the match as it stands when it is written.
		_, err := s.results().Enter(ctx, snap, app.Entry{MatchID: m.ID, By: simulatorName,
			Next: func(now *tournament.Snapshot, cur *tournament.Match) (tournament.Encounters, bool, error) {
				if cur.State != tournament.MatchRunning {
					return nil, false, app.ErrNothingToDo
				}
				g, _ := now.Group(cur.GroupID)
				next, final := point(cur.Encounters, now.Config(cur), max(len(g.Encounters), 1), s.Rand.IntN(2))
				return next, final, nil
			}})
		if errors.Is(err, tournament.ErrMatchNotFound) { // gone meanwhile: nothing to do
			err = nil
		}
		if err := passOver(err); err != nil {
			return err
		}
	}
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) != nil {
			continue
		}
		queue := tournament.Queue(snap.Matches) // the court queue, without those whose players are on a court
		next := slices.IndexFunc(queue, func(m *tournament.Match) bool { return !snap.Busy(m) })
		if next < 0 {
			break
		}
		moved = true
		err := s.write(ctx, snap, func(now *tournament.Snapshot) (*tournament.Change, error) {
			return now.CallMatch(queue[next].ID, []string{c.ID}, s.Store.Now())
		})
		if err != nil {
			return err
		}
		break // one call per tick and tournament: the snapshot is stale now
	}
	if moved || s.Replay == nil {
		delete(s.idleSince, id)
		return nil
	}
	return s.idle(ctx, snap)
}

// idle counts the time a tournament has had nothing to play, and replays it
// once that is IdleFor.
func (s *Simulator) idle(ctx context.Context, snap *tournament.Snapshot) error {
	id := snap.Tournament.ID
	if since, ok := s.idleSince[id]; !ok {
		s.idleSince[id] = time.Now()
	} else if time.Since(since) >= s.IdleFor {
		delete(s.idleSince, id)
		s.Log.Info("simulator: replaying a tournament with nothing left to play", "tournament", snap.Tournament.Name)
		return s.Replay(ctx, id)
	}
	return nil
}

// write applies a change, passing over those the rules now refuse.
func (s *Simulator) write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) error {
	_, _, err := s.Store.Write(ctx, from, compute)
	return passOver(err)
}

// results enters the simulator's results through the path every face takes.
func (s *Simulator) results() *app.Results {
	return &app.Results{Store: s.Store, Now: s.Store.Now}
}

// passOver drops the errors of a write whose reason went away meanwhile:
// nothing to do any more, a match no longer running, a change the rules now refuse.
func passOver(err error) error {
	var rule *tournament.RuleError
	if errors.Is(err, app.ErrNothingToDo) || errors.Is(err, tournament.ErrNotRunning) || errors.As(err, &rule) {
		return nil
	}
	return err
}

// point adds one point for side to a result in play (a whole set with quick
// entry), opening the next set or encounter when the current one is over.
// final says the result is now complete.
func point(r tournament.Encounters, cfg tournament.MatchConfiguration, encounters, side int) (tournament.Encounters, bool) {
	next := make(tournament.Encounters, len(r))
	for i, sets := range r {
		next[i] = slices.Clone(sets)
	}
	if len(next) == 0 || cfg.EncounterOver(next[len(next)-1]) {
		next = append(next, nil)
	}
	e := len(next) - 1
	if n := len(next[e]); n == 0 || cfg.SetOver(next[e][n-1]) {
		next[e] = append(next[e], tournament.Set{})
	}
	next[e][len(next[e])-1][side]++
	return next, tournament.ValidateResult(next, cfg, encounters, true) == nil
}
