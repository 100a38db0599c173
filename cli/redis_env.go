package cli

import (
	"crypto/rand"
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
