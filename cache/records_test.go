package cache

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"courtside/tournament"
)

// TestRecordsCarryTheirFormat writes a record with its format first and
// reads records of every format up to it.
func TestRecordsCarryTheirFormat(t *testing.T) {
	m := &tournament.Match{ID: "m1", State: tournament.MatchRunning, CourtIDs: []string{"c1"}, Rev: 3}
	raw, err := marshalRecord(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(raw), `{"format":2,"id":"m1",`) {
		t.Errorf("written as %s, want the format first", raw)
	}
	for _, stored := range []string{string(raw), `{"id":"m1","state":"running","courtIds":["c1"],"rev":3}`} {
		var got tournament.Match
		if err := unmarshalRecord([]byte(stored), &got); err != nil {
			t.Fatalf("%s: %v", stored, err)
		}
		if got.ID != "m1" || got.State != tournament.MatchRunning || got.Rev != 3 || len(got.CourtIDs) != 1 {
			t.Errorf("%s read as %+v", stored, got)
		}
	}
	var got tournament.Match
	if err := unmarshalRecord([]byte(`{"format":3,"id":"m1"}`), &got); !errors.Is(err, ErrNewerRecord) {
		t.Errorf("a record of format 3 read with %v, want ErrNewerRecord", err)
	}
	if raw, _ := marshalRecord(&struct{}{}); string(raw) != `{"format":2}` {
		t.Errorf("an empty record is %s", raw)
	}
}

// TestAMigrationRenamesAStoredField plays the next change of a stored field:
// format 1's matches named their courts "tables"; the step to format 2
// renames the field in matches only, on read and on restore.
func TestAMigrationRenamesAStoredField(t *testing.T) {
	saved := migrations[0]
	defer func() { migrations[0] = saved }()
	migrations[0] = func(v any, rec map[string]json.RawMessage) error {
		if _, ok := v.(*tournament.Match); ok {
			rec["courtIds"] = rec["tables"]
			delete(rec, "tables")
		}
		return nil
	}
	var m tournament.Match
	if err := unmarshalRecord([]byte(`{"id":"m1","tables":["c7"]}`), &m); err != nil || len(m.CourtIDs) != 1 || m.CourtIDs[0] != "c7" {
		t.Errorf("read %+v, %v; want the courts of the old field", m, err)
	}
	var e tournament.Entry
	if err := unmarshalRecord([]byte(`{"id":"e1","name":"Anna","tables":["x"]}`), &e); err != nil || e.Name != "Anna" {
		t.Errorf("an entry read as %+v, %v", e, err)
	}
	k := BackupKey{Key: matchesKey("t1"), Type: "hash", Vals: []string{"m1", `{"id":"m1","tables":["c7"],"later":true}`, "m2", `{"format":2,"id":"m2"}`}}
	if err := upgradeRecords(&k); err != nil {
		t.Fatal(err)
	}
	if k.Vals[0] != "m1" || k.Vals[1] != `{"format":2,"courtIds":["c7"],"id":"m1","later":true}` || k.Vals[3] != `{"format":2,"id":"m2"}` {
		t.Errorf("restored as %q: want format 2, the field renamed, a field unknown here kept, a current record as it was", k.Vals)
	}
}

// TestEveryRecordKeyIsKnown checks that the store's keys whose values are
// JSON objects are the keys recordOf names, so a restore upgrades them all.
func TestEveryRecordKeyIsKnown(t *testing.T) {
	for _, key := range []string{metaKey("t"), matchesKey("t"), entriesKey("t"), listingKey("t"), auditKey("t", "m"),
		reportsKey("t"), screensKey("t"), organizersKey, keysByHashKey, webhooksKey, followsKey, webhookLogKey("w"),
		organizerIndexKey("o"), registerPlayersKey("o"), seriesKey("o"), ratingSettingsKey("o")} {
		if recordOf(key) == nil {
			t.Errorf("%s holds records, recordOf does not say which", key)
		}
	}
	for _, key := range []string{versionKey("t"), changesKey("t"), eventsKey("t"), courtCodesKey("t"), organizerSlugsKey, keysKey, rankingsRevKey("o")} {
		if recordOf(key) != nil {
			t.Errorf("%s holds no records, recordOf says it does", key)
		}
	}
}
