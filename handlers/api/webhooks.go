package api

import (
	"context"
	"courtside/wire"
	"errors"
	"net/http"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/record"
)

// WebhookStore is what the webhook endpoints need from the store.
type WebhookStore interface {
	CreateWebhook(ctx context.Context, k record.Key, tournamentID, url string) (record.Webhook, error)
	Webhook(ctx context.Context, id string) (record.Webhook, error)
	Webhooks(ctx context.Context, owner string) ([]record.Webhook, error)
	DeleteWebhook(ctx context.Context, w record.Webhook) error
	SetWebhookEnabled(ctx context.Context, w record.Webhook, enabled bool) (record.Webhook, error)
	Deliveries(ctx context.Context, webhookID string) ([]record.Delivery, error)
}

// Webhooks serves the webhook subscription endpoints.
type Webhooks struct {
	Tournaments TournamentReader
	Store       WebhookStore
	// CheckURL says why a URL cannot be called, or nil.
	CheckURL func(ctx context.Context, url string) error
}

// Codes of the webhook endpoints.
const (
	CodeTooManySubscriptions = "TOO_MANY_SUBSCRIPTIONS"
	CodeTournamentNotPublic  = "TOURNAMENT_NOT_PUBLIC"
	CodeTournamentFinished   = "TOURNAMENT_FINISHED"
	CodeWebhookNotFound      = "WEBHOOK_NOT_FOUND"
)

// Create subscribes a URL to a tournament's events. A public key may subscribe
// only to public tournaments that are not finished.
func (h *Webhooks) Create(w http.ResponseWriter, r *http.Request) error {
	k := reply.Caller(r.Context())
	snap, err := h.Tournaments.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return reply.NotFoundAs(err, reply.CodeTournamentNotFound)
	}
	if !k.Sees(snap.Organizer.Sport) {
		return reply.NotFound(reply.CodeTournamentNotFound)
	}
	switch err := k.MaySubscribe(snap.Tournament); {
	case errors.Is(err, record.ErrNotPublic):
		return reply.Forbidden(CodeTournamentNotPublic)
	case errors.Is(err, record.ErrFinished):
		return reply.Forbidden(CodeTournamentFinished)
	case err != nil:
		return reply.Forbidden(reply.CodeForbidden)
	}
	var body struct {
		URL string `json:"url"`
	}
	if err := decodeBody(w, r, &body); err != nil {
		return err
	}
	if err := h.CheckURL(r.Context(), body.URL); err != nil {
		return reply.BadRequest("%s", err.Error())
	}
	hook, err := h.Store.CreateWebhook(r.Context(), k, snap.Tournament.ID, body.URL)
	if errors.Is(err, cache.ErrTooManyWebhooks) {
		return reply.BadRequest(CodeTooManySubscriptions)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/public/webhooks/"+hook.ID)
	w.Header().Set("Content-Type", "application/json; charset=utf-8") // before the status, or it is sniffed as text
	w.WriteHeader(http.StatusCreated)
	return reply.JSON(w, wire.CreatedWebhook{Webhook: wire.WebhookOf(hook), Secret: hook.Secret})
}

// List returns the caller's webhooks with their recent deliveries.
func (h *Webhooks) List(w http.ResponseWriter, r *http.Request) error {
	hooks, err := h.Store.Webhooks(r.Context(), reply.Caller(r.Context()).Owner())
	if err != nil {
		return err
	}
	out := make([]wire.WebhookLog, len(hooks))
	for i, hook := range hooks {
		log, err := h.Store.Deliveries(r.Context(), hook.ID)
		if err != nil {
			return err
		}
		out[i] = wire.WebhookLog{Webhook: wire.WebhookOf(hook), Deliveries: wire.DeliveriesOf(log)}
	}
	return reply.JSON(w, out)
}

// mine returns the caller's webhook named by the path; another owner's is not found.
func (h *Webhooks) mine(r *http.Request) (record.Webhook, error) {
	hook, err := h.Store.Webhook(r.Context(), r.PathValue("webhookId"))
	if err != nil {
		return hook, reply.NotFoundAs(err, CodeWebhookNotFound)
	}
	if hook.Owner != reply.Caller(r.Context()).Owner() {
		return hook, reply.NotFound(CodeWebhookNotFound)
	}
	return hook, nil
}

// Delete removes one of the caller's webhooks.
func (h *Webhooks) Delete(w http.ResponseWriter, r *http.Request) error {
	hook, err := h.mine(r)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteWebhook(r.Context(), hook); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Enable turns a webhook disabled after failed deliveries back on.
func (h *Webhooks) Enable(w http.ResponseWriter, r *http.Request) error {
	hook, err := h.mine(r)
	if err != nil {
		return err
	}
	hook, err = h.Store.SetWebhookEnabled(r.Context(), hook, true)
	if err != nil {
		return reply.NotFoundAs(err, CodeWebhookNotFound) // deleted meanwhile
	}
	return reply.JSON(w, wire.WebhookOf(hook))
}
