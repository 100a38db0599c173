package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// layoutProblems reads what a person sees inside the element scope: every
// visible piece of text must lie wholly on the screen and inside the box of
// each of its ancestors that hides overflow, and no two pieces of text may
// overlap. It returns what breaks that, in words.
const layoutProblems = `((scope) => {
	const root = document.querySelector(scope);
	if (!root) return ['nothing matches ' + scope];
	const texts = [];
	const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (!n.textContent.trim()) continue;
		const el = n.parentElement;
		if (el.closest('.sr-only, [hidden], svg') || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
		const s = getComputedStyle(el);
		if (s.visibility === 'hidden' || s.opacity === '0') continue;
		const range = document.createRange();
		range.selectNodeContents(n);
		for (const r of range.getClientRects()) if (r.width > 0.5 && r.height > 0.5) texts.push({el, r, t: n.textContent.trim()});
	}
	const out = [];
	const W = innerWidth, H = innerHeight;
	for (const x of texts) {
		if (x.r.left < -0.5 || x.r.top < -0.5 || x.r.right > W + 0.5 || x.r.bottom > H + 0.5) out.push('off the screen: ' + x.t);
		for (let a = x.el; a && a !== document.body; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflow === 'visible' && s.overflowX === 'visible' && s.overflowY === 'visible') continue;
			const b = a.getBoundingClientRect();
			if (x.r.left < b.left - 1 || x.r.right > b.right + 1 || x.r.top < b.top - 1 || x.r.bottom > b.bottom + 1) { out.push('cut: ' + x.t); break; }
		}
	}
	for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
		const a = texts[i].r, b = texts[j].r;
		const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
		if (w > 1 && h > 0.25 * Math.min(a.height, b.height)) out.push('overlap: ' + texts[i].t + ' / ' + texts[j].t);
	}
	return [...new Set(out)];
})`

// TestFinishedTVGivesThePrizes finishes the six disciplines of the Hamburg
// Open and puts its TV on a 1920×1080 screen: it gives the prizes one
// discipline at a time, full screen, each podium with its final's score,
// and nothing on any of them overlaps or is cut. (It once showed all six
// podiums at once, spilling over each other, the clock and the QR code.)
func TestFinishedTVGivesThePrizes(t *testing.T) {
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	snap := playOut(t, store, hamburg.Tournament.ID)
	if snap.Tournament.State != "finished" {
		t.Fatalf("the Hamburg Open is %s after playing every match", snap.Tournament.State)
	}
	b := browser(t)
	do := steps(t, b, "prize-giving", false)
	do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+hamburg.Tournament.ID+"/tv"), chromedp.WaitVisible(`[data-court-page]:not([hidden]) [data-testid="podium"]`))
	pages, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="podium"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if pages != 6 {
		t.Fatalf("%d podiums, want one for each of the six disciplines", pages)
	}
	for i := range pages {
		do(fmt.Sprintf("podium %d", i+1), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-testid="podium"]').forEach((p, i) => p.closest('[data-court-page]').hidden = i !== %d); window.dispatchEvent(new Event('resize'))`, i)))
		screenshot(t, b, fmt.Sprintf("prize-giving-%d", i+1))
		shown, err := chromedp.Run(b, chromedp.Evaluate[int](`[...document.querySelectorAll('[data-testid="podium"]')].filter(p => p.offsetParent).length`))
		if err != nil {
			t.Fatal(err)
		}
		if shown != 1 {
			t.Errorf("podium %d: %d podiums on the screen at once, want one", i+1, shown)
		}
		problems, err := chromedp.Run(b, chromedp.Evaluate[[]string](layoutProblems+`('body')`))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("podium %d:\n%s", i+1, strings.Join(problems, "\n"))
		}
		facts, err := chromedp.Run(b, chromedp.Evaluate[[]string](`(() => {
			const p = [...document.querySelectorAll('[data-testid="podium"]')].find(p => p.offsetParent);
			const box = p.getBoundingClientRect();
			const winner = p.querySelector('[data-testid="podium-place"]');
			const out = [];
			if (box.width * box.height < 0.5 * innerWidth * innerHeight) out.push('the podium takes ' + Math.round(100 * box.width * box.height / innerWidth / innerHeight) + '% of the screen');
			if (!winner || parseFloat(getComputedStyle(winner).fontSize) < 48) out.push('the winner is ' + (winner ? getComputedStyle(winner).fontSize : 'missing'));
			return out;
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(facts) > 0 {
			t.Errorf("podium %d: %s", i+1, strings.Join(facts, "; "))
		}
	}
	finals, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="podium-final"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if finals < 2 { // the two knock-outs and the double elimination end in a final
		t.Errorf("%d podiums show their final's score, want the knock-outs' at least", finals)
	}
}

// hallNames are players as the demo names them, some with long names.
var hallNames = []string{"Katja Walker", "Umut de Vries", "Lucie Becker", "Greta Kowalski", "Alfie Hoffmann", "Hannes Taylor", "Noémie Roberts", "Lukas Werner",
	"Bastien Chevalier", "Wiebke Hartmann", "Étienne Fontaine", "Yusuf Yılmaz", "Friederike Krüger", "Maximilian Lange", "Camille Laurent", "Konstantin Richter",
	"Olivia Mercier", "Théo Schwarz", "Amélie Dubois", "Niklas Jansen", "Zoe García", "Oscar Nielsen", "Poppy Thomas", "Jonas Novak",
	"Isla Evans", "Mathis Moreau", "Freya Wright", "Simon Klein", "Ines Braun", "Paul Hughes"}

// hallTournament is a running tournament on ten tables whose disciplines
// and stage have long names (the round line of a tile is long), with busy
// of its tables playing: doubles and singles in turn, each with a score.
func hallTournament(t *testing.T, store *cache.Store, org tournament.Organizer, busy int) *tournament.Snapshot {
	t.Helper()
	ctx := context.Background()
	var teams, singles []tournament.SetupEntry
	for i := range 10 {
		teams = append(teams, tournament.SetupEntry{Name: hallNames[2*i] + " / " + hallNames[2*i+1]})
		singles = append(singles, tournament.SetupEntry{Name: strings.Fields(hallNames[i])[0] + " " + strings.Fields(hallNames[29-i])[len(strings.Fields(hallNames[29-i]))-1]})
	}
	stage := tournament.SetupStage{Name: "Consolation round of the losers", Mode: tournament.RoundRobin,
		MatchConfiguration: tournament.MatchConfiguration{Name: "Best of three to 5", NumPoints: 5, NumSets: 2, TwoAhead: true}}
	setup := &tournament.Setup{Organizer: org.Slug, Name: "Hanse Masters", Public: true, StartTime: tournament.At(cachetest.Now.Add(-time.Hour)),
		Courts: []string{"Table 1", "Table 2", "Table 3", "Table 4", "Table 5", "Table 6", "Table 7", "Table 8", "Table 9", "Table 10"},
		Disciplines: []tournament.SetupDiscipline{
			{Name: "Mixed Doubles of the Hanseatic League", ShortName: "MD", EntryType: tournament.EntryBYP, Entries: teams, Stages: []tournament.SetupStage{stage}},
			{Name: "Open Singles of the Hanseatic League", ShortName: "OS", EntryType: tournament.EntrySingle, Entries: singles, Stages: []tournament.SetupStage{stage}},
		}}
	snap, err := store.CreateTournament(ctx, org, setup)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	write := func(f func(*tournament.Snapshot) (*tournament.Change, error)) {
		t.Helper()
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := store.Write(ctx, s, f); err != nil {
			t.Fatal(err)
		}
	}
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.Start(cachetest.Now.Add(-time.Hour))
	})
	for court := range busy {
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		d := s.Tournament.Disciplines[court%2]
		var next *tournament.Match
		for _, m := range s.Matches {
			if m.DisciplineID == d.ID && m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil && !s.Busy(m) {
				next = m
				break
			}
		}
		if next == nil {
			t.Fatalf("no match to call to table %d", court+1)
		}
		courtID := s.Tournament.Courts[court].ID
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CallMatch(next.ID, []string{courtID}, cachetest.Now.Add(-3*time.Minute))
		})
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(next.ID, tournament.Encounters{{{5, 3}, {2, 4}}}, false, cachetest.Now.Add(-time.Minute), "test")
		})
	}
	s, err := store.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// readTileNames is every name on the TV's court tiles as a person sees it:
// its size in px, and whether it is cut.
const readTileNames = `[...document.querySelectorAll('[data-court-page]:not([hidden]) .tv-tile [data-testid="court-name"]')].map(n => {
	const tile = n.closest('.tv-tile'), r = n.getBoundingClientRect(), b = tile.getBoundingClientRect();
	return {Court: tile.dataset.court, Name: n.innerText.trim(), Px: parseFloat(getComputedStyle(n).fontSize),
		Cut: r.bottom > b.bottom + 0.5 || r.right > b.right + 0.5 || tile.scrollHeight > tile.clientHeight + 1};
})`

type tileName struct {
	Court, Name string
	Px          float64
	Cut         bool
}

// TestTVTileNamesStayLarge puts ten busy tables, doubles and singles, each
// tile with a long round line, on a 1920×1080 TV in English and in German:
// every name is at least 36 px and nothing in a tile is cut. Pairs whose
// full names do not fit show their surnames. (The fitting script shrank
// only the names, to 16 px in German, while the round line wrapped.)
func TestTVTileNamesStayLarge(t *testing.T) {
	srv, store, demo := site(t)
	snap := hallTournament(t, store, demo.Organizers[0], 10)
	b := browser(t)
	for _, lang := range []string{"en", "de"} {
		do := steps(t, b, "tile-names-"+lang, false)
		do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+snap.Tournament.ID+"/tv?lang="+lang),
			chromedp.WaitVisible(`.tv-tile [data-testid="court-name"]`))
		screenshot(t, b, "tile-names-"+lang)
		names, err := chromedp.Run(b, chromedp.Evaluate[[]tileName](readTileNames))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) != 20 {
			t.Fatalf("%s: %d names on the tiles, want two on each of ten", lang, len(names))
		}
		line, err := chromedp.Run(b, chromedp.Evaluate[string](`document.querySelector('.tv-tile header + p').innerText`))
		if err != nil {
			t.Fatal(err)
		}
		if len(line) < 70 {
			t.Errorf("%s: the round line %q is not long", lang, line)
		}
		short := 0
		for _, n := range names {
			if n.Px < 36 || n.Cut {
				t.Errorf("%s: table %s: %q at %.1f px, cut %v", lang, n.Court, n.Name, n.Px, n.Cut)
			}
			if strings.Contains(n.Name, "/") && len(strings.Fields(n.Name)) == 3 {
				short++
			}
		}
		t.Logf("%s: %d pairs by their surnames", lang, short)
	}
}

// TestTVGivesTheRoomToMatches: with one table of ten busy, its tile takes
// at least a third of a 1920×1080 TV, and the nine free tables share one
// line. (Once it had a tenth of the screen beside nine "FREE" tiles.)
func TestTVGivesTheRoomToMatches(t *testing.T) {
	srv, store, demo := site(t)
	snap := hallTournament(t, store, demo.Organizers[0], 1)
	b := browser(t)
	do := steps(t, b, "one-busy", false)
	do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+snap.Tournament.ID+"/tv"), chromedp.WaitVisible(`.tv-tile`))
	screenshot(t, b, "one-busy")
	share, err := chromedp.Run(b, chromedp.Evaluate[float64](`(() => { const r = document.querySelector('.tv-tile').getBoundingClientRect(); return r.width * r.height / innerWidth / innerHeight; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if share < 1.0/3 {
		t.Errorf("the one busy table's tile takes %.0f%% of the screen, want a third at least", 100*share)
	}
	free, err := chromedp.Run(b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="free-courts"]')].map(p => p.innerText + ' @' + Math.round(p.getBoundingClientRect().height))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(free) != 1 || !strings.Contains(free[0], "Table 2") || !strings.Contains(free[0], "Table 10") {
		t.Errorf("the free tables are shown as %q, want one line naming them", free)
	}
	problems, err := chromedp.Run(b, chromedp.Evaluate[[]string](layoutProblems+`('body')`))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("%s", strings.Join(problems, "\n"))
	}
}

// fill is how much of the screen a TV's view takes and how large its names are.
type fill struct {
	Width, Height, MinName float64
	Names                  int
	Title                  string
}

// TestTVBracketFillsTheScreen draws a double elimination of 32 on a
// 1920×1080 TV's bracket view, before a match is played and after the
// first round: the tree, mirrored with its finals in the middle, fills at
// least 85% of the screen's width or height, every name is at least 20 px
// as a person sees it, none is cut, and the title names the discipline.
// (It used 50–60% of the screen with names of 8 px.)
func TestTVBracketFillsTheScreen(t *testing.T) {
	srv, store, demo := site(t)
	names := longNames(32)
	seed := map[string]int{}
	for i, n := range names {
		seed[n] = i
	}
	b := browser(t)
	for _, state := range []string{"unplayed", "first round played"} {
		snap := knockout(t, store, demo.Organizers[0], "Double Cup "+state, tournament.DoubleElimination, names, func(w func(func(*tournament.Snapshot) (*tournament.Change, error)), latest func() *tournament.Snapshot) {
			if state == "unplayed" {
				return
			}
			first := latest().Tournament.Disciplines[0].Stages[0].Groups[0].Rounds[0].ID
			playKnockout(w, latest, seed, func(m *tournament.Match) bool { return m.RoundID != first })
		})
		g := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
		do := steps(t, b, "tv-bracket-32-"+strings.ReplaceAll(state, " ", "-"), false)
		do("open", chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+snap.Tournament.ID+"/tv?rotate=bracket:"+g.ID), chromedp.WaitReady(`[data-testid="bracket"]`))
		do("show", showPanel(1)...)
		pages, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('[data-panel]:not([hidden]) [data-court-page]').length`))
		if err != nil {
			t.Fatal(err)
		}
		if pages != 2 {
			t.Errorf("%s: the tree is on %d pages, want the winners' and the losers'", state, pages)
		}
		for page := range pages {
			do(fmt.Sprintf("page %d", page+1), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-panel]:not([hidden]) [data-court-page]').forEach((p, i) => p.hidden = i !== %d); window.dispatchEvent(new Event('resize'))`, page)))
			name := fmt.Sprintf("tv-bracket-32-%s-%d", strings.ReplaceAll(state, " ", "-"), page+1)
			screenshot(t, b, name)
			f, err := chromedp.Run(b, chromedp.Evaluate[fill](`(() => {
				const panel = document.querySelector('[data-panel]:not([hidden])');
				const shown = panel.querySelector('[data-court-page]:not([hidden])');
				const tree = shown.querySelector('.tv-bracket').getBoundingClientRect();
				const names = [...shown.querySelectorAll('[data-testid="bracket-name"]')];
				const seen = n => parseFloat(getComputedStyle(n).fontSize) * n.getBoundingClientRect().height / n.offsetHeight;
				return {Width: tree.width / innerWidth, Height: tree.height / innerHeight, Names: names.length,
					MinName: Math.min(...names.map(seen)), Title: panel.querySelector('h2').innerText};
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: the tree takes %.0f%% of the width, %.0f%% of the height; %d names, the smallest %.1f px", name, 100*f.Width, 100*f.Height, f.Names, f.MinName)
			if f.Width < 0.85 && f.Height < 0.85 {
				t.Errorf("%s: the tree takes %.0f%% of the width and %.0f%% of the height, want 85%% of one", name, 100*f.Width, 100*f.Height)
			}
			if f.MinName < 20 {
				t.Errorf("%s: names down to %.1f px, want 20 px or more", name, f.MinName)
			}
			if !strings.Contains(f.Title, "Open Singles") {
				t.Errorf("%s: the view's title %q does not name the discipline", name, f.Title)
			}
			r := tree(t, b, `[data-panel]:not([hidden]) [data-court-page]:not([hidden]) [data-testid="bracket"]`)
			if r.Cut > 0 || r.Overflowing > 0 {
				t.Errorf("%s: %d names cut (%q), %d boxes overflow", name, r.Cut, r.CutNames, r.Overflowing)
			}
		}
	}
}
