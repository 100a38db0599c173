package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/record"
	"courtside/tournament"
)

// venueCases are instants whose day at the venue is not the UTC day, with
// what the venue's clock and calendar read then.
var venueCases = []struct {
	zone         string
	at           time.Time
	clock, day   string // at the venue
	utc, utcDay  string // what a page in UTC said
	consoleStart string // the start as the console types it, at the venue
}{
	{"Europe/Paris", time.Date(2026, 11, 28, 23, 30, 0, 0, time.UTC), "00:30", "29 Nov 2026", "23:30", "28 Nov 2026", "2026-11-29T00:30"},
	{"America/New_York", time.Date(2026, 11, 29, 3, 30, 0, 0, time.UTC), "22:30", "28 Nov 2026", "03:30", "29 Nov 2026", "2026-11-28T22:30"},
}

// atVenue puts the Hamburg Open at a venue in zone, starting at at, with a
// running match on one court that began then; the match is returned.
func (f *fixture) atVenue(zone string, at time.Time) (tournament.DemoTournament, *tournament.Match) {
	f.t.Helper()
	hamburg := f.tournament("Hamburg Open 2026")
	running := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchRunning && len(m.CourtIDs) == 1 && m.Entries[0] != nil && m.Entries[1] != nil
	})
	changed := *hamburg.Tournament
	changed.TimeZone = zone
	changed.StartTime, changed.EndTime = tournament.At(at), tournament.At(at.Add(time.Hour))
	matches := make([]*tournament.Match, len(hamburg.Matches))
	for i, m := range hamburg.Matches {
		matches[i] = m
		if m.ID == running.ID {
			c := *m
			c.StartTime = tournament.At(at)
			matches[i], running = &c, &c
		}
	}
	if err := f.store.PutTournament(context.Background(), &changed, matches, hamburg.Entries); err != nil {
		f.t.Fatal(err)
	}
	hamburg.Tournament, hamburg.Matches = &changed, matches
	return hamburg, running
}

// courtTile is the tile of a court on a board.
func courtTile(doc *goquery.Document, tournamentCourts []tournament.Court, courtID string) *goquery.Selection {
	for i, c := range tournamentCourts {
		if c.ID == courtID {
			return doc.Find(`[data-testid="court"]`).Eq(i)
		}
	}
	return doc.Find(`nothing`)
}

// TestPublicPagesShowTheVenuesTime: a tournament in Paris or New York shows
// its times and days as the venue reads them, written by the server (right
// without JavaScript), each time naming the venue's zone for the browser and
// in its tooltip: the tournament page's day, the day on the home and
// organizer pages, a match's start, a court's tile on the board, the embed
// and the TV, and the TV's clock. On UTC's clock and calendar these read
// 23:30 and 28 Nov (Paris), 03:30 and 29 Nov (New York).
func TestPublicPagesShowTheVenuesTime(t *testing.T) {
	for _, c := range venueCases {
		t.Run(c.zone, func(t *testing.T) {
			f := newFixture(t)
			hamburg, running := f.atVenue(c.zone, c.at)
			base := "/t/" + hamburg.Tournament.ID

			_, doc := f.page(base)
			if got := strings.Join(strings.Fields(doc.Find(`[data-testid="dates"]`).Text()), " "); got != c.day {
				t.Errorf("tournament page: the day reads %q, want %q", got, c.day)
			}
			if note := doc.Find(`[data-testid="venue-zone"]`); note.AttrOr("data-venue-zone", "") != c.zone || !strings.Contains(note.Text(), c.zone) {
				t.Errorf("tournament page: no note of the venue's zone: %q", note.Text())
			}
			for _, list := range []string{"/", "/o/kickerclub-hamburg"} {
				_, doc := f.page(list)
				found := false
				doc.Find(`[data-testid="tournament-card"]`).Each(func(_ int, s *goquery.Selection) {
					if strings.Contains(s.Text(), hamburg.Tournament.Name) {
						found = true
						if !strings.Contains(s.Text(), c.day) || strings.Contains(s.Text(), c.utcDay) {
							t.Errorf("%s: the card reads %q, want the day %s", list, strings.Join(strings.Fields(s.Text()), " "), c.day)
						}
					}
				})
				if !found {
					t.Errorf("%s does not list the tournament", list)
				}
			}

			_, doc = f.page(base + "/matches/" + running.ID)
			started := doc.Find(`time[data-local]`).First()
			if started.Text() != c.clock || started.AttrOr("data-zone", "") != c.zone {
				t.Errorf("match page: the start reads %q in zone %q, want %s in %s", started.Text(), started.AttrOr("data-zone", ""), c.clock, c.zone)
			}
			if title := started.AttrOr("title", ""); !strings.Contains(title, c.day+", "+c.clock) || !strings.Contains(title, c.zone) {
				t.Errorf("match page: the start's tooltip reads %q", title)
			}

			for _, board := range []string{base + "/courts", "/embed" + base + "/courts", base + "/tv"} {
				rec, doc := f.page(board)
				if rec.Code != http.StatusOK {
					t.Fatalf("%s: %d", board, rec.Code)
				}
				tile := courtTile(doc, hamburg.Tournament.Courts, running.CourtIDs[0])
				if strings.HasSuffix(board, "/tv") {
					tile = doc.Find(`[data-testid="court"][data-called$="|` + running.ID + `"]`)
				}
				if got := strings.TrimSpace(tile.Find(`[data-since]`).Text()); got != c.clock {
					t.Errorf("%s: the court's match began at %q, want %s", board, got, c.clock)
				}
			}
			if err := f.store.PutScreen(context.Background(), hamburg.Tournament.ID, record.Screen{Name: "hall", Show: "courts"}); err != nil {
				t.Fatal(err)
			}
			for _, tv := range []string{base + "/tv", base + "/screens/hall"} {
				_, doc = f.page(tv)
				if zone := doc.Find(`[data-testid="clock"]`).AttrOr("data-zone", ""); zone != c.zone {
					t.Errorf("%s: the clock runs in zone %q, want %s", tv, zone, c.zone)
				}
			}
		})
	}
}

// TestTVBeforeTheStartSaysTheVenuesStartTime: a tournament set up in the
// console at the venue's 00:30 (Paris) or 22:30 (New York), three days from
// now, says "Play starts at" that time on its TV with the venue's day, and
// its page and the console's list give that day; one that starts today at
// the venue says the time alone.
func TestTVBeforeTheStartSaysTheVenuesStartTime(t *testing.T) {
	for _, c := range venueCases {
		t.Run(c.zone, func(t *testing.T) {
			f := newFixture(t)
			o, _ := f.signIn(f.token)
			venue, _ := time.LoadLocation(c.zone)
			create := func(start time.Time) (string, *goquery.Document) {
				t.Helper()
				form := twoDisciplines()
				form.Set("timeZone", c.zone)
				form.Set("start", start.In(venue).Format("2006-01-02T15:04"))
				form.Del("end")
				loc := o.do(http.MethodPost, "/admin/new", form).Header().Get("Location")
				id := strings.TrimPrefix(strings.TrimSuffix(loc, "/setup?done=created"), "/admin/t/")
				snap, err := f.store.Snapshot(context.Background(), id)
				if err != nil {
					t.Fatalf("create: %v (%s)", err, loc)
				}
				if !snap.Tournament.StartTime.Equal(start) {
					t.Fatalf("the start was stored as %s, want %s", snap.Tournament.StartTime.UTC(), start.UTC())
				}
				_, doc := f.page("/t/" + id + "/tv")
				return id, doc
			}
			// Three days from now, at the case's time of day at the venue (a day the UTC calendar does not share).
			d, hm := time.Now().In(venue).AddDate(0, 0, 3), c.at.In(venue)
			at := time.Date(d.Year(), d.Month(), d.Day(), hm.Hour(), hm.Minute(), 0, 0, venue)
			day := at.Format("2 Jan 2006")
			id, doc := create(at)
			start := doc.Find(`[data-testid="start-time"] time`)
			if strings.TrimSpace(start.Text()) != c.clock || start.AttrOr("data-zone", "") != c.zone {
				t.Errorf("TV: play starts at %q (zone %q), want %s", strings.TrimSpace(start.Text()), start.AttrOr("data-zone", ""), c.clock)
			}
			if got := strings.TrimSpace(doc.Find(`[data-testid="start-day"]`).Text()); got != day {
				t.Errorf("TV: play starts on %q, want %s", got, day)
			}
			_, doc = f.page("/t/" + id)
			if got := strings.Join(strings.Fields(doc.Find(`[data-testid="dates"]`).Text()), " "); got != day {
				t.Errorf("tournament page: the day reads %q, want %q", got, day)
			}
			mine := o.doc(o.do(http.MethodGet, "/admin", nil)).Find(`[data-testid="my-tournaments"] a[href^="/admin/t/` + id + `"]`)
			if text := strings.Join(strings.Fields(mine.Text()), " "); !strings.Contains(text, day) {
				t.Errorf("console: the tournament reads %q, want the day %s", text, day)
			}
			// Today at the venue (this very minute): the time alone.
			if _, doc := create(time.Now().Truncate(time.Minute)); doc.Find(`[data-testid="start-day"]`).Length() != 0 {
				t.Errorf("TV: a start today says the day %q", doc.Find(`[data-testid="start-day"]`).Text())
			}
		})
	}
}

// TestATournamentWithoutAZoneStaysInUTC: without a zone nothing better is
// known; the server writes UTC and says so, and names no zone, so that the
// browser shows the viewer's own time as before.
func TestATournamentWithoutAZoneStaysInUTC(t *testing.T) {
	f := newFixture(t)
	hamburg, running := f.atVenue("", venueCases[0].at)
	_, doc := f.page("/t/" + hamburg.Tournament.ID + "/matches/" + running.ID)
	started := doc.Find(`time[data-local]`).First()
	if started.Text() != "23:30 UTC" || started.AttrOr("data-zone", "none") != "none" {
		t.Errorf("the start reads %q (zone %q)", started.Text(), started.AttrOr("data-zone", "none"))
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID)
	if doc.Find(`[data-testid="venue-zone"]`).Length() != 0 || !strings.Contains(doc.Find(`[data-testid="dates"]`).Text(), "28 Nov 2026") {
		t.Errorf("without a zone: %q", doc.Find(`[data-testid="dates"]`).Text())
	}
	_, doc = f.page("/t/" + hamburg.Tournament.ID + "/tv")
	if _, named := doc.Find(`[data-testid="clock"]`).Attr("data-zone"); named {
		t.Error("the TV's clock names a zone")
	}
}
