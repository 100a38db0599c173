package cache

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// RateWindow is the window the rate limit counts over.
const RateWindow = time.Minute

// rateScript counts a request against a sliding window made of two fixed
// windows: the previous minute weighs by how much of it still overlaps. A
// refused request is not counted, so a client that backs off gets back in.
//
// KEYS: current window counter, previous window counter.
// ARGV: limit, window in ms, ms elapsed in the current window.
// Returns {allowed (1/0), current count, previous count}.
var rateScript = redis.NewScript(`
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local prev = tonumber(redis.call('GET', KEYS[2]) or '0')
local limit, window, elapsed = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if prev * (window - elapsed) / window + cur + 1 > limit then
  return {0, cur, prev}
end
cur = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], 2 * window)
return {1, cur, prev}
`)

// Allow counts one request of the key (by its secret's hash) against limit per
// RateWindow, shared by every instance on this Redis. When refused, it says
// how long to wait.
func (s *Store) Allow(ctx context.Context, sha string, limit int) (ok bool, retryAfter time.Duration, err error) {
	now := s.Now()
	w := RateWindow.Milliseconds()
	ms := now.UnixMilli()
	window, elapsed := ms/w, ms%w
	res, err := rateScript.Run(ctx, s.rdb, []string{rateKey(sha, window), rateKey(sha, window-1)}, limit, w, elapsed).Int64Slice()
	if err != nil {
		return false, 0, fmt.Errorf("cache: rate limit: %w", err)
	}
	if res[0] == 1 {
		return true, 0, nil
	}
	return false, retryAfterFor(res[1], res[2], int64(limit), w, elapsed), nil
}

// retryAfterFor is how long until one more request fits under the limit.
func retryAfterFor(cur, prev, limit, w, elapsed int64) time.Duration {
	// Within this window, the previous one's weight fades linearly.
	if cur+1 <= limit && prev > 0 {
		// prev*(w-elapsed-t)/w + cur + 1 <= limit
		t := w - elapsed - (limit-cur-1)*w/prev
		return time.Duration(max(t, 1)) * time.Millisecond
	}
	// Otherwise wait for the next window, where this one's count fades.
	rest := w - elapsed
	t := w - (limit-1)*w/max(cur, 1)
	return time.Duration(rest+max(t, 0)+1) * time.Millisecond
}
