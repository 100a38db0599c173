package console

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"courtside/handlers/reply"
	"courtside/templates"
	"courtside/tournament"
)

// Entries shows the entries: check-in before the start (tick who is present,
// add entries, remove no-shows), withdrawals and late entries after it.
func (s *Setups) Entries(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.ownSetup(r)
	if err != nil {
		return err
	}
	page, err := s.entriesPage(r, snap)
	if err != nil {
		return err
	}
	ctx, q := r.Context(), r.URL.Query()
	page.Flash = map[string]string{"checkin": templates.T(ctx, "Saved who is present."), "added": templates.T(ctx, "Added."),
		"removed": templates.T(ctx, "Removed the no-shows.")}[q.Get("done")]
	// A withdrawal, or its undo, names whom it was about (the entry as the
	// tournament has it, never a name from the address).
	d, e := q.Get("discipline"), snap.Entries[q.Get("entry")]
	switch q.Get("done") {
	case "withdrawn", "withdrawn-player":
		if e == nil {
			break
		}
		page.Flash = templates.Tf(ctx, "Withdrawn: %s. Their remaining matches are walkovers.", e.Name)
		if q.Get("done") == "withdrawn-player" {
			page.Flash = templates.Tf(ctx, "Withdrawn: %s. The round is drawn again without them, or their match is void.", e.Name)
		}
		if _, err := snap.Reinstate(d, e.ID, s.Now()); err == nil {
			page.Undo = &templates.EntryRef{Discipline: d, Entry: e.ID}
		}
	case "reinstated":
		if e != nil {
			page.Flash = templates.Tf(ctx, "%s plays on: the matches the withdrawal ended are open again.", e.Name)
		}
	}
	return reply.HTML(w, r, templates.Entries(page))
}

// folded is a name as a search compares it: lower case, without accents.
func folded(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (s *Setups) entriesPage(r *http.Request, snap *tournament.Snapshot) (templates.EntriesPage, error) {
	org, err := s.Setups.Organizer(r.Context(), snap.Tournament.OrganizerID)
	if err != nil {
		return templates.EntriesPage{}, err
	}
	t := snap.Tournament
	base := "/admin/t/" + t.ID
	page := templates.EntriesPage{Page: s.Layout(r, t.Name), Organizer: org.Name, Tournament: t.Name, Base: base,
		Started: snap.Started(), CheckIn: t.CheckIn, ConsoleHref: base + "/setup", Query: strings.TrimSpace(r.URL.Query().Get("q"))}
	query := folded(page.Query)
	if page.Started {
		page.ConsoleHref = base
	} else {
		page.Manage = manage(snap)
	}
	for _, d := range t.Disciplines {
		ed := templates.EntriesDiscipline{ID: d.ID, Name: d.Name, Short: d.ShortName, NoShows: len(d.NoShows()),
			Add: templates.Field{Name: "name", ID: "add-" + d.ShortName}, LateEntries: page.Started && lateEntriesOpen(d)}
		for _, id := range d.EntryIDs {
			if e, ok := snap.Entries[id]; ok {
				// Rows the search leaves out stay in the page, hidden: their
				// check-in ticks go with the form.
				row := templates.EntryRow{ID: id, Name: e.Name, Present: slices.Contains(d.CheckedIn, id), Withdrawn: slices.Contains(d.Withdrawn, id),
					Hidden: !strings.Contains(folded(e.Name), query)}
				if row.Withdrawn {
					_, err := snap.Reinstate(d.ID, id, s.Now())
					row.Reinstate = err == nil
				}
				if !row.Hidden {
					page.Found++
				}
				ed.Entries = append(ed.Entries, row)
			}
		}
		page.Disciplines = append(page.Disciplines, ed)
	}
	return page, nil
}

// lateEntriesOpen reports whether the discipline's current stage pairs round by round.
func lateEntriesOpen(d tournament.Discipline) bool {
	for _, st := range d.Stages {
		if st.State == tournament.PhaseFinished {
			continue
		}
		if len(st.Groups) == 0 {
			return false
		}
		m := st.Groups[0].Mode // the groups the engine's AddLateEntry takes
		return m.Rules().Making == tournament.Paired && !m.HasLives()
	}
	return false
}

// CheckIn saves who of a discipline is present.
func (s *Setups) CheckIn(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return reply.BadInput(r.Context(), "The form does not read.")
	}
	// One form holds every discipline's ticks: a Save anywhere keeps them
	// all, and "All present" ticks its own discipline's every entry.
	present := r.PostForm["present"]
	return s.entriesWrite(w, r, "checkin", "", func(snap *tournament.Snapshot, _ string) (*tournament.Change, error) {
		if all, ok := snap.Discipline(r.PostFormValue("all")); ok {
			present = append(slices.Clip(present), all.EntryIDs...)
		}
		return snap.SetCheckedInAll(r.PostForm["discipline"], present, s.Now())
	})
}

// AddEntries adds entries before the start (a late registration at the
// check-in desk, one a line), or one late entry after it.
func (s *Setups) AddEntries(w http.ResponseWriter, r *http.Request) error {
	name := r.FormValue("name")
	return s.entriesWrite(w, r, "added", name, func(snap *tournament.Snapshot, d string) (*tournament.Change, error) {
		if !snap.Started() {
			dd, _ := snap.Discipline(d)
			var add []tournament.SetupEntry
			for _, l := range lines(name) {
				add = append(add, tournament.EntryLine(dd.EntryType, l))
			}
			if len(add) == 0 {
				return nil, tournament.Refuse("Type a name.")
			}
			return snap.AddEntries(d, add, s.Now())
		}
		e, err := snap.LateEntry(d, name)
		if err != nil {
			return nil, err
		}
		return snap.AddLateEntry(d, e, s.Now())
	})
}

// RemoveNoShows removes the entries of a discipline that have not checked in.
func (s *Setups) RemoveNoShows(w http.ResponseWriter, r *http.Request) error {
	if !Confirmed(r) {
		snap, err := s.ownSetup(r)
		if err != nil {
			return err
		}
		d, ok := snap.Discipline(r.PostFormValue("discipline"))
		if !ok {
			return reply.BadRequest("no such discipline")
		}
		n := len(d.NoShows())
		return s.AskFirst(w, r, templates.Tf(r.Context(), "Remove the %d entries that have not checked in?", n),
			templates.Tf(r.Context(), "Remove the %d no-shows", n), "/admin/t/"+snap.Tournament.ID+"/entries", "discipline")
	}
	return s.entriesWrite(w, r, "removed", "", func(snap *tournament.Snapshot, d string) (*tournament.Change, error) {
		dd, _ := snap.Discipline(d)
		return snap.RemoveEntries(d, dd.NoShows(), s.Now())
	})
}

// Withdraw takes an entry out of a running discipline.
func (s *Setups) Withdraw(w http.ResponseWriter, r *http.Request) error {
	entry := r.FormValue("entry")
	if !Confirmed(r) {
		snap, err := s.ownSetup(r)
		if err != nil {
			return err
		}
		e, ok := snap.Entries[entry]
		if !ok {
			return reply.BadRequest("no such entry")
		}
		ask := templates.Tf(r.Context(), "%s withdraws: their remaining matches are lost by walkover. Go on?", e.Name)
		if teamsDrawn(snap, r.FormValue("discipline")) {
			ask = templates.Tf(r.Context(), "%s withdraws: the round is drawn again without them while nobody has scored in it, else their match is void; no partner loses for it. Go on?", e.Name)
		}
		return s.AskFirst(w, r, ask, templates.T(r.Context(), "Withdraw"), "/admin/t/"+snap.Tournament.ID+"/entries", "discipline", "entry")
	}
	done := "withdrawn"
	if snap, err := s.ownSetup(r); err == nil && teamsDrawn(snap, r.FormValue("discipline")) {
		done = "withdrawn-player"
	}
	return s.entriesWrite(w, r, done, "", func(snap *tournament.Snapshot, d string) (*tournament.Change, error) {
		return snap.Withdraw(d, entry, s.Now())
	})
}

// Reinstate takes a withdrawal back while nothing has been played because
// of it: the matches it ended are open again (the undo of Withdraw).
func (s *Setups) Reinstate(w http.ResponseWriter, r *http.Request) error {
	entry := r.FormValue("entry")
	return s.entriesWrite(w, r, "reinstated", "", func(snap *tournament.Snapshot, d string) (*tournament.Change, error) {
		return snap.Reinstate(d, entry, s.Now())
	})
}

// teamsDrawn reports whether the discipline is playing a stage that teams
// its players anew each round (monster_dyp, whist), where a withdrawal gives
// no walkovers.
func teamsDrawn(snap *tournament.Snapshot, disciplineID string) bool {
	d, ok := snap.Discipline(disciplineID)
	if !ok {
		return false
	}
	for _, st := range d.Stages {
		for _, g := range st.Groups {
			if g.State != tournament.PhaseFinished && len(g.Rounds) > 0 && g.Mode.Rules().TeamsPlayers(d.EntryType) {
				return true
			}
		}
	}
	return false
}

// entriesWrite applies an entry change to the discipline the form names; a
// refusal shows the page again with the reason in that discipline and what was typed.
func (s *Setups) entriesWrite(w http.ResponseWriter, r *http.Request, done, typed string, compute func(*tournament.Snapshot, string) (*tournament.Change, error)) error {
	snap, err := s.ownSetup(r)
	if err != nil {
		return err
	}
	d := r.FormValue("discipline")
	if _, ok := snap.Discipline(d); !ok {
		return reply.BadRequest("no such discipline")
	}
	_, _, err = s.Setups.Write(r.Context(), snap, func(snap *tournament.Snapshot) (*tournament.Change, error) { return compute(snap, d) })
	var rule *tournament.RuleError
	var ps tournament.Problems
	if errors.As(err, &rule) || errors.As(err, &ps) {
		msg := reply.Refusal(r.Context(), err)
		if errors.As(err, &ps) {
			msg = templates.Reason(r.Context(), ps[0].Format, ps[0].Args...)
			if i := strings.Index(ps[0].Path, ".entries["); i >= 0 {
				msg = strings.TrimSpace(typed) + ": " + msg
			}
		}
		if snap, err = s.ownSetup(r); err != nil {
			return err
		}
		page, err := s.entriesPage(r, snap)
		if err != nil {
			return err
		}
		for i := range page.Disciplines {
			switch {
			case page.Disciplines[i].ID != d:
			case typed != "":
				page.Disciplines[i].Add.Value, page.Disciplines[i].Add.Error = typed, msg
			default:
				page.Disciplines[i].Error = msg
			}
		}
		return reply.HTMLStatus(w, r, http.StatusConflict, templates.Entries(page))
	}
	if err != nil {
		return err
	}
	to := url.Values{"done": {done}}
	if entry := r.FormValue("entry"); entry != "" { // the page names whom it was about
		to.Set("discipline", d)
		to.Set("entry", entry)
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/entries?"+to.Encode(), http.StatusSeeOther)
	return nil
}
