package console

import (
	"errors"
	"net/http"

	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

// drawLinks are the console's notices of draws waiting for the director.
func drawLinks(snap *tournament.Snapshot) []templates.DrawLink {
	var out []templates.DrawLink
	for _, p := range snap.Proposals() {
		out = append(out, templates.DrawLink{Stage: p.Stage, Href: "/admin/t/" + snap.Tournament.ID + "/draw/" + p.StageID})
	}
	return out
}

// drawPage shows the draw of the stage in the path, waiting for the director.
func (a *Admin) drawPage(r *http.Request, snap *tournament.Snapshot) (templates.DrawPage, error) {
	ctx := r.Context()
	p, ok := snap.Proposal(r.PathValue("stageId"))
	if !ok {
		return templates.DrawPage{}, reply.NotFound("draw")
	}
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.DrawPage{Page: a.Layout(r, p.Stage), Organizer: org.Name, Tournament: snap.Tournament.Name, ConsoleHref: base,
		Stage: p.Stage, SwapAction: base + "/draw/" + p.StageID + "/swap", PublishAction: base + "/draw/" + p.StageID + "/publish",
		Apart: p.Apart, Halves: p.Halves}
	for i := 0; i+1 < len(p.Slots); i += 2 {
		var m [2]templates.DrawSide
		for k, s := range p.Slots[i : i+2] {
			if s.Entry == nil {
				m[k].Bye = true
				continue
			}
			m[k].ID, m[k].Name = s.Entry.ID, s.Entry.Name
			switch {
			case s.Pool != "":
				m[k].From = templates.Tf(ctx, "%s, place %d", s.Pool, s.Place)
			case s.Place > 0:
				m[k].From = templates.Tf(ctx, "place %d", s.Place)
			}
			label := m[k].Name
			if m[k].From != "" {
				label += " (" + m[k].From + ")"
			}
			page.Entries = append(page.Entries, templates.Option{Value: s.Entry.ID, Label: label})
		}
		page.Matches = append(page.Matches, m)
	}
	return page, nil
}

// DrawForm shows a knock-out draw waiting for the director.
func (a *Admin) DrawForm(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	page, err := a.drawPage(r, snap)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("done") == "swapped" {
		page.Flash = templates.T(r.Context(), "Swapped.")
	}
	return reply.HTML(w, r, templates.Draw(page))
}

// SwapDraw swaps two entries of a draw waiting for the director.
func (a *Admin) SwapDraw(w http.ResponseWriter, r *http.Request) error {
	stageID := r.PathValue("stageId")
	return a.drawWrite(w, r, "?done=swapped", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SwapDraw(stageID, r.PostFormValue("a"), r.PostFormValue("b"), a.Now())
	})
}

// PublishDraw plays a draw waiting for the director; the console follows.
func (a *Admin) PublishDraw(w http.ResponseWriter, r *http.Request) error {
	stageID := r.PathValue("stageId")
	return a.drawWrite(w, r, "", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.PublishDraw(stageID, a.Now())
	})
}

// drawWrite applies a change to a waiting draw: after a swap the draw shows
// again, after publishing the console; a refusal shows on the draw's page,
// or on the console when the draw is gone (published meanwhile).
func (a *Admin) drawWrite(w http.ResponseWriter, r *http.Request, swapped string, compute func(*tournament.Snapshot) (*tournament.Change, error)) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	if snap.Tournament.Mirror != nil {
		compute = func(*tournament.Snapshot) (*tournament.Change, error) {
			return nil, tournament.Refuse("This tournament runs in the tournament application: draw it there.")
		}
	}
	_, _, err = a.Store.Write(r.Context(), snap, compute)
	var rule *tournament.RuleError
	switch {
	case errors.Is(err, tournament.ErrStageNotFound):
		return reply.NotFound("draw")
	case errors.As(err, &rule):
		if snap, err = a.Own(r); err != nil {
			return err
		}
		if page, perr := a.drawPage(r, snap); perr == nil {
			page.Error = reply.Refusal(r.Context(), rule)
			return reply.HTMLStatus(w, r, http.StatusConflict, templates.Draw(page))
		}
		page := a.ConsolePage(r, snap)
		page.Error = reply.Refusal(r.Context(), rule)
		return reply.HTMLStatus(w, r, http.StatusConflict, templates.Console(page))
	case err != nil:
		return err
	}
	base := "/admin/t/" + snap.Tournament.ID
	if swapped != "" {
		http.Redirect(w, r, base+"/draw/"+r.PathValue("stageId")+swapped, http.StatusSeeOther)
		return nil
	}
	http.Redirect(w, r, base+"?done=drawn", http.StatusSeeOther)
	return nil
}
