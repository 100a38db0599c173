package cache

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// QuotaError refuses what would take an organizer past one of its quotas.
// It names the limit (a row of tournament.Table) with the organizer's own value.
type QuotaError struct {
	Limit tournament.Limit
	// RetryAfter is how long until a write fits again (writes a minute only).
	RetryAfter time.Duration
}

func (e *QuotaError) Error() string {
	return fmt.Sprintf("the organizer's quota of %s is used up (limit %q)", tournament.LimitText(e.Limit), e.Limit.Name)
}

// Problems is the refusal as a setup's problem, for the console's form and
// the command line: the quota and its limit's name, in the catalogs' words.
func (e *QuotaError) Problems() tournament.Problems {
	return tournament.Problems{{Message: tournament.Message{Format: "the organizer's quota of %s is used up (limit %q)", Args: []any{tournament.LimitText(e.Limit), e.Limit.Name}}}}
}

// quotaErr is the refusal of the quota named by a script's answer.
func quotaErr(name string, q tournament.Quota) error {
	l := tournament.LimitNamed(name)
	switch name {
	case tournament.LimitTournaments:
		l.Value = q.Tournaments
	case tournament.LimitMatches:
		l.Value = q.Matches
	case tournament.LimitStorage:
		l.Value = q.Bytes
	case tournament.LimitWrites:
		l.Value = q.Writes
	}
	return &QuotaError{Limit: l}
}

// Usage is what an organizer holds, beside its quota.
type Usage struct {
	Tournaments int
	Matches     int
	Bytes       int
	Quota       tournament.Quota
}

// Quota is the organizer's quota: the table's, unless an operator set its own.
func (s *Store) Quota(ctx context.Context, orgID string) (tournament.Quota, error) {
	u, err := s.Usage(ctx, orgID)
	return u.Quota, err
}

// Usage reads what the organizer holds and its quota, in one round trip.
func (s *Store) Usage(ctx context.Context, orgID string) (Usage, error) {
	var n *redis.IntCmd
	var used, quota *redis.SliceCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		n = p.HLen(ctx, organizerIndexKey(orgID))
		used = p.HMGet(ctx, organizerUsageKey(orgID), "matches", "bytes")
		quota = p.HMGet(ctx, organizerQuotaKey(orgID), "tournaments", "matches", "bytes", "writes")
		return nil
	})
	if err != nil {
		return Usage{}, fmt.Errorf("cache: organizer %s usage: %w", orgID, err)
	}
	num := func(v any, or int) int {
		if str, ok := v.(string); ok {
			if i, err := strconv.Atoi(str); err == nil {
				return i
			}
		}
		return or
	}
	q, d := quota.Val(), tournament.DefaultQuota
	u := Usage{Tournaments: int(n.Val()), Matches: num(used.Val()[0], 0), Bytes: num(used.Val()[1], 0),
		Quota: tournament.Quota{Tournaments: num(q[0], d.Tournaments), Matches: num(q[1], d.Matches), Bytes: num(q[2], d.Bytes), Writes: num(q[3], d.Writes)}}
	return u, nil
}

// SetQuota sets the organizer's quota; a zero field goes back to the table's value.
func (s *Store) SetQuota(ctx context.Context, orgID string, q tournament.Quota) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		for field, v := range map[string]int{"tournaments": q.Tournaments, "matches": q.Matches, "bytes": q.Bytes, "writes": q.Writes} {
			if v > 0 {
				p.HSet(ctx, organizerQuotaKey(orgID), field, v)
			} else {
				p.HDel(ctx, organizerQuotaKey(orgID), field)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: organizer %s quota: %w", orgID, err)
	}
	return nil
}

// quotaReserveScript lists a new tournament in its organizer's index, counting
// it against the quotas, in one step: refused (nothing written) when the
// organizer would hold more tournaments, matches or bytes than its quota.
// Listing a tournament the index has already changes nothing.
// KEYS: index, usage, reserved, quota (the organizer's slot).
// ARGV: tournament id, matches, bytes, listing JSON, the default quota
// (tournaments, matches, bytes). Returns "ok", "listed" when the index has
// it already (nothing is counted again), or the limit's name.
var quotaReserveScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'listed' end
local q = redis.call('HMGET', KEYS[4], 'tournaments', 'matches', 'bytes')
local u = redis.call('HMGET', KEYS[2], 'matches', 'bytes')
if redis.call('HLEN', KEYS[1]) + 1 > tonumber(q[1] or ARGV[5]) then return 'tournaments per organizer' end
if tonumber(u[1] or '0') + tonumber(ARGV[2]) > tonumber(q[2] or ARGV[6]) then return 'matches per organizer' end
if tonumber(u[2] or '0') + tonumber(ARGV[3]) > tonumber(q[3] or ARGV[7]) then return 'storage per organizer' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
redis.call('HINCRBY', KEYS[2], 'matches', ARGV[2])
redis.call('HINCRBY', KEYS[2], 'bytes', ARGV[3])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2] .. ' ' .. ARGV[3])
return 'ok'
`)

// quotaReleaseScript takes a tournament out of its organizer's index and gives
// back what it counted. KEYS: index, usage, reserved. ARGV: tournament id.
var quotaReleaseScript = redis.NewScript(`
redis.call('HDEL', KEYS[1], ARGV[1])
local r = redis.call('HGET', KEYS[3], ARGV[1])
if r then
  local m, b = string.match(r, '(%d+) (%d+)')
  redis.call('HINCRBY', KEYS[2], 'matches', -tonumber(m))
  redis.call('HINCRBY', KEYS[2], 'bytes', -tonumber(b))
  redis.call('HDEL', KEYS[3], ARGV[1])
end
return 0
`)

// reserve lists the tournament in its organizer's index within the
// organizer's quotas, counting matches (the most it can come to) and bytes.
// It reports whether it listed it now (false: the index had it already).
func (s *Store) reserve(ctx context.Context, t *tournament.Tournament, matches, bytes int) (bool, error) {
	l, err := marshalRecord(listingOf(t))
	if err != nil {
		return false, err
	}
	org := t.OrganizerID
	d := tournament.DefaultQuota
	res, err := s.runWrite(ctx, quotaReserveScript, []string{organizerIndexKey(org), organizerUsageKey(org), organizerReservedKey(org), organizerQuotaKey(org)},
		t.ID, matches, bytes, l, d.Tournaments, d.Matches, d.Bytes).Text()
	if err != nil {
		return false, fmt.Errorf("cache: organizer %s quota: %w", org, err)
	}
	switch res {
	case "ok":
		return true, nil
	case "listed":
		return false, nil
	}
	q, err := s.Quota(ctx, org)
	if err != nil {
		return false, err
	}
	return false, quotaErr(res, q)
}

// release takes the tournament out of its organizer's index and quota.
func (s *Store) release(ctx context.Context, orgID, id string) error {
	err := s.runWrite(ctx, quotaReleaseScript, []string{organizerIndexKey(orgID), organizerUsageKey(orgID), organizerReservedKey(orgID)}, id).Err()
	if err != nil {
		return fmt.Errorf("cache: organizer %s quota: %w", orgID, err)
	}
	return nil
}

// storedBytes is what a tournament counts in its organizer's storage: its
// record and entries as created, and tournament.StoredMatchBytes a match it may come to.
func storedBytes(t *tournament.Tournament, entries []*tournament.Entry, matches int) (int, error) {
	raw, err := marshalRecord(t)
	if err != nil {
		return 0, err
	}
	n := len(raw) + matches*tournament.StoredMatchBytes
	for _, e := range entries {
		raw, err := marshalRecord(e)
		if err != nil {
			return 0, err
		}
		n += len(raw)
	}
	return n, nil
}

// writeRateScript counts one write of an organizer against its writes a
// minute, as rateScript counts a key's requests, with the organizer's own
// quota when an operator set one. KEYS: this minute's counter, the last
// minute's, the quota (the organizer's slot). ARGV: the default quota,
// window in ms, ms elapsed in the window. Returns {allowed, cur, prev, limit}.
var writeRateScript = redis.NewScript(`
local limit = tonumber(redis.call('HGET', KEYS[3], 'writes') or ARGV[1])
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local prev = tonumber(redis.call('GET', KEYS[2]) or '0')
local window, elapsed = tonumber(ARGV[2]), tonumber(ARGV[3])
if prev * (window - elapsed) / window + cur + 1 > limit then
  return {0, cur, prev, limit}
end
cur = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], 2 * window)
return {1, cur, prev, limit}
`)

// TakeWrite counts one write of the organizer against its writes a minute,
// shared by every instance; past it, a *QuotaError says how long to wait.
func (s *Store) TakeWrite(ctx context.Context, orgID string) error {
	if orgID == "" {
		return nil
	}
	w := RateWindow.Milliseconds()
	ms := s.Now().UnixMilli()
	window, elapsed := ms/w, ms%w
	res, err := writeRateScript.Run(ctx, s.rdb, []string{organizerWritesKey(orgID, window), organizerWritesKey(orgID, window-1), organizerQuotaKey(orgID)},
		tournament.DefaultQuota.Writes, w, elapsed).Int64Slice()
	if err != nil {
		return fmt.Errorf("cache: organizer %s writes: %w", orgID, err)
	}
	if res[0] == 1 {
		return nil
	}
	e := quotaErr(tournament.LimitWrites, tournament.Quota{Writes: int(res[3])}).(*QuotaError)
	e.RetryAfter = retryAfterFor(res[1], res[2], res[3], w, elapsed)
	return e
}

// IsQuota reports whether err is a quota's refusal, and which.
func IsQuota(err error) (*QuotaError, bool) {
	var q *QuotaError
	ok := errors.As(err, &q)
	return q, ok
}
