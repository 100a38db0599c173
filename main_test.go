package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/handlers"
	"courtside/tournament"
)

// env is a getenv pointing REDIS_URL at a fresh test Redis.
func env(t *testing.T) (func(string) string, *cache.Store) {
	rdb := cachetest.Redis(t)
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
	if err != nil || k.Kind != cache.KindToken || k.Name != "Scoreboard" {
		t.Fatalf("the printed token: %+v %v", k, err)
	}
	out.Reset()
	if err := run(ctx, []string{"keys", "create-public", "--sport", "darts", "--app", "Oche", "--applicant", "Sam", "--email", "sam@example.org", "--description", "board app"}, &out, getenv); err != nil {
		t.Fatal(err)
	}
	pk, err := store.Authenticate(ctx, strings.TrimSpace(out.String()))
	if err != nil || pk.Kind != cache.KindPublic || pk.Sport != tournament.Darts {
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

func TestServeEmbeddedDemo(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", addr}, &out, func(string) string { return "" }) }()
	base := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(base + "/readyz")
		if err == nil && resp.StatusCode == 200 {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("not ready: %v (%v)", err, <-done)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, key := range []string{demoToken, demoPublicKey} {
		req, _ := http.NewRequest("GET", base+"/v1/public/hello", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("hello with the printed demo key %s: %v %v", key, resp.Status, err)
		}
		resp.Body.Close()
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

func TestSessionKeysRotate(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	cookie := func(keys [][]byte) *http.Cookie {
		store := handlers.NewSessions(keys...)
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
		s, _ := handlers.NewSessions(keys...).Get(req, "courtside")
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
