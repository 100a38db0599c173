package api

import (
	"context"
	"errors"
	"net/http"
	"syscall"
	"time"

	"courtside/cache"
)

// Pinger tells whether the store answers, and why it refuses writes when it does.
type Pinger interface {
	Ping(ctx context.Context) error
	WriteProblem() error
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

// Ready answers 200 when Redis answers within a second and takes writes,
// 503 with the reason otherwise: a data directory that cannot be written (a
// full disk) leaves every page readable but no result can be saved.
func (h *Health) Ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := h.Store.Ping(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("not ok: redis unreachable\n"))
		return
	}
	if err := h.Store.WriteProblem(); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("not ok: " + WriteProblemReason(err) + "\n"))
		return
	}
	_, _ = w.Write([]byte("ok\n"))
}

// WriteProblemReason says why the store refuses writes, without naming a
// file: the readiness probe is public.
func WriteProblemReason(err error) string {
	why := "the data directory cannot be written"
	var errno syscall.Errno
	if errors.As(err, &errno) {
		why += " (" + errno.Error() + ")"
	}
	if errors.Is(err, cache.ErrDiskFailed) {
		why += "; the disk failed to keep a write: restart courtside"
	} else {
		why += "; writes are refused until it can be"
	}
	return why
}
