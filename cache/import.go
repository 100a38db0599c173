package cache

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/redis/go-redis/v9"

	"courtside/textcheck"
	"courtside/tournament"
)

// ParseExport reads a tournament export for an import, as strictly as a
// setup file: it reports every problem with its JSON path (a value of the
// wrong type, a field no export has, a null where a record belongs, an id
// that is malformed or points nowhere, a name with control characters, a
// count over the limits; see tournament.CheckRecords) and returns the
// export only when there is none.
func ParseExport(raw []byte) (*Export, error) {
	if len(raw) > tournament.MaxImportFileBytes {
		return nil, tournament.Problems{{Message: tournament.Message{Format: "the file has more than %d bytes (limit %q)",
			Args: []any{tournament.MaxImportFileBytes, "import file size"}}}}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var x Export
	if err := dec.Decode(&x); err != nil {
		return nil, tournament.Problems{decodeProblem(err)}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, tournament.Problems{{Message: tournament.Message{Format: "not JSON: more than one value"}}}
	}
	var ps tournament.Problems
	if x.Format != ExportFormat {
		ps = append(ps, tournament.Problem{Path: "format", Message: tournament.Message{Format: "must be %q, not %q", Args: []any{ExportFormat, x.Format}}})
	}
	ps = append(ps, tournament.CheckRecords(x.Tournament, x.Entries, x.Matches, x.Audit)...)
	ps = append(ps, textcheck.Joiners("", &x)...)
	if len(ps) > 0 {
		return nil, ps
	}
	return &x, nil
}

// decodeProblem says where a file stopped reading as an export.
func decodeProblem(err error) tournament.Problem {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ):
		return tournament.Problem{Path: typ.Field, Message: tournament.Message{Format: "must be %s, not %s", Args: []any{typ.Type.String(), typ.Value}}}
	case errors.As(err, &syn):
		return tournament.Problem{Message: tournament.Message{Format: "not JSON at byte %d: %v", Args: []any{syn.Offset, syn}}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return tournament.Problem{Path: strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`), Message: tournament.Message{Format: "is not a field of an export"}}
	}
	return tournament.Problem{Message: tournament.Message{Format: "not an export: %v", Args: []any{err}}}
}

// ImportOrganizer is the organizer an import files its tournament under:
// the one ref (an id or a slug) names. The file's organizer is only a claim:
// it is made here only when ref names it and neither its id nor its slug
// is taken (moving an organizer's tournaments to a new store); a tournament
// is never filed under an organizer just because the file names it.
func (s *Store) ImportOrganizer(ctx context.Context, ref string, x *Export) (tournament.Organizer, error) {
	if ref == "" {
		return tournament.Organizer{}, fmt.Errorf("--organizer is required: the organizer (id or slug) to file the tournament under; the file says %s (%s)", x.Organizer.Slug, x.Organizer.ID)
	}
	org, err := s.OrganizerByRef(ctx, ref)
	if !errors.Is(err, ErrNotFound) {
		return org, err
	}
	if ref != x.Organizer.ID && ref != x.Organizer.Slug {
		return org, fmt.Errorf("--organizer: no organizer %q (courtside organizers list)", ref)
	}
	o, ps := tournament.NewOrganizer(x.Organizer.Name, x.Organizer.Slug, string(x.Organizer.Sport))
	if ps := append(ps, tournament.CheckRecords(&tournament.Tournament{ID: x.Organizer.ID, State: tournament.StatePlanned}, nil, nil, nil)...); len(ps) > 0 {
		for i := range ps {
			ps[i].Path = "organizer." + strings.TrimPrefix(ps[i].Path, "tournament.")
		}
		return org, ps
	}
	o.ID = x.Organizer.ID
	if _, err := s.Organizer(ctx, o.ID); err == nil {
		return org, fmt.Errorf("--organizer: the file's organizer id %s is taken here by another organizer", o.ID)
	}
	if err := s.CreateOrganizer(ctx, o); err != nil {
		return org, fmt.Errorf("cache: import: %w", err)
	}
	return o, nil
}

// importScript makes an imported tournament visible in one atomic step, once
// its matches, entries and audit lists are staged under keys of its own
// (written in bounded chunks beforehand, expiring unless this step keeps
// them): it refuses a tournament that exists, checks that the staged parts
// are still there, renames each into place (O(1) a key, however large) and
// writes the record, its listing, the version and the event. Only the part
// staged first is looked at: the rest were staged after it with the same
// time to live, under a name nobody else knows, so they outlive it. Killed before
// this step, an import leaves nothing but staging keys that expire; after
// it, the tournament is there whole, audit log included.
// KEYS: meta, version, listing, matches, entries, events stream, staged
// matches, staged entries, then pairs of staged and final audit lists.
// ARGV: meta JSON, listing JSON, events JSON, tournament id, whether
// matches and entries were staged ("1"/"0").
var importScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then
  return 'exists'
end
local staged = {}
if ARGV[5] == '1' then staged[#staged + 1] = {KEYS[7], KEYS[4]} end
if ARGV[6] == '1' then staged[#staged + 1] = {KEYS[8], KEYS[5]} end
for i = 9, #KEYS, 2 do staged[#staged + 1] = {KEYS[i], KEYS[i + 1]} end
if #staged > 0 and redis.call('TTL', staged[1][1]) < 60 then
  return 'lost'
end
for _, s in ipairs(staged) do
  redis.call('RENAME', s[1], s[2])
  redis.call('PERSIST', s[2])
end
redis.call('XADD', KEYS[6], '*', 'events', ARGV[3])
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[3], ARGV[2])
redis.call('SET', KEYS[2], 1)
redis.call('PUBLISH', 'versions', ARGV[4] .. ' 1')
return 'ok'
`)

// stagingTTL is how long the staged parts of an import wait for its last step.
const stagingTTLSeconds = 3600

// importChunk bounds the records one staging command writes.
const importChunk = 256

// Import writes a checked export (see ParseExport) as a tournament of org,
// under the file's own ids, whole or not at all: its matches, entries and
// audit lists are staged in bounded commands, then one short script puts
// them in place with the record (importScript). ErrExists when the
// tournament is here already.
func (s *Store) Import(ctx context.Context, org tournament.Organizer, x *Export) (string, error) {
	t := *x.Tournament
	t.OrganizerID, t.Rev = org.ID, 1
	id := t.ID
	if err := s.TakeWrite(ctx, org.ID); err != nil {
		return "", err
	}
	most := len(x.Matches)
	if x.Setup != nil {
		most = max(most, x.Setup.MostMatches())
	}
	bytes, err := storedBytes(&t, x.Entries, most)
	if err != nil {
		return "", err
	}
	listed, err := s.reserve(ctx, &t, most, bytes) // counted before anything is staged
	if err != nil {
		return "", err
	}
	st, err := stageImport(ctx, id, x)
	if err != nil {
		if listed {
			_ = s.release(context.WithoutCancel(ctx), org.ID, id)
		}
		return "", err
	}
	cleanUp := func() { // best effort: what is left expires anyway, and what it counted is given back
		_ = s.rdb.Unlink(context.WithoutCancel(ctx), st.staging...).Err()
		if listed {
			_ = s.release(context.WithoutCancel(ctx), org.ID, id)
		}
	}
	if err := s.sendStaged(ctx, st); err != nil {
		cleanUp()
		return "", fmt.Errorf("cache: import %s: %w", id, err)
	}
	if err := s.placeImport(ctx, &t, x, st); err != nil {
		cleanUp()
		return "", err
	}
	s.noteVersion(id, 1)
	return id, nil
}

// importStage is an import's parts staged under keys of their own before
// one script puts them in place.
type importStage struct {
	// keys are importScript's KEYS; staging, the staged keys (to unlink when
	// the import fails); cmds, the bounded commands that stage the parts.
	keys    []string
	staging []string
	cmds    []func(p redis.Pipeliner)
}

// stageImport prepares the commands that stage the export's matches,
// entries and audit lists, each in chunks of importChunk, with a TTL.
func stageImport(ctx context.Context, id string, x *Export) (*importStage, error) {
	token := make([]byte, 8)
	_, _ = rand.Read(token) // crypto/rand does not fail on supported platforms
	stage := fmt.Sprintf("t:{%s}:import:%s:", id, hex.EncodeToString(token))
	stagedMatches, stagedEntries := stage+"matches", stage+"entries"
	st := &importStage{keys: []string{metaKey(id), versionKey(id), listingKey(id), matchesKey(id), entriesKey(id), eventsKey(id), stagedMatches, stagedEntries}}
	hash := func(key string, fields []any) {
		for i := 0; i < len(fields); i += 2 * importChunk {
			chunk := fields[i:min(i+2*importChunk, len(fields))]
			st.cmds = append(st.cmds, func(p redis.Pipeliner) { p.HSet(ctx, key, chunk...); p.Expire(ctx, key, stagingTTLSeconds*1e9) })
		}
	}
	var fields []any
	for _, m := range x.Matches {
		raw, err := marshalRecord(m)
		if err != nil {
			return nil, err
		}
		fields = append(fields, m.ID, raw)
	}
	hash(stagedMatches, fields)
	fields = fields[:0:0]
	for _, e := range x.Entries {
		raw, err := marshalRecord(e)
		if err != nil {
			return nil, err
		}
		fields = append(fields, e.ID, raw)
	}
	hash(stagedEntries, fields)
	// Staged in the order the script lists them (matches, entries, audit
	// lists), so its first is the one staged first.
	for _, m := range x.Matches {
		as := x.Audit[m.ID]
		if len(as) == 0 {
			continue
		}
		vals := make([]any, len(as))
		for i, a := range as {
			raw, err := marshalRecord(a)
			if err != nil {
				return nil, err
			}
			vals[i] = raw
		}
		key := stage + "audit:" + m.ID
		st.keys = append(st.keys, key, auditKey(id, m.ID))
		st.staging = append(st.staging, key)
		st.cmds = append(st.cmds, func(p redis.Pipeliner) { p.RPush(ctx, key, vals...); p.Expire(ctx, key, stagingTTLSeconds*1e9) })
	}
	st.staging = append(st.staging, stagedMatches, stagedEntries)
	return st, nil
}

// sendStaged runs the staging commands, 64 to a pipeline.
func (s *Store) sendStaged(ctx context.Context, st *importStage) error {
	for i := 0; i < len(st.cmds); i += 64 {
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, c := range st.cmds[i:min(i+64, len(st.cmds))] {
				c(p)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// placeImport lists the tournament and puts the staged parts in place with
// its record, in one script: ErrExists when the tournament is here already.
func (s *Store) placeImport(ctx context.Context, t *tournament.Tournament, x *Export, st *importStage) error {
	id := t.ID
	c := tournament.Restore(t, x.Entries, nil, s.Now())
	meta, err := marshalRecord(c.Tournament)
	if err != nil {
		return err
	}
	l, err := marshalRecord(listingOf(c.Tournament))
	if err != nil {
		return err
	}
	events, err := json.Marshal(c.Events)
	if err != nil {
		return err
	}
	if err := s.index(ctx, c.Tournament); err != nil { // listed first, as Apply does
		return err
	}
	flag := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	res, err := s.runWrite(ctx, importScript, st.keys, meta, l, events, id, flag(len(x.Matches) > 0), flag(len(x.Entries) > 0)).Text()
	switch {
	case err != nil:
		return fmt.Errorf("cache: import %s: %w", id, err)
	case res == "exists":
		return fmt.Errorf("cache: tournament %s: %w", id, ErrExists)
	case res == "lost":
		return fmt.Errorf("cache: import %s: its staged parts expired before the last step: import it again", id)
	}
	return nil
}
