package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"courtside/tournament"
)

// inZone runs the page's scripts as on a device set to zone.
func inZone(zone string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone})
		return err
	})
}

// shownTime is a <time> as a person reads it once the scripts ran.
type shownTime struct {
	Text, Datetime, Zone, Title string
	Estimate                    bool
}

// shownTimes are the page's times of day (time[data-local]).
func shownTimes(t *testing.T, b context.Context) []shownTime {
	t.Helper()
	got, err := chromedp.Run(b, chromedp.Evaluate[[]shownTime](`[...document.querySelectorAll("time[data-local]")].map(el => ({
		Text: el.textContent.trim(), Datetime: el.getAttribute("datetime"), Zone: el.getAttribute("data-zone") || "",
		Title: el.title, Estimate: el.hasAttribute("data-estimate")}))`))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// checkTimes fails the test unless every time of day on the page reads as
// a clock in loc reads it ("jetzt" for an expected start that has passed),
// and at least atLeast of them are a clock.
func checkTimes(t *testing.T, b context.Context, page string, loc *time.Location, atLeast int) {
	t.Helper()
	times := shownTimes(t, b)
	clocks := 0
	for _, s := range times {
		if s.Text != "jetzt" {
			clocks++
		}
	}
	if clocks < atLeast {
		t.Errorf("%s: %d times of day, want at least %d: %+v", page, clocks, atLeast, times)
	}
	for _, s := range times {
		at, err := time.Parse(time.RFC3339, s.Datetime)
		if err != nil {
			t.Errorf("%s: datetime %q: %v", page, s.Datetime, err)
			continue
		}
		want := at.In(loc).Format("15:04")
		passed := s.Estimate && s.Text == "jetzt" && at.Before(time.Now())
		if s.Text != want && !passed {
			t.Errorf("%s: %s reads %q, want %s (%s)", page, s.Datetime, s.Text, want, loc)
		}
	}
}

// checkNote fails the test unless the page says, visibly, that its times are Paris's.
func checkNote(t *testing.T, b context.Context, page string) {
	t.Helper()
	note, err := chromedp.Run(b, chromedp.Evaluate[string](`(el => el && !el.hidden && el.offsetHeight > 0 ? el.textContent : "")(document.querySelector('[data-testid="venue-zone"]'))`))
	if err != nil || !strings.Contains(note, "Europe/Paris") {
		t.Errorf("%s: no visible note that the times are the venue's (%q, %v)", page, note, err)
	}
}

// TestTimesAreTheVenuesOnADeviceElsewhere opens a tournament in Paris on a
// phone and a TV set to Tokyo (eight hours ahead): after the scripts ran,
// every time of day on the tournament page, a match page, the court board
// and the TV reads the Paris clock, the TV's clock tells the time in Paris,
// the tournament's day is the Paris day, and a line says the times are the
// venue's. A tournament without a zone still shows the device's own time.
func TestTimesAreTheVenuesOnADeviceElsewhere(t *testing.T) {
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	paris, _ := time.LoadLocation("Europe/Paris")
	tokyo, _ := time.LoadLocation("Asia/Tokyo")

	// The Hamburg Open moves to Paris: it starts at 00:30 on 29 Nov there
	// (23:30 on the 28th in UTC, 08:30 on the 29th in Tokyo). Its running
	// matches began two minutes ago and the tables they leave free are
	// closed, so that the next matches are expected later than now.
	changed := *hamburg.Tournament
	changed.TimeZone = "Europe/Paris"
	changed.StartTime = tournament.At(time.Date(2026, 11, 28, 23, 30, 0, 0, time.UTC))
	changed.EndTime = tournament.At(changed.StartTime.Add(time.Hour))
	var running *tournament.Match
	busy := map[string]bool{}
	matches := make([]*tournament.Match, len(hamburg.Matches))
	for i, m := range hamburg.Matches {
		matches[i] = m
		if m.State == tournament.MatchRunning {
			c := *m
			c.StartTime = tournament.At(time.Now().Add(-2 * time.Minute).Truncate(time.Minute))
			matches[i] = &c
			for _, id := range c.CourtIDs {
				busy[id] = true
			}
			if running == nil && len(c.CourtIDs) == 1 {
				running = &c
			}
		}
	}
	changed.Courts = append([]tournament.Court{}, changed.Courts...)
	for i := range changed.Courts {
		changed.Courts[i].Closed = !busy[changed.Courts[i].ID]
	}
	if running == nil {
		t.Fatal("the demo's Hamburg Open has no running match on one table")
	}
	if err := store.PutTournament(context.Background(), &changed, matches, hamburg.Entries); err != nil {
		t.Fatal(err)
	}
	base := srv.URL + "/t/" + changed.ID

	b := browser(t)
	do := steps(t, b, "venuetime", false)
	do("zone", inZone("Asia/Tokyo"))
	if zone, _ := chromedp.Run(b, chromedp.Evaluate[string](`Intl.DateTimeFormat().resolvedOptions().timeZone`)); zone != "Asia/Tokyo" {
		t.Fatalf("the browser runs in %q", zone)
	}

	// A phone: the tournament page, a match page, the court board.
	// Navigate returns after the load event: the scripts have run.
	do("tournament", chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+"?lang=de"), chromedp.WaitReady(`[data-testid="dates"]`))
	if day, _ := chromedp.Run(b, chromedp.Text(`[data-testid="dates"]`)); strings.TrimSpace(day) != "29.11.2026" {
		t.Errorf("tournament page: the day reads %q, want 29.11.2026 (the Paris day)", day)
	}
	checkNote(t, b, "tournament page")
	checkTimes(t, b, "tournament page", paris, 0)
	screenshot(t, b, "venuetime-tournament-390")

	do("match", chromedp.Navigate(base+"/matches/"+running.ID+"?lang=de"), chromedp.WaitVisible(`time[data-local]`))
	checkTimes(t, b, "match page", paris, 1)
	if ts := shownTimes(t, b); len(ts) > 0 && (ts[0].Zone != "Europe/Paris" || !strings.Contains(ts[0].Title, "Ortszeit (Europe/Paris)")) {
		t.Errorf("match page: the start names zone %q, tooltip %q", ts[0].Zone, ts[0].Title)
	}
	screenshot(t, b, "venuetime-match-390")

	do("board", chromedp.Navigate(base+"/courts?lang=de"), chromedp.WaitReady(`[data-testid="court"]`))
	checkNote(t, b, "court board")
	checkTimes(t, b, "court board", paris, 2)
	screenshot(t, b, "venuetime-board-390")
	do("board desktop", chromedp.EmulateViewport(1440, 900), chromedp.Reload(), chromedp.WaitReady(`[data-testid="court"]`))
	checkNote(t, b, "court board on a desktop")
	screenshot(t, b, "venuetime-board-1440")

	// A TV whose system is set elsewhere: its clock and times are the venue's.
	do("tv", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(base+"/tv?lang=de"), chromedp.WaitVisible(`[data-testid="clock"]`))
	var clock string
	var before, after time.Time
	for range 3 { // the minute may turn between reading the clock and the time
		before = time.Now()
		clock, _ = chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('[data-testid="clock"]').textContent`))
		after = time.Now()
		if before.In(paris).Format("15:04") == after.In(paris).Format("15:04") {
			break
		}
	}
	if want := before.In(paris).Format("15:04"); clock != want {
		t.Errorf("TV: the clock reads %q, want %s in Paris (%s in Tokyo)", clock, want, before.In(tokyo).Format("15:04"))
	}
	checkTimes(t, b, "TV", paris, 2)
	screenshot(t, b, "venuetime-tv-1920")

	// An old TV whose browser cannot format in a named zone (its Intl throws
	// at "Europe/Paris"): the clock still tells the venue's time, from the
	// offset the server wrote; it was blank.
	old := browser(t)
	if err := chromedp.Do(old, inZone("Asia/Tokyo"), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(function () {
			var DTF = Intl.DateTimeFormat, local = Date.prototype.toLocaleTimeString;
			Intl.DateTimeFormat = function (l, o) { if (o && o.timeZone) throw new RangeError("no zones here"); return new DTF(l, o); };
			Date.prototype.toLocaleTimeString = function (l, o) { if (o && o.timeZone) throw new RangeError("no zones here"); return local.call(this, l, o); };
		})();`})
		return err
	}), chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(base+"/tv?lang=de"), chromedp.WaitVisible(`[data-testid="clock"]`)); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		before = time.Now()
		clock, _ = chromedp.Run(old, chromedp.Evaluate[string](`document.querySelector('[data-testid="clock"]').textContent`))
		after = time.Now()
		if before.In(paris).Format("15:04") == after.In(paris).Format("15:04") {
			break
		}
	}
	if want := before.In(paris).Format("15:04"); clock != want {
		t.Errorf("an old TV: the clock reads %q, want %s in Paris", clock, want)
	}

	// Before the start, a TV says when play starts: 00:30 in Paris (08:30 in
	// Tokyo), three days from now.
	raw, err := os.ReadFile("../tournament/testdata/setup/club-night.json")
	if err != nil {
		t.Fatal(err)
	}
	setup, err := tournament.ParseSetup(raw)
	if err != nil {
		t.Fatal(err)
	}
	d := time.Now().In(paris).AddDate(0, 0, 3)
	startAt := time.Date(d.Year(), d.Month(), d.Day(), 0, 30, 0, 0, paris)
	setup.TimeZone, setup.StartTime = "Europe/Paris", tournament.At(startAt)
	org, err := store.OrganizerBySlug(context.Background(), setup.Organizer)
	if err != nil {
		t.Fatal(err)
	}
	night, err := store.CreateTournament(context.Background(), org, setup)
	if err != nil {
		t.Fatal(err)
	}
	do("before", chromedp.Navigate(srv.URL+"/t/"+night.Tournament.ID+"/tv?lang=de"), chromedp.WaitVisible(`[data-testid="start-time"]`))
	if start, _ := chromedp.Run(b, chromedp.Text(`[data-testid="start-time"]`)); strings.TrimSpace(start) != "00:30" {
		t.Errorf("TV before the start: play starts at %q, want 00:30 (Paris)", start)
	}
	if day, _ := chromedp.Run(b, chromedp.Text(`[data-testid="start-day"]`)); strings.TrimSpace(day) != startAt.Format("02.01.2006") {
		t.Errorf("TV before the start: play starts on %q, want %s (Paris)", day, startAt.Format("02.01.2006"))
	}
	screenshot(t, b, "venuetime-tv-before-1920")

	// A tournament without a zone: nothing better is known than the device's own.
	autumn := tournamentNamed(demo, "Autumn Cup 2026")
	unzoned := *autumn.Tournament
	unzoned.TimeZone = "" // set up before venues had zones
	if err := store.PutTournament(context.Background(), &unzoned, autumn.Matches, autumn.Entries); err != nil {
		t.Fatal(err)
	}
	var played *tournament.Match
	for _, m := range autumn.Matches {
		if m.State == tournament.MatchPlayed && !m.StartTime.IsZero() {
			played = m
			break
		}
	}
	if played == nil {
		t.Fatal("the demo's Autumn Cup has no played match")
	}
	do("no zone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(fmt.Sprintf("%s/t/%s/matches/%s?lang=de", srv.URL, autumn.Tournament.ID, played.ID)), chromedp.WaitVisible(`time[data-local][title]`))
	checkTimes(t, b, "match without a zone", tokyo, 1)
}
