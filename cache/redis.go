package cache

import (
	"fmt"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// Open connects to the Redis at url, or, when url is empty, starts an embedded
// in-process Redis whose data lives in memory only. release frees either.
func Open(url string) (rdb redis.UniversalClient, release func(), err error) {
	if url != "" {
		opt, err := redis.ParseURL(url)
		if err != nil {
			return nil, nil, fmt.Errorf("cache: REDIS_URL: %w", err)
		}
		c := redis.NewClient(opt)
		return c, func() { _ = c.Close() }, nil
	}
	m, err := miniredis.Run()
	if err != nil {
		return nil, nil, fmt.Errorf("cache: embedded redis: %w", err)
	}
	stop := make(chan struct{})
	go expire(m, stop)
	c := redis.NewClient(&redis.Options{Addr: m.Addr()})
	return c, func() { close(stop); _ = c.Close(); m.Close() }, nil
}

// expire moves the embedded Redis's clock along, which it does not do by
// itself, so keys with a TTL (rate counters) expire as they would in Redis.
func expire(m *miniredis.Miniredis, stop <-chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			m.FastForward(now.Sub(last))
			last = now
		}
	}
}
