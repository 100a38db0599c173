package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
)

// TestOrganizerSetsUpATournamentFromAPhone signs in on a phone, creates a
// tournament of two disciplines in the console (making a mistake on the
// way), checks the entries in, starts it, and finds the first round on the
// public court board. It also takes the setup pages at desktop size.
func TestOrganizerSetsUpATournamentFromAPhone(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	org := demo.Organizers[0]
	token, _, err := store.CreateToken(context.Background(), org.ID, "Phone at the bar")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	do := steps(t, b, "setup-phone", true)
	do("1-sign-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="new-tournament"]`),
	)
	do("2-new",
		chromedp.Click(`[data-testid="new-tournament"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-form"]`),
		chromedp.SendKeys(`input[name="name"]`, "Club Night 48"),
		chromedp.SetValue(`input[name="start"]`, "2026-11-24T18:00"),
		chromedp.SetValue(`textarea[name="courts"]`, "3"),
		chromedp.Click(`input[name="autoCall"]`, chromedp.NodeVisible),
		chromedp.Click(`input[name="checkIn"]`, chromedp.NodeVisible),
		chromedp.SendKeys(`input[name="d0.name"]`, "Open Singles"),
		chromedp.SendKeys(`input[name="d0.shortName"]`, "OS"),
		chromedp.SetValue(`textarea[name="d0.entries"]`, "Anna Berg\nBen Kurz\nCem Yilmaz\nDana Roth\nEmil Voss\nFrida Lang"),
		chromedp.SendKeys(`input[name="d0.s0.name"]`, "Swiss"),
	)
	do("3-second-discipline",
		chromedp.Click(`[data-testid="add-discipline"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`input[name="d1.name"]`),
	)
	// What was typed before adding the discipline is still there.
	if v, _ := chromedp.Run(b, chromedp.Value(`textarea[name="d0.entries"]`)); !strings.Contains(v, "Frida Lang") {
		t.Fatalf("the entries typed are gone: %q", v)
	}
	do("4-doubles",
		chromedp.SendKeys(`input[name="d1.name"]`, "Open Doubles"),
		chromedp.SendKeys(`input[name="d1.shortName"]`, "OD"),
		chromedp.SetValue(`select[name="d1.entryType"]`, "byp"),
		chromedp.SetValue(`textarea[name="d1.entries"]`, "Anna Berg / Ben Kurz\nDie Kurbler: Cem Yilmaz / Dana Roth\nEmil Voss\nGero Falk / Hanna Ott"),
		chromedp.SendKeys(`input[name="d1.s0.name"]`, "Pools"),
		chromedp.SetValue(`select[name="d1.s0.mode"]`, "round_robin"),
		chromedp.SetValue(`input[name="d1.s0.rounds"]`, ""),
		chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-errors"]`),
	)
	view(t, b, "setup-phone-4-doubles-error", `#d1\.entries-error`)
	// A team of one is refused next to the entries, with the line it is on.
	if msg, _ := chromedp.Run(b, chromedp.Text(`#d1\.entries-error`)); !strings.Contains(msg, "line 3") {
		t.Errorf("the entries' problem reads %q", msg)
	}
	do("5-created",
		chromedp.SetValue(`textarea[name="d1.entries"]`, "Anna Berg / Ben Kurz\nDie Kurbler: Cem Yilmaz / Dana Roth\nEmil Voss / Frida Lang\nGero Falk / Hanna Ott"),
		chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-manage"]`),
	)
	do("6-check-in",
		chromedp.Click(`[data-testid="entries-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="save-checkin"]`),
	)
	// Tick everyone in the first discipline without saving, then everyone
	// in the second and save there: the first discipline's ticks are kept
	// too. (The second Save dropped them: each discipline had a form.)
	for i := range 2 {
		section := fmt.Sprintf(`document.querySelectorAll('[data-testid="entries-discipline"]')[%d]`, i)
		if err := chromedp.Do(b, chromedp.Evaluate[chromedp.Void](section+`.querySelectorAll('input[name="present"]').forEach(c => c.click())`)); err != nil {
			t.Fatal(err)
		}
	}
	do("6b-saved",
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid="entries-discipline"]')[1].querySelector('[data-testid="save-checkin"]').click()`),
		chromedp.WaitVisible(`[data-testid="flash"]`),
		chromedp.Reload(),
		chromedp.WaitVisible(`[data-testid="save-checkin"]`),
	)
	if unticked, err := chromedp.Run(b, chromedp.Evaluate[[]int](`[...document.querySelectorAll('[data-testid="entries-discipline"]')].map(s => [...s.querySelectorAll('input[name="present"]')].filter(c => !c.checked).length)`)); err != nil || len(unticked) != 2 || unticked[0]+unticked[1] != 0 {
		t.Errorf("after ticking both disciplines and saving the second, entries not present by discipline: %v %v", unticked, err)
	}
	do("7-all-present")
	view(t, b, "setup-phone-7-all-present-view", `[data-testid="entries-discipline"]`)
	do("8-started",
		chromedp.Click(`[data-testid="start"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="console-court"]`),
	)
	id := ""
	if u, err := chromedp.Run(b, chromedp.Location()); err == nil {
		id = strings.TrimPrefix(strings.Split(strings.TrimPrefix(u, srv.URL), "?")[0], "/admin/t/")
	}
	do("9-board",
		chromedp.Navigate(srv.URL+"/t/"+id+"/courts"),
		chromedp.WaitVisible(`[data-testid="court"]`),
	)
	view(t, b, "setup-phone-9-board-view", `[data-testid="court"]`)
	board, _ := chromedp.Run(b, chromedp.Text(`main`))
	for _, name := range []string{"Anna Berg", "Dana Roth"} {
		if !strings.Contains(board, name) {
			t.Errorf("the court board does not show %s of the first round:\n%s", name, board)
		}
	}
	do("10-entries-after-start",
		chromedp.Navigate(srv.URL+"/admin/t/"+id+"/entries"),
		chromedp.WaitVisible(`[data-testid="withdraw"]`),
	)

	// The same pages on a desktop.
	do = steps(t, b, "setup-desktop", true)
	do("new", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/admin/new"), chromedp.WaitVisible(`[data-testid="setup-form"]`))
	do("errors",
		chromedp.SendKeys(`input[name="name"]`, "Winter Cup"),
		chromedp.SetValue(`input[name="start"]`, "2026-12-05T10:00"),
		chromedp.SendKeys(`input[name="d0.name"]`, "Singles"),
		chromedp.SendKeys(`input[name="d0.shortName"]`, "S"),
		chromedp.SetValue(`textarea[name="d0.entries"]`, "Anna Berg\nanna berg"),
		chromedp.SendKeys(`input[name="d0.s0.name"]`, "Swiss"),
		chromedp.SetValue(`input[name="d0.s0.rounds"]`, ""),
		chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-errors"]`))
	view(t, b, "setup-desktop-errors-view", `#d0\.entries-error`)
	do("entries", chromedp.Navigate(srv.URL+"/admin/t/"+id+"/entries"), chromedp.WaitVisible(`[data-testid="withdraw"]`))
	// In German, modes and their explanations too.
	do("new-de", chromedp.Navigate(srv.URL+"/admin/new?lang=de"), chromedp.WaitVisible(`[data-testid="setup-form"]`),
		chromedp.Click(`[data-testid="mode-help"] summary`, chromedp.NodeVisible))
	view(t, b, "setup-desktop-new-de-view", `[data-testid="mode-help"]`)
	if help, _ := chromedp.Run(b, chromedp.Text(`[data-testid="mode-help"]`)); !strings.Contains(help, "Schweizer System") || !strings.Contains(help, "Buchholz") {
		t.Errorf("the German mode help reads %q", help)
	}
}

// view saves the screen as it shows sel, for a person to read at full size.
func view(t *testing.T, ctx context.Context, name, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(sel)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
