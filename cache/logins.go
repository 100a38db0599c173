package cache

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// Failed sign-ins to the console: a client address with MaxFailedLogins
// failures in LoginWindow must wait for the window to pass.
// Both are rows of the limits table.
const (
	MaxFailedLogins = tournament.MaxFailedSignIns
	LoginWindow     = tournament.SignInLockoutMinutes * time.Minute
)

// beginLoginScript takes one of the client's guesses in one atomic step: it
// answers how many milliseconds the client must wait when its guesses are
// used up, and otherwise counts this attempt as a failure until
// LoginSucceeded takes it back. Counting before the token is checked is what
// makes the limit hold under concurrency: of any number of sign-ins sent at
// once, only MaxFailedLogins get to guess.
// KEYS: the client's failures. ARGV: the window in ms, MaxFailedLogins.
var beginLoginScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[2]) then
  return math.max(redis.call('PTTL', KEYS[1]), 1000)
end
redis.call('INCR', KEYS[1])
if n == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 0
`)

// loginSucceededScript gives back the guess BeginLogin took.
var loginSucceededScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0
`)

// BeginLogin takes one of the client's MaxFailedLogins guesses, counted as a
// failure until LoginSucceeded gives it back. It says how long the client
// must wait when its guesses are used up (nothing is taken then); 0 when it
// may try.
func (s *Store) BeginLogin(ctx context.Context, client string) (time.Duration, error) {
	ms, err := beginLoginScript.Run(ctx, s.rdb, []string{loginFailuresKey(client)}, LoginWindow.Milliseconds(), MaxFailedLogins).Int64()
	if err != nil {
		return 0, fmt.Errorf("cache: login failures: %w", err)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// LoginSucceeded gives back the guess BeginLogin took, for a sign-in that
// was no wrong guess (it succeeded, or sent no token at all).
func (s *Store) LoginSucceeded(ctx context.Context, client string) error {
	if err := loginSucceededScript.Run(ctx, s.rdb, []string{loginFailuresKey(client)}).Err(); err != nil {
		return fmt.Errorf("cache: login failures: %w", err)
	}
	return nil
}
