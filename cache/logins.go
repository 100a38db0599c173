package cache

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Failed sign-ins to the console: a client address with MaxFailedLogins
// failures in LoginWindow must wait for the window to pass.
const (
	MaxFailedLogins = 10
	LoginWindow     = 15 * time.Minute
)

var failedLoginScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`)

// FailedLogin counts a failed sign-in from the client.
func (s *Store) FailedLogin(ctx context.Context, client string) error {
	if err := failedLoginScript.Run(ctx, s.rdb, []string{loginFailuresKey(client)}, LoginWindow.Milliseconds()).Err(); err != nil {
		return fmt.Errorf("cache: failed login: %w", err)
	}
	return nil
}

// LoginBlocked says how long the client must wait before signing in again; 0 when it need not.
func (s *Store) LoginBlocked(ctx context.Context, client string) (time.Duration, error) {
	var n *redis.StringCmd
	var ttl *redis.DurationCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		n = p.Get(ctx, loginFailuresKey(client))
		ttl = p.PTTL(ctx, loginFailuresKey(client))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return 0, fmt.Errorf("cache: login failures: %w", err)
	}
	if failures, _ := n.Int(); failures < MaxFailedLogins {
		return 0, nil
	}
	return max(ttl.Val(), time.Second), nil
}
