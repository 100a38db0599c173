package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// ErrConflict is returned when what a change was computed from has changed since.
var ErrConflict = errors.New("conflict: the tournament changed meanwhile")

// applyScript applies a change in one atomic step: it checks that every record
// the change touches is still at the revision the change was computed from
// (a live result: that its match is still running; and the tournament at its
// version, when the change asks), writes them,
// bumps the version, appends the events and the audit entry, and announces
// the new version. Nothing is written when a check fails.
//
// It also notes in the changelog which records the new version changed, so
// readers holding the previous version fetch only those (see deltaScript).
//
// KEYS: matches hash, version, meta, events stream, audit list (or a dummy), changelog.
// ARGV: the change as JSON (see applyArgs), the tournament id, the streams' length cap.
// Returns {"ok", version}, {"conflict"} or {"not_running"}.
var applyScript = redis.NewScript(`
local c = cjson.decode(ARGV[1])
if c.version and tonumber(redis.call('GET', KEYS[2]) or '0') ~= c.version then
  return {'conflict'}
end
for _, m in ipairs(c.matches) do
  local raw = redis.call('HGET', KEYS[1], m.id)
  if not raw then
    return {'conflict'}
  end
  local cur = cjson.decode(raw)
  if m.running then
    if cur.state ~= 'running' then
      return {'not_running'}
    end
  elseif (cur.rev or 0) ~= m.rev - 1 then
    return {'conflict'}
  end
end
if c.meta then
  local raw = redis.call('GET', KEYS[3])
  if not raw or (cjson.decode(raw).rev or 0) ~= c.meta.rev - 1 then
    return {'conflict'}
  end
end
for _, m in ipairs(c.matches) do
  redis.call('HSET', KEYS[1], m.id, m.json)
end
if c.meta then
  redis.call('SET', KEYS[3], c.meta.json)
end
local v = redis.call('INCR', KEYS[2])
local ids = {}
for i, m in ipairs(c.matches) do
  ids[i] = m.id
end
redis.call('XADD', KEYS[6], 'MAXLEN', '~', ARGV[3], v .. '-1', 'm', table.concat(ids, ','), 'meta', c.meta and '1' or '0')
if c.events then
  redis.call('XADD', KEYS[4], '*', 'events', c.events) -- trimmed by the retention, never past a webhook's cursor
end
if c.audit then
  redis.call('LPUSH', KEYS[5], c.audit)
  redis.call('LTRIM', KEYS[5], 0, 99)
end
redis.call('PUBLISH', 'versions', ARGV[2] .. ' ' .. v)
return {'ok', v}
`)

// streamCap is about how many entries the changelog keeps.
const streamCap = 10000

type applyRecord struct {
	ID      string `json:"id,omitempty"`
	Rev     int    `json:"rev"`
	Running bool   `json:"running,omitempty"`
	JSON    string `json:"json"`
}

type applyArgs struct {
	Version int64         `json:"version,omitempty"`
	Matches []applyRecord `json:"matches"`
	Meta    *applyRecord  `json:"meta,omitempty"`
	Events  string        `json:"events,omitempty"`
	Audit   string        `json:"audit,omitempty"`
}

// Apply writes the change to the tournament atomically and returns the new
// version; ErrConflict when the tournament moved on from what the change was
// computed from, tournament.ErrNotRunning when a live result's match ended.
func (s *Store) Apply(ctx context.Context, id string, c *tournament.Change) (int64, error) {
	args := applyArgs{Version: c.Version, Matches: make([]applyRecord, len(c.Matches))}
	for i, m := range c.Matches {
		raw, err := json.Marshal(m)
		if err != nil {
			return 0, err
		}
		args.Matches[i] = applyRecord{ID: m.ID, Rev: m.Rev, Running: c.Live && i == 0, JSON: string(raw)}
	}
	if c.Tournament != nil {
		raw, err := json.Marshal(c.Tournament)
		if err != nil {
			return 0, err
		}
		args.Meta = &applyRecord{Rev: c.Tournament.Rev, JSON: string(raw)}
	}
	if len(c.Events) > 0 {
		raw, err := json.Marshal(c.Events)
		if err != nil {
			return 0, err
		}
		args.Events = string(raw)
	}
	audit := auditKey(id, "-")
	if c.Audit != nil {
		raw, err := json.Marshal(c.Audit)
		if err != nil {
			return 0, err
		}
		args.Audit, audit = string(raw), auditKey(id, c.Audit.MatchID)
	}
	payload, err := json.Marshal(args)
	if err != nil {
		return 0, err
	}
	keys := []string{matchesKey(id), versionKey(id), metaKey(id), eventsKey(id), audit, changesKey(id)}
	res, err := applyScript.Run(ctx, s.rdb, keys, payload, id, streamCap).Slice()
	if err != nil {
		return 0, fmt.Errorf("cache: apply to %s: %w", id, err)
	}
	switch res[0] {
	case "not_running":
		return 0, tournament.ErrNotRunning
	case "conflict":
		return 0, ErrConflict
	}
	v := res[1].(int64)
	s.noteVersion(id, v)
	return v, nil
}

// maxAttempts bounds how often Write recomputes a change that conflicted.
const maxAttempts = 25

// Write computes a change from the snapshot and applies it. When another
// write got there first, it computes the change again from the tournament as
// it is now; when the rules refuse the change, it makes sure they refused the
// tournament as it is now. It returns the snapshot the applied change was
// computed from and the change.
func (s *Store) Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error) {
	id, snap := from.Tournament.ID, from
	var err error
	for range maxAttempts {
		var c *tournament.Change
		c, err = compute(snap)
		if err == nil {
			_, err = s.Apply(ctx, id, c)
			if err == nil {
				return snap, c, nil
			}
			if !errors.Is(err, ErrConflict) {
				return snap, nil, err
			}
		}
		latest, lerr := s.Snapshot(ctx, id)
		if lerr != nil {
			return nil, nil, lerr
		}
		if !errors.Is(err, ErrConflict) && latest.Version == snap.Version {
			return snap, nil, err // refused by the rules, on the latest state
		}
		snap = latest
	}
	if !errors.Is(err, ErrConflict) {
		return snap, nil, err // the rules kept refusing while the tournament kept moving
	}
	return nil, nil, fmt.Errorf("cache: tournament %s: %w after %d attempts", id, ErrConflict, maxAttempts)
}

// Audit returns the result writes of a match, newest first.
func (s *Store) Audit(ctx context.Context, id, matchID string) ([]tournament.AuditEntry, error) {
	raws, err := s.rdb.LRange(ctx, auditKey(id, matchID), 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: audit %s/%s: %w", id, matchID, err)
	}
	out := make([]tournament.AuditEntry, len(raws))
	for i, raw := range raws {
		if err := json.Unmarshal([]byte(raw), &out[i]); err != nil {
			return nil, fmt.Errorf("cache: audit %s/%s: %w", id, matchID, err)
		}
	}
	return out, nil
}
