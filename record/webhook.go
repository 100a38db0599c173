package record

import (
	"errors"
	"net/url"

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

// ErrWebhookAddress refuses an address a webhook cannot call.
var ErrWebhookAddress = errors.New("url must be an http or https address without credentials")

// WebhookAddress reads the address a webhook is to call: an http or https
// URL with a host and without credentials. Whether the host is public needs
// a resolver, which is the server's part (web.CheckWebhookURL), and the
// deliverer's again when it dials.
func WebhookAddress(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
		return nil, ErrWebhookAddress
	}
	return u, nil
}
