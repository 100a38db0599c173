// Command courtside serves the live results website and the Tournament Public API.
//
//	courtside [serve]   serve site and API on ADDR (default :8080)
//	courtside demo      load the demo data into the Redis at REDIS_URL
//	courtside keys ...  create, list and revoke API keys in the Redis at REDIS_URL
//
// Without REDIS_URL, serve starts an embedded in-process Redis loaded with the
// demo data; everything lives in memory and is gone when the process ends.
package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"courtside/cache"
	"courtside/tournament"
	"courtside/web"
)

// DemoSeed makes the demo data the same on every start.
const DemoSeed = 2026

// The demo keys of the embedded store. They exist only in memory, for trying the API.
const (
	demoToken     = "cst_demo_kickerclub_hamburg"
	demoPublicKey = "csp_demo_table_soccer"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "courtside:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, stdout, getenv)
	case "demo":
		return loadDemo(ctx, getenv)
	case "keys":
		return keys(ctx, args, stdout, getenv)
	}
	return fmt.Errorf("unknown command %q (serve, demo, keys)", cmd)
}

// newLogger logs to stderr as text, or JSON with LOG_FORMAT=json, from the
// level LOG_LEVEL names (debug, info, warn, error; info by default: a line per request).
func newLogger(getenv func(string) string) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(envOr(getenv, "LOG_LEVEL", "info"))) // an unknown level leaves info
	opts := &slog.HandlerOptions{Level: level}
	if getenv("LOG_FORMAT") == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

func serve(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	url := getenv("REDIS_URL")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", envOr(getenv, "ADDR", ":8080"), "listen address (env ADDR)")
	simulate := fs.Bool("simulate", url == "", "play the running tournaments live (on by default with the embedded demo)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	base, err := publicURL(getenv("BASE_URL"), *addr)
	if err != nil {
		return err
	}
	renderBytes, err := byteSize(getenv("RENDER_CACHE_BYTES"))
	if err != nil {
		return err
	}
	log := newLogger(getenv)
	rdb, closeRedis, err := cache.Open(url, getenv("REDIS_CLUSTER") == "true")
	if err != nil {
		return err
	}
	defer closeRedis()
	store := cache.New(rdb)
	if store.Durability, err = durability(getenv); err != nil {
		return err
	}
	if err := store.Ping(ctx); err != nil {
		return fmt.Errorf("redis: %w", err)
	}
	if url == "" {
		log.Warn("REDIS_URL is not set: using an embedded in-memory Redis with demo data; NOTHING IS SAVED when the process stops")
		if err := seedEmbedded(ctx, store); err != nil {
			return err
		}
	}
	allowPrivate := getenv("WEBHOOK_ALLOW_PRIVATE") == "1"
	metrics := web.NewMetrics(rdb)
	handler, err := web.Routes(web.Config{Store: store, Logger: log, RateLimit: 120, AllowPrivateWebhooks: allowPrivate,
		SessionKeys: sessionKeys(getenv("SESSION_KEYS"), log), Metrics: metrics, MetricsToken: getenv("METRICS_TOKEN"),
		BaseURL: base, RenderCacheBytes: renderBytes})
	if err != nil {
		return err
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	var background sync.WaitGroup
	defer background.Wait() // after stop(), which the next defer runs first
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	background.Go(func() { web.NewDeliverer(store, log, allowPrivate).Run(ctx) })
	background.Go(func() { store.WatchVersions(ctx, 2*time.Second, log) })
	if *simulate {
		sim := &simulator{store: store, log: log, rng: mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 1)), idleFor: 90 * time.Second}
		if url == "" {
			sim.replay = func(ctx context.Context, id string) error { return replayDemo(ctx, store, id) }
		}
		background.Go(func() { sim.run(ctx, 1500*time.Millisecond) })
	}
	if addr := getenv("METRICS_ADDR"); addr != "" {
		// Metrics on a port of their own, for a scraper inside the network.
		msrv := &http.Server{Addr: addr, Handler: metrics.Handler(""), ReadHeaderTimeout: 5 * time.Second}
		background.Go(func() {
			if err := msrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics", "addr", addr, "err", err)
			}
		})
		background.Go(func() { <-ctx.Done(); _ = msrv.Close() })
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	printWelcome(stdout, *addr, url == "")
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// seedEmbedded loads the demo and its two keys into the embedded store.
func seedEmbedded(ctx context.Context, store *cache.Store) error {
	d := tournament.NewDemo(DemoSeed, time.Now())
	if err := store.LoadDemo(ctx, d); err != nil {
		return err
	}
	org := d.Organizers[0]
	if _, err := store.PutKeyWithSecret(ctx, cache.Key{Kind: cache.KindToken, OrganizerID: org.ID, Sport: org.Sport, Name: "Demo token"}, demoToken); err != nil {
		return err
	}
	_, err := store.PutKeyWithSecret(ctx, cache.Key{Kind: cache.KindPublic, Sport: tournament.TableSoccer, Name: "Demo public key", App: "Demo"}, demoPublicKey)
	return err
}

// replayDemo puts the demo tournament with the id back to its start, as of now.
func replayDemo(ctx context.Context, store *cache.Store, id string) error {
	for _, t := range tournament.NewDemo(DemoSeed, time.Now()).Tournaments {
		if t.Tournament.ID == id {
			return store.PutTournament(ctx, t.Tournament, t.Matches, t.Entries)
		}
	}
	return nil
}

func printWelcome(w io.Writer, addr string, embedded bool) {
	host := addr
	if len(host) > 0 && host[0] == ':' {
		host = "localhost" + host
	}
	fmt.Fprintf(w, "Courtside is serving on http://%s\n", host)
	fmt.Fprintf(w, "  API:      http://%s/v1/public  (docs: http://%s/api)\n", host, host)
	if embedded {
		fmt.Fprintln(w, "  Data:     embedded in-memory Redis with the demo tournaments; nothing is saved")
		fmt.Fprintf(w, "  Token:    %s  (Kickerclub Hamburg e.V.: reads its private tournaments too)\n", demoToken)
		fmt.Fprintf(w, "  Public:   %s  (table soccer, public tournaments only)\n", demoPublicKey)
		fmt.Fprintf(w, "  Try:      curl -H 'Authorization: Bearer %s' http://%s/v1/public/tournaments\n", demoToken, host)
	}
}

func loadDemo(ctx context.Context, getenv func(string) string) error {
	store, closeRedis, err := realStore(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeRedis()
	return store.LoadDemo(ctx, tournament.NewDemo(DemoSeed, time.Now()))
}

// realStore opens the Redis at REDIS_URL; commands that write lasting data need one.
func realStore(ctx context.Context, getenv func(string) string) (*cache.Store, func(), error) {
	url := getenv("REDIS_URL")
	if url == "" {
		return nil, nil, errors.New("REDIS_URL is not set: this command writes to a real Redis (for example REDIS_URL=redis://localhost:6379/0)")
	}
	rdb, closeRedis, err := cache.Open(url, getenv("REDIS_CLUSTER") == "true")
	if err != nil {
		return nil, nil, err
	}
	store := cache.New(rdb)
	if err := store.Ping(ctx); err != nil {
		closeRedis()
		return nil, nil, fmt.Errorf("redis: %w", err)
	}
	return store, closeRedis, nil
}

// sessionKeys makes the console's cookie keys from SESSION_KEYS: secrets of
// at least 32 characters, comma-separated, the newest first. Each gives a
// signing and an encryption key; cookies made with an older one still read,
// so a new secret can go in front and an old one leave later. Without any,
// a random secret is made: sessions then end with the process and do not
// carry over to other instances.
func sessionKeys(env string, log *slog.Logger) [][]byte {
	var secrets []string
	for _, s := range strings.Split(env, ",") {
		if s = strings.TrimSpace(s); len(s) >= 32 {
			secrets = append(secrets, s)
		} else if s != "" {
			log.Warn("SESSION_KEYS: a secret shorter than 32 characters is left out")
		}
	}
	if len(secrets) == 0 {
		log.Warn("SESSION_KEYS is not set: signing console sessions with a random key; sign-ins end when the process stops and do not work across instances")
		secrets = []string{rand.Text() + rand.Text()}
	}
	var keys [][]byte
	for _, s := range secrets {
		hash := sha256.Sum256([]byte("courtside session signing\x00" + s))
		block := sha256.Sum256([]byte("courtside session encryption\x00" + s))
		keys = append(keys, hash[:], block[:])
	}
	return keys
}

func envOr(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}
