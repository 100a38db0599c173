package console

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

func (a *Admin) courtsPage(r *http.Request, snap *tournament.Snapshot) templates.CourtsPage {
	ctx := r.Context()
	org, _ := a.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.CourtsPage{Page: a.Layout(r, templates.T(ctx, "Courts")), Organizer: org.Name, Tournament: snap.Tournament.Name,
		ConsoleHref: base, AddAction: base + "/courts"}
	for _, c := range snap.Tournament.Courts {
		page.Courts = append(page.Courts, templates.CourtRow{ID: c.ID, Name: c.Name, Action: base + "/courts/" + c.ID, Closed: c.Closed, Busy: snap.CourtMatch(c.ID) != nil})
	}
	for _, d := range snap.Tournament.Disciplines {
		learned, n := snap.LearnedDuration(d.ID)
		minutes := d.ExpectedMinutes
		if minutes == 0 {
			minutes = int(tournament.DefaultMatchDuration.Minutes())
		}
		page.Lengths = append(page.Lengths, templates.LengthRow{Discipline: d.Name, Action: base + "/disciplines/" + d.ID + "/length",
			Minutes: minutes, Learned: int(learned.Round(time.Minute).Minutes()), Played: n})
	}
	return page
}

// SetLength sets how long the director expects a match of a discipline to take.
func (a *Admin) SetLength(w http.ResponseWriter, r *http.Request) error {
	minutes, err := strconv.Atoi(strings.TrimSpace(r.PostFormValue("minutes")))
	if err != nil {
		minutes = 0 // refused below with the range
	}
	id := r.PathValue("disciplineId")
	return a.courtsWrite(w, r, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetExpectedMinutes(id, minutes, a.Now())
	})
}

// CourtsForm shows the tournament's courts, to add, rename, close and open them.
func (a *Admin) CourtsForm(w http.ResponseWriter, r *http.Request) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	page := a.courtsPage(r, snap)
	if r.URL.Query().Get("done") == "saved" {
		page.Flash = templates.T(r.Context(), "Saved.")
	}
	return reply.HTML(w, r, templates.Courts(page))
}

// AddCourt adds a court during the day.
func (a *Admin) AddCourt(w http.ResponseWriter, r *http.Request) error {
	name := r.PostFormValue("name")
	return a.courtsWrite(w, r, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.AddCourt(name, a.Now()) })
}

// ChangeCourt renames a court, closes it or opens it again.
func (a *Admin) ChangeCourt(w http.ResponseWriter, r *http.Request) error {
	id, name := r.PathValue("courtId"), r.PostFormValue("name")
	var compute func(*tournament.Snapshot) (*tournament.Change, error)
	switch r.PostFormValue("action") {
	case "rename":
		compute = func(s *tournament.Snapshot) (*tournament.Change, error) { return s.RenameCourt(id, name, a.Now()) }
	case "close", "open":
		closed := r.PostFormValue("action") == "close"
		if closed && !Confirmed(r) {
			snap, err := a.Own(r)
			if err != nil {
				return err
			}
			court, ok := snap.Court(id)
			if !ok {
				return reply.NotFound("court")
			}
			return a.AskFirst(w, r, templates.Tf(r.Context(), "Close %s? No new match is called to it; a match on it plays on.", court.Name),
				templates.T(r.Context(), "Close"), "/admin/t/"+snap.Tournament.ID+"/courts", "action")
		}
		compute = func(s *tournament.Snapshot) (*tournament.Change, error) { return s.CloseCourt(id, closed, a.Now()) }
	default:
		return reply.BadRequest("action must be rename, close or open")
	}
	return a.courtsWrite(w, r, compute)
}

// courtsWrite applies a change to the courts and shows the courts again,
// with the refusal when there is one.
func (a *Admin) courtsWrite(w http.ResponseWriter, r *http.Request, compute func(*tournament.Snapshot) (*tournament.Change, error)) error {
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	if snap.Tournament.Mirror != nil {
		compute = func(*tournament.Snapshot) (*tournament.Change, error) {
			return nil, tournament.Refuse("This tournament runs in the tournament application: change its courts there.")
		}
	}
	_, _, err = a.Store.Write(r.Context(), snap, compute)
	var rule *tournament.RuleError
	switch {
	case errors.Is(err, tournament.ErrCourtNotFound):
		return reply.NotFound("court")
	case errors.As(err, &rule):
		if snap, err = a.Own(r); err != nil {
			return err
		}
		page := a.courtsPage(r, snap)
		page.Error = reply.Refusal(r.Context(), rule)
		return reply.HTMLStatus(w, r, http.StatusConflict, templates.Courts(page))
	case err != nil:
		return err
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/courts?done=saved", http.StatusSeeOther)
	return nil
}
