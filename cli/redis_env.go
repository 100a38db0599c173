package cli

import (
	"fmt"
	"strconv"
	"time"

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
