package cache_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

func TestCourtCodesFindTheirCourtUntilRenewed(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	store, demo := cachetest.DemoOn(t, rdb)
	id := demo.Tournaments[0].Tournament.ID
	courts := []string{demo.Tournaments[0].Tournament.Courts[0].ID, demo.Tournaments[0].Tournament.Courts[1].ID}
	codes, err := store.CourtCodes(ctx, id, courts, false)
	if err != nil {
		t.Fatal(err)
	}
	if codes[courts[0]] == codes[courts[1]] || len(codes[courts[0]]) != cache.CodeLength {
		t.Fatalf("codes %v", codes)
	}
	again, err := store.CourtCodes(ctx, id, courts, false)
	if err != nil || again[courts[0]] != codes[courts[0]] {
		t.Fatalf("opening the cards again changed the codes: %v %v", again, err)
	}
	code := codes[courts[0]]
	for _, typed := range []string{code, strings.ToUpper(code), code[:4] + "-" + code[4:8] + "-" + code[8:]} {
		if tid, cid, err := store.CourtByCode(ctx, typed); err != nil || tid != id || cid != courts[0] {
			t.Errorf("%q finds %s %s %v", typed, tid, cid, err)
		}
	}
	renewed, err := store.CourtCodes(ctx, id, courts, true)
	if err != nil || renewed[courts[0]] == code {
		t.Fatalf("renewed %v %v", renewed, err)
	}
	if _, _, err := store.CourtByCode(ctx, code); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("an old code: %v", err)
	}
	// Even an index entry the renewal left behind finds nothing: the tournament's own codes decide.
	if err := rdb.Set(ctx, "court-code:"+code, id+" "+courts[0], 0).Err(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.CourtByCode(ctx, code); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("an old code with its index entry: %v", err)
	}
	if tid, cid, err := store.CourtByCode(ctx, renewed[courts[1]]); err != nil || tid != id || cid != courts[1] {
		t.Errorf("a new code finds %s %s %v", tid, cid, err)
	}
	for _, bad := range []string{"", "short", "0000-1111-oooo", strings.Repeat("a", 200)} {
		if _, _, err := store.CourtByCode(ctx, bad); !errors.Is(err, cache.ErrNotFound) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestAReportMovesTheVersionAndReachesEveryReader(t *testing.T) {
	ctx := context.Background()
	rdb := cachetest.Redis(t)
	writer, demo := cachetest.DemoOn(t, rdb)
	reader := cachetest.Store(rdb) // another instance, reading from the changelog
	var id, court string
	var match *tournament.Match
	for _, dt := range demo.Tournaments {
		snap, err := writer.Snapshot(ctx, dt.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range snap.Tournament.Courts {
			if m := snap.CourtMatch(c.ID); m != nil && match == nil {
				id, court, match = dt.Tournament.ID, c.ID, m
			}
		}
	}
	before, err := reader.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	report := &tournament.CourtReport{MatchID: match.ID, Reports: []tournament.DeviceReport{{Device: "d1", Result: tournament.Encounters{{{7, 5}}}}}}
	calls := 0
	if _, err := writer.ReportCourt(ctx, id, court, func(prev *tournament.CourtReport) (*tournament.CourtReport, error) {
		calls++
		if prev != nil {
			t.Errorf("a court without reports hands over %+v", prev)
		}
		return report, nil
	}); err != nil {
		t.Fatal(err)
	}
	after, err := reader.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version+1 {
		t.Errorf("version %d after %d", after.Version, before.Version)
	}
	if got := after.CourtReport(court); got == nil || got.Reports[0].Device != "d1" {
		t.Fatalf("the reader's snapshot holds %+v", after.Reports)
	}
	full, err := cachetest.Store(rdb).Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := reportsJSON(t, after), reportsJSON(t, full); a != b {
		t.Errorf("from the changelog %s, loaded whole %s", a, b)
	}
	// A report computed from what another one replaced meanwhile is computed again.
	if _, err := reader.ReportCourt(ctx, id, court, func(prev *tournament.CourtReport) (*tournament.CourtReport, error) {
		if calls == 1 {
			calls++
			if _, err := writer.ReportCourt(ctx, id, court, func(*tournament.CourtReport) (*tournament.CourtReport, error) {
				return &tournament.CourtReport{MatchID: match.ID, Reports: []tournament.DeviceReport{{Device: "d2"}}}, nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		if prev == nil {
			t.Fatal("no report handed over")
		}
		next := *prev
		next.Reports = append(next.Reports, tournament.DeviceReport{Device: "d3"})
		return &next, nil
	}); err != nil {
		t.Fatal(err)
	}
	got, _ := reader.Snapshot(ctx, id)
	if r := got.CourtReport(court); r == nil || len(r.Reports) != 2 || r.Reports[0].Device != "d2" || r.Reports[1].Device != "d3" {
		t.Errorf("after a race the court holds %s", reportsJSON(t, got))
	}
	// Removing it moves the version on too.
	if _, err := writer.ReportCourt(ctx, id, court, func(*tournament.CourtReport) (*tournament.CourtReport, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if got, _ := reader.Snapshot(ctx, id); got.Reports[court] != nil {
		t.Errorf("removed, the court still holds %s", reportsJSON(t, got))
	}
	if _, err := writer.ReportCourt(ctx, "no-such-tournament", court, func(*tournament.CourtReport) (*tournament.CourtReport, error) { return report, nil }); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a report to no tournament: %v", err)
	}
	if keys := cachetest.Keys(t, rdb, "t:{no-such-tournament}:*"); len(keys) != 0 {
		t.Errorf("a refused report left %v", keys)
	}
}

func reportsJSON(t *testing.T, s *tournament.Snapshot) string {
	t.Helper()
	raw, err := json.Marshal(s.Reports)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
