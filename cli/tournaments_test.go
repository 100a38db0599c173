package cli

import (
	"bytes"
	"context"
	"courtside/wire"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
	"courtside/web"
)

// courtside runs a command and returns what it printed.
func courtside(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), args, &out, getenv)
	return out.String(), err
}

func mustRun(t *testing.T, getenv func(string) string, args ...string) string {
	t.Helper()
	out, err := courtside(t, getenv, args...)
	if err != nil {
		t.Fatalf("courtside %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func TestOrganizersCommands(t *testing.T) {
	getenv, store := env(t)
	id := strings.TrimSuffix(mustRun(t, getenv, "organizers", "create", "--name", "Kickerclub Hamburg e.V.", "--slug", "kickerclub-hamburg", "--sport", "table_soccer"), "\n")
	if !strings.HasPrefix(id, "tio:") || strings.ContainsAny(id, " \n") {
		t.Fatalf("create printed %q, want the id alone", id)
	}
	o, err := store.OrganizerBySlug(context.Background(), "kickerclub-hamburg")
	if err != nil || o.ID != id || o.Sport != tournament.TableSoccer {
		t.Fatalf("stored %+v %v", o, err)
	}
	for name, c := range map[string]struct {
		args []string
		says string
	}{
		"slug taken":   {[]string{"--name", "Other", "--slug", "kickerclub-hamburg", "--sport", "darts"}, "--slug: \"kickerclub-hamburg\" belongs to another organizer"},
		"bad slug":     {[]string{"--name", "Other", "--slug", "Other Club", "--sport", "darts"}, "--slug: \"Other Club\": use lower-case"},
		"no name":      {[]string{"--slug", "other", "--sport", "darts"}, "--name: is required"},
		"wrong sport":  {[]string{"--name", "Other", "--slug", "other", "--sport", "chess"}, "--sport: must be one of"},
		"all of those": {[]string{"--sport", "chess"}, "--name: is required\n--slug: is required\n--sport:"},
	} {
		out, err := courtside(t, getenv, append([]string{"organizers", "create"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.says) || out != "" {
			t.Errorf("%s: err %v, printed %q; want %q", name, err, out, c.says)
		}
	}
	list := mustRun(t, getenv, "organizers", "list")
	if !strings.Contains(list, id) || !strings.Contains(list, "kickerclub-hamburg") {
		t.Errorf("list:\n%s", list)
	}
}

func TestSlugRace(t *testing.T) {
	_, store := env(t)
	ctx := context.Background()
	errs := make(chan error, 20)
	for range 20 {
		go func() {
			o, _ := tournament.NewOrganizer("Club", "same-slug", "darts")
			errs <- store.CreateOrganizer(ctx, o)
		}()
	}
	won := 0
	for range 20 {
		if err := <-errs; err == nil {
			won++
		}
	}
	orgs, _ := store.Organizers(ctx)
	if won != 1 || len(orgs) != 1 {
		t.Errorf("%d of 20 racing creations got the slug, %d organizers stored", won, len(orgs))
	}
}

// api serves the store's API with a generous rate limit, for tests that read a lot.
func api(t *testing.T, store *cache.Store) http.Handler {
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func getFrom(t *testing.T, h http.Handler, key, path string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func setupFile(t *testing.T, edit func(map[string]any)) string {
	raw, err := os.ReadFile("../tournament/testdata/setup/club-night.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(m)
	}
	raw, _ = json.Marshal(m)
	name := filepath.Join(t.TempDir(), "setup.json")
	if err := os.WriteFile(name, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestCreateStartAndTheAPI(t *testing.T) {
	getenv, store := env(t)
	ctx := context.Background()
	orgID := strings.TrimSpace(mustRun(t, getenv, "organizers", "create", "--name", "Kickerclub Hamburg e.V.", "--slug", "kickerclub-hamburg", "--sport", "table_soccer"))
	token, _, err := store.CreateToken(ctx, orgID, "test")
	if err != nil {
		t.Fatal(err)
	}
	h := api(t, store)

	// A bad file: every problem with its path, and nothing written.
	bad := setupFile(t, func(m map[string]any) {
		m["courts"] = 0
		m["disciplines"].([]any)[0].(map[string]any)["stages"].([]any)[1].(map[string]any)["qualify"] = "eight"
	})
	_, err = courtside(t, getenv, "tournaments", "create", "--file", bad)
	if err == nil || !strings.Contains(err.Error(), "courts: must be a count from 1 to 500") || !strings.Contains(err.Error(), "disciplines[0].stages[1].qualify: must be a whole number") {
		t.Fatalf("bad file: %v", err)
	}
	if code, body := getFrom(t, h, token, "/v1/public/tournaments"); code != 200 || strings.TrimSpace(string(body)) != "[]" {
		t.Fatalf("after a refused file: %d %s", code, body)
	}
	// An unknown organizer.
	if _, err := courtside(t, getenv, "tournaments", "create", "--file", setupFile(t, func(m map[string]any) { m["organizer"] = "nobody" })); err == nil || !strings.Contains(err.Error(), `organizer: no organizer "nobody"`) {
		t.Errorf("unknown organizer: %v", err)
	}

	id := strings.TrimSpace(mustRun(t, getenv, "tournaments", "create", "--file", setupFile(t, nil)))
	var tj wire.Tournament
	code, body := getFrom(t, h, token, "/v1/public/tournaments/"+id)
	if code != 200 || json.Unmarshal(body, &tj) != nil || tj.State != tournament.StateReady || tj.Name != "Club Night 48" || len(tj.Disciplines) != 2 {
		t.Fatalf("created: %d %s", code, body)
	}
	if g := tj.Disciplines[0].Stages[0].Groups[0]; g.TournamentMode != tournament.Swiss || g.Options.NumRoundsPlanned != 5 || g.Options.MatchConfigurations[0].NumPoints != 7 {
		t.Errorf("swiss group %+v", g)
	}
	if _, body := getFrom(t, h, token, "/v1/public/tournaments/"+id+"/courts"); strings.Count(string(body), `"number"`) != 4 {
		t.Errorf("courts %s", body)
	}
	if _, body := getFrom(t, h, token, "/v1/public/tournaments/"+id+"/entries"); !strings.Contains(string(body), `"name":"Die Kurbler"`) {
		t.Errorf("entries %s", body)
	}
	if list := mustRun(t, getenv, "tournaments", "list"); !strings.Contains(list, id) || !strings.Contains(list, "ready") {
		t.Errorf("list:\n%s", list)
	}

	mustRun(t, getenv, "tournaments", "start", id)
	_, body = getFrom(t, h, token, "/v1/public/tournaments/"+id)
	if err := json.Unmarshal(body, &tj); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if tj.State != tournament.StateRunning || tj.Disciplines[0].Stages[0].State != tournament.PhaseRunning || tj.Disciplines[0].Stages[1].State != tournament.PhasePlanned {
		t.Errorf("started: %s", body)
	}
	var ms []wire.Match
	_, body = getFrom(t, h, token, "/v1/public/tournaments/"+id+"/stages/"+tj.Disciplines[0].Stages[0].ID+"/matches")
	if err := json.Unmarshal(body, &ms); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if len(ms) != 5 {
		t.Errorf("the swiss's first round has %d matches, want 5: %s", len(ms), body)
	}
	// autoCall: the four courts got the first four open matches.
	var courts []wire.Court
	_, body = getFrom(t, h, token, "/v1/public/tournaments/"+id+"/courts?includeMatchDetails=true")
	if err := json.Unmarshal(body, &courts); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	for _, c := range courts {
		if c.CurrentMatch == nil || c.CurrentMatch.State != tournament.MatchRunning {
			t.Errorf("court %s has no running match: %s", c.Name, body)
		}
	}
	if _, err := courtside(t, getenv, "tournaments", "start", id); err == nil || !strings.Contains(err.Error(), "started already") {
		t.Errorf("starting twice: %v", err)
	}

	// A late entry joins the swiss; a withdrawal skips the entry's match.
	mustRun(t, getenv, "tournaments", "late-entry", id, "--discipline", "OS", "--name", "Karl Ney")
	_, body = getFrom(t, h, token, "/v1/public/tournaments/"+id+"/group/"+tj.Disciplines[0].Stages[0].Groups[0].ID+"/entries")
	if !strings.Contains(string(body), "Karl Ney") {
		t.Errorf("the late entry is not in the group: %s", body)
	}
	mustRun(t, getenv, "tournaments", "withdraw", id, "--discipline", "OS", "--entry", "Anna Berg")
	snap, _ := store.Snapshot(ctx, id)
	anna := snap.Tournament.Disciplines[0].EntryIDs[0]
	for _, m := range snap.Matches {
		if m.Involves(anna) && m.DisciplineID == tj.Disciplines[0].ID {
			if w, _ := m.Outcome(); m.State != tournament.MatchPlayed || w == nil || w.ID == anna {
				t.Errorf("Anna's match is %s, won by %v, after she withdrew", m.State, w)
			}
		}
	}
	if _, err := courtside(t, getenv, "tournaments", "late-entry", id, "--discipline", "OD", "--name", "Zoe / Yusuf"); err == nil || !strings.Contains(err.Error(), "takes late entries") {
		t.Errorf("a late entry to round robin pools: %v", err)
	}

	if _, err := courtside(t, getenv, "tournaments", "delete", id); err == nil || !strings.Contains(err.Error(), "--yes") {
		t.Errorf("delete without --yes: %v", err)
	}
	mustRun(t, getenv, "tournaments", "delete", id, "--yes")
	if code, _ := getFrom(t, h, token, "/v1/public/tournaments/"+id); code != 404 {
		t.Errorf("after delete: %d", code)
	}
	if list := mustRun(t, getenv, "tournaments", "list"); strings.Contains(list, id) {
		t.Errorf("list after delete:\n%s", list)
	}
}

func TestCheckInSetupStartsInCheckIn(t *testing.T) {
	getenv, store := env(t)
	mustRun(t, getenv, "organizers", "create", "--name", "Club", "--slug", "kickerclub-hamburg", "--sport", "table_soccer")
	id := strings.TrimSpace(mustRun(t, getenv, "tournaments", "create", "--file", setupFile(t, func(m map[string]any) { m["checkIn"] = true })))
	snap, err := store.Snapshot(context.Background(), id)
	if err != nil || snap.Tournament.State != tournament.StateCheckIn {
		t.Fatalf("%v %v", snap, err)
	}
	if _, err := courtside(t, getenv, "tournaments", "start", id); err == nil || !strings.Contains(err.Error(), "have not checked in") {
		t.Errorf("start before anyone checked in: %v", err)
	}
}

// responses reads every API response of a tournament: the tournament, its
// courts, every match list, every match, court, entry list and standings.
func responses(t *testing.T, h http.Handler, key string, snap *tournament.Snapshot) map[string]string {
	out := map[string]string{}
	base := "/v1/public/tournaments/" + snap.Tournament.ID
	paths := []string{"", "/courts", "/courts?includeMatchDetails=true", "/entries"}
	for _, c := range snap.Tournament.Courts {
		paths = append(paths, "/courts/"+c.ID, "/courts/"+c.ID+"?includeMatchDetails=true")
	}
	for _, d := range snap.Tournament.Disciplines {
		paths = append(paths, "/disciplines/"+d.ID+"/matches", "/discipline/"+d.ID+"/entries")
		for _, st := range d.Stages {
			paths = append(paths, "/stages/"+st.ID+"/matches")
			for _, g := range st.Groups {
				paths = append(paths, "/groups/"+g.ID+"/matches", "/group/"+g.ID+"/entries", "/groups/"+g.ID+"/standings")
				for _, r := range g.Rounds {
					paths = append(paths, "/rounds/"+r.ID+"/matches")
				}
			}
		}
	}
	for _, m := range snap.Matches {
		paths = append(paths, "/matches/"+m.ID)
	}
	for id := range snap.Entries {
		paths = append(paths, "/entries/"+id+"/matches")
	}
	for _, p := range paths {
		code, body := getFrom(t, h, key, base+p)
		if code != 200 {
			t.Errorf("%s: %d %s", p, code, body)
		}
		out[p] = string(body)
	}
	return out
}

func TestExportImportReproducesEveryResponse(t *testing.T) {
	cachetest.Parallel(t)
	getenv, store := env(t)
	ctx := context.Background()
	mustRun(t, getenv, "demo")
	orgs, _ := store.Organizers(ctx)
	// Results written through the rule book, so the audit log has something to carry.
	audited := 0
	for _, o := range orgs {
		snaps, _ := store.Tournaments(ctx, o.ID, cache.ListQuery{Limit: 100})
		for _, snap := range snaps {
			for _, m := range snap.Matches {
				if m.State != tournament.MatchRunning || len(m.Encounters) > 1 || m.IsLiveResult {
					continue
				}
				cfg := snap.Config(m)
				r := tournament.Encounters{{{cfg.NumPoints, 0}}}
				if _, _, err := store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
					return s.SetResult(m.ID, r, false, time.Now(), "test")
				}); err == nil {
					audited++
				}
				break
			}
		}
	}
	if audited == 0 {
		t.Fatal("no result written")
	}
	h := api(t, store)
	getenv2, store2 := separateEnv(t) // an empty store elsewhere
	h2 := api(t, store2)
	n := 0
	for _, o := range orgs {
		token, _, _ := store.CreateToken(ctx, o.ID, "")
		snaps, err := store.Tournaments(ctx, o.ID, cache.ListQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, snap := range snaps {
			n++
			before := responses(t, h, token, snap)
			file := filepath.Join(t.TempDir(), "export.json")
			if err := os.WriteFile(file, []byte(mustRun(t, getenv, "tournaments", "export", snap.Tournament.ID)), 0o600); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(mustRun(t, getenv2, "tournaments", "import", file, "--organizer", o.Slug)); got != snap.Tournament.ID {
				t.Fatalf("import printed %q, want %s", got, snap.Tournament.ID)
			}
			token2, _, _ := store2.CreateToken(ctx, o.ID, "")
			snap2, err := store2.Snapshot(ctx, snap.Tournament.ID)
			if err != nil {
				t.Fatal(err)
			}
			after := responses(t, h2, token2, snap2)
			for _, p := range slices.Sorted(maps.Keys(before)) {
				if before[p] != after[p] {
					t.Errorf("%s %s differs after import:\n%s\n%s", snap.Tournament.Name, p, before[p], after[p])
				}
			}
			if len(after) != len(before) {
				t.Errorf("%s: %d responses before, %d after", snap.Tournament.Name, len(before), len(after))
			}
			// The audit log came along.
			for _, m := range snap.Matches {
				a1, _ := store.Audit(ctx, snap.Tournament.ID, m.ID)
				a2, _ := store2.Audit(ctx, snap.Tournament.ID, m.ID)
				if len(a1) != len(a2) || len(a1) > 0 && a1[0].By != a2[0].By {
					t.Errorf("%s: match %s has %d audit entries, %d after import", snap.Tournament.Name, m.ID, len(a1), len(a2))
				}
			}
			// A second import of the same tournament is refused, and changes nothing.
			if _, err := courtside(t, getenv2, "tournaments", "import", file, "--organizer", o.Slug); err == nil || !strings.Contains(err.Error(), "here already") {
				t.Errorf("a second import: %v", err)
			}
		}
	}
	if n != len(tournament.NewDemo(1, time.Now()).Tournaments) {
		t.Errorf("round-tripped %d tournaments", n)
	}
}

// TestImportRefusesABrokenFileWithItsPath: a null where a match belongs is
// a problem listed with its path, not a crash; and the tournament goes only
// under the organizer --organizer names.
func TestImportRefusesABrokenFileWithItsPath(t *testing.T) {
	getenv, store := env(t)
	ctx := context.Background()
	mustRun(t, getenv, "demo")
	orgs, _ := store.Organizers(ctx)
	snaps, _ := store.Tournaments(ctx, orgs[0].ID, cache.ListQuery{Limit: 100})
	var snap *tournament.Snapshot
	for _, s := range snaps {
		if len(s.Matches) > 1 {
			snap = s
		}
	}
	var x map[string]any
	if err := json.Unmarshal([]byte(mustRun(t, getenv, "tournaments", "export", snap.Tournament.ID)), &x); err != nil {
		t.Fatal(err)
	}
	good := x["matches"].([]any)[1]
	x["matches"].([]any)[1] = nil
	raw, _ := json.Marshal(x)
	file := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	getenv2, _ := separateEnv(t)
	if _, err := courtside(t, getenv2, "tournaments", "import", file, "--organizer", orgs[0].Slug); err == nil || !strings.Contains(err.Error(), "matches[1]: must be a match, not null") {
		t.Errorf("a null match: %v", err)
	}
	x["matches"].([]any)[1] = good
	raw, _ = json.Marshal(x)
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := courtside(t, getenv2, "tournaments", "import", file); err == nil || !strings.Contains(err.Error(), "--organizer is required") {
		t.Errorf("no --organizer: %v", err)
	}
}

// TestASetupFilePastTheLimitIsRefusedByName: a setup file larger than the
// limits table's setup size (here valid JSON padded with spaces) is refused
// with the limit named, and nothing is made.
func TestASetupFilePastTheLimitIsRefusedByName(t *testing.T) {
	getenv, store := env(t)
	mustRun(t, getenv, "organizers", "create", "--name", "Kickerclub Hamburg e.V.", "--slug", "kickerclub-hamburg", "--sport", "table_soccer")
	name := setupFile(t, nil)
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	raw = append(raw, bytes.Repeat([]byte(" "), tournament.MaxSetupFileBytes)...)
	if err := os.WriteFile(name, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = courtside(t, getenv, "tournaments", "create", "--file", name)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d bytes", tournament.MaxSetupFileBytes)) || !strings.Contains(err.Error(), `"setup file or form size"`) {
		t.Fatalf("a setup file of %d bytes: %v", len(raw), err)
	}
	orgs, err := store.Organizers(context.Background())
	if err != nil || len(orgs) != 1 {
		t.Fatal(orgs, err)
	}
	if snaps, _ := store.Tournaments(context.Background(), orgs[0].ID, cache.ListQuery{Limit: 10}); len(snaps) != 0 {
		t.Errorf("a file past the limit made %d tournaments", len(snaps))
	}
}

// TestOrganizersQuota: an operator reads an organizer's usage and quota,
// raises one part of it for that organizer only, and goes back to the table's.
func TestOrganizersQuota(t *testing.T) {
	getenv, store := env(t)
	id := strings.TrimSpace(mustRun(t, getenv, "organizers", "create", "--name", "Big Federation", "--slug", "big-federation", "--sport", "petanque"))
	mustRun(t, getenv, "organizers", "create", "--name", "Small Club", "--slug", "small-club", "--sport", "petanque")
	out := mustRun(t, getenv, "organizers", "quota", "big-federation", "--tournaments", "500", "--storage", "1024")
	if !regexp.MustCompile(`tournaments\s+0\s+500\n`).MatchString(out) {
		t.Errorf("after --tournaments 500:\n%s", out)
	}
	q, err := store.Quota(context.Background(), id)
	if err != nil || q.Tournaments != 500 || q.Bytes != 1024<<20 || q.Matches != tournament.MaxMatchesPerOrganizer {
		t.Errorf("stored %+v %v", q, err)
	}
	if out := mustRun(t, getenv, "organizers", "quota", "small-club"); !regexp.MustCompile(`tournaments\s+0\s+200\n`).MatchString(out) {
		t.Errorf("another organizer's quota moved:\n%s", out)
	}
	mustRun(t, getenv, "organizers", "quota", "big-federation", "--reset")
	if q, _ := store.Quota(context.Background(), id); q != tournament.DefaultQuota {
		t.Errorf("after --reset: %+v", q)
	}
	if _, err := courtside(t, getenv, "organizers", "quota", "nobody"); err == nil || !strings.Contains(err.Error(), "no organizer") {
		t.Errorf("an unknown organizer: %v", err)
	}
}
