package console

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
	"courtside/upstream"
)

// Following is what the console needs to follow tournaments that run in the
// tournament application (upstream.Follower).
type Following interface {
	List(ctx context.Context, upstream, key string) ([]upstream.ListItem, error)
	Follow(ctx context.Context, req upstream.Request) (record.Follow, error)
	Stop(ctx context.Context, id string) error
	WebhookURL(f record.Follow) string
}

// FollowStore is what the console's follow page reads.
type FollowStore interface {
	Follows(ctx context.Context) ([]record.Follow, error)
	Follow(ctx context.Context, id string) (record.Follow, error)
	FollowStatuses(ctx context.Context, fs ...record.Follow) ([]record.FollowStatus, error)
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
}

// AdminFollow is the console's follow page: an organizer pastes the
// application's API token, sees its tournaments there, and follows one; the
// copy belongs to the signed-in organizer.
type AdminFollow struct {
	*Admin
	Following Following
	Follows   FollowStore
}

// Page shows the organizer's follows with their webhook addresses.
func (a *AdminFollow) Page(w http.ResponseWriter, r *http.Request) error {
	page, err := a.followPage(r)
	if err != nil {
		return err
	}
	switch r.URL.Query().Get("done") {
	case "stopped":
		page.Flash = templates.T(r.Context(), "Stopped following. The tournament stays as it was last seen.")
	case "followed":
		page.Flash = templates.Tf(r.Context(), "Following %s. Paste the webhook address into the application's settings.", r.URL.Query().Get("name"))
	}
	return reply.HTML(w, r, templates.Follow(page))
}

func (a *AdminFollow) followPage(r *http.Request) (templates.FollowPage, error) {
	ctx := r.Context()
	k := reply.Caller(ctx)
	org, err := a.Store.Organizer(ctx, k.OrganizerID)
	if err != nil {
		return templates.FollowPage{}, err
	}
	page := templates.FollowPage{Page: a.Layout(r, templates.T(ctx, "Follow a tournament")), Organizer: org.Name}
	follows, err := a.Follows.Follows(ctx)
	if err != nil {
		return page, err
	}
	follows = slices.DeleteFunc(follows, func(f record.Follow) bool { return f.OrganizerID != k.OrganizerID })
	statuses, err := a.Follows.FollowStatuses(ctx, follows...)
	if err != nil {
		return page, err
	}
	for i, f := range follows {
		st := statuses[i]
		row := templates.FollowRow{ID: f.ID, Upstream: f.Upstream, WebhookURL: a.Following.WebhookURL(f), Href: "/t/" + f.ID,
			Token: f.Token, LastSync: st.LastSync, LastError: st.LastError, Used: int(st.Used), Budget: f.Budget}
		if snap, err := a.Follows.Snapshot(ctx, f.ID); err == nil {
			row.Name = snap.Tournament.Name
		}
		page.Follows = append(page.Follows, row)
	}
	return page, nil
}

// Tournaments lists what the pasted token's owner runs in the application.
func (a *AdminFollow) Tournaments(w http.ResponseWriter, r *http.Request) error {
	page, err := a.followPage(r)
	if err != nil {
		return err
	}
	page.Upstream, page.Token = strings.TrimSpace(r.PostFormValue("upstream")), strings.TrimSpace(r.PostFormValue("token"))
	items, err := a.Following.List(r.Context(), page.Upstream, page.Token)
	if err != nil {
		return a.followError(w, r, page, err)
	}
	for _, it := range items {
		page.Tournaments = append(page.Tournaments, templates.UpstreamTournament{ID: it.ID, Name: it.Name, State: it.State, Date: it.Date})
	}
	if len(items) == 0 {
		page.Error = templates.T(r.Context(), "None yet.")
	}
	return reply.HTML(w, r, templates.Follow(page))
}

// Follow follows the picked tournament for the signed-in organizer.
func (a *AdminFollow) Follow(w http.ResponseWriter, r *http.Request) error {
	req := upstream.Request{Upstream: r.PostFormValue("upstream"), Key: r.PostFormValue("token"),
		TournamentID: r.PostFormValue("tournament"), OrganizerID: reply.Caller(r.Context()).OrganizerID}
	f, err := a.Following.Follow(r.Context(), req)
	if err != nil {
		page, perr := a.followPage(r)
		if perr != nil {
			return perr
		}
		page.Upstream, page.Token = strings.TrimSpace(req.Upstream), strings.TrimSpace(req.Key)
		return a.followError(w, r, page, err)
	}
	name := f.ID
	if snap, err := a.Follows.Snapshot(r.Context(), f.ID); err == nil {
		name = snap.Tournament.Name
	}
	http.Redirect(w, r, "/admin/follow?done=followed&name="+url.QueryEscape(name), http.StatusSeeOther)
	return nil
}

// Stop stops following one of the organizer's follows.
func (a *AdminFollow) Stop(w http.ResponseWriter, r *http.Request) error {
	f, err := a.Follows.Follow(r.Context(), r.PathValue("id"))
	if err != nil || f.OrganizerID != reply.Caller(r.Context()).OrganizerID {
		return reply.NotFound("follow")
	}
	if !Confirmed(r) {
		name := f.ID
		if snap, err := a.Store.Snapshot(r.Context(), f.ID); err == nil {
			name = snap.Tournament.Name
		}
		return a.AskFirst(w, r, templates.Tf(r.Context(), "Stop following %s? It stays as it was last seen.", name),
			templates.T(r.Context(), "Stop following"), "/admin/follow")
	}
	if err := a.Following.Stop(r.Context(), f.ID); err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/follow?done=stopped", http.StatusSeeOther)
	return nil
}

// followError shows what went wrong next to the form: the upstream's refusal
// or a mistake in what was pasted; anything else is the server's.
func (a *AdminFollow) followError(w http.ResponseWriter, r *http.Request, page templates.FollowPage, err error) error {
	var bad *upstream.BadRequest
	switch {
	case errors.As(err, &bad):
		page.Error = templates.Reason(r.Context(), bad.Format, bad.Args...)
	case upstream.Down(err):
		page.Error = templates.T(r.Context(), "The tournament application did not answer: nothing was saved.")
	default:
		return err
	}
	return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.Follow(page))
}

// refusedUpstream shows the application's refusal: a result it does not
// take next to the form, a match it no longer runs as finished elsewhere.
func (a *Admin) refusedUpstream(r *http.Request, snap *tournament.Snapshot, m *tournament.Match, ans *app.UpstreamRefusal,
	refused func(*tournament.ResultError) error, show func(int, templates.ResultPage) error) error {
	msg := reply.UpstreamMessage(ans.UpstreamAnswer)
	switch ans.Status {
	case http.StatusBadRequest:
		return refused(&tournament.ResultError{Message: tournament.Message{Format: "%s", Args: []any{msg}}})
	case http.StatusPreconditionFailed:
		page, err := a.resultPage(r, snap, m, m.Encounters)
		if err != nil {
			return err
		}
		page.FinishedBy = msg
		return show(http.StatusConflict, page)
	}
	return reply.Status(ans.Status, msg)
}
