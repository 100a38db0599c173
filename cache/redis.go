package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// Open connects to the Redis at rawURL, or, when rawURL is empty, starts an
// embedded in-process Redis whose data lives in memory only. release frees either.
//
// A Redis Cluster is chosen by cluster, or by go-redis' cluster form of the
// URL, which names further seed nodes with addr parameters:
// redis://host:7000?addr=host:7001&addr=host:7002. Either way the store gets
// one redis.UniversalClient and works the same: every multi-key step it takes
// touches keys of one hash slot (see keys.go).
func Open(rawURL string, cluster bool) (rdb redis.UniversalClient, release func(), err error) {
	if rawURL != "" {
		if cluster || isClusterURL(rawURL) {
			opt, err := redis.ParseClusterURL(rawURL)
			if err != nil {
				return nil, nil, fmt.Errorf("cache: REDIS_URL (cluster): %w", err)
			}
			// Ask which node holds which slot every second (when in use), not
			// every minute: after a failover, writes find the promoted replica
			// within seconds even though the dead master never answers MOVED.
			opt.ClusterStateReloadInterval = time.Second
			c := redis.NewClusterClient(opt)
			return c, func() { _ = c.Close() }, nil
		}
		opt, err := redis.ParseURL(rawURL)
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

// isClusterURL reports whether the URL names more than one node.
func isClusterURL(rawURL string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && u.Query().Has("addr")
}

// FlushAll empties every node: each master of a cluster, or the one database of a node.
func FlushAll(ctx context.Context, rdb redis.UniversalClient) error {
	if c, ok := rdb.(*redis.ClusterClient); ok {
		return c.ForEachMaster(ctx, func(ctx context.Context, n *redis.Client) error {
			return n.FlushDB(ctx).Err()
		})
	}
	return rdb.FlushDB(ctx).Err()
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
// server still loading its data or without its primary, a data directory
// that cannot be written now): the request may
// succeed when retried, so it is a 503, not a 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, redis.ErrPoolTimeout) || errors.Is(err, redis.ErrClosed) || errors.Is(err, ErrNotReplicated) ||
		errors.Is(err, ErrCannotWrite) {
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
