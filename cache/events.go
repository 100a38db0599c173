package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// Batch is a run of a tournament's events, delivered to one webhook as one call.
type Batch struct {
	TournamentID string
	// ID is the same every time this batch is delivered, so receivers can tell a repeat.
	ID     int64
	Events []tournament.Event
	// last is the stream entry the batch ends with: the webhook's cursor once it got it.
	last string
}

// EventTournaments lists the tournaments that have an event stream.
func (s *Store) EventTournaments(ctx context.Context) ([]string, error) {
	streams, err := s.rdb.SMembers(ctx, eventStreamsKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: event streams: %w", err)
	}
	ids := make([]string, len(streams))
	for i, st := range streams {
		ids[i] = tournamentOfStream(st)
	}
	return ids, nil
}

// leaseScript renews or releases a lease only for its holder.
// KEYS: the lease. ARGV: holder, ttl in ms (0 releases).
var leaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`)

// TakeLease makes holder the one instance that delivers to the webhook for ttl.
func (s *Store) TakeLease(ctx context.Context, w record.Webhook, holder string, ttl time.Duration) (bool, error) {
	ok, err := s.rdb.SetNX(ctx, webhookLeaseKey(w.TournamentID, w.ID), holder, ttl).Result()
	if err != nil {
		return false, fmt.Errorf("cache: lease of webhook %s: %w", w.ID, err)
	}
	return ok, nil
}

// RenewLease extends holder's lease; false when the lease is no longer holder's.
func (s *Store) RenewLease(ctx context.Context, w record.Webhook, holder string, ttl time.Duration) (bool, error) {
	n, err := leaseScript.Run(ctx, s.rdb, []string{webhookLeaseKey(w.TournamentID, w.ID)}, holder, ttl.Milliseconds()).Int()
	return n == 1, err
}

// ReleaseLease gives holder's lease up.
func (s *Store) ReleaseLease(ctx context.Context, w record.Webhook, holder string) error {
	return leaseScript.Run(ctx, s.rdb, []string{webhookLeaseKey(w.TournamentID, w.ID)}, holder, 0).Err()
}

// nextBatchScript returns the webhook's batch in flight, or makes the next one
// from the entries after its cursor: a JSON array of the delivery id, the last
// entry, and each entry's events (JSON arrays). When there is nothing to
// deliver it returns the tournament's version: nothing is new until it moves.
// A webhook without a cursor starts at the stream's end.
// It returns false to a caller that does not hold the lease (a webhook deleted meanwhile).
// KEYS: events stream, cursors hash, the batch in flight, the delivery sequence, version, lease.
// ARGV: webhook id, most entries in a batch, holder.
var nextBatchScript = redis.NewScript(`
if redis.call('GET', KEYS[6]) ~= ARGV[3] then return false end
local b = redis.call('GET', KEYS[3])
if b then return b end
local from = redis.call('HGET', KEYS[2], ARGV[1])
if not from then
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  from = last[1] and last[1][1] or '0-0'
  redis.call('HSET', KEYS[2], ARGV[1], from)
end
local es = redis.call('XRANGE', KEYS[1], '(' .. from, '+', 'COUNT', ARGV[2])
if #es == 0 then return tonumber(redis.call('GET', KEYS[5]) or '0') end
b = {tostring(redis.call('INCR', KEYS[4])), es[#es][1]}
for _, e in ipairs(es) do
  local f = e[2]
  for k = 1, #f, 2 do
    if f[k] == 'events' then b[#b + 1] = f[k + 1] end
  end
end
b = cjson.encode(b)
redis.call('SET', KEYS[3], b)
return b
`)

// NextBatch returns the webhook's next batch of at most max stream entries:
// the batch in flight if a delivery was cut short (the same id and events),
// else the entries after its cursor. When there is nothing to deliver it
// returns nil and the tournament's version, which it notes (KnownVersion):
// nothing is new for the webhook while the version stays. Only the lease
// holder gets anything.
func (s *Store) NextBatch(ctx context.Context, w record.Webhook, holder string, max int) (*Batch, int64, error) {
	keys := []string{eventsKey(w.TournamentID), webhookCursorsKey(w.TournamentID), webhookBatchKey(w.TournamentID, w.ID),
		deliverySeqKey(w.TournamentID), versionKey(w.TournamentID), webhookLeaseKey(w.TournamentID, w.ID)}
	res, err := nextBatchScript.Run(ctx, s.rdb, keys, w.ID, max, holder).Result()
	if errors.Is(err, redis.Nil) {
		return nil, -1, nil // the lease is gone
	}
	if err != nil {
		return nil, 0, fmt.Errorf("cache: next batch of webhook %s: %w", w.ID, err)
	}
	if v, ok := res.(int64); ok {
		s.noteVersion(w.TournamentID, v)
		return nil, v, nil
	}
	raw, _ := res.(string)
	var parts []string
	if err := json.Unmarshal([]byte(raw), &parts); err != nil || len(parts) < 2 {
		return nil, 0, fmt.Errorf("cache: batch of webhook %s: %q", w.ID, raw)
	}
	id, _ := strconv.ParseInt(parts[0], 10, 64)
	b := &Batch{TournamentID: w.TournamentID, ID: id, last: parts[1], Events: []tournament.Event{}}
	for _, evs := range parts[2:] {
		var e []tournament.Event
		if err := json.Unmarshal([]byte(evs), &e); err != nil {
			continue // not ours
		}
		b.Events = append(b.Events, e...)
	}
	return b, 0, nil
}

// deliveredScript moves the webhook's cursor past its batch in flight, if the
// caller still holds the lease and the batch is still the one in flight.
// KEYS: cursors hash, the batch in flight, the lease. ARGV: webhook id, batch id, last entry, holder.
var deliveredScript = redis.NewScript(`
if redis.call('GET', KEYS[3]) ~= ARGV[4] then return 0 end
local b = redis.call('GET', KEYS[2])
if not b or cjson.decode(b)[1] ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('DEL', KEYS[2])
return 1
`)

// Delivered records that the webhook got the batch: its cursor moves past it.
func (s *Store) Delivered(ctx context.Context, w record.Webhook, b *Batch, holder string) error {
	keys := []string{webhookCursorsKey(w.TournamentID), webhookBatchKey(w.TournamentID, w.ID), webhookLeaseKey(w.TournamentID, w.ID)}
	if err := deliveredScript.Run(ctx, s.rdb, keys, w.ID, b.ID, b.last, holder).Err(); err != nil {
		return fmt.Errorf("cache: batch %d of webhook %s: %w", b.ID, w.ID, err)
	}
	return nil
}

// Retention is what TrimTournament found and did.
type Retention struct {
	// Trimmed is how many events the stream lost.
	Trimmed int64
	// Finished is when the tournament ended, zero while it runs.
	Finished time.Time
	// ChangelogDropped says the changelog went (finished for longer than the retention).
	ChangelogDropped bool
}

// trimScript trims the tournament's event stream to the entries from ARGV[1]
// on, but keeps every entry after the cursor of an enabled webhook (ARGV[2..]).
// KEYS: events stream, cursors hash.
var trimScript = redis.NewScript(`
local floor = ARGV[1]
local function older(a, b)
  local am, as = string.match(a, '(%d+)-(%d+)')
  local bm, bs = string.match(b, '(%d+)-(%d+)')
  if #am ~= #bm then return #am < #bm end
  if am ~= bm then return am < bm end
  return tonumber(as) < tonumber(bs)
end
for i = 2, #ARGV do
  local c = redis.call('HGET', KEYS[2], ARGV[i])
  if c and older(c, floor) then floor = c end
end
return redis.call('XTRIM', KEYS[1], 'MINID', floor)
`)

// TrimTournament applies the retention to one tournament: its event stream
// keeps the events of the last keep, and every event an enabled webhook has
// not got yet; once it has been finished (or cancelled) for keep, its
// changelog goes too. Results, entries, audit lists and webhooks stay.
func (s *Store) TrimTournament(ctx context.Context, id string, keep time.Duration) (Retention, error) {
	var r Retention
	var meta *redis.StringCmd
	var last *redis.XMessageSliceCmd
	var subs *redis.StringSliceCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		meta = p.Get(ctx, metaKey(id))
		last = p.XRevRangeN(ctx, eventsKey(id), "+", "-", 1)
		subs = p.SMembers(ctx, tournamentWebhooksKey(id))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return r, fmt.Errorf("cache: retention of %s: %w", id, err)
	}
	var t tournament.Tournament
	if raw, err := meta.Result(); err == nil {
		_ = unmarshalRecord([]byte(raw), &t)
	}
	if t.State == tournament.StateFinished || t.State == tournament.StateCancelled {
		r.Finished = t.EndTime.Time
		if msgs := last.Val(); len(msgs) > 0 {
			ms, _, _ := strings.Cut(msgs[0].ID, "-")
			if n, err := strconv.ParseInt(ms, 10, 64); err == nil && time.UnixMilli(n).After(r.Finished) {
				r.Finished = time.UnixMilli(n)
			}
		}
	}
	hooks, err := s.webhooksByID(ctx, subs.Val())
	if err != nil {
		return r, err
	}
	args := []any{fmt.Sprintf("%d-0", s.Now().Add(-keep).UnixMilli())}
	for _, w := range hooks {
		if w.Enabled {
			args = append(args, w.ID)
		}
	}
	r.Trimmed, err = trimScript.Run(ctx, s.rdb, []string{eventsKey(id), webhookCursorsKey(id)}, args...).Int64()
	if err != nil {
		return r, fmt.Errorf("cache: retention of %s: %w", id, err)
	}
	if !r.Finished.IsZero() && s.Now().Sub(r.Finished) >= keep {
		n, err := s.rdb.Del(ctx, changesKey(id)).Result()
		if err != nil {
			return r, fmt.Errorf("cache: retention of %s: %w", id, err)
		}
		r.ChangelogDropped = n > 0
	}
	return r, nil
}
