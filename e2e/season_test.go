package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
	"courtside/web"
)

// serveStore serves the site over a store, for a second or third server.
func serveStore(t *testing.T, store *cache.Store) *httptest.Server {
	t.Helper()
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// fetched is what a link of the page downloads, fetched by the page with its
// sign-in, as the browser saves it.
func fetched(t *testing.T, b context.Context, sel string) []byte {
	t.Helper()
	b64, err := chromedp.Run(b, chromedp.Evaluate[string](`fetch(document.querySelector('`+sel+`').href).then(r => r.ok ? r.arrayBuffer() : Promise.reject(r.status)).then(buf => { let s = ''; for (const c of new Uint8Array(buf)) s += String.fromCharCode(c); return btoa(s) })`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("download %s: %v", sel, err)
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func apiStatus(t *testing.T, url, key string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res.StatusCode
}

// TestAClubsSeasonInTheConsole: a token made on Settings, API works on the
// API and, revoked after the question, gets 401; the organizer's backup
// downloaded from the console restores into another server where the same
// token signs in to the same tournaments; a tournament exported from its
// console is imported on a third server by another organizer; and a delete
// asks for the name: a wrong one and Cancel keep it, the name deletes it.
func TestAClubsSeasonInTheConsole(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Club laptop")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	var accept atomic.Bool
	questions := make(chan string, 4)
	if err := chromedp.Listen(b, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			questions <- e.Message
			answer := accept.Load()
			go func() {
				_, _ = chromedp.Run(b, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: answer})
					return err
				}))
			}()
		}
	}); err != nil {
		t.Fatal(err)
	}
	signIn := func(base, token string) []chromedp.Action[chromedp.Void] {
		return []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(base + "/admin/login"),
			chromedp.SendKeys(`input[name="token"]`, token),
			chromedp.Submit(`input[name="token"]`),
			chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
		}
	}
	do := steps(t, b, "season", false)
	do("sign-in", append([]chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1440, 900)}, signIn(srv.URL, token)...)...)

	// A token made, used, and revoked after the question.
	do("settings",
		chromedp.Click(`[data-testid="settings-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="token-form"]`),
	)
	bothSizes(t, b, "season-1-settings")
	do("token-made",
		chromedp.EmulateViewport(1440, 900),
		chromedp.SetValue(`#token-name`, "Scoreboard"),
		chromedp.Click(`[data-testid="token-create"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="token-secret"]`),
	)
	bothSizes(t, b, "season-2-token-made")
	secret, err := chromedp.Run(b, chromedp.Text(`[data-testid="token-secret"]`))
	if err != nil || !strings.HasPrefix(secret, "cst_") {
		t.Fatalf("the new token shown: %q %v", secret, err)
	}
	if code := apiStatus(t, srv.URL+"/v1/public/tournaments", secret); code != http.StatusOK {
		t.Errorf("the new token on the API: %d", code)
	}
	revoke := `[...document.querySelectorAll('[data-testid="token"]')].find(li => li.textContent.includes('Scoreboard')).querySelector('[data-testid="token-revoke"]').click()`
	accept.Store(false)
	do("revoke-cancelled", chromedp.EmulateViewport(390, 844), chromedp.Evaluate[chromedp.Void](revoke))
	if q := <-questions; !strings.Contains(q, "Scoreboard") {
		t.Errorf("the revoke asked %q", q)
	}
	if code := apiStatus(t, srv.URL+"/v1/public/tournaments", secret); code != http.StatusOK {
		t.Errorf("the token after Cancel: %d", code)
	}
	accept.Store(true)
	do("revoked", chromedp.Evaluate[chromedp.Void](revoke))
	<-questions
	if _, err := chromedp.Run(b, chromedp.Poll[bool](`!document.querySelector('[data-testid="tokens"]').textContent.includes('Scoreboard')`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the revoked token stays listed: %v", err)
	}
	if code := apiStatus(t, srv.URL+"/v1/public/tournaments", secret); code != http.StatusUnauthorized {
		t.Errorf("the revoked token on the API: %d, want 401", code)
	}

	// The organizer's backup, downloaded and restored into another server.
	backup := fetched(t, b, `[data-testid="backup-download"]`)
	restored := cachetest.Store(cachetest.Separate(t))
	if _, err := restored.Restore(ctx, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(backup)), nil }, false); err != nil {
		t.Fatalf("restore the downloaded backup: %v", err)
	}
	second := serveStore(t, restored)
	do("restored", append([]chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1440, 900)}, signIn(second.URL, token)...)...)
	listed, err := chromedp.Run(b, chromedp.Text(`[data-testid="my-tournaments"]`))
	if err != nil {
		t.Fatal(err)
	}
	for _, dt := range demo.Tournaments {
		if in := strings.Contains(listed, dt.Tournament.Name); in != (dt.Tournament.OrganizerID == hamburg.Tournament.OrganizerID) {
			t.Errorf("%s on the restored server's console: %v", dt.Tournament.Name, in)
		}
	}
	for _, path := range []string{"/v1/public/tournaments/" + hamburg.Tournament.ID, "/v1/public/tournaments/" + hamburg.Tournament.ID + "/courts?includeMatchDetails=true"} {
		a, b := get(t, srv.URL+path, token), get(t, second.URL+path, token)
		if a != b || a == "" {
			t.Errorf("%s differs on the restored server:\n%.200s\n%.200s", path, a, b)
		}
	}

	// The tournament's export, imported by another organizer on a third server.
	// (The servers share the host 127.0.0.1, and cookies do not tell ports apart: sign in again.)
	do("data", append(signIn(srv.URL, token),
		chromedp.Navigate(srv.URL+"/admin/t/"+hamburg.Tournament.ID),
		chromedp.Click(`[data-testid="data-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="delete-form"]`),
	)...)
	bothSizes(t, b, "season-3-export-and-delete")
	export := fetched(t, b, `[data-testid="export-download"]`)
	if csv := fetched(t, b, `[data-testid="results-download"]`); !bytes.HasPrefix(csv, []byte("discipline,stage,group")) {
		t.Errorf("the results CSV starts %.60q", csv)
	}
	file := filepath.Join(t.TempDir(), "hamburg-open-2026.json")
	if err := os.WriteFile(file, export, 0o600); err != nil {
		t.Fatal(err)
	}
	third := cachetest.Store(cachetest.Separate(t))
	boule, _ := tournament.NewOrganizer("Boule Club Lyon", "boule-club-lyon", "table_soccer")
	if err := third.CreateOrganizer(ctx, boule); err != nil {
		t.Fatal(err)
	}
	bouleToken, _, err := third.CreateToken(ctx, boule.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	thirdSrv := serveStore(t, third)
	do("import", append(signIn(thirdSrv.URL, bouleToken),
		chromedp.Navigate(thirdSrv.URL+"/admin/settings"),
		chromedp.SetUploadFiles(`#import-file`, []string{file}),
		chromedp.Click(`[data-testid="import-submit"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="data-link"]`),
	)...)
	if loc, _ := chromedp.Run(b, chromedp.Location()); !strings.HasSuffix(loc, "/admin/t/"+hamburg.Tournament.ID) {
		t.Errorf("after the import the browser is at %s", loc)
	}
	if snap, err := third.Snapshot(ctx, hamburg.Tournament.ID); err != nil || snap.Tournament.OrganizerID != boule.ID || len(snap.Matches) != len(hamburg.Matches) {
		t.Errorf("the imported tournament: %v", err)
	}

	// The delete asks for the name; a wrong one and Cancel keep it.
	do("delete-wrong-name", append(signIn(srv.URL, token),
		chromedp.Navigate(srv.URL+"/admin/t/"+hamburg.Tournament.ID+"/data"),
		chromedp.SetValue(`#confirm-name`, "Hamburg"),
		chromedp.Click(`[data-testid="delete-tournament"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`#confirm-name-error`),
		chromedp.WaitVisible(`[data-testid="error-summary"]`),
	)...)
	bothSizes(t, b, "season-4-delete-refused")
	do("delete-cancel",
		chromedp.EmulateViewport(390, 844),
		chromedp.Click(`[data-testid="delete-cancel"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="data-link"]`),
	)
	if _, err := store.Snapshot(ctx, hamburg.Tournament.ID); err != nil {
		t.Fatalf("the tournament after a wrong name and Cancel: %v", err)
	}
	do("deleted",
		chromedp.Click(`[data-testid="data-link"]`, chromedp.NodeVisible),
		chromedp.SetValue(`#confirm-name`, hamburg.Tournament.Name),
		chromedp.Click(`[data-testid="delete-tournament"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	if listed, _ := chromedp.Run(b, chromedp.Text(`[data-testid="my-tournaments"]`)); strings.Contains(listed, hamburg.Tournament.Name) {
		t.Error("the deleted tournament is still listed")
	}
	if _, err := store.Snapshot(ctx, hamburg.Tournament.ID); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("after the delete: %v", err)
	}
}

func get(t *testing.T, url, key string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return string(body)
}
