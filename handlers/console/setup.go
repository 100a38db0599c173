package console

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// SetupStore is what setting tournaments up needs of the store.
type SetupStore interface {
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
	CreateTournament(ctx context.Context, org tournament.Organizer, setup *tournament.Setup) (*tournament.Snapshot, error)
	Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error)
}

// Setups serves "New tournament", the setup of a tournament until its start,
// the start itself, check-in and the entries after the start. The forms work
// without JavaScript: buttons that add or remove a discipline or a stage send
// the form back, and nothing typed is lost on the way.
type Setups struct {
	*Admin
	Setups SetupStore
}

// datetimeLocal is the value of an <input type="datetime-local">.
const datetimeLocal = "2006-01-02T15:04"

// New shows an empty setup with one discipline and one stage to fill in.
func (s *Setups) New(w http.ResponseWriter, r *http.Request) error {
	org, err := s.inOrganizersSport(r)
	if err != nil {
		return err
	}
	v := url.Values{"courts": {"4"}, "public": {"on"}}
	addDiscipline(v)
	return s.renderForm(w, r, http.StatusOK, s.newPage(r, org), v, nil, nil)
}

func (s *Setups) newPage(r *http.Request, org tournament.Organizer) templates.SetupFormPage {
	T := func(t string) string { return templates.T(r.Context(), t) }
	return templates.SetupFormPage{Page: s.Layout(r, T("New tournament")), Heading: T("New tournament"), Action: "/admin/new", Submit: T("Create tournament"),
		Organizer: org.Name}
}

// Create makes the tournament the form describes, or shows the form again
// with every problem next to its field.
func (s *Setups) Create(w http.ResponseWriter, r *http.Request) error {
	v, err := readSetupForm(r)
	if err != nil {
		return err
	}
	org, err := s.inOrganizersSport(r)
	if err != nil {
		return err
	}
	page := s.newPage(r, org)
	if over := formLimits(r.Context(), v); len(over) > 0 {
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, nil, over)
	}
	if !saving(v) {
		return s.renderForm(w, r, http.StatusOK, page, v, nil, nil)
	}
	setup, errs := setupFromForm(r.Context(), v)
	if len(errs) > 0 {
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, errs, nil)
	}
	setup.Organizer = org.Slug
	snap, err := s.Setups.CreateTournament(r.Context(), org, setup)
	var ps tournament.Problems
	if q, over := cache.IsQuota(err); over && q.RetryAfter == 0 {
		err = q.Problems() // beside the form, as the setup's own problems
	}
	if errors.As(err, &ps) {
		errs, general := problemFields(r.Context(), ps)
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, errs, general)
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/setup?done=created", http.StatusSeeOther)
	return nil
}

// ownSetup loads the signed-in organizer's tournament, for its setup.
func (s *Setups) ownSetup(r *http.Request) (*tournament.Snapshot, error) {
	snap, err := s.Setups.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, reply.NotFoundAs(err, "tournament")
	}
	if snap.Tournament.OrganizerID != reply.Caller(r.Context()).OrganizerID {
		return nil, reply.NotFound("tournament")
	}
	views.InSport(r, snap)
	return snap, nil
}

// inOrganizersSport makes the rest of a request for a new tournament speak
// the signed-in organizer's sport: its form and the names of its courts
// ("Board 1" for darts, "Terrain 1" for pétanque).
func (s *Setups) inOrganizersSport(r *http.Request) (tournament.Organizer, error) {
	org, err := s.Setups.Organizer(r.Context(), reply.Caller(r.Context()).OrganizerID)
	if err != nil {
		return org, reply.NotFoundAs(err, "organizer") // deleted while signed in
	}
	*r = *r.WithContext(templates.WithSport(r.Context(), org.Sport))
	return org, nil
}

func (s *Setups) editPage(r *http.Request, snap *tournament.Snapshot) templates.SetupFormPage {
	ctx := r.Context()
	base := "/admin/t/" + snap.Tournament.ID
	page := templates.SetupFormPage{Page: s.Layout(r, snap.Tournament.Name), Heading: snap.Tournament.Name,
		Action: base + "/setup", Submit: templates.T(ctx, "Save setup"), Manage: manage(snap), Organizer: snap.Organizer.Name}
	page.Flash = map[string]string{"created": templates.T(ctx, "Tournament created. Edit anything until the start."),
		"saved": templates.T(ctx, "Saved.")}[r.URL.Query().Get("done")]
	return page
}

func manage(snap *tournament.Snapshot) *templates.SetupManage {
	base := "/admin/t/" + snap.Tournament.ID
	m := &templates.SetupManage{State: string(snap.Tournament.State), StartAction: base + "/start", EntriesHref: base + "/entries", DataHref: base + "/data",
		PublicHref: views.TournamentHref(snap), CheckIn: snap.Tournament.CheckIn}
	if snap.Tournament.CheckIn {
		for _, d := range snap.Tournament.Disciplines {
			m.NoShows += len(d.NoShows())
		}
	}
	return m
}

// EditSetup shows the setup of a tournament not yet started; a started one's console.
func (s *Setups) EditSetup(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.ownSetup(r)
	if err != nil {
		return err
	}
	if snap.Started() {
		http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID, http.StatusSeeOther)
		return nil
	}
	return s.renderForm(w, r, http.StatusOK, s.editPage(r, snap), setupValues(r.Context(), tournament.SetupOf(snap)), nil, nil)
}

// SaveSetup changes a tournament not yet started to what the form describes.
func (s *Setups) SaveSetup(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.ownSetup(r)
	if err != nil {
		return err
	}
	v, err := readSetupForm(r)
	if err != nil {
		return err
	}
	page := s.editPage(r, snap)
	if over := formLimits(r.Context(), v); len(over) > 0 {
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, nil, over)
	}
	if !saving(v) {
		return s.renderForm(w, r, http.StatusOK, page, v, nil, nil)
	}
	setup, errs := setupFromForm(r.Context(), v)
	if len(errs) > 0 {
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, errs, nil)
	}
	setup.Organizer = snap.Organizer.Slug
	_, _, err = s.Setups.Write(r.Context(), snap, func(snap *tournament.Snapshot) (*tournament.Change, error) {
		return snap.Reconfigure(setup, s.Now())
	})
	var ps tournament.Problems
	var rule *tournament.RuleError
	switch {
	case errors.As(err, &ps):
		errs, general := problemFields(r.Context(), ps)
		return s.renderForm(w, r, http.StatusUnprocessableEntity, page, v, errs, general)
	case errors.As(err, &rule):
		return s.renderForm(w, r, http.StatusConflict, page, v, nil, []string{reply.Refusal(r.Context(), rule)})
	case err != nil:
		return err
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/setup?done=saved", http.StatusSeeOther)
	return nil
}

// Start draws the first stage of every discipline and opens the console.
func (s *Setups) Start(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.ownSetup(r)
	if err != nil {
		return err
	}
	_, _, err = s.Setups.Write(r.Context(), snap, func(snap *tournament.Snapshot) (*tournament.Change, error) {
		return snap.Start(s.Now())
	})
	var rule *tournament.RuleError
	var ps tournament.Problems
	if errors.As(err, &rule) || errors.As(err, &ps) {
		msg := reply.Refusal(r.Context(), err)
		if snap, err = s.ownSetup(r); err != nil {
			return err
		}
		if snap.Started() {
			http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID, http.StatusSeeOther)
			return nil
		}
		page := s.editPage(r, snap)
		page.Manage.StartError = msg
		return s.renderForm(w, r, http.StatusConflict, page, setupValues(r.Context(), tournament.SetupOf(snap)), nil, nil)
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"?done=started", http.StatusSeeOther)
	return nil
}

func (s *Setups) renderForm(w http.ResponseWriter, r *http.Request, status int, page templates.SetupFormPage, v url.Values, errs map[string]string, general []string) error {
	fillSetupForm(r.Context(), &page, v, errs)
	page.Errors = general
	page.Problems = problemLinks(r.Context(), v, errs)
	return reply.HTMLStatus(w, r, status, templates.SetupForm(page))
}

// readSetupForm reads the form (with its CSV files, whose rows join the
// entries typed) and carries out a button that adds or removes a part.
func readSetupForm(r *http.Request) (url.Values, error) {
	r.Body = http.MaxBytesReader(nil, r.Body, tournament.MaxSetupFileBytes)
	if err := r.ParseMultipartForm(tournament.MaxSetupFileBytes); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		return nil, reply.BadInput(r.Context(), "The form does not read: %v", err)
	}
	v := url.Values{}
	for k, vs := range r.PostForm {
		v[k] = slices.Clone(vs)
	}
	if r.MultipartForm != nil {
		for name, files := range r.MultipartForm.File {
			field := strings.TrimSuffix(name, ".csv") + ".entries"
			for _, fh := range files {
				f, err := fh.Open()
				if err != nil {
					return nil, err
				}
				lines, err := csvEntries(f)
				_ = f.Close() // read to the end already: a failed close loses nothing
				if err != nil {
					return nil, reply.BadInput(r.Context(), "%s does not read as CSV: %v", fh.Filename, err)
				}
				text := strings.TrimRight(v.Get(field), "\r\n ")
				if text != "" {
					text += "\n"
				}
				v.Set(field, text+strings.Join(lines, "\n"))
			}
		}
	}
	action := v.Get("action")
	switch {
	case action == "add-discipline":
		addDiscipline(v)
	case strings.HasPrefix(action, "add-stage:"):
		if d, err := strconv.Atoi(strings.TrimPrefix(action, "add-stage:")); err == nil && d >= 0 && d < count(v, "disciplines") {
			addStage(v, fmt.Sprintf("d%d", d))
		}
	case strings.HasPrefix(action, "remove-discipline:"):
		if d, err := strconv.Atoi(strings.TrimPrefix(action, "remove-discipline:")); err == nil {
			removePart(v, "disciplines", "d", d)
		}
	case strings.HasPrefix(action, "remove-stage:"):
		var d, st int
		if _, err := fmt.Sscanf(action, "remove-stage:%d:%d", &d, &st); err == nil {
			removePart(v, fmt.Sprintf("d%d.stages", d), fmt.Sprintf("d%d.s", d), st)
		}
	}
	return v, nil
}

func saving(v url.Values) bool { return v.Get("action") == "" || v.Get("action") == "save" }

// csvEntries reads a CSV of entries: a row is a name, or a team's name and its players.
func csvEntries(f io.Reader) ([]string, error) {
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, row := range rows {
		row = slices.DeleteFunc(row, func(c string) bool { return strings.TrimSpace(c) == "" })
		switch len(row) {
		case 0:
		case 1:
			lines = append(lines, strings.TrimSpace(row[0]))
		default:
			lines = append(lines, strings.TrimSpace(row[0])+": "+strings.Join(row[1:], " / "))
		}
	}
	return lines, nil
}

// count is how many disciplines ("disciplines") or stages of a discipline
// ("d0.stages") the form has, up to what a setup may have: a form asking for
// more is refused by formLimits, and never drawn past the limit.
func count(v url.Values, key string) int {
	n, _ := strconv.Atoi(v.Get(key))
	limit := tournament.MaxSetupStages
	if key == "disciplines" {
		limit = tournament.MaxSetupDisciplines
	}
	return max(0, min(n, limit))
}

// formLimits says what of the form is over the limits of a setup: more
// disciplines, or more stages in a discipline, than a setup may have. Such a
// form is shown up to the limit and refused, never saved with the rest
// dropped.
func formLimits(ctx context.Context, v url.Values) []string {
	var out []string
	if n, _ := strconv.Atoi(v.Get("disciplines")); n > tournament.MaxSetupDisciplines {
		out = append(out, templates.Tf(ctx, "The setup has %d disciplines; a tournament has at most %d (limit %q). Nothing was saved.", n, tournament.MaxSetupDisciplines, "disciplines per tournament"))
	}
	for i := range count(v, "disciplines") {
		if n, _ := strconv.Atoi(v.Get(fmt.Sprintf("d%d.stages", i))); n > tournament.MaxSetupStages {
			out = append(out, templates.Tf(ctx, "Discipline %d has %d stages; a discipline has at most %d (limit %q). Nothing was saved.", i+1, n, tournament.MaxSetupStages, "stages per discipline"))
		}
	}
	return out
}

func addDiscipline(v url.Values) {
	d := count(v, "disciplines")
	if d >= tournament.MaxSetupDisciplines {
		return
	}
	v.Set("disciplines", strconv.Itoa(d+1))
	p := fmt.Sprintf("d%d", d)
	v.Set(p+".entryType", "single")
	addStage(v, p)
}

func addStage(v url.Values, d string) {
	n := count(v, d+".stages")
	if n >= tournament.MaxSetupStages {
		return
	}
	v.Set(d+".stages", strconv.Itoa(n+1))
	p := fmt.Sprintf("%s.s%d", d, n)
	if n == 0 {
		v.Set(p+".mode", "swiss")
		v.Set(p+".rounds", "5")
	} else {
		v.Set(p+".mode", "elimination")
		v.Set(p+".rounds", "5") // for a mode that takes rounds, if one is chosen
	}
}

// removePart removes part i of a numbered list of parts, moving the later ones up.
func removePart(v url.Values, countKey, prefix string, i int) {
	n := count(v, countKey)
	if i < 0 || i >= n || n <= 1 {
		return
	}
	for k := range v {
		if strings.HasPrefix(k, fmt.Sprintf("%s%d.", prefix, i)) {
			delete(v, k)
		}
	}
	for j := i + 1; j < n; j++ {
		from, to := fmt.Sprintf("%s%d.", prefix, j), fmt.Sprintf("%s%d.", prefix, j-1)
		for k, vs := range v {
			if strings.HasPrefix(k, from) {
				v[to+strings.TrimPrefix(k, from)] = vs
				delete(v, k)
			}
		}
	}
	v.Set(countKey, strconv.Itoa(n-1))
}

// setupValues is a setup as the form's values.
func setupValues(ctx context.Context, s *tournament.Setup) url.Values {
	v := url.Values{}
	set := func(k, val string) {
		if val != "" {
			v.Set(k, val)
		}
	}
	num := func(k string, n int) {
		if n != 0 {
			v.Set(k, strconv.Itoa(n))
		}
	}
	check := func(k string, b bool) {
		if b {
			v.Set(k, "on")
		}
	}
	set("name", s.Name)
	set("description", s.Description)
	// Times are typed and shown in the venue's time zone.
	loc := tournament.VenueLocation(s.TimeZone)
	set("timeZone", s.TimeZone)
	if !s.StartTime.IsZero() {
		v.Set("start", s.StartTime.In(loc).Format(datetimeLocal))
	}
	if !s.EndTime.IsZero() {
		v.Set("end", s.EndTime.In(loc).Format(datetimeLocal))
	}
	v.Set("courts", strings.Join(s.Courts, "\n"))
	if n := len(s.Courts); slices.Equal(s.Courts, courtNames(ctx, n)) { // a count would name them anew in these words
		v.Set("courts", strconv.Itoa(len(s.Courts)))
	}
	check("public", s.Public)
	check("autoCall", s.AutoCall)
	check("checkIn", s.CheckIn)
	v.Set("disciplines", strconv.Itoa(len(s.Disciplines)))
	for i, d := range s.Disciplines {
		p := fmt.Sprintf("d%d", i)
		set(p+".name", d.Name)
		set(p+".shortName", d.ShortName)
		set(p+".entryType", string(d.EntryType))
		lines := make([]string, len(d.Entries))
		for k, e := range d.Entries {
			lines[k] = e.Name
			if len(e.Players) > 0 {
				lines[k] = e.Name + ": " + strings.Join(e.Players, " / ")
			}
		}
		v.Set(p+".entries", strings.Join(lines, "\n"))
		v.Set(p+".stages", strconv.Itoa(len(d.Stages)))
		for k, st := range d.Stages {
			sp := fmt.Sprintf("%s.s%d", p, k)
			set(sp+".name", st.Name)
			set(sp+".mode", string(st.Mode))
			num(sp+".groups", st.Groups)
			num(sp+".qualify", st.Qualify)
			num(sp+".rounds", st.Rounds)
			num(sp+".lives", st.Lives)
			check(sp+".thirdPlace", st.ThirdPlace)
			check(sp+".directorDraws", st.Draw == tournament.DrawByDirector)
			check(sp+".doubleRoundRobin", st.DoubleRoundRobin)
			if st.Points != nil {
				v.Set(sp+".pointsWin", strconv.Itoa(st.Points.Win))
				v.Set(sp+".pointsDraw", strconv.Itoa(st.Points.Draw))
				v.Set(sp+".pointsBye", strconv.Itoa(st.Points.Bye))
			}
			set(sp+".tieBreaks", strings.Join(st.TieBreaks, ", "))
			set(sp+".encounters", strings.Join(st.Encounters, ", "))
			c := st.MatchConfiguration
			if f, ok := templates.SportOf(ctx).FormatOf(c); ok {
				v.Set(sp+".format", f.ID)
			} else {
				v.Set(sp+".format", customFormat)
			}
			set(sp+".configName", c.Name)
			num(sp+".numPoints", c.NumPoints)
			num(sp+".numSets", c.NumSets)
			check(sp+".twoAhead", c.TwoAhead)
			check(sp+".draw", c.Draw)
			check(sp+".quickEntry", c.QuickEntry)
		}
	}
	return v
}

// courtNames names n courts in the page's language: "Tisch 1", "Tisch 2", …
func courtNames(ctx context.Context, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = templates.Tf(ctx, "Court %d", i+1)
	}
	return out
}

// setupFromForm reads the form's values into a setup; what does not read
// (a number that is not one) is a problem of its field.
func setupFromForm(ctx context.Context, v url.Values) (*tournament.Setup, map[string]string) {
	f := &setupForm{ctx: ctx, v: v, errs: map[string]string{}}
	zone := f.timeZone()
	loc := tournament.VenueLocation(zone)
	s := &tournament.Setup{Name: f.text("name"), Description: strings.TrimSpace(v.Get("description")), StartTime: f.when("start", loc), EndTime: f.when("end", loc),
		Public: f.on("public"), AutoCall: f.on("autoCall"), CheckIn: f.on("checkIn"), TimeZone: zone}
	s.Courts = f.courts()
	for i := range count(v, "disciplines") {
		s.Disciplines = append(s.Disciplines, f.discipline(fmt.Sprintf("d%d", i)))
	}
	if len(f.errs) > 0 {
		// Every problem at once: what the rules say about the rest of the
		// form too, beside fields that have no problem of their own yet.
		more, _ := problemFields(ctx, s.Validate())
		for field, msg := range more {
			if _, ok := f.errs[field]; !ok && field != "organizer" {
				f.errs[field] = msg
			}
		}
	}
	return s, f.errs
}

// setupForm reads the setup form's fields, noting each that does not read.
type setupForm struct {
	ctx  context.Context
	v    url.Values
	errs map[string]string
}

func (f *setupForm) text(k string) string { return strings.TrimSpace(f.v.Get(k)) }

func (f *setupForm) on(k string) bool { return k != "" && f.v.Get(k) == "on" }

// num reads a whole number; 0 when the field is empty (or k is "": not read).
func (f *setupForm) num(k string) int {
	s := f.text(k)
	if k == "" || s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		f.errs[k] = templates.T(f.ctx, "must be a whole number")
	}
	return n
}

// list reads a comma-separated list, blanks left out (k "": not read).
func (f *setupForm) list(k string) []string {
	var out []string
	if k == "" {
		return nil
	}
	for _, p := range strings.Split(f.v.Get(k), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// timeZone is the venue's time zone, in which the start and end are typed.
func (f *setupForm) timeZone() string {
	zone := f.text("timeZone")
	if zone != "" && !tournament.ValidZone(zone) {
		f.errs["timeZone"] = templates.T(f.ctx, "Use a time zone name such as Europe/Paris.")
	}
	return zone
}

// when reads a date and time as the browser sends it, in the venue's zone, or RFC 3339.
func (f *setupForm) when(k string, loc *time.Location) tournament.Time {
	s := f.text(k)
	if s == "" {
		return tournament.Time{}
	}
	t, err := time.ParseInLocation(datetimeLocal, s, loc)
	switch {
	case err == nil && t.Format(datetimeLocal) != s: // Go moved it: the clocks go forward over it
		f.errs[k] = templates.Tf(f.ctx, "%s does not exist at the venue: the clocks go forward then", strings.Replace(s, "T", " ", 1))
	case err != nil:
		if t, err = time.Parse(time.RFC3339, s); err != nil {
			f.errs[k] = templates.T(f.ctx, "must be a date and time")
		}
	}
	return tournament.At(t)
}

// courts reads a number of courts, named in turn, or their names one a line.
func (f *setupForm) courts() []string {
	n, err := strconv.Atoi(f.text("courts"))
	if err != nil {
		return lines(f.v.Get("courts"))
	}
	if n < 1 || n > tournament.MaxSetupCourts {
		f.errs["courts"] = templates.Tf(f.ctx, "from 1 to %d courts", tournament.MaxSetupCourts)
		return nil
	}
	return courtNames(f.ctx, n)
}

// discipline reads the discipline whose fields start with p ("d0"), its entries and stages.
func (f *setupForm) discipline(p string) tournament.SetupDiscipline {
	d := tournament.SetupDiscipline{Name: f.text(p + ".name"), ShortName: f.text(p + ".shortName"), EntryType: tournament.EntryType(f.text(p + ".entryType"))}
	for _, line := range lines(f.v.Get(p + ".entries")) {
		d.Entries = append(d.Entries, tournament.EntryLine(d.EntryType, line))
	}
	for k := range count(f.v, p+".stages") {
		d.Stages = append(d.Stages, f.stage(fmt.Sprintf("%s.s%d", p, k), k == 0))
	}
	// Single players in a mode that teams them anew each round are that
	// mode's players: the form need not be told twice.
	if d.EntryType == tournament.EntrySingle && len(d.Stages) > 0 && d.Stages[0].Mode.TeamsPlayersAnew() {
		d.EntryType = tournament.EntryMonsterDYP
	}
	return d
}

// stage reads the stage whose fields start with sp ("d0.s1"): the options
// its mode takes, and the others not at all (the form hides them, and what
// they still hold never refuses a save); the match by its format, or as
// typed when the format is "custom".
func (f *setupForm) stage(sp string, first bool) tournament.SetupStage {
	mode := tournament.Mode(f.text(sp + ".mode"))
	takes := func(option, k string) string {
		if mode.Takes(option) {
			return k
		}
		return ""
	}
	st := tournament.SetupStage{Name: f.text(sp + ".name"), Mode: mode, Groups: f.num(sp + ".groups"),
		Rounds: f.num(takes(tournament.OptionRounds, sp+".rounds")), Lives: f.num(takes(tournament.OptionLives, sp+".lives")),
		ThirdPlace: f.on(takes(tournament.OptionThirdPlace, sp+".thirdPlace")), DoubleRoundRobin: f.on(takes(tournament.OptionDouble, sp+".doubleRoundRobin")),
		TieBreaks: f.list(takes(tournament.OptionTable, sp+".tieBreaks")), Encounters: f.list(sp + ".encounters")}
	if !first {
		st.Qualify = f.num(sp + ".qualify")
		st.Draw = map[bool]string{true: tournament.DrawByDirector}[f.on(sp+".directorDraws")]
	}
	if mode.Takes(tournament.OptionLives) && st.Lives == 0 && f.text(sp+".lives") == "" {
		st.Lives = mode.DefaultLives()
	}
	if mode.Takes(tournament.OptionTable) && (f.text(sp+".pointsWin") != "" || f.text(sp+".pointsDraw") != "" || f.text(sp+".pointsBye") != "") {
		st.Points = &tournament.Scoring{Win: f.num(sp + ".pointsWin"), Draw: f.num(sp + ".pointsDraw"), Bye: f.num(sp + ".pointsBye")}
	}
	format := f.text(sp + ".format")
	if format == "" && (f.text(sp+".numPoints") != "" || f.text(sp+".numSets") != "") {
		format = customFormat // a form of before the formats: the match as typed
	}
	if format != customFormat {
		st.Format = format // "": the sport's default
		return st
	}
	st.MatchConfiguration = tournament.MatchConfiguration{Name: f.text(sp + ".configName"), NumPoints: f.num(sp + ".numPoints"), NumSets: f.num(sp + ".numSets"),
		TwoAhead: f.on(sp + ".twoAhead"), Draw: f.on(takes(tournament.OptionDraws, sp+".draw")), QuickEntry: f.on(sp + ".quickEntry")}
	return st
}

// customFormat is the format field's value for a match configured field by field.
const customFormat = "custom"

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

var (
	disciplinePath = regexp.MustCompile(`^disciplines\[(\d+)\]\.(.+)$`)
	stagePath      = regexp.MustCompile(`^stages\[(\d+)\]\.(.+)$`)
	indexedPath    = regexp.MustCompile(`^(\w+)\[(\d+)\](.*)$`)
)

// stageFields names the form field of a stage's setup path.
var stageFields = map[string]string{
	"matchConfiguration.name": "configName", "matchConfiguration.numPoints": "numPoints", "matchConfiguration.numSets": "numSets",
	"matchConfiguration.twoAhead": "twoAhead", "matchConfiguration.draw": "draw", "matchConfiguration.quickEntry": "quickEntry",
	"points": "pointsWin", "points.win": "pointsWin", "points.draw": "pointsDraw", "points.bye": "pointsBye",
}

// problemFields puts each problem next to its form field; those no field
// stands for are returned on their own.
func problemFields(ctx context.Context, ps tournament.Problems) (map[string]string, []string) {
	errs := map[string]string{}
	var general []string
	put := func(field, msg string) {
		if _, ok := errs[field]; !ok {
			errs[field] = msg
		}
	}
	for _, p := range ps {
		path, prefix, msg := p.Path, "", reply.ProblemReason(ctx, p)
		if m := disciplinePath.FindStringSubmatch(path); m != nil {
			prefix, path = "d"+m[1]+".", m[2]
			if s := stagePath.FindStringSubmatch(path); s != nil {
				prefix, path = prefix+"s"+s[1]+".", s[2]
				if f, ok := stageFields[path]; ok {
					path = f
				}
			}
		}
		if m := indexedPath.FindStringSubmatch(path); m != nil { // entries[3].players[1], courts[2], tieBreaks[0]
			n, _ := strconv.Atoi(m[2])
			path = m[1]
			if m[1] == "entries" || m[1] == "courts" {
				msg = templates.Tf(ctx, "line %d: %s", n+1, msg)
			}
		}
		switch path {
		case "startTime":
			path = "start"
		case "endTime":
			path = "end"
		case "organizer", "disciplines", "stages", "": // "": the whole tournament, such as its organizer's quota
			general = append(general, reply.ProblemText(ctx, p))
			continue
		}
		put(prefix+path, msg)
	}
	return errs, general
}

// fillSetupForm makes the form's view from its values and problems.
func fillSetupForm(ctx context.Context, p *templates.SetupFormPage, v url.Values, errs map[string]string) {
	field := func(k string) templates.Field { return templates.Field{Name: k, Value: v.Get(k), Error: errs[k]} }
	check := func(k string) templates.Check {
		return templates.Check{Name: k, Checked: v.Get(k) == "on", Error: errs[k]}
	}
	p.Name, p.Description, p.Start, p.End, p.Courts = field("name"), field("description"), field("start"), field("end"), field("courts")
	p.TimeZone = field("timeZone")
	p.Public, p.AutoCall, p.CheckIn = check("public"), check("autoCall"), check("checkIn")
	p.TieBreakNames = strings.Join(tournament.TieBreakNames, ", ")
	for _, m := range tournament.Modes {
		var takes []string
		for _, o := range tournament.ModeOptions {
			if m.Takes(o) {
				takes = append(takes, o)
			}
		}
		p.Modes = append(p.Modes, templates.ModeOption{Option: templates.Option{Value: string(m), Label: templates.T(ctx, string(m))}, Takes: strings.Join(takes, " ")})
	}
	sport := templates.SportOf(ctx)
	for _, f := range sport.Rules().Formats {
		p.Formats = append(p.Formats, templates.Option{Value: f.ID, Label: templates.T(ctx, f.Name)})
	}
	p.Formats = append(p.Formats, templates.Option{Value: customFormat, Label: templates.T(ctx, "Custom: points and sets as set below")})
	p.Draws = sport.Rules().Draws
	def := sport.DefaultFormat().Config
	for _, e := range tournament.EntryTypes {
		p.EntryTypes = append(p.EntryTypes, templates.Option{Value: string(e), Label: templates.T(ctx, string(e))})
	}
	nd := count(v, "disciplines")
	for i := range nd {
		dp := fmt.Sprintf("d%d", i)
		d := templates.SetupDisciplineForm{Index: i, Name: field(dp + ".name"), ShortName: field(dp + ".shortName"),
			EntryType: field(dp + ".entryType"), Entries: field(dp + ".entries"), CSV: dp + ".csv",
			AddStageAction: fmt.Sprintf("add-stage:%d", i)}
		if nd > 1 {
			d.RemoveAction = fmt.Sprintf("remove-discipline:%d", i)
		}
		ns := count(v, dp+".stages")
		for k := range ns {
			sp := fmt.Sprintf("%s.s%d", dp, k)
			if v.Get(sp+".format") == "" { // a new stage plays the sport's default, and a custom match starts from it
				v.Set(sp+".format", sport.DefaultFormat().ID)
			}
			if v.Get(sp+".numPoints") == "" && v.Get(sp+".numSets") == "" {
				v.Set(sp+".numPoints", strconv.Itoa(def.NumPoints))
				v.Set(sp+".numSets", strconv.Itoa(def.NumSets))
				if def.TwoAhead {
					v.Set(sp+".twoAhead", "on")
				}
				if def.QuickEntry {
					v.Set(sp+".quickEntry", "on")
				}
			}
			s := templates.SetupStageForm{Index: k, Name: field(sp + ".name"), Mode: field(sp + ".mode"), Groups: field(sp + ".groups"),
				Qualify: field(sp + ".qualify"), Rounds: field(sp + ".rounds"), Lives: field(sp + ".lives"),
				PointsWin: field(sp + ".pointsWin"), PointsDraw: field(sp + ".pointsDraw"), PointsBye: field(sp + ".pointsBye"),
				TieBreaks: field(sp + ".tieBreaks"), Encounters: field(sp + ".encounters"), ConfigName: field(sp + ".configName"),
				NumPoints: field(sp + ".numPoints"), NumSets: field(sp + ".numSets"), Format: field(sp + ".format"),
				ThirdPlace: check(sp + ".thirdPlace"), DoubleRoundRobin: check(sp + ".doubleRoundRobin"), DirectorDraws: check(sp + ".directorDraws"),
				TwoAhead: check(sp + ".twoAhead"), Draw: check(sp + ".draw"), QuickEntry: check(sp + ".quickEntry")}
			for _, more := range []string{".thirdPlace", ".directorDraws", ".doubleRoundRobin", ".pointsWin", ".pointsDraw", ".pointsBye", ".tieBreaks", ".encounters"} {
				s.MoreOpen = s.MoreOpen || errs[sp+more] != "" || v.Get(sp+more) != ""
			}
			if ns > 1 {
				s.RemoveAction = fmt.Sprintf("remove-stage:%d:%d", i, k)
			}
			d.Stages = append(d.Stages, s)
		}
		p.Disciplines = append(p.Disciplines, d)
	}
}

// SetupSchema serves the JSON Schema of a setup file.
func SetupSchema(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/schema+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(tournament.SetupSchema) // the client went away: nothing to tell it
}

// ensure the store satisfies the interface the handlers declare.
var _ SetupStore = (*cache.Store)(nil)

// problemLinks lists the form's problems in the order of its fields, each
// saying where it is in the page's words ("Discipline 1 · Stage 2 ·
// Rounds") and linking to its field.
func problemLinks(ctx context.Context, v url.Values, errs map[string]string) []templates.ProblemLink {
	T := func(s string) string { return templates.T(ctx, s) }
	var out []templates.ProblemLink
	done := map[string]bool{}
	add := func(key, where string) {
		if msg, ok := errs[key]; ok && !done[key] {
			done[key] = true
			out = append(out, templates.ProblemLink{Href: "#" + key, Where: where, Message: msg})
		}
	}
	for _, k := range []string{"name", "description", "timeZone", "start", "end", "courts", "public", "autoCall", "checkIn"} {
		add(k, T(fieldLabels[k]))
	}
	for i := range count(v, "disciplines") {
		dp, dw := fmt.Sprintf("d%d.", i), templates.Tf(ctx, "Discipline %d", i+1)
		for _, k := range []string{"name", "shortName", "entryType", "entries"} {
			add(dp+k, dw+" · "+T(fieldLabels[k]))
		}
		for n := range count(v, fmt.Sprintf("d%d.stages", i)) {
			sp, sw := fmt.Sprintf("%ss%d.", dp, n), dw+" · "+templates.Tf(ctx, "Stage %d", n+1)
			for _, k := range stageFieldOrder {
				add(sp+k, sw+" · "+T(fieldLabels[k]))
			}
		}
	}
	keys := make([]string, 0, len(errs))
	for k := range errs {
		if !done[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys { // a field the lists above do not know yet
		add(k, k)
	}
	return out
}

// stageFieldOrder is the order of a stage's fields in the form.
var stageFieldOrder = []string{"name", "mode", "groups", "qualify", "rounds", "lives", "format", "numPoints", "numSets", "twoAhead", "draw", "quickEntry",
	"configName", "thirdPlace", "directorDraws", "doubleRoundRobin", "pointsWin", "pointsDraw", "pointsBye", "tieBreaks", "encounters"}

// fieldLabels are the setup form's labels by field (the last part of its
// name), as the form writes them: catalog keys.
var fieldLabels = map[string]string{
	"name": "Name", "description": "Description", "timeZone": "Time zone of the venue", "start": "Start (local time at the venue)",
	"end": "End (local time, optional)", "courts": "Courts", "public": "Public", "autoCall": "Call matches by themselves", "checkIn": "Check-in",
	"shortName": "Short name", "entryType": "Who enters", "entries": "Entries", "mode": "Mode", "groups": "Groups", "qualify": "Qualify",
	"rounds": "Rounds", "lives": "Lives", "format": "Match format", "numPoints": "Points to win a set", "numSets": "Sets to win",
	"twoAhead": "Two ahead", "draw": "Draws", "quickEntry": "Quick entry", "configName": "Name of this configuration (optional)",
	"thirdPlace": "Match for third place", "directorDraws": "The director publishes the draw", "doubleRoundRobin": "Double round robin",
	"pointsWin": "Points for a win", "pointsDraw": "for a draw", "pointsBye": "for a bye", "tieBreaks": "Tie-breaks", "encounters": "League encounters",
}
