package app

import (
	"context"
	"errors"
	"time"

	"courtside/tournament"
)

// Corrections changes a result already entered and ends a match by walkover,
// in Courtside's own tournaments: a followed tournament's application
// decides those, and would overwrite ours.
type Corrections struct {
	Store Writer
	Now   func() time.Time
}

// ErrFollowed is a correction or walkover for a followed tournament: they
// are made in the tournament application it runs in.
var ErrFollowed = errors.New("app: the tournament is followed: correct results and give walkovers in its application")

// ChangedError is a correction confirmed against a result that someone else
// changed meanwhile: nothing was saved.
type ChangedError struct {
	// Now is the match's result as it is now.
	Now tournament.Encounters
}

func (e *ChangedError) Error() string { return "app: the result was changed meanwhile" }

// Correct changes the result of a played match to result, when the match is
// still at the revision seen (the one the correction was confirmed
// against). Its errors are ErrFollowed, a *ChangedError, the rules'
// (tournament.ErrMatchNotFound, *tournament.ResultError,
// *tournament.RuleError: a match depending on the result has started) and
// the store's.
func (c *Corrections) Correct(ctx context.Context, snap *tournament.Snapshot, matchID string, result tournament.Encounters, seen int, by string) error {
	_, _, err := c.Store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		if s.Tournament.Mirror != nil { // followed since the page was read
			return nil, ErrFollowed
		}
		if cur, ok := s.Match(matchID); ok && cur.Rev != seen {
			return nil, &ChangedError{Now: cur.Encounters}
		}
		return s.CorrectResult(matchID, result, c.Now(), by)
	})
	return err
}

// Walkover ends an open or running match for side (0 or 1). Its errors are
// ErrFollowed, the rules' (tournament.ErrMatchNotFound,
// *tournament.RuleError) and the store's.
func (c *Corrections) Walkover(ctx context.Context, snap *tournament.Snapshot, matchID string, side int, by string) error {
	_, _, err := c.Store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		if s.Tournament.Mirror != nil {
			return nil, ErrFollowed
		}
		return s.Walkover(matchID, side, c.Now(), by)
	})
	return err
}
