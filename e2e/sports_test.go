package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"courtside/internal/testkit"
	"courtside/tournament"
)

// sportDay is one sport's ordinary match as a club enters it: what the
// result form is filled with, and how the confirmation, the public match
// page and the TV write the result.
type sportDay struct {
	sport tournament.Sport
	// fill enters the result into the form, as taps and typing.
	fill    []chromedp.Action[chromedp.Void]
	confirm string   // the confirmation's "… wins 13:7"
	page    []string // what the public match page shows of it
	tv      string   // the TV's last result
	rules   string   // the result form's line on how the match is won
}

// tap taps the quick-entry button of leg k for a side's win ("1:0" or "0:1").
func tap(k int, score string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(fmt.Sprintf(`label:has(> input[name="q.0.%d"][value="%s"])`, k, score), chromedp.NodeVisible)
}

// typeSets types each set's score into the result form.
func typeSets(sets ...[2]string) []chromedp.Action[chromedp.Void] {
	var out []chromedp.Action[chromedp.Void]
	for k, s := range sets {
		out = append(out, chromedp.SetValue(fmt.Sprintf(`input[name="s.0.%d.0"]`, k), s[0]), chromedp.SetValue(fmt.Sprintf(`input[name="s.0.%d.1"]`, k), s[1]))
	}
	return out
}

// TestEachSportPlaysItsOwnMatchFromAPhone: an organizer of pétanque, darts,
// table tennis and cornhole makes a tournament in the console on a phone,
// keeping the form's match defaults, starts it, and enters the sport's
// ordinary result: 13:7; 3:1 in legs by four taps; 11:9 8:11 11:7 11:5;
// 21:15. The public match page and the TV read it back in the sport's way.
func TestEachSportPlaysItsOwnMatchFromAPhone(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, _ := site(t)
	days := []sportDay{
		{sport: tournament.Petanque, fill: typeSets([2]string{"13", "7"}), confirm: "wins 13:7", page: []string{"13 : 7"}, tv: "13 : 7", rules: "One game to 13"},
		{sport: tournament.Darts, fill: []chromedp.Action[chromedp.Void]{tap(0, "1:0"), tap(1, "0:1"), tap(2, "1:0"), tap(3, "1:0")},
			confirm: "wins 3:1", page: []string{"3 : 1", "Legs won", "1:0", "0:1"}, tv: "3 : 1", rules: "Best of 5 legs"},
		{sport: tournament.TableTennis, fill: typeSets([2]string{"11", "9"}, [2]string{"8", "11"}, [2]string{"11", "7"}, [2]string{"11", "5"}),
			confirm: "wins 3:1", page: []string{"3 : 1", "Games won", "11:9", "8:11", "11:7", "11:5"}, tv: "3 : 1", rules: "Best of 5 games to 11"},
		{sport: tournament.Cornhole, fill: typeSets([2]string{"21", "15"}), confirm: "wins 21:15", page: []string{"21 : 15"}, tv: "21 : 15", rules: "One game to 21"},
	}
	for _, day := range days {
		b := browser(t)
		ctx := context.Background()
		slug := "club-" + strings.ReplaceAll(string(day.sport), "_", "-")
		org, ps := tournament.NewOrganizer("Club "+string(day.sport), slug, string(day.sport))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		if err := store.CreateOrganizer(ctx, org); err != nil {
			t.Fatal(err)
		}
		token, _, err := store.CreateToken(ctx, org.ID, "Phone")
		if err != nil {
			t.Fatal(err)
		}
		do := steps(t, b, "sport-"+string(day.sport), true)
		do("1-new",
			chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(srv.URL+"/admin/login"),
			chromedp.SendKeys(`input[name="token"]`, token),
			chromedp.Submit(`input[name="token"]`),
			chromedp.WaitVisible(`[data-testid="new-tournament"]`),
			chromedp.Click(`[data-testid="new-tournament"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="setup-form"]`),
		)
		do("1-new-desktop", chromedp.EmulateViewport(1440, 900))
		do("1-new-phone", chromedp.EmulateViewport(390, 844))
		// The form offers the sport's formats, its default chosen, and hides
		// the points and sets a custom match would take.
		format, err := chromedp.Run(b, chromedp.Evaluate[string](`(s => s.options[s.selectedIndex].text)(document.querySelector('select[name="d0.s0.format"]'))`))
		if err != nil {
			t.Fatal(err)
		}
		custom, err := chromedp.Run(b, chromedp.Evaluate[bool](`!!document.querySelector('input[name="d0.s0.numPoints"]').offsetParent`))
		if err != nil {
			t.Fatal(err)
		}
		if format != day.rules || custom {
			t.Errorf("%s: the form's match is %q (points field shown: %v), want %q", day.sport, format, custom, day.rules)
		}
		do("2-created",
			chromedp.SendKeys(`input[name="name"]`, "Club day"),
			chromedp.SetValue(`input[name="start"]`, "2026-11-24T18:00"),
			chromedp.SetValue(`textarea[name="courts"]`, "2"),
			chromedp.SendKeys(`input[name="d0.name"]`, "Open"),
			chromedp.SendKeys(`input[name="d0.shortName"]`, "O"),
			chromedp.SetValue(`textarea[name="d0.entries"]`, "Anna Berg\nBen Kurz\nCem Yilmaz\nDana Roth"),
			chromedp.SendKeys(`input[name="d0.s0.name"]`, "Pool"),
			chromedp.SetValue(`select[name="d0.s0.mode"]`, "round_robin"),
			chromedp.Click(`[data-testid="save-setup"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="setup-manage"]`),
		)
		do("3-started",
			chromedp.Click(`[data-testid="start"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="console-court"]`),
		)
		u, err := chromedp.Run(b, chromedp.Location())
		if err != nil {
			t.Fatal(err)
		}
		id := strings.TrimPrefix(strings.Split(strings.TrimPrefix(u, srv.URL), "?")[0], "/admin/t/")
		snap, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var match *tournament.Match
		for _, m := range snap.Matches {
			if m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && (match == nil || m.Seq < match.Seq) {
				match = m
			}
		}
		if match == nil {
			t.Fatalf("%s: no open match after the start", day.sport)
		}
		console := "/admin/t/" + id
		item := fmt.Sprintf(`[data-testid="queue-item"][data-match="%s"]`, match.ID)
		enter := fmt.Sprintf(`a[href="%s/matches/%s"]`, console, match.ID)
		do("4-result-form",
			chromedp.Click(item+` [data-testid="call"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(enter),
			chromedp.Click(enter, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="result-form"]`),
		)
		if rules, _ := chromedp.Run(b, chromedp.Text(`main`)); !strings.Contains(rules, day.rules) {
			t.Errorf("%s: the result form does not say %q", day.sport, day.rules)
		}
		do("5-filled", day.fill...)
		do("5-filled-desktop", chromedp.EmulateViewport(1440, 900))
		do("5-filled-phone", chromedp.EmulateViewport(390, 844))
		do("6-confirm",
			chromedp.Click(`[data-testid="finish"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="confirm"]`),
		)
		if confirm, _ := chromedp.Run(b, chromedp.Text(`[data-testid="confirm"]`)); !strings.Contains(confirm, match.Entries[0].Name+" "+day.confirm) {
			t.Errorf("%s: the confirmation says %q, want %q", day.sport, confirm, day.confirm)
		}
		do("7-finished",
			chromedp.Click(`[data-testid="confirm-finish"]`, chromedp.NodeVisible),
			chromedp.WaitVisible(`[data-testid="flash"]`),
		)
		do("8-public", chromedp.Navigate(srv.URL+"/t/"+id+"/matches/"+match.ID), chromedp.WaitVisible(`main`))
		page, _ := chromedp.Run(b, chromedp.Text(`main`))
		for _, want := range day.page {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the public match page lacks %q:\n%s", day.sport, want, page)
			}
		}
		if err := chromedp.Do(b, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+id+"/tv"), chromedp.WaitVisible(`[data-testid="last-results"] li`)); err != nil {
			t.Fatalf("%s: tv: %v", day.sport, err)
		}
		screenshot(t, b, "sport-"+string(day.sport)+"-9-tv")
		if last, _ := chromedp.Run(b, chromedp.Text(`[data-testid="last-results"] li`)); !strings.Contains(last, day.tv) {
			t.Errorf("%s: the TV's last result is %q, want %q", day.sport, last, day.tv)
		}
	}
}
