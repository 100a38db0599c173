package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/locale"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// authenticate lets through requests carrying a valid key, counting GETs (and
// HEADs, which cost the same) against the key's rate limit, and puts the key
// in the request's context.
func (s *server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := bearer(r)
		if secret == "" {
			s.apiError(w, r, &reply.Problem{Status: http.StatusUnauthorized, Message: reply.CodeTokenMissing})
			return
		}
		k, err := s.store.Authenticate(r.Context(), secret)
		// A suspended organizer's key is as unknown as one never made; the
		// operator's login signs in to its page and reads no API.
		if errors.Is(err, cache.ErrNotFound) || errors.Is(err, cache.ErrRevoked) || errors.Is(err, cache.ErrSuspended) || err == nil && k.Kind == record.KindOperator {
			s.apiError(w, r, &reply.Problem{Status: http.StatusUnauthorized, Message: reply.CodeTokenInvalid})
			return
		}
		if err != nil {
			s.apiError(w, r, err)
			return
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			ok, wait, err := s.store.Allow(r.Context(), cache.Hash(secret), s.rateLimit)
			if err != nil {
				s.apiError(w, r, err)
				return
			}
			if !ok {
				s.apiError(w, r, &reply.Problem{Status: http.StatusTooManyRequests,
					Message: fmt.Sprintf("Rate limit of %d GET requests per minute exceeded", s.rateLimit),
					Header:  retryAfter(wait.Seconds())})
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(reply.WithCaller(r.Context(), k)))
	})
}

// perClient counts a request to a public page that is computed for each
// request (no render cache answers it) against its client's
// tournament.PublicRequestsPerClient a minute, shared by every instance;
// past it, the page is a 429 that names the limit and says when to come back.
// uncached says which requests of the route count (nil: all of them); the
// client is the address a trusted proxy names (forwarded), an IPv6 client
// its /64, which one machine has whole.
func (s *server) perClient(uncached func(*http.Request) bool, h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if uncached != nil && !uncached(r) {
			return h(w, r)
		}
		ok, wait, err := s.store.Allow(r.Context(), "page:"+clientOf(r), tournament.PublicRequestsPerClient)
		if err != nil {
			return err
		}
		if !ok {
			return &reply.Problem{Status: http.StatusTooManyRequests, Header: retryAfter(wait.Seconds()),
				Message: templates.Reason(r.Context(), "Too many requests from your address: at most %d a minute (limit %q). Try again in a minute.",
					tournament.PublicRequestsPerClient, "public page requests per client a minute")}
		}
		return h(w, r)
	}
}

// searching says whether a request is a search (it has a query q).
func searching(r *http.Request) bool { return r.URL.Query().Get("q") != "" }

// clientOf is the client a per-client limit counts: its address, or its
// IPv6 /64.
func clientOf(r *http.Request) string {
	a := peerAddr(r.RemoteAddr)
	if !a.IsValid() {
		return r.RemoteAddr
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// recorder is the writer every request is answered through. It notes the
// status and size for the log, carries what the metrics learn while the
// request runs, and gives every response but a 304 the policies of a
// document: a 304 has no body for them to describe (the response a client
// kept holds them already), and every TV poll is one. One allocation per
// request holds all of it.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int
	stats  requestStats
	embed  bool // an embed's address: other sites may frame it
	// fragment: htmx asks (HX-Request), to swap the body into a page it
	// shows. Such a response is never a document of its own (a browser
	// sends the header only from a script, never when it navigates), so the
	// policies of the page it goes into hold for it.
	fragment bool
}

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		if status != http.StatusNotModified && !w.fragment {
			setPolicies(w.Header())
			if w.embed {
				framable(w.Header())
			}
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes one structured line per request (when the configured
// level takes it), measures it, and turns a panic above the faces' chains
// (which recover their own) into a plain 500.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, stats: requestStats{route: "unmatched"}, embed: strings.HasPrefix(r.URL.Path, "/embed/"),
			fragment: r.Header.Get("HX-Request") == "true"}
		if s.metrics != nil {
			r = r.WithContext(context.WithValue(r.Context(), statsKey{}, &rec.stats))
		}
		defer func() {
			if p := recover(); p != nil {
				s.panicked(rec, r, p, sitePanic)
			}
			took := time.Since(start)
			if s.metrics != nil {
				s.metrics.observe(r, &rec.stats, rec.status, start, took)
			}
			level := slog.LevelInfo
			if rec.status >= 500 {
				level = slog.LevelError
			}
			if !s.log.Enabled(r.Context(), level) {
				return
			}
			s.log.LogAttrs(r.Context(), level, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
				slog.Duration("duration", took))
		}()
		next.ServeHTTP(rec, r)
	})
}

// recovering turns a panic in the handlers below it into a 500 that answer
// writes, unless the response had begun; the panic and its stack are
// logged. Each face's chain starts with one: the API answers with its error
// body (apiPanic), the site with a plain page (sitePanic).
func (s *server) recovering(answer func(http.ResponseWriter, *http.Request, any), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.panicked(w, r, p, answer)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// panicked logs a recovered panic and answers it, unless the response had
// begun (w is the recorder logRequests made). An aborted handler
// (http.ErrAbortHandler) panics on, for the server to drop the connection.
func (s *server) panicked(w http.ResponseWriter, r *http.Request, p any, answer func(http.ResponseWriter, *http.Request, any)) {
	if p == http.ErrAbortHandler {
		panic(p)
	}
	s.log.ErrorContext(r.Context(), "panic", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
	if rec, ok := w.(*recorder); ok && rec.status != 0 {
		return
	}
	answer(w, r, p)
}

// apiPanic answers a panic with the API's error body.
func (s *server) apiPanic(w http.ResponseWriter, r *http.Request, p any) {
	s.apiError(w, r, fmt.Errorf("panic: %v", p))
}

// sitePanic answers a panic with a plain page.
func sitePanic(w http.ResponseWriter, _ *http.Request, _ any) {
	http.Error(w, "Something went wrong on our side.", http.StatusInternalServerError)
}

// The policies of a document. Scripts come only from this site's own files
// (htmx and courtside.js; no inline script, no eval). Styles allow
// 'unsafe-inline': htmx adds its indicator style and the bracket lights up an
// entry's path with a generated <style>; an inline style can restyle a page
// but not run code. The QR codes are inline SVG; Tailwind's form controls
// draw with data: images.
const (
	contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
		"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
	// strictTransport is sent on HTTPS only, as browsers ignore it elsewhere.
	strictTransport = "max-age=31536000"
)

// Header values: shared, read-only slices, as Header.Set would canonicalise
// the name and allocate a slice each time.
var (
	hstsValue    = []string{strictTransport}
	noStoreValue = []string{"no-store"}
)

// policies describe a response's body (how to treat the document), not the
// response: every status but 304 carries them.
var policies = []struct {
	name  string
	value []string
}{
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
	{"Permissions-Policy", []string{permissionsPolicy}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"X-Content-Type-Options", []string{"nosniff"}},
}

// embedPolicy is the document policy of an embed (/embed/...): the same,
// except that any site may frame it.
var embedPolicy = []string{strings.Replace(contentSecurityPolicy, "frame-ancestors 'none'", "frame-ancestors *", 1)}

// framable lets other sites frame an embed: the one kind of page they may.
func framable(h http.Header) {
	h["Content-Security-Policy"] = embedPolicy
	delete(h, "X-Frame-Options")
}

// setPolicies sets the policies.
func setPolicies(h http.Header) {
	for _, p := range policies {
		h[p.name] = p.value
	}
}

// secureHeaders sets the headers of every response, a 304 included (the
// policies of a document come with its status, from recorder): the build of
// the assets, by which a TV notices a new deployment; HSTS on HTTPS; and
// no-store on the console's pages, which show a signed-in organizer's data.
func (s *server) secureHeaders(next http.Handler) http.Handler {
	build := []string{s.assets.Build}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["X-Courtside-Build"] = build
		if reply.HTTPS(r) {
			h["Strict-Transport-Security"] = hstsValue
		}
		if r.URL.Path == "/admin" || strings.HasPrefix(r.URL.Path, "/admin/") {
			h["Cache-Control"] = noStoreValue
		}
		next.ServeHTTP(w, r)
	})
}

// forwarded believes X-Forwarded-For and X-Forwarded-Proto only when the peer
// is one of the trusted proxies. From one, the client it names becomes the
// request's RemoteAddr (so the sign-in lockout counts visitors, not the
// proxy); from anyone else both headers are dropped, so no client can pose as
// another address or as HTTPS.
func forwarded(trusted []netip.Prefix, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, hasFor := r.Header["X-Forwarded-For"]
		_, hasProto := r.Header["X-Forwarded-Proto"]
		if !hasFor && !hasProto {
			next.ServeHTTP(w, r)
			return
		}
		if !isTrusted(trusted, peerAddr(r.RemoteAddr)) {
			r = r.WithContext(r.Context()) // a copy: the caller's request stays as it was
			r.Header = r.Header.Clone()
			r.Header.Del("X-Forwarded-For")
			r.Header.Del("X-Forwarded-Proto")
		} else if client, ok := forwardedClient(trusted, r.Header.Values("X-Forwarded-For")); ok {
			r = r.WithContext(r.Context())
			r.RemoteAddr = netip.AddrPortFrom(client, 0).String()
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedClient is the client the trusted proxies name: the right-most
// address of X-Forwarded-For that is not itself a trusted proxy (addresses
// left of it were written by the client and prove nothing).
func forwardedClient(trusted []netip.Prefix, header []string) (netip.Addr, bool) {
	var hops []string
	for _, h := range header {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return netip.Addr{}, false // a hop we cannot read: stay with the peer
		}
		if a = a.Unmap(); !isTrusted(trusted, a) || i == 0 {
			return a, true
		}
	}
	return netip.Addr{}, false
}

func peerAddr(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

func isTrusted(trusted []netip.Prefix, a netip.Addr) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// CORS on the API: keys are bearer headers, never cookies, so any origin may
// call it from a browser (the real service's own demo is a browser app).
// A preflight is answered here, before the key check and the rate limit.
var (
	corsOrigin  = []string{"*"}
	corsExpose  = []string{"ETag, Retry-After"}
	corsMethods = []string{"GET, PUT, POST, DELETE"}
	corsHeaders = []string{"Authorization, Content-Type"}
	corsMaxAge  = []string{"86400"}
)

func cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Access-Control-Allow-Origin"] = corsOrigin
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h["Access-Control-Allow-Methods"] = corsMethods
			h["Access-Control-Allow-Headers"] = corsHeaders
			h["Access-Control-Max-Age"] = corsMaxAge
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h["Access-Control-Expose-Headers"] = corsExpose
		next.ServeHTTP(w, r)
	})
}

// langCookie remembers the language a visitor chose.
const langCookie = "lang"

// language picks the language pages render in: one chosen with ?lang= on a
// page (remembered in a cookie for a year, and the page asked again without
// it; a screen's keeps it in its address alone), else the remembered one, else the best of Accept-Language, else
// English. Form posts keep their answers: ?lang= means nothing to them. It is
// the site's: the API speaks English.
func language(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page := r.Method == http.MethodGet || r.Method == http.MethodHead
		if page && screenPath(r.URL.Path) {
			// A screen in the hall keeps its language in its address (its
			// polls ask with it too): a cookie would carry it to every tab
			// of the browser, and another tab's choice to the screen.
			if l, ok := knownLang(r.URL.Query().Get("lang")); ok {
				if l != locale.English {
					r = r.WithContext(templates.WithLang(r.Context(), l))
				}
				next.ServeHTTP(w, r)
				return
			}
		}
		if page && strings.Contains(r.URL.RawQuery, "lang=") {
			if l, ok := knownLang(r.URL.Query().Get("lang")); ok {
				http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, HttpOnly: true, Secure: reply.HTTPS(r)})
				q := r.URL.Query()
				q.Del("lang")
				// The same page on this site, whatever the path holds: a cleaned
				// path cannot start with "//" (another host to a browser), and
				// its escaped form turns a backslash into %5C.
				u := url.URL{Path: cleanPath(r.URL.Path), RawQuery: q.Encode()}
				http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
				return
			}
		}
		l := locale.English
		if c, err := r.Cookie(langCookie); err == nil {
			if known, ok := knownLang(c.Value); ok {
				l = known
			}
		} else if accept := r.Header.Get("Accept-Language"); accept != "" {
			l = acceptLanguage(accept)
		}
		if l != locale.English { // English needs no word in the context
			r = r.WithContext(templates.WithLang(r.Context(), l))
		}
		next.ServeHTTP(w, r)
	})
}

// screenPath reports whether a path is a screen's, or a part one polls:
// a TV, a screen steered from the console, a series TV, a court board's
// live part, an embed in a club's website.
func screenPath(p string) bool {
	return strings.HasSuffix(p, "/tv") || strings.Contains(p, "/tv/") || strings.HasSuffix(p, "/board") ||
		strings.Contains(p, "/screens/") || strings.HasPrefix(p, "/embed/")
}

// siteLangs are the languages of the catalogs, read once: every request
// looks its language up in them.
var siteLangs = locale.Langs()

func knownLang(s string) (locale.Lang, bool) {
	for _, l := range siteLangs {
		if strings.EqualFold(s, string(l)) {
			return l, true
		}
	}
	return "", false
}

// acceptLanguage is the site language the header prefers most.
func acceptLanguage(header string) locale.Lang {
	best, bestQ := locale.English, 0.0
	for part := range strings.SplitSeq(header, ",") {
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

// cleanAPIPaths answers API paths that are not clean (a doubled slash, a dot
// segment, the bare prefix) with the API's 404: the mux would redirect them,
// and an API client wants an error it can read, not a 307 to follow.
func (s *server) cleanAPIPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if clean := cleanPath(p); clean != p || clean == apiPrefix || clean == ownAPIPrefix {
			s.apiError(w, r, reply.NotFound(reply.CodeRouteNotFound))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// cleanPath is the path as http.ServeMux cleans it: rooted, no dot segments,
// no doubled slashes, a trailing slash kept.
func cleanPath(p string) string {
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	clean := path.Clean(p)
	if p[len(p)-1] == '/' && clean != "/" {
		clean += "/"
	}
	return clean
}
