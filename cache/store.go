package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// ErrNotFound is returned for an id the store does not hold.
var ErrNotFound = errors.New("not found")

// Store reads and writes tournaments in Redis. It keeps decoded snapshots in
// memory, one per tournament, and reloads one only when its version moved.
type Store struct {
	rdb redis.UniversalClient
	// Now is the store's clock; tests move it.
	Now func() time.Time

	mu    sync.Mutex
	snaps map[string]*tournament.Snapshot

	groups sync.Map // event streams whose delivery group this store has made sure of
}

// maxSnapshots bounds the snapshots kept in memory; past it, the map starts over.
const maxSnapshots = 512

// New returns a store over the Redis client.
func New(rdb redis.UniversalClient) *Store {
	return &Store{rdb: rdb, Now: time.Now, snaps: map[string]*tournament.Snapshot{}}
}

// Ping tells whether Redis answers.
func (s *Store) Ping(ctx context.Context) error { return s.rdb.Ping(ctx).Err() }

// Snapshot returns the tournament as it is now. It costs one round trip when
// the tournament has not changed since it was last read, two when it has.
func (s *Store) Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error) {
	v, err := s.rdb.Get(ctx, versionKey(id)).Int64()
	if errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s version: %w", id, err)
	}
	s.mu.Lock()
	snap := s.snaps[id]
	s.mu.Unlock()
	if snap != nil && snap.Version == v {
		return snap, nil
	}
	return s.load(ctx, id)
}

// load reads all of a tournament in one transaction, so the parts agree with the version.
func (s *Store) load(ctx context.Context, id string) (*tournament.Snapshot, error) {
	var version *redis.StringCmd
	var meta *redis.StringCmd
	var matches, entries *redis.MapStringStringCmd
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		version = p.Get(ctx, versionKey(id))
		meta = p.Get(ctx, metaKey(id))
		matches = p.HGetAll(ctx, matchesKey(id))
		entries = p.HGetAll(ctx, entriesKey(id))
		return nil
	})
	if errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("cache: load tournament %s: %w", id, err)
	}
	v, err := version.Int64()
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s version: %w", id, err)
	}
	var t tournament.Tournament
	if err := json.Unmarshal([]byte(meta.Val()), &t); err != nil {
		return nil, fmt.Errorf("cache: tournament %s meta: %w", id, err)
	}
	ms := make([]*tournament.Match, 0, len(matches.Val()))
	for mid, raw := range matches.Val() {
		m := new(tournament.Match)
		if err := json.Unmarshal([]byte(raw), m); err != nil {
			return nil, fmt.Errorf("cache: tournament %s match %s: %w", id, mid, err)
		}
		ms = append(ms, m)
	}
	es := make(map[string]*tournament.Entry, len(entries.Val()))
	for eid, raw := range entries.Val() {
		e := new(tournament.Entry)
		if err := json.Unmarshal([]byte(raw), e); err != nil {
			return nil, fmt.Errorf("cache: tournament %s entry %s: %w", id, eid, err)
		}
		es[eid] = e
	}
	org, err := s.Organizer(ctx, t.OrganizerID)
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, err)
	}
	snap := tournament.NewSnapshot(v, &t, org, ms, es)
	s.mu.Lock()
	if len(s.snaps) >= maxSnapshots {
		clear(s.snaps)
	}
	if old := s.snaps[id]; old == nil || old.Version < v {
		s.snaps[id] = snap
	}
	s.mu.Unlock()
	return snap, nil
}

// Organizer returns the organizer with the id.
func (s *Store) Organizer(ctx context.Context, id string) (tournament.Organizer, error) {
	var o tournament.Organizer
	raw, err := s.rdb.HGet(ctx, organizersKey, id).Result()
	if errors.Is(err, redis.Nil) {
		return o, fmt.Errorf("cache: organizer %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return o, fmt.Errorf("cache: organizer %s: %w", id, err)
	}
	err = json.Unmarshal([]byte(raw), &o)
	return o, err
}

// OrganizerBySlug returns the organizer with the slug.
func (s *Store) OrganizerBySlug(ctx context.Context, slug string) (tournament.Organizer, error) {
	id, err := s.rdb.HGet(ctx, organizerSlugsKey, slug).Result()
	if errors.Is(err, redis.Nil) {
		return tournament.Organizer{}, fmt.Errorf("cache: organizer %s: %w", slug, ErrNotFound)
	}
	if err != nil {
		return tournament.Organizer{}, fmt.Errorf("cache: organizer %s: %w", slug, err)
	}
	return s.Organizer(ctx, id)
}

// Organizers returns every organizer, by name.
func (s *Store) Organizers(ctx context.Context) ([]tournament.Organizer, error) {
	all, err := s.rdb.HGetAll(ctx, organizersKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: organizers: %w", err)
	}
	out := make([]tournament.Organizer, 0, len(all))
	for _, raw := range all {
		var o tournament.Organizer
		if err := json.Unmarshal([]byte(raw), &o); err != nil {
			return nil, fmt.Errorf("cache: organizers: %w", err)
		}
		out = append(out, o)
	}
	sortOrganizers(out)
	return out, nil
}
