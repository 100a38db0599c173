package cache

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Durability says how many replicas must hold a write before the store
// acknowledges it. Redis replicates asynchronously: a master that dies right
// after answering can take the write with it, and the replica promoted in its
// place never had it. With Replicas > 0 every write script is followed, on the
// same connection, by WAIT, and a write that not enough replicas confirmed in
// time is reported as failed (it may still be there; it was not promised).
//
// A master asks only as many replicas as it has connected: right after a
// failover the promoted replica has none until the old master comes back as
// its replica, and the site keeps taking results meanwhile rather than
// refusing every one (a second failure in that window could lose writes).
type Durability struct {
	Replicas int
	Timeout  time.Duration
}

// replicaCount is how many replicas a node said it had, and when.
type replicaCount struct {
	n  int
	at time.Time
}

// ErrNotReplicated is returned for a write that fewer replicas than asked confirmed in time.
var ErrNotReplicated = errors.New("not confirmed by enough replicas")

// runWrite runs a write script over keys of one slot and, when the store asks
// for replicas, waits for them on the same connection.
func (s *Store) runWrite(ctx context.Context, script *redis.Script, keys []string, args ...any) *redis.Cmd {
	if s.Durability.Replicas <= 0 {
		return script.Run(ctx, s.rdb, keys, args...)
	}
	node, err := s.nodeFor(ctx, keys[0])
	if err != nil {
		cmd := redis.NewCmd(ctx)
		cmd.SetErr(err)
		return cmd
	}
	want := min(s.Durability.Replicas, s.connectedReplicas(ctx, node))
	if want == 0 {
		return script.Run(ctx, s.rdb, keys, args...)
	}
	cmd, wait := s.runAndWait(ctx, node, script, keys, args, want, true)
	if cmd.Err() != nil && strings.HasPrefix(cmd.Err().Error(), "NOSCRIPT") {
		cmd, wait = s.runAndWait(ctx, node, script, keys, args, want, false)
	}
	if cmd.Err() != nil {
		if c, ok := s.rdb.(*redis.ClusterClient); ok && !isScriptError(cmd.Err()) {
			c.ReloadState(ctx) // the slot may have moved: a failover, a reshard
		}
		return cmd
	}
	if n, err := wait.Int64(); err != nil || n < int64(want) {
		failed := redis.NewCmd(ctx)
		failed.SetErr(fmt.Errorf("cache: write to %s: %w (%d of %d, %v)", keys[0], ErrNotReplicated, n, want, err))
		return failed
	}
	return cmd
}

// runAndWait sends the script and WAIT in one pipeline, so both go over one
// connection: WAIT counts the replicas that have what that connection wrote.
func (s *Store) runAndWait(ctx context.Context, node *redis.Client, script *redis.Script, keys []string, args []any, replicas int, bySHA bool) (*redis.Cmd, *redis.Cmd) {
	var cmd, wait *redis.Cmd
	_, _ = node.Pipelined(ctx, func(p redis.Pipeliner) error {
		if bySHA {
			cmd = script.EvalSha(ctx, p, keys, args...)
		} else {
			cmd = script.Eval(ctx, p, keys, args...)
		}
		wait = p.Do(ctx, "WAIT", replicas, s.Durability.Timeout.Milliseconds())
		return nil
	})
	return cmd, wait
}

// nodeFor is the client of the master that holds key: the one node, or in a
// cluster the master of the key's slot.
func (s *Store) nodeFor(ctx context.Context, key string) (*redis.Client, error) {
	switch c := s.rdb.(type) {
	case *redis.Client:
		return c, nil
	case *redis.ClusterClient:
		return c.MasterForKey(ctx, key)
	}
	return nil, fmt.Errorf("cache: waiting for replicas needs a node or cluster client, not %T", s.rdb)
}

// isScriptError reports whether err is the script's own answer (a Lua error)
// rather than a failure to reach the node that holds the slot.
func isScriptError(err error) bool {
	var re redis.Error
	return errors.As(err, &re) && !strings.HasPrefix(err.Error(), "MOVED") && !strings.HasPrefix(err.Error(), "CLUSTERDOWN") &&
		!strings.HasPrefix(err.Error(), "TRYAGAIN") && !strings.HasPrefix(err.Error(), "ASK") && !strings.HasPrefix(err.Error(), "READONLY")
}

// connectedReplicas is how many replicas the node has, as it said at most a second ago.
func (s *Store) connectedReplicas(ctx context.Context, node *redis.Client) int {
	addr := node.Options().Addr
	if c, ok := s.replicas.Load(addr); ok && time.Since(c.(replicaCount).at) < time.Second {
		return c.(replicaCount).n
	}
	info, err := node.Info(ctx, "replication").Result()
	n := s.Durability.Replicas // when the node cannot say, ask for all of them
	if err == nil {
		n = 0
		for _, line := range strings.Split(info, "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "connected_slaves:"); ok {
				n, _ = strconv.Atoi(v)
			}
		}
	}
	s.replicas.Store(addr, replicaCount{n: n, at: time.Now()})
	return n
}
