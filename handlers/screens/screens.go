// Package screens is the hall's screens: a TV shows what the organizer set
// for it in the console (courts, standings, brackets, a series).
package screens

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/angelofallars/htmx-go"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/console"
	"courtside/handlers/reply"
	"courtside/handlers/site"
	"courtside/handlers/views"
	"courtside/locale"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// ScreenStore keeps what each TV in the hall shows.
type ScreenStore interface {
	Screens(ctx context.Context, tournamentID string) ([]record.Screen, error)
	Screen(ctx context.Context, tournamentID, name string) (record.Screen, error)
	PutScreen(ctx context.Context, tournamentID string, sc record.Screen) error
	DeleteScreen(ctx context.Context, tournamentID, name string) error
}

// Screens serves the TVs an organizer steers: each TV in the hall opens
// /t/{id}/screens/{name} once, and the console sets what it shows.
type Screens struct {
	Pages *site.Pages
	Admin *console.Admin
	Store ScreenStore
	// Rankings, when set, lets a screen show one of the organizer's series tables.
	Rankings *site.RankingPages
}

// screenPart is the id of a screen's polling part.
const screenPart = "screen"

// screenPoll is how often a screen asks whether it should show something else (ms).
const screenPoll = 3000

// Show is a screen in the hall: what its organizer set it to show, and until
// then every court. It asks every 3 s and follows a new setting at once.
func (s *Screens) Show(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !record.ValidScreenName(name) {
		return reply.NotFound("screen")
	}
	sc, err := s.Store.Screen(r.Context(), r.PathValue("id"), name)
	if errors.Is(err, cache.ErrNotFound) {
		sc, err = record.Screen{Name: name, Show: "courts"}, nil
	}
	if err != nil {
		return err
	}
	setting := fmt.Sprintf("%s|%s|%s|%s|%d|%s", sc.Show, sc.Courts, sc.Group, strings.Join(sc.Rotate, ","), sc.Every, sc.Message)
	series, err := s.seriesPanel(r, sc)
	if err != nil {
		return err
	}
	if series != nil {
		setting += "|" + sc.Series + "|" + series.Poll.ETag // the table moves with every result of its tournaments
	}
	// The ETag names the setting by a hash: a message may hold quotes and
	// letters an ETag cannot carry, and htmx sends the tag back as it got it.
	h := fnv.New64a()
	_, _ = h.Write([]byte(setting))
	tagged := name + ":" + strconv.FormatUint(h.Sum64(), 36)
	part := "screen-page:" + tagged
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == screenPart {
		part = "screen:" + tagged
	}
	p := s.Pages
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	return p.Serve(w, r, snap, part, setting, func() templ.Component {
		ctx := r.Context()
		q := site.BoardQuery{Per: 16, Every: cmpOr(sc.Every, 15), Kiosk: true}
		if sc.Courts != "" {
			q.From, q.To, _ = site.CourtRange(ctx, sc.Courts, snap.Tournament.Courts)
		}
		view := templates.ScreenView{Name: name, Every: q.Every,
			Poll: templates.Poll{ID: screenPart, Href: r.URL.Path, ETag: reply.ETag(r, snap.Version, "screen:"+tagged), On: true, Every: screenPoll, Stream: views.LiveHref(snap),
				Meanwhile: screenPoll}} // a change of the setting moves no version: it is polled for as before
		switch sc.Show {
		case "message":
			view.Panels = []templates.TVPanel{{Title: templates.T(ctx, "Message"), Message: sc.Message}}
		case "standings", "bracket":
			view.Panels = site.TVPanels(r, snap, q, []string{sc.Show + ":" + sc.Group}, false)
		case "rotation":
			view.Panels = site.TVPanels(r, snap, q, sc.Rotate, false)
		case "series":
			if series != nil {
				view.Panels = []templates.TVPanel{{Title: templates.T(ctx, "Series table"), Series: series}}
			}
		}
		if len(view.Panels) == 0 {
			view.Panels = site.TVPanels(r, snap, q, []string{"courts"}, false)
		}
		if strings.HasPrefix(part, screenPart+":") {
			return templates.ScreenLive(view)
		}
		qr, _ := templates.NewQR(p.BaseURL + views.TournamentHref(snap))
		page := templates.ScreenPage{Page: p.Layout(r, snap.Tournament.Name, templates.Tf(r.Context(), "Screen %s of %s", name, snap.Tournament.Name)),
			Tournament: snap.Tournament.Name, QR: qr, Zone: views.Venue(snap.Tournament), Screen: view}
		page.Refresh = 30
		return templates.Screen(page)
	})
}

// seriesPanel is the series table a series screen shows (its own poll off:
// the screen's poll refreshes it), or nil for another screen or a series
// that is gone.
func (s *Screens) seriesPanel(r *http.Request, sc record.Screen) (*templates.SeriesTableView, error) {
	if sc.Show != "series" || s.Rankings == nil {
		return nil, nil
	}
	snap, err := s.Pages.Shared(r)
	if err != nil {
		return nil, err
	}
	st, err := s.Rankings.Book.State(r.Context(), snap.Tournament.OrganizerID)
	if err != nil {
		return nil, err
	}
	se, ok := st.Data.SeriesByID(sc.Series)
	if !ok {
		return nil, nil
	}
	shown, key := app.ShownSeries(se, st, func(t *tournament.Snapshot) bool { return s.Rankings.Visible(r, t) })
	t := s.Rankings.SeriesTableView(r, snap.Organizer, st, shown, key, true)
	t.Poll.On = false
	return &t, nil
}

// Console lists a tournament's screens, each with what it shows, and a form to set up another.
func (s *Screens) Console(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.Admin.Own(r)
	if err != nil {
		return err
	}
	page, err := s.consolePage(r, snap)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("done") == "saved" {
		page.Flash = templates.T(r.Context(), "Saved. The screen shows it within a few seconds.")
	}
	return reply.HTML(w, r, templates.ScreensConsole(page))
}

func (s *Screens) consolePage(r *http.Request, snap *tournament.Snapshot) (templates.ScreensPage, error) {
	ctx := r.Context()
	screens, err := s.Store.Screens(ctx, snap.Tournament.ID)
	if err != nil {
		return templates.ScreensPage{}, err
	}
	org, _ := s.Admin.Store.Organizer(ctx, snap.Tournament.OrganizerID)
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.ScreensPage{Page: s.Admin.Layout(r, templates.T(ctx, "Screens")+" · "+snap.Tournament.Name), Organizer: org.Name,
		Tournament: snap.Tournament.Name, ConsoleHref: base, Action: base + "/screens"}
	for _, d := range snap.Tournament.Disciplines {
		for _, st := range d.Stages {
			for _, g := range st.Groups {
				label := d.Name + " · " + g.Name
				page.Groups = append(page.Groups, templates.Option{Value: g.ID, Label: label})
				page.Views = append(page.Views, templates.Option{Value: "standings:" + g.ID, Label: label + " · " + templates.T(ctx, "Standings")})
				if g.Mode.IsBracket() {
					page.Views = append(page.Views, templates.Option{Value: "bracket:" + g.ID, Label: label + " · " + templates.T(ctx, "Bracket")})
				}
			}
		}
	}
	if s.Rankings != nil {
		st, err := s.Rankings.Book.State(ctx, snap.Tournament.OrganizerID)
		if err != nil {
			return templates.ScreensPage{}, err
		}
		for _, se := range st.Data.Series {
			page.SeriesOptions = append(page.SeriesOptions, templates.Option{Value: se.ID, Label: se.Name})
		}
	}
	for _, sc := range screens {
		page.Screens = append(page.Screens, screenForm(r, snap, sc, nil))
	}
	page.New = screenForm(r, snap, record.Screen{Show: "courts", Every: 15}, nil)
	page.New.New = true
	return page, nil
}

// screenForm is one screen's form in the console, with the errors of its last try.
// Its address carries the console's language, so that the TV opening it
// speaks the organizer's language (and remembers it) whatever its browser's.
func screenForm(r *http.Request, snap *tournament.Snapshot, sc record.Screen, errs map[string]string) templates.ScreenForm {
	href := views.TournamentHref(snap) + "/screens/" + sc.Name
	if l := templates.LangOf(r.Context()); l != locale.English {
		href += "?lang=" + string(l)
	}
	return templates.ScreenForm{Name: sc.Name, Show: sc.Show, Courts: sc.Courts, Group: sc.Group, Rotate: sc.Rotate, Series: sc.Series,
		Every: strconv.Itoa(cmpOr(sc.Every, 15)), Message: sc.Message, Errors: errs,
		Href: href, Label: describeScreen(r.Context(), snap, sc)}
}

func cmpOr(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// describeScreen says in words what a screen shows.
func describeScreen(ctx context.Context, snap *tournament.Snapshot, sc record.Screen) string {
	T := func(s string) string { return templates.T(ctx, s) }
	group := func(id string) string {
		if g, ok := snap.Group(id); ok {
			return g.Name
		}
		return id
	}
	switch sc.Show {
	case "standings":
		return T("Standings") + " · " + group(sc.Group)
	case "bracket":
		return T("Bracket") + " · " + group(sc.Group)
	case "rotation":
		return templates.Tf(ctx, "Rotation of %d views", len(sc.Rotate))
	case "message":
		return T("Message") + ": " + sc.Message
	case "series":
		return T("Series table")
	}
	if sc.Courts != "" {
		return T("Courts") + " " + sc.Courts
	}
	return T("All courts")
}

// Save sets what a screen shows. A setting that cannot be shown comes back
// as 422 with the message next to its field; nothing is stored. The rules of
// a setting are record.Screen.Check's; Save reads the form, stores, and answers.
func (s *Screens) Save(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.Admin.Own(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if err := r.ParseForm(); err != nil {
		return reply.BadRequest("%v", err)
	}
	sc := screenFromForm(r)
	if r.PostFormValue("delete") != "" && record.ValidScreenName(sc.Name) {
		if err := s.Store.DeleteScreen(ctx, snap.Tournament.ID, sc.Name); err != nil {
			return err
		}
		return s.saved(w, r, snap)
	}
	hasSeries, err := s.hasSeries(ctx, snap, sc)
	if err != nil {
		return err
	}
	sc, problems := sc.Check(snap, hasSeries)
	errs := make(map[string]string, len(problems))
	for field, m := range problems {
		errs[field] = templates.Reason(ctx, m.Format, m.Args...)
	}
	if len(errs) == 0 {
		err := s.Store.PutScreen(ctx, snap.Tournament.ID, sc)
		if errors.Is(err, cache.ErrTooManyScreens) {
			errs["name"] = templates.Tf(ctx, "A tournament has at most %d screens (limit %q): delete one first.", tournament.MaxScreens, "screens per tournament")
		} else if err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		return s.refused(w, r, snap, sc, errs)
	}
	return s.saved(w, r, snap)
}

// screenFromForm reads a screen's setting from the console's form, as typed.
func screenFromForm(r *http.Request) record.Screen {
	every, _ := strconv.Atoi(r.PostFormValue("every"))
	return record.Screen{Name: strings.ToLower(strings.TrimSpace(r.PostFormValue("name"))), Show: r.PostFormValue("show"),
		Courts: strings.TrimSpace(r.PostFormValue("courts")), Group: r.PostFormValue("group"), Rotate: r.PostForm["rotate"],
		Every: every, Message: strings.TrimSpace(r.PostFormValue("message")), Series: r.PostFormValue("series")}
}

// hasSeries says which series the tournament's organizer has, for a series
// screen's setting: nil for another screen, or when the rankings are off.
func (s *Screens) hasSeries(ctx context.Context, snap *tournament.Snapshot, sc record.Screen) (func(id string) bool, error) {
	if sc.Show != "series" || s.Rankings == nil {
		return nil, nil
	}
	st, err := s.Rankings.Book.State(ctx, snap.Tournament.OrganizerID)
	if err != nil {
		return nil, err
	}
	return func(id string) bool {
		_, ok := st.Data.SeriesByID(id)
		return ok
	}, nil
}

// refused answers a setting that was not stored: the console again, 422, with
// the form as typed and each problem beside its field.
func (s *Screens) refused(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, sc record.Screen, errs map[string]string) error {
	page, err := s.consolePage(r, snap)
	if err != nil {
		return err
	}
	form := screenForm(r, snap, sc, errs)
	form.Every = r.PostFormValue("every")
	page.Error = templates.T(r.Context(), "The screen was not changed: see the marked field.")
	if r.PostFormValue("new") != "" {
		form.New = true
		page.New = form
	} else {
		for i := range page.Screens {
			if page.Screens[i].Name == sc.Name {
				page.Screens[i] = form
			}
		}
	}
	if htmx.IsHTMX(r) {
		return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.ScreensPanel(page))
	}
	return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.ScreensConsole(page))
}

// saved answers a change: htmx gets the panel again with a note; a plain form is sent back to the list.
func (s *Screens) saved(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot) error {
	if !htmx.IsHTMX(r) {
		http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/screens?done=saved", http.StatusSeeOther)
		return nil
	}
	page, err := s.consolePage(r, snap)
	if err != nil {
		return err
	}
	page.Flash = templates.T(r.Context(), "Saved. The screen shows it within a few seconds.")
	return reply.HTML(w, r, templates.ScreensPanel(page))
}
