package tournament

import (
	"encoding/json"
	"testing"
	"time"
)

func TestTimeJSONIsUTCWithMilliseconds(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	b, err := json.Marshal(At(time.Date(2026, 11, 21, 10, 4, 5, 123456789, berlin)))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `"2026-11-21T09:04:05.123Z"` {
		t.Errorf("got %s", b)
	}
	var back Time
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(time.Date(2026, 11, 21, 9, 4, 5, 123e6, time.UTC)) {
		t.Errorf("round trip %v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`"yesterday"`), &back); err == nil {
		t.Error("accepted a timestamp that is not one")
	}
}

func TestEnumsRejectUnknownValues(t *testing.T) {
	var m struct {
		State MatchState `json:"state"`
		Mode  Mode       `json:"mode"`
	}
	if err := json.Unmarshal([]byte(`{"state":"running","mode":"swiss"}`), &m); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"state":"finished"}`, `{"mode":"knockout"}`} {
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := Parse("curling", Sports); err == nil {
		t.Error("curling is a sport here")
	}
}
