package worker

import (
	"context"
	"log/slog"
	"time"

	"courtside/cache"
)

// Retention keeps what Redis holds from growing forever. Results, entries,
// audit lists and webhooks are kept; the event stream of a tournament keeps
// the events of the last Keep, and never loses one an enabled webhook has not
// got yet; the changelog of a tournament finished (or cancelled) for Keep goes.
// Several instances may run it: each step is safe to repeat.
type Retention struct {
	Store *cache.Store
	Log   *slog.Logger
	// Keep is how long events are kept, and a finished tournament's changelog.
	Keep time.Duration
	// Every is how often it runs.
	Every time.Duration
}

// Run applies the retention at once and then every Every, until ctx ends:
// it lists the tournaments with an event stream (one read) and trims each
// (a few reads and a trim per tournament).
func (r *Retention) Run(ctx context.Context) {
	t := time.NewTicker(r.Every)
	defer t.Stop()
	for {
		if err := r.Step(ctx); err != nil && ctx.Err() == nil {
			r.Log.Error("retention", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Step applies the retention to every tournament once.
func (r *Retention) Step(ctx context.Context) error {
	ids, err := r.Store.EventTournaments(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		res, err := r.Store.TrimTournament(ctx, id, r.Keep)
		if err != nil {
			return err
		}
		if res.Trimmed > 0 || res.ChangelogDropped {
			r.Log.Info("retention: trimmed", "tournament", id, "events", res.Trimmed, "changelog", res.ChangelogDropped)
		}
	}
	return nil
}
