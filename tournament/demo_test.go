package tournament

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"
)

var demoNow = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func TestDemoCoversEveryStateModeAndEntryType(t *testing.T) {
	d := NewDemo(1, demoNow)
	states, modes, types, sports := map[State]bool{}, map[Mode]bool{}, map[EntryType]bool{}, map[Sport]bool{}
	var private, multiGroupStage, twoCourts, league, nullPlayer, nullEntry, bye, live, quick bool
	for _, o := range d.Organizers {
		sports[o.Sport] = true
	}
	for _, dt := range d.Tournaments {
		t := dt.Tournament
		states[t.State] = true
		private = private || !t.Public
		for _, di := range t.Disciplines {
			types[di.EntryType] = true
			for _, s := range di.Stages {
				multiGroupStage = multiGroupStage || len(s.Groups) > 1
				for _, g := range s.Groups {
					modes[g.Mode] = true
					league = league || len(g.Encounters) > 1
					for _, c := range g.Options.MatchConfigurations {
						quick = quick || c.QuickEntry
					}
				}
			}
		}
		for _, m := range dt.Matches {
			twoCourts = twoCourts || len(m.CourtIDs) > 1 && m.State == MatchRunning
			nullEntry = nullEntry || m.State == MatchIncomplete && (m.Entries[0] == nil || m.Entries[1] == nil)
			bye = bye || m.State == MatchBye
			live = live || m.IsLiveResult && m.State == MatchRunning
			for _, e := range m.Entries {
				if e != nil && slices.Contains(e.Entries, nil) {
					nullPlayer = true
				}
			}
		}
	}
	for _, s := range States {
		if !states[s] {
			t.Errorf("no tournament is %s", s)
		}
	}
	for _, m := range Modes {
		if !modes[m] {
			t.Errorf("no group plays %s", m)
		}
	}
	for _, e := range EntryTypes {
		if !types[e] {
			t.Errorf("no discipline has entry type %s", e)
		}
	}
	if len(sports) < 2 {
		t.Errorf("organizers in %d sports", len(sports))
	}
	for name, ok := range map[string]bool{"a private tournament": private, "a stage of several groups": multiGroupStage,
		"a match on two courts": twoCourts, "a league of several encounters": league, "a null player in a team": nullPlayer,
		"an incomplete match with a null entry": nullEntry, "a bye": bye, "a live result": live, "a quick-entry configuration": quick} {
		if !ok {
			t.Errorf("the demo has no %s", name)
		}
	}
}

func TestDemoIsDeterministic(t *testing.T) {
	a, _ := json.Marshal(NewDemo(3, demoNow))
	b, _ := json.Marshal(NewDemo(3, demoNow))
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed and clock gave different demos")
	}
	c, _ := json.Marshal(NewDemo(4, demoNow))
	if reflect.DeepEqual(a, c) {
		t.Error("another seed gave the same demo")
	}
}

func TestDemoResultsAreConsistent(t *testing.T) {
	for _, dt := range NewDemo(1, demoNow).Tournaments {
		courts := map[string]string{}
		for _, m := range dt.Matches {
			switch m.State {
			case MatchPlayed:
				if !m.HasResult() || m.EndTime.IsZero() || m.StartTime.IsZero() {
					t.Errorf("%s: played match %s without result or times", dt.Tournament.Name, m.ID)
				}
			case MatchRunning:
				if m.StartTime.IsZero() || len(m.CourtIDs) == 0 {
					t.Errorf("%s: running match %s without start or court", dt.Tournament.Name, m.ID)
				}
				for _, c := range m.CourtIDs {
					if other, busy := courts[c]; busy {
						t.Errorf("%s: court %s runs %s and %s", dt.Tournament.Name, c, other, m.ID)
					}
					courts[c] = m.ID
				}
			case MatchOpen, MatchIncomplete:
				if m.HasResult() {
					t.Errorf("%s: %s match %s has a result", dt.Tournament.Name, m.State, m.ID)
				}
			}
		}
	}
}
