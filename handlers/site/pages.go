// Package site is the public results website: tournament, group, entry and
// match pages, court boards and the venue's TVs, embeds, the rankings' pages
// and the API reference. It shows only what organizers share.
package site

import (
	"bytes"
	"context"
	"net/http"

	"github.com/a-h/templ"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
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
	Renders reply.Renders
	Assets  templates.Assets
	// BaseURL is the site's public address, without a trailing slash: what
	// shared links and QR codes lead to. It comes from configuration, never
	// from a request's Host or X-Forwarded-* headers.
	BaseURL string
	// Viewer is the organizer signed in on the request, or "" (nil: nobody ever is).
	Viewer func(*http.Request) string
	// Streams push changes to the live parts of the pages; nil: they poll.
	Streams reply.Streams
}

// views reports whether the request's organizer is signed in as orgID.
func (p *Pages) views(r *http.Request, orgID string) bool {
	return p.Viewer != nil && p.Viewer(r) == orgID
}

// Layout is the layout's part of a page's view. The path is the route's, made
// of the ids the handler has checked, so it is part of what a render is keyed by.
func (p *Pages) Layout(r *http.Request, title, description string) templates.Page {
	return templates.Page{Title: title, Description: description, Assets: p.Assets, Path: r.URL.Path, URL: p.BaseURL + r.URL.Path}
}

// Shared loads a tournament a visitor may see: one its organizer shares.
// A private one is not found, as if it did not exist, except by its organizer.
func (p *Pages) Shared(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := p.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, reply.NotFoundAs(err, "tournament")
	}
	if !snap.Tournament.Public && !p.views(r, snap.Tournament.OrganizerID) {
		return nil, reply.NotFound("tournament")
	}
	views.InSport(r, snap)
	return snap, nil
}

// sharedGroup loads the shared tournament and the group the path names.
func (p *Pages) sharedGroup(r *http.Request) (*tournament.Snapshot, *tournament.Group, error) {
	snap, err := p.Shared(r)
	if err != nil {
		return nil, nil, err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok {
		return nil, nil, reply.NotFound("group")
	}
	return snap, g, nil
}

// poll is how a tournament page's live part refreshes: from the page's own
// URL, with the ETag of the part, every 5 s until the tournament is over.
func poll(r *http.Request, snap *tournament.Snapshot) templates.Poll {
	return templates.Poll{ID: views.LivePart, Href: r.URL.Path, ETag: reply.ETag(r, snap.Version, views.LivePart), On: !views.Over(snap), Every: 5000, Stream: views.LiveHref(snap)}
}

// Serve answers a part of a tournament's pages from the tournament the
// handler loaded with shared and checked the request against. A client that
// has the current rendering gets 304: the version's content, who may see it
// included, never changes. Otherwise the part comes from Render, keyed by the
// route's path and the canonical query of the checked settings.
func (p *Pages) Serve(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, part, query string, view func() templ.Component) error {
	h := w.Header()
	h["Vary"] = reply.VaryPage
	h["Cache-Control"] = reply.NoCache
	tag := reply.ETag(r, snap.Version, part)
	if reply.NotModified(w, r, tag) {
		return nil
	}
	out, err := p.Render(r.Context(), snap, part, r.URL.Path+"?"+query, view)
	if err != nil {
		return err
	}
	h["Etag"] = []string{tag}
	h["Content-Type"] = reply.HTMLType
	return reply.Send(w, r, out)
}

// Render returns a part of a tournament's pages (a page, its live part, a
// board) at the snapshot's version in ctx's language, prepared once per
// version for every request and listener that asks for it: rendered, and
// gzipped, the first time, then only looked up. params names the part's
// checked settings (for a route, its path and canonical query): two
// renderings of one part differ only by them.
func (p *Pages) Render(ctx context.Context, snap *tournament.Snapshot, part, params string, view func() templ.Component) (reply.Rendered, error) {
	key := reply.RenderKey{Tournament: snap.Tournament.ID, Version: snap.Version, Lang: string(templates.LangOf(ctx)), Part: part, Params: params}
	return p.Renders.Render(ctx, key, func(ctx context.Context) (reply.Rendered, error) {
		var buf bytes.Buffer
		if err := view().Render(ctx, &buf); err != nil {
			return reply.Rendered{}, err
		}
		return reply.Prepared(buf.Bytes()), nil
	})
}
