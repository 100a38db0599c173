package app_test

import (
	"context"
	"errors"
	"testing"

	"courtside/app"
	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// relay is a tournament application that answers every relayed result the same.
type relay struct {
	status int
	body   string
	err    error
	calls  int
}

func (r *relay) RelayResult(context.Context, string, string, tournament.Encounters, bool) (int, []byte, bool, error) {
	r.calls++
	return r.status, []byte(r.body), true, r.err
}

// onCourt is the demo's Hamburg Open and a running match of one set to 7 on a court.
func onCourt(t *testing.T) (*cache.Store, *tournament.Snapshot, *tournament.Match, tournament.Court) {
	t.Helper()
	store, d := cachetest.DemoOn(t, cachetest.Redis(t))
	for _, dt := range d.Tournaments {
		if dt.Tournament.Name != "Hamburg Open 2026" {
			continue
		}
		snap, err := store.Snapshot(context.Background(), dt.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range snap.Tournament.Courts {
			if m := snap.CourtMatch(c.ID); m != nil && snap.Config(m).NumSets == 1 && snap.Config(m).NumPoints == 7 {
				return store, snap, m, c
			}
		}
	}
	t.Fatal("no running match of one set to 7 on a court")
	return nil, nil, nil, tournament.Court{}
}

func matchNow(t *testing.T, store *cache.Store, snap *tournament.Snapshot, id string) *tournament.Match {
	t.Helper()
	now, err := store.Snapshot(context.Background(), snap.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := now.Match(id)
	return m
}

func TestEnterWritesHereOrUpstream(t *testing.T) {
	ctx := context.Background()
	store, snap, m, _ := onCourt(t)
	seven := tournament.Encounters{{{7, 3}}}

	// Followed: the application's refusal comes back, its words cleaned; nothing is written here.
	up := &relay{status: 400, body: `{"message":"  score\u0000 refused  "}`}
	rs := &app.Results{Store: store, Relay: up, Now: store.Now}
	_, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: seven, Final: true, By: "Ada"})
	var refused *app.UpstreamRefusal
	if !errors.As(err, &refused) || refused.Status != 400 || refused.Message != "score refused" || string(refused.Body) != up.body {
		t.Fatalf("a refusal upstream: %v (%+v)", err, refused)
	}
	if got := matchNow(t, store, snap, m.ID); got.State != tournament.MatchRunning || up.calls != 1 {
		t.Fatalf("written here after the application refused: %s, %d calls", got.State, up.calls)
	}
	// It does not answer: ErrUpstreamDown, nothing saved.
	up.err = errors.New("connection refused")
	if _, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: seven, Final: true}); !errors.Is(err, app.ErrUpstreamDown) {
		t.Fatalf("no answer: %v", err)
	}
	// It takes the result: its answer to pass on.
	up.status, up.body, up.err = 200, `{"id":"x"}`, nil
	if e, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: seven, Final: true}); err != nil || e.Upstream == nil || string(e.Upstream.Body) != up.body {
		t.Fatalf("taken upstream: %v %+v", err, e)
	}

	// Courtside's own: written through the rules, with who wrote it.
	rs.Relay = nil
	_, err = rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: tournament.Encounters{{{7, 7}}}, Final: true})
	var re *tournament.ResultError
	if !errors.As(err, &re) {
		t.Fatalf("a drawn set to 7: %v", err)
	}
	e, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: seven, Final: true, By: "Ada"})
	if err != nil || e.Change == nil || e.Before == nil {
		t.Fatalf("written here: %v %+v", err, e)
	}
	if got := matchNow(t, store, snap, m.ID); got.State != tournament.MatchPlayed || !tournament.SameResult(got.Encounters, seven) {
		t.Fatalf("the match after: %s %v", got.State, got.Encounters)
	}
	if _, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: seven, Final: true}); !errors.Is(err, tournament.ErrNotRunning) {
		t.Fatalf("a second final result: %v", err)
	}
}

func TestEnterNextScoresOnTheMatchAsItStands(t *testing.T) {
	ctx := context.Background()
	store, snap, m, _ := onCourt(t)
	rs := &app.Results{Store: store, Now: store.Now}
	point := func(_ *tournament.Snapshot, cur *tournament.Match) (tournament.Encounters, bool, error) {
		if cur.State != tournament.MatchRunning {
			return nil, false, app.ErrNothingToDo
		}
		a := 0
		if len(cur.Encounters) > 0 {
			a = cur.Encounters[0][0][0]
		}
		return tournament.Encounters{{{a + 1, 0}}}, false, nil
	}
	for range 3 {
		now, err := store.Snapshot(ctx, snap.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rs.Enter(ctx, now, app.Entry{MatchID: m.ID, Next: point}); err != nil {
			t.Fatal(err)
		}
	}
	if got := matchNow(t, store, snap, m.ID); !tournament.SameResult(got.Encounters, tournament.Encounters{{{3, 0}}}) || got.State != tournament.MatchRunning {
		t.Fatalf("three points: %v", got.Encounters)
	}
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(m.ID, tournament.Encounters{{{7, 0}}}, true, store.Now(), "desk")
	}); err != nil {
		t.Fatal(err)
	}
	now, _ := store.Snapshot(ctx, snap.Tournament.ID)
	if _, err := rs.Enter(ctx, now, app.Entry{MatchID: m.ID, Next: point}); !errors.Is(err, app.ErrNothingToDo) {
		t.Fatalf("a point on a match over: %v", err)
	}
}

func TestCourtReportsSetWhatTheSidesAgreeOn(t *testing.T) {
	ctx := context.Background()
	store, snap, m, court := onCourt(t)
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetReporting(tournament.ReportingConfirmed, false, store.Now())
	}); err != nil {
		t.Fatal(err)
	}
	snap, _ = store.Snapshot(ctx, snap.Tournament.ID)
	cr := &app.CourtReports{Store: store, Results: &app.Results{Store: store, Now: store.Now}}
	seven := tournament.Encounters{{{7, 4}}}
	if done, err := cr.Report(ctx, snap, court, m, "phone-a", seven); err != nil || done != app.Waiting {
		t.Fatalf("the first report: %q %v", done, err)
	}
	if _, err := cr.Report(ctx, snap, court, m, "phone-a", seven); !errors.Is(err, tournament.ErrOwnReport) {
		t.Fatalf("a phone confirming itself: %v", err)
	}
	if done, err := cr.Report(ctx, snap, court, m, "phone-b", seven); err != nil || done != app.Confirmed {
		t.Fatalf("the other side agrees: %q %v", done, err)
	}
	now, _ := store.Snapshot(ctx, snap.Tournament.ID)
	if got, _ := now.Match(m.ID); got.State != tournament.MatchPlayed || now.CourtReport(court.ID) != nil {
		t.Fatalf("after both agreed: %s, reports %+v", got.State, now.CourtReport(court.ID))
	}
	if err := cr.Settle(ctx, now, court, m.ID, 0, "Ada"); !errors.Is(err, app.ErrReportsChanged) {
		t.Fatalf("settling reports that are gone: %v", err)
	}
}

func TestCourtReportsReadTheApplicationsRefusalsAsTheRules(t *testing.T) {
	ctx := context.Background()
	store, snap, m, court := onCourt(t)
	if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetReporting(tournament.ReportingSingle, false, store.Now())
	}); err != nil {
		t.Fatal(err)
	}
	snap, _ = store.Snapshot(ctx, snap.Tournament.ID)
	up := &relay{status: 412, body: `{"message":"Match is not running"}`}
	cr := &app.CourtReports{Store: store, Results: &app.Results{Store: store, Relay: up, Now: store.Now}}
	if done, err := cr.Report(ctx, snap, court, m, "phone-a", tournament.Encounters{{{7, 4}}}); err != nil || done != app.AtTheDesk {
		t.Fatalf("the application runs the match no more: %q %v", done, err)
	}
	up.status, up.body = 400, `{}`
	err := cr.Live(ctx, snap, court, m, tournament.Encounters{{{3, 4}}})
	var re *tournament.ResultError
	if !errors.As(err, &re) || re.Args[0] != "Bad Request" {
		t.Fatalf("a live score the application refuses: %v", err)
	}
}

func TestCorrectionsConfirmOnlyWhatWasSeen(t *testing.T) {
	ctx := context.Background()
	store, snap, m, _ := onCourt(t)
	rs := &app.Results{Store: store, Now: store.Now}
	if _, err := rs.Enter(ctx, snap, app.Entry{MatchID: m.ID, Result: tournament.Encounters{{{7, 3}}}, Final: true}); err != nil {
		t.Fatal(err)
	}
	played := matchNow(t, store, snap, m.ID)
	c := &app.Corrections{Store: store, Now: store.Now}
	err := c.Correct(ctx, snap, m.ID, tournament.Encounters{{{7, 5}}}, played.Rev-1, "Ben")
	var changed *app.ChangedError
	if !errors.As(err, &changed) || !tournament.SameResult(changed.Now, tournament.Encounters{{{7, 3}}}) {
		t.Fatalf("a correction of a result changed meanwhile: %v", err)
	}
	if err := c.Correct(ctx, snap, m.ID, tournament.Encounters{{{7, 5}}}, played.Rev, "Ben"); err != nil {
		t.Fatalf("the correction of the result seen: %v", err)
	}
	if got := matchNow(t, store, snap, m.ID); !tournament.SameResult(got.Encounters, tournament.Encounters{{{7, 5}}}) {
		t.Fatalf("corrected to %v", got.Encounters)
	}
}
