package cache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// KnownVersion is the tournament's current version as this instance knows it
// without asking Redis: from its reads and writes, the versions channel, and
// the periodic re-check. It is known only while WatchVersions is subscribed:
// without the channel, what this instance knows may be stale.
func (s *Store) KnownVersion(id string) (int64, bool) {
	if !s.watching.Load() {
		return 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.versions[id]
	return v, ok
}

// Watching reports whether WatchVersions is subscribed: while it is,
// OnChange hears of every change.
func (s *Store) Watching() bool { return s.watching.Load() }

// OnChange makes fn hear, while WatchVersions is subscribed, every version
// the versions channel announces (a write made here or on another instance:
// once per write) and every version found moved when the versions are read
// again after a gap; version 0: the tournament is gone. fn must not wait.
func (s *Store) OnChange(fn func(id string, version int64)) {
	s.onChange.Store(&fn)
}

// changed tells OnChange's function of a version announced or found moved.
func (s *Store) changed(id string, v int64) {
	if fn := s.onChange.Load(); fn != nil {
		(*fn)(id, v)
	}
}

// noteVersion records a tournament version this instance learned.
func (s *Store) noteVersion(id string, v int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.versions[id] < v {
		s.versions[id] = v
	}
}

// forget drops what this instance holds of the tournament: Redis no longer
// has that version of it (a rollback) or has none at all.
func (s *Store) forget(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.snaps, id)
	delete(s.versions, id)
}

// WatchVersions keeps KnownVersion current until ctx ends: every change
// announces its version on the versions channel; every recheck, and every time
// it subscribes, the versions of the tournaments this instance knows are read
// again, in case a message was missed or Redis went back to an older state
// (restored from a backup, a failover to a replica that lagged). A version
// lower than the one known drops what this instance holds of the tournament.
//
// While it is not subscribed (Redis down at boot, a dropped connection) it
// vouches for nothing and subscribes again after a pause that doubles, from
// a tenth of a second up to five seconds, with each failure.
func (s *Store) WatchVersions(ctx context.Context, recheck time.Duration, log *slog.Logger) {
	const first, most = 100 * time.Millisecond, 5 * time.Second
	wait := first
	for {
		err := s.watchVersions(ctx, recheck, func() { wait = first })
		if ctx.Err() != nil {
			return
		}
		log.Warn("versions: not subscribed, trying again", "err", err, "in", wait)
		t := time.NewTimer(wait/2 + rand.N(wait/2))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait = min(2*wait, most)
	}
}

// watchVersions subscribes, calls subscribed once it has caught up, and
// follows the channel until ctx ends or the subscription fails.
func (s *Store) watchVersions(ctx context.Context, recheck time.Duration, subscribed func()) error {
	sub := s.rdb.Subscribe(ctx, versionsChannel)
	// A receive waits without regard to ctx: closing ends it.
	stop := context.AfterFunc(ctx, func() { _ = sub.Close() })
	defer func() {
		if stop() {
			_ = sub.Close()
		}
	}()
	// The subscription is confirmed.
	if _, err := sub.Receive(ctx); err != nil {
		return err
	}
	// Versions noted before now may have missed messages: read them again first.
	if err := s.recheckVersions(ctx); err != nil {
		return err
	}
	subscribed()
	s.watching.Store(true)
	defer s.watching.Store(false)
	next := time.Now().Add(recheck)
	for {
		msg, err := sub.ReceiveTimeout(ctx, max(time.Until(next), time.Millisecond))
		var timeout net.Error
		if err != nil && (!errors.As(err, &timeout) || !timeout.Timeout()) {
			return err
		}
		if m, ok := msg.(*redis.Message); ok {
			id, v, _ := strings.Cut(m.Payload, " ")
			if n, err := strconv.ParseInt(v, 10, 64); err == nil && n == 0 {
				s.forget(id) // deleted (DeleteTournament announces version 0)
				s.changed(id, 0)
			} else if err == nil {
				// Only rising: another instance's message may come after a read of a later version.
				s.noteVersion(id, n)
				s.changed(id, n)
			}
		}
		if time.Now().Before(next) {
			continue
		}
		// Make sure the subscription is alive, and read again.
		if err := sub.Ping(ctx); err != nil {
			return err
		}
		if err := s.recheckVersions(ctx); err != nil {
			return err
		}
		next = time.Now().Add(recheck)
	}
}

// recheckVersions reads the versions of the tournaments this instance knows.
// One lower than it knew went back: what it holds of that tournament is
// dropped, and so is all of one that is gone.
func (s *Store) recheckVersions(ctx context.Context) error {
	s.mu.Lock()
	known := maps.Clone(s.versions)
	s.mu.Unlock()
	ids := slices.Collect(maps.Keys(known))
	cmds := make([]*redis.StringCmd, len(ids))
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, id := range ids {
			cmds[i] = p.Get(ctx, versionKey(id))
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	for i, id := range ids {
		v, err := cmds[i].Int64()
		switch {
		case errors.Is(err, redis.Nil):
			s.forget(id)
			s.changed(id, 0)
		case err != nil:
			return fmt.Errorf("cache: tournament %s version: %w", id, err)
		case v < known[id]:
			s.forget(id)
			s.noteVersion(id, v)
			s.changed(id, v)
		default:
			s.noteVersion(id, v)
			if v != known[id] {
				s.changed(id, v) // a message was missed
			}
		}
	}
	return nil
}
