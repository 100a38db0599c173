package cache

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

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
	// Durability is how many replicas confirm a write before it is acknowledged.
	Durability Durability

	mu       sync.Mutex
	snaps    map[string]*tournament.Snapshot
	versions map[string]int64                               // see KnownVersion
	watching atomic.Bool                                    // WatchVersions is subscribed
	onChange atomic.Pointer[func(id string, version int64)] // see OnChange

	replicas sync.Map // node address → replicaCount, for Durability

	reads singleflight.Group // one read of a tournament at a time, shared by its readers

	rankings rankingsMemo // the last Rankings read per organizer (rankings.go)

	helpersIndexed atomic.Bool // the organizers' helper indexes are built (accounts.go)

	suspension suspensions // the suspended organizers, as last read (operators.go)
}

// maxSnapshots bounds the snapshots kept in memory; past it, the map starts over.
const maxSnapshots = 512

// New returns a store over the Redis client.
func New(rdb redis.UniversalClient) *Store {
	return &Store{rdb: rdb, Now: time.Now, snaps: map[string]*tournament.Snapshot{}, versions: map[string]int64{}}
}

// Ping tells whether Redis answers.
func (s *Store) Ping(ctx context.Context) error { return s.rdb.Ping(ctx).Err() }

// WriteProblem says why the store refuses writes now, or nil: the embedded
// store's data directory cannot be written (a full disk, a failing one).
// It wraps ErrCannotWrite.
func (s *Store) WriteProblem() error {
	if w, ok := s.rdb.(interface{ WriteProblem() error }); ok {
		return w.WriteProblem()
	}
	return nil
}

// deltaScript tells a reader holding version ARGV[1] what changed since, in
// one atomic read: {version} when nothing did; {version, meta JSON or "",
// {match id, match JSON or nil when removed, ...}, {entry id, entry JSON, ...}}
// with the records the changes since wrote; {version, false} when the
// changelog does not cover them all (a whole tournament was replaced, the
// reader is too far behind, or the version went backwards) and the reader
// must load it whole; {-1} when the tournament does not exist. A fifth
// element holds the courts' reports (court id, JSON, ...) when a change since
// noted "r" (see reportScript), 0 when the reader's are still current.
// KEYS: version, changelog, matches hash, meta, entries hash, reports hash.
var deltaScript = redis.NewScript(`
local raw = redis.call('GET', KEYS[1])
if not raw then return {-1} end
local v, from = tonumber(raw), tonumber(ARGV[1])
if v == from then return {v} end
if v < from then return {v, false} end
local entries = redis.call('XRANGE', KEYS[2], (from + 1) .. '-1', '+')
if #entries ~= v - from then return {v, false} end
local ids, eids, seen, meta, reports = {}, {}, {}, false, false
local function note(list, prefix, csv)
  for id in string.gmatch(csv, '[^,]+') do
    if not seen[prefix .. id] then seen[prefix .. id] = true; list[#list + 1] = id end
  end
end
for i, e in ipairs(entries) do
  if e[1] ~= (from + i) .. '-1' then return {v, false} end
  local f = e[2]
  for k = 1, #f, 2 do
    if f[k] == 'meta' and f[k + 1] == '1' then meta = true end
    if f[k] == 'm' then note(ids, 'm', f[k + 1]) end
    if f[k] == 'e' then note(eids, 'e', f[k + 1]) end
    if f[k] == 'r' and f[k + 1] == '1' then reports = true end
  end
end
local ms, es = {}, {}
for _, id in ipairs(ids) do
  ms[#ms + 1] = id
  ms[#ms + 1] = redis.call('HGET', KEYS[3], id)
end
for _, id in ipairs(eids) do
  es[#es + 1] = id
  es[#es + 1] = redis.call('HGET', KEYS[5], id)
end
return {v, meta and redis.call('GET', KEYS[4]) or '', ms, es, reports and redis.call('HGETALL', KEYS[6]) or 0}
`)

// Snapshot returns the tournament as it is now. While the version watcher
// vouches that the snapshot in memory is current, that costs no round trip;
// otherwise one: unchanged, the snapshot in memory is returned; changed, only
// the records that changed are fetched and decoded. A tournament not read
// before, or replaced whole, is loaded whole; so is one whose version went
// backwards (Redis restored from a backup, or a failover to a replica that
// lagged), after what this instance held of it is dropped.
//
// Readers that come while a tournament is read share that read: fifty
// requests after a change cost one round trip and one decoded snapshot. The
// read runs under a context their leaving does not cancel.
func (s *Store) Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error) {
	s.mu.Lock()
	snap, known := s.snaps[id], s.versions[id]
	s.mu.Unlock()
	if snap != nil && s.watching.Load() && known == snap.Version { // what KnownVersion says, under one lock
		return snap, nil
	}
	for again := true; ; again = false {
		done := s.reads.DoChan(id, func() (any, error) { return s.read(context.WithoutCancel(ctx), id) })
		select {
		case res := <-done:
			if res.Err != nil {
				return nil, res.Err
			}
			// A read that was under way before this instance's last write
			// may miss it: the caller reads again, after it.
			if snap := res.Val.(*tournament.Snapshot); snap.Version >= known || !again {
				return snap, nil
			}
		case <-ctx.Done():
			return nil, fmt.Errorf("cache: tournament %s: %w", id, ctx.Err())
		}
	}
}

// read brings the snapshot in memory up to date with Redis.
func (s *Store) read(ctx context.Context, id string) (*tournament.Snapshot, error) {
	s.mu.Lock()
	snap := s.snaps[id]
	s.mu.Unlock()
	if snap == nil {
		return s.load(ctx, id)
	}
	if v, ok := s.KnownVersion(id); ok && v == snap.Version { // read by the flight that just landed
		return snap, nil
	}
	keys := []string{versionKey(id), changesKey(id), matchesKey(id), metaKey(id), entriesKey(id), reportsKey(id)}
	res, err := deltaScript.Run(ctx, s.rdb, keys, snap.Version).Slice()
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s changes: %w", id, err)
	}
	v, _ := res[0].(int64)
	switch {
	case v < 0:
		s.forget(id)
		return nil, fmt.Errorf("cache: tournament %s: %w", id, ErrNotFound)
	case v == snap.Version:
		s.noteVersion(id, v)
		return snap, nil
	case v < snap.Version:
		s.forget(id)
		return s.load(ctx, id)
	case len(res) < 4:
		return s.load(ctx, id)
	}
	next, err := applyDelta(snap, v, res[1:])
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, err)
	}
	s.keep(id, next)
	return next, nil
}

// applyDelta makes the snapshot at version v from an older one and what
// deltaScript says changed since: the meta JSON ("" if unchanged), the
// changed matches (id, then JSON or nil when removed) and entries (id, JSON).
func applyDelta(old *tournament.Snapshot, v int64, delta []any) (*tournament.Snapshot, error) {
	t := old.Tournament
	if meta, _ := delta[0].(string); meta != "" {
		t = new(tournament.Tournament)
		if err := unmarshalRecord([]byte(meta), t); err != nil {
			return nil, fmt.Errorf("meta: %w", err)
		}
	}
	changed := map[string]*tournament.Match{}
	if err := decodePairs(delta[1], func(id string, m *tournament.Match) { changed[id] = m }); err != nil {
		return nil, err
	}
	ms := make([]*tournament.Match, 0, len(old.Matches)+len(changed))
	for _, m := range old.Matches {
		if c, ok := changed[m.ID]; ok {
			delete(changed, m.ID)
			if m = c; c == nil {
				continue // removed
			}
		}
		ms = append(ms, m)
	}
	for _, m := range changed {
		if m != nil {
			ms = append(ms, m)
		}
	}
	es, copied := old.Entries, false
	err := decodePairs(delta[2], func(id string, e *tournament.Entry) {
		if !copied { // snapshots share their entries: copy before the first change
			es, copied = maps.Clone(old.Entries), true
		}
		if e == nil {
			delete(es, id)
		} else {
			es[id] = e
		}
	})
	if err != nil {
		return nil, err
	}
	snap := tournament.NewSnapshot(v, t, old.Organizer, ms, es)
	snap.Reports = old.Reports
	if len(delta) > 3 {
		if pairs, ok := delta[3].([]any); ok {
			all := make(map[string]string, len(pairs)/2)
			for i := 0; i+1 < len(pairs); i += 2 {
				k, _ := pairs[i].(string)
				v, _ := pairs[i+1].(string)
				all[k] = v
			}
			if snap.Reports, err = decodeReports(all); err != nil {
				return nil, err
			}
		}
	}
	return snap, nil
}

// decodePairs decodes a flat list of id, JSON (or nil: the record is gone)
// pairs, calling got for each; a record that is gone comes as a nil *T.
func decodePairs[T any](list any, got func(id string, rec *T)) error {
	pairs, _ := list.([]any)
	for i := 0; i+1 < len(pairs); i += 2 {
		id, _ := pairs[i].(string)
		raw, ok := pairs[i+1].(string)
		if !ok {
			got(id, nil)
			continue
		}
		rec := new(T)
		if err := unmarshalRecord([]byte(raw), rec); err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		got(id, rec)
	}
	return nil
}

// keep remembers a snapshot unless a newer one is already kept.
func (s *Store) keep(id string, snap *tournament.Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.snaps) >= maxSnapshots {
		clear(s.snaps)
		clear(s.versions)
	}
	if old := s.snaps[id]; old == nil || old.Version < snap.Version {
		s.snaps[id] = snap
	}
	if s.versions[id] < snap.Version {
		s.versions[id] = snap.Version
	}
}

// load reads all of a tournament in one transaction, so the parts agree with the version.
func (s *Store) load(ctx context.Context, id string) (*tournament.Snapshot, error) {
	var version *redis.StringCmd
	var meta *redis.StringCmd
	var matches, entries, reports *redis.MapStringStringCmd
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		version = p.Get(ctx, versionKey(id))
		meta = p.Get(ctx, metaKey(id))
		matches = p.HGetAll(ctx, matchesKey(id))
		entries = p.HGetAll(ctx, entriesKey(id))
		reports = p.HGetAll(ctx, reportsKey(id))
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
	if err := unmarshalRecord([]byte(meta.Val()), &t); err != nil {
		return nil, fmt.Errorf("cache: tournament %s meta: %w", id, err)
	}
	ms := make([]*tournament.Match, 0, len(matches.Val()))
	for mid, raw := range matches.Val() {
		m := new(tournament.Match)
		if err := unmarshalRecord([]byte(raw), m); err != nil {
			return nil, fmt.Errorf("cache: tournament %s match %s: %w", id, mid, err)
		}
		ms = append(ms, m)
	}
	es := make(map[string]*tournament.Entry, len(entries.Val()))
	for eid, raw := range entries.Val() {
		e := new(tournament.Entry)
		if err := unmarshalRecord([]byte(raw), e); err != nil {
			return nil, fmt.Errorf("cache: tournament %s entry %s: %w", id, eid, err)
		}
		es[eid] = e
	}
	org, err := s.Organizer(ctx, t.OrganizerID)
	if err != nil {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, err)
	}
	snap := tournament.NewSnapshot(v, &t, org, ms, es)
	if snap.Reports, err = decodeReports(reports.Val()); err != nil {
		return nil, fmt.Errorf("cache: tournament %s: %w", id, err)
	}
	s.keep(id, snap)
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
	err = unmarshalRecord([]byte(raw), &o)
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

// Organizers returns every organizer that is not suspended, by name: the
// lists of the site and the API (AllOrganizers is the operator's).
func (s *Store) Organizers(ctx context.Context) ([]tournament.Organizer, error) {
	all, err := s.AllOrganizers(ctx)
	if err != nil {
		return nil, err
	}
	off, err := s.suspended(ctx)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(o tournament.Organizer) bool { return off.ids[o.ID] }), nil
}
