package cache

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// ErrSuspended is returned for a key of an organizer that an operator
// suspended: it signs nothing in until the operator lifts the suspension.
var ErrSuspended = errors.New("the organizer is suspended")

// ErrInviteUsed is returned for an invitation that was used, expired or never made.
var ErrInviteUsed = errors.New("the invitation was used, expired or is unknown")

// Invitations: an operator's one-time address with which a club makes its organizer.
const (
	// InviteLifetime is how long an invitation can be used (once), unless the operator says otherwise.
	InviteLifetime = 7 * 24 * time.Hour
	// MaxInviteLifetime bounds what the operator may say.
	MaxInviteLifetime = 30 * 24 * time.Hour
)

// suspendedFresh is how long an instance believes what it read of the
// suspended organizers: a suspension made on another instance (or by the
// command line) holds everywhere within it.
const suspendedFresh = time.Second

// suspension is what an instance last read of the suspended organizers.
type suspension struct {
	ids   map[string]bool
	slugs map[string]bool
	read  time.Time
}

// suspensions keeps the last read of the suspended organizers.
type suspensions struct {
	mu   sync.Mutex
	last *suspension
}

// suspended returns the suspended organizers, as read within suspendedFresh.
func (s *Store) suspended(ctx context.Context) (*suspension, error) {
	s.suspension.mu.Lock()
	defer s.suspension.mu.Unlock()
	if l := s.suspension.last; l != nil && time.Since(l.read) < suspendedFresh {
		return l, nil
	}
	all, err := s.rdb.HGetAll(ctx, suspendedOrganizersKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: suspended organizers: %w", err)
	}
	l := &suspension{ids: map[string]bool{}, slugs: map[string]bool{}, read: time.Now()}
	for id, slug := range all {
		l.ids[id], l.slugs[slug] = true, true
	}
	s.suspension.last = l
	return l, nil
}

// Suspended says whether an operator suspended the organizer with the id:
// its pages, tournaments and keys are then as if it did not exist.
func (s *Store) Suspended(ctx context.Context, orgID string) (bool, error) {
	l, err := s.suspended(ctx)
	if err != nil {
		return false, err
	}
	return l.ids[orgID], nil
}

// SuspendedSlug says whether the organizer with the slug is suspended.
func (s *Store) SuspendedSlug(ctx context.Context, slug string) (bool, error) {
	l, err := s.suspended(ctx)
	if err != nil {
		return false, err
	}
	return l.slugs[slug], nil
}

// AnySuspended says whether any organizer is suspended: while none is,
// nothing needs looking up.
func (s *Store) AnySuspended(ctx context.Context) (bool, error) {
	l, err := s.suspended(ctx)
	if err != nil {
		return false, err
	}
	return len(l.ids) > 0, nil
}

// Suspend suspends the organizer (on) or lifts its suspension: while
// suspended, its result pages, tournaments and rankings are not found, its
// API keys are unknown and its logins cannot sign in. Nothing of it is
// deleted, and lifting the suspension brings all of it back.
func (s *Store) Suspend(ctx context.Context, o tournament.Organizer, on bool) error {
	var err error
	if on {
		err = s.rdb.HSet(ctx, suspendedOrganizersKey, o.ID, o.Slug).Err()
	} else {
		err = s.rdb.HDel(ctx, suspendedOrganizersKey, o.ID).Err()
	}
	if err != nil {
		return fmt.Errorf("cache: organizer %s suspension: %w", o.ID, err)
	}
	s.suspension.mu.Lock()
	s.suspension.last = nil // this instance knows at once
	s.suspension.mu.Unlock()
	return nil
}

// AllOrganizers returns every organizer, the suspended ones too, by name:
// the operator's list.
func (s *Store) AllOrganizers(ctx context.Context) ([]tournament.Organizer, error) {
	all, err := s.rdb.HGetAll(ctx, organizersKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: organizers: %w", err)
	}
	out := make([]tournament.Organizer, 0, len(all))
	for _, raw := range all {
		var o tournament.Organizer
		if err := unmarshalRecord([]byte(raw), &o); err != nil {
			return nil, fmt.Errorf("cache: organizers: %w", err)
		}
		out = append(out, o)
	}
	sortOrganizers(out)
	return out, nil
}

// Invite makes an operator's one-time invitation: the address /invite/<code>
// lets one club make its organizer and sign in, within ttl (InviteLifetime
// when 0, at most MaxInviteLifetime). Redis holds only the code's hash.
func (s *Store) Invite(ctx context.Context, ttl time.Duration) (code string, expires time.Time, err error) {
	if ttl <= 0 {
		ttl = InviteLifetime
	}
	ttl = min(ttl, MaxInviteLifetime)
	code = rand.Text() // 130 bits: not guessed
	expires = s.Now().Add(ttl)
	if err := s.rdb.Set(ctx, inviteKey(Hash(code)), expires.UTC().Format(time.RFC3339), ttl).Err(); err != nil {
		return "", time.Time{}, fmt.Errorf("cache: invitation: %w", err)
	}
	return code, expires, nil
}

// InviteOpen says whether the invitation's code can still be used.
func (s *Store) InviteOpen(ctx context.Context, code string) (bool, error) {
	if code == "" {
		return false, nil
	}
	n, err := s.rdb.Exists(ctx, inviteKey(Hash(code))).Result()
	if err != nil {
		return false, fmt.Errorf("cache: invitation: %w", err)
	}
	return n == 1, nil
}

// invitedOrganizerScript uses an invitation and writes its organizer, in one
// step: of two forms sent with one code, one makes an organizer; a slug
// taken leaves the invitation as it was.
// KEYS: invitation, slugs, organizers. ARGV: slug, id, organizer JSON.
// Returns 1, 0 when the invitation is gone, -1 when the slug is taken.
var invitedOrganizerScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return -1 end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
redis.call('DEL', KEYS[1])
return 1
`)

// InvitedOrganizer makes the organizer with the invitation's code, which it
// uses up, and its API token: the club's first sign-in. It returns the
// token's secret, shown once. ErrInviteUsed when the code opens nothing,
// ErrSlugTaken when another organizer has the slug.
func (s *Store) InvitedOrganizer(ctx context.Context, code string, o tournament.Organizer) (string, record.Key, error) {
	raw, err := marshalRecord(o)
	if err != nil {
		return "", record.Key{}, err
	}
	ok, err := s.runWrite(ctx, invitedOrganizerScript, []string{inviteKey(Hash(code)), organizerSlugsKey, organizersKey}, o.Slug, o.ID, raw).Int()
	switch {
	case err != nil:
		return "", record.Key{}, fmt.Errorf("cache: invited organizer: %w", err)
	case ok == 0:
		return "", record.Key{}, ErrInviteUsed
	case ok < 0:
		return "", record.Key{}, fmt.Errorf("cache: organizer %s: %w", o.Slug, ErrSlugTaken)
	}
	return s.putKey(ctx, record.Key{Kind: record.KindToken, OrganizerID: o.ID, Sport: o.Sport, Name: o.Name}, "cst_")
}

// CreateOperator makes an operator's login: it signs in to the operator's
// page (organizers, their usage and quotas, invitations, suspensions) and
// nowhere else. It returns the secret, shown once.
func (s *Store) CreateOperator(ctx context.Context, name string) (string, record.Key, error) {
	return s.putKey(ctx, record.Key{Kind: record.KindOperator, Name: name}, "cso_")
}
