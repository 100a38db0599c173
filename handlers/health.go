package handlers

import (
	"context"
	"net/http"
	"time"
)

// Pinger tells whether the store answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Health serves the liveness and readiness probes.
type Health struct {
	Store Pinger
}

// Live answers 200 while the process serves requests.
func (h *Health) Live(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// Ready answers 200 when Redis answers within a second, 503 otherwise.
func (h *Health) Ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := h.Store.Ping(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("redis unreachable\n"))
		return
	}
	_, _ = w.Write([]byte("ok\n"))
}
