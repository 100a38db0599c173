package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// ErrConflict is returned when what a change was computed from has changed since.
var ErrConflict = errors.New("conflict: the tournament changed meanwhile")

// ErrExists is returned for a change that creates a tournament that exists already.
var ErrExists = errors.New("the tournament exists already")

// applyScript applies a change in one atomic step. First it checks, writing
// nothing: that every record the change touches is still at the revision the
// change was computed from (revision 1: that it does not exist yet; a live
// result: that its match is still running), and the tournament at its version
// when the change asks. Then it appends to the streams and the audit list,
// the steps that can fail, and only then writes the records, the version and
// the announcement. So a refusal, or an append that fails, changes nothing.
//
// It notes in the changelog which matches (written or removed) and entries the
// new version changed, so readers holding the previous version fetch only
// those (see deltaScript). A changelog entry's id is its version; an entry at
// or past the version the change makes can only be left from a failed write,
// and would refuse the append, so the changelog is dropped first (readers load
// the tournament whole once).
//
// A change that asks for the tournament at its version (a final result, a
// correction, a call: what it decides depends on every match) is still
// taken when every version since was made by a live score: a live score only
// changes the sets of a match that stays running, which none of them reads,
// so at 2,000 live scores a second a final result is not sent back to be
// computed again and again (and starved). The live-run key says which
// versions those are: "from top", the versions from+1 … top were all live
// scores; a live score extends the run when it follows one (top is the
// version it found), or starts one. Any other write moves the version past
// top and so ends the run, whoever makes it (this script, an import, a
// followed tournament's copy, a court report), without knowing of the key.
//
// KEYS: matches hash, version, meta, events stream, audit list (or a dummy),
// changelog, entries hash, listing, live run. The ids of the matches written or removed
// and of the entries written come joined by commas (mids, eids): a Lua
// table.concat of thousands of ids overflows the embedded Redis' Lua stack.
// ARGV: the change as JSON (see applyArgs), the tournament id, the streams'
// length cap, then the records' JSON: each match's, each entry's, the meta's
// and its listing's, in that order. The records travel as arguments of their
// own, not inside the change's JSON, so the script decodes only the small
// change and hands the records to HSET as they came: a start of 2,048 matches
// costs Redis about a third less.
// Returns {"ok", version}, {"conflict"}, {"not_running"}, {"exists"} or {"not_found"}.
var applyScript = redis.NewScript(`
local c = cjson.decode(ARGV[1])
local matches, entries, removed = c.matches or {}, c.entries or {}, c.removed or {}
local arg = 4
for _, m in ipairs(matches) do m.json = ARGV[arg]; arg = arg + 1 end
for _, e in ipairs(entries) do e.json = ARGV[arg]; arg = arg + 1 end
if c.meta then c.meta.json, c.meta.listing = ARGV[arg], ARGV[arg + 1] end
local function rev(raw)
  return math.max(cjson.decode(raw).rev or 0, 1)
end
local version = tonumber(redis.call('GET', KEYS[2]) or '0')
local meta = redis.call('GET', KEYS[3])
if c.meta and c.meta.rev == 1 then
  if meta or version > 0 then
    return {'exists'}
  end
elseif not meta then
  return {'not_found'}
elseif c.meta and rev(meta) ~= c.meta.rev - 1 then
  return {'conflict'}
end
local from, top = string.match(redis.call('GET', KEYS[9]) or '', '^(%d+) (%d+)$')
from, top = tonumber(from), tonumber(top)
if c.version and version ~= c.version and not (top == version and from <= c.version) then
  return {'conflict'}
end
for _, m in ipairs(matches) do
  local raw = redis.call('HGET', KEYS[1], m.id)
  if m.running then
    if not raw or cjson.decode(raw).state ~= 'running' then
      return {'not_running'}
    end
  elseif m.rev == 1 then
    if raw then
      return {'conflict'}
    end
  elseif not raw or rev(raw) ~= m.rev - 1 then
    return {'conflict'}
  end
end

local v = version + 1
local last = redis.call('XREVRANGE', KEYS[6], '+', '-', 'COUNT', 1)[1]
if last and tonumber(string.match(last[1], '^%d+')) >= v then
  redis.call('DEL', KEYS[6])
end
redis.call('XADD', KEYS[6], 'MAXLEN', '~', ARGV[3], v .. '-1',
  'm', c.mids or '', 'e', c.eids or '', 'meta', c.meta and '1' or '0')
if c.events then
  redis.call('XADD', KEYS[4], '*', 'events', c.events) -- trimmed by the retention, never past a webhook's cursor
end
if c.audit then
  redis.call('LPUSH', KEYS[5], c.audit)
  redis.call('LTRIM', KEYS[5], 0, ` + auditCapLua + `)
end

for _, m in ipairs(matches) do
  redis.call('HSET', KEYS[1], m.id, m.json)
end
for _, id in ipairs(removed) do
  redis.call('HDEL', KEYS[1], id)
end
for _, e in ipairs(entries) do
  redis.call('HSET', KEYS[7], e.id, e.json)
end
if c.meta then
  redis.call('SET', KEYS[3], c.meta.json)
  redis.call('SET', KEYS[8], c.meta.listing)
end
redis.call('SET', KEYS[2], v)
if c.live then
  if top ~= version then from = version end
  redis.call('SET', KEYS[9], from .. ' ' .. v)
end
redis.call('PUBLISH', 'versions', ARGV[2] .. ' ' .. v)
return {'ok', v}
`)

// auditCapLua is tournament.AuditCap as the index of the last element LTRIM
// keeps: the audit log keeps a match's newest result writes. A match's writes
// after its final result (corrections) are its last, so only the earliest
// live results of a long match fall out.
var auditCapLua = strconv.Itoa(tournament.AuditCap - 1)

// streamCap is about how many entries the changelog keeps.
const streamCap = 10000

type applyRecord struct {
	ID      string `json:"id,omitempty"`
	Rev     int    `json:"rev"`
	Running bool   `json:"running,omitempty"`
	JSON    string `json:"-"` // an argument of its own (see applyScript)
	Listing string `json:"-"`
}

type applyArgs struct {
	Version int64         `json:"version,omitempty"`
	Live    bool          `json:"live,omitempty"` // a live score: it extends the live run (see applyScript)
	Matches []applyRecord `json:"matches,omitempty"`
	Entries []applyRecord `json:"entries,omitempty"`
	Removed []string      `json:"removed,omitempty"`
	MIDs    string        `json:"mids,omitempty"`
	EIDs    string        `json:"eids,omitempty"`
	Meta    *applyRecord  `json:"meta,omitempty"`
	Events  string        `json:"events,omitempty"`
	Audit   string        `json:"audit,omitempty"`
}

// Apply writes the change to the tournament atomically and returns the new
// version; ErrConflict when the tournament moved on from what the change was
// computed from, tournament.ErrNotRunning when a live result's match ended.
// A change whose Tournament has Rev 1 creates the tournament (ErrExists when
// it exists) and lists it in its organizer's index.
func (s *Store) Apply(ctx context.Context, id string, c *tournament.Change) (int64, error) {
	args, err := encodeChange(c)
	if err != nil {
		return 0, err
	}
	if t := c.Tournament; t != nil && t.Rev == 1 {
		// The index lives in another slot: listed first, a tournament
		// is never without its entry; readers skip entries of tournaments
		// that were never made (see Tournaments). Listing it counts it
		// against its organizer's quotas (CreateTournament has counted
		// the most its setup comes to already).
		bytes, err := storedBytes(t, c.Entries, len(c.Matches))
		if err != nil {
			return 0, err
		}
		if _, err := s.reserve(ctx, t, len(c.Matches), bytes); err != nil {
			return 0, err
		}
		if err := s.index(ctx, t); err != nil {
			return 0, err
		}
	}
	argv, err := args.argv(id)
	if err != nil {
		return 0, err
	}
	audit := auditKey(id, "-")
	if c.Audit != nil {
		audit = auditKey(id, c.Audit.MatchID)
	}
	keys := []string{matchesKey(id), versionKey(id), metaKey(id), eventsKey(id), audit, changesKey(id), entriesKey(id), listingKey(id), liveRunKey(id)}
	res, err := s.runWrite(ctx, applyScript, keys, argv...).Slice()
	if err != nil {
		return 0, fmt.Errorf("cache: apply to %s: %w", id, err)
	}
	switch res[0] {
	case "not_running":
		return 0, tournament.ErrNotRunning
	case "conflict":
		return 0, ErrConflict
	case "exists":
		return 0, fmt.Errorf("cache: tournament %s: %w", id, ErrExists)
	case "not_found":
		return 0, fmt.Errorf("cache: tournament %s: %w", id, ErrNotFound)
	}
	v := res[1].(int64)
	s.noteVersion(id, v)
	return v, nil
}

// encodeChange encodes what the change writes as applyScript reads it.
func encodeChange(c *tournament.Change) (applyArgs, error) {
	args := applyArgs{Version: c.Version, Live: c.Live, Removed: c.Removed}
	for i, m := range c.Matches {
		raw, err := marshalRecord(m)
		if err != nil {
			return args, err
		}
		args.Matches = append(args.Matches, applyRecord{ID: m.ID, Rev: m.Rev, Running: c.Live && i == 0, JSON: string(raw)})
	}
	for _, e := range c.Entries {
		raw, err := marshalRecord(e)
		if err != nil {
			return args, err
		}
		args.Entries = append(args.Entries, applyRecord{ID: e.ID, JSON: string(raw)})
	}
	ids := make([]string, 0, len(c.Matches)+len(c.Removed))
	for _, m := range c.Matches {
		ids = append(ids, m.ID)
	}
	args.MIDs = strings.Join(append(ids, c.Removed...), ",")
	ids = ids[:0]
	for _, e := range c.Entries {
		ids = append(ids, e.ID)
	}
	args.EIDs = strings.Join(ids, ",")
	if t := c.Tournament; t != nil {
		raw, err := marshalRecord(t)
		if err != nil {
			return args, err
		}
		l, err := marshalRecord(listingOf(t))
		if err != nil {
			return args, err
		}
		args.Meta = &applyRecord{Rev: t.Rev, JSON: string(raw), Listing: string(l)}
	}
	if len(c.Events) > 0 {
		raw, err := json.Marshal(c.Events)
		if err != nil {
			return args, err
		}
		args.Events = string(raw)
	}
	if c.Audit != nil {
		raw, err := marshalRecord(c.Audit)
		if err != nil {
			return args, err
		}
		args.Audit = string(raw)
	}
	return args, nil
}

// argv is applyScript's ARGV: the payload, the tournament id, the stream's
// cap, then the records' JSON (matches, entries, the record and its listing).
func (args applyArgs) argv(id string) ([]any, error) {
	payload, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	argv := make([]any, 0, 5+len(args.Matches)+len(args.Entries))
	argv = append(argv, payload, id, streamCap)
	for _, m := range args.Matches {
		argv = append(argv, m.JSON)
	}
	for _, e := range args.Entries {
		argv = append(argv, e.JSON)
	}
	if args.Meta != nil {
		argv = append(argv, args.Meta.JSON, args.Meta.Listing)
	}
	return argv, nil
}

// maxAttempts bounds how often Write recomputes a change that conflicted.
const maxAttempts = 25

// Write computes a change from the snapshot and applies it. When another
// write got there first, it computes the change again from the tournament as
// it is now, after a short random pause that grows with every conflict, so
// writers racing on one tournament spread out and each gets through; when the
// rules refuse the change, it makes sure they refused the tournament as it is
// now. It returns the snapshot the applied change was computed from and the change.
func (s *Store) Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error) {
	id, snap := from.Tournament.ID, from
	if err := s.TakeWrite(ctx, from.Tournament.OrganizerID); err != nil {
		return nil, nil, err
	}
	var err error
	for attempt := range maxAttempts {
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
			if err := pause(ctx, attempt); err != nil {
				return nil, nil, err
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

// pause waits before the next attempt after the attempt-th conflict (from 0):
// a random time up to 1 ms, doubling with each conflict up to 64 ms.
func pause(ctx context.Context, attempt int) error {
	t := time.NewTimer(rand.N(time.Millisecond << min(attempt, 6)))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Audit returns the result writes of a match, newest first.
func (s *Store) Audit(ctx context.Context, id, matchID string) ([]tournament.AuditEntry, error) {
	raws, err := s.rdb.LRange(ctx, auditKey(id, matchID), 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: audit %s/%s: %w", id, matchID, err)
	}
	out := make([]tournament.AuditEntry, len(raws))
	for i, raw := range raws {
		if err := unmarshalRecord([]byte(raw), &out[i]); err != nil {
			return nil, fmt.Errorf("cache: audit %s/%s: %w", id, matchID, err)
		}
	}
	return out, nil
}
