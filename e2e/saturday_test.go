package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/tournament"
	"courtside/web"
)

// TestASaturdayThroughTheBrowser runs a pétanque Saturday on a 390×844 phone
// from an empty store, through the browser only: the first-run setup address
// makes the organizer, who makes a results-only login for a helper; the
// helper's phone (a browser context of its own) signs in with it and enters
// results too. Twelve doublettes are set up in three pools of four into a
// knock-out of eight; at check-in one team does not come and is removed, a
// late team is added; the pools are played, a terrain is closed during the
// day, a pool result is corrected after the knock-out is drawn, one
// withdrawal is cancelled at the browser's question and one confirmed, and
// the knock-out is played to a champion, whom the finished pages name. The
// store is only read, to know which match to enter next and to check what
// the browser did.
func TestASaturdayThroughTheBrowser(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	t.Cleanup(srv.Close)
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	code, ok, err := store.SetupCode(context.Background())
	if err != nil || !ok {
		t.Fatalf("no setup code: %v", err)
	}

	org := browser(t)
	// The browser's questions (confirm dialogs), and the answer to give them.
	var accept atomic.Bool
	questions := make(chan string, 8)
	if err := chromedp.Listen(org, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			questions <- e.Message
			answer := accept.Load()
			go func() {
				_, _ = chromedp.Run(org, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: answer})
					return err
				}))
			}()
		}
	}); err != nil {
		t.Fatal(err)
	}
	asked := func(want string) {
		t.Helper()
		select {
		case q := <-questions:
			if !strings.Contains(q, want) {
				t.Errorf("the browser asked %q, want it to mention %q", q, want)
			}
		case <-time.After(30 * time.Second): // a ceiling against hanging
			t.Fatalf("the browser asked nothing (want %q)", want)
		}
	}
	do := steps(t, org, "saturday", false)
	shot := func(name string) {
		t.Helper()
		screenshot(t, org, "saturday-"+name)
		fitsWidth(t, org, name)
	}

	// First run: the organizer, then the helper's login.
	do("setup",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/setup/"+code),
		chromedp.WaitVisible(`[data-testid="setup-form"]`),
		chromedp.SetValue(`#name`, "Boule Club Lyon"),
		chromedp.SetValue(`#slug`, "boule-club-lyon"),
		chromedp.SetValue(`#sport`, "petanque"),
		chromedp.Click(`[data-testid="setup-submit"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-token"]`),
	)
	shot("01-first-run")
	do("helper-login",
		chromedp.Click(`[data-testid="to-console"]`, chromedp.NodeVisible),
		chromedp.Click(`[data-testid="logins-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="helper-form"]`),
		chromedp.SetValue(`#name`, "Terrain desk"),
		chromedp.Click(`[data-testid="helper-create"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="signin-qr"]`),
	)
	link, err := chromedp.Run(org, chromedp.TextContent(`[data-testid="signin-link"]`))
	if err != nil || !strings.Contains(link, "/signin/") {
		t.Fatalf("the helper's sign-in address: %q %v", link, err)
	}
	helper := browser(t) // the helper's phone: a second browser, its own cookies
	on := steps(t, helper, "saturday-helper", false)
	on("sign-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(strings.TrimSpace(link)),
		chromedp.Click(`[data-testid="signin-use"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)

	// The tournament: twelve doublettes, three pools of four into a knock-out of eight.
	teams := []string{
		"Les Carreaux: Jean Morel / Luc Petit", "La Boule d'Or: Marc Girard / Paul Roux", "Les Pointeurs: Anne Faure / Claire Blanc",
		"Le Cochonnet: Henri Mercier / Louis Dupont", "Les Tireurs: Michel Lambert / Pierre Bonnet", "La Mène: Sophie Fontaine / Julie Rousseau",
		"Les Biberons: Yves Vincent / Alain Muller", "Le Fanny: Eric Lefevre / Denis Leroy", "La Plombée: Nicole Garnier / Martine Chevalier",
		"Les Rafles: Hugo Francois / Remi Legrand", "La Portée: Lucie Gauthier / Emma Perrin", "Le Biberon: Alice Robin / Nina Clement",
	}
	do("new",
		chromedp.Navigate(srv.URL+"/admin/new"),
		chromedp.WaitVisible(`[data-testid="setup-form"]`),
		chromedp.SendKeys(`input[name="name"]`, "Samedi des Doublettes"),
		chromedp.SetValue(`input[name="start"]`, "2026-11-28T09:00"),
		chromedp.SetValue(`textarea[name="courts"]`, "Terrain 1\nTerrain 2\nTerrain 3\nTerrain 4"),
		chromedp.Click(`input[name="autoCall"]`, chromedp.NodeVisible),
		chromedp.Click(`input[name="checkIn"]`, chromedp.NodeVisible),
		chromedp.SendKeys(`input[name="d0.name"]`, "Doublettes"),
		chromedp.SendKeys(`input[name="d0.shortName"]`, "DB"),
		chromedp.SetValue(`select[name="d0.entryType"]`, "byp"),
		chromedp.SetValue(`textarea[name="d0.entries"]`, strings.Join(teams, "\n")),
		chromedp.Click(`[data-testid="add-stage"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`input[name="d0.s1.name"]`),
	)
	do("stages",
		chromedp.SetValue(`input[name="d0.s0.name"]`, "Poules"),
		chromedp.SetValue(`select[name="d0.s0.mode"]`, "round_robin"),
		chromedp.SetValue(`input[name="d0.s0.groups"]`, "3"),
		chromedp.SetValue(`input[name="d0.s0.rounds"]`, ""),
		chromedp.SetValue(`input[name="d0.s0.numPoints"]`, "13"),
		chromedp.SetValue(`input[name="d0.s0.numSets"]`, "1"),
		chromedp.SetValue(`input[name="d0.s1.name"]`, "Tableau final"),
		chromedp.SetValue(`select[name="d0.s1.mode"]`, "elimination"),
		chromedp.SetValue(`input[name="d0.s1.qualify"]`, "8"),
		chromedp.SetValue(`input[name="d0.s1.rounds"]`, ""),
		chromedp.SetValue(`input[name="d0.s1.numPoints"]`, "13"),
		chromedp.SetValue(`input[name="d0.s1.numSets"]`, "1"),
	)
	shot("02-setup-form")
	do("created",
		chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="setup-manage"]`),
	)
	entries, err := chromedp.Run(org, chromedp.AttributeValue(`[data-testid="entries-link"]`, "href"))
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(entries.Value, srv.URL), "/admin/t/"), "/entries")
	latest := func() *tournament.Snapshot {
		t.Helper()
		s, err := store.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatalf("tournament %q: %v", id, err)
		}
		return s
	}
	entryNamed := func(prefix string) string {
		t.Helper()
		for _, e := range latest().Entries {
			if strings.HasPrefix(e.Name, prefix) {
				return e.ID
			}
		}
		t.Fatalf("no entry %q", prefix)
		return ""
	}

	// Check-in: everyone but Le Biberon; a late team is added and ticked; the no-show is removed.
	noShow := entryNamed("Le Biberon")
	do("check-in",
		chromedp.Click(`[data-testid="entries-link"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="save-checkin"]`),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('input[name="present"]:not([value="`+noShow+`"])').forEach(c => { if (!c.checked) c.click() })`),
		chromedp.Click(`[data-testid="save-checkin"]`, chromedp.NodeVisible),
	)
	holds(t, org, "checked-in", `document.querySelector('[data-testid="flash"]') && document.querySelector('[data-testid="remove-no-shows"]')?.textContent.includes('1 no-shows')`)
	do("late-team",
		chromedp.SetValue(`#add-DB`, "Les Retardataires: Olivier Marchand / Thomas Giraud"),
		chromedp.Click(`[data-testid="add-entry"]`, chromedp.NodeVisible),
	)
	holds(t, org, "late-team", `document.querySelectorAll('input[name="present"]').length === 13`)
	late := entryNamed("Les Retardataires")
	do("late-present",
		chromedp.Evaluate[chromedp.Void](`(c => { if (!c.checked) c.click() })(document.querySelector('input[name="present"][value="`+late+`"]'))`),
		chromedp.Click(`[data-testid="save-checkin"]`, chromedp.NodeVisible),
	)
	holds(t, org, "late-present", `document.querySelector('[data-testid="flash"]') && document.querySelector('input[name="present"][value="`+late+`"]:checked')`)
	shot("03-check-in")
	accept.Store(true)
	do("no-show-removed",
		chromedp.Click(`[data-testid="remove-no-shows"]`, chromedp.NodeVisible),
	)
	holds(t, org, "no-show-removed", `document.querySelector('[data-testid="save-checkin"]') && !document.querySelector('input[name="present"][value="`+noShow+`"]')`)
	asked("Remove the 1 entries")
	shot("04-no-show-removed")
	do("started",
		chromedp.Click(`[data-testid="start"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="console-court"]`),
	)
	shot("05-started")
	if d := latest().Tournament.Disciplines[0]; len(d.EntryIDs) != 12 || slices.Contains(d.EntryIDs, noShow) || !slices.Contains(d.EntryIDs, late) {
		t.Fatalf("the started discipline has %d entries, the no-show in it %v, the late team in it %v",
			len(d.EntryIDs), slices.Contains(d.EntryIDs, noShow), slices.Contains(d.EntryIDs, late))
	}

	// enter enters 13:k for the first side of a running match on the console's result form.
	results, helped := 0, 0
	enter := func(by step, m *tournament.Match, k int) {
		t.Helper()
		results++
		by(fmt.Sprintf("result-%02d", results),
			chromedp.Navigate(srv.URL+"/admin/t/"+id+"/matches/"+m.ID),
			chromedp.WaitVisible(`[data-testid="result-form"]`),
			chromedp.SetValue(`[data-testid="result-form"] input[name="s.0.0.0"]`, "13"),
			chromedp.SetValue(`[data-testid="result-form"] input[name="s.0.0.1"]`, fmt.Sprint(k)),
			chromedp.Click(`[data-testid="finish"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="confirm-finish"]`),
			chromedp.Click(`[data-testid="confirm-finish"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="flash"]`),
		)
		if got, _ := latest().Match(m.ID); got.State != tournament.MatchPlayed {
			t.Fatalf("match %s after its result: %s", m.ID, got.State)
		}
	}
	running := func(stage string) *tournament.Match {
		for _, m := range latest().Matches {
			if m.State == tournament.MatchRunning && m.StageID == stage {
				return m
			}
		}
		return nil
	}
	stages := latest().Tournament.Disciplines[0].Stages
	pools, ko := stages[0].ID, stages[1].ID

	// The pools, the helper entering every third result; Terrain 4 is closed after the fourth.
	var closed string
	for i := 0; ; i++ {
		m := running(pools)
		if m == nil {
			break
		}
		if i%3 == 2 {
			helped++
			enter(on, m, i%12)
		} else {
			enter(do, m, i%12)
		}
		if i == 3 {
			for _, c := range latest().Tournament.Courts {
				if c.Name == "Terrain 4" {
					closed = c.ID
				}
			}
			row := `[data-testid="court-row"][data-court="` + closed + `"]`
			do("close-terrain",
				chromedp.Navigate(srv.URL+"/admin/t/"+id),
				chromedp.Click(`[data-testid="manage-courts"]`, chromedp.NodeVisible),
				chromedp.Click(row+` [data-testid="close-court"]`, chromedp.NodeVisible),
				chromedp.WaitVisible(row+` [data-testid="open-court"]`),
			)
			asked("Terrain 4") // closing a terrain asks first
			shot("06-terrain-closed")
		}
	}
	snap := latest()
	for _, m := range snap.Matches {
		if m.StageID == pools && m.State != tournament.MatchPlayed {
			t.Fatalf("pool match %s is %s with nothing running", m.ID, m.State)
		}
	}
	for _, c := range snap.Tournament.Courts {
		if c.ID == closed && !c.Closed {
			t.Fatal("Terrain 4 is open again")
		}
	}

	// The knock-out is drawn; a pool result is corrected, the winner kept.
	var drawn int
	for _, m := range snap.Matches {
		if m.StageID == ko && m.Entries[0] != nil && m.Entries[1] != nil {
			drawn++
		}
	}
	if drawn == 0 {
		t.Fatal("the pools are played and the knock-out has no match drawn")
	}
	do("ko-drawn", chromedp.Navigate(srv.URL+"/admin/t/"+id), chromedp.WaitVisible(`[data-testid="console-court"]`))
	shot("07-ko-drawn")
	var fixed *tournament.Match
	for _, m := range snap.Matches {
		if m.StageID == pools && m.Encounters[0][0][1] < 11 {
			fixed = m
			break
		}
	}
	do("correct-pool",
		chromedp.Navigate(srv.URL+"/admin/t/"+id+"/matches/"+fixed.ID),
		chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.0"]`, "13"),
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.1"]`, "11"),
		chromedp.Click(`[data-testid="correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="confirm-correct"]`),
	)
	shot("08-correction-asked")
	do("corrected",
		chromedp.Click(`[data-testid="confirm-correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)
	shot("09-corrected")
	if m, _ := latest().Match(fixed.ID); !tournament.SameResult(m.Encounters, tournament.Encounters{{{13, 11}}}) {
		t.Fatalf("the corrected pool match reads %v", m.Encounters)
	}

	// Withdrawals: one cancelled at the question, one confirmed, both of knock-out teams still in.
	var kept, gone, given string
	for _, m := range latest().Matches {
		if m.StageID == ko && m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil {
			kept, gone, given = m.Entries[0].ID, m.Entries[1].ID, m.ID
			break
		}
	}
	if gone == "" {
		t.Fatal("no knock-out match waits with both teams known")
	}
	withdraw := func(entry string) string {
		return `form:has(input[name="entry"][value="` + entry + `"]) [data-testid="withdraw"]`
	}
	do("entries", chromedp.Navigate(srv.URL+"/admin/t/"+id+"/entries"), chromedp.WaitVisible(withdraw(kept)))
	accept.Store(false)
	do("withdraw-cancelled", chromedp.Click(withdraw(kept), chromedp.NodeVisible))
	asked("withdraws")
	accept.Store(true)
	do("withdraw-confirmed",
		chromedp.Click(withdraw(gone), chromedp.NodeVisible),
		chromedp.WaitNotPresent(withdraw(gone)),
	)
	asked("withdraws")
	shot("10-withdrawn")
	d := latest().Tournament.Disciplines[0]
	if !slices.Contains(d.Withdrawn, gone) || slices.Contains(d.Withdrawn, kept) {
		t.Fatalf("withdrawn %v: want %s and not %s", d.Withdrawn, gone, kept)
	}
	if m, _ := latest().Match(given); m.State != tournament.MatchPlayed || m.Forfeit != tournament.ForfeitWithdrawal || m.Winner() != 0 {
		t.Fatalf("the withdrawn team's match: %s, forfeit %q, winner %d", m.State, m.Forfeit, m.Winner())
	}

	// The knock-out, played to its end.
	for i := 0; ; i++ {
		m := running(ko)
		if m == nil {
			break
		}
		if i%2 == 1 {
			helped++
			enter(on, m, 7)
		} else {
			enter(do, m, 5)
		}
	}
	var final *tournament.Match
	for _, m := range latest().Matches {
		if m.StageID == ko && m.State != tournament.MatchPlayed {
			t.Fatalf("knock-out match %s is %s with nothing running", m.ID, m.State)
		}
		if m.StageID == ko && m.WinnerTo == nil && m.Bracket != tournament.BracketThirdPlace {
			final = m
		}
	}
	champion := final.Entries[final.Winner()].Name
	t.Logf("%d results entered in the browser, %d of them on the helper's phone; champion %s", results, helped, champion)
	do("finished-public",
		chromedp.Navigate(srv.URL+"/t/"+id),
		chromedp.WaitVisible(`[data-testid="winners"]`),
	)
	shot("11-champion-public")
	if text, _ := chromedp.Run(org, chromedp.Text(`[data-testid="winners"]`)); !strings.Contains(text, strings.SplitN(champion, ":", 2)[0]) {
		t.Errorf("the public page's winners read %q, want the champion %q", text, champion)
	}
	do("finished-console", chromedp.Navigate(srv.URL+"/admin/t/"+id), chromedp.WaitVisible(`main`))
	shot("12-champion-console")
	if text, _ := chromedp.Run(org, chromedp.Text(`main`)); !strings.Contains(text, strings.SplitN(champion, ":", 2)[0]) {
		t.Errorf("the finished console does not name the champion %q:\n%s", champion, text)
	}
}

// holds polls the page until the expression holds, across htmx's swaps of the
// page's body and full navigations (an evaluation or a node waited on may be
// lost under either): within 30 s, a ceiling against hanging.
func holds(t *testing.T, b context.Context, name, expr string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok, err := chromedp.Run(b, chromedp.Evaluate[bool](`!!(`+expr+`)`))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			screenshot(t, b, "saturday-"+name+"-failed")
			t.Fatalf("%s: gave up waiting for %s (%v)", name, expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
