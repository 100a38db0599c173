package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"courtside/tournament"
)

// TestPlayersReportFromTheCourt runs self-reporting with two phones, each in
// a browser context of its own (its own cookies: two devices), the
// organizer's console in a third and a TV on the hall's wall: the console
// prints the court cards and lets players report with confirmation; both
// phones report 7:5 and the match is played, on the TV at its next poll;
// two phones that disagree make a dispute the desk settles in one tap; a
// phone cannot confirm its own report; Table A's card cannot report Table
// B's match; renewed codes refuse the old cards.
func TestPlayersReportFromTheCourt(t *testing.T) {
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	token, _, err := store.CreateToken(context.Background(), hamburg.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	// Three courts with a running match of one set to 7.
	snap, err := store.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	type court struct {
		tournament.Court
		match *tournament.Match
	}
	var courts []court
	for _, c := range snap.Tournament.Courts {
		if m := snap.CourtMatch(c.ID); m != nil && snap.Config(m).NumSets == 1 && snap.Config(m).NumPoints == 7 && len(courts) < 3 {
			courts = append(courts, court{c, m})
		}
	}
	if len(courts) < 3 {
		t.Fatal("the demo has no three courts with a running match of one set to 7")
	}
	matchOf := func(i int) *tournament.Match {
		s, err := store.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := s.Match(courts[i].match.ID)
		return m
	}

	desk := browser(t)
	consoleDo := steps(t, desk, "reports-console", false)
	answerDialogs(t, desk).accept.Store(true) // new codes ask first
	signIn(t, desk, srv.URL, token)
	cards := srv.URL + "/admin/t/" + id + "/court-cards"
	consoleDo("1-cards",
		chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(srv.URL+"/admin/t/"+id),
		chromedp.Click(`[data-testid="cards-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="court-card"]`),
		chromedp.Click(`input[name="reporting"][value="confirmed"]`, chromedp.NodeVisible),
		chromedp.Click(`[data-testid="save-reporting"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	screenshot(t, desk, "reports-cards-screen")
	// On the organizer's phone the cards fit the screen too.
	if err := chromedp.Do(desk, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, desk, "reports-cards-phone")
	fitsWidth(t, desk, "cards on a phone")
	if err := chromedp.Do(desk, chromedp.EmulateViewport(1440, 900)); err != nil {
		t.Fatal(err)
	}
	codeOf := func(name string) string {
		code, err := chromedp.Run(desk, chromedp.Evaluate[string](fmt.Sprintf(
			`[...document.querySelectorAll('[data-testid="court-card"]')].find(c => c.querySelector('p').textContent.trim() === %q).dataset.code`, name)))
		if err != nil || code == "" {
			t.Fatalf("no card for %s: %v", name, err)
		}
		return code
	}
	codes := []string{codeOf(courts[0].Name), codeOf(courts[1].Name), codeOf(courts[2].Name)}
	// Printed: one A6 page per court, nothing of the console.
	yes := true
	var pdf []byte
	if err := chromedp.Do(desk, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		res, err := cdp.Call(ctx, tgt, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &yes, PrintBackground: &yes})
		pdf = res.Data
		return err
	})); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", "reports-cards.pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	pages := regexp.MustCompile(`/Type\s*/Page\b`).FindAll(pdf, -1)
	sizes := regexp.MustCompile(`/MediaBox\s*\[0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)\]`).FindAllSubmatch(pdf, -1)
	if len(pages) != len(snap.Tournament.Courts) {
		t.Errorf("the cards print on %d pages for %d courts", len(pages), len(snap.Tournament.Courts))
	}
	for _, m := range sizes { // A6: 105 × 148 mm, 297.6 × 419.5 pt; Chromium rounds to its pixels
		w, _ := strconv.ParseFloat(string(m[1]), 64)
		h, _ := strconv.ParseFloat(string(m[2]), 64)
		if math.Abs(w-297.6) > 3 || math.Abs(h-419.5) > 3 {
			t.Errorf("a page is %.1f × %.1f pt, not A6", w, h)
		}
	}
	if len(sizes) == 0 {
		t.Error("the PDF names no page size")
	}
	consoleDo("2-print",
		chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
			_, err := cdp.Call(ctx, tgt, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
			return err
		}),
		chromedp.WaitNotVisible(`[data-testid="reporting-form"]`),
	)
	// The first card as it comes out of the printer: the screen the size of the paper.
	if err := chromedp.Do(desk, chromedp.EmulateViewport(397, 559), chromedp.ScrollIntoView(`[data-testid="court-card"]`)); err != nil {
		t.Fatal(err)
	}
	card, err := chromedp.Run(desk, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", "reports-card-print.png"), card, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(desk, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})
		return err
	})); err != nil {
		t.Fatal(err)
	}

	// The TV in the hall, polling as TVs do.
	tv, cancelTV := chromedp.NewContext(desk)
	defer cancelTV()
	tile := func(i int) string { return fmt.Sprintf(`[data-testid="court"][data-court="%d"]`, courts[i].Number) }
	if err := chromedp.Do(tv, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+id+"/tv"), chromedp.WaitVisible(tile(0))); err != nil {
		t.Fatal(err)
	}

	phone := func(name string) (context.Context, step) {
		ctx, cancel := chromedp.NewContext(desk, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
			t.Fatal(err)
		}
		return ctx, steps(t, ctx, "reports-"+name, true)
	}
	anna, annaDo := phone("anna")
	ben, benDo := phone("ben")
	taps := map[string]int{}
	tap := func(who, sel string) chromedp.Action[chromedp.Void] {
		taps[who]++
		return chromedp.Click(sel, chromedp.NodeVisible)
	}
	// typeScore types a score into the empty set fields, as a thumb does.
	typeScore := func(who string, a, b int) []chromedp.Action[chromedp.Void] {
		taps[who] += 2 // a tap into each field, then the digits
		return []chromedp.Action[chromedp.Void]{
			chromedp.SendKeys(`[data-testid="report-form"] input[name="s.0.0.0"]`, fmt.Sprint(a)), chromedp.SendKeys(`[data-testid="report-form"] input[name="s.0.0.1"]`, fmt.Sprint(b)),
		}
	}
	open := func(who string, i int) chromedp.Action[chromedp.Void] {
		taps[who]++ // the camera's link to the page
		return chromedp.Navigate(srv.URL + "/c/" + codes[i])
	}

	// Table A's card cannot report Table B's match, however its form is changed.
	annaDo("1-court-page", open("anna", 0), chromedp.WaitVisible(`[data-testid="report-form"]`))
	annaDo("2-other-court",
		chromedp.SetAttributeValue(`[data-testid="report-form"] input[name="match"]`, "value", courts[1].match.ID),
		chromedp.SetValue(`input[name="s.0.0.0"]`, "7"), chromedp.SetValue(`input[name="s.0.0.1"]`, "5"),
		chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="court-error"]`),
	)
	if m := matchOf(1); m.State != tournament.MatchRunning {
		t.Fatalf("Table A's card reached Table B's match: %s", m.State)
	}
	if s, _ := store.Snapshot(context.Background(), id); s.CourtReport(courts[1].ID) != nil || s.CourtReport(courts[0].ID) != nil {
		t.Fatal("a report was kept for a match the card cannot reach")
	}

	// Both phones report 7:5: the match is played, and the TV shows it at its next poll.
	taps = map[string]int{}
	annaDo("3-report",
		append(append([]chromedp.Action[chromedp.Void]{open("anna", 0), chromedp.WaitVisible(`[data-testid="report-form"]`)}, typeScore("anna", 7, 5)...),
			tap("anna", `[data-testid="report"]`), chromedp.WaitVisible(`[data-testid="confirm"]`),
			tap("anna", `[data-testid="send-report"]`), chromedp.WaitVisible(`[data-testid="pending"]`))...,
	)
	if m := matchOf(0); m.State != tournament.MatchRunning {
		t.Fatalf("one report ended the match: %s", m.State)
	}
	followsWithinAPoll(t, tv, `(document.querySelector('`+tile(0)+` [data-testid="reported"]') || {}).textContent?.includes('7:5')`)
	screenshot(t, tv, "reports-tv-pending")
	benDo("1-confirm-offered", open("ben", 0), chromedp.WaitVisible(`[data-testid="agree"]`))
	var sent time.Time
	benDo("2-confirmed",
		chromedp.Func(func(context.Context, *chromedp.Target) error { sent = time.Now(); return nil }),
		tap("ben", `[data-testid="agree"]`),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	shown := fmt.Sprintf(`!(document.querySelector('%s')?.dataset.called || '').endsWith('|%s') && document.querySelector('[data-testid="last-results"]').textContent.includes('7 : 5')`, tile(0), courts[0].match.ID)
	if _, err := chromedp.Run(tv, chromedp.Poll[bool](shown, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		screenshot(t, tv, "reports-tv-failed")
		t.Fatalf("the TV did not show the confirmed result: %v", err)
	}
	t.Logf("from the second report to the TV showing the result: %v (the TV polls every 3 s)", time.Since(sent).Round(10*time.Millisecond))
	t.Logf("taps from scanning to a confirmed result: first phone %d (and two numbers typed), second phone %d", taps["anna"], taps["ben"])
	screenshot(t, tv, "reports-tv-confirmed")
	if m := matchOf(0); m.State != tournament.MatchPlayed || !tournament.SameResult(m.Encounters, tournament.Encounters{{{7, 5}}}) {
		t.Fatalf("after two agreeing reports: %s %v", m.State, m.Encounters)
	}
	if audit, _ := store.Audit(context.Background(), id, courts[0].match.ID); len(audit) == 0 || audit[0].By != "reported at "+courts[0].Name+": two devices agreed" {
		t.Errorf("audit %+v", audit)
	}

	// The same phone cannot confirm its own report.
	annaDo("4-own-report",
		append(append([]chromedp.Action[chromedp.Void]{open("anna", 2), chromedp.WaitVisible(`[data-testid="report-form"]`)}, typeScore("anna", 7, 5)...),
			chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm"]`),
			chromedp.Click(`[data-testid="send-report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="pending"]`))...,
	)
	annaDo("5-own-confirm",
		append(typeScore("anna", 7, 5),
			chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm"]`),
			chromedp.Click(`[data-testid="send-report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="court-error"]`))...,
	)
	if msg, _ := chromedp.Run(anna, chromedp.Text(`[data-testid="court-error"]`)); !strings.Contains(msg, "You reported this result already") {
		t.Errorf("own confirmation says %q", msg)
	}
	if m := matchOf(2); m.State != tournament.MatchRunning {
		t.Fatalf("a phone confirmed its own report: %s", m.State)
	}

	// They disagree: a dispute, listed first in the console with both reports, settled in one tap.
	annaDo("6-report-b",
		append(append([]chromedp.Action[chromedp.Void]{open("anna", 1), chromedp.WaitVisible(`[data-testid="report-form"]`)}, typeScore("anna", 7, 5)...),
			chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm"]`),
			chromedp.Click(`[data-testid="send-report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="pending"]`))...,
	)
	benDo("3-disagree",
		append(append([]chromedp.Action[chromedp.Void]{open("ben", 1), chromedp.WaitVisible(`[data-testid="theirs"]`)}, typeScore("ben", 5, 7)...),
			chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm"]`),
			chromedp.Click(`[data-testid="send-report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="disputed"]`))...,
	)
	dispute := fmt.Sprintf(`[data-testid="dispute"][data-match="%s"]`, courts[1].match.ID)
	consoleDo("3-dispute",
		chromedp.Navigate(srv.URL+"/admin/t/"+id),
		chromedp.WaitVisible(dispute),
	)
	screenshot(t, desk, "reports-console-dispute")
	first, err := chromedp.Run(desk, chromedp.Evaluate[string](`document.querySelector('[data-testid="reports"], [data-testid="console-court"]').dataset.testid`))
	if err != nil || first != "reports" {
		t.Errorf("the console's first section is %q", first)
	}
	both, _ := chromedp.Run(desk, chromedp.Text(dispute))
	if !strings.Contains(both, "7:5") || !strings.Contains(both, "5:7") {
		t.Errorf("the dispute shows %q", both)
	}
	consoleDo("4-settled",
		chromedp.Click(dispute+` [data-testid="settle"][value="0"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
		chromedp.WaitNotPresent(dispute),
	)
	if m := matchOf(1); m.State != tournament.MatchPlayed || !tournament.SameResult(m.Encounters, tournament.Encounters{{{7, 5}}}) {
		t.Fatalf("settled: %s %v", m.State, m.Encounters)
	}

	// New codes: the old card opens nothing.
	consoleDo("5-renew",
		chromedp.Navigate(cards),
		chromedp.Click(`[data-testid="renew"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	annaDo("7-old-card", chromedp.Navigate(srv.URL+"/c/"+codes[2]), chromedp.WaitVisible(`main`))
	if body, _ := chromedp.Run(anna, chromedp.Text(`main`)); !strings.Contains(body, "not valid") {
		t.Errorf("an old card opens %q", body)
	}
	fresh := codeOf(courts[2].Name)
	if fresh == codes[2] {
		t.Fatal("the codes were not renewed")
	}
	// The new card works, in German too (a German desk's card carries ?lang=de), on a phone and a desktop.
	annaDo("8-german", chromedp.Navigate(srv.URL+"/c/"+fresh+"?lang=de"), chromedp.WaitVisible(`[data-testid="pending"]`))
	if text, _ := chromedp.Run(anna, chromedp.Text(`[data-testid="pending"]`)); !strings.Contains(text, "Du hast 7:5 gemeldet") {
		t.Errorf("German court page: %q", text)
	}
	if err := chromedp.Do(anna, chromedp.EmulateViewport(1440, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, anna, "reports-anna-9-desktop")
	screenshot(t, desk, "reports-cards-after-renewal")
	_ = ben
}
