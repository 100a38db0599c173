package handlers

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/angelofallars/htmx-go"

	"courtside/cache"
	"courtside/templates"
	"courtside/tournament"
)

// PageReader is what the site's pages need from the store.
type PageReader interface {
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
	Tournaments(ctx context.Context, organizerID string, q cache.ListQuery) ([]*tournament.Snapshot, error)
	Organizers(ctx context.Context) ([]tournament.Organizer, error)
	OrganizerBySlug(ctx context.Context, slug string) (tournament.Organizer, error)
}

// Pages serves the public results website. It shows only what organizers
// share on their result pages.
type Pages struct {
	Store   PageReader
	Renders Renders
	Assets  templates.Assets
	// BaseURL is the site's public address, without a trailing slash: what
	// shared links and QR codes lead to. It comes from configuration, never
	// from a request's Host or X-Forwarded-* headers.
	BaseURL string
	// Viewer is the organizer signed in on the request, or "" (nil: nobody ever is).
	Viewer func(*http.Request) string
}

// views reports whether the request's organizer is signed in as orgID.
func (p *Pages) views(r *http.Request, orgID string) bool {
	return p.Viewer != nil && p.Viewer(r) == orgID
}

// livePart is the id of the polling part of a page (templates.Poller).
const livePart = "live"

// page is the layout's part of a page's view. The path is the route's, made
// of the ids the handler has checked, so it is part of what a render is keyed by.
func (p *Pages) page(r *http.Request, title, description string) templates.Page {
	return templates.Page{Title: title, Description: description, Assets: p.Assets, Path: r.URL.Path, URL: p.BaseURL + r.URL.Path}
}

// shared loads a tournament a visitor may see: one its organizer shares.
// A private one is not found, as if it did not exist, except by its organizer.
func (p *Pages) shared(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := p.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, notFoundAs(err, "tournament")
	}
	if !snap.Tournament.Public && !p.views(r, snap.Tournament.OrganizerID) {
		return nil, NotFound("tournament")
	}
	inSport(r, snap)
	return snap, nil
}

// inSport makes the rest of a request about snap's tournament speak its
// sport's words (templates.WithSport): its handler reads r's context after
// loading the tournament, so the context is set on r itself.
func inSport(r *http.Request, snap *tournament.Snapshot) {
	*r = *r.WithContext(templates.WithSport(r.Context(), snap.Organizer.Sport))
}

// sharedGroup loads the shared tournament and the group the path names.
func (p *Pages) sharedGroup(r *http.Request) (*tournament.Snapshot, *tournament.Group, error) {
	snap, err := p.shared(r)
	if err != nil {
		return nil, nil, err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok {
		return nil, nil, NotFound("group")
	}
	return snap, g, nil
}

// poll is how a tournament page's live part refreshes: from the page's own
// URL, with the ETag of the part, every 5 s until the tournament is over.
func poll(r *http.Request, snap *tournament.Snapshot) templates.Poll {
	return templates.Poll{ID: livePart, Href: r.URL.Path, ETag: etag(r, snap.Version, livePart), On: !over(snap), Every: 5000}
}

func over(snap *tournament.Snapshot) bool {
	return snap.Tournament.State == tournament.StateFinished || snap.Tournament.State == tournament.StateCancelled
}

// etag names one rendering of a tournament page: its version, language and
// part. It is weak: the plain and gzipped bytes share it, and the expected
// start times a page shows are worked out when it is rendered, so two
// instances may render one version a little apart.
func etag(r *http.Request, version int64, part string) string {
	return `W/"v` + strconv.FormatInt(version, 10) + "-" + string(templates.LangOf(r.Context())) + "-" + part + `"`
}

// partOf is which part of a page the request asks for: the live part when htmx polls for it.
func partOf(r *http.Request) string {
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == livePart {
		return livePart
	}
	return "page"
}

// choose picks the component the request asks for.
func choose(r *http.Request, full, live templ.Component) templ.Component {
	if partOf(r) == livePart {
		return live
	}
	return full
}

// serve answers a part of a tournament's pages from the tournament the
// handler loaded with shared and checked the request against. A client that
// has the current rendering gets 304: the version's content, who may see it
// included, never changes. Otherwise the part comes from Render, keyed by the
// route's path and the canonical query of the checked settings.
func (p *Pages) serve(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, part, query string, view func() templ.Component) error {
	h := w.Header()
	h["Vary"] = varyPage
	h["Cache-Control"] = noCache
	tag := etag(r, snap.Version, part)
	if notModified(w, r, tag) {
		return nil
	}
	out, err := p.Render(r.Context(), snap, part, r.URL.Path+"?"+query, view)
	if err != nil {
		return err
	}
	h["Etag"] = []string{tag}
	h["Content-Type"] = htmlType
	return send(w, r, out)
}

// Render returns a part of a tournament's pages (a page, its live part, a
// board) at the snapshot's version in ctx's language, prepared once per
// version for every request and listener that asks for it: rendered, and
// gzipped, the first time, then only looked up. params names the part's
// checked settings (for a route, its path and canonical query): two
// renderings of one part differ only by them.
func (p *Pages) Render(ctx context.Context, snap *tournament.Snapshot, part, params string, view func() templ.Component) (Rendered, error) {
	key := RenderKey{Tournament: snap.Tournament.ID, Version: snap.Version, Lang: string(templates.LangOf(ctx)), Part: part, Params: params}
	return p.Renders.Render(ctx, key, func(ctx context.Context) (Rendered, error) {
		var buf bytes.Buffer
		if err := view().Render(ctx, &buf); err != nil {
			return Rendered{}, err
		}
		return prepared(buf.Bytes()), nil
	})
}

// Header values of every page, shared and never written to.
var (
	varyPage = []string{"HX-Request, HX-Target, Accept-Language, Cookie, Accept-Encoding"}
	noCache  = []string{"no-cache"}
	htmlType = []string{"text/html; charset=utf-8"}
	gzipped  = []string{"gzip"}
)

// html renders a page that does not belong to one tournament.
func html(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	return htmlStatus(w, r, http.StatusOK, c)
}

// htmlStatus renders c and answers with it and the status: rendered first, so
// a failed render is still an error page, and headers set before the status,
// as those set after it are dropped.
func htmlStatus(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "HX-Request, HX-Target, Accept-Language, Cookie")
	w.WriteHeader(status)
	_, err := w.Write(buf.Bytes())
	return err
}
