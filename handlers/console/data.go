package console

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// DataStore is what the console needs to hand an organizer its data: a
// tournament's export and results, its deletion, the import of an export,
// the organizer's backup and its API tokens.
type DataStore interface {
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Export(ctx context.Context, id string) (*cache.Export, error)
	Import(ctx context.Context, org tournament.Organizer, x *cache.Export) (string, error)
	DeleteTournament(ctx context.Context, id string) error
	Backup(ctx context.Context, w io.Writer, organizerID string) (cache.BackupInfo, error)
	CreateToken(ctx context.Context, organizerID, name string) (string, record.Key, error)
	Keys(ctx context.Context) ([]record.Key, error)
	RevokeKey(ctx context.Context, id string) error
}

// OrganizerData serves what an organizer takes home or brings along: a
// tournament's export (the file tournaments import reads) and results as
// CSV, its deletion, the import of an export, the organizer's own backup,
// and its API tokens (the "Settings, API" the sign-in page names). Every
// route is the full login's: a helper's is refused, another organizer's
// tournament is not found.
type OrganizerData struct {
	Admin *Admin
	Store DataStore
}

// dataPage is a tournament's Export and delete page.
func (d *OrganizerData) dataPage(r *http.Request, snap *tournament.Snapshot) (templates.TournamentDataPage, error) {
	org, err := d.Store.Organizer(r.Context(), snap.Tournament.OrganizerID)
	if err != nil {
		return templates.TournamentDataPage{}, err
	}
	base := "/admin/t/" + snap.Tournament.ID
	p := templates.TournamentDataPage{Page: d.Admin.Layout(r, templates.T(r.Context(), "Export and delete")), Organizer: org.Name,
		Tournament: snap.Tournament.Name, ConsoleHref: base, ExportHref: base + "/export.json", ResultsHref: base + "/results.csv",
		DeleteAction: base + "/delete", Matches: len(snap.Matches), Confirm: templates.Field{Name: "name", ID: "confirm-name"}}
	if !snap.Started() {
		p.ConsoleHref = base + "/setup"
	}
	for _, m := range snap.Matches {
		if m.State == tournament.MatchPlayed {
			p.Played++
		}
	}
	return p, nil
}

// Data shows a tournament's export downloads and its delete form.
func (d *OrganizerData) Data(w http.ResponseWriter, r *http.Request) error {
	snap, err := d.Admin.Own(r)
	if err != nil {
		return err
	}
	p, err := d.dataPage(r, snap)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.TournamentData(p))
}

// Export sends the tournament's export file: what courtside tournaments
// import and the console's import read.
func (d *OrganizerData) Export(w http.ResponseWriter, r *http.Request) error {
	snap, err := d.Admin.Own(r)
	if err != nil {
		return err
	}
	x, err := d.Store.Export(r.Context(), snap.Tournament.ID)
	if err != nil {
		return reply.NotFoundAs(err, "tournament")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(x); err != nil {
		return err
	}
	return download(w, "application/json", fileName(snap.Tournament.Name, ".json"), buf.Bytes())
}

// Results sends the tournament's matches and results as CSV, a row a match.
func (d *OrganizerData) Results(w http.ResponseWriter, r *http.Request) error {
	snap, err := d.Admin.Own(r)
	if err != nil {
		return err
	}
	return download(w, "text/csv; charset=utf-8", fileName(snap.Tournament.Name, "-results.csv"), ResultsCSV(snap))
}

// ResultsCSV is a tournament's matches as CSV, in the order of their
// disciplines, stages, groups and rounds: where, who, the score in matches
// or sets won, every set, the winner. Every cell, headers too, is kept from
// being read as a formula by a spreadsheet.
func ResultsCSV(snap *tournament.Snapshot) []byte {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	write := func(cells ...string) {
		for i, c := range cells {
			cells[i] = views.CSVSafe(c)
		}
		_ = cw.Write(cells) // into a buffer: cannot fail
	}
	write("discipline", "stage", "group", "round", "match", "state", "court", "side 1", "side 2", "score 1", "score 2", "sets", "winner", "forfeit", "start", "end")
	type row struct {
		keys []int
		m    *tournament.Match
	}
	var rows []row
	order := map[string]int{}
	for di, d := range snap.Tournament.Disciplines {
		order[d.ID] = di
		for si, st := range d.Stages {
			order[st.ID] = si
			for gi, g := range st.Groups {
				order[g.ID] = gi
				for ri, rd := range g.Rounds {
					order[g.ID+"/"+rd.ID] = ri
				}
			}
		}
	}
	for _, m := range snap.Matches {
		rows = append(rows, row{[]int{order[m.DisciplineID], order[m.StageID], order[m.GroupID], order[m.GroupID+"/"+m.RoundID], m.Seq}, m})
	}
	slices.SortStableFunc(rows, func(a, b row) int { return slices.Compare(a.keys, b.keys) })
	for _, rw := range rows {
		m := rw.m
		var disc, stage, group, round string
		if d, ok := snap.Discipline(m.DisciplineID); ok {
			disc = d.Name
		}
		if st, ok := snap.Stage(m.StageID); ok {
			stage = st.Name
		}
		if g, ok := snap.Group(m.GroupID); ok {
			group = g.Name
			for _, rd := range g.Rounds {
				if rd.ID == m.RoundID {
					round = rd.Name
				}
			}
		}
		var courts []string
		for _, id := range m.CourtIDs {
			if c, ok := snap.Court(id); ok {
				courts = append(courts, c.Name)
			}
		}
		side := func(i int) string {
			if m.Entries[i] == nil {
				return ""
			}
			return m.Entries[i].Name
		}
		var score1, score2, sets, winner string
		if len(m.Encounters) > 0 {
			s := snap.DisplayScore(m)
			score1, score2 = strconv.Itoa(s[0]), strconv.Itoa(s[1])
			var encs []string
			for _, e := range m.Encounters {
				var ss []string
				for _, set := range e {
					ss = append(ss, fmt.Sprintf("%d:%d", set[0], set[1]))
				}
				encs = append(encs, strings.Join(ss, " "))
			}
			sets = strings.Join(encs, " | ")
		}
		if m.State == tournament.MatchPlayed {
			if wi := m.Winner(); wi == 0 || wi == 1 {
				winner = side(wi)
			}
		}
		write(disc, stage, group, round, strconv.Itoa(m.Seq+1), string(m.State), strings.Join(courts, ", "), side(0), side(1),
			score1, score2, sets, winner, m.Forfeit, timeCell(m.StartTime), timeCell(m.EndTime))
	}
	cw.Flush()
	return buf.Bytes()
}

func timeCell(t tournament.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Delete deletes the tournament once its name is typed: a wrong or missing
// name deletes nothing and says so beside the field.
func (d *OrganizerData) Delete(w http.ResponseWriter, r *http.Request) error {
	snap, err := d.Admin.Own(r)
	if err != nil {
		return err
	}
	p, err := d.dataPage(r, snap)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	_ = r.ParseForm() // a form too long is a name that does not match
	p.Confirm.Value = r.PostFormValue("name")
	if !sameName(p.Confirm.Value, snap.Tournament.Name) {
		p.Confirm.Error = templates.Tf(r.Context(), "Type the name as it is written, %s, to delete the tournament.", snap.Tournament.Name)
		if strings.TrimSpace(p.Confirm.Value) == "" {
			p.Confirm.Error = templates.Tf(r.Context(), "Type %s to delete the tournament: nothing is deleted on one tap.", snap.Tournament.Name)
		}
		w.Header().Set("Cache-Control", "no-store")
		return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.TournamentData(p))
	}
	if err := d.Store.DeleteTournament(r.Context(), snap.Tournament.ID); err != nil {
		return reply.NotFoundAs(err, "tournament")
	}
	http.Redirect(w, r, "/admin", http.StatusSeeOther)
	return nil
}

// sameName says whether what was typed names the tournament: its spaces at
// the ends and the case of its letters aside.
func sameName(typed, name string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(typed), " "), strings.Join(strings.Fields(name), " "))
}

// settingsPage is the organizer's Settings page, with its tokens.
func (d *OrganizerData) settingsPage(r *http.Request) (templates.SettingsPage, error) {
	ctx := r.Context()
	k := reply.Caller(ctx)
	org, err := d.Store.Organizer(ctx, k.OrganizerID)
	if err != nil {
		return templates.SettingsPage{}, err
	}
	p := templates.SettingsPage{Page: d.Admin.Layout(r, templates.T(ctx, "Settings, API and backups")), Organizer: org.Name,
		TokenName: templates.Field{Name: "name", ID: "token-name"}, ImportFile: templates.Field{Name: "file", ID: "import-file"},
		BackupHref: "/admin/settings/backup"}
	tokens, err := d.tokens(ctx)
	if err != nil {
		return p, err
	}
	for _, t := range tokens {
		p.Tokens = append(p.Tokens, templates.APIToken{ID: t.ID, Name: t.Name, Created: templates.VenueZone("").Date(ctx, t.CreatedAt), ThisLogin: t.ID == k.ID})
	}
	return p, nil
}

// tokens are the signed-in organizer's API tokens that work, newest first:
// not the helpers' logins (Logins has those), not the revoked.
func (d *OrganizerData) tokens(ctx context.Context) ([]record.Key, error) {
	all, err := d.Store.Keys(ctx)
	if err != nil {
		return nil, err
	}
	org := reply.Caller(ctx).OrganizerID
	return slices.DeleteFunc(all, func(k record.Key) bool {
		return k.Kind != record.KindToken || k.OrganizerID != org || k.Helper || k.Revoked
	}), nil
}

// Settings shows the organizer's API tokens, its backup and the import.
func (d *OrganizerData) Settings(w http.ResponseWriter, r *http.Request) error {
	p, err := d.settingsPage(r)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.Settings(p))
}

// CreateToken makes an API token of the signed-in organizer and shows its
// secret, this once.
func (d *OrganizerData) CreateToken(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	formErr := r.ParseForm()
	p, err := d.settingsPage(r)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	p.TokenName.Value = name
	switch {
	case formErr != nil:
		p.TokenName.Error = templates.T(ctx, "The form was too long; type the name again.")
	case name == "":
		p.TokenName.Error = templates.T(ctx, "Give the token a name: what it is for, such as Scoreboard app.")
	case utf8.RuneCountInString(name) > tournament.MaxAccountNameLength:
		p.TokenName.Error = templates.Tf(ctx, "At most %d characters.", tournament.MaxAccountNameLength)
	}
	w.Header().Set("Cache-Control", "no-store")
	if p.TokenName.Error != "" {
		return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.Settings(p))
	}
	secret, k, err := d.Store.CreateToken(ctx, reply.Caller(ctx).OrganizerID, name)
	if err != nil {
		return err
	}
	p, err = d.settingsPage(r)
	if err != nil {
		return err
	}
	p.Secret, p.SecretName = secret, k.Name
	return reply.HTML(w, r, templates.Settings(p))
}

// RevokeToken revokes one of the organizer's API tokens, after asking: its
// programs stop at once and the sign-ins made with it end (this browser's too,
// when it signed in with it). Another organizer's token, or a helper's login,
// is not found here.
func (d *OrganizerData) RevokeToken(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	tokens, err := d.tokens(ctx)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(tokens, func(k record.Key) bool { return k.ID == r.PathValue("keyId") })
	if i < 0 {
		return reply.NotFound("token")
	}
	k := tokens[i]
	if !Confirmed(r) {
		q := templates.Tf(ctx, "Revoke the token %s? Programs using it stop at once.", k.Name)
		if k.ID == reply.Caller(ctx).ID {
			q = templates.Tf(ctx, "Revoke the token %s? Programs using it stop at once, and this browser is signed out.", k.Name)
		}
		return d.Admin.AskFirst(w, r, q, templates.T(ctx, "Revoke"), "/admin/settings")
	}
	if err := d.Store.RevokeKey(ctx, k.ID); err != nil {
		return reply.NotFoundAs(err, "token")
	}
	http.Redirect(w, r, "/admin/settings", http.StatusSeeOther)
	return nil
}

// Backup sends a backup of the signed-in organizer's data: its organizer,
// tournaments, rankings and API tokens, never another organizer's. A backup
// of the whole server is the operator's (courtside backup, DIR/backups).
func (d *OrganizerData) Backup(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	k := reply.Caller(ctx)
	org, err := d.Store.Organizer(ctx, k.OrganizerID)
	if err != nil {
		return err
	}
	var buf bytes.Buffer // whole before the first byte goes: a failure is an error page, not half a file
	if _, err := d.Store.Backup(ctx, &buf, k.OrganizerID); err != nil {
		return err
	}
	name := "courtside-" + org.Slug + "-" + time.Now().UTC().Format("20060102-1504") + ".backup.gz"
	return download(w, "application/gzip", name, buf.Bytes())
}

// Import makes a tournament of an uploaded export, under the signed-in
// organizer whatever the file says; every problem of the file is listed
// with its JSON path, and nothing is made unless all of it is.
func (d *OrganizerData) Import(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	p, err := d.settingsPage(r)
	if err != nil {
		return err
	}
	fail := func(status int, msg string, problems ...string) error {
		p.ImportFile.Error, p.ImportProblems = msg, problems
		w.Header().Set("Cache-Control", "no-store")
		return reply.HTMLStatus(w, r, status, templates.Settings(p))
	}
	r.Body = http.MaxBytesReader(w, r.Body, tournament.MaxImportFileBytes+64<<10)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return fail(http.StatusRequestEntityTooLarge, templates.Tf(ctx, "The file is larger than %d MB (limit %q).", tournament.MaxImportFileBytes>>20, "import file size"))
		}
		return fail(http.StatusBadRequest, templates.T(ctx, "Choose the export file of a tournament (JSON)."))
	}
	f, _, err := r.FormFile("file")
	if err != nil {
		return fail(http.StatusUnprocessableEntity, templates.T(ctx, "Choose the export file of a tournament (JSON)."))
	}
	defer func() { _ = f.Close() }() // read only
	raw, err := io.ReadAll(io.LimitReader(f, tournament.MaxImportFileBytes+1))
	if err != nil {
		return err
	}
	x, err := cache.ParseExport(raw)
	if err != nil {
		var ps tournament.Problems
		if errors.As(err, &ps) {
			lines := make([]string, 0, len(ps))
			for _, pr := range ps {
				lines = append(lines, pr.Path+": "+templates.Reason(ctx, pr.Format, pr.Args...))
			}
			return fail(http.StatusUnprocessableEntity, templates.T(ctx, "This file cannot be imported; nothing was made:"), lines...)
		}
		return fail(http.StatusUnprocessableEntity, templates.T(ctx, "This is not the export of a tournament (JSON); nothing was made."))
	}
	org, err := d.Store.Organizer(ctx, reply.Caller(ctx).OrganizerID)
	if err != nil {
		return err
	}
	id, err := d.Store.Import(ctx, org, x)
	if errors.Is(err, cache.ErrExists) {
		return fail(http.StatusConflict, templates.Tf(ctx, "%s is here already (the same tournament, by its id): delete it first to import it again.", x.Tournament.Name))
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/t/"+id, http.StatusSeeOther)
	return nil
}

// download sends a file to be saved, not shown, and never cached.
func download(w http.ResponseWriter, contentType, name string, body []byte) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	_, err := w.Write(body)
	return err
}

// fileName makes a file name of a tournament's name: "Kicker Cup 2026" is
// kicker-cup-2026.json.
func fileName(name, suffix string) string {
	s := Slugify(name)
	if s == "" {
		s = "tournament"
	}
	return s + suffix
}
