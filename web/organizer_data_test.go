package web

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/record"
	"courtside/tournament"
)

// upload posts a file as the console's import form does.
func (o *organizer) upload(path string, file []byte) *httptest.ResponseRecorder {
	o.f.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "export.json")
	if err != nil {
		o.f.t.Fatal(err)
	}
	_, _ = fw.Write(file)
	_ = mw.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if o.cookie != nil {
		req.AddCookie(o.cookie)
	}
	rec := httptest.NewRecorder()
	o.f.handler.ServeHTTP(rec, req)
	return rec
}

// kickerTournament is one of Kickerclub Hamburg's demo tournaments.
func (f *fixture) kickerTournament() *tournament.Tournament {
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.OrganizerID == f.org("kickerclub-hamburg").ID && len(dt.Matches) > 0 {
			return dt.Tournament
		}
	}
	f.t.Fatal("Kickerclub Hamburg has no tournament with matches")
	return nil
}

// TestOrganizerDataIsTheOrganizersAlone: another organizer, a helper's
// results-only login, a public key and an anonymous visitor download no
// export, results, or backup of Kickerclub Hamburg, delete nothing, and
// make or revoke no token of it; afterwards everything is as it was.
func TestOrganizerDataIsTheOrganizersAlone(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	kicker := f.org("kickerclub-hamburg")
	tr := f.kickerTournament()
	helperSecret := "cst_results_only_helper_of_the_test"
	if _, err := f.store.PutKeyWithSecret(ctx, record.Key{Kind: record.KindToken, OrganizerID: kicker.ID, Sport: kicker.Sport, Name: "Desk 2", Role: record.RoleResults, Helper: true}, helperSecret); err != nil {
		t.Fatal(err)
	}
	owner, err := f.store.Authenticate(ctx, f.token)
	if err != nil {
		t.Fatal(err)
	}
	boule, rec := f.signIn(f.bouleToken)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("boule sign-in %d", rec.Code)
	}
	helper, rec := f.signIn(helperSecret)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("helper sign-in %d", rec.Code)
	}
	anonymous := &organizer{f: f}
	base := "/admin/t/" + tr.ID
	type call struct {
		method, path string
		form         url.Values
	}
	tournamentCalls := []call{
		{http.MethodGet, base + "/data", nil},
		{http.MethodGet, base + "/export.json", nil},
		{http.MethodGet, base + "/results.csv", nil},
		{http.MethodPost, base + "/delete", url.Values{"name": {tr.Name}}},
	}
	settingsCalls := []call{
		{http.MethodGet, "/admin/settings", nil},
		{http.MethodPost, "/admin/settings/tokens", url.Values{"name": {"Sneaky"}}},
		{http.MethodPost, "/admin/settings/tokens/" + owner.ID + "/revoke", url.Values{"confirmed": {"yes"}}},
		{http.MethodGet, "/admin/settings/backup", nil},
		{http.MethodPost, "/admin/settings/import", url.Values{}},
	}
	for _, c := range append(tournamentCalls, settingsCalls...) {
		for name, who := range map[string]*organizer{"a helper": helper, "an anonymous visitor": anonymous} {
			rec := who.do(c.method, c.path, c.form)
			want := http.StatusForbidden
			if who == anonymous {
				want = http.StatusSeeOther
			}
			if rec.Code != want || want == http.StatusSeeOther && !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login") {
				t.Errorf("%s: %s %s: %d to %q, want %d", name, c.method, c.path, rec.Code, rec.Header().Get("Location"), want)
			}
			if body := rec.Body.String(); strings.Contains(body, tr.Name) || strings.Contains(body, "courtside-tournament/1") || strings.Contains(body, "discipline,stage") {
				t.Errorf("%s: %s answers with the tournament", name, c.path)
			}
		}
		// A public key is no console login: the console sends it to the sign-in.
		rec := anonymous.do(c.method, c.path, c.form, "Authorization", "Bearer "+f.publicKicker)
		if rec.Code != http.StatusSeeOther {
			t.Errorf("a public key: %s %s: %d", c.method, c.path, rec.Code)
		}
		rec = anonymous.do(c.method, c.path, c.form, "Authorization", "Bearer "+f.token)
		if rec.Code != http.StatusSeeOther {
			t.Errorf("the owner's token as a header, not a sign-in: %s %s: %d", c.method, c.path, rec.Code)
		}
	}
	for _, c := range tournamentCalls {
		if rec := boule.do(c.method, c.path, c.form); rec.Code != http.StatusNotFound {
			t.Errorf("another organizer: %s %s: %d", c.method, c.path, rec.Code)
		}
	}
	if rec := boule.do(http.MethodPost, "/admin/settings/tokens/"+owner.ID+"/revoke", url.Values{"confirmed": {"yes"}}); rec.Code != http.StatusNotFound {
		t.Errorf("another organizer revokes Kickerclub Hamburg's token: %d", rec.Code)
	}
	page := boule.do(http.MethodGet, "/admin/settings", nil)
	if page.Code != http.StatusOK || strings.Contains(page.Body.String(), "Announcer") {
		t.Errorf("another organizer's settings list Kickerclub Hamburg's token: %d", page.Code)
	}
	rec = boule.do(http.MethodGet, "/admin/settings/backup", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("boule's own backup: %d", rec.Code)
	}
	var keys []string
	info, err := cache.ReadBackup(bytes.NewReader(rec.Body.Bytes()), func(k cache.BackupKey) error {
		keys = append(keys, k.Key+" "+strings.Join(k.Vals, " "))
		return nil
	})
	if err != nil || info.Header.Organizer != f.org("boule-lyonnaise").ID {
		t.Fatalf("boule's backup: %v %+v", err, info.Header)
	}
	all := strings.Join(keys, "\n")
	for _, leak := range []string{kicker.ID, tr.ID, cache.Hash(f.token), kicker.Slug} {
		if strings.Contains(all, leak) {
			t.Errorf("another organizer's backup holds %q of Kickerclub Hamburg", leak)
		}
	}

	// Nothing changed.
	if _, err := f.store.Snapshot(ctx, tr.ID); err != nil {
		t.Errorf("the tournament after the attempts: %v", err)
	}
	if k, err := f.store.Authenticate(ctx, f.token); err != nil || k.Revoked {
		t.Errorf("the owner's token after the attempts: %v", err)
	}
	ks, _ := f.store.Keys(ctx)
	for _, k := range ks {
		if k.Name == "Sneaky" {
			t.Errorf("a token was made by %s", k.OrganizerID)
		}
	}
}

// TestConsoleExportImportDeleteAndTokens walks what the organizer does: the
// export and the results, a delete that asks for the name, the import of
// the export (every API answer as before), a token made, used and revoked,
// and its own backup.
func TestConsoleExportImportDeleteAndTokens(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tr := f.kickerTournament()
	o, _ := f.signIn(f.token)
	base := "/admin/t/" + tr.ID
	apiBefore := f.get("/v1/public/tournaments/"+tr.ID+"/courts?includeMatchDetails=true", f.token).Body.String()

	rec := o.do(http.MethodGet, base+"/export.json", nil)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
	export := rec.Body.Bytes()
	if x, err := cache.ParseExport(export); err != nil || x.Tournament.ID != tr.ID {
		t.Fatalf("the export does not read as an import file: %v", err)
	}
	rec = o.do(http.MethodGet, base+"/results.csv", nil)
	rows, err := csv.NewReader(rec.Body).ReadAll()
	snap, _ := f.store.Snapshot(ctx, tr.ID)
	if err != nil || len(rows) != len(snap.Matches)+1 {
		t.Errorf("results: %d rows for %d matches: %v", len(rows), len(snap.Matches), err)
	}

	for _, typed := range []string{"", "Something else"} {
		rec = o.do(http.MethodPost, base+"/delete", url.Values{"name": {typed}})
		doc := o.doc(rec)
		if rec.Code != http.StatusUnprocessableEntity || doc.Find(`#confirm-name-error`).Length() != 1 || doc.Find(`[data-testid="error-summary"] a[href="#confirm-name"]`).Length() != 1 {
			t.Errorf("delete with %q typed: %d", typed, rec.Code)
		}
		if _, err := f.store.Snapshot(ctx, tr.ID); err != nil {
			t.Fatalf("delete with %q typed deleted: %v", typed, err)
		}
	}
	rec = o.do(http.MethodPost, base+"/delete", url.Values{"name": {"  " + strings.ToUpper(tr.Name) + " "}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin" {
		t.Fatalf("delete with the name typed: %d", rec.Code)
	}
	if _, err := f.store.Snapshot(ctx, tr.ID); !errors.Is(err, cache.ErrNotFound) {
		t.Fatalf("after the delete: %v", err)
	}
	if code := f.get("/v1/public/tournaments/"+tr.ID, f.token).Code; code != http.StatusNotFound {
		t.Errorf("the API after the delete: %d", code)
	}

	rec = o.upload("/admin/settings/import", []byte(`{"format": "courtside-tournament/1", "tournament": 7}`))
	if rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find(`#import-file-error`).Length() != 1 {
		t.Errorf("a broken file: %d", rec.Code)
	}
	rec = o.upload("/admin/settings/import", export)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != base {
		t.Fatalf("import: %d %s", rec.Code, rec.Body)
	}
	if after := f.get("/v1/public/tournaments/"+tr.ID+"/courts?includeMatchDetails=true", f.token).Body.String(); after != apiBefore {
		t.Errorf("the imported tournament answers otherwise:\n%.300s\n%.300s", apiBefore, after)
	}
	if rec = o.upload("/admin/settings/import", export); rec.Code != http.StatusConflict {
		t.Errorf("a second import: %d", rec.Code)
	}

	rec = o.do(http.MethodPost, "/admin/settings/tokens", url.Values{"name": {" "}})
	if rec.Code != http.StatusUnprocessableEntity || o.doc(rec).Find(`#token-name-error`).Length() != 1 {
		t.Errorf("a token without a name: %d", rec.Code)
	}
	rec = o.do(http.MethodPost, "/admin/settings/tokens", url.Values{"name": {"Scoreboard"}})
	secret := strings.TrimSpace(o.doc(rec).Find(`[data-testid="token-secret"]`).Text())
	if rec.Code != http.StatusOK || !strings.HasPrefix(secret, "cst_") || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("a new token: %d %q", rec.Code, secret)
	}
	if code := f.get("/v1/public/tournaments", secret).Code; code != http.StatusOK {
		t.Errorf("the new token on the API: %d", code)
	}
	k, _ := f.store.Authenticate(ctx, secret)
	rec = o.do(http.MethodPost, "/admin/settings/tokens/"+k.ID+"/revoke", url.Values{})
	if rec.Code != http.StatusOK || o.doc(rec).Find(`[data-testid="confirm-page"]`).Length() != 1 {
		t.Errorf("a revoke unconfirmed: %d", rec.Code)
	}
	if code := f.get("/v1/public/tournaments", secret).Code; code != http.StatusOK {
		t.Errorf("the token after an unconfirmed revoke: %d", code)
	}
	if rec = o.do(http.MethodPost, "/admin/settings/tokens/"+k.ID+"/revoke", url.Values{"confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("revoke: %d", rec.Code)
	}
	if code := f.get("/v1/public/tournaments", secret).Code; code != http.StatusUnauthorized {
		t.Errorf("the revoked token on the API: %d", code)
	}

	rec = o.do(http.MethodGet, "/admin/settings/backup", nil)
	info, err := cache.ReadBackup(bytes.NewReader(rec.Body.Bytes()), nil)
	if err != nil || info.Header.Organizer != f.org("kickerclub-hamburg").ID || info.Keys == 0 {
		t.Errorf("the organizer's backup: %v %+v", err, info)
	}
}
