// Package web is the server: every URL, the middleware and the responses.
package web

import (
	"log/slog"
	"net/http"
	"strings"

	"courtside/cache"
	"courtside/handlers"
)

// apiPrefix is the base of the Tournament Public API (spec section 9).
const apiPrefix = "/v1/public"

// Config is what the server is built from.
type Config struct {
	Store  *cache.Store
	Logger *slog.Logger
	// RateLimit is how many GET requests a key may make per minute (spec section 8).
	RateLimit int
}

type server struct {
	store     *cache.Store
	log       *slog.Logger
	rateLimit int
}

// Routes returns the whole site and API. Every URL the product has is here.
func Routes(c Config) http.Handler {
	s := &server{store: c.Store, log: c.Logger, rateLimit: c.RateLimit}
	api := &handlers.API{Store: c.Store}
	health := &handlers.Health{Store: c.Store}

	mux := http.NewServeMux()
	// The Tournament Public API: every request carries a key.
	key := func(h HandlerFunc) http.Handler { return s.authenticate(s.api(h)) }
	mux.Handle("GET /v1/public/hello", key(api.Hello))
	mux.Handle("GET /v1/public/organizers", key(api.Organizers))
	mux.Handle("GET /v1/public/organizers/{organizerId}/tournaments", key(api.OrganizerTournaments))
	mux.Handle("GET /v1/public/tournaments", key(api.Tournaments))
	mux.Handle("GET /v1/public/tournaments/{id}", key(api.Tournament))
	mux.Handle("GET /v1/public/tournaments/{id}/courts", key(api.Courts))
	mux.Handle("GET /v1/public/tournaments/{id}/courts/{courtId}", key(api.Court))
	mux.Handle("GET /v1/public/tournaments/{id}/matches/{matchId}", key(api.Match))
	mux.Handle("GET /v1/public/tournaments/{id}/disciplines/{partId}/matches", key(api.DisciplineMatches))
	mux.Handle("GET /v1/public/tournaments/{id}/stages/{partId}/matches", key(api.StageMatches))
	mux.Handle("GET /v1/public/tournaments/{id}/rounds/{partId}/matches", key(api.RoundMatches))
	mux.Handle("GET /v1/public/tournaments/{id}/groups/{partId}/matches", key(api.GroupMatches))
	mux.Handle("GET /v1/public/tournaments/{id}/entries/{entryId}/matches", key(api.EntryMatches))
	mux.Handle("GET /v1/public/tournaments/{id}/entries", key(api.Entries))
	mux.Handle("GET /v1/public/tournaments/{id}/discipline/{partId}/entries", key(api.DisciplineEntries))
	mux.Handle("GET /v1/public/tournaments/{id}/group/{partId}/entries", key(api.GroupEntries))
	mux.Handle("GET /v1/public/tournaments/{id}/groups/{partId}/standings", key(api.Standings))
	// The API's own description needs no key.
	mux.Handle("GET /v1/public/openapi.json", http.HandlerFunc(handlers.OpenAPI))
	mux.Handle("/v1/public/", s.api(s.noRoute(mux)))

	// Operations.
	mux.Handle("GET /healthz", http.HandlerFunc(health.Live))
	mux.Handle("GET /readyz", http.HandlerFunc(health.Ready))

	return s.logRequests(secureHeaders(mux))
}

// noRoute answers API paths no route serves: 405 when another method would
// be served there, 404 otherwise, both with the API's error body.
func (s *server) noRoute(mux *http.ServeMux) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodPost, http.MethodDelete} {
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := mux.Handler(probe); m != r.Method && pattern != "" && !strings.HasSuffix(pattern, "/v1/public/") {
				w.Header().Add("Allow", m)
			}
		}
		if w.Header().Get("Allow") != "" {
			return handlers.Status(http.StatusMethodNotAllowed, "Cannot "+r.Method+" "+r.URL.Path)
		}
		return handlers.NotFound(handlers.CodeRouteNotFound)
	}
}
