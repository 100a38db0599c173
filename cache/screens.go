package cache

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// Screens lists a tournament's screens by name.
func (s *Store) Screens(ctx context.Context, tournamentID string) ([]record.Screen, error) {
	all, err := s.rdb.HGetAll(ctx, screensKey(tournamentID)).Result()
	if err != nil {
		return nil, err
	}
	out := make([]record.Screen, 0, len(all))
	for _, raw := range all {
		var sc record.Screen
		if err := unmarshalRecord([]byte(raw), &sc); err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	slices.SortFunc(out, func(a, b record.Screen) int { return cmp.Compare(a.Name, b.Name) })
	return out, nil
}

// Screen is one of a tournament's screens; ErrNotFound when it was never set.
func (s *Store) Screen(ctx context.Context, tournamentID, name string) (record.Screen, error) {
	raw, err := s.rdb.HGet(ctx, screensKey(tournamentID), name).Bytes()
	if errors.Is(err, redis.Nil) {
		return record.Screen{}, ErrNotFound
	}
	if err != nil {
		return record.Screen{}, err
	}
	var sc record.Screen
	err = unmarshalRecord(raw, &sc)
	return sc, err
}

// ErrTooManyScreens is returned for a new screen of a tournament that has
// tournament.MaxScreens already.
var ErrTooManyScreens = fmt.Errorf("a tournament has at most %d screens", tournament.MaxScreens)

// putScreenScript sets a screen unless it is a new one past the limit, in
// one step: of two screens added at once to a tournament one short of the
// limit, one gets in.
// KEYS: screens hash. ARGV: name, Screen JSON, the limit. Returns 0 when over it.
var putScreenScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`)

// PutScreen sets what a screen shows. The whole setting is one hash field,
// written in one step: a TV reads the old setting or the new, never a mix. A
// tournament has at most tournament.MaxScreens screens (ErrTooManyScreens).
func (s *Store) PutScreen(ctx context.Context, tournamentID string, sc record.Screen) error {
	raw, err := marshalRecord(sc)
	if err != nil {
		return err
	}
	ok, err := putScreenScript.Run(ctx, s.rdb, []string{screensKey(tournamentID)}, sc.Name, raw, tournament.MaxScreens).Int()
	if err != nil {
		return fmt.Errorf("cache: screen %s: %w", sc.Name, err)
	}
	if ok == 0 {
		return ErrTooManyScreens
	}
	return nil
}

// DeleteScreen forgets a screen; its TV goes back to showing every court.
func (s *Store) DeleteScreen(ctx context.Context, tournamentID, name string) error {
	return s.rdb.HDel(ctx, screensKey(tournamentID), name).Err()
}
