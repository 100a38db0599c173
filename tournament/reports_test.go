package tournament

import (
	"errors"
	"testing"
	"time"
)

// reportingScene is a running tournament with a court whose match is one set to 7.
func reportingScene(t *testing.T, mode Reporting) (*Snapshot, string, *Match) {
	t.Helper()
	org := Organizer{ID: "o1", Slug: "club", Name: "Club", Sport: TableSoccer}
	setup := &Setup{Organizer: "club", Name: "Reports", StartTime: At(time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)), Courts: []string{"Table 1", "Table 2"},
		Reporting: mode, Disciplines: []SetupDiscipline{{Name: "Singles", ShortName: "S", EntryType: EntrySingle,
			Entries: []SetupEntry{{Name: "Anna"}, {Name: "Ben"}, {Name: "Cleo"}, {Name: "Dan"}},
			Stages:  []SetupStage{{Name: "Pool", Mode: RoundRobin, Groups: 1, MatchConfiguration: MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}}}}}}
	if ps := setup.Validate(); len(ps) > 0 {
		t.Fatal(ps)
	}
	tt, entries := Build(setup, org, RandomIDs())
	byID := map[string]*Entry{}
	for _, e := range entries {
		byID[e.ID] = e
	}
	snap := NewSnapshot(1, tt, org, nil, byID)
	apply := func(c *Change, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		snap = applyAll(snap, c)
	}
	apply(snap.Start(time.Now()))
	var open *Match
	for _, m := range snap.Matches {
		if m.State == MatchOpen && m.Entries[0] != nil && m.Entries[1] != nil {
			open = m
			break
		}
	}
	court := snap.Tournament.Courts[0].ID
	apply(snap.CallMatch(open.ID, []string{court}, time.Now()))
	m, _ := snap.Match(open.ID)
	return snap, court, m
}

func TestReportsAgreeOrDispute(t *testing.T) {
	snap, court, m := reportingScene(t, ReportingConfirmed)
	now := time.Now()
	seven5, five7 := Encounters{{{7, 5}}}, Encounters{{{5, 7}}}

	one, err := snap.Report(court, nil, "phone-a", seven5, now)
	if err != nil || one.Agreed || one.MatchID != m.ID || len(one.Reports) != 1 {
		t.Fatalf("first report: %+v %v", one, err)
	}
	if _, ok := one.Pending(); !ok {
		t.Error("a first report is not pending")
	}
	if _, err := snap.Report(court, one, "phone-a", seven5, now); !errors.Is(err, ErrOwnReport) {
		t.Errorf("the same phone again: %v", err)
	}
	agreed, err := snap.Report(court, one, "phone-b", seven5, now)
	if err != nil || !agreed.Agreed || len(agreed.Reports) != 2 {
		t.Errorf("second phone, same result: %+v %v", agreed, err)
	}
	disputed, err := snap.Report(court, one, "phone-b", five7, now)
	if err != nil || disputed.Agreed || !disputed.Disputed() {
		t.Fatalf("second phone, other result: %+v %v", disputed, err)
	}
	if _, err := snap.Report(court, disputed, "phone-c", seven5, now); err == nil {
		t.Error("a third phone was heard in a dispute")
	}
	// Either side may change its own report: agreeing ends the dispute.
	settled, err := snap.Report(court, disputed, "phone-b", seven5, now)
	if err != nil || !settled.Agreed || settled.Disputed() {
		t.Errorf("the second phone corrects itself: %+v %v", settled, err)
	}
	if _, err := snap.Report(court, settled, "phone-a", five7, now); err == nil {
		t.Error("an agreed result was reported again")
	}
	// A report of an earlier match is void: the court starts afresh.
	stale := &CourtReport{MatchID: "another", Reports: []DeviceReport{{Device: "phone-b", Result: seven5}}}
	if r, err := snap.Report(court, stale, "phone-b", seven5, now); err != nil || r.Agreed || len(r.Reports) != 1 || r.MatchID != m.ID {
		t.Errorf("over an earlier match's report: %+v %v", r, err)
	}
}

func TestReportRules(t *testing.T) {
	now := time.Now()
	t.Run("one report where one is enough", func(t *testing.T) {
		snap, court, _ := reportingScene(t, ReportingSingle)
		r, err := snap.Report(court, nil, "phone-a", Encounters{{{7, 5}}}, now)
		if err != nil || !r.Agreed {
			t.Errorf("%+v %v", r, err)
		}
	})
	t.Run("the desk only", func(t *testing.T) {
		snap, court, _ := reportingScene(t, ReportingDesk)
		var rule *RuleError
		if _, err := snap.Report(court, nil, "phone-a", Encounters{{{7, 5}}}, now); !errors.As(err, &rule) {
			t.Errorf("%v", err)
		}
	})
	t.Run("the result is checked as every result is", func(t *testing.T) {
		snap, court, _ := reportingScene(t, ReportingConfirmed)
		var re *ResultError
		if _, err := snap.Report(court, nil, "phone-a", Encounters{{{7, 7}}}, now); !errors.As(err, &re) {
			t.Errorf("7:7 in a match without draws: %v", err)
		}
		if _, err := snap.Report(court, nil, "phone-a", Encounters{{{5, 3}}}, now); !errors.As(err, &re) {
			t.Errorf("an unfinished set as a final result: %v", err)
		}
	})
	t.Run("a court without a match", func(t *testing.T) {
		snap, _, _ := reportingScene(t, ReportingConfirmed)
		var rule *RuleError
		if _, err := snap.Report(snap.Tournament.Courts[1].ID, nil, "phone-a", Encounters{{{7, 5}}}, now); !errors.As(err, &rule) {
			t.Errorf("%v", err)
		}
		if _, err := snap.Report("no-such-court", nil, "phone-a", Encounters{{{7, 5}}}, now); !errors.Is(err, ErrCourtNotFound) {
			t.Errorf("%v", err)
		}
	})
	t.Run("no device", func(t *testing.T) {
		snap, court, _ := reportingScene(t, ReportingConfirmed)
		if _, err := snap.Report(court, nil, "", Encounters{{{7, 5}}}, now); err == nil {
			t.Error("a report without a device")
		}
	})
}

func TestSetReporting(t *testing.T) {
	snap, _, _ := reportingScene(t, ReportingDesk)
	c, err := snap.SetReporting(ReportingConfirmed, true, time.Now())
	if err != nil || c.Tournament.Reporting != ReportingConfirmed || !c.Tournament.PlayersLive {
		t.Fatalf("%+v %v", c, err)
	}
	back, err := applyAll(snap, c).SetReporting(ReportingDesk, false, time.Now())
	if err != nil || back.Tournament.Reporting != "" || back.Tournament.ReportingOf() != ReportingDesk {
		t.Errorf("back to the desk: %+v %v", back.Tournament, err)
	}
	if _, err := snap.SetReporting("players", false, time.Now()); err == nil {
		t.Error("an unknown way of reporting was taken")
	}
	bad := &Setup{Reporting: "everyone"}
	if ps := bad.Validate(); ps.At("reporting") == "" {
		t.Errorf("setup problems %v", ps)
	}
}
