// Package console is the organizers' console: signing in, setup, entries,
// courts, the draw, calling, results and corrections, rankings, following
// and the organizer's data. Every route says who may use it (web/routes.go).
package console

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/angelofallars/htmx-go"
	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// AdminStore is what the organizer console needs from the store.
type AdminStore interface {
	Authenticate(ctx context.Context, secret string) (record.Key, error)
	KeyByHash(ctx context.Context, sha string) (record.Key, error)
	BeginLogin(ctx context.Context, client string) (time.Duration, error)
	LoginSucceeded(ctx context.Context, client string) error
	CreateSession(ctx context.Context, keySHA string, ttl time.Duration) (string, error)
	SessionKey(ctx context.Context, id string) (string, error)
	EndSession(ctx context.Context, id string) error
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
	Tournaments(ctx context.Context, organizerID string, q cache.ListQuery) ([]*tournament.Snapshot, error)
	Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error)
	Audit(ctx context.Context, id, matchID string) ([]tournament.AuditEntry, error)
	WriteProblem() error
}

// Admin serves the organizer console: sign-in with an API token, the
// organizer's tournaments, calling matches to courts and entering results.
type Admin struct {
	Store    AdminStore
	Sessions *sessions.CookieStore
	Assets   templates.Assets
	Now      func() time.Time
	// Results enters results: here, or in the tournament application a
	// followed tournament runs in.
	Results *app.Results
	// Corrections corrects results and gives walkovers.
	Corrections *app.Corrections
}

const (
	sessionName = "courtside"
	// sessionID names the id of the session's record in the store, which
	// signing out and revoking the token delete: a copied cookie then opens nothing.
	sessionID = "session"
	// SessionLifetime is how long a sign-in lasts, in the cookie and in the store.
	SessionLifetime = 12 * time.Hour
	// maxLoginBody caps a sign-in's form: a token and the return address fit
	// many times over, and an unauthenticated request may not make us buffer more.
	maxLoginBody = 4 << 10
)

// NewSessions makes the session cookie store: signed and encrypted with the
// keys, newest first (older keys still read cookies, so keys can rotate).
// Without keys it makes a random pair, good for this process only.
func NewSessions(keyPairs ...[]byte) *sessions.CookieStore {
	if len(keyPairs) == 0 {
		keyPairs = [][]byte{securecookie.GenerateRandomKey(32), securecookie.GenerateRandomKey(32)}
	}
	s := sessions.NewCookieStore(keyPairs...)
	s.Options = &sessions.Options{Path: "/", MaxAge: int(SessionLifetime.Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode}
	return s
}

// Layout is the layout's part of a console page's view.
func (a *Admin) Layout(r *http.Request, title string) templates.Page {
	return templates.Page{Title: title, Assets: a.Assets, Path: r.URL.Path}
}

func (a *Admin) save(w http.ResponseWriter, r *http.Request, s *sessions.Session) error {
	opts := *a.Sessions.Options
	opts.Secure = reply.HTTPS(r)
	if s.Options != nil && s.Options.MaxAge < 0 {
		opts.MaxAge = -1
	}
	s.Options = &opts
	return s.Save(r, w)
}

// Organizer reads the signed-in organizer's key through the session. A
// session that ended (signed out, its token revoked, expired), one of a
// suspended organizer, the operator's, or a cookie that does not decode is
// no organizer's session.
func (a *Admin) Organizer(r *http.Request) (record.Key, bool, error) {
	k, ok, err := a.login(r)
	if !ok || k.Kind != record.KindToken {
		return record.Key{}, false, err
	}
	return k, true, nil
}

// login reads the key of whoever is signed in through the session: an
// organizer's login or the operator's.
func (a *Admin) login(r *http.Request) (record.Key, bool, error) {
	s, _ := a.Sessions.Get(r, sessionName) // a tampered or expired cookie gives an empty session
	id, _ := s.Values[sessionID].(string)
	if id == "" {
		return record.Key{}, false, nil
	}
	sha, err := a.Store.SessionKey(r.Context(), id)
	if errors.Is(err, cache.ErrNotFound) {
		return record.Key{}, false, nil
	}
	if err != nil {
		return record.Key{}, false, err
	}
	k, err := a.Store.KeyByHash(r.Context(), sha)
	if errors.Is(err, cache.ErrNotFound) || errors.Is(err, cache.ErrRevoked) || errors.Is(err, cache.ErrSuspended) ||
		err == nil && k.Kind != record.KindToken && k.Kind != record.KindOperator {
		return record.Key{}, false, nil
	}
	return k, err == nil, err
}

// Viewer is the organizer signed in on this request, or "".
func (a *Admin) Viewer(r *http.Request) string {
	k, ok, _ := a.Organizer(r)
	if !ok {
		return ""
	}
	return k.OrganizerID
}

// SignedIn lets through requests of a signed-in organizer, whose key it puts
// in the context; others go to the sign-in, and come back after it.
func (a *Admin) SignedIn(h func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		k, ok, err := a.login(r)
		if err != nil {
			return err
		}
		if !ok {
			return toSignIn(w, r)
		}
		if k.Kind == record.KindOperator {
			return operatorsOwn(r.Context())
		}
		ctx := templates.WithFullAccess(reply.WithCaller(r.Context(), k), k.Role == record.RoleFull)
		return h(w, r.WithContext(templates.WithWriteProblem(ctx, writeProblem(a.Store.WriteProblem()))))
	}
}

// returnTo is the page to come back to after signing in: the page asked
// for; for a form sent when the session had ended, the page the form was on
// (only a GET page can be returned to), and for a match's result, its page
// with the typed score, so that nothing typed is lost.
func returnTo(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return r.URL.RequestURI()
	}
	if match, ok := strings.CutSuffix(r.URL.Path, "/result"); ok && r.PathValue("matchId") != "" {
		_ = r.ParseForm()
		if typed := views.TypedScores(r.PostForm); len(typed) > 0 {
			return match + "?" + typed.Encode()
		}
		return match
	}
	from := r.Header.Get("HX-Current-URL")
	if from == "" {
		from = r.Referer()
	}
	if u, err := url.Parse(from); err == nil && (u.Host == "" || u.Host == r.Host) && safeNext(u.Path) == u.Path {
		return u.RequestURI()
	}
	return "/admin"
}

// toSignIn sends a visitor who is not signed in to the sign-in, to come back after it.
func toSignIn(w http.ResponseWriter, r *http.Request) error {
	to := "/admin/login?next=" + url.QueryEscape(returnTo(r))
	if htmx.IsHTMX(r) {
		w.Header().Set("HX-Redirect", to)
		w.WriteHeader(http.StatusUnauthorized)
		return nil
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// operatorsOwn refuses the operator's login an organizer's console: it has
// a page of its own.
func operatorsOwn(ctx context.Context) error {
	return reply.Status(http.StatusForbidden, templates.T(ctx, "This is the operator's login: it opens the operator's page (/operator), not an organizer's console."))
}

// writeProblem is how the console names why the store refuses writes.
func writeProblem(err error) templates.WriteProblem {
	switch {
	case err == nil:
		return templates.WritesWork
	case errors.Is(err, cache.ErrDiskFailed):
		return templates.DiskFailed
	}
	return templates.DiskFull
}

// suspendedText is what a login of a suspended organizer is told.
func suspendedText(ctx context.Context) string {
	return templates.T(ctx, "Your organizer is suspended by the operator of this server, so its logins cannot sign in. Nothing of it is deleted: ask the operator to lift the suspension.")
}

// LoginForm shows the sign-in.
func (a *Admin) LoginForm(w http.ResponseWriter, r *http.Request) error {
	return reply.HTML(w, r, templates.AdminLogin(templates.AdminLoginPage{Page: a.Layout(r, templates.T(r.Context(), "Organizer sign-in")), Next: safeNext(r.URL.Query().Get("next"))}))
}

// safeNext keeps a return address inside the console or the operator's page.
func safeNext(next string) string {
	if (strings.HasPrefix(next, "/admin") || strings.HasPrefix(next, "/operator")) && !strings.HasPrefix(next, "//") {
		return next
	}
	return "/admin"
}

// Login signs an organizer in with an API token. Failed attempts are counted
// per client address; past cache.MaxFailedLogins the address must wait. A
// guess is counted before the token is checked and given back when it was
// right, so concurrent sign-ins cannot guess more often than the limit.
func (a *Admin) Login(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	T := func(s string) string { return templates.T(ctx, s) }
	r.Body = http.MaxBytesReader(w, r.Body, maxLoginBody)
	formErr := r.ParseForm()
	next := safeNext(r.FormValue("next"))
	fail := func(status int, msg string) error {
		return reply.HTMLStatus(w, r, status, templates.AdminLogin(templates.AdminLoginPage{Page: a.Layout(r, T("Organizer sign-in")), Error: msg, Next: next}))
	}
	if tooLarge := (*http.MaxBytesError)(nil); errors.As(formErr, &tooLarge) {
		return fail(http.StatusRequestEntityTooLarge, T("That is far longer than an API token. Paste only the token."))
	} else if formErr != nil {
		return fail(http.StatusBadRequest, T("Paste your API token."))
	}
	client := reply.ClientAddress(r)
	wait, err := a.Store.BeginLogin(ctx, client)
	if err != nil {
		return err
	}
	if wait > 0 {
		w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds())+1))
		return fail(http.StatusTooManyRequests, templates.Tf(ctx, "Too many failed sign-ins. Try again in %d minutes.", int(wait.Minutes())+1))
	}
	token := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r.FormValue("token")), "Bearer "))
	if token == "" {
		if err := a.Store.LoginSucceeded(ctx, client); err != nil {
			return err
		}
		return fail(http.StatusBadRequest, T("Paste your API token."))
	}
	k, err := a.Store.Authenticate(ctx, token)
	switch {
	case errors.Is(err, cache.ErrNotFound) || errors.Is(err, cache.ErrRevoked):
		return fail(http.StatusUnauthorized, T("That token is unknown or revoked."))
	case errors.Is(err, cache.ErrSuspended):
		if err := a.Store.LoginSucceeded(ctx, client); err != nil { // the token was right
			return err
		}
		return fail(http.StatusForbidden, suspendedText(ctx))
	case err != nil:
		return err
	case k.Kind == record.KindPublic:
		return fail(http.StatusForbidden, T("A public API key cannot sign in: use the API token of the organizer."))
	case k.Kind == record.KindOperator && next == "/admin":
		next = "/operator"
	}
	if err := a.Store.LoginSucceeded(ctx, client); err != nil {
		return err
	}
	id, err := a.Store.CreateSession(ctx, cache.Hash(token), SessionLifetime)
	if err != nil {
		return err
	}
	s, _ := a.Sessions.New(r, sessionName)
	s.Values[sessionID] = id
	if err := a.save(w, r, s); err != nil {
		return err
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
	return nil
}

// Logout ends the session: its record goes, so even a copy of the cookie
// opens nothing, and the browser is told to forget the cookie.
func (a *Admin) Logout(w http.ResponseWriter, r *http.Request) error {
	s, _ := a.Sessions.Get(r, sessionName)
	if id, _ := s.Values[sessionID].(string); id != "" {
		if err := a.Store.EndSession(r.Context(), id); err != nil {
			return err
		}
	}
	s.Values = map[any]any{}
	s.Options = &sessions.Options{MaxAge: -1}
	if err := a.save(w, r, s); err != nil {
		return err
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// Home lists the organizer's tournaments, private ones included.
func (a *Admin) Home(w http.ResponseWriter, r *http.Request) error {
	k := reply.Caller(r.Context())
	org, err := a.Store.Organizer(r.Context(), k.OrganizerID)
	if err != nil {
		return err
	}
	snaps, err := a.Store.Tournaments(r.Context(), k.OrganizerID, cache.ListQuery{Limit: 100})
	if err != nil {
		return err
	}
	page := templates.AdminHomePage{Page: a.Layout(r, templates.T(r.Context(), "My tournaments")), Organizer: org.Name}
	for _, s := range snaps {
		t := s.Tournament
		href := "/admin/t/" + t.ID
		if !s.Started() && k.Role == record.RoleFull {
			href += "/setup" // not started: its setup, check-in and Start (a helper's console waits for the start)
		}
		page.Tournaments = append(page.Tournaments, templates.AdminTournament{Name: t.Name, ConsoleHref: href, State: t.State, Date: t.StartTime, Zone: views.Venue(t), Public: t.Public})
	}
	return reply.HTML(w, r, templates.AdminHome(page))
}

// Own loads a tournament of the signed-in organizer; another's is not found.
func (a *Admin) Own(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := a.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, reply.NotFoundAs(err, "tournament")
	}
	if snap.Tournament.OrganizerID != reply.Caller(r.Context()).OrganizerID {
		return nil, reply.NotFound("tournament")
	}
	views.InSport(r, snap)
	return snap, nil
}
