package cache_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// startedExport is the club night, started with a result written, as an export file.
func startedExport(t *testing.T) (*cache.Store, tournament.Organizer, []byte) {
	t.Helper()
	_, store, org, snap := clubNight(t)
	ctx := context.Background()
	snap, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(store.Now()) })
	if err != nil {
		t.Fatal(err)
	}
	snap, err = store.Snapshot(ctx, snap.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range snap.Matches {
		if m.State == tournament.MatchRunning {
			cfg := snap.Config(m)
			if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
				return s.SetResult(m.ID, tournament.Encounters{{{cfg.NumPoints, 0}}}, true, store.Now(), "test")
			}); err == nil {
				break
			}
		}
	}
	x, err := store.Export(ctx, snap.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Audit) == 0 {
		t.Fatal("no audit entry to carry")
	}
	raw, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return store, org, raw
}

// edit changes a decoded export with change and encodes it again.
func edit(t *testing.T, raw []byte, change func(x map[string]any)) []byte {
	t.Helper()
	var x map[string]any
	if err := json.Unmarshal(raw, &x); err != nil {
		t.Fatal(err)
	}
	change(x)
	out, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportChecksTheFileAsStrictlyAsASetup(t *testing.T) {
	_, _, raw := startedExport(t)
	if _, err := cache.ParseExport(raw); err != nil {
		t.Fatalf("an export is refused:\n%v", err)
	}
	matches := func(x map[string]any) []any { return x["matches"].([]any) }
	first := func(x map[string]any) map[string]any { return matches(x)[0].(map[string]any) }
	stage := func(x map[string]any) map[string]any {
		d := x["tournament"].(map[string]any)["disciplines"].([]any)[0].(map[string]any)
		return d["stages"].([]any)[0].(map[string]any)
	}
	auditOf := func(x map[string]any) (string, []any) {
		for id, as := range x["audit"].(map[string]any) {
			return id, as.([]any)
		}
		return "", nil
	}
	cases := []struct {
		name, path, says string
		change           func(x map[string]any)
	}{
		{"a null match", "matches[1]", "not null", func(x map[string]any) { matches(x)[1] = nil }},
		{"a null entry", "entries[0]", "not null", func(x map[string]any) { x["entries"].([]any)[0] = nil }},
		{"a 200k-character id", "tournament.id", `limit "id length in an import"`, func(x map[string]any) {
			x["tournament"].(map[string]any)["id"] = "tio:" + strings.Repeat("x", 200_000)
		}},
		{"an id with }{", "matches[0].id", "is not an id", func(x map[string]any) { first(x)["id"] = "tio:a}{b" }},
		{"two records, one id", "matches[1].id", "is the id of matches[0].id too", func(x map[string]any) { matches(x)[1].(map[string]any)["id"] = first(x)["id"] }},
		{"a match of no group", "matches[0].groupId", "no group of the tournament", func(x map[string]any) { first(x)["groupId"] = "tio:gone" }},
		{"a configuration index of -1", "matches[0].config", "no match configuration -1", func(x map[string]any) { first(x)["config"] = -1 }},
		{"a bidi override in a name", "tournament.name", "U+202E", func(x map[string]any) {
			x["tournament"].(map[string]any)["name"] = "Court \u202eevil\u202c"
		}},
		{"a joiner no writing needs in an entry's name", "entries[0].name", "zero-width joiner or non-joiner (U+200D)", func(x map[string]any) {
			x["entries"].([]any)[0].(map[string]any)["name"] = "An\u200dna"
		}},
		{"200k audit entries", "", "at most 100 result writes a match", func(x map[string]any) {
			id, as := auditOf(x)
			many := make([]any, 200_000)
			for i := range many {
				many[i] = as[0]
			}
			x["audit"].(map[string]any)[id] = many
		}},
		{"an audit of no match", "audit.tio:nowhere", "no match of the file", func(x map[string]any) {
			_, as := auditOf(x)
			x["audit"].(map[string]any)["tio:nowhere"] = as
		}},
		{"a field no export has", "owner", "not a field", func(x map[string]any) { x["tournament"].(map[string]any)["owner"] = "me" }},
		{"a draw naming someone else's entry", "tournament.disciplines[0].stages[0].proposal[0]", "no entry of the file", func(x map[string]any) {
			stage(x)["proposal"] = []any{"tio:someoneElses"}
		}},
		{"an entry twice in a draw", "tournament.disciplines[0].stages[0].drawn[1]", "in the draw twice", func(x map[string]any) {
			e := x["entries"].([]any)[0].(map[string]any)["id"]
			stage(x)["drawn"] = []any{e, e}
		}},
		{"a win worth less than nothing", "tournament.disciplines[0].stages[0].groups[0].scoring", "win must be from 1 to 99", func(x map[string]any) {
			stage(x)["groups"].([]any)[0].(map[string]any)["scoring"] = map[string]any{"win": -3, "draw": 1, "bye": 0}
		}},
		{"a zone no browser knows", "tournament.timeZone", "is no time zone", func(x map[string]any) { x["tournament"].(map[string]any)["timeZone"] = "right/Europe/Paris" }},
		{"the server's own zone", "tournament.timeZone", "is no time zone", func(x map[string]any) { x["tournament"].(map[string]any)["timeZone"] = "Local" }},
		{"a draw by nobody", "tournament.disciplines[0].stages[0].drawBy", "must be", func(x map[string]any) { stage(x)["drawBy"] = "the caretaker" }},
		{"a number as a name", "tournament.name", "must be string", func(x map[string]any) { x["tournament"].(map[string]any)["name"] = 7 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := cache.ParseExport(edit(t, raw, c.change))
			var ps tournament.Problems
			if !errors.As(err, &ps) {
				t.Fatalf("taken: %v", err)
			}
			found := false
			for _, p := range ps {
				found = found || (c.path == "" || p.Path == c.path) && strings.Contains(p.Message.String(), c.says)
			}
			if !found {
				t.Errorf("want %s: …%s…, got\n%v", c.path, c.says, ps)
			}
		})
	}
	if _, err := cache.ParseExport(append([]byte("{"), make([]byte, tournament.MaxImportFileBytes)...)); err == nil || !strings.Contains(err.Error(), `limit "import file size"`) {
		t.Errorf("a file over the size limit: %v", err)
	}
}

func TestImportIsFiledUnderTheOrganizerNamedNotTheFiles(t *testing.T) {
	store, club, raw := startedExport(t)
	ctx := context.Background()
	mine, _ := tournament.NewOrganizer("Mine", "mine", "darts")
	if err := store.CreateOrganizer(ctx, mine); err != nil {
		t.Fatal(err)
	}
	var x0 cache.Export
	_ = json.Unmarshal(raw, &x0)
	if err := store.DeleteTournament(ctx, x0.Tournament.ID); err != nil {
		t.Fatal(err)
	}
	x, err := cache.ParseExport(raw) // the file says it is the club's
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.ImportOrganizer(ctx, "", x); err == nil || !strings.Contains(err.Error(), "--organizer is required") {
		t.Errorf("no organizer named: %v", err)
	}
	if _, err := store.ImportOrganizer(ctx, "someone-else", x); err == nil {
		t.Error("an organizer that is not here and not the file's is made")
	}
	org, err := store.ImportOrganizer(ctx, "mine", x)
	if err != nil || org.ID != mine.ID {
		t.Fatalf("--organizer mine: %v, %v", org, err)
	}
	id, err := store.Import(ctx, org, x)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, id)
	if err != nil || snap.Tournament.OrganizerID != mine.ID {
		t.Fatalf("filed under %s, want %s (mine, not the file's %s): %v", snap.Tournament.OrganizerID, mine.ID, club.ID, err)
	}
	if theirs, _ := store.Tournaments(ctx, club.ID, cache.ListQuery{Limit: 10}); len(theirs) != 0 {
		t.Errorf("the file's organizer lists %d tournaments", len(theirs))
	}
}

// failing fails every command named fail, as a Redis that goes away (or a
// process killed) between two steps would leave them undone.
type failing struct{ fail string }

func (f failing) DialHook(next redis.DialHook) redis.DialHook { return next }
func (f failing) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if cmd.Name() == f.fail {
			return fmt.Errorf("%s: killed", cmd.Name())
		}
		return next(ctx, cmd)
	}
}
func (f failing) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		for _, c := range cmds {
			if c.Name() == f.fail {
				return fmt.Errorf("%s: killed", c.Name())
			}
		}
		return next(ctx, cmds)
	}
}

func TestImportLandsWholeOrNotAtAll(t *testing.T) {
	_, club, raw := startedExport(t)
	x, err := cache.ParseExport(raw)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rdb := cachetest.Separate(t)
	store := cache.New(rdb)
	if err := store.CreateOrganizer(ctx, club); err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{"rpush", "evalsha"} { // the audit log fails; the last step fails
		broken := cachetest.Another(t, rdb)
		broken.AddHook(failing{step})
		if _, err := cache.New(broken).Import(ctx, club, x); err == nil {
			t.Fatalf("%s failed, and the import says it worked", step)
		}
		if _, err := store.Snapshot(ctx, x.Tournament.ID); !errors.Is(err, cache.ErrNotFound) {
			t.Errorf("after %s failed: the tournament is there (%v)", step, err)
		}
	}
	id, err := store.Import(ctx, club, x) // and it can be imported again, whole
	if err != nil {
		t.Fatalf("importing again: %v", err)
	}
	for mid, want := range x.Audit {
		got, err := store.Audit(ctx, id, mid)
		if err != nil || len(got) != len(want) {
			t.Errorf("match %s: %d audit entries, want %d (%v)", mid, len(got), len(want), err)
		}
	}
	keys, _ := rdb.Keys(ctx, "*:import:*").Result()
	if len(keys) != 0 {
		t.Errorf("staging left behind: %v", keys)
	}
}
