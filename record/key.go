package record

import (
	"errors"

	"courtside/tournament"
)

// KeyKind is the kind of an API key (spec section 5).
type KeyKind string

// The two kinds of key.
const (
	// KindToken is an organizer's API token: reads its own and every public
	// tournament, sets results in its own.
	KindToken KeyKind = "token"
	// KindPublic is a public API key: reads public tournaments of one sport.
	KindPublic KeyKind = "public"
	// KindOperator is the login of whoever runs the server: it signs in to
	// the operator's page (organizers, usage and quotas, invitations,
	// suspensions), and reads no tournament and no API.
	KindOperator KeyKind = "operator"
)

// Key is an API key as stored: everything but its secret.
type Key struct {
	ID          string           `json:"id"`
	Kind        KeyKind          `json:"kind"`
	OrganizerID string           `json:"organizerId,omitempty"`
	Sport       tournament.Sport `json:"sport,omitempty"` // none for the operator's login
	Name        string           `json:"name"`
	App         string           `json:"app,omitempty"`
	Applicant   string           `json:"applicant,omitempty"`
	Email       string           `json:"email,omitempty"`
	Description string           `json:"description,omitempty"`
	CreatedAt   tournament.Time  `json:"createdAt"`
	Revoked     bool             `json:"revoked"`
	// Role is what the key may do in the console; the full role when empty.
	Role Role `json:"role,omitempty"`
	// Helper marks a desk helper's login made in the console (CreateHelper).
	Helper bool `json:"helper,omitempty"`
}

// Role is what a console login may do.
type Role string

// The roles of a login. The organizer's own token has the full role.
const (
	// RoleFull may do everything in the console: setup, entries, screens, logins.
	RoleFull Role = ""
	// RoleResults enters results and calls matches, and changes nothing else:
	// a desk helper's login.
	RoleResults Role = "results"
)

// Owner is who the key speaks for: the organizer for a token, the key itself for a public key.
func (k Key) Owner() string {
	if k.Kind == KindToken {
		return k.OrganizerID
	}
	return k.ID
}

// SetsResults reports whether the key may write: only an organizer's token
// sets results (in its own tournaments) and lists its private tournaments.
func (k Key) SetsResults() bool { return k.Kind == KindToken }

// Sees reports whether the organizers of sport exist for the key: a public
// key sees only its own sport; a token sees every sport.
func (k Key) Sees(sport tournament.Sport) bool { return k.Kind != KindPublic || k.Sport == sport }

// Reads reports whether the key may read t, a tournament of a sport it sees:
// a public tournament, or a private one of the organizer it speaks for.
func (k Key) Reads(t *tournament.Tournament) bool { return t.Public || k.Owner() == t.OrganizerID }

// Why a key may not subscribe a webhook to a tournament it sees.
var (
	// ErrNotPublic: a public key subscribes only to public tournaments.
	ErrNotPublic = errors.New("record: a public key subscribes only to public tournaments")
	// ErrFinished: a public key subscribes only to tournaments that are not over.
	ErrFinished = errors.New("record: the tournament is over")
	// ErrNotOwner: a private tournament is its organizer's alone.
	ErrNotOwner = errors.New("record: the tournament is private")
)

// MaySubscribe says why the key may not subscribe a webhook to t, a
// tournament of a sport it sees, or nil: a public key only to public
// tournaments that are not finished or cancelled, a token to every
// tournament it reads.
func (k Key) MaySubscribe(t *tournament.Tournament) error {
	switch {
	case k.Kind == KindPublic && !t.Public:
		return ErrNotPublic
	case k.Kind == KindPublic && (t.State == tournament.StateFinished || t.State == tournament.StateCancelled):
		return ErrFinished
	case !k.Reads(t):
		return ErrNotOwner
	}
	return nil
}
