package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

// HandlerFunc is a handler that returns its error rather than writing it.
type HandlerFunc func(http.ResponseWriter, *http.Request) error

// api adapts an API handler: its error becomes the API's error body. A
// suspended organizer, or a tournament of one, that the path names is not
// found (hidden).
func (s *server) api(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := s.hidden(r)
		if err == nil && code != "" {
			err = reply.NotFound(code)
		}
		if err == nil {
			err = h(w, r)
		}
		if err != nil {
			s.apiError(w, r, err)
		}
	})
}

// hidden says whether the request's path names an organizer that an
// operator suspended ({organizerId}, {slug}) or a tournament of one ({id}):
// such a request is answered as if it did not exist, with the code of the
// API's not-found body; "" when it does not. Every page and API route
// passes here (page, api): a route whose path names an organizer the
// operator reaches while it is suspended uses another name ({org}).
func (s *server) hidden(r *http.Request) (string, error) {
	ctx := r.Context()
	if some, err := s.store.AnySuspended(ctx); err != nil || !some {
		return "", err
	}
	off, code, err := false, reply.CodeOrganizerNotFound, error(nil)
	switch id, slug, tid := r.PathValue("organizerId"), r.PathValue("slug"), r.PathValue("id"); {
	case id != "":
		off, err = s.store.Suspended(ctx, id)
	case slug != "":
		off, err = s.store.SuspendedSlug(ctx, slug)
	case tid != "":
		snap, serr := s.store.Snapshot(ctx, tid)
		if errors.Is(serr, cache.ErrNotFound) {
			return "", nil // the handler says so
		} else if serr != nil {
			return "", serr
		}
		code = reply.CodeTournamentNotFound
		off, err = s.store.Suspended(ctx, snap.Tournament.OrganizerID)
	}
	if err != nil || !off {
		return "", err
	}
	return code, nil
}

// apiError writes err as the API's one error body. A *reply.Problem is the
// client's to see; Redis out of reach is a 503 to retry; any other error is
// logged and answered with a bare 500.
func (s *server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	if gone(w, r) {
		return
	}
	var p *reply.Problem
	switch q, over := cache.IsQuota(err); {
	case errors.As(err, &p):
	case over:
		p = quotaProblem(q, q.Error()) // the API speaks English
	case cache.Unavailable(err):
		s.log.WarnContext(r.Context(), "redis unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		p = &reply.Problem{Status: http.StatusServiceUnavailable, Message: "The service is unavailable for a moment; try again shortly",
			Header: retryAfter(unavailableRetry)}
	case errors.Is(err, cache.ErrConflict), errors.Is(err, cache.ErrExists):
		// Racing writers outlasted every retry, or a creation found its tournament there.
		p = reply.Status(http.StatusConflict, conflictMessage(context.Background(), err)) // the API speaks English
	default:
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		p = reply.Status(http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError))
	}
	for k, vs := range p.Header {
		w.Header()[k] = vs
	}
	writeJSON(w, p.Status, p.Body())
}

// page adapts a site handler: its error becomes an HTML error page. A
// suspended organizer, or a tournament of one, that the path names is not
// found (hidden).
func (s *server) page(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := s.hidden(r)
		if err == nil && code != "" {
			err = reply.NotFound(code)
		}
		if err == nil {
			err = h(w, r)
		}
		if err != nil {
			s.htmlError(w, r, err)
		}
	})
}

// htmlError writes err as an error page. Only a *reply.Problem's status
// reaches the visitor; any other error is logged and shown as a 500.
func (s *server) htmlError(w http.ResponseWriter, r *http.Request, err error) {
	if gone(w, r) {
		return
	}
	T := func(s string) string { return templates.T(r.Context(), s) }
	p := templates.ErrorPage{Page: templates.Page{Assets: s.assets, Path: r.URL.Path}, Status: http.StatusNotFound,
		Heading: T("Nothing here"), Message: T("This page does not exist, or it is not shared. Check the address, or start again from the home page.")}
	var prob *reply.Problem
	q, over := cache.IsQuota(err)
	if over {
		prob = quotaProblem(q, templates.Reason(r.Context(), "the organizer's quota of %s is used up (limit %q)", tournament.LimitText(q.Limit), q.Limit.Name))
		err = prob
	}
	switch {
	case errors.As(err, &prob) && prob.Status == http.StatusNotFound:
	case errors.As(err, &prob):
		for k, vs := range prob.Header {
			w.Header()[k] = vs
		}
		p.Status, p.Heading, p.Message = prob.Status, T(http.StatusText(prob.Status)), prob.Message
	case errors.Is(err, cache.ErrConflict), errors.Is(err, cache.ErrExists):
		p.Status, p.Heading, p.Message = http.StatusConflict, T("Changed meanwhile"), conflictMessage(r.Context(), err)
	case cache.Unavailable(err):
		s.log.WarnContext(r.Context(), "redis unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		p.Status, p.Heading, p.Message = http.StatusServiceUnavailable, T("Back in a moment"), T("The results cannot be reached right now. Try again in a few seconds.")
		if errors.Is(err, cache.ErrCannotWrite) {
			p.Heading, p.Message = T("Not saved"), T("Nothing can be saved right now: the disk of Courtside's data folder is full or failed. What you sent was not saved; send it again once the console no longer warns about the disk.")
		}
		for k, vs := range retryAfter(unavailableRetry) {
			w.Header()[k] = vs
		}
	default:
		s.log.ErrorContext(r.Context(), "page failed", "method", r.Method, "path", r.URL.Path, "err", err)
		p.Status, p.Heading, p.Message = http.StatusInternalServerError, T("Something went wrong"), T("That is our fault, not yours. Try again in a moment.")
	}
	p.Title = p.Heading
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(p.Status)
	_ = templates.Error(p).Render(r.Context(), w)
}

// statusClientGone is nginx's "client closed request": what the log and
// the metrics count for a request whose client left before its answer.
const statusClientGone = 499

// gone reports whether the client left before its answer was ready (an
// aborted request ends its context, and the work under it fails). That is
// nobody's fault and nobody reads the answer: it is counted as 499, not
// logged as an error and counted as a 500.
func gone(w http.ResponseWriter, r *http.Request) bool {
	if r.Context().Err() == nil {
		return false
	}
	w.WriteHeader(statusClientGone)
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// unavailableRetry is how many seconds a client is asked to wait while Redis is out of reach.
const unavailableRetry = 5

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

// conflictMessage says why a write found the tournament other than it expected.
func conflictMessage(ctx context.Context, err error) string {
	if errors.Is(err, cache.ErrExists) {
		return templates.T(ctx, "The tournament exists already.")
	}
	return templates.T(ctx, "The tournament changed while this was saved; nothing was changed. Send it again.")
}

// quotaProblem answers a refusal of an organizer's quota: 429 with
// Retry-After for its writes a minute, which come back; 403 for what it
// keeps (tournaments, matches, storage), which stay refused until some are
// deleted or an operator raises the quota.
func quotaProblem(q *cache.QuotaError, message string) *reply.Problem {
	if q.RetryAfter > 0 {
		return &reply.Problem{Status: http.StatusTooManyRequests, Message: message, Header: retryAfter(q.RetryAfter.Seconds())}
	}
	return &reply.Problem{Status: http.StatusForbidden, Message: message}
}
