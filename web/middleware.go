package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"courtside/cache"
	"courtside/handlers"
	"courtside/templates"
)

// authenticate lets through requests carrying a valid key, counting GETs
// against the key's rate limit, and puts the key in the request's context.
func (s *server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := bearer(r)
		if secret == "" {
			s.apiError(w, r, &handlers.Problem{Status: http.StatusUnauthorized, Message: handlers.CodeTokenMissing})
			return
		}
		k, err := s.store.Authenticate(r.Context(), secret)
		if errors.Is(err, cache.ErrNotFound) || errors.Is(err, cache.ErrRevoked) {
			s.apiError(w, r, &handlers.Problem{Status: http.StatusUnauthorized, Message: handlers.CodeTokenInvalid})
			return
		}
		if err != nil {
			s.apiError(w, r, err)
			return
		}
		if r.Method == http.MethodGet {
			ok, wait, err := s.store.Allow(r.Context(), cache.Hash(secret), s.rateLimit)
			if err != nil {
				s.apiError(w, r, err)
				return
			}
			if !ok {
				s.apiError(w, r, &handlers.Problem{Status: http.StatusTooManyRequests,
					Message: fmt.Sprintf("Rate limit of %d GET requests per minute exceeded", s.rateLimit),
					Header:  retryAfter(wait.Seconds())})
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(handlers.WithCaller(r.Context(), k)))
	})
}

// statusWriter remembers the status and size of a response for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes one structured line per request, and turns a panic into a 500.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
				if sw.status == 0 {
					if strings.HasPrefix(r.URL.Path, apiPrefix) {
						s.apiError(sw, r, fmt.Errorf("panic: %v", p))
					} else {
						http.Error(sw, "Something went wrong on our side.", http.StatusInternalServerError)
					}
				}
			}
			level := slog.LevelInfo
			if sw.status >= 500 {
				level = slog.LevelError
			}
			if !s.log.Enabled(r.Context(), level) {
				return
			}
			s.log.LogAttrs(r.Context(), level, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", sw.status), slog.Int("bytes", sw.bytes),
				slog.Duration("duration", time.Since(start)))
		}()
		next.ServeHTTP(sw, r)
	})
}

// secureHeaders sets the headers every response carries, and the build of the
// assets, by which a TV notices a new deployment. The values are shared,
// read-only slices: every TV poll passes here, and Header.Set would allocate.
func (s *server) secureHeaders(next http.Handler) http.Handler {
	build := []string{s.assets.Build}
	nosniff, referrer, frames := []string{"nosniff"}, []string{"strict-origin-when-cross-origin"}, []string{"DENY"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["X-Courtside-Build"] = build
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = referrer
		h["X-Frame-Options"] = frames
		next.ServeHTTP(w, r)
	})
}

// langCookie remembers the language a visitor chose.
const langCookie = "lang"

// language picks the language pages render in: one chosen with ?lang= (which
// is remembered in a cookie for a year), else the remembered one, else the
// best of Accept-Language, else English.
func language(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.RawQuery, "lang=") {
			if l, ok := knownLang(r.URL.Query().Get("lang")); ok {
				http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, HttpOnly: true})
				q := r.URL.Query()
				q.Del("lang")
				u := *r.URL
				u.RawQuery = q.Encode()
				http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
				return
			}
		}
		l := templates.English
		if c, err := r.Cookie(langCookie); err == nil {
			if known, ok := knownLang(c.Value); ok {
				l = known
			}
		} else if accept := r.Header.Get("Accept-Language"); accept != "" {
			l = acceptLanguage(accept)
		}
		if l != templates.English { // English needs no word in the context
			r = r.WithContext(templates.WithLang(r.Context(), l))
		}
		next.ServeHTTP(w, r)
	})
}

func knownLang(s string) (templates.Lang, bool) {
	for _, l := range templates.Langs {
		if strings.EqualFold(s, string(l)) {
			return l, true
		}
	}
	return "", false
}

// acceptLanguage is the site language the header prefers most.
func acceptLanguage(header string) templates.Lang {
	best, bestQ := templates.English, 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		base, _, _ := strings.Cut(tag, "-")
		if l, ok := knownLang(base); ok && q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}
