// Package web is the server: every URL, the middleware and the responses.
package web

import (
	"cmp"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/api"
	"courtside/handlers/console"
	"courtside/handlers/court"
	"courtside/handlers/reply"
	"courtside/handlers/screens"
	"courtside/handlers/site"
	"courtside/live"
	"courtside/templates"
	"courtside/tournament"
	"courtside/upstream"
)

// apiPrefix is the base of the Tournament Public API (spec section 9);
// ownAPIPrefix the base of Courtside's own API beside it (rankings).
const (
	apiPrefix    = "/v1/public"
	ownAPIPrefix = "/v1/courtside"
)

// isAPI reports whether the clean path p is prefix or below it.
func isAPI(p, prefix string) bool { return p == prefix || strings.HasPrefix(p, prefix+"/") }

// Config is what the server is built from.
type Config struct {
	Store  *cache.Store
	Logger *slog.Logger
	// RateLimit is how many GET requests a key may make per minute (spec section 8).
	RateLimit int
	// AllowPrivateWebhooks lets webhooks call loopback and private addresses (tests, local setups).
	AllowPrivateWebhooks bool
	// SessionKeys sign and encrypt the console's session cookie: pairs of a
	// 32-byte signing and a 32-byte encryption key, the newest pair first.
	SessionKeys [][]byte
	// Metrics, when set, measure every request; with MetricsToken they are
	// also served at /metrics to requests that carry it as a bearer token.
	Metrics      *Metrics
	MetricsToken string
	// BaseURL is the site's public address (BASE_URL): what shared links, QR
	// codes and the API reference's examples lead to. Requests' Host and
	// X-Forwarded-* headers never reach a page. Default DefaultBaseURL.
	BaseURL string
	// Renders keeps rendered pages and API bodies; nil: a new cache of RenderCacheBytes.
	Renders *RenderCache
	// RenderCacheBytes is the render cache's budget (RENDER_CACHE_BYTES);
	// DefaultRenderCacheBytes when 0.
	RenderCacheBytes int64
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto are believed; from anyone else they are dropped.
	TrustedProxies []netip.Prefix
	// Upstream follows tournaments that run elsewhere; nil: none are followed.
	Upstream *upstream.Follower
	// Live pushes changes to the pages' live parts; nil: a hub of its own,
	// with the limits of the limits table. Routes feeds it from Store (see
	// cache.Store.OnChange: WatchVersions must run), and whoever runs the
	// server closes it on shutdown.
	Live *live.Hub
}

// DefaultBaseURL is the public address of a server configured without one.
const DefaultBaseURL = "http://localhost:8080"

type server struct {
	store     *cache.Store
	log       *slog.Logger
	rateLimit int
	assets    templates.Assets
	metrics   *Metrics // nil: not measured
}

// Routes returns the whole site and API. Every URL the product has is here.
func Routes(c Config) (http.Handler, error) {
	static, err := loadAssets()
	if err != nil {
		return nil, err
	}
	s := &server{store: c.Store, log: c.Logger, rateLimit: c.RateLimit, assets: static.Templates(), metrics: c.Metrics}
	base := strings.TrimSuffix(cmp.Or(c.BaseURL, DefaultBaseURL), "/")
	renders := c.Renders
	if renders == nil {
		renders = NewRenderCache(c.RenderCacheBytes)
	}
	hub := c.Live
	if hub == nil {
		hub = NewHub()
	}
	if hub.Client == nil {
		hub.Client = clientOf
	}
	if hub.Fed == nil {
		hub.Fed = c.Store.Watching
	}
	c.Store.OnChange(hub.Publish)
	// Results are entered on one path, whichever face they come from.
	now := func() time.Time { return c.Store.Now() }
	results := &app.Results{Store: c.Store, Now: now}
	if c.Upstream != nil {
		results.Relay = c.Upstream
	}
	public := &api.API{Store: c.Store, Renders: renders, Results: results}
	health := &api.Health{Store: c.Store}
	hooks := &api.Webhooks{Tournaments: c.Store, Store: c.Store, CheckURL: CheckWebhookURL(c.AllowPrivateWebhooks)}
	docs, err := site.NewAPIDocs(s.assets, base)
	if err != nil {
		return nil, err
	}

	// The Tournament Public API: every request carries a key.
	apiMux := http.NewServeMux()
	for _, rt := range apiRoutes(public, hooks) {
		apiMux.Handle(rt.pattern, s.authenticate(s.api(rt.handler)))
	}
	// The API's own description needs no key.
	apiMux.Handle("GET /v1/public/openapi.json", http.HandlerFunc(api.OpenAPI))
	apiMux.Handle("/v1/public/", s.api(s.noRoute(apiMux)))
	// Courtside's own API beside the spec's: an organizer's rankings, with
	// the same keys, limits and error bodies.
	book := &app.RankingsBook{Store: c.Store}
	rankingsAPI := &api.RankingsAPI{Store: c.Store, Book: book}
	for _, rt := range rankingsRoutes(rankingsAPI) {
		apiMux.Handle(rt.pattern, s.authenticate(s.api(rt.handler)))
	}
	apiMux.Handle("/v1/courtside/", s.api(s.noRoute(apiMux)))

	// Everything else: the site, the console, calls from upstream, operations.
	// No request under /v1/public or /v1/courtside reaches this mux (faces
	// sends them to apiMux): an API route goes in apiRoutes or rankingsRoutes.
	mux := http.NewServeMux()
	// The public pages that no render cache answers (a search, the home
	// page's and an organizer's lists, a CSV) count against their client's
	// requests a minute (perClient); the others are rendered once per version.

	admin := &console.Admin{Store: c.Store, Sessions: console.NewSessions(c.SessionKeys...), Assets: s.assets, Now: now,
		Results: results, Corrections: &app.Corrections{Store: c.Store, Now: now}}
	if c.Upstream != nil {
		// Calls from the tournament application about a followed tournament; the secret is in the address.
		receiver := &api.HooksUpstream{Hooks: c.Upstream}
		mux.Handle("POST /hooks/upstream/{id}/{secret}", s.api(receiver.Receive))
	}

	// The site: what organizers share on their result pages (and, for a
	// signed-in organizer, its own private tournaments).
	pages := &site.Pages{Store: c.Store, Renders: renders, Assets: s.assets, BaseURL: base, Viewer: admin.Viewer, Streams: hub}
	mux.Handle("GET /{$}", s.page(s.perClient(nil, pages.Home)))
	mux.Handle("GET /o/{slug}", s.page(s.perClient(nil, pages.Organizer)))
	mux.Handle("GET /t/{id}", s.page(s.perClient(searching, pages.Tournament))) // a search for a player is not cached
	mux.Handle("GET /t/{id}/groups/{groupId}", s.page(pages.Group))
	mux.Handle("GET /t/{id}/entries/{entryId}", s.page(pages.Entry))
	mux.Handle("GET /t/{id}/matches/{matchId}", s.page(pages.Match))
	// What changes, as it happens: the stream every live part of a
	// tournament's pages, boards, TVs, screens and console follows.
	mux.Handle("GET /t/{id}/live", s.page(pages.Live))
	// Rankings: an organizer's series tables (page, TV, CSV) and its players' profiles.
	ranked := &site.RankingPages{Pages: pages, Book: book}
	mux.Handle("GET /o/{slug}/series/{seriesId}", s.page(ranked.Series))
	mux.Handle("GET /o/{slug}/series/{seriesId}/tv", s.page(ranked.SeriesTV))
	mux.Handle("GET /o/{slug}/series/{seriesId}/live", s.page(ranked.SeriesLive))
	mux.Handle("GET /o/{slug}/series/{seriesId}/table.csv", s.page(s.perClient(nil, ranked.SeriesCSV)))
	mux.Handle("GET /o/{slug}/ratings", s.page(ranked.Ratings))
	mux.Handle("GET /o/{slug}/players/{playerId}", s.page(ranked.Profile))
	// Court boards and the TVs in the venue.
	mux.Handle("GET /t/{id}/courts", s.page(pages.Board))
	mux.Handle("GET /t/{id}/board", s.page(pages.BoardFragment))
	mux.Handle("GET /t/{id}/tv", s.page(pages.TV))
	mux.Handle("GET /t/{id}/tv/setup", s.page(pages.TVSetup))
	mux.Handle("GET /t/{id}/tv/standings/{groupId}", s.page(pages.TVStandings))
	mux.Handle("GET /t/{id}/tv/bracket/{groupId}", s.page(pages.TVBracket))
	// Embeds for clubs' websites: the only addresses another site may frame.
	mux.Handle("GET /embed/t/{id}/courts", s.page(pages.EmbedCourts))
	mux.Handle("GET /embed/t/{id}/groups/{groupId}", s.page(pages.EmbedGroup))
	// Screens: TVs in the hall whose content the organizer sets in the console.
	tvs := &screens.Screens{Pages: pages, Admin: admin, Store: c.Store, Rankings: ranked}
	mux.Handle("GET /t/{id}/screens/{name}", s.page(tvs.Show))
	// The organizer console: signed in with an API token; every change is a
	// POST, refused when it comes from another site.
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(s.page(func(_ http.ResponseWriter, r *http.Request) error {
		return reply.Status(http.StatusForbidden, templates.T(r.Context(), "This form was sent from another site, so nothing was changed."))
	}))
	mux.Handle("GET /admin/login", csrf.Handler(s.page(admin.LoginForm)))
	mux.Handle("POST /admin/login", csrf.Handler(s.page(admin.Login)))
	mux.Handle("POST /admin/logout", csrf.Handler(s.page(admin.Logout)))
	// The first run: the setup address the banner prints makes the first
	// organizer; signing a phone in by a QR code.
	accounts := &console.Accounts{Admin: admin, Store: c.Store, BaseURL: base}
	mux.Handle("GET /setup/{code}", csrf.Handler(s.page(accounts.SetupForm)))
	mux.Handle("POST /setup/{code}", csrf.Handler(s.page(accounts.Setup)))
	// An operator's invitation: a club makes its organizer and signs in, once.
	mux.Handle("GET /invite/{code}", csrf.Handler(s.page(accounts.InviteForm)))
	mux.Handle("POST /invite/{code}", csrf.Handler(s.page(accounts.Invited)))
	mux.Handle("GET /signin/{code}", csrf.Handler(s.page(accounts.SignInLinkForm)))
	mux.Handle("POST /signin/{code}", csrf.Handler(s.page(accounts.UseSignInLink)))
	// Players report results from the courts: a printed card's code opens its
	// court's current match.
	reports := &court.CourtReports{Admin: admin, Store: c.Store, Reports: &app.CourtReports{Store: c.Store, Results: results}, BaseURL: base, Now: now, Streams: hub}
	mux.Handle("GET /c/{code}", s.page(reports.Page))
	mux.Handle("GET /c/{code}/live", s.page(reports.Live))
	mux.Handle("POST /c/{code}", csrf.Handler(s.page(reports.Report)))
	// The console proper: every route says who may use it.
	cf := consoleFaces{
		admin: admin, screens: tvs, setup: &console.Setups{Admin: admin, Setups: c.Store}, accounts: accounts,
		reports: reports, rankings: &console.AdminRankings{Admin: admin, Store: c.Store, Book: book},
		data: &console.OrganizerData{Admin: admin, Store: c.Store},
	}
	if c.Upstream != nil {
		cf.follow = &console.AdminFollow{Admin: admin, Following: c.Upstream, Follows: c.Store}
	}
	for _, rt := range consoleRoutes(cf) {
		h := rt.handler
		if rt.who == directors {
			h = admin.FullAccess(h)
		}
		mux.Handle(rt.pattern, csrf.Handler(s.page(admin.SignedIn(h))))
	}
	// The operator's page: whoever runs the server signs in with the
	// operator's login (courtside keys create-operator) to list the
	// organizers with their usage, set a quota, invite a club and suspend
	// one. An organizer's login, a helper's and a visitor reach none of it.
	operators := &console.Operators{Admin: admin, Store: c.Store, BaseURL: base}
	for pattern, h := range map[string]HandlerFunc{
		"GET /operator":                             operators.Page,
		"POST /operator/invitations":                operators.Invite,
		"POST /operator/organizers/{org}/quota":     operators.SaveQuota,
		"POST /operator/organizers/{org}/suspend":   operators.Suspend,
		"POST /operator/organizers/{org}/unsuspend": operators.Unsuspend,
	} {
		mux.Handle(pattern, csrf.Handler(s.page(admin.OperatorOnly(h))))
	}
	// The JSON Schema of setup files (courtside tournaments create --file).
	mux.Handle("GET /setup.schema.json", http.HandlerFunc(console.SetupSchema))

	mux.Handle("GET /manifest.webmanifest", s.page(pages.Manifest))
	mux.Handle("GET /t/{id}/preview.png", s.page(pages.Preview))
	mux.Handle("GET /api", docs)
	mux.Handle("GET /static/{hash}/{name...}", static)
	mux.Handle("/", s.page(func(w http.ResponseWriter, r *http.Request) error { return reply.NotFound("page") }))

	// Operations.
	mux.Handle("GET /healthz", http.HandlerFunc(health.Live))
	mux.Handle("GET /readyz", http.HandlerFunc(health.Ready))
	if c.Metrics != nil {
		c.Metrics.Register(renderCache(renders)...)
	}
	if c.Metrics != nil && c.MetricsToken != "" {
		mux.Handle("GET /metrics", c.Metrics.Handler(c.MetricsToken))
	}

	// Two faces, two chains. The API's: its error body for a panic, CORS
	// (keys are headers, never cookies), its own 404 for a path the mux would
	// redirect; the key check and rate limit are on its routes. The site's: a
	// plain page for a panic, the visitor's language; sessions and
	// cross-origin protection are on the console's routes. Both: one log line
	// and the metrics per request, the client a trusted proxy names, and the
	// headers every response carries.
	apiChain := s.recovering(s.apiPanic, cors(s.cleanAPIPaths(recordRoute(apiMux))))
	siteChain := s.recovering(sitePanic, language(recordRoute(mux)))
	return s.logRequests(forwarded(c.TrustedProxies, s.secureHeaders(faces(apiChain, siteChain)))), nil
}

// faces sends a request down the API's chain when its path, as the mux
// would clean it, is the Tournament Public API's, and down the site's
// otherwise. It is the one place that looks at the prefix.
func faces(api, site http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := cleanPath(r.URL.Path); isAPI(p, apiPrefix) || isAPI(p, ownAPIPrefix) {
			api.ServeHTTP(w, r)
			return
		}
		site.ServeHTTP(w, r)
	})
}

// who says which logins may use a console route.
type who int

const (
	// helpers: every signed-in login, a results-only helper's too. Calling
	// matches and entering results (live, final, corrections, walkovers,
	// settling what players reported) and reading what they need.
	helpers who = iota
	// directors: the full role only (the organizer and the logins it gave
	// the full role). Setup, entries, courts, calling, match lengths, the
	// draw, screens, court cards, rankings, following and logins.
	directors
)

// consoleRoute is a route of the signed-in console and who may use it.
type consoleRoute struct {
	pattern string
	who     who
	handler HandlerFunc
}

// consoleFaces are the handlers of the console; follow is nil when no
// tournament can be followed.
type consoleFaces struct {
	admin    *console.Admin
	screens  *screens.Screens
	setup    *console.Setups
	accounts *console.Accounts
	reports  *court.CourtReports
	rankings *console.AdminRankings
	data     *console.OrganizerData
	follow   *console.AdminFollow
}

// consoleRoutes are the organizer console's routes: every one needs a
// signed-in login, and every change is a POST refused when it comes from
// another site. A results-only helper enters results and calls matches and
// changes nothing else; the rest is the director's.
func consoleRoutes(c consoleFaces) []consoleRoute {
	a, setup, acc, rep, rk := c.admin, c.setup, c.accounts, c.reports, c.rankings
	rts := []consoleRoute{
		{"GET /admin", helpers, a.Home},
		{"GET /admin/t/{id}", helpers, a.Console},
		{"POST /admin/t/{id}/matches/{matchId}/call", helpers, a.Call},
		{"POST /admin/t/{id}/matches/{matchId}/uncall", helpers, a.Uncall},
		{"POST /admin/t/{id}/matches/{matchId}/state", helpers, a.SetState},
		{"GET /admin/t/{id}/matches/{matchId}", helpers, a.ResultForm},
		{"POST /admin/t/{id}/matches/{matchId}/result", helpers, a.SaveResult},
		{"POST /admin/t/{id}/matches/{matchId}/correct", helpers, a.CorrectResult},
		{"POST /admin/t/{id}/matches/{matchId}/walkover", helpers, a.Walkover},
		{"GET /admin/t/{id}/played", helpers, a.Played},
		{"POST /admin/t/{id}/courts/{courtId}/settle", helpers, rep.Settle},
		// The hall and the day's plan: courts, automatic calling, match
		// lengths and the director's draw.
		{"POST /admin/t/{id}/calling", directors, a.SetCalling},
		{"GET /admin/t/{id}/courts", directors, a.CourtsForm},
		{"POST /admin/t/{id}/courts", directors, a.AddCourt},
		{"POST /admin/t/{id}/courts/{courtId}", directors, a.ChangeCourt},
		{"POST /admin/t/{id}/disciplines/{disciplineId}/length", directors, a.SetLength},
		{"GET /admin/t/{id}/draw/{stageId}", directors, a.DrawForm},
		{"POST /admin/t/{id}/draw/{stageId}/swap", directors, a.SwapDraw},
		{"POST /admin/t/{id}/draw/{stageId}/publish", directors, a.PublishDraw},
		// Screens: what the TVs in the hall show.
		{"GET /admin/t/{id}/screens", directors, c.screens.Console},
		{"POST /admin/t/{id}/screens", directors, c.screens.Save},
		// Setting a tournament up: new, its setup until the start, the
		// start, check-in, and the entries after the start.
		{"GET /admin/new", directors, setup.New},
		{"POST /admin/new", directors, setup.Create},
		{"GET /admin/t/{id}/setup", directors, setup.EditSetup},
		{"POST /admin/t/{id}/setup", directors, setup.SaveSetup},
		{"POST /admin/t/{id}/start", directors, setup.Start},
		{"GET /admin/t/{id}/entries", directors, setup.Entries},
		{"POST /admin/t/{id}/checkin", directors, setup.CheckIn},
		{"POST /admin/t/{id}/entries/add", directors, setup.AddEntries},
		{"POST /admin/t/{id}/entries/remove", directors, setup.RemoveNoShows},
		{"POST /admin/t/{id}/entries/withdraw", directors, setup.Withdraw},
		{"POST /admin/t/{id}/entries/reinstate", directors, setup.Reinstate},
		// Helpers' logins and phones signed in by a QR code.
		{"GET /admin/logins", directors, acc.Logins},
		{"POST /admin/logins", directors, acc.CreateHelper},
		{"POST /admin/logins/phone", directors, acc.PhoneSignIn},
		{"POST /admin/logins/{keyId}/phone", directors, acc.HelperSignIn},
		{"POST /admin/logins/{keyId}/revoke", directors, acc.RevokeHelper},
		// What an organizer takes home or brings along, and its API tokens:
		// another organizer's tournament or token is not found.
		{"GET /admin/t/{id}/data", directors, c.data.Data},
		{"GET /admin/t/{id}/export.json", directors, c.data.Export},
		{"GET /admin/t/{id}/results.csv", directors, c.data.Results},
		{"POST /admin/t/{id}/delete", directors, c.data.Delete},
		{"GET /admin/settings", directors, c.data.Settings},
		{"POST /admin/settings/tokens", directors, c.data.CreateToken},
		{"POST /admin/settings/tokens/{keyId}/revoke", directors, c.data.RevokeToken},
		{"GET /admin/settings/backup", directors, c.data.Backup},
		{"POST /admin/settings/import", directors, c.data.Import},
		// The court cards players report from, and whether they may.
		{"GET /admin/t/{id}/court-cards", directors, rep.Cards},
		{"POST /admin/t/{id}/court-cards/renew", directors, rep.RenewCodes},
		{"POST /admin/t/{id}/reporting", directors, rep.SaveReporting},
		// Rankings: the player register (confirm names, merge, split), the
		// rating settings and the series.
		{"GET /admin/players", directors, rk.Players},
		{"POST /admin/players/confirm", directors, rk.Confirm},
		{"POST /admin/players/merge", directors, rk.Merge},
		{"POST /admin/players/settings", directors, rk.Settings},
		{"GET /admin/players/{playerId}", directors, rk.Player},
		{"POST /admin/players/{playerId}", directors, rk.Split},
		{"GET /admin/series", directors, rk.Series},
		{"POST /admin/series", directors, rk.SaveSeries},
		{"POST /admin/series/{seriesId}", directors, rk.SaveSeries},
	}
	if f := c.follow; f != nil {
		// Following tournaments that run in the tournament application.
		rts = append(rts,
			consoleRoute{"GET /admin/follow", directors, f.Page},
			consoleRoute{"POST /admin/follow/tournaments", directors, f.Tournaments},
			consoleRoute{"POST /admin/follow", directors, f.Follow},
			consoleRoute{"POST /admin/follow/{id}/stop", directors, f.Stop},
		)
	}
	return rts
}

type route struct {
	pattern string
	handler HandlerFunc
}

// apiRoutes are the key-protected routes of the Tournament Public API.
func apiRoutes(pub *api.API, hooks *api.Webhooks) []route {
	return []route{
		{"GET /v1/public/hello", pub.Hello},
		{"GET /v1/public/organizers", pub.Organizers},
		{"GET /v1/public/organizers/{organizerId}/tournaments", pub.OrganizerTournaments},
		{"GET /v1/public/tournaments", pub.Tournaments},
		{"GET /v1/public/tournaments/{id}", pub.Tournament},
		{"GET /v1/public/tournaments/{id}/courts", pub.Courts},
		{"GET /v1/public/tournaments/{id}/courts/{courtId}", pub.Court},
		{"GET /v1/public/tournaments/{id}/matches/{matchId}", pub.Match},
		{"PUT /v1/public/tournaments/{id}/matches/{matchId}/result", pub.PutResult},
		{"PUT /v1/public/tournaments/{id}/matches/{matchId}/live-result", pub.PutLiveResult},
		{"GET /v1/public/tournaments/{id}/disciplines/{disciplineId}/matches", pub.DisciplineMatches},
		{"GET /v1/public/tournaments/{id}/stages/{stageId}/matches", pub.StageMatches},
		{"GET /v1/public/tournaments/{id}/rounds/{roundId}/matches", pub.RoundMatches},
		{"GET /v1/public/tournaments/{id}/groups/{groupId}/matches", pub.GroupMatches},
		{"GET /v1/public/tournaments/{id}/entries/{entryId}/matches", pub.EntryMatches},
		{"GET /v1/public/tournaments/{id}/entries", pub.Entries},
		{"GET /v1/public/tournaments/{id}/discipline/{disciplineId}/entries", pub.DisciplineEntries},
		{"GET /v1/public/tournaments/{id}/group/{groupId}/entries", pub.GroupEntries},
		{"GET /v1/public/tournaments/{id}/groups/{groupId}/standings", pub.Standings},
		{"POST /v1/public/tournaments/{id}/webhooks", hooks.Create},
		{"GET /v1/public/webhooks", hooks.List},
		{"DELETE /v1/public/webhooks/{webhookId}", hooks.Delete},
		{"POST /v1/public/webhooks/{webhookId}/enable", hooks.Enable},
	}
}

// rankingsRoutes are Courtside's own key-protected JSON about an organizer's
// rankings (documented in handlers/api/openapi.json with the server /v1/courtside).
func rankingsRoutes(a *api.RankingsAPI) []route {
	return []route{
		{"GET /v1/courtside/organizers/{organizerId}/series", a.SeriesList},
		{"GET /v1/courtside/organizers/{organizerId}/series/{seriesId}", a.Series},
		{"GET /v1/courtside/organizers/{organizerId}/ratings", a.Ratings},
		{"GET /v1/courtside/organizers/{organizerId}/players/{playerId}", a.Player},
	}
}

// noRoute answers API paths no route serves: 405 when another method would
// be served there, 404 otherwise, both with the API's error body.
func (s *server) noRoute(mux *http.ServeMux) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodPost, http.MethodDelete} {
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := mux.Handler(probe); m != r.Method && pattern != "" && !strings.HasSuffix(pattern, "/") { // a catch-all is no route
				w.Header().Add("Allow", m)
			}
		}
		if w.Header().Get("Allow") != "" {
			return reply.Status(http.StatusMethodNotAllowed, "Cannot "+r.Method+" "+r.URL.Path)
		}
		return reply.NotFound(reply.CodeRouteNotFound)
	}
}

// NewHub returns a hub with the limits of the limits table, for Config.Live.
func NewHub() *live.Hub {
	return live.NewHub(live.Limits{PerClient: tournament.MaxLiveStreamsPerClient, Total: tournament.MaxLiveStreams})
}
