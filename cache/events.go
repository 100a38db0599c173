package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// The consumer group webhook delivery reads the event streams with. It has one
// consumer: only the instance holding a tournament's lease reads its stream,
// so events go out in order, and a new holder finds what the last one left
// unacknowledged under the same name.
const (
	deliveryGroup    = "webhooks"
	deliveryConsumer = "deliverer"
)

// Batch is a run of one tournament's events, delivered as one call.
type Batch struct {
	TournamentID string
	// ID is the same every time this batch is delivered, so receivers can tell a repeat.
	ID      int64
	Events  []tournament.Event
	entries []string
}

// EventTournaments lists the tournaments that have an event stream.
func (s *Store) EventTournaments(ctx context.Context) ([]string, error) {
	streams, err := s.rdb.SMembers(ctx, eventStreamsKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: event streams: %w", err)
	}
	ids := make([]string, len(streams))
	for i, st := range streams {
		ids[i] = tournamentOfStream(st)
	}
	return ids, nil
}

// leaseScript renews or releases a lease only for its holder.
// KEYS: the lease. ARGV: holder, ttl in ms (0 releases).
var leaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`)

// TakeLease makes holder the one instance that delivers the tournament's events for ttl.
func (s *Store) TakeLease(ctx context.Context, tournamentID, holder string, ttl time.Duration) (bool, error) {
	ok, err := s.rdb.SetNX(ctx, leaseKey(tournamentID), holder, ttl).Result()
	if err != nil {
		return false, fmt.Errorf("cache: lease %s: %w", tournamentID, err)
	}
	return ok, nil
}

// RenewLease extends holder's lease; false when the lease is no longer holder's.
func (s *Store) RenewLease(ctx context.Context, tournamentID, holder string, ttl time.Duration) (bool, error) {
	n, err := leaseScript.Run(ctx, s.rdb, []string{leaseKey(tournamentID)}, holder, ttl.Milliseconds()).Int()
	return n == 1, err
}

// ReleaseLease gives holder's lease up.
func (s *Store) ReleaseLease(ctx context.Context, tournamentID, holder string) error {
	return leaseScript.Run(ctx, s.rdb, []string{leaseKey(tournamentID)}, holder, 0).Err()
}

// batchScript gives a batch its delivery id the first time, and the same id
// and size every time after.
// KEYS: the batch record, the delivery sequence. ARGV: the batch's size.
var batchScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then return v end
v = redis.call('INCR', KEYS[2]) .. ' ' .. ARGV[1]
redis.call('SET', KEYS[1], v, 'EX', 86400)
return v
`)

// NextBatch returns the tournament's next batch of at most max events' worth
// of entries: first what was read before but never acknowledged (a delivery
// cut short), then new events; nil when there is nothing to deliver. Only the
// lease holder may call it.
func (s *Store) NextBatch(ctx context.Context, tournamentID string, max int) (*Batch, error) {
	stream := eventsKey(tournamentID)
	if _, ok := s.groups.Load(stream); !ok {
		err := s.rdb.XGroupCreateMkStream(ctx, stream, deliveryGroup, "0").Err()
		if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
			return nil, fmt.Errorf("cache: events of %s: %w", tournamentID, err)
		}
		s.groups.Store(stream, true)
	}
	var msgs []redis.XMessage
	for _, from := range []string{"0", ">"} {
		res, err := s.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: deliveryGroup, Consumer: deliveryConsumer,
			Streams: []string{stream, from}, Count: int64(max), Block: -1}).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			if strings.Contains(err.Error(), "NOGROUP") {
				s.groups.Delete(stream)
			}
			return nil, fmt.Errorf("cache: events of %s: %w", tournamentID, err)
		}
		if len(res) > 0 && len(res[0].Messages) > 0 {
			msgs = res[0].Messages
			break
		}
	}
	if len(msgs) == 0 {
		return nil, nil
	}
	rec, err := batchScript.Run(ctx, s.rdb, []string{batchKey(tournamentID, msgs[0].ID), deliverySeqKey(tournamentID)}, len(msgs)).Text()
	if err != nil {
		return nil, fmt.Errorf("cache: batch of %s: %w", tournamentID, err)
	}
	idText, sizeText, _ := strings.Cut(rec, " ")
	id, _ := strconv.ParseInt(idText, 10, 64)
	if size, _ := strconv.Atoi(sizeText); size > 0 && size < len(msgs) {
		msgs = msgs[:size] // the batch as it was first delivered
	}
	b := &Batch{TournamentID: tournamentID, ID: id}
	for _, m := range msgs {
		b.entries = append(b.entries, m.ID)
		raw, _ := m.Values["events"].(string)
		var evs []tournament.Event
		if err := json.Unmarshal([]byte(raw), &evs); err != nil {
			continue // an entry the stream trimmed away, or not ours
		}
		b.Events = append(b.Events, evs...)
	}
	return b, nil
}

// Ack marks the batch delivered.
func (s *Store) Ack(ctx context.Context, b *Batch) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.XAck(ctx, eventsKey(b.TournamentID), deliveryGroup, b.entries...)
		p.Del(ctx, batchKey(b.TournamentID, b.entries[0]))
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: ack batch %d of %s: %w", b.ID, b.TournamentID, err)
	}
	return nil
}
