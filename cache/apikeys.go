package cache

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// ErrRevoked is returned when a revoked key is used.
var ErrRevoked = errors.New("key revoked")

// Hash is how a secret is stored: the hex SHA-256 of it.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

func newSecret(prefix string) string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

// CreateToken makes an API token for the organizer and returns its secret, which is shown only now.
func (s *Store) CreateToken(ctx context.Context, organizerID, name string) (string, record.Key, error) {
	org, err := s.Organizer(ctx, organizerID)
	if err != nil {
		return "", record.Key{}, err
	}
	if name == "" {
		name = org.Name
	}
	return s.putKey(ctx, record.Key{Kind: record.KindToken, OrganizerID: org.ID, Sport: org.Sport, Name: name}, "cst_")
}

// PublicKeyRequest is what an applicant gives for a public API key.
type PublicKeyRequest struct {
	Sport                         tournament.Sport
	App, Applicant, Email, Detail string
}

// CreatePublicKey makes a public API key and returns its secret, which is shown only now.
func (s *Store) CreatePublicKey(ctx context.Context, r PublicKeyRequest) (string, record.Key, error) {
	if _, err := tournament.Parse(string(r.Sport), tournament.Sports); err != nil {
		return "", record.Key{}, fmt.Errorf("cache: sport: %w", err)
	}
	for _, f := range []struct{ name, v string }{{"app", r.App}, {"applicant", r.Applicant}, {"email", r.Email}} {
		if strings.TrimSpace(f.v) == "" {
			return "", record.Key{}, fmt.Errorf("cache: public key needs %s", f.name)
		}
	}
	return s.putKey(ctx, record.Key{Kind: record.KindPublic, Sport: r.Sport, Name: r.App, App: r.App, Applicant: r.Applicant, Email: r.Email, Description: r.Detail}, "csp_")
}

func (s *Store) putKey(ctx context.Context, k record.Key, prefix string) (string, record.Key, error) {
	secret := newSecret(prefix)
	k, err := s.PutKeyWithSecret(ctx, k, secret)
	return secret, k, err
}

// PutKeyWithSecret stores a key whose secret the caller chose (the embedded
// demo's well-known keys); everything else makes a random secret.
func (s *Store) PutKeyWithSecret(ctx context.Context, k record.Key, secret string) (record.Key, error) {
	sha := Hash(secret)
	k.ID = "key_" + sha[:12]
	k.CreatedAt = tournament.At(s.Now())
	raw, err := marshalRecord(k)
	if err != nil {
		return record.Key{}, err
	}
	if k.Helper { // listed first, like a tournament in its index: Helpers skips what is not there
		if err := s.rdb.SAdd(ctx, organizerHelpersKey(k.OrganizerID), sha).Err(); err != nil {
			return record.Key{}, fmt.Errorf("cache: create key: %w", err)
		}
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, keysByHashKey, sha, raw)
		p.HSet(ctx, keysKey, k.ID, sha)
		return nil
	})
	if err != nil {
		return record.Key{}, fmt.Errorf("cache: create key: %w", err)
	}
	return k, nil
}

// Keys lists every key, newest first.
func (s *Store) Keys(ctx context.Context) ([]record.Key, error) {
	all, err := s.rdb.HGetAll(ctx, keysByHashKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: keys: %w", err)
	}
	out := make([]record.Key, 0, len(all))
	for _, raw := range all {
		var k record.Key
		if err := unmarshalRecord([]byte(raw), &k); err != nil {
			return nil, fmt.Errorf("cache: keys: %w", err)
		}
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b record.Key) int {
		if c := b.CreatedAt.Compare(a.CreatedAt.Time); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// RevokeKey revokes the key with the id; it stops working at once, and the
// console sessions signed in with it end. A helper's login is removed
// (nothing keeps it: its helper gets a new one); other keys stay, marked
// revoked, for keys list.
func (s *Store) RevokeKey(ctx context.Context, id string) error {
	sha, err := s.rdb.HGet(ctx, keysKey, id).Result()
	if errors.Is(err, redis.Nil) {
		return fmt.Errorf("cache: key %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("cache: key %s: %w", id, err)
	}
	k, err := s.KeyByHash(ctx, sha)
	if err != nil {
		return err
	}
	if k.Helper {
		if err := s.pruneHelper(ctx, k, sha); err != nil {
			return err
		}
		return s.endSessionsOf(ctx, sha)
	}
	k.Revoked = true
	raw, err := marshalRecord(k)
	if err != nil {
		return err
	}
	if err := s.rdb.HSet(ctx, keysByHashKey, sha, raw).Err(); err != nil {
		return fmt.Errorf("cache: key %s: %w", id, err)
	}
	return s.endSessionsOf(ctx, sha)
}

// Authenticate returns the key whose secret this is: ErrNotFound for an unknown
// secret, ErrRevoked for a revoked one, ErrSuspended for one of a suspended organizer.
func (s *Store) Authenticate(ctx context.Context, secret string) (record.Key, error) {
	return s.KeyByHash(ctx, Hash(secret))
}

// KeyByHash returns the key whose secret hashes to sha: ErrNotFound for none,
// ErrRevoked for a revoked one, ErrSuspended (with the key) for one of an
// organizer an operator suspended. Sessions hold the hash, never the secret.
func (s *Store) KeyByHash(ctx context.Context, sha string) (record.Key, error) {
	raw, err := s.rdb.HGet(ctx, keysByHashKey, sha).Result()
	if errors.Is(err, redis.Nil) {
		return record.Key{}, fmt.Errorf("cache: key: %w", ErrNotFound)
	}
	if err != nil {
		return record.Key{}, fmt.Errorf("cache: key: %w", err)
	}
	var k record.Key
	if err := unmarshalRecord([]byte(raw), &k); err != nil {
		return record.Key{}, fmt.Errorf("cache: key: %w", err)
	}
	if k.Revoked {
		return k, fmt.Errorf("cache: key %s: %w", k.ID, ErrRevoked)
	}
	if k.OrganizerID != "" {
		if off, err := s.Suspended(ctx, k.OrganizerID); err != nil || off {
			return k, cmp.Or(err, fmt.Errorf("cache: key %s: %w", k.ID, ErrSuspended))
		}
	}
	return k, nil
}
