package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/handlers/console"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
)

// env is a getenv pointing REDIS_URL at a fresh test Redis.
func env(t testing.TB) (func(string) string, *cache.Store) {
	return envOn(t, cachetest.Redis(t))
}

// separateEnv is env for a second store that shares nothing with the first.
func separateEnv(t testing.TB) (func(string) string, *cache.Store) {
	return envOn(t, cachetest.Separate(t))
}

func envOn(t testing.TB, rdb redis.UniversalClient) (func(string) string, *cache.Store) {
	url, cluster := cachetest.URL(t, rdb)
	return func(k string) string {
		switch {
		case k == "REDIS_URL":
			return url
		case k == "REDIS_CLUSTER" && cluster:
			return "true"
		}
		return ""
	}, cache.New(rdb)
}

func TestKeysCommands(t *testing.T) {
	ctx := context.Background()
	getenv, store := env(t)
	if err := run(ctx, []string{"demo"}, &bytes.Buffer{}, getenv); err != nil {
		t.Fatal(err)
	}
	orgs, err := store.Organizers(ctx)
	if err != nil || len(orgs) == 0 {
		t.Fatalf("demo loaded %d organizers: %v", len(orgs), err)
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"keys", "create-token", "--organizer", orgs[0].ID, "--name", "Scoreboard"}, &out, getenv); err != nil {
		t.Fatal(err)
	}
	secret := strings.TrimSuffix(out.String(), "\n")
	if strings.ContainsAny(secret, " \n\t") || secret == "" {
		t.Fatalf("create-token printed %q, want the secret alone", out.String())
	}
	k, err := store.Authenticate(ctx, secret)
	if err != nil || k.Kind != record.KindToken || k.Name != "Scoreboard" {
		t.Fatalf("the printed token: %+v %v", k, err)
	}
	out.Reset()
	if err := run(ctx, []string{"keys", "create-public", "--sport", "darts", "--app", "Oche", "--applicant", "Sam", "--email", "sam@example.org", "--description", "board app"}, &out, getenv); err != nil {
		t.Fatal(err)
	}
	pk, err := store.Authenticate(ctx, strings.TrimSpace(out.String()))
	if err != nil || pk.Kind != record.KindPublic || pk.Sport != tournament.Darts {
		t.Fatalf("the printed public key: %+v %v", pk, err)
	}
	out.Reset()
	if err := run(ctx, []string{"keys", "list"}, &out, getenv); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), k.ID) || !strings.Contains(out.String(), pk.ID) || strings.Contains(out.String(), secret) {
		t.Errorf("list:\n%s", out.String())
	}
	if err := run(ctx, []string{"keys", "revoke", k.ID}, &out, getenv); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Authenticate(ctx, secret); err == nil {
		t.Error("the revoked token still works")
	}
	for name, args := range map[string][]string{
		"unknown sport":     {"keys", "create-public", "--sport", "chess", "--app", "a", "--applicant", "b", "--email", "c"},
		"missing organizer": {"keys", "create-token"},
		"unknown organizer": {"keys", "create-token", "--organizer", "tio:nobody"},
		"unknown command":   {"keys", "rotate"},
		"revoke unknown":    {"keys", "revoke", "key_nope"},
	} {
		if err := run(ctx, args, &bytes.Buffer{}, getenv); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestCommandsThatWriteNeedARealRedis(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, args := range [][]string{{"demo"}, {"keys", "list"}} {
		err := run(context.Background(), args, &bytes.Buffer{}, noEnv)
		if err == nil || !strings.Contains(err.Error(), "REDIS_URL") {
			t.Errorf("%v without REDIS_URL: %v", args, err)
		}
	}
}

// syncBuffer is a bytes.Buffer that a running server writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestServeEmbeddedDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, &out, func(string) string { return "" })
	}()
	testkit.EventuallyWithin(t, 30*time.Second, "the banner", func() bool { return strings.Contains(out.String(), "\n") })
	// The banner names the port it bound, and promises it: the first request is answered.
	banner := out.String()
	base, _, _ := strings.Cut(strings.TrimPrefix(banner, "Courtside is serving on "), "\n")
	resp, err := http.Get(base + "/readyz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("ready right after the banner %q: %v %v", base, resp, err)
	}
	_ = resp.Body.Close()
	for _, key := range []string{demoToken, demoPublicKey} {
		req, _ := http.NewRequest("GET", base+"/v1/public/hello", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("hello with the printed demo key %s: %v", key, err)
		}
		if resp.StatusCode != 200 {
			t.Errorf("hello with the printed demo key %s: %s", key, resp.Status)
		}
		_ = resp.Body.Close()
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
	for _, want := range []string{demoToken, demoPublicKey, "nothing is saved", base} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("start-up message lacks %q:\n%s", want, out.String())
		}
	}
}

func TestNoBannerWhenThePortIsTaken(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	var out bytes.Buffer
	err = run(context.Background(), []string{"serve", "--addr", l.Addr().String(), "--simulate=false"}, &out, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Errorf("serving on a taken port: %v", err)
	}
	if out.Len() > 0 {
		t.Errorf("printed on a port it could not bind:\n%s", out.String())
	}
}

func TestHelp(t *testing.T) {
	getenv, store := env(t) // a Redis is there: help must still not touch it
	for _, args := range [][]string{
		{"help"}, {"--help"}, {"-h"}, {"-help"}, {"serve", "--help"}, {"serve", "-h"},
		{"demo", "--help"}, {"demo", "-h"}, {"keys", "--help"}, {"keys", "help"},
		{"keys", "create-token", "--help"}, {"keys", "create-public", "-h"}, {"keys", "list", "--help"}, {"keys", "revoke", "--help"},
	} {
		var out bytes.Buffer
		if err := run(context.Background(), args, &out, getenv); err != nil || out.String() != usage {
			t.Errorf("%v: %v, printed %d bytes", args, err, out.Len())
		}
	}
	if orgs, err := store.Organizers(context.Background()); err != nil || len(orgs) != 0 {
		t.Errorf("help loaded %d organizers: %v", len(orgs), err)
	}
	// Without any Redis too.
	for _, args := range [][]string{{"keys", "--help"}, {"keys", "create-token", "--help"}, {"demo", "--help"}} {
		if err := run(context.Background(), args, &bytes.Buffer{}, func(string) string { return "" }); err != nil {
			t.Errorf("%v without Redis: %v", args, err)
		}
	}
}

func TestHelpNamesEveryCommandFlagAndVariable(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`getenv\(\s*"([A-Z_]+)"|envOr\(getenv, "([A-Z_]+)"`).FindAllStringSubmatch(string(src), -1) {
			names = append(names, m[1]+m[2])
		}
		for _, m := range regexp.MustCompile(`fs\.(?:String|Bool|Int|Duration)(?:Var)?\((?:&[\w.]+, )?"([a-z-]+)"`).FindAllStringSubmatch(string(src), -1) {
			names = append(names, "--"+m[1])
		}
		if file == "cli.go" { // the commands table
			for _, m := range regexp.MustCompile(`(?m)^\t"([a-z-]+)": +\w+,$`).FindAllStringSubmatch(string(src), -1) {
				names = append(names, m[1])
			}
		}
		if file != "keys.go" && file != "tournaments.go" {
			continue // the subcommands are chosen there; other switches are not commands
		}
		for _, m := range regexp.MustCompile(`case ((?:"[a-z-]+", )*"[a-z-]+"):`).FindAllStringSubmatch(string(src), -1) {
			for _, c := range strings.Split(m[1], ", ") {
				names = append(names, strings.Trim(c, `"`))
			}
		}
	}
	if len(names) < 20 {
		t.Fatalf("found only %v in the source", names)
	}
	for _, name := range names {
		if !strings.Contains(usage, name) {
			t.Errorf("courtside help does not mention %s", name)
		}
	}
}

// usageCommands are the commands the usage lists, each as its name and,
// for a command family, the subcommand: ["tournaments", "start"], ["serve"].
func usageCommands(t *testing.T) [][]string {
	t.Helper()
	var cmds [][]string
	for _, m := range regexp.MustCompile(`(?m)^  courtside (\[?[a-z-]+\]?)((?: [a-z][a-z-]*)?)`).FindAllStringSubmatch(usage, -1) {
		cmd := []string{strings.Trim(m[1], "[]")}
		if sub := strings.TrimSpace(m[2]); sub != "" {
			cmd = append(cmd, sub)
		}
		cmds = append(cmds, cmd)
	}
	if len(cmds) < 20 {
		t.Fatalf("the usage lists only %v", cmds)
	}
	return cmds
}

// TestEveryCommandAnswersHelpWithoutRedis walks every command and subcommand
// the usage lists: --help, -h and help exit 0 and print the usage, with
// REDIS_URL unset, and an unknown subcommand of each family exits 2 with
// that family's usage, before any Redis is asked.
func TestEveryCommandAnswersHelpWithoutRedis(t *testing.T) {
	t.Parallel()
	noEnv := func(string) string { return "" }
	families := map[string]bool{}
	for _, cmd := range usageCommands(t) {
		if len(cmd) == 2 {
			families[cmd[0]] = true
		}
		for _, help := range []string{"--help", "-h"} {
			args := append(append([]string{}, cmd...), help)
			var out, errs bytes.Buffer
			if code := Main(args, &out, &errs, noEnv); code != 0 || out.String() != usage || errs.Len() > 0 {
				t.Errorf("%v: exit %d, printed %d bytes of usage, said %q", args, code, out.Len(), errs.String())
			}
		}
	}
	if len(families) != 4 {
		t.Errorf("command families in the usage: %v", families)
	}
	for family := range families {
		for _, args := range [][]string{{family, "frobnicate"}, {family, "frobnicate", "--help"}} {
			var out, errs bytes.Buffer
			code := Main(args, &out, &errs, noEnv)
			if code != 2 || out.Len() > 0 || !strings.Contains(errs.String(), "courtside "+family+" ") || strings.Contains(errs.String(), "REDIS_URL") {
				t.Errorf("%v: exit %d, printed %q, said %q", args, code, out.String(), errs.String())
			}
		}
	}
	for _, args := range [][]string{{"frobnicate"}, {"frobnicate", "--help"}} {
		var out, errs bytes.Buffer
		if code := Main(args, &out, &errs, noEnv); code != 2 || out.Len() > 0 || !strings.Contains(errs.String(), "courtside tournaments start ID") {
			t.Errorf("%v: exit %d, printed %q, said %q", args, code, out.String(), errs.String())
		}
	}
}

func TestCommandLineMistakes(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, args := range [][]string{{"frobnicate"}, {"serve", "--port", "1"}, {"serve", "extra"}, {"demo", "now"}, {"keys"}, {"keys", "rotate"}, {"keys", "revoke"}, {"keys", "create-token"}} {
		var out bytes.Buffer
		err := run(context.Background(), args, &out, noEnv)
		if err == nil || !errors.Is(err, errUsage) || out.Len() > 0 {
			t.Errorf("%v: %v, printed %q", args, err, out.String())
		}
	}
}

func TestSessionKeysRotate(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	cookie := func(keys [][]byte) *http.Cookie {
		store := console.NewSessions(keys...)
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		s, _ := store.New(req, "courtside")
		s.Values["key"] = "organizer"
		rec := httptest.NewRecorder()
		if err := s.Save(req, rec); err != nil {
			t.Fatal(err)
		}
		return rec.Result().Cookies()[0]
	}
	reads := func(keys [][]byte, c *http.Cookie) bool {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.AddCookie(c)
		s, _ := console.NewSessions(keys...).Get(req, "courtside")
		return s.Values["key"] == "organizer"
	}
	old := cookie(sessionKeys(a, quiet))
	if !reads(sessionKeys(b+","+a, quiet), old) {
		t.Error("a cookie made with the old key does not read once a new key is in front")
	}
	if reads(sessionKeys(b, quiet), old) {
		t.Error("a cookie made with a removed key still reads")
	}
	if !reads(sessionKeys(b+","+a, quiet), cookie(sessionKeys(b+","+a, quiet))) {
		t.Error("a new cookie does not read")
	}
	if got := sessionKeys("short, "+a, quiet); len(got) != 2 {
		t.Errorf("a short secret was used: %d keys", len(got))
	}
	if r1, r2 := sessionKeys("", quiet), sessionKeys("", quiet); string(r1[0]) == string(r2[0]) {
		t.Error("without SESSION_KEYS the keys are not random")
	}
}
