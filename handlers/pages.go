package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"strings"

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
	Store  PageReader
	Assets templates.Assets
}

// livePart is the id of the polling part of a page (templates.Poller).
const livePart = "live"

// page is the layout's part of a page's view.
func (p *Pages) page(r *http.Request, title, description string) templates.Page {
	return templates.Page{Title: title, Description: description, Assets: p.Assets, Path: r.URL.Path, URL: origin(r) + r.URL.Path}
}

// origin is the scheme and host the request came to.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// shared loads a tournament a visitor may see: one its organizer shares.
// A private one is not found, as if it did not exist.
func (p *Pages) shared(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := p.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, notFoundAs(err, "tournament")
	}
	if !snap.Tournament.Public {
		return nil, NotFound("tournament")
	}
	return snap, nil
}

// poll is how a tournament page's live part refreshes: from the page's own
// URL, with the ETag of the part, until the tournament is over.
func poll(r *http.Request, snap *tournament.Snapshot) templates.Poll {
	over := snap.Tournament.State == tournament.StateFinished || snap.Tournament.State == tournament.StateCancelled
	return templates.Poll{Href: r.URL.Path, ETag: etag(r, snap, livePart), On: !over}
}

// etag names one rendering of a tournament page: its version, language and part.
func etag(r *http.Request, snap *tournament.Snapshot, part string) string {
	return fmt.Sprintf(`"v%d-%s-%s"`, snap.Version, templates.LangOf(r.Context()), part)
}

// render answers with a page of the tournament, or with its live part when
// htmx polls for it. build makes both; it runs, and they render, once per
// tournament version and language, kept plain and gzipped. A client that has
// the current one gets 304.
func render(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, build func() (full, live templ.Component)) error {
	part := "page"
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == livePart {
		part = livePart
	}
	tag := etag(r, snap, part)
	h := w.Header()
	h.Set("Vary", "HX-Request, HX-Target, Accept-Language, Cookie, Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", tag)
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, tag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	type rendered struct {
		body, gz []byte
		err      error
	}
	out := tournament.Once(snap, "html "+tag+" "+r.URL.Path, func() rendered {
		full, live := build()
		c := full
		if part == livePart {
			c = live
		}
		var buf, gz bytes.Buffer
		if err := c.Render(r.Context(), &buf); err != nil {
			return rendered{err: err}
		}
		zw := gzip.NewWriter(&gz)
		_, _ = zw.Write(buf.Bytes())
		_ = zw.Close()
		return rendered{body: buf.Bytes(), gz: gz.Bytes()}
	})
	if out.err != nil {
		return out.err
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	body := out.body
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = out.gz
	}
	_, err := w.Write(body)
	return err
}

// html renders a page that does not belong to one tournament.
func html(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "HX-Request, HX-Target, Accept-Language, Cookie")
	_, err := w.Write(buf.Bytes())
	return err
}
