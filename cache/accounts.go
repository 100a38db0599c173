package cache

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// ErrSetupUsed is returned when the first-run setup was done already, or its code is not the one printed.
var ErrSetupUsed = errors.New("the setup address was used or is unknown")

// ErrTooManyHelpers is returned when an organizer has tournament.MaxHelpers logins for helpers already.
var ErrTooManyHelpers = errors.New("too many helpers' logins")

// SetupCode makes the one-time code of the first-run setup, when there is no
// organizer yet: the address /setup/<code> creates the first one. Each start
// makes a new code (the one printed before is gone with the old banner); with
// an organizer there is none, and ok is false.
func (s *Store) SetupCode(ctx context.Context) (code string, ok bool, err error) {
	n, err := s.rdb.HLen(ctx, organizersKey).Result()
	if err != nil {
		return "", false, fmt.Errorf("cache: organizers: %w", err)
	}
	if n > 0 {
		return "", false, nil
	}
	code = rand.Text() // 26 characters, 130 bits: not guessed
	if err := s.rdb.Set(ctx, setupKey, Hash(code), 0).Err(); err != nil {
		return "", false, fmt.Errorf("cache: setup code: %w", err)
	}
	return code, true, nil
}

// SetupOpen says whether code opens the first-run setup: it is the code
// printed last, and no organizer has been made with it.
func (s *Store) SetupOpen(ctx context.Context, code string) (bool, error) {
	want, err := s.rdb.Get(ctx, setupKey).Result()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cache: setup code: %w", err)
	}
	return code != "" && want == Hash(code), nil
}

// firstOrganizerScript uses the setup code and writes the first organizer, in
// one step: of two forms sent with the code, one makes the organizer.
// KEYS: setup, slugs, organizers. ARGV: code hash, slug, id, organizer JSON.
var firstOrganizerScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] or redis.call('HLEN', KEYS[3]) > 0 then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
return 1
`)

// FirstOrganizer makes the first organizer with the setup code, which it
// uses up, and its API token: the first sign-in. It returns the token's
// secret, shown once. ErrSetupUsed when the code does not open the setup.
func (s *Store) FirstOrganizer(ctx context.Context, code string, o tournament.Organizer) (string, record.Key, error) {
	raw, err := marshalRecord(o)
	if err != nil {
		return "", record.Key{}, err
	}
	ok, err := s.runWrite(ctx, firstOrganizerScript, []string{setupKey, organizerSlugsKey, organizersKey}, Hash(code), o.Slug, o.ID, raw).Int()
	if err != nil {
		return "", record.Key{}, fmt.Errorf("cache: first organizer: %w", err)
	}
	if ok == 0 {
		return "", record.Key{}, ErrSetupUsed
	}
	return s.putKey(ctx, record.Key{Kind: record.KindToken, OrganizerID: o.ID, Sport: o.Sport, Name: o.Name}, "cst_")
}

// CreateHelper makes a login for a desk helper of the organizer, with the
// role; the helper signs in by a one-time link (CreateSignInLink), so its
// secret is not returned.
func (s *Store) CreateHelper(ctx context.Context, organizerID, name string, role record.Role) (record.Key, error) {
	org, err := s.Organizer(ctx, organizerID)
	if err != nil {
		return record.Key{}, err
	}
	helpers, err := s.Helpers(ctx, organizerID)
	if err != nil {
		return record.Key{}, err
	}
	if len(helpers) >= tournament.MaxHelpers {
		return record.Key{}, ErrTooManyHelpers
	}
	_, k, err := s.putKey(ctx, record.Key{Kind: record.KindToken, OrganizerID: org.ID, Sport: org.Sport, Name: name, Role: role, Helper: true}, "cst_")
	return k, err
}

// Helpers lists the organizer's helpers' logins, newest first: those its
// own index names, so no organizer's page reads another's keys.
func (s *Store) Helpers(ctx context.Context, organizerID string) ([]record.Key, error) {
	if err := s.indexHelpers(ctx); err != nil {
		return nil, err
	}
	shas, err := s.rdb.SMembers(ctx, organizerHelpersKey(organizerID)).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: helpers: %w", err)
	}
	if len(shas) == 0 {
		return nil, nil
	}
	raws, err := s.rdb.HMGet(ctx, keysByHashKey, shas...).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: helpers: %w", err)
	}
	var out []record.Key
	for _, raw := range raws {
		str, ok := raw.(string)
		if !ok {
			continue // listed by a creation that failed after it
		}
		var k record.Key
		if err := unmarshalRecord([]byte(str), &k); err != nil {
			return nil, fmt.Errorf("cache: helpers: %w", err)
		}
		if k.Helper && !k.Revoked && k.OrganizerID == organizerID {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b record.Key) int {
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt.Time), strings.Compare(a.ID, b.ID))
	})
	return out, nil
}

// pruneHelper removes a helper's login: its records and its place in its
// organizer's index.
func (s *Store) pruneHelper(ctx context.Context, k record.Key, sha string) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HDel(ctx, keysByHashKey, sha)
		p.HDel(ctx, keysKey, k.ID)
		return nil
	})
	if err == nil {
		err = s.rdb.SRem(ctx, organizerHelpersKey(k.OrganizerID), sha).Err()
	}
	if err != nil {
		return fmt.Errorf("cache: key %s: %w", k.ID, err)
	}
	return nil
}

// indexHelpers lists the helpers' logins of a store from before the
// organizers' indexes in them, once (helpersIndexedKey says it was done),
// and removes those revoked then.
func (s *Store) indexHelpers(ctx context.Context) error {
	if s.helpersIndexed.Load() {
		return nil
	}
	done, err := s.rdb.Exists(ctx, helpersIndexedKey).Result()
	if err != nil {
		return fmt.Errorf("cache: helpers index: %w", err)
	}
	if done == 0 {
		var revoked []record.Key
		var shas []string
		err := s.scanHash(ctx, keysByHashKey, func(sha, raw string) error {
			var k record.Key
			if err := unmarshalRecord([]byte(raw), &k); err != nil {
				return err
			}
			switch {
			case k.Helper && k.Revoked:
				revoked, shas = append(revoked, k), append(shas, sha)
			case k.Helper:
				return s.rdb.SAdd(ctx, organizerHelpersKey(k.OrganizerID), sha).Err()
			}
			return nil
		})
		for i := 0; err == nil && i < len(revoked); i++ {
			err = s.pruneHelper(ctx, revoked[i], shas[i])
		}
		if err == nil {
			err = s.rdb.Set(ctx, helpersIndexedKey, 1, 0).Err()
		}
		if err != nil {
			return fmt.Errorf("cache: helpers index: %w", err)
		}
	}
	s.helpersIndexed.Store(true)
	return nil
}

// KeyHash returns the SHA-256 of the secret of the key with the id.
func (s *Store) KeyHash(ctx context.Context, id string) (string, error) {
	sha, err := s.rdb.HGet(ctx, keysKey, id).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("cache: key %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("cache: key %s: %w", id, err)
	}
	return sha, nil
}

// CreateSignInLink makes a one-time code that signs a browser in with the
// key whose secret hashes to keySHA, within ttl: the QR code a signed-in
// laptop shows to a phone. Redis holds only the code's hash.
func (s *Store) CreateSignInLink(ctx context.Context, keySHA string, ttl time.Duration) (string, error) {
	code := rand.Text()
	if err := s.rdb.Set(ctx, signInLinkKey(Hash(code)), keySHA, ttl).Err(); err != nil {
		return "", fmt.Errorf("cache: sign-in link: %w", err)
	}
	return code, nil
}

// SignInLink says which key the code signs in with, without using it up;
// ErrNotFound when it was used, expired or never made.
func (s *Store) SignInLink(ctx context.Context, code string) (string, error) {
	sha, err := s.rdb.Get(ctx, signInLinkKey(Hash(code))).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("cache: sign-in link: %w", ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("cache: sign-in link: %w", err)
	}
	return sha, nil
}

// UseSignInLink uses the code up and returns the key it signs in with:
// of two browsers that send it, one is signed in. ErrNotFound when it was
// used, expired or never made.
func (s *Store) UseSignInLink(ctx context.Context, code string) (string, error) {
	sha, err := s.rdb.GetDel(ctx, signInLinkKey(Hash(code))).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("cache: sign-in link: %w", ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("cache: sign-in link: %w", err)
	}
	return sha, nil
}
