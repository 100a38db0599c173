package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
)

// TestDeskCorrectsASwissUnderAutomaticCalling: a Swiss with automatic
// calling has drawn round 2 and called it to the four tables when the desk
// finds a wrong round 1 result. The correction asks first, naming the round
// drawn again and the tables its called matches leave; confirmed, round 2 is
// drawn again from the corrected standings and called, and no table keeps a
// match of the old draw.
func TestDeskCorrectsASwissUnderAutomaticCalling(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	ctx := context.Background()
	org := demo.Organizers[0]
	var entries []tournament.SetupEntry
	for i := range 8 {
		entries = append(entries, tournament.SetupEntry{Name: fmt.Sprintf("Player %d", i+1)})
	}
	setup := &tournament.Setup{Organizer: org.Slug, Name: "Friday Swiss", Public: true, AutoCall: true,
		StartTime: tournament.At(cachetest.Now.Add(-time.Hour)), Courts: []string{"Table 1", "Table 2", "Table 3", "Table 4"},
		Disciplines: []tournament.SetupDiscipline{{Name: "Open Singles", ShortName: "OS", EntryType: tournament.EntrySingle, Entries: entries,
			Stages: []tournament.SetupStage{{Name: "Swiss", Mode: tournament.Swiss, Rounds: 3,
				MatchConfiguration: tournament.MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}}}}}}
	snap, err := store.CreateTournament(ctx, org, setup)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	latest, write := writer(t, store, id)
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.Start(cachetest.Now.Add(-time.Hour))
	})
	round1 := latest().Matches
	for _, m := range round1 { // the first named wins every match of round 1
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(m.ID, tournament.Encounters{{{7, 3}}}, true, cachetest.Now.Add(-30*time.Minute), "desk")
		})
	}
	g := latest().Tournament.Disciplines[0].Stages[0].Groups[0]
	oldRound2 := latest().MatchesWhere(func(m *tournament.Match) bool { return m.RoundID == g.Rounds[1].ID })
	for _, m := range oldRound2 {
		if m.State != tournament.MatchRunning {
			t.Fatalf("round 2's %s is %s: automatic calling did not call it", m.ID, m.State)
		}
	}
	wrong := round1[0]
	token, _, err := store.CreateToken(ctx, org.ID, "Desk")
	if err != nil {
		t.Fatal(err)
	}

	b := browser(t)
	do := steps(t, b, "swiss-correction", true)
	do("1-sign-in",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
	)
	do("2-correct",
		chromedp.Navigate(srv.URL+"/admin/t/"+id+"/matches/"+wrong.ID),
		chromedp.Click(`[data-testid="amend"] summary`, chromedp.NodeVisible),
		// 3:7, not 7:3: the second named won
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.0"]`, "3"),
		chromedp.SetValue(`[data-testid="correct-form"] input[name="s.0.0.1"]`, "7"),
		chromedp.Click(`[data-testid="correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="confirm-correct"]`),
		chromedp.ScrollIntoView(`[data-testid="amend-confirm"]`),
	)
	confirm, err := chromedp.Run(b, chromedp.Text(`[data-testid="amend-confirm"]`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Now " + wrong.Entries[1].Name + " wins", "Round 2 will be drawn again", "4 matches are taken away", "4 of them had been called", "Table 1", "Table 4", "taken back"} {
		if !strings.Contains(confirm, want) {
			t.Errorf("the confirmation says %q, without %q", confirm, want)
		}
	}
	// The confirmation as a person sees it: the button to confirm below the words, wide enough to hit.
	box, err := chromedp.Run(b, chromedp.Evaluate[[]float64](`(() => { const t = document.querySelector('[data-testid="amend-confirm"]').getBoundingClientRect(); const b = document.querySelector('[data-testid="confirm-correct"]').getBoundingClientRect(); return [t.width, b.width, b.height, b.top - t.top] })()`))
	if err != nil {
		t.Fatal(err)
	}
	if box[1] < box[0]*0.8 || box[2] < 44 || box[3] <= 0 {
		t.Errorf("the confirm button on a phone: %.0f wide in a %.0f panel, %.0f high, %.0f below its top", box[1], box[0], box[2], box[3])
	}
	bothSizes(t, b, "swiss-correction-confirm")
	if _, err := chromedp.Run(b, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	do("3-confirmed",
		chromedp.Click(`[data-testid="confirm-correct"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(`[data-testid="flash"]`),
	)

	after := latest()
	if m, _ := after.Match(wrong.ID); m.Winner() != 1 {
		t.Errorf("the corrected match's winner is side %d", m.Winner())
	}
	for _, m := range oldRound2 {
		if _, ok := after.Match(m.ID); ok {
			t.Errorf("%s of the old round 2 is still there", m.ID)
		}
	}
	g = after.Tournament.Disciplines[0].Stages[0].Groups[0]
	round2 := after.MatchesWhere(func(m *tournament.Match) bool { return m.RoundID == g.Rounds[1].ID })
	var onCourts []string
	for _, m := range round2 {
		if m.State != tournament.MatchRunning || len(m.CourtIDs) != 1 {
			t.Errorf("the new round 2's %s is %s on %v", m.ID, m.State, m.CourtIDs)
			continue
		}
		onCourts = append(onCourts, m.Entries[0].Name+" – "+m.Entries[1].Name)
	}
	if len(round2) != 4 || len(g.Rounds) != 2 {
		t.Fatalf("after the correction: %d rounds, %d matches in round 2", len(g.Rounds), len(round2))
	}
	// The console's tables show the new draw, each with its take-back while no point is played.
	do("4-console",
		chromedp.Navigate(srv.URL+"/admin/t/"+id),
		chromedp.WaitVisible(`[data-testid="console-court"]`),
	)
	tables, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="console-court"]')].map(c => c.innerText)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range onCourts {
		if !slices.ContainsFunc(tables, func(s string) bool { return strings.Contains(s, pair) }) {
			t.Errorf("no table of the console shows %q: %q", pair, tables)
		}
	}
	takeBacks, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="take-back"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if takeBacks != 4 {
		t.Errorf("%d take-back buttons on the 4 tables of matches with no score", takeBacks)
	}
}
