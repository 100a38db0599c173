package cache

import (
	"context"
	"errors"
	"log/slog"
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
// announces its version on the versions channel; every recheck, the versions
// of the tournaments this instance knows are read again, in case a message
// was missed (a dropped connection, a restart of Redis).
func (s *Store) WatchVersions(ctx context.Context, recheck time.Duration, log *slog.Logger) {
	sub := s.rdb.Subscribe(ctx, versionsChannel)
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil { // the subscription is confirmed
		if ctx.Err() == nil {
			log.Error("versions: subscribe", "err", err)
		}
		return
	}
	// Versions noted before now may have missed messages: read them again first.
	if err := s.recheckVersions(ctx); err != nil && ctx.Err() == nil {
		log.Warn("versions: recheck", "err", err)
	}
	s.watching.Store(true)
	defer s.watching.Store(false)
	msgs := sub.Channel()
	t := time.NewTicker(recheck)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case m, ok := <-msgs:
			if !ok {
				return
			}
			id, v, _ := strings.Cut(m.Payload, " ")
			if n, err := strconv.ParseInt(v, 10, 64); err == nil && n == 0 {
				s.forget(id) // deleted (DeleteTournament)
			} else if err == nil {
				s.noteVersion(id, n)
			}
		case <-t.C:
			if err := s.recheckVersions(ctx); err != nil && ctx.Err() == nil {
				log.Warn("versions: recheck", "err", err)
			}
		}
	}
}

func (s *Store) recheckVersions(ctx context.Context) error {
	s.mu.Lock()
	ids := make([]string, 0, len(s.versions))
	for id := range s.versions {
		ids = append(ids, id)
	}
	s.mu.Unlock()
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
		if v, err := cmds[i].Int64(); err == nil {
			s.noteVersion(id, v)
		}
	}
	return nil
}
