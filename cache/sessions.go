package cache

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// CreateSession records a sign-in to the console by the key whose secret
// hashes to keySHA, for ttl, and returns the session's id for the cookie.
// Redis holds only the id's hash, so a copy of the data opens no session.
func (s *Store) CreateSession(ctx context.Context, keySHA string, ttl time.Duration) (string, error) {
	id := rand.Text()
	sha := Hash(id)
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, sessionKey(sha), keySHA, ttl)
		// The key's sessions, to end them on revocation; the set lives as long as its newest session.
		p.SAdd(ctx, keySessionsKey(keySHA), sha)
		p.Expire(ctx, keySessionsKey(keySHA), ttl)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("cache: create session: %w", err)
	}
	return id, nil
}

// SessionKey returns the hash of the key the session with the id signed in
// with; ErrNotFound once the session ended (signed out, revoked, expired).
func (s *Store) SessionKey(ctx context.Context, id string) (string, error) {
	keySHA, err := s.rdb.Get(ctx, sessionKey(Hash(id))).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("cache: session: %w", ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("cache: session: %w", err)
	}
	return keySHA, nil
}

// EndSession ends the session with the id: its cookie opens nothing any more.
func (s *Store) EndSession(ctx context.Context, id string) error {
	if err := s.rdb.Del(ctx, sessionKey(Hash(id))).Err(); err != nil {
		return fmt.Errorf("cache: end session: %w", err)
	}
	return nil
}

// endSessionsOf ends every session signed in with the key whose secret hashes to keySHA.
func (s *Store) endSessionsOf(ctx context.Context, keySHA string) error {
	shas, err := s.rdb.SMembers(ctx, keySessionsKey(keySHA)).Result()
	if err != nil {
		return fmt.Errorf("cache: sessions of a key: %w", err)
	}
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, sha := range shas {
			p.Del(ctx, sessionKey(sha))
		}
		p.Del(ctx, keySessionsKey(keySHA))
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: end sessions of a key: %w", err)
	}
	return nil
}
