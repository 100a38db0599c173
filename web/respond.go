package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"courtside/handlers"
)

// HandlerFunc is a handler that returns its error rather than writing it.
type HandlerFunc func(http.ResponseWriter, *http.Request) error

// api adapts an API handler: its error becomes the API's error body.
func (s *server) api(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.apiError(w, r, err)
		}
	})
}

// apiError writes err as the API's one error body. A *handlers.Problem is the
// client's to see; any other error is logged and answered with a bare 500.
func (s *server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	var p *handlers.Problem
	if !errors.As(err, &p) {
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		p = handlers.Status(http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError))
	}
	for k, vs := range p.Header {
		w.Header()[k] = vs
	}
	writeJSON(w, p.Status, p.Body())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// retryAfter is a Retry-After header of whole seconds, rounded up.
func retryAfter(seconds float64) http.Header {
	n := int(seconds)
	if float64(n) < seconds {
		n++
	}
	return http.Header{"Retry-After": {strconv.Itoa(max(n, 1))}}
}

// bearer takes the key from "Authorization: Bearer <key>" or a bare "Authorization: <key>".
func bearer(r *http.Request) string {
	v := strings.TrimSpace(r.Header.Get("Authorization"))
	if scheme, rest, ok := strings.Cut(v, " "); ok && strings.EqualFold(scheme, "Bearer") {
		return strings.TrimSpace(rest)
	}
	return v
}
