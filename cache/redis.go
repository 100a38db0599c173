package cache

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
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

// Unavailable reports whether err says Redis cannot be reached or cannot
// serve now (refused or dropped connections, timeouts, an exhausted pool, a
// server still loading its data or without its primary): the request may
// succeed when retried, so it is a 503, not a 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, redis.ErrPoolTimeout) || errors.Is(err, redis.ErrClosed) {
		return true
	}
	var rerr redis.Error
	if errors.As(err, &rerr) {
		msg := rerr.Error()
		for _, prefix := range []string{"LOADING ", "MASTERDOWN ", "CLUSTERDOWN ", "TRYAGAIN ", "READONLY "} {
			if strings.HasPrefix(msg, prefix) {
				return true
			}
		}
	}
	return false
}
