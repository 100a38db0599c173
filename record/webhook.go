package record

import (
	"courtside/tournament"
)

// Webhook is a subscription of a URL to a tournament's events.
type Webhook struct {
	ID           string          `json:"id"`
	TournamentID string          `json:"tournamentId"`
	URL          string          `json:"url"`
	Enabled      bool            `json:"enabled"`
	CreatedAt    tournament.Time `json:"createdAt"`
	DisabledAt   tournament.Time `json:"disabledAt,omitzero"`
	// Owner is the key owner that manages it (Key.Owner); KeyID the key that made it.
	Owner string `json:"-"`
	KeyID string `json:"-"`
	// Secret signs every call; it is shown once, when the webhook is made.
	Secret string `json:"-"`
}

// Delivery is one attempt to call a webhook, as its log keeps it.
type Delivery struct {
	ID       int64           `json:"id"`
	At       tournament.Time `json:"at"`
	Attempt  int             `json:"attempt"`
	Status   int             `json:"status,omitempty"`
	Error    string          `json:"error,omitempty"`
	Events   int             `json:"events"`
	Millis   int64           `json:"ms"`
	Disabled bool            `json:"disabled,omitempty"`
}
