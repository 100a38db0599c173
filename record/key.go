package record

import (
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
)

// Key is an API key as stored: everything but its secret.
type Key struct {
	ID          string           `json:"id"`
	Kind        KeyKind          `json:"kind"`
	OrganizerID string           `json:"organizerId,omitempty"`
	Sport       tournament.Sport `json:"sport"`
	Name        string           `json:"name"`
	App         string           `json:"app,omitempty"`
	Applicant   string           `json:"applicant,omitempty"`
	Email       string           `json:"email,omitempty"`
	Description string           `json:"description,omitempty"`
	CreatedAt   tournament.Time  `json:"createdAt"`
	Revoked     bool             `json:"revoked"`
}

// Owner is who the key speaks for: the organizer for a token, the key itself for a public key.
func (k Key) Owner() string {
	if k.Kind == KindToken {
		return k.OrganizerID
	}
	return k.ID
}
