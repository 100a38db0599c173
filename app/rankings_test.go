package app_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"courtside/app"
	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// kicker is the demo's table soccer club, which has the player register and the series.
func kicker(t *testing.T, d *tournament.Demo) tournament.Organizer {
	t.Helper()
	for _, o := range d.Organizers {
		if o.Slug == "kickerclub-hamburg" {
			return o
		}
	}
	t.Fatal("no kicker club in the demo")
	return tournament.Organizer{}
}

// playerNamed is the registered player of the name.
func playerNamed(t *testing.T, st *app.RankingState, name string) string {
	t.Helper()
	for id, p := range st.Data.Register.Players {
		if p.Name == name {
			return id
		}
	}
	t.Fatalf("no registered %s", name)
	return ""
}

// rowOf is the player's row in the demo's series, or nil.
func rowOf(st *app.RankingState, playerID string) *tournament.SeriesRow {
	se := &st.Data.Series[0]
	for _, r := range st.Series(se, se.ID).Rows {
		if r.PlayerID == playerID {
			return &r
		}
	}
	return nil
}

// TestSplitAndMergeMoveResultsAndRecompute splits two club nights off a
// player as a new player, checks that their results (series places, rated
// matches) moved and that the ratings were computed again, then merges the
// two back and gets the first state again.
func TestSplitAndMergeMoveResultsAndRecompute(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	org := kicker(t, demo)
	book := &app.RankingsBook{Store: store}
	before, err := book.State(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	ann := playerNamed(t, before, "Anna Becker")
	annRating, annGames := before.Rating(before.Ratings, ann)
	annRow := rowOf(before, ann)
	if annRow == nil || annGames == 0 || annRow.Events < 2 {
		t.Fatalf("Anna in the demo: row %+v, %d games", annRow, annGames)
	}
	// The entries of her first two club nights.
	var early []string
	nights := map[string]bool{}
	for _, s := range before.Snaps {
		if s.Tournament.Name == "Club Night 1" || s.Tournament.Name == "Club Night 2" {
			nights[s.Tournament.ID] = true
		}
	}
	for _, k := range before.Data.Register.LinksOf(ann) {
		if tid, _, _ := tournament.SplitLinkKey(k); nights[tid] {
			early = append(early, k)
		}
	}
	if len(early) == 0 {
		t.Fatal("Anna played no early club night")
	}
	earlyGames := 0
	for _, h := range before.Ratings.Players[ann].History {
		if nights[h.TournamentID] {
			earlyGames++
		}
	}

	twin := tournament.RegisteredPlayer{ID: "pl_twin", Name: "Anna Becker (Altona)"}
	if err := store.SplitPlayer(ctx, org.ID, ann, early, twin); err != nil {
		t.Fatal(err)
	}
	split, err := book.State(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if split.Version == before.Version {
		t.Fatal("the split did not change the rankings' version")
	}
	if got := split.Data.Register.LinksOf(twin.ID); !slices.Equal(got, early) {
		t.Errorf("the twin's entries %v, want %v", got, early)
	}
	_, twinGames := split.Rating(split.Ratings, twin.ID)
	_, annGamesNow := split.Rating(split.Ratings, ann)
	if twinGames != earlyGames || annGamesNow != annGames-earlyGames {
		t.Errorf("games: twin %d (want %d), Anna %d (want %d)", twinGames, earlyGames, annGamesNow, annGames-earlyGames)
	}
	if r, _ := split.Rating(split.Ratings, ann); r == annRating {
		t.Error("Anna's rating was not computed again without the early nights")
	}
	twinRow, annRowNow := rowOf(split, twin.ID), rowOf(split, ann)
	if twinRow == nil || annRowNow == nil || twinRow.Events+annRowNow.Events != annRow.Events {
		t.Fatalf("series rows after the split: twin %+v, Anna %+v, before %+v", twinRow, annRowNow, annRow)
	}
	for _, res := range twinRow.Results {
		if !nights[res.Part.TournamentID] {
			t.Errorf("the twin has a result of another night: %+v", res)
		}
	}
	// A second split of an entry that is the twin's now is refused, and changes nothing.
	if err := store.SplitPlayer(ctx, org.ID, ann, early[:1], tournament.RegisteredPlayer{ID: "pl_x", Name: "X"}); err != cache.ErrNotHisEntry {
		t.Errorf("splitting an entry Anna no longer has: %v", err)
	}
	if again, err := cachetest.Store(rdb).Rankings(ctx, org.ID); err != nil || len(again.Register.Players) != len(split.Data.Register.Players) {
		t.Errorf("a refused split changed the register: %v", err)
	}

	if err := store.MergePlayers(ctx, org.ID, ann, twin.ID); err != nil {
		t.Fatal(err)
	}
	merged, err := book.State(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := merged.Data.Register.Players[twin.ID]; ok {
		t.Error("the merged player is still registered")
	}
	if got, want := merged.Data.Register.LinksOf(ann), before.Data.Register.LinksOf(ann); !slices.Equal(got, want) {
		t.Errorf("Anna's entries after the merge %v, want %v", got, want)
	}
	r, g := merged.Rating(merged.Ratings, ann)
	if math.Abs(r-annRating) > 1e-9 || g != annGames {
		t.Errorf("Anna after the merge: %.4f in %d games, want %.4f in %d", r, g, annRating, annGames)
	}
	if row := rowOf(merged, ann); row == nil || row.Points != annRow.Points || row.Rank != annRow.Rank {
		t.Errorf("Anna's series row after the merge %+v, want %+v", row, annRow)
	}
}

// TestANewResultExtendsTheRatings plays one match of the running club night
// and checks that the book extended the ratings rather than recomputing
// them, to the same numbers a full computation gives.
func TestANewResultExtendsTheRatings(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	org := kicker(t, demo)
	book := &app.RankingsBook{Store: store}
	before, err := book.State(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	var night *tournament.Snapshot
	for _, s := range before.Snaps {
		if s.Tournament.Name == "Club Night 4" {
			night = s
		}
	}
	var m *tournament.Match
	for _, x := range night.Matches {
		if x.State == tournament.MatchRunning {
			m = x
			break
		}
	}
	if m == nil {
		t.Fatal("no running match in Club Night 4")
	}
	end := cachetest.Now.Add(time.Minute)
	if _, _, err := store.Write(ctx, night, func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.SetResult(m.ID, tournament.Encounters{{{7, 3}}}, true, end, "test")
	}); err != nil {
		t.Fatal(err)
	}
	after, err := book.State(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Matches) != len(before.Matches)+1 || after.Matches[len(after.Matches)-1].Key != night.Tournament.ID+"/"+m.ID {
		t.Fatalf("%d rated matches after %d; the last %+v", len(after.Matches), len(before.Matches), after.Matches[len(after.Matches)-1])
	}
	if after.Ratings.Applied != before.Ratings.Applied+1 {
		t.Fatalf("applied %d after %d", after.Ratings.Applied, before.Ratings.Applied)
	}
	full := tournament.ComputeRatings(after.Data.Settings, after.Matches)
	shared := 0
	for id, p := range full.Players {
		q := after.Ratings.Players[id]
		if q == nil || q.Rating != p.Rating || q.Games != p.Games {
			t.Errorf("%s: extended %+v, computed %+v", id, q, p)
		}
		if before.Ratings.Players[id] == q {
			shared++
		}
	}
	if shared != len(full.Players)-2 {
		t.Errorf("%d players shared with the state before, want all but the two who played", shared)
	}
	winner := m.Entries[0].Players()[0]
	id := tournament.RatingID(after.Data.Register, night.Tournament.ID, winner)
	if before.Ratings.Players[id].Rating >= after.Ratings.Players[id].Rating {
		t.Error("the winner's rating did not rise")
	}
}

// TestBookUnderConcurrentResults reads the rankings from several goroutines
// while the running club night's matches are finished one by one; run with
// -race. Every state read is whole: its ratings are those of its matches.
func TestBookUnderConcurrentResults(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	org := kicker(t, demo)
	book := &app.RankingsBook{Store: store}
	done := make(chan struct{})
	errs := make(chan error, 4)
	for range 3 {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				st, err := book.State(ctx, org.ID)
				if err != nil {
					errs <- err
					return
				}
				st.Series(&st.Data.Series[0], st.Data.Series[0].ID)
				games := 0
				for _, p := range st.Ratings.Players {
					games += p.Games
				}
				want := 0
				for _, m := range st.Matches {
					want += len(m.Sides[0]) + len(m.Sides[1])
				}
				if games != want {
					errs <- fmt.Errorf("a state rates %d player-games over matches with %d", games, want)
					return
				}
			}
		}()
	}
	at := cachetest.Now
	for i := 0; i < 6; i++ {
		snap, err := store.Snapshot(ctx, nightID(t, demo))
		if err != nil {
			t.Fatal(err)
		}
		var m *tournament.Match
		for _, x := range snap.Matches {
			if (x.State == tournament.MatchRunning || x.State == tournament.MatchOpen) && x.Entries[0] != nil && x.Entries[1] != nil && x.GroupID == snap.Tournament.Disciplines[0].Stages[0].Groups[0].ID {
				m = x
				break
			}
		}
		if m == nil {
			break
		}
		at = at.Add(time.Minute)
		if m.State == tournament.MatchOpen { // to a free court first
			var court string
			for _, c := range snap.Tournament.Courts {
				if snap.CourtMatch(c.ID) == nil {
					court = c.ID
				}
			}
			if snap, _, err = store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.CallMatch(m.ID, []string{court}, at)
			}); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetResult(m.ID, tournament.Encounters{{{7, i % 7}}}, true, at.Add(time.Second), "test")
		}); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	for range 3 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func nightID(t *testing.T, d *tournament.Demo) string {
	t.Helper()
	for _, dt := range d.Tournaments {
		if dt.Tournament.Name == "Club Night 4" {
			return dt.Tournament.ID
		}
	}
	t.Fatal("no Club Night 4")
	return ""
}

// TestTheBookHoldsABoundedNumberOfOrganizers: past Keep organizers, the one
// asked for longest ago leaves the book (memory no longer grows with every
// organizer ever asked for), and the one asked for last is still held as it
// was, without a computation.
func TestTheBookHoldsABoundedNumberOfOrganizers(t *testing.T) {
	ctx := context.Background()
	store, demo := cachetest.Demo(t)
	if len(demo.Organizers) < 3 {
		t.Fatalf("the demo has %d organizers", len(demo.Organizers))
	}
	book := &app.RankingsBook{Store: store, Keep: 2}
	states := map[string]*app.RankingState{}
	for _, o := range demo.Organizers {
		st, err := book.State(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		states[o.ID] = st
		if n := book.Held(); n > 2 {
			t.Fatalf("the book holds %d organizers, past its 2", n)
		}
	}
	last := demo.Organizers[len(demo.Organizers)-1].ID
	if again, _ := book.State(ctx, last); again != states[last] {
		t.Error("the organizer asked for last was computed again")
	}
	first := demo.Organizers[0].ID
	if again, _ := book.State(ctx, first); again == states[first] {
		t.Error("the organizer asked for longest ago was still held")
	}
	if n := book.Held(); n != 2 {
		t.Errorf("the book holds %d organizers, want 2", n)
	}
}
