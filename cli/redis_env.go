package cli

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/cache"
)

// durability reads REDIS_WAIT_REPLICAS (how many replicas confirm a write
// before it is acknowledged; 0, the default, does not wait) and
// REDIS_WAIT_TIMEOUT (how long to wait for them, 500ms by default).
func durability(getenv func(string) string) (cache.Durability, error) {
	d := cache.Durability{Timeout: 500 * time.Millisecond}
	if v := getenv("REDIS_WAIT_REPLICAS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return d, fmt.Errorf("REDIS_WAIT_REPLICAS must be a whole number of at least 0, not %q", v)
		}
		d.Replicas = n
	}
	if v := getenv("REDIS_WAIT_TIMEOUT"); v != "" {
		t, err := time.ParseDuration(v)
		if err != nil || t <= 0 {
			return d, fmt.Errorf("REDIS_WAIT_TIMEOUT must be a duration such as 500ms, not %q", v)
		}
		d.Timeout = t
	}
	return d, nil
}

// openStore opens the Redis at url, or the embedded one: kept in dataDir
// (--data, DATA_DIR) when given, in memory otherwise.
func openStore(url, dataDir string, getenv func(string) string) (redis.UniversalClient, func(), error) {
	if dataDir != "" {
		return cache.OpenDir(dataDir)
	}
	return cache.Open(url, getenv("REDIS_CLUSTER") == "true")
}

// dataSecret is the console's cookie secret kept in the data directory, so
// that sign-ins outlast a restart as the data does; "" when not wanted
// (SESSION_KEYS gives the secrets) or without a directory.
func dataSecret(wanted bool, dir string, log *slog.Logger) string {
	if !wanted || dir == "" {
		return ""
	}
	path := filepath.Join(dir, "session.secret")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return strings.TrimSpace(string(b))
	}
	secret := rand.Text() + rand.Text()
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		log.Warn("the session secret cannot be kept in the data directory; sign-ins end on restart", "err", err)
	}
	return secret
}

// flagSet says whether the command line gave the flag.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// dataFlag takes --data DIR (or --data=DIR) out of a command's arguments:
// every command that reads or writes data takes it, wherever it stands.
func dataFlag(args []string) (dir string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--data" || a == "-data":
			if i+1 >= len(args) || args[i+1] == "" {
				return "", nil, fmt.Errorf("--data needs a directory: %w", errUsage)
			}
			dir = args[i+1]
			i++
		case strings.HasPrefix(a, "--data=") || strings.HasPrefix(a, "-data="):
			dir = a[strings.IndexByte(a, '=')+1:]
		default:
			rest = append(rest, a)
		}
	}
	return dir, rest, nil
}

// commandStore opens the store a command works on: the data directory dir
// when no server holds it (a held one is refused with the server's pid and
// address), or the Redis at REDIS_URL. create lets a directory be made (a
// restore into a new one); otherwise a directory that is not there is a typo.
func commandStore(ctx context.Context, dir string, create bool, getenv func(string) string) (*cache.Store, func(), error) {
	url := getenv("REDIS_URL")
	switch {
	case dir != "" && url != "":
		return nil, nil, fmt.Errorf("--data (DATA_DIR) and REDIS_URL: choose one: %w", errUsage)
	case dir == "" && url == "":
		return nil, nil, errors.New("no data to work on: give --data DIR (the directory of serve --data) or REDIS_URL=redis://host:6379/0 (the Redis of serve)")
	}
	if dir != "" && !create {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return nil, nil, fmt.Errorf("--data %s: no such data directory (serve --data %s makes one)", dir, dir)
		}
	}
	rdb, closeRedis, err := openStore(url, dir, getenv)
	var held *cache.DirInUseError
	if errors.As(err, &held) {
		return nil, nil, held
	}
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
