package cache

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"courtside/rankings"
	"courtside/record"
	"courtside/tournament"
)

// RecordFormat is the format of the records this version writes. Every JSON
// record the store keeps (a tournament, a match, an entry, a listing, an
// organizer, a key, a webhook and its deliveries, a follow, a screen, a court
// report, an audit entry, a registered player, a series, rating settings)
// starts with it: {"format":2,...}. A record without it was written before
// formats were numbered: format 1.
//
// The records are the stored form of the rule book's types and change on
// their own: the API's shapes are package wire's. A change to a stored field
// moves RecordFormat on and adds the step from the format before to
// migrations, so a store written by any earlier version still reads, and each
// record is written in the new format the next time it changes.
const RecordFormat = 2

// ErrNewerRecord is returned for a record written by a newer version of
// Courtside, in a format this one does not know: it is left as it is.
var ErrNewerRecord = errors.New("a record in a newer format than this version of Courtside reads (upgrade Courtside)")

// migration turns a record of one format into the next: rec holds the
// record's fields, v is what it is decoded into (a *tournament.Match, ...),
// so a step changes only the kinds it is about. A nil step changes no field.
type migration func(v any, rec map[string]json.RawMessage) error

// migrations[n-1] turns format n into format n+1.
var migrations = []migration{
	// 1 → 2: the format number itself; the fields are those of format 1.
	nil,
}

// formatPrefix starts every record this version writes.
var formatPrefix = []byte(`{"format":` + strconv.Itoa(RecordFormat))

// marshalRecord writes v, a struct, as a record of RecordFormat.
func marshalRecord(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(raw) < 2 || raw[0] != '{' {
		return nil, fmt.Errorf("cache: a record is a JSON object, not %.20s", raw)
	}
	return withFormat(raw), nil
}

// withFormat puts RecordFormat in front of a JSON object's fields.
func withFormat(raw []byte) []byte {
	out := make([]byte, 0, len(formatPrefix)+len(raw)+1)
	out = append(out, formatPrefix...)
	if len(raw) > 2 {
		out = append(out, ',')
	}
	return append(out, raw[1:]...)
}

// unmarshalRecord reads a record of any format up to RecordFormat into v,
// migrating an older one on the way; one of a newer format is ErrNewerRecord.
func unmarshalRecord(raw []byte, v any) error {
	format, err := recordFormat(raw)
	if err != nil {
		return err
	}
	if format > RecordFormat {
		return fmt.Errorf("cache: format %d: %w", format, ErrNewerRecord)
	}
	if format < RecordFormat {
		if raw, err = migrate(raw, format, v); err != nil {
			return err
		}
	}
	return json.Unmarshal(raw, v)
}

// recordFormat is the format a record says it has: 1 when it says none.
func recordFormat(raw []byte) (int, error) {
	const key = `{"format":`
	if !bytes.HasPrefix(raw, []byte(key)) {
		return 1, nil
	}
	digits := raw[len(key):]
	n := 0
	for n < len(digits) && digits[n] >= '0' && digits[n] <= '9' {
		n++
	}
	format, err := strconv.Atoi(string(digits[:n]))
	if err != nil {
		return 0, fmt.Errorf("cache: a record's format %.20q: %w", digits, err)
	}
	return format, nil
}

// migrate brings a record of the format up to RecordFormat.
func migrate(raw []byte, format int, v any) ([]byte, error) {
	var rec map[string]json.RawMessage
	for f := format; f < RecordFormat; f++ {
		step := migrations[f-1]
		if step == nil {
			continue
		}
		if rec == nil {
			if err := json.Unmarshal(raw, &rec); err != nil {
				return nil, fmt.Errorf("cache: a record of format %d: %w", format, err)
			}
		}
		if err := step(v, rec); err != nil {
			return nil, fmt.Errorf("cache: a record of format %d, to format %d: %w", f, f+1, err)
		}
	}
	if rec == nil {
		return raw, nil
	}
	return json.Marshal(rec)
}

// recordOf is what the values of a key hold when they are records (a
// pointer to the zero value, for the migrations to tell kinds apart), or
// nil: a counter, a set of ids, a stream, a code. keys.go names the keys.
func recordOf(key string) any {
	switch {
	case key == organizersKey:
		return new(tournament.Organizer)
	case key == keysByHashKey:
		return new(record.Key)
	case key == webhooksKey:
		return new(webhookRecord)
	case key == followsKey:
		return new(record.Follow)
	case strings.HasPrefix(key, "webhook-log:"):
		return new(record.Delivery)
	case strings.HasPrefix(key, "t:{"):
		_, part, _ := strings.Cut(key, "}:")
		switch {
		case part == "meta":
			return new(tournament.Tournament)
		case part == "matches":
			return new(tournament.Match)
		case part == "entries":
			return new(tournament.Entry)
		case part == "listing":
			return new(listing)
		case part == "reports":
			return new(tournament.CourtReport)
		case part == "screens":
			return new(record.Screen)
		case strings.HasPrefix(part, "audit:"):
			return new(tournament.AuditEntry)
		}
	case strings.HasPrefix(key, "o:{"):
		_, part, _ := strings.Cut(key, "}:")
		switch part {
		case "index":
			return new(listing)
		case "players":
			return new(rankings.RegisteredPlayer)
		case "series":
			return new(rankings.Series)
		case "rating-settings":
			return new(rankings.RatingSettings)
		}
	}
	return nil
}

// upgradeRecords brings the records among a backed-up key's values to
// RecordFormat, field for field (a field this version does not know stays):
// a backup made by an earlier version restores in the format of this one.
func upgradeRecords(k *BackupKey) error {
	v := recordOf(k.Key)
	if v == nil {
		return nil
	}
	for i, val := range k.Vals {
		if k.Type == "hash" && i%2 == 0 {
			continue // a field's name
		}
		format, err := recordFormat([]byte(val))
		if err != nil || format >= RecordFormat {
			continue // as it is: a newer version's, or not a record; reading it says so
		}
		raw, err := migrate([]byte(val), format, v)
		if err != nil {
			return fmt.Errorf("%s: %w", k.Key, err)
		}
		if len(raw) >= 2 && raw[0] == '{' {
			k.Vals[i] = string(withFormat(raw))
		}
	}
	return nil
}
