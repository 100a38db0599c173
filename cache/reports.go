package cache

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// CourtCodeLifetime is how long a court card's code is found after the
// cards were last opened in the console (printing them opens them): longer
// than any event, and a card lying in a drawer stops working by itself.
const CourtCodeLifetime = 30 * 24 * time.Hour

// ReportLifetime is how long a court's reports are kept after the last one:
// a report belongs to the match on the court, which is long over by then.
const ReportLifetime = 24 * time.Hour

// codeAlphabet has no letters that read as others (no 0/o, 1/l/i).
const codeAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// CodeLength is a court code's length: 12 of 31 letters, about 59 bits,
// far past guessing at the rate reports are allowed.
const CodeLength = 12

// newCourtCode is a fresh, unguessable court code.
func newCourtCode() string {
	b := make([]byte, CodeLength)
	for i := range b {
		// rand.Text would do, but its alphabet has letters that read alike.
		var n [1]byte
		for {
			_, _ = rand.Read(n[:])
			if int(n[0]) < 256-256%len(codeAlphabet) { // no bias
				break
			}
		}
		b[i] = codeAlphabet[int(n[0])%len(codeAlphabet)]
	}
	return string(b)
}

// NormalizeCourtCode reads a code as it is typed from a card: any case, with
// or without the dashes that group it; "" when it cannot be a code.
func NormalizeCourtCode(s string) string {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "-", ""))
	if len(s) != CodeLength {
		return ""
	}
	for _, c := range s {
		if !strings.ContainsRune(codeAlphabet, c) {
			return ""
		}
	}
	return s
}

// courtCodesScript gives each court a code: the one it has, or the new one
// offered (every court, when renewing). KEYS: the tournament's codes hash.
// ARGV: renew (1/0), lifetime in ms, then court id and a fresh code, per court.
// Returns per court: the code it has now, and the code it had before ("" for none).
var courtCodesScript = redis.NewScript(`
local out = {}
for i = 3, #ARGV, 2 do
  local old = redis.call('HGET', KEYS[1], ARGV[i]) or ''
  local code = old
  if ARGV[1] == '1' or old == '' then
    code = ARGV[i + 1]
    redis.call('HSET', KEYS[1], ARGV[i], code)
  end
  out[#out + 1] = code
  out[#out + 1] = old
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return out
`)

// CourtCodes returns the code of each court (by court id), making codes for
// courts that have none; with renew, every court gets a new code and the old
// ones stop working. The codes live in the tournament's slot; an index from
// code to court, refreshed here, lets a scanned card find its tournament.
func (s *Store) CourtCodes(ctx context.Context, tournamentID string, courtIDs []string, renew bool) (map[string]string, error) {
	if len(courtIDs) == 0 {
		return map[string]string{}, nil
	}
	args := []any{map[bool]string{true: "1", false: "0"}[renew], CourtCodeLifetime.Milliseconds()}
	for _, c := range courtIDs {
		args = append(args, c, newCourtCode())
	}
	res, err := s.runWrite(ctx, courtCodesScript, []string{courtCodesKey(tournamentID)}, args...).StringSlice()
	if err != nil {
		return nil, fmt.Errorf("cache: court codes of %s: %w", tournamentID, err)
	}
	codes := make(map[string]string, len(courtIDs))
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, c := range courtIDs {
			code, old := res[2*i], res[2*i+1]
			codes[c] = code
			if old != "" && old != code {
				p.Del(ctx, courtCodeKey(old))
			}
			p.Set(ctx, courtCodeKey(code), tournamentID+" "+c, CourtCodeLifetime)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cache: court codes of %s: %w", tournamentID, err)
	}
	return codes, nil
}

// CourtByCode finds the court a card's code belongs to. The tournament's own
// codes decide: a code the index still lists but the tournament renewed is
// not found (ErrNotFound), nor is an unknown or expired one.
func (s *Store) CourtByCode(ctx context.Context, code string) (tournamentID, courtID string, err error) {
	code = NormalizeCourtCode(code)
	if code == "" {
		return "", "", fmt.Errorf("cache: court code: %w", ErrNotFound)
	}
	raw, err := s.rdb.Get(ctx, courtCodeKey(code)).Result()
	if errors.Is(err, redis.Nil) {
		return "", "", fmt.Errorf("cache: court code: %w", ErrNotFound)
	}
	if err != nil {
		return "", "", fmt.Errorf("cache: court code: %w", err)
	}
	tournamentID, courtID, ok := strings.Cut(raw, " ")
	if !ok {
		return "", "", fmt.Errorf("cache: court code: %w", ErrNotFound)
	}
	current, err := s.rdb.HGet(ctx, courtCodesKey(tournamentID), courtID).Result()
	if errors.Is(err, redis.Nil) || err == nil && current != code {
		return "", "", fmt.Errorf("cache: court code: %w", ErrNotFound)
	}
	if err != nil {
		return "", "", fmt.Errorf("cache: court code: %w", err)
	}
	return tournamentID, courtID, nil
}

// reportScript replaces a court's report, if it is still the one the new
// one was computed from, and announces the change as every write does: the
// version moves on, the changelog notes "r" (readers fetch the reports
// again), and the versions channel says so. Reports are no match records, so
// no event goes to webhooks and the audit is left to the result they lead to.
//
// KEYS: reports hash, version, changelog, meta.
// ARGV: court id, the report it was computed from ("" for none), the new
// report ("" to remove it), tournament id, lifetime in ms, the changelog's length cap.
// Returns {"ok", version}, {"conflict"} or {"not_found"}.
var reportScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[4]) == 0 then
  return {'not_found'}
end
local cur = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if cur ~= ARGV[2] then
  return {'conflict'}
end
local v = tonumber(redis.call('GET', KEYS[2]) or '0') + 1
local last = redis.call('XREVRANGE', KEYS[3], '+', '-', 'COUNT', 1)[1]
if last and tonumber(string.match(last[1], '^%d+')) >= v then
  redis.call('DEL', KEYS[3])
end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], v .. '-1', 'm', '', 'e', '', 'meta', '0', 'r', '1')
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
redis.call('SET', KEYS[2], v)
redis.call('PUBLISH', 'versions', ARGV[4] .. ' ' .. v)
return {'ok', v}
`)

// ReportCourt computes a court's new report from the one stored (nil for
// none) and stores it (nil removes it) in one atomic step that refuses when
// another report got there first; then it computes again from that one. The
// rules' refusals come back as compute gave them.
func (s *Store) ReportCourt(ctx context.Context, tournamentID, courtID string, compute func(prev *tournament.CourtReport) (*tournament.CourtReport, error)) (*tournament.CourtReport, error) {
	for attempt := range maxAttempts {
		raw, err := s.rdb.HGet(ctx, reportsKey(tournamentID), courtID).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, fmt.Errorf("cache: report at %s/%s: %w", tournamentID, courtID, err)
		}
		var prev *tournament.CourtReport
		if raw != "" {
			prev = new(tournament.CourtReport)
			if err := unmarshalRecord([]byte(raw), prev); err != nil {
				return nil, fmt.Errorf("cache: report at %s/%s: %w", tournamentID, courtID, err)
			}
		}
		next, err := compute(prev)
		if err != nil {
			return nil, err
		}
		newRaw := ""
		if next != nil {
			b, err := marshalRecord(next)
			if err != nil {
				return nil, err
			}
			newRaw = string(b)
		}
		keys := []string{reportsKey(tournamentID), versionKey(tournamentID), changesKey(tournamentID), metaKey(tournamentID)}
		res, err := s.runWrite(ctx, reportScript, keys, courtID, raw, newRaw, tournamentID, ReportLifetime.Milliseconds(), streamCap).Slice()
		if err != nil {
			return nil, fmt.Errorf("cache: report at %s/%s: %w", tournamentID, courtID, err)
		}
		switch res[0] {
		case "ok":
			s.noteVersion(tournamentID, res[1].(int64))
			return next, nil
		case "not_found":
			return nil, fmt.Errorf("cache: tournament %s: %w", tournamentID, ErrNotFound)
		}
		if err := pause(ctx, attempt); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("cache: report at %s/%s: %w after %d attempts", tournamentID, courtID, ErrConflict, maxAttempts)
}

// decodeReports reads the reports hash's fields (court id → report JSON).
func decodeReports(all map[string]string) (map[string]*tournament.CourtReport, error) {
	if len(all) == 0 {
		return nil, nil
	}
	out := make(map[string]*tournament.CourtReport, len(all))
	for court, raw := range all {
		r := new(tournament.CourtReport)
		if err := unmarshalRecord([]byte(raw), r); err != nil {
			return nil, fmt.Errorf("report at %s: %w", court, err)
		}
		out[court] = r
	}
	return out, nil
}
