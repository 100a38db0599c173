package api

import (
	"context"
	"errors"
	"io"
	"net/http"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/upstream"
)

// UpstreamHooks takes the webhook calls of tournaments Courtside follows (upstream.Follower).
type UpstreamHooks interface {
	Hook(ctx context.Context, id, secret string, body []byte) error
}

// HooksUpstream receives the calls the tournament application makes to the
// webhook address a follow gave out. The application signs nothing, so the
// secret in the address is what proves a call comes from it.
type HooksUpstream struct {
	Hooks UpstreamHooks
}

// maxHookBody bounds a call: a burst after the application was offline is a long list of small events.
const maxHookBody = 1 << 20

// Receive takes one call: 204 once what it says changed is noted (the sync
// loop reads it), 404 for an address that names no follow, 400 for a body
// that does not read. A non-2xx answer makes the application call again.
func (h *HooksUpstream) Receive(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxHookBody))
	if err != nil {
		return reply.BadRequest("the body is larger than %d bytes", maxHookBody)
	}
	err = h.Hooks.Hook(r.Context(), r.PathValue("id"), r.PathValue("secret"), body)
	switch {
	case errors.Is(err, cache.ErrNotFound):
		return reply.NotFound(reply.CodeRouteNotFound)
	case errors.Is(err, upstream.ErrBadRequest):
		return reply.BadRequest("%s", err.Error())
	case err != nil:
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
