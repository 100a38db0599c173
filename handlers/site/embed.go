package site

import (
	"net/http"

	"github.com/a-h/templ"

	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// Embeds are what a club puts in its own website, in a frame: a public
// tournament's live courts, or a group's table and tree. Their addresses
// (/embed/...) are the only ones the server lets another site frame.

// embedded loads a tournament for an embed: public ones only, whoever asks
// (a frame on another site carries no sign-in).
func (p *Pages) embedded(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := p.Store.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, reply.NotFoundAs(err, "tournament")
	}
	if !snap.Tournament.Public {
		return nil, reply.NotFound("tournament")
	}
	views.InSport(r, snap)
	return snap, nil
}

// EmbedCourts is a public tournament's courts, live, for a club's website.
func (p *Pages) EmbedCourts(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.embedded(r)
	if err != nil {
		return err
	}
	return p.Serve(w, r, snap, "embed-courts:"+views.PartOf(r), "", func() templ.Component {
		ctx := r.Context()
		page := templates.EmbedPage{Page: p.Layout(r, templates.T(ctx, "Court board")+" · "+snap.Tournament.Name, templates.Tf(ctx, "Every court of %s: who plays, the live score, who is next.", snap.Tournament.Name)),
			Title: snap.Tournament.Name, Href: p.BaseURL + views.TournamentHref(snap) + "/courts"}
		board := boardView(ctx, snap, BoardQuery{Per: 16, Every: 15}, boardPoll(r, snap, BoardQuery{}))
		page.Board = &board
		return templates.Embed(page)
	})
}

// EmbedGroup is a public group's table (and tree), live, for a club's website.
func (p *Pages) EmbedGroup(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.embedded(r)
	if err != nil {
		return err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok {
		return reply.NotFound("group")
	}
	return p.Serve(w, r, snap, "embed-group:"+views.PartOf(r), "", func() templ.Component {
		gp := p.groupPage(r, snap, g)
		gp.Rounds = nil // the table and the tree; the matches are on the full page
		page := templates.EmbedPage{Page: gp.Page, Title: groupTitle(snap, g), Href: p.BaseURL + views.TournamentHref(snap) + "/groups/" + g.ID, Group: &gp}
		page.Title = views.JoinDistinct(snap.Tournament.Name, page.Title)
		return views.Choose(r, templates.Embed(page), templates.GroupLive(gp))
	})
}
