package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"courtside/templates"
	"courtside/tournament"
)

// playedBefore finds a played tree match of the tournament whose winner went
// on to a match in one of the states.
func (f *fixture) playedBefore(dt tournament.DemoTournament, states ...tournament.MatchState) (*tournament.Match, *tournament.Match) {
	f.t.Helper()
	byID := map[string]*tournament.Match{}
	for _, m := range dt.Matches {
		byID[m.ID] = m
	}
	for _, m := range dt.Matches {
		if m.State != tournament.MatchPlayed || m.WinnerTo == nil {
			continue
		}
		if next := byID[m.WinnerTo.MatchID]; next != nil {
			for _, s := range states {
				if next.State == s {
					return m, next
				}
			}
		}
	}
	f.t.Fatalf("no played match before a %v one in %s", states, dt.Tournament.Name)
	return nil, nil
}

// flipped is the correction form of the page filled with the played result
// the other way round: the loser wins.
func flipped(doc *goquery.Document, action string) url.Values {
	form := url.Values{"action": {action}, "rev": {doc.Find(`[data-testid="correct-form"] input[name="rev"]`).AttrOr("value", "")}}
	doc.Find(`[data-testid="correct-form"] input[name^="s."]`).Each(func(_ int, in *goquery.Selection) {
		name := in.AttrOr("name", "")
		other := name[:len(name)-1] + map[byte]string{'0': "1", '1': "0"}[name[len(name)-1]]
		form.Set(other, in.AttrOr("value", ""))
	})
	doc.Find(`[data-testid="correct-form"] input[type="radio"][checked]`).Each(func(_ int, in *goquery.Selection) {
		form.Set(in.AttrOr("name", ""), map[string]string{"1:0": "0:1", "0:1": "1:0"}[in.AttrOr("value", "")])
	})
	return form
}

func TestCorrectAPlayedResult(t *testing.T) {
	f := newFixture(t)
	lyon := f.tournament("Lyon Pétanque Masters")
	id := lyon.Tournament.ID
	o, _ := f.signIn(f.bouleToken)
	ctx := context.Background()

	t.Run("nothing depends on it yet: the winner changes and moves on", func(t *testing.T) {
		m, next := f.playedBefore(lyon, tournament.MatchOpen)
		page := "/admin/t/" + id + "/matches/" + m.ID
		loser := 1 - m.Winner()
		doc := o.doc(o.do(http.MethodGet, page, nil))
		if doc.Find(`[data-testid="correct-form"]`).Length() != 1 || doc.Find(`[data-testid="walkover-form"]`).Length() != 0 {
			t.Fatal("a played match does not offer a correction, or offers a walkover")
		}
		if doc.Find(`[data-testid="correct-form"] input[name="s.0.0.0"]`).AttrOr("value", "") == "" {
			t.Error("the correction form does not show the played result")
		}
		// A second look names the new winner; nothing changes yet.
		rec := o.do(http.MethodPost, page+"/correct", flipped(doc, "correct"))
		if confirm := o.doc(rec).Find(`[data-testid="amend-confirm"]`).Text(); rec.Code != 200 || !strings.Contains(confirm, "Now "+m.Entries[loser].Name+" wins") {
			t.Fatalf("correct asks %d %q", rec.Code, confirm)
		}
		snap, _ := f.store.Snapshot(ctx, id)
		if got, _ := snap.Match(m.ID); got.Winner() != m.Winner() {
			t.Fatal("the result changed before the confirmation")
		}
		rec = o.do(http.MethodPost, page+"/correct", flipped(doc, "confirm"))
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != page+"?saved=corrected" {
			t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
		}
		snap, _ = f.store.Snapshot(ctx, id)
		got, _ := snap.Match(m.ID)
		moved, _ := snap.Match(next.ID)
		if got.Winner() != loser || moved.Entries[m.WinnerTo.Side] == nil || moved.Entries[m.WinnerTo.Side].ID != m.Entries[loser].ID {
			t.Errorf("after the correction: winner %d, next match %v", got.Winner(), moved.Entries)
		}
		audit, _ := f.store.Audit(ctx, id, m.ID)
		if len(audit) == 0 || !strings.HasSuffix(audit[0].By, " (console)") || !audit[0].Final || templates.ResultText(audit[0].Old) == templates.ResultText(audit[0].New) {
			t.Errorf("audit %+v", audit)
		}
		after := o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
		if after.Find(`[data-testid="flash"]`).Text() != "Result corrected." || !strings.Contains(after.Find(`[data-testid="history"] li`).First().Text(), "→") {
			t.Errorf("the page after: flash %q, history %q", after.Find(`[data-testid="flash"]`).Text(), after.Find(`[data-testid="history"]`).Text())
		}
	})

	t.Run("someone corrected it meanwhile: refused, showing their result, and confirmed again against it", func(t *testing.T) {
		m, _ := f.playedBefore(lyon, tournament.MatchOpen)
		page := "/admin/t/" + id + "/matches/" + m.ID
		first := o.doc(o.do(http.MethodGet, page, nil))
		second := o.doc(o.do(http.MethodGet, page, nil))
		if rec := o.do(http.MethodPost, page+"/correct", flipped(first, "confirm")); rec.Code != http.StatusSeeOther {
			t.Fatalf("the first correction: %d %s", rec.Code, rec.Body)
		}
		snap, _ := f.store.Snapshot(ctx, id)
		theirs, _ := snap.Match(m.ID)
		// The second organizer's page still shows the old result: the same flip, sent against it.
		form := flipped(second, "confirm")
		form.Set("s.0.0.0", "13")
		form.Set("s.0.0.1", "11")
		rec := o.do(http.MethodPost, page+"/correct", form, "HX-Request", "true", "HX-Target", "result-panel")
		doc := o.doc(rec)
		msg := doc.Find(`[data-testid="amend-error"]`).Text()
		if rec.Code != http.StatusConflict || !strings.Contains(msg, "Someone changed this result meanwhile: it is "+templates.ResultText(theirs.Encounters)+" now") {
			t.Errorf("a correction against an old result: %d %q", rec.Code, msg)
		}
		if v := doc.Find(`[data-testid="correct-form"] input[name="s.0.0.0"]`).AttrOr("value", ""); v != "13" {
			t.Errorf("what was typed is gone: %q", v)
		}
		snap, _ = f.store.Snapshot(ctx, id)
		if now, _ := snap.Match(m.ID); now.Rev != theirs.Rev {
			t.Fatalf("the refused correction wrote %v", now.Encounters)
		}
		// Sent again from the page it got back, it counts.
		again := flipped(doc, "confirm")
		again.Set("s.0.0.0", "13")
		again.Set("s.0.0.1", "11")
		if rec := o.do(http.MethodPost, page+"/correct", again); rec.Code != http.StatusSeeOther {
			t.Fatalf("confirmed again: %d %.300s", rec.Code, rec.Body)
		}
		snap, _ = f.store.Snapshot(ctx, id)
		if now, _ := snap.Match(m.ID); now.Rev == theirs.Rev || now.Encounters[0][0] != (tournament.Set{13, 11}) {
			t.Errorf("after confirming again: %v", now.Encounters)
		}
	})

	t.Run("a match with a score depends on it: refused, naming that match, with htmx", func(t *testing.T) {
		m, next := f.playedBefore(lyon, tournament.MatchRunning)
		snap, _ := f.store.Snapshot(ctx, id)
		if _, _, err := f.store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(next.ID, tournament.Encounters{{{3, 2}}}, false, time.Now(), "referee")
		}); err != nil {
			t.Fatal(err)
		}
		page := "/admin/t/" + id + "/matches/" + m.ID
		doc := o.doc(o.do(http.MethodGet, page, nil))
		form := flipped(doc, "confirm")
		rec := o.do(http.MethodPost, page+"/correct", form, "HX-Request", "true", "HX-Target", "result-panel")
		got := o.doc(rec)
		msg := got.Find(`[data-testid="amend-error"]`).Text()
		if rec.Code != http.StatusConflict || !strings.HasPrefix(strings.TrimSpace(rec.Body.String()), `<div id="result-panel"`) || !strings.Contains(msg, next.Entries[0].Name+" v "+next.Entries[1].Name) {
			t.Errorf("%d %q", rec.Code, msg)
		}
		if v := got.Find(`[data-testid="correct-form"] input[name="s.0.0.0"]`).AttrOr("value", ""); v != form.Get("s.0.0.0") {
			t.Errorf("what was typed is gone: %q, sent %q", v, form.Get("s.0.0.0"))
		}
		snap, _ = f.store.Snapshot(ctx, id)
		if now, _ := snap.Match(m.ID); templates.ResultText(now.Encounters) != templates.ResultText(m.Encounters) {
			t.Errorf("a refused correction changed the result to %v", now.Encounters)
		}
	})

	t.Run("a result that does not read stays in the form", func(t *testing.T) {
		m, _ := f.playedBefore(lyon, tournament.MatchRunning, tournament.MatchPlayed)
		rec := o.do(http.MethodPost, "/admin/t/"+id+"/matches/"+m.ID+"/correct", url.Values{"action": {"confirm"}, "s.0.0.0": {"x"}, "s.0.0.1": {"3"}})
		doc := o.doc(rec)
		if rec.Code != http.StatusUnprocessableEntity || doc.Find(`[data-testid="correct-form"] [data-testid="set-error"]`).Length() != 1 || doc.Find(`input[name="s.0.0.0"]`).AttrOr("value", "") != "x" {
			t.Errorf("%d %q", rec.Code, doc.Find(`[data-testid="set-error"]`).Text())
		}
	})
}

func TestWalkover(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	o, _ := f.signIn(f.token)
	open := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	page := "/admin/t/" + id + "/matches/" + open.ID
	doc := o.doc(o.do(http.MethodGet, page, nil))
	if buttons := doc.Find(`[data-testid="walkover-side"]`); buttons.Length() != 2 || !strings.Contains(buttons.Eq(1).Text(), open.Entries[1].Name+" wins by walkover") {
		t.Fatalf("walkover buttons %q", buttons.Text())
	}
	rec := o.do(http.MethodPost, page+"/walkover", url.Values{"action": {"walkover"}, "side": {"1"}})
	if confirm := o.doc(rec).Find(`[data-testid="amend-confirm"]`).Text(); rec.Code != 200 || !strings.Contains(confirm, open.Entries[1].Name+" wins by walkover against "+open.Entries[0].Name) {
		t.Fatalf("walkover asks %d %q", rec.Code, confirm)
	}
	if side := o.doc(rec).Find(`[data-testid="amend-confirm"] input[name="side"]`).AttrOr("value", ""); side != "1" {
		t.Errorf("the confirmation is for side %q", side)
	}
	ctx := context.Background()
	snap, _ := f.store.Snapshot(ctx, id)
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchOpen {
		t.Fatal("the match ended before the confirmation")
	}
	rec = o.do(http.MethodPost, page+"/walkover", url.Values{"action": {"confirm"}, "side": {"1"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != page+"?saved=walkover" {
		t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
	}
	snap, _ = f.store.Snapshot(ctx, id)
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchPlayed || m.Winner() != 1 {
		t.Errorf("after the walkover: %s, winner %d", m.State, m.Winner())
	}
	after := o.doc(o.do(http.MethodGet, rec.Header().Get("Location"), nil))
	if after.Find(`[data-testid="flash"]`).Text() != "Match ended by walkover." || after.Find(`[data-testid="walkover-form"]`).Length() != 0 || after.Find(`[data-testid="correct-form"]`).Length() != 1 {
		t.Error("the page after the walkover")
	}
	// Again, from a page left open: the match is played now.
	rec = o.do(http.MethodPost, page+"/walkover", url.Values{"action": {"confirm"}, "side": {"0"}}, "HX-Request", "true", "HX-Target", "result-panel")
	if rec.Code != http.StatusConflict || !strings.Contains(o.doc(rec).Find(`[data-testid="amend-error"]`).Text(), "cannot be given as a walkover") {
		t.Errorf("a second walkover: %d %.300s", rec.Code, rec.Body)
	}
	if rec := o.do(http.MethodPost, page+"/walkover", url.Values{"action": {"confirm"}, "side": {"2"}}); rec.Code != http.StatusBadRequest {
		t.Errorf("side 2: %d", rec.Code)
	}
}

func TestCorrectionsRefuseCrossOriginPosts(t *testing.T) {
	f := newFixture(t)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	o, _ := f.signIn(f.token)
	open := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	played := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed })
	for _, post := range []struct {
		path string
		form url.Values
	}{
		{"/admin/t/" + id + "/matches/" + open.ID + "/walkover", url.Values{"action": {"confirm"}, "side": {"0"}}},
		{"/admin/t/" + id + "/matches/" + played.ID + "/correct", url.Values{"action": {"confirm"}, "s.0.0.0": {"0"}, "s.0.0.1": {"7"}}},
	} {
		if rec := o.do(http.MethodPost, post.path, post.form, "Sec-Fetch-Site", "cross-site"); rec.Code != http.StatusForbidden {
			t.Errorf("%s from another site: %d", post.path, rec.Code)
		}
	}
	snap, _ := f.store.Snapshot(context.Background(), id)
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchOpen {
		t.Errorf("a refused walkover ended the match: %s", m.State)
	}
	if m, _ := snap.Match(played.ID); templates.ResultText(m.Encounters) != templates.ResultText(played.Encounters) {
		t.Errorf("a refused correction changed the result: %v", m.Encounters)
	}
}

func TestFollowedTournamentsTakeNoCorrections(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	hamburg := f.tournament("Hamburg Open 2026")
	followed := *hamburg.Tournament
	followed.Mirror = &tournament.Mirror{Source: "https://app.example/v1/public"}
	if err := f.store.PutTournament(ctx, &followed, hamburg.Matches, hamburg.Entries); err != nil {
		t.Fatal(err)
	}
	id := followed.ID
	o, _ := f.signIn(f.token)
	open := f.match(hamburg, func(m *tournament.Match) bool {
		return m.State == tournament.MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil
	})
	played := f.match(hamburg, func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed })
	const why = "This tournament runs in the tournament application: correct results and give walkovers there."
	for _, m := range []*tournament.Match{open, played} {
		doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id+"/matches/"+m.ID, nil))
		if doc.Find(`[data-testid="amend-followed"]`).Text() != why || doc.Find(`[data-testid="walkover-form"], [data-testid="correct-form"]`).Length() != 0 {
			t.Errorf("%s: the page offers what it will refuse", m.State)
		}
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/matches/"+open.ID+"/walkover", url.Values{"action": {"confirm"}, "side": {"0"}}); rec.Code != http.StatusConflict || o.doc(rec).Find(`[data-testid="amend-followed"]`).Text() != why {
		t.Errorf("walkover: %d %q", rec.Code, o.doc(rec).Find(`[data-testid="amend-followed"]`).Text())
	}
	form := url.Values{"action": {"confirm"}}
	for k, set := range played.Encounters[0] {
		form.Set(fmt.Sprintf("s.0.%d.0", k), strconv.Itoa(set[1]))
		form.Set(fmt.Sprintf("s.0.%d.1", k), strconv.Itoa(set[0]))
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/matches/"+played.ID+"/correct", form); rec.Code != http.StatusConflict || o.doc(rec).Find(`[data-testid="amend-followed"]`).Text() != why {
		t.Errorf("correction: %d", rec.Code)
	}
	snap, _ := f.store.Snapshot(ctx, id)
	if m, _ := snap.Match(open.ID); m.State != tournament.MatchOpen {
		t.Errorf("a followed match ended by walkover: %s", m.State)
	}
	if m, _ := snap.Match(played.ID); templates.ResultText(m.Encounters) != templates.ResultText(played.Encounters) {
		t.Errorf("a followed result was corrected: %v", m.Encounters)
	}
}

// TestACorrectionNamesTheRoundItRedraws: in a Swiss called by hand, round 2
// waits for its tables when a round 1 result is corrected; the confirmation
// says round 2 is drawn again and how many matches leave, and none from a
// table. Confirmed, round 2 is drawn again.
func TestACorrectionNamesTheRoundItRedraws(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	org := f.org("kickerclub-hamburg")
	var entries []tournament.SetupEntry
	for i := range 6 {
		entries = append(entries, tournament.SetupEntry{Name: "Player " + strconv.Itoa(i+1)})
	}
	snap, err := f.store.CreateTournament(ctx, org, &tournament.Setup{Organizer: org.Slug, Name: "Friday Swiss", StartTime: tournament.At(time.Now()), Courts: []string{"Table 1", "Table 2"},
		Disciplines: []tournament.SetupDiscipline{{Name: "Open Singles", ShortName: "OS", EntryType: tournament.EntrySingle, Entries: entries,
			Stages: []tournament.SetupStage{{Name: "Swiss", Mode: tournament.Swiss, Rounds: 3,
				MatchConfiguration: tournament.MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := snap.Tournament.ID
	write := func(do func(*tournament.Snapshot) (*tournament.Change, error)) *tournament.Snapshot {
		t.Helper()
		s, err := f.store.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.store.Write(ctx, s, do); err != nil {
			t.Fatal(err)
		}
		s, _ = f.store.Snapshot(ctx, id)
		return s
	}
	snap = write(func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(time.Now()) })
	round1 := snap.Matches
	for _, m := range round1 {
		write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.CallMatch(m.ID, []string{s.Tournament.Courts[0].ID}, time.Now())
		})
		snap = write(func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(m.ID, tournament.Encounters{{{7, 3}}}, true, time.Now(), "desk")
		})
	}
	g := snap.Tournament.Disciplines[0].Stages[0].Groups[0]
	if len(g.Rounds) != 2 {
		t.Fatalf("%d rounds drawn after round 1", len(g.Rounds))
	}
	old := snap.MatchesWhere(func(m *tournament.Match) bool { return m.RoundID == g.Rounds[1].ID })

	o, _ := f.signIn(f.token)
	page := "/admin/t/" + id + "/matches/" + round1[0].ID
	form := flipped(o.doc(o.do(http.MethodGet, page, nil)), "correct")
	rec := o.do(http.MethodPost, page+"/correct", form)
	confirm := o.doc(rec).Find(`[data-testid="amend-confirm"]`).Text()
	if rec.Code != http.StatusOK || !strings.Contains(confirm, "Round 2 will be drawn again from the corrected standings: 3 matches are taken away.") || strings.Contains(confirm, "called") {
		t.Fatalf("correct asks %d %q", rec.Code, confirm)
	}
	form.Set("action", "confirm")
	if rec := o.do(http.MethodPost, page+"/correct", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d %s", rec.Code, o.doc(rec).Find(`[role="alert"]`).Text())
	}
	snap, _ = f.store.Snapshot(ctx, id)
	for _, m := range old {
		if _, ok := snap.Match(m.ID); ok {
			t.Errorf("%s of the old round 2 is still there", m.ID)
		}
	}
	if n := len(snap.MatchesWhere(func(m *tournament.Match) bool { return m.RoundID == g.Rounds[1].ID })); n != 3 {
		t.Errorf("round 2 drawn again with %d matches", n)
	}
}
