package cache

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// PutFollow creates or replaces a follow.
func (s *Store) PutFollow(ctx context.Context, f record.Follow) error {
	raw, err := marshalRecord(f)
	if err != nil {
		return err
	}
	if err := s.rdb.HSet(ctx, followsKey, f.ID, raw).Err(); err != nil {
		return fmt.Errorf("cache: follow %s: %w", f.ID, err)
	}
	return nil
}

// ErrFollowTaken and ErrTooManyFollows are why AddFollow refuses a follow.
var (
	ErrFollowTaken    = errors.New("followed by another organizer")
	ErrTooManyFollows = errors.New("too many follows")
)

// AddFollow records a follow in one optimistic transaction, so two requests
// at once cannot both pass its checks: it refuses with ErrFollowTaken when
// another organizer follows the tournament already, and with
// ErrTooManyFollows when the organizer follows max others. Following a
// tournament again replaces its record.
func (s *Store) AddFollow(ctx context.Context, f record.Follow, max int) error {
	raw, err := marshalRecord(f)
	if err != nil {
		return err
	}
	check := func(tx *redis.Tx) error {
		all, err := tx.HGetAll(ctx, followsKey).Result()
		if err != nil {
			return err
		}
		n := 0
		for id, v := range all {
			var o record.Follow
			if err := unmarshalRecord([]byte(v), &o); err != nil {
				return err
			}
			switch {
			case id == f.ID && o.OrganizerID != f.OrganizerID:
				return ErrFollowTaken
			case id != f.ID && o.OrganizerID == f.OrganizerID:
				n++
			}
		}
		if _, ok := all[f.ID]; !ok && n >= max {
			return ErrTooManyFollows
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			return p.HSet(ctx, followsKey, f.ID, raw).Err()
		})
		return err
	}
	for range 20 {
		err = s.rdb.Watch(ctx, check, followsKey)
		if !errors.Is(err, redis.TxFailedErr) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("cache: follow %s: %w", f.ID, err)
	}
	return nil
}

// Follow returns the follow of the tournament; ErrNotFound when it is not followed.
func (s *Store) Follow(ctx context.Context, id string) (record.Follow, error) {
	var f record.Follow
	raw, err := s.rdb.HGet(ctx, followsKey, id).Result()
	if errors.Is(err, redis.Nil) {
		return f, fmt.Errorf("cache: follow %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return f, fmt.Errorf("cache: follow %s: %w", id, err)
	}
	err = unmarshalRecord([]byte(raw), &f)
	return f, err
}

// Follows returns every follow, by tournament id.
func (s *Store) Follows(ctx context.Context) ([]record.Follow, error) {
	all, err := s.rdb.HGetAll(ctx, followsKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: follows: %w", err)
	}
	out := make([]record.Follow, 0, len(all))
	for _, raw := range all {
		var f record.Follow
		if err := unmarshalRecord([]byte(raw), &f); err != nil {
			return nil, fmt.Errorf("cache: follows: %w", err)
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b record.Follow) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// StopFollow ends a follow; the copy stays as it was last seen.
func (s *Store) StopFollow(ctx context.Context, id string) error {
	n, err := s.rdb.HDel(ctx, followsKey, id).Result()
	if err != nil {
		return fmt.Errorf("cache: stop follow %s: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("cache: follow %s: %w", id, ErrNotFound)
	}
	return s.rdb.Del(ctx, followStatusKey(id), followDirtyKey(id)).Err()
}

// FollowStatuses returns how following each tournament goes, in one round trip.
func (s *Store) FollowStatuses(ctx context.Context, fs ...record.Follow) ([]record.FollowStatus, error) {
	status := make([]*redis.MapStringStringCmd, len(fs))
	used := make([]*redis.IntCmd, len(fs))
	since := strconv.FormatInt(s.Now().Add(-budgetWindow).UnixMilli(), 10)
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, f := range fs {
			status[i] = p.HGetAll(ctx, followStatusKey(f.ID))
			used[i] = p.ZCount(ctx, budgetKey(f.KeyHash()), since, "+inf")
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cache: follow status: %w", err)
	}
	out := make([]record.FollowStatus, len(fs))
	for i := range fs {
		st, m := &out[i], status[i].Val()
		_ = st.LastSync.UnmarshalJSON([]byte(strconv.Quote(m["lastSync"])))
		_ = st.LastHook.UnmarshalJSON([]byte(strconv.Quote(m["lastHook"])))
		_ = st.ErrorAt.UnmarshalJSON([]byte(strconv.Quote(m["errorAt"])))
		st.LastError = m["lastError"]
		st.Errors, _ = strconv.ParseInt(m["errors"], 10, 64)
		st.Used = used[i].Val()
	}
	return out, nil
}

// NoteSynced records that the copy agrees with its source as of at.
func (s *Store) NoteSynced(ctx context.Context, id string, at time.Time) error {
	return s.rdb.HSet(ctx, followStatusKey(id), "lastSync", at.UTC().Format(tournament.TimeLayout)).Err()
}

// NoteFollowError records a failed request upstream.
func (s *Store) NoteFollowError(ctx context.Context, id string, at time.Time, msg string) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, followStatusKey(id), "lastError", msg, "errorAt", at.UTC().Format(tournament.TimeLayout))
		p.HIncrBy(ctx, followStatusKey(id), "errors", 1)
		return nil
	})
	return err
}

// MarkChanged notes what changed upstream (see the upstream package for the
// words), for whichever instance syncs the tournament, and wakes it. A set: a
// burst of calls about one match is one refetch. hook says a webhook call
// told it, which `follow list` shows.
func (s *Store) MarkChanged(ctx context.Context, id string, at time.Time, hook bool, what ...string) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		if len(what) > 0 {
			p.SAdd(ctx, followDirtyKey(id), toAny(what)...)
		}
		if hook {
			p.HSet(ctx, followStatusKey(id), "lastHook", at.UTC().Format(tournament.TimeLayout))
		}
		p.Publish(ctx, followDirtyChannel, id)
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: follow %s changes: %w", id, err)
	}
	return nil
}

// TakeChanged returns and forgets what webhook calls said changed.
func (s *Store) TakeChanged(ctx context.Context, id string) ([]string, error) {
	var members *redis.StringSliceCmd
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		members = p.SMembers(ctx, followDirtyKey(id))
		p.Del(ctx, followDirtyKey(id))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cache: follow %s changes: %w", id, err)
	}
	return members.Val(), nil
}

// WatchChanged calls wake with the id of every tournament MarkChanged marks,
// until ctx ends.
func (s *Store) WatchChanged(ctx context.Context, wake func(id string)) {
	sub := s.rdb.Subscribe(ctx, followDirtyChannel)
	defer func() { _ = sub.Close() }()
	ch := sub.Channel()
	for {
		select {
		case <-ctx.Done():
			return
		case m, ok := <-ch:
			if !ok {
				return
			}
			wake(m.Payload)
		}
	}
}

// followLeaseScript takes or renews a lease held by ARGV[1] for ARGV[2] ms.
var followLeaseScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`)

// HoldFollow takes or renews, for holder, the lease to sync the tournament
// for ttl: one instance syncs a tournament at a time.
func (s *Store) HoldFollow(ctx context.Context, id, holder string, ttl time.Duration) (bool, error) {
	n, err := followLeaseScript.Run(ctx, s.rdb, []string{followLeaseKey(id)}, holder, ttl.Milliseconds()).Int()
	if err != nil {
		return false, fmt.Errorf("cache: follow %s lease: %w", id, err)
	}
	return n == 1, nil
}

// budgetWindow is the window an upstream budget counts over: a minute, and a
// second to spare for the time a request takes to arrive.
const budgetWindow = 61 * time.Second

// budgetScript takes one request from a key's budget: a sliding log of the
// requests of the last window, and one of the polls among them. While a
// 429's Retry-After runs, or the window holds limit requests, or (for a
// poll, share > 0) share polls, it returns how many ms to wait; otherwise it
// counts the request and returns 0.
//
// KEYS: the log (sorted set), the pause, the polls' log. ARGV: now in ms,
// limit, window in ms, a unique member, share (0: not a poll).
var budgetScript = redis.NewScript(`
local pause = redis.call('PTTL', KEYS[2])
if pause > 0 then return pause end
local now, limit, window, share = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
local function full(log, n)
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - window)
  if redis.call('ZCARD', log) < n then return 0 end
  local oldest = redis.call('ZRANGE', log, 0, 0, 'WITHSCORES')
  return math.max(tonumber(oldest[2]) + window - now, 1)
end
local wait = full(KEYS[1], limit)
if share > 0 then wait = math.max(wait, full(KEYS[3], share)) end
if wait > 0 then return wait end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
if share > 0 then
  redis.call('ZADD', KEYS[3], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[3], window)
end
return 0
`)

// TakeBudget takes one GET request from the budget of the upstream key (by
// its KeyHash), shared by every instance: 0 when the request may go now,
// otherwise how long to wait before asking again.
func (s *Store) TakeBudget(ctx context.Context, keyHash string, budget int) (time.Duration, error) {
	return s.takeBudget(ctx, keyHash, budget, 0)
}

// TakePollBudget takes one poll from the budget: it goes while the window
// holds fewer than limit requests of any kind and fewer than share polls.
// Requests that are not polls (a first load, what changes ask for) do not
// count against share, so a first load never stops polling.
func (s *Store) TakePollBudget(ctx context.Context, keyHash string, limit, share int) (time.Duration, error) {
	return s.takeBudget(ctx, keyHash, limit, max(share, 1))
}

func (s *Store) takeBudget(ctx context.Context, keyHash string, limit, share int) (time.Duration, error) {
	now := s.Now().UnixMilli()
	ms, err := budgetScript.Run(ctx, s.rdb, []string{budgetKey(keyHash), budgetPauseKey(keyHash), budgetPollsKey(keyHash)},
		now, limit, budgetWindow.Milliseconds(), strconv.FormatInt(now, 10)+"-"+rand.Text()[:8], share).Int64()
	if err != nil {
		return 0, fmt.Errorf("cache: upstream budget: %w", err)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// PauseBudget stops every request with the key for d, as a 429's Retry-After asks.
func (s *Store) PauseBudget(ctx context.Context, keyHash string, d time.Duration) error {
	return s.rdb.Set(ctx, budgetPauseKey(keyHash), "429", max(d, time.Millisecond)).Err()
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
