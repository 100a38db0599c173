package wire

import (
	"courtside/record"
	"courtside/tournament"
)

// Webhook is a subscription to a tournament's events (Courtside's own
// webhook endpoints).
type Webhook struct {
	ID           string          `json:"id"`
	TournamentID string          `json:"tournamentId"`
	URL          string          `json:"url"`
	Enabled      bool            `json:"enabled"`
	CreatedAt    tournament.Time `json:"createdAt"`
	DisabledAt   tournament.Time `json:"disabledAt,omitzero"`
}

// WebhookOf shapes a webhook, without its secret.
func WebhookOf(w record.Webhook) Webhook {
	return Webhook{ID: w.ID, TournamentID: w.TournamentID, URL: w.URL, Enabled: w.Enabled, CreatedAt: w.CreatedAt, DisabledAt: w.DisabledAt}
}

// CreatedWebhook is a new subscription: the only time its secret is shown.
type CreatedWebhook struct {
	Webhook
	Secret string `json:"secret"`
}

// WebhookLog is a subscription with its recent deliveries.
type WebhookLog struct {
	Webhook
	Deliveries []Delivery `json:"deliveries"`
}

// Delivery is one attempt to call a webhook.
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

// DeliveriesOf shapes a webhook's log; an empty one is [] rather than null.
func DeliveriesOf(log []record.Delivery) []Delivery {
	out := make([]Delivery, len(log))
	for i, d := range log {
		out[i] = Delivery(d)
	}
	return out
}
