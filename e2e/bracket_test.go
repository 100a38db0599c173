package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/tournament"
)

// knockout makes a public one-discipline knock-out tournament with the
// entries in seeding order, starts it and plays it as play says, through the
// rules as the console does.
func knockout(t *testing.T, store *cache.Store, org tournament.Organizer, name string, mode tournament.Mode, names []string, play func(w func(func(*tournament.Snapshot) (*tournament.Change, error)), snap func() *tournament.Snapshot)) *tournament.Snapshot {
	t.Helper()
	ctx := context.Background()
	var entries []tournament.SetupEntry
	for _, n := range names {
		entries = append(entries, tournament.SetupEntry{Name: n})
	}
	setup := &tournament.Setup{Organizer: org.Slug, Name: name, Public: true, StartTime: tournament.At(cachetest.Now.Add(-2 * time.Hour)),
		Courts: []string{"Table 1", "Table 2", "Table 3", "Table 4"},
		Disciplines: []tournament.SetupDiscipline{{Name: "Open Singles", ShortName: "OS", EntryType: tournament.EntrySingle, Entries: entries,
			Stages: []tournament.SetupStage{{Name: "Knock-out", Mode: mode, MatchConfiguration: tournament.MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}}}}}}
	snap, err := store.CreateTournament(ctx, org, setup)
	if err != nil {
		t.Fatal(err)
	}
	latest, write := writer(t, store, snap.Tournament.ID)
	write(func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.Start(cachetest.Now.Add(-2 * time.Hour))
	})
	play(write, latest)
	return latest()
}

// writer reads the tournament as it is now (latest) and writes to it
// through the rules, as the console does (write), failing t on an error.
func writer(t *testing.T, store *cache.Store, id string) (latest func() *tournament.Snapshot, write func(func(*tournament.Snapshot) (*tournament.Change, error))) {
	ctx := context.Background()
	latest = func() *tournament.Snapshot {
		s, err := store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	write = func(f func(*tournament.Snapshot) (*tournament.Change, error)) {
		t.Helper()
		if _, _, err := store.Write(ctx, latest(), f); err != nil {
			t.Fatal(err)
		}
	}
	return latest, write
}

// playKnockout plays the open matches with both entries known, the better
// seed (earlier in names) winning, until stop says to stop; the match it stops
// at is left to the caller.
func playKnockout(write func(func(*tournament.Snapshot) (*tournament.Change, error)), latest func() *tournament.Snapshot, seed map[string]int, stop func(*tournament.Match) bool) *tournament.Match {
	at := cachetest.Now.Add(-90 * time.Minute)
	for {
		var next *tournament.Match
		for _, m := range latest().Matches {
			if m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil {
				next = m
				break
			}
		}
		if next == nil || stop(next) {
			return next
		}
		court := latest().Tournament.Courts[0].ID
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CallMatch(next.ID, []string{court}, at)
		})
		r := tournament.Encounters{{{7, 3}}}
		if seed[next.Entries[1].Name] < seed[next.Entries[0].Name] {
			r = tournament.Encounters{{{3, 7}}}
		}
		at = at.Add(time.Minute)
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(next.ID, r, true, at, "test")
		})
	}
}

// longNames are entries as clubs write them: teams with both players, clubs with their town.
func longNames(n int) []string {
	first := []string{"Anna-Lena", "Maximilian", "Jonas", "Friederike", "Konstantin", "Mia", "Ole", "Henriette", "Leonhard", "Sophie", "Paul", "Charlotte", "Wilhelmina", "Ben", "Emil", "Clara"}
	last := []string{"Schmidt-Rottluff", "Oberhauser", "Becker", "von Bismarck-Schönhausen", "Wagner", "Müller", "Kowalczyk", "Hoffmann", "Zimmermann", "Nguyen", "Schäfer", "Papadopoulos", "Lindqvist", "Krause", "Yılmaz", "Vogel"}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s %s", first[i%len(first)], last[(i*7+i/len(first))%len(last)])
		if i%3 == 0 {
			out[i] += " (TSV Eimsbüttel 1889)"
		}
	}
	return out
}

// treeReport is what a person sees of a tree, read in the page.
type treeReport struct {
	Names, Cut, Boxes, Overflowing int
	CutNames                       []string
	Champion                       string
	Crowns                         int
}

const readTree = `(() => {
	const r = {Names: 0, Cut: 0, Boxes: 0, Overflowing: 0, CutNames: [], Champion: '', Crowns: 0};
	const root = document.querySelector(SCOPE);
	root.querySelectorAll('[data-testid="bracket-name"]').forEach(el => {
		r.Names++;
		const s = getComputedStyle(el);
		if (el.scrollWidth > el.clientWidth || s.textOverflow === 'ellipsis' && s.overflow !== 'visible') { r.Cut++; r.CutNames.push(el.textContent.trim()); }
	});
	root.querySelectorAll('[data-testid="bracket-match"], [data-testid="bracket-bye"]').forEach(box => {
		r.Boxes++;
		const b = box.getBoundingClientRect();
		for (const child of box.querySelectorAll('*')) {
			if (child.closest('.sr-only')) continue;
			const c = child.getBoundingClientRect();
			if (c.width && (c.right > b.right + 0.5 || c.left < b.left - 0.5 || c.bottom > b.bottom + 0.5)) { r.Overflowing++; break; }
		}
	});
	const ch = root.querySelector('[data-testid="champion"]');
	if (ch && ch.offsetParent) r.Champion = ch.textContent.replace(/\s+/g, ' ').trim();
	r.Crowns = root.querySelectorAll('[data-testid="crown"]').length;
	return r;
})()`

func tree(t *testing.T, ctx context.Context, scope string) treeReport {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[treeReport](strings.ReplaceAll(readTree, "SCOPE", "'"+scope+"'")))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBracketsReadLikeTheBest opens trees as a spectator does: a played-out
// double elimination at 1440 px shows every name whole, each box holding its
// content, and the champion crowned; an unplayed tree says "W1" where the
// winner of match 1 will stand, in full for a screen reader; a running match
// shows its live score; byes are a line, not a box; a tree wider than the
// page says it scrolls, and one that fits does not.
func TestBracketsReadLikeTheBest(t *testing.T) {
	testkit.EndToEnd(t)
	srv, store, demo := site(t)
	org := demo.Organizers[0]
	ctx := browser(t)
	open := func(w, h int64, url, wait string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(url), chromedp.WaitVisible(wait)); err != nil {
			t.Fatal(err)
		}
	}
	groupURL := func(snap *tournament.Snapshot) string {
		return srv.URL + "/t/" + snap.Tournament.ID + "/groups/" + snap.Tournament.Disciplines[0].Stages[0].Groups[0].ID
	}
	hint := func() (note bool, fade bool) {
		t.Helper()
		// The hint follows a resize or a poll; wait until it has been worked out once.
		if !eventually(ctx, `document.readyState === 'complete'`, testkit.Ceiling) {
			t.Fatal("page never loaded")
		}
		r, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[...document.querySelectorAll('[data-testid="scroll-note"]')].some(n => !n.hidden && n.offsetParent !== null)`+
			` ? [true, [...document.querySelectorAll('[data-testid="bracket-scroll"]')].some(b => getComputedStyle(b).maskImage !== 'none')] : [false, [...document.querySelectorAll('[data-testid="bracket-scroll"]')].some(b => getComputedStyle(b).maskImage !== 'none')]`))
		if err != nil {
			t.Fatal(err)
		}
		return r[0], r[1]
	}

	t.Run("finished double elimination", func(t *testing.T) {
		autumn := tournamentNamed(demo, "Autumn Cup 2026")
		url := srv.URL + "/t/" + autumn.Tournament.ID + "/groups/" + autumn.Tournament.Disciplines[0].Stages[0].Groups[0].ID
		for _, vp := range []struct{ w, h int64 }{{1440, 900}, {390, 844}, {1920, 1080}} {
			open(vp.w, vp.h, url, `[data-testid="bracket-match"]`)
			screenshot(t, ctx, fmt.Sprintf("bracket-double-%dx%d", vp.w, vp.h))
			fitsWidth(t, ctx, fmt.Sprintf("%d px", vp.w))
			r := tree(t, ctx, `[data-testid="bracket"]`)
			if r.Names < 28 || r.Cut > 0 || r.Overflowing > 0 {
				t.Errorf("%d px: %d names, %d cut (%q), %d of %d boxes overflow", vp.w, r.Names, r.Cut, r.CutNames, r.Overflowing, r.Boxes)
			}
			if !strings.Contains(r.Champion, "Champion") || r.Crowns != 1 {
				t.Errorf("%d px: champion banner %q, %d crowns; want the champion marked once in the tree", vp.w, r.Champion, r.Crowns)
			}
		}
	})

	t.Run("placeholders and live score", func(t *testing.T) {
		names := longNames(16)
		seed := map[string]int{}
		for i, n := range names {
			seed[n] = i
		}
		var live *tournament.Match
		snap := knockout(t, store, org, "Bracket Live Cup", tournament.Elimination, names, func(w func(func(*tournament.Snapshot) (*tournament.Change, error)), latest func() *tournament.Snapshot) {
			n := 0
			live = playKnockout(w, latest, seed, func(*tournament.Match) bool { n++; return n > 3 })
			court := latest().Tournament.Courts[1].ID
			w(func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.CallMatch(live.ID, []string{court}, cachetest.Now.Add(-5*time.Minute))
			})
			w(func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.SetResult(live.ID, tournament.Encounters{{{4, 2}}}, false, cachetest.Now.Add(-time.Minute), "test")
			})
		})
		open(1440, 900, groupURL(snap), `[data-testid="bracket-match"]`)
		screenshot(t, ctx, "bracket-live-1440x900")
		box := fmt.Sprintf(`[data-testid="bracket-match"][data-match="%s"]`, live.ID)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const box = document.querySelector('`+box+`');
			const score = [...box.querySelectorAll('[data-testid="bracket-score"]')].map(s => s.textContent.trim()).join(':');
			const liveMark = box.querySelector('[data-testid="bracket-live"]');
			return [score, liveMark && liveMark.offsetParent ? liveMark.textContent.trim() : '', getComputedStyle(box).boxShadow];
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != "4:2" || !strings.Contains(strings.ToLower(got[1]), "live") || got[2] == "none" {
			t.Errorf("the running match shows score %q, mark %q, ring %q; want 4:2, live and a ring", got[0], got[1], got[2])
		}
		// The quarter-final waiting for the first two matches: "W1" and "W2".
		ph, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="placeholder"]')].slice(0, 40).map(p => p.querySelector('[aria-hidden]')?.textContent.trim() + '|' + p.title + '|' + p.querySelector('.sr-only')?.textContent.trim())`))
		if err != nil {
			t.Fatal(err)
		}
		joined := strings.Join(ph, " ")
		if !strings.Contains(joined, "W5|Winner of match 5|Winner of match 5") {
			t.Errorf("placeholders read %q; want W5 with \"Winner of match 5\" in full", ph)
		}
		number, _ := chromedp.Run(ctx, chromedp.Text(box+` [data-testid="match-number"]`))
		if !strings.HasPrefix(number, "Match ") {
			t.Errorf("the running match's number reads %q", number)
		}
		// On a TV too, in its bracket panel.
		g := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/t/"+snap.Tournament.ID+"/tv?rotate=bracket:"+g.ID), chromedp.WaitReady(`[data-testid="bracket"]`)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, showPanel(1)...); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "tv-bracket-live-1920x1080")
		if tv, _ := chromedp.Run(ctx, chromedp.Text(`[data-panel]:not([hidden]) `+box)); !strings.Contains(tv, "4") || !strings.Contains(strings.ToLower(tv), "live") {
			t.Errorf("the TV's running match reads %q", tv)
		}
		// The same number on the match's own page.
		open(1440, 900, srv.URL+"/t/"+snap.Tournament.ID+"/matches/"+live.ID, `[data-testid="score"]`)
		crumb, _ := chromedp.Run(ctx, chromedp.Text(`nav[aria-label="Breadcrumb"]`))
		if !strings.Contains(crumb, number) {
			t.Errorf("the match page says %q, the bracket %q", crumb, number)
		}
		// German: "S5", "Sieger Spiel 5".
		open(1440, 900, groupURL(snap)+"?lang=de", `[data-testid="bracket-match"]`)
		defer open(1440, 900, groupURL(snap)+"?lang=en", `[data-testid="bracket-match"]`) // the language sticks
		de, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('[data-testid="placeholder"]')].map(p => p.querySelector('[aria-hidden]')?.textContent.trim() + '|' + p.title).join(' ')`))
		if !strings.Contains(de, "S5|Sieger Spiel 5") {
			t.Errorf("German placeholders read %q", de)
		}
	})

	t.Run("byes and a wide tree", func(t *testing.T) {
		// 37 entries: a tree of 64 with 27 byes, and a losers bracket of ten rounds.
		names := longNames(37)
		snap := knockout(t, store, org, "Bracket Bye Cup", tournament.DoubleElimination, names, func(w func(func(*tournament.Snapshot) (*tournament.Change, error)), latest func() *tournament.Snapshot) {
		})
		open(1440, 900, groupURL(snap), `[data-testid="bracket-match"]`)
		screenshot(t, ctx, "bracket-byes-1440x900")
		r := tree(t, ctx, `[data-testid="bracket"]`)
		if r.Cut > 0 || r.Overflowing > 0 {
			t.Errorf("%d names cut (%q), %d boxes overflow", r.Cut, r.CutNames, r.Overflowing)
		}
		byes, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
			const all = [...document.querySelectorAll('[data-testid="bracket-bye"]')];
			const boxy = all.filter(b => { const s = getComputedStyle(b); return s.borderTopWidth !== '0px' || s.backgroundColor !== 'rgba(0, 0, 0, 0)'; });
			const tall = all.filter(b => { const n = b.querySelector('[data-testid="bracket-name"]'); return b.getBoundingClientRect().height > (n ? n.getBoundingClientRect().height : 0) + 8; });
			const numbered = all.filter(b => b.textContent.includes('Match'));
			return [all.length, boxy.length, tall.length, numbered.length];
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if byes[0] < 27 || byes[1]+byes[2]+byes[3] > 0 {
			t.Errorf("%v byes: %v drawn as boxes, %v taller than their line, %v numbered; a bye must be a line", byes[0], byes[1], byes[2], byes[3])
		}
		lost, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="placeholder"]')].map(p => p.textContent.trim()).filter(t => !/^(W|L)\d+/.test(t) && t !== 'Bye')`))
		if len(lost) > 0 {
			t.Errorf("placeholders without a match number: %q", lost)
		}
		if note, fade := hint(); !note || !fade {
			t.Errorf("a tree wider than the page: scroll note %v, fade %v; want both", note, fade)
		}
		screenPart(t, ctx, `[data-part="losers"]`, "bracket-byes-losers-1440x900")
		// Scrolled to the end, the fade goes; the note stays while the tree is wider.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const b = [...document.querySelectorAll('[data-testid="bracket-scroll"]')].find(b => b.scrollWidth > b.clientWidth); b.scrollLeft = b.scrollWidth; return true })()`)); err != nil {
			t.Fatal(err)
		}
		if !eventually(ctx, `![...document.querySelectorAll('[data-testid="bracket-scroll"]')].find(b => b.scrollWidth > b.clientWidth).classList.contains('scroll-more')`, testkit.Ceiling) {
			t.Error("the fade stays at the end of the tree")
		}
		fitsWidth(t, ctx, "wide tree")
		open(390, 844, groupURL(snap), `[data-testid="bracket-match"]`)
		screenshot(t, ctx, "bracket-byes-390x844")
		fitsWidth(t, ctx, "wide tree on a phone")
	})

	t.Run("a tree that fits has no hint", func(t *testing.T) {
		autumn := tournamentNamed(demo, "Autumn Cup 2026")
		url := srv.URL + "/t/" + autumn.Tournament.ID + "/groups/" + autumn.Tournament.Disciplines[0].Stages[0].Groups[0].ID
		open(1920, 1080, url, `[data-testid="bracket-match"]`)
		if note, fade := hint(); note || fade {
			t.Errorf("a tree that fits: scroll note %v, fade %v; want neither", note, fade)
		}
		// The same tree on a phone is wider than the page: the hint shows, so
		// its absence above was the script's answer, not its silence.
		open(390, 844, url, `[data-testid="bracket-match"]`)
		if note, fade := hint(); !note || !fade {
			t.Errorf("the same tree on a phone: scroll note %v, fade %v; want both", note, fade)
		}
	})

	t.Run("TV bracket panel", func(t *testing.T) {
		autumn := tournamentNamed(demo, "Autumn Cup 2026")
		g := autumn.Tournament.Disciplines[0].Stages[0].Groups[0]
		for _, vp := range []struct{ w, h int64 }{{1920, 1080}, {1440, 900}, {390, 844}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(vp.w, vp.h), chromedp.Navigate(srv.URL+"/t/"+autumn.Tournament.ID+"/tv?rotate=bracket:"+g.ID), chromedp.WaitReady(`[data-testid="bracket"]`)); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, showPanel(1)...); err != nil {
				t.Fatal(err)
			}
			screenshot(t, ctx, fmt.Sprintf("tv-bracket-%dx%d", vp.w, vp.h))
			if vp.w == 1920 {
				r := tree(t, ctx, `[data-testid="bracket"]`)
				if r.Cut > 0 || r.Overflowing > 0 || r.Champion == "" {
					t.Errorf("TV: %d names cut (%q), %d boxes overflow, champion %q", r.Cut, r.CutNames, r.Overflowing, r.Champion)
				}
				if note, _ := hint(); note {
					t.Error("the TV shows a scroll note; it scales its tree instead")
				}
			}
		}
	})
}

// screenPart saves what the screen shows with the element at its top, as
// e2e/screenshots/<name>.png: a part of a long page at its real size.
func screenPart(t *testing.T, ctx context.Context, selector, name string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(selector)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join("screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
