// Package cli is courtside's command line: serve (the default), demo, keys,
// organizers, tournaments and follow. `courtside help` lists the commands,
// their flags and the environment.
//
// Without REDIS_URL, serve starts an embedded in-process Redis loaded with the
// demo data; everything lives in memory and is gone when the process ends.
package cli

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/record"
	"courtside/tournament"
	"courtside/upstream"
	"courtside/web"
	"courtside/worker"
)

// DemoSeed makes the demo data the same on every start.
const DemoSeed = 2026

// The demo keys of the embedded store. They exist only in memory, for trying the API.
const (
	demoToken     = "cst_demo_kickerclub_hamburg"
	demoPublicKey = "csp_demo_table_soccer"
)

// Main runs the command line args (without the program's name) and returns
// the exit status: 0 when the command did its work or printed the help, 1 when
// it failed, and 2 for a command line that does not parse (an unknown command
// or flag, a missing argument), after the usage of the command it names.
func Main(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	err := run(context.Background(), args, stdout, getenv)
	if err == nil {
		return 0
	}
	said := "courtside: " + err.Error() + "\n"
	code := 1
	if errors.Is(err, errUsage) {
		said, code = said+usageOf(args), 2
	}
	_, _ = io.WriteString(stderr, said) // nowhere left to report a failed write
	return code
}

// usage is what `courtside help` prints: every command with its flags, and
// the environment. Keep it in step with the flag sets (TestHelpNamesEveryFlag).
const usage = `Courtside serves live tournament results: a website, court boards for venue TVs,
an organizer console and the Tournament Public API, all from Redis.

Usage:
  courtside [serve] [--addr ADDR] [--data DIR] [--simulate]
      Serve the site and the API (the default command).
      --addr ADDR     listen address (env ADDR; default :8080)
      --data DIR      keep everything in the directory DIR (env DATA_DIR), no Redis needed:
                      every change is on disk before it is acknowledged
      --simulate      play the running tournaments live (default on with the embedded demo)
  courtside recover --data DIR
      Start again after the journal in DIR was damaged (a start that finds damage says so and
      names this command; the server must be stopped): keeps every record before the damage
      and moves the rest of the file into DIR/courtside.journal.damaged-<time>, deleting
      nothing. A journal that is whole is left as it is.
      --data DIR      the data directory (env DATA_DIR)
  courtside demo
      Load the demo tournaments into the store (a data directory or the Redis at REDIS_URL).
  courtside keys create-token --organizer ID [--name NAME]
      Create an API token of an organizer; prints the secret, once.
      --organizer ID  the organizer the token belongs to (required)
      --name NAME     a name for the token (default: the organizer's)
  courtside keys create-public --sport SPORT --app NAME --applicant NAME --email ADDR --description TEXT
      Create a public API key of a sport; prints the secret, once.
      --sport SPORT   table_soccer, petanque, darts, cornhole or table_tennis
      --app NAME      the app's name
      --applicant NAME  who asked for the key
      --email ADDR    where the key was delivered
      --description TEXT  what the app does
  courtside keys create-operator [--name NAME]
      Create the operator's login; prints the secret, once. It signs in at /admin/login to the
      operator's page (/operator): organizers, usage and quotas, invitations, suspensions.
      --name NAME     who uses it (default Operator)
  courtside keys list
      List the API keys (never their secrets).
  courtside keys revoke ID
      Revoke an API key; sign-ins made with it end too.
  courtside organizers create --name NAME --slug SLUG --sport SPORT
      Create an organizer; prints its id alone.
      --slug SLUG     its result page's address, /o/SLUG: lower-case letters, digits, hyphens
      --sport SPORT   table_soccer, petanque, darts, cornhole or table_tennis
  courtside organizers list
      List the organizers with their usage and quota, and whether they are suspended.
  courtside organizers invite [--days N]
      Make an invitation; prints its address alone (BASE_URL's). A club opens it once to create
      its organizer and sign in. See docs/operators.md, "Inviting clubs".
      --days N        how many days the address works (default 7, at most 30)
  courtside organizers suspend SLUG
      Suspend an organizer: its pages, tournaments and API keys answer as if they did not exist,
      and its logins cannot sign in. Nothing is deleted.
  courtside organizers unsuspend SLUG
      Lift the suspension: everything is back as it was.
  courtside organizers quota SLUG [--tournaments N] [--matches N] [--storage MIB] [--writes N] [--reset]
      Print an organizer's usage and quota; the flags set its quota (0: the limits table's value;
      --reset: all of them). See docs/operators.md, "Limits".
  courtside tournaments create --file FILE
      Create a tournament from a setup file (- for stdin; schema at /setup.schema.json);
      prints its id alone. It is ready, or in check-in when the file says checkIn.
  courtside tournaments start ID
      Draw the first stage of every discipline; the tournament runs.
  courtside tournaments list [--organizer SLUG]
  courtside tournaments delete ID --yes
      Delete a tournament with its matches, results and audit log.
  courtside tournaments export ID > FILE
      Write all of a tournament as JSON: setup, entries, stages, matches, results, courts, audit.
  courtside tournaments import FILE --organizer SLUG
      Make an exported tournament again, under its ids and under the organizer named (never
      the file's; the file's own is made only when named and free); prints its id alone. The
      file is checked as strictly as a setup file, every problem listed with its JSON path,
      and lands whole or not at all.
  courtside tournaments withdraw ID --discipline SHORT --entry NAME
      An entry leaves a running discipline: its remaining matches are walkovers.
  courtside tournaments late-entry ID --discipline SHORT --name NAME
      A player or team ("Anna Berg / Ben Kurz") joins a swiss, rounds, monster_dyp or whist
      group at its next round.
  courtside follow --upstream BASE_URL --key KEY --tournament ID [--organizer SLUG] [--budget N]
      Follow a tournament that runs in the tournament application; prints its id and the
      webhook address to paste into the application's settings.
      --upstream BASE_URL  the application's Public API (…/v1/public)
      --key KEY       an API token (results are sent through) or a public API key (read-only)
      --tournament ID  the tournament's id there (it stays the same here)
      --organizer SLUG  the local organizer it belongs to (default: one made from the upstream's)
      --budget N      GET requests a minute upstream, shared by every instance (default 60, at most 120)
  courtside follow list
      List the followed tournaments: last sync, budget use, errors, webhook address.
  courtside follow stop ID
      Stop following; the tournament stays as it was last seen.
  courtside backup [--out FILE] [--organizer ID]
      Write a backup of everything (organizers, tournaments, rankings, keys, sign-ins) to
      FILE, while serve goes on; a gzipped file of JSON lines with a checksum.
      --out FILE      where (default courtside-TIME.backup.gz here; - for stdout)
      --organizer ID  only that organizer's data (its id or slug)
  courtside restore FILE [--force]
      Restore a backup into an empty data directory (made when missing) or Redis; the
      file is checked whole first, and a target that holds data is refused.
      --force         restore into a target that holds data: the backup's keys replace theirs
  courtside help
      Print this help (also --help, -h).

Data:
  Every command but serve and help works on the data directory of --data DIR (or DATA_DIR)
  or on the Redis at REDIS_URL. A data directory a server is running on is refused with
  the server's pid and address: stop it, or use its console (export, backup, delete,
  API tokens), or take a backup it wrote in DIR/backups.

Limits:
  Every count and size an organizer, a form or a file chooses is bounded (entries, matches,
  disciplines, stages, screens, name lengths, file sizes, ...): docs/operators.md's "Limits" section
  lists them, tournament/limits.go holds them, and a refusal names the limit it hit.

Environment:
  REDIS_URL              the Redis to use (redis://host:6379/0); serve without it (and
                         without DATA_DIR) runs an embedded in-memory Redis with the demo
  DATA_DIR               serve keeps its data in this directory instead (as --data); the
                         other commands work on it
  BACKUP_EVERY           how often serve writes a backup (default 1h; 0 for none)
  BACKUP_KEEP            how many it keeps, the newest (default 48, at most 1000)
  BACKUP_DIR             where (default DIR/backups with --data; on a Redis, none unless set)
  REDIS_CLUSTER          true: REDIS_URL names a Redis Cluster (so does a URL with addr=
                         parameters: redis://host:7000?addr=host:7001&addr=host:7002)
  REDIS_WAIT_REPLICAS    replicas that must confirm a write before it is acknowledged
                         (default 0: do not wait)
  REDIS_WAIT_TIMEOUT     how long to wait for them (default 500ms)
  ADDR                   listen address of serve (default :8080)
  BASE_URL               the site's public address, for shared links, QR codes and the
                         API reference (default http://localhost and the port of ADDR)
  RENDER_CACHE_BYTES     memory for rendered pages and API bodies (default 64MB; 64MB, 512KB, ...)
  METRICS_ADDR           serve Prometheus metrics at /metrics on this address of their own
  METRICS_TOKEN          serve them on the public port too, to Authorization: Bearer <token>
  SESSION_KEYS           comma-separated secrets (32+ characters) for the console's cookie,
                         newest first (default: a random key; sign-ins end on restart)
  TRUSTED_PROXIES        comma-separated addresses or CIDRs of reverse proxies whose
                         X-Forwarded-For and X-Forwarded-Proto are believed (default: none)
  WEBHOOK_ALLOW_PRIVATE  1 lets webhooks and follows call loopback and private addresses
  RETENTION              how long webhook events, and a finished tournament's changelog, are
                         kept (a duration; default 168h)
  GOGC, GOMEMLIMIT       the Go runtime's garbage collector settings (default here: 400 and
                         512MiB, for many small polls; set them to override)
  LOG_LEVEL              debug, info, warn or error (default info: a line per request)
  LOG_FORMAT             json for JSON logs (default text)
`

// errUsage is returned for a command line that does not parse; run has
// already said what is wrong with it.
var errUsage = errors.New("see courtside help")

// An action is what a command does once its command line is read: it works
// on the store at REDIS_URL and prints to stdout.
type action func(ctx context.Context, store *cache.Store, stdout io.Writer) error

// command reads a command's arguments (after its name) and returns its
// action. It opens nothing and reads no Redis: help comes back as
// flag.ErrHelp, a command line that does not parse as an error wrapping
// errUsage, and only then does run open the store.
type command func(args []string, getenv func(string) string) (action, error)

// commands are the commands that work on the Redis at REDIS_URL, by name.
// serve, the default, starts an embedded Redis without one and reads its
// flags before opening either.
var commands = map[string]command{
	"demo":        loadDemo,
	"keys":        keys,
	"organizers":  organizers,
	"tournaments": tournaments,
	"follow":      follow,
	"backup":      backup,
	"restore":     restore,
}

func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	err := flag.ErrHelp
	c, ok := commands[cmd]
	switch {
	case cmd == "serve":
		err = serve(ctx, args, stdout, getenv)
	case cmd == "recover":
		err = recoverJournal(args, stdout, getenv)
	case cmd == "help":
	case !ok:
		return fmt.Errorf("unknown command %q: %w", cmd, errUsage)
	case len(args) > 0 && isHelp(args[0]):
	default:
		err = onStore(ctx, cmd, c, args, stdout, getenv)
	}
	if errors.Is(err, flag.ErrHelp) {
		_, err = io.WriteString(stdout, usage)
	}
	return err
}

// onStore reads the command line of c, then opens the store (the data
// directory of --data or DATA_DIR, or the Redis at REDIS_URL) and runs c's
// action on it.
func onStore(ctx context.Context, cmd string, c command, args []string, stdout io.Writer, getenv func(string) string) error {
	dir, args, err := dataFlag(args)
	if err != nil {
		return err
	}
	do, err := c(args, getenv)
	if err != nil {
		return err
	}
	store, closeStore, err := commandStore(ctx, cmp.Or(dir, getenv("DATA_DIR")), cmd == "restore", getenv)
	if err != nil {
		return err
	}
	defer closeStore()
	return do(ctx, store, stdout)
}

// isHelp says whether a command's first argument asks for help.
func isHelp(arg string) bool {
	return arg == "help" || arg == "-h" || arg == "--help" || arg == "-help"
}

// usageOf is the part of the usage about the command args name: its lines
// and their explanations, or the list of commands for a command that does
// not exist.
func usageOf(args []string) string {
	name := ""
	if len(args) > 0 {
		if _, ok := commands[args[0]]; ok || args[0] == "serve" || args[0] == "recover" {
			name = args[0]
		}
	}
	var b strings.Builder
	b.WriteString("Usage:\n")
	in := false
	for _, line := range strings.Split(usage, "\n") {
		if rest, ok := strings.CutPrefix(line, "  courtside "); ok {
			in = name == "" || rest == name || strings.HasPrefix(rest, name+" ") || name == "serve" && strings.HasPrefix(rest, "[serve]")
		} else if !in || name == "" || !strings.HasPrefix(line, "    ") {
			in = false
			continue
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("courtside help prints every command, flag and variable.\n")
	return b.String()
}

// parse parses a command's flags. Help (-h, --help) comes back as flag.ErrHelp,
// for run to print the usage; the flag package prints nothing itself.
func parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return fmt.Errorf("%s: %w (%w)", fs.Name(), err, errUsage)
	}
	return err
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

// serve runs the site and the API until ctx ends or SIGINT/SIGTERM: it reads
// its settings, opens the store, builds the routes, starts the background
// loops and serves, then shuts down in order.
func serve(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	tuneGC(getenv)
	cfg, err := readServeSettings(args, getenv)
	if err != nil {
		return err
	}
	log := newLogger(getenv)
	rdb, closeRedis, err := openStore(cfg.redisURL, cfg.dataDir, getenv)
	if err != nil {
		return err
	}
	defer closeRedis()
	store, err := prepareStore(ctx, rdb, cfg, getenv, log)
	if err != nil {
		return err
	}
	setupCode, firstRun, err := store.SetupCode(ctx)
	if err != nil {
		return err
	}
	allowPrivate := getenv("WEBHOOK_ALLOW_PRIVATE") == "1"
	follower := upstream.New(store, log, cfg.base)
	follower.AllowPrivate = allowPrivate // the same opt-in as webhooks: follows dial public addresses only
	metrics := web.NewMetrics(rdb)
	hub := web.NewHub()
	handler, err := web.Routes(web.Config{Live: hub, Store: store, Logger: log, RateLimit: tournament.APIRequestsPerKey, AllowPrivateWebhooks: allowPrivate,
		SessionKeys: sessionKeys(cmp.Or(getenv("SESSION_KEYS"), dataSecret(getenv("SESSION_KEYS") == "", cfg.dataDir, log)), log), BaseURL: cfg.base, RenderCacheBytes: cfg.renderBytes,
		TrustedProxies: cfg.trusted, Metrics: metrics, MetricsToken: getenv("METRICS_TOKEN"), Upstream: follower})
	if err != nil {
		return err
	}
	var background sync.WaitGroup
	defer background.Wait() // after stop(), which the next defer runs first
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	deliverer := worker.NewDeliverer(store, log, allowPrivate)
	watch(metrics, deliverer, store)
	startLoops(ctx, &background, cfg, store, log, deliverer, follower)
	serveMetrics(ctx, &background, getenv("METRICS_ADDR"), metrics, log)
	var setupURL string
	if firstRun {
		setupURL = strings.TrimSuffix(cfg.base, "/") + "/setup/" + setupCode
	}
	welcome := func(addr net.Addr) error {
		if cfg.dataDir != "" {
			cache.AnnounceDir(cfg.dataDir, cfg.base) // for a command refused there to name
		}
		return printWelcome(stdout, addr, cfg.demo, cfg.dataDir, setupURL)
	}
	srv := newHTTPServer(handler, log)
	srv.RegisterOnShutdown(hub.Close) // the live streams end, so that the shutdown is not kept waiting by them
	return listenAndServe(ctx, srv, cfg.addr, welcome, log)
}

// serveSettings are serve's flags and the environment it checks before
// anything is opened.
type serveSettings struct {
	redisURL string
	addr     string
	dataDir  string
	simulate bool
	// demo: neither Redis nor a data directory, so the embedded demo.
	demo        bool
	trusted     []netip.Prefix
	base        string
	renderBytes int64
	keep        time.Duration
	backups     backupSettings
}

// readServeSettings reads serve's flags and checks its environment: a wrong
// setting is an error before Redis is opened.
func readServeSettings(args []string, getenv func(string) string) (serveSettings, error) {
	cfg := serveSettings{redisURL: getenv("REDIS_URL")}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&cfg.addr, "addr", envOr(getenv, "ADDR", ":8080"), "listen address (env ADDR)")
	fs.StringVar(&cfg.dataDir, "data", getenv("DATA_DIR"), "keep the data in this directory (env DATA_DIR)")
	fs.BoolVar(&cfg.simulate, "simulate", cfg.redisURL == "", "play the running tournaments live (on by default with the embedded demo)")
	if err := parse(fs, args); err != nil {
		return cfg, err
	}
	if cfg.dataDir != "" && cfg.redisURL != "" {
		return cfg, fmt.Errorf("--data (DATA_DIR) and REDIS_URL: choose one: %w", errUsage)
	}
	if cfg.dataDir != "" && !flagSet(fs, "simulate") {
		cfg.simulate = false // a club's own data is not played by itself
	}
	cfg.demo = cfg.redisURL == "" && cfg.dataDir == ""
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("serve takes no arguments, got %q: %w", fs.Args(), errUsage)
	}
	var err error
	if cfg.trusted, err = trustedProxies(getenv("TRUSTED_PROXIES")); err != nil {
		return cfg, err
	}
	if cfg.base, err = publicURL(getenv("BASE_URL"), cfg.addr); err != nil {
		return cfg, err
	}
	if cfg.renderBytes, err = byteSize(getenv("RENDER_CACHE_BYTES")); err != nil {
		return cfg, err
	}
	cfg.keep, err = time.ParseDuration(envOr(getenv, "RETENTION", "168h"))
	if err != nil || cfg.keep <= 0 {
		return cfg, fmt.Errorf("RETENTION: want a positive duration such as 168h, got %q", getenv("RETENTION"))
	}
	cfg.backups, err = readBackupSettings(getenv, cfg.dataDir)
	return cfg, err
}

// prepareStore makes the store on rdb with its durability, checks Redis
// answers, and loads the demo into an embedded Redis.
func prepareStore(ctx context.Context, rdb redis.UniversalClient, cfg serveSettings, getenv func(string) string, log *slog.Logger) (*cache.Store, error) {
	store := cache.New(rdb)
	var err error
	if store.Durability, err = durability(getenv); err != nil {
		return nil, err
	}
	if err := store.Ping(ctx); err != nil {
		return nil, fmt.Errorf("redis: %w", err)
	}
	if cfg.demo {
		log.Warn("REDIS_URL is not set: using an embedded in-memory Redis with demo data; NOTHING IS SAVED when the process stops")
		if err := seedEmbedded(ctx, store); err != nil {
			return nil, err
		}
	}
	return store, nil
}

// newHTTPServer bounds how long a client may take to send and to read.
func newHTTPServer(handler http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// startLoops starts the background loops on background, until ctx ends:
// webhook delivery, retention, version watching, following, and the
// simulator when cfg.simulate.
func startLoops(ctx context.Context, background *sync.WaitGroup, cfg serveSettings, store *cache.Store, log *slog.Logger, deliverer *worker.Deliverer, follower *upstream.Follower) {
	background.Go(func() { deliverer.Run(ctx) })
	background.Go(func() { (&worker.Retention{Store: store, Log: log, Keep: cfg.keep, Every: 10 * time.Minute}).Run(ctx) })
	background.Go(func() { store.WatchVersions(ctx, 2*time.Second, log) })
	background.Go(func() { follower.Run(ctx) })
	if cfg.backups.dir != "" && cfg.backups.every > 0 {
		b := &worker.Backups{Store: store, Log: log, Dir: cfg.backups.dir, Every: cfg.backups.every, Keep: cfg.backups.keep}
		background.Go(func() { b.Run(ctx) })
	}
	if cfg.simulate {
		sim := &worker.Simulator{Store: store, Log: log, Rand: mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 1)), IdleFor: 90 * time.Second}
		if cfg.demo {
			sim.Replay = func(ctx context.Context, id string) error { return replayDemo(ctx, store, id) }
		}
		background.Go(func() { sim.Run(ctx, 1500*time.Millisecond) })
	}
}

// serveMetrics serves the metrics on a port of their own (METRICS_ADDR), for
// a scraper inside the network, until ctx ends; nothing when addr is empty.
func serveMetrics(ctx context.Context, background *sync.WaitGroup, addr string, metrics *web.Metrics, log *slog.Logger) {
	if addr == "" {
		return
	}
	msrv := &http.Server{Addr: addr, Handler: metrics.Handler(""), ReadHeaderTimeout: 5 * time.Second}
	background.Go(func() {
		if err := msrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics", "addr", addr, "err", err)
		}
	})
	background.Go(func() { <-ctx.Done(); _ = msrv.Close() })
}

// listenAndServe binds addr, prints the welcome, serves until the server
// fails or ctx ends, and then shuts down within 10 s.
func listenAndServe(ctx context.Context, srv *http.Server, addr string, welcome func(net.Addr) error, log *slog.Logger) error {
	// Listen first: the banner promises a bound port, and a port in use is an
	// error before anything is printed.
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	if err := welcome(l.Addr()); err != nil {
		log.Warn("printing the welcome", "err", err)
	}
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
	if _, err := store.PutKeyWithSecret(ctx, record.Key{Kind: record.KindToken, OrganizerID: org.ID, Sport: org.Sport, Name: "Demo token"}, demoToken); err != nil {
		return err
	}
	_, err := store.PutKeyWithSecret(ctx, record.Key{Kind: record.KindPublic, Sport: tournament.TableSoccer, Name: "Demo public key", App: "Demo"}, demoPublicKey)
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

// printWelcome tells where the server listens, and, with the embedded demo,
// which keys to try it with.
func printWelcome(w io.Writer, addr net.Addr, embedded bool, dataDir, setupURL string) error {
	host := addr.String()
	if ap, err := netip.ParseAddrPort(host); err == nil && ap.Addr().IsUnspecified() {
		host = fmt.Sprintf("localhost:%d", ap.Port())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Courtside is serving on http://%s\n", host)
	fmt.Fprintf(&b, "  API:      http://%s/v1/public  (docs: http://%s/api)\n", host, host)
	if setupURL != "" {
		fmt.Fprintf(&b, "  Setup:    %s  (no organizer yet: open this once to create yours and sign in)\n", setupURL)
	}
	if dataDir != "" {
		fmt.Fprintf(&b, "  Data:     kept in %s: every change is on disk before it is acknowledged, and is there after a restart or a crash\n", dataDir)
	}
	if embedded {
		fmt.Fprintln(&b, "  Data:     embedded in-memory Redis with the demo tournaments; nothing is saved")
		fmt.Fprintf(&b, "  Token:    %s  (Kickerclub Hamburg e.V.: reads its private tournaments too)\n", demoToken)
		fmt.Fprintf(&b, "  Public:   %s  (table soccer, public tournaments only)\n", demoPublicKey)
		fmt.Fprintf(&b, "  Try:      curl -H 'Authorization: Bearer %s' http://%s/v1/public/tournaments\n", demoToken, host)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// loadDemo loads the demo tournaments into the Redis at REDIS_URL.
func loadDemo(args []string, _ func(string) string) (action, error) {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("demo takes no arguments, got %q: %w", fs.Args(), errUsage)
	}
	return func(ctx context.Context, store *cache.Store, _ io.Writer) error {
		return store.LoadDemo(ctx, tournament.NewDemo(DemoSeed, time.Now()))
	}, nil
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

// trustedProxies reads TRUSTED_PROXIES: comma-separated CIDRs or single addresses.
func trustedProxies(env string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range strings.Split(env, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return nil, fmt.Errorf("TRUSTED_PROXIES: %q is neither an address nor a CIDR", s)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func envOr(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}
