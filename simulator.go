package main

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"slices"
	"time"

	"courtside/cache"
	"courtside/tournament"
)

// simulator plays the running tournaments live through the same write path as
// everyone else: it calls open matches to free courts, scores points in the
// running ones and finishes them, so every page and TV has something moving.
type simulator struct {
	store *cache.Store
	log   *slog.Logger
	rng   *rand.Rand
	// replay, when set, brings a tournament with nothing left to play back to
	// its start (the embedded demo), so a TV left on for days keeps moving.
	replay func(ctx context.Context, id string) error
	// idleFor is how long a tournament has nothing to play before it is replayed.
	idleFor time.Duration

	idleSince map[string]time.Time
}

// simulatorName is who the audit log says wrote the simulator's results.
const simulatorName = "Simulator"

// errNothingToDo stops a write whose reason went away meanwhile.
var errNothingToDo = errors.New("nothing to do")

func (s *simulator) run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.step(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("simulator", "err", err)
			}
		}
	}
}

func (s *simulator) step(ctx context.Context) error {
	if s.idleSince == nil {
		s.idleSince = map[string]time.Time{}
	}
	orgs, err := s.store.Organizers(ctx)
	if err != nil {
		return err
	}
	for _, o := range orgs {
		snaps, err := s.store.Tournaments(ctx, o.ID, cache.ListQuery{State: tournament.StateRunning, Limit: 100})
		if err != nil {
			return err
		}
		for _, snap := range snaps {
			if snap.Tournament.Mirror != nil {
				continue // it is played where it runs
			}
			if err := s.play(ctx, snap); err != nil {
				return err
			}
		}
	}
	return nil
}

// play moves one tournament on by a point here and there.
func (s *simulator) play(ctx context.Context, snap *tournament.Snapshot) error {
	id := snap.Tournament.ID
	moved := false
	for _, m := range snap.Matches {
		if m.State != tournament.MatchRunning || s.rng.Float64() > 0.5 {
			continue
		}
		moved = true
		err := s.write(ctx, snap, func(now *tournament.Snapshot) (*tournament.Change, error) {
			cur, ok := now.Match(m.ID)
			if !ok || cur.State != tournament.MatchRunning {
				return nil, errNothingToDo
			}
			g, _ := now.Group(cur.GroupID)
			next, final := point(cur.Encounters, now.Config(cur), max(len(g.Encounters), 1), s.rng.IntN(2))
			return now.SetResult(cur.ID, next, final, s.store.Now(), simulatorName)
		})
		if err != nil {
			return err
		}
	}
	for _, c := range snap.Tournament.Courts {
		if snap.CourtMatch(c.ID) != nil {
			continue
		}
		next := slices.IndexFunc(snap.Matches, func(m *tournament.Match) bool {
			return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
		})
		if next < 0 {
			break
		}
		moved = true
		err := s.write(ctx, snap, func(now *tournament.Snapshot) (*tournament.Change, error) {
			return now.CallMatch(snap.Matches[next].ID, []string{c.ID}, s.store.Now())
		})
		if err != nil {
			return err
		}
		break // one call per tick and tournament: the snapshot is stale now
	}
	if moved || s.replay == nil {
		delete(s.idleSince, id)
		return nil
	}
	if since, ok := s.idleSince[id]; !ok {
		s.idleSince[id] = time.Now()
	} else if time.Since(since) >= s.idleFor {
		delete(s.idleSince, id)
		s.log.Info("simulator: replaying a tournament with nothing left to play", "tournament", snap.Tournament.Name)
		return s.replay(ctx, id)
	}
	return nil
}

// write applies a change, passing over those the rules now refuse.
func (s *simulator) write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) error {
	_, _, err := s.store.Write(ctx, from, compute)
	var rule *tournament.RuleError
	if errors.Is(err, errNothingToDo) || errors.Is(err, tournament.ErrNotRunning) || errors.As(err, &rule) {
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
