package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/tournament"
)

// colourJS defines tone(el): the hue (degrees) and chroma (0–1) of the
// background a person sees behind el, to tell red from green from grey.
const colourJS = `
var tone = el => {
	for (let e = el; e; e = e.parentElement) {
		const c = (getComputedStyle(e).backgroundColor.match(/[\d.]+/g) || []).map(Number);
		if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) {
			const [r, g, b] = c.map(v => v / 255), mx = Math.max(r, g, b), mn = Math.min(r, g, b), d = mx - mn;
			let h = 0;
			if (d > 0) h = mx === r ? 60 * (((g - b) / d) % 6) : mx === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
			return {Hue: (h + 360) % 360, Chroma: d};
		}
	}
	return {Hue: 0, Chroma: 0};
};
var reddish = t => t.Chroma > 0.05 && (t.Hue >= 330 || t.Hue <= 20);
`

// TestDeskPhoneResultFormAndLinks opens the console and a result form on a
// 390×844 phone in English, German and French: every link of the console's
// row is on the screen, whole; each score column has its side's name over
// it; and the second look before finishing offers "Yes, finish the match"
// and Cancel, with no other Finish beside them. Cancel brings the form back
// as typed and saves nothing. (The German row cut its fifth link; the form
// named no side over its columns and showed two finish buttons and no Cancel.)
func TestDeskPhoneResultFormAndLinks(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var match *tournament.Match
	for _, m := range snap.Matches {
		g, _ := snap.Group(m.GroupID)
		if cfg := snap.Config(m); m.State == tournament.MatchRunning && !cfg.QuickEntry && cfg.NumSets == 1 && len(g.Encounters) == 0 {
			match = m
			break
		}
	}
	if match == nil {
		t.Fatal("the demo has no running match of one set")
	}
	b := browser(t)
	do := steps(t, b, "deskphone", false)
	do("sign-in", chromedp.EmulateViewport(390, 844))
	signIn(t, b, srv.URL, token)
	console := srv.URL + "/admin/t/" + id
	for _, lang := range []string{"en", "de", "fr"} {
		do("console-"+lang, chromedp.Navigate(console+"?lang="+lang), chromedp.WaitVisible(`[data-testid="played-link"]`))
		viewShot(t, b, "deskphone-console-"+lang)
		fitsWidth(t, b, "console "+lang)
		type link struct {
			Text        string
			Left, Right float64
			Clipped     bool
		}
		links, err := chromedp.Run(b, chromedp.Evaluate[[]link](`[...document.querySelector('[data-testid="played-link"]').parentElement.querySelectorAll('a')].map(a => {
			const r = a.getBoundingClientRect();
			return {Text: a.innerText, Left: r.left, Right: r.right, Clipped: a.scrollWidth > a.clientWidth + 1 && getComputedStyle(a).overflow !== 'visible'};
		})`))
		if err != nil {
			t.Fatal(err)
		}
		if len(links) < 6 {
			t.Errorf("%s: the console's row has %d links, want six", lang, len(links))
		}
		for _, l := range links {
			if l.Left < 0 || l.Right > 390 || l.Clipped {
				t.Errorf("%s: the link %q is at %.0f–%.0f px on a 390 px screen", lang, l.Text, l.Left, l.Right)
			}
		}

		do("result-"+lang, chromedp.Navigate(console+"/matches/"+match.ID), chromedp.WaitVisible(`[data-testid="result-form"]`))
		screenshot(t, b, "deskphone-result-"+lang)
		fitsWidth(t, b, "result form "+lang)
		type head struct {
			Name         string
			Centre, Over float64
		}
		heads, err := chromedp.Run(b, chromedp.Evaluate[[]head](`[...document.querySelectorAll('[data-testid="side-head"]')].map((h, i) => {
			const r = h.getBoundingClientRect(), input = document.querySelector('input[name="s.0.0.' + (i % 2) + '"]').getBoundingClientRect();
			return {Name: h.innerText, Centre: r.left + r.width / 2, Over: input.left + input.width / 2};
		})`))
		if err != nil {
			t.Fatal(err)
		}
		if len(heads) != 2 {
			t.Fatalf("%s: %d side names over the score columns, want two", lang, len(heads))
		}
		for i, h := range heads {
			if want := match.Entries[i].Name; !strings.HasPrefix(want, strings.TrimSuffix(h.Name, "…")) || h.Name == "" {
				t.Errorf("%s: column %d is headed %q, want %q", lang, i+1, h.Name, want)
			}
			if d := abs(h.Centre - h.Over); d > 8 {
				t.Errorf("%s: %q is centred %.0f px away from its score field", lang, h.Name, d)
			}
		}
	}

	// The second look: Yes and Cancel, nothing else that finishes.
	do("finish", chromedp.Navigate(console+"/matches/"+match.ID+"?lang=en"), chromedp.WaitVisible(`[data-testid="result-form"]`),
		chromedp.SetValue(`input[name="s.0.0.0"]`, "7"), chromedp.SetValue(`input[name="s.0.0.1"]`, "4"),
		chromedp.Click(`[data-testid="finish"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="confirm-finish"]`))
	screenshot(t, b, "deskphone-confirm")
	buttons, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="result-form"] button:not([data-step])')].filter(b => b.offsetParent && !b.hidden).map(b => b.innerText.trim())`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(buttons, "|") != "Cancel|Yes, finish the match" {
		t.Errorf("the second look offers %q, want Cancel and Yes, finish the match", buttons)
	}
	do("cancel", chromedp.Click(`[data-testid="cancel-finish"]`, chromedp.NodeVisible), chromedp.WaitNotPresent(`[data-testid="confirm"]`), chromedp.WaitVisible(`[data-testid="finish"]`))
	screenshot(t, b, "deskphone-cancelled")
	kept, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('input[name="s.0.0.0"]').value + ':' + document.querySelector('input[name="s.0.0.1"]').value`))
	if err != nil {
		t.Fatal(err)
	}
	if kept != "7:4" {
		t.Errorf("after Cancel the form reads %q, want what was typed, 7:4", kept)
	}
	if s, _ := store.Snapshot(ctx, id); s != nil {
		if m, _ := s.Match(match.ID); m.State != tournament.MatchRunning || tournament.SameResult(m.Encounters, tournament.Encounters{{{7, 4}}}) {
			t.Errorf("Cancel saved something: the match is %s with %v", m.State, m.Encounters)
		}
	}
}

// TestCourtPageMessagesInTheirColour opens court pages on a 390×844 phone in
// English, German and French. In a tournament where the desk enters the
// results, the page says so in a neutral box, not a red error. When two
// phones report different results, the second sees one message, red: the
// desk decides. (It saw a green "Result reported." above the red one, and
// the desk's rule in a red error box.)
func TestCourtPageMessagesInTheirColour(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var court *tournament.Court
	for i, c := range snap.Tournament.Courts {
		if m := snap.CourtMatch(c.ID); m != nil && snap.Config(m).NumSets == 1 && snap.Config(m).NumPoints == 7 && !snap.Config(m).QuickEntry {
			court = &snap.Tournament.Courts[i]
			break
		}
	}
	if court == nil {
		t.Fatal("no court plays a match of one set to 7")
	}
	codes, err := store.CourtCodes(ctx, id, []string{court.ID}, false)
	if err != nil {
		t.Fatal(err)
	}
	page := srv.URL + "/c/" + codes[court.ID]
	b := browser(t)
	type seen struct {
		Boxes []string
		Red   []bool
		Alert bool
	}
	// messages are the court page's message boxes above the form: what they say, and which are red.
	messages := func(c context.Context) seen {
		t.Helper()
		s, err := chromedp.Run(c, chromedp.Evaluate[seen](colourJS+`(() => {
			const boxes = [...document.querySelectorAll('[data-testid="court-page"] p.rounded-md')].filter(p => p.offsetParent);
			return {Boxes: boxes.map(p => p.innerText), Red: boxes.map(p => reddish(tone(p))), Alert: boxes.some(p => p.getAttribute('role') === 'alert')};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, lang := range []string{"en", "de", "fr"} {
		do := steps(t, b, "courtnote-"+lang, true)
		do("open", chromedp.EmulateViewport(390, 844), chromedp.Navigate(page+"?lang="+lang), chromedp.WaitVisible(`[data-testid="court-match"]`))
		s := messages(b)
		if len(s.Boxes) != 1 || s.Red[0] || s.Alert {
			t.Errorf("%s: the desk-only court page shows %q (red %v, an alert: %v), want one neutral note", lang, s.Boxes, s.Red, s.Alert)
		}
	}

	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetReporting(tournament.ReportingConfirmed, false, time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	report := func(name, lang string, a, b2 int, until string) context.Context {
		c, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if err := chromedp.Do(c, chromedp.EmulateViewport(390, 844)); err != nil { // the phone's tab lives as long as the test
			t.Fatal(err)
		}
		do := steps(t, c, "courtdispute-"+name, true)
		do("report", chromedp.Navigate(page+"?lang="+lang), chromedp.WaitVisible(`[data-testid="report-form"]`),
			chromedp.SetValue(`[data-testid="report-form"] input[name="s.0.0.0"]`, fmt.Sprint(a)),
			chromedp.SetValue(`[data-testid="report-form"] input[name="s.0.0.1"]`, fmt.Sprint(b2)),
			chromedp.Click(`[data-testid="report"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="send-report"]`),
			chromedp.Click(`[data-testid="send-report"]`, chromedp.NodeVisible), chromedp.WaitVisible(until))
		return c
	}
	report("anna", "en", 7, 5, `[data-testid="pending"]`)
	ben := report("ben", "en", 5, 7, `[data-testid="disputed"]`)
	after, err := chromedp.Run(ben, chromedp.Evaluate[string](`location.href`))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de", "fr"} {
		// The page the report answered with, in each language.
		do := steps(t, ben, "courtdispute-"+lang, true)
		do("seen", chromedp.Navigate(after+"&lang="+lang), chromedp.WaitVisible(`[data-testid="disputed"]`))
		s := messages(ben)
		if len(s.Boxes) != 1 || !s.Red[0] {
			t.Errorf("%s: the disputing phone shows %q (red: %v), want one red message", lang, s.Boxes, s.Red)
		}
	}
}

// viewShot saves what the screen shows, without scrolling, as
// e2e/screenshots/<name>.png: the top of a long page, as a phone shows it.
func viewShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWithdrawOnAPhoneFindsAsksNamesAndUndoes withdraws a player on a
// 390×844 phone in English, German and French: typing in the search leaves
// the player's row alone on the screen; the Withdraw button is a thumb's
// size (44 px high at least) and asks first; the message after it names the
// player, and its Undo brings the player back with the matches open again.
// (Withdraw was an 82×28 px link on each row of a 4,783 px list with no
// search; the message said "Withdrawn" without who, and nothing undid it.)
func TestWithdrawOnAPhoneFindsAsksNamesAndUndoes(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	d := hamburg.Tournament.Disciplines[0]
	withdrawn := func(entry string) bool {
		snap, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		dd, _ := snap.Discipline(d.ID)
		return slices.Contains(dd.Withdrawn, entry)
	}
	b := browser(t)
	dialog := answerDialogs(t, b)
	do := steps(t, b, "withdraw-phone", false)
	do("sign-in", chromedp.EmulateViewport(390, 844))
	signIn(t, b, srv.URL, token)
	for i, lang := range []string{"en", "de", "fr"} {
		entry := d.EntryIDs[i+2]
		name := demoName(hamburg, entry)
		row := `[data-testid="entry-row"]:has(input[name="entry"][value="` + entry + `"])`
		do("entries-"+lang, chromedp.Navigate(srv.URL+"/admin/t/"+id+"/entries?lang="+lang), chromedp.WaitVisible(`#entries-q`),
			chromedp.SendKeys(`#entries-q`, strings.ToLower(name)))
		type seen struct {
			Shown           []string
			Width, Height   float64
			Top, PageTaller float64
		}
		s, err := chromedp.Run(b, chromedp.Evaluate[seen](`(() => {
			const rows = [...document.querySelectorAll('[data-testid="entry-row"]')].filter(r => r.offsetParent);
			const btn = document.querySelector('`+row+` [data-testid="withdraw"]').getBoundingClientRect();
			return {Shown: rows.map(r => r.dataset.name), Width: btn.width, Height: btn.height, Top: btn.top, PageTaller: document.documentElement.scrollHeight};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		viewShot(t, b, "withdraw-phone-"+lang+"-found")
		if !slices.Contains(s.Shown, name) || len(s.Shown) > 3 {
			t.Errorf("%s: typing %q leaves %d rows: %q", lang, name, len(s.Shown), s.Shown)
		}
		if s.Height < 44 || s.Width < 44 || s.Top > 844 {
			t.Errorf("%s: the Withdraw button is %.0f×%.0f px at %.0f px down a %.0f px page", lang, s.Width, s.Height, s.Top, s.PageTaller)
		}
		dialog.accept.Store(false)
		do("cancelled-"+lang, chromedp.Click(row+` [data-testid="withdraw"]`, chromedp.NodeVisible))
		if q := dialog.asked(); !strings.Contains(q, name) {
			t.Errorf("%s: Withdraw asked %q, which does not name %s", lang, q, name)
		}
		if withdrawn(entry) {
			t.Fatalf("%s: Cancel withdrew %s", lang, name)
		}
		dialog.accept.Store(true)
		do("withdrawn-"+lang, chromedp.Click(row+` [data-testid="withdraw"]`, chromedp.NodeVisible), chromedp.WaitVisible(`[data-testid="undo"]`))
		dialog.asked()
		viewShot(t, b, "withdraw-phone-"+lang+"-withdrawn")
		fitsWidth(t, b, "withdrawn "+lang)
		flash, err := chromedp.Run(b, chromedp.Text(`[data-testid="flash"]`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(flash, name) || !withdrawn(entry) {
			t.Errorf("%s: after withdrawing %s the message reads %q (withdrawn: %v)", lang, name, flash, withdrawn(entry))
		}
		do("undone-"+lang, chromedp.Click(`[data-testid="undo"]`, chromedp.NodeVisible), chromedp.WaitNotPresent(`[data-testid="undo"]`), chromedp.WaitVisible(`[data-testid="flash"]`))
		viewShot(t, b, "withdraw-phone-"+lang+"-undone")
		if withdrawn(entry) {
			t.Errorf("%s: Undo left %s withdrawn", lang, name)
		}
	}
}

func demoName(dt tournament.DemoTournament, id string) string {
	for _, e := range dt.Entries {
		if e.ID == id {
			return e.Name
		}
	}
	panic("no entry " + id)
}

// TestScreenFormShowsTheFieldsOfItsKind picks each kind of screen in the
// console's new-screen form on a 390×844 phone, in English, German and
// French: only the fields that kind uses are on the screen (the name, and a
// courts screen's courts and seconds, a table's group, a rotation's views,
// a message's text). (Every field showed for every choice.)
func TestScreenFormShowsTheFieldsOfItsKind(t *testing.T) {
	srv, store, demo := site(t)
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"courts":    "courts every name",
		"standings": "group name",
		"bracket":   "group name",
		"rotation":  "courts every name rotate",
		"message":   "message name",
	}
	form := `[data-testid="screen-form"]:has(input[name="new"])`
	b := browser(t)
	do := steps(t, b, "screenform", false)
	do("sign-in", chromedp.EmulateViewport(390, 844))
	signIn(t, b, srv.URL, token)
	for _, lang := range []string{"en", "de", "fr"} {
		do("open-"+lang, chromedp.Navigate(srv.URL+"/admin/t/"+lyon.Tournament.ID+"/screens?lang="+lang), chromedp.WaitVisible(form))
		for _, kind := range []string{"courts", "standings", "bracket", "rotation", "message"} {
			do(kind+"-"+lang, chromedp.Click(form+` input[name="show"][value="`+kind+`"]`, chromedp.NodeVisible))
			shown, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...new Set([...document.querySelectorAll('`+form+` :is(input, select):not([type=hidden]):not([name=show])')].filter(e => e.getClientRects().length).map(e => e.name))].sort()`))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(shown, " "); got != want[kind] {
				t.Errorf("%s: a %s screen's form shows %q, want %q", lang, kind, got, want[kind])
			}
			if kind == "rotation" || kind == "standings" {
				if err := chromedp.Do(b, chromedp.ScrollIntoView(form)); err != nil {
					t.Fatal(err)
				}
				viewShot(t, b, "screenform-"+lang+"-"+kind)
			}
		}
	}
}

// TestNewTournamentTakesTheBrowsersZone opens the new-tournament form on a
// 390×844 phone set to Chicago's time, in English, German and French: the
// venue's time zone is filled with the browser's, not UTC, and the
// organizer can still type another.
func TestNewTournamentTakesTheBrowsersZone(t *testing.T) {
	srv, store, demo := site(t)
	lyon := tournamentNamed(demo, "Lyon Pétanque Masters")
	token, _, err := store.CreateToken(context.Background(), lyon.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	do := steps(t, b, "newzone", false)
	do("sign-in", chromedp.EmulateViewport(390, 844), inZone("America/Chicago"))
	signIn(t, b, srv.URL, token)
	for _, lang := range []string{"en", "de", "fr"} {
		do("new-"+lang, chromedp.Navigate(srv.URL+"/admin/new?lang="+lang), chromedp.WaitVisible(`input[name="timeZone"]`),
			chromedp.ScrollIntoView(`input[name="timeZone"]`))
		viewShot(t, b, "newzone-"+lang)
		zone, err := chromedp.Run(b, chromedp.Value(`input[name="timeZone"]`))
		if err != nil {
			t.Fatal(err)
		}
		if zone != "America/Chicago" {
			t.Errorf("%s: the new tournament's time zone reads %q on a device in Chicago", lang, zone)
		}
	}
}

// TestSessionEndsWhileTypingAScore types a score on a 390×844 phone in
// English, German and French, ends the session (its login revoked), and
// sends the form: the sign-in comes, and signing in again shows the match
// with the typed score back in its fields. (The score was lost, and the
// sign-in landed on a 404.)
func TestSessionEndsWhileTypingAScore(t *testing.T) {
	srv, store, demo := site(t)
	ctx := context.Background()
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	id := hamburg.Tournament.ID
	snap, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var match *tournament.Match
	for _, m := range snap.Matches {
		g, _ := snap.Group(m.GroupID)
		if cfg := snap.Config(m); m.State == tournament.MatchRunning && !cfg.QuickEntry && cfg.NumSets == 1 && len(g.Encounters) == 0 {
			match = m
			break
		}
	}
	if match == nil {
		t.Fatal("no running match of one set")
	}
	b := browser(t)
	do := steps(t, b, "session", false)
	do("viewport", chromedp.EmulateViewport(390, 844))
	for i, lang := range []string{"en", "de", "fr"} {
		token, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Desk "+lang)
		if err != nil {
			t.Fatal(err)
		}
		signIn(t, b, srv.URL, token)
		do("type-"+lang, chromedp.Navigate(srv.URL+"/admin/t/"+id+"/matches/"+match.ID+"?lang="+lang), chromedp.WaitVisible(`[data-testid="result-form"]`),
			chromedp.SendKeys(`input[name="s.0.0.0"]`, fmt.Sprint(3+i)), chromedp.SendKeys(`input[name="s.0.0.1"]`, "2"))
		k, err := store.Authenticate(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.RevokeKey(ctx, k.ID); err != nil { // the session ends
			t.Fatal(err)
		}
		again, _, err := store.CreateToken(ctx, hamburg.Tournament.OrganizerID, "Desk again "+lang)
		if err != nil {
			t.Fatal(err)
		}
		do("save-"+lang, chromedp.Click(`[data-testid="save-live"]`, chromedp.NodeVisible), chromedp.WaitVisible(`input[name="token"]`),
			chromedp.SendKeys(`input[name="token"]`, again), chromedp.Submit(`input[name="token"]`), chromedp.WaitVisible(`[data-testid="result-form"]`))
		viewShot(t, b, "session-"+lang+"-back")
		typed, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('input[name="s.0.0.0"]').value + ':' + document.querySelector('input[name="s.0.0.1"]').value`))
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%d:2", 3+i); typed != want {
			t.Errorf("%s: signed in again, the form reads %q, want the typed %s", lang, typed, want)
		}
	}
}
