package cache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/redis/go-redis/v9"

	"courtside/record"
	"courtside/tournament"
)

// MaxWebhooksPerKey is how many subscriptions one key may hold.
const MaxWebhooksPerKey = 10

// ErrTooManyWebhooks is returned past MaxWebhooksPerKey.
var ErrTooManyWebhooks = errors.New("too many subscriptions")

// webhookRecord is a Webhook as stored, secret and owner included.
type webhookRecord struct {
	record.Webhook
	Owner  string `json:"owner"`
	KeyID  string `json:"keyId"`
	Secret string `json:"secret"`
}

func (r webhookRecord) webhook() record.Webhook {
	w := r.Webhook
	w.Owner, w.KeyID, w.Secret = r.Owner, r.KeyID, r.Secret
	return w
}

// reserveScript takes one of the key's MaxWebhooksPerKey places for a
// webhook, atomically, so racing subscriptions cannot pass the limit.
// KEYS: the key's webhooks. ARGV: webhook id, the limit.
var reserveScript = redis.NewScript(`
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
return redis.call('SADD', KEYS[1], ARGV[1])
`)

// subscribeScript adds the webhook to the tournament's and starts its cursor
// at the stream's end: it gets the events from now on.
// KEYS: the tournament's webhooks, the cursors hash, the events stream. ARGV: webhook id.
var subscribeScript = redis.NewScript(`
local last = redis.call('XREVRANGE', KEYS[3], '+', '-', 'COUNT', 1)
redis.call('HSET', KEYS[2], ARGV[1], last[1] and last[1][1] or '0-0')
return redis.call('SADD', KEYS[1], ARGV[1])
`)

// CreateWebhook subscribes url to the tournament's events from now on, for
// the key; the returned webhook carries its secret, which is not shown again.
func (s *Store) CreateWebhook(ctx context.Context, k record.Key, tournamentID, url string) (record.Webhook, error) {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	rec := webhookRecord{Webhook: record.Webhook{ID: "wh_" + hex.EncodeToString(b[:6]), TournamentID: tournamentID, URL: url,
		Enabled: true, CreatedAt: tournament.At(s.Now())}, Owner: k.Owner(), KeyID: k.ID, Secret: "whsec_" + hex.EncodeToString(b[6:])}
	n, err := reserveScript.Run(ctx, s.rdb, []string{keyWebhooksKey(k.ID)}, rec.ID, MaxWebhooksPerKey).Int()
	if err != nil {
		return record.Webhook{}, fmt.Errorf("cache: webhook %s: %w", rec.ID, err)
	}
	if n == 0 {
		return record.Webhook{}, ErrTooManyWebhooks
	}
	err = s.putWebhook(ctx, rec)
	if err == nil {
		err = subscribeScript.Run(ctx, s.rdb, []string{tournamentWebhooksKey(tournamentID), webhookCursorsKey(tournamentID), eventsKey(tournamentID)}, rec.ID).Err()
	}
	if err == nil {
		_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.SAdd(ctx, ownerWebhooksKey(rec.Owner), rec.ID)
			p.Incr(ctx, webhooksRevKey)
			return nil
		})
	}
	if err != nil {
		_ = s.DeleteWebhook(context.WithoutCancel(ctx), rec.webhook()) // gives the place back
		return record.Webhook{}, fmt.Errorf("cache: webhook %s: %w", rec.ID, err)
	}
	return rec.webhook(), nil
}

func (s *Store) putWebhook(ctx context.Context, rec webhookRecord) error {
	raw, err := marshalRecord(rec)
	if err != nil {
		return err
	}
	if err := s.rdb.HSet(ctx, webhooksKey, rec.ID, raw).Err(); err != nil {
		return fmt.Errorf("cache: webhook %s: %w", rec.ID, err)
	}
	return nil
}

// Webhook returns the webhook with the id.
func (s *Store) Webhook(ctx context.Context, id string) (record.Webhook, error) {
	raw, err := s.rdb.HGet(ctx, webhooksKey, id).Result()
	if errors.Is(err, redis.Nil) {
		return record.Webhook{}, fmt.Errorf("cache: webhook %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return record.Webhook{}, fmt.Errorf("cache: webhook %s: %w", id, err)
	}
	var rec webhookRecord
	if err := unmarshalRecord([]byte(raw), &rec); err != nil {
		return record.Webhook{}, fmt.Errorf("cache: webhook %s: %w", id, err)
	}
	return rec.webhook(), nil
}

// Webhooks returns the owner's webhooks, oldest first.
func (s *Store) Webhooks(ctx context.Context, owner string) ([]record.Webhook, error) {
	ids, err := s.rdb.SMembers(ctx, ownerWebhooksKey(owner)).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: webhooks of %s: %w", owner, err)
	}
	return s.webhooksByID(ctx, ids)
}

// TournamentWebhooks returns the webhooks subscribed to the tournament.
func (s *Store) TournamentWebhooks(ctx context.Context, tournamentID string) ([]record.Webhook, error) {
	ids, err := s.rdb.SMembers(ctx, tournamentWebhooksKey(tournamentID)).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: webhooks of %s: %w", tournamentID, err)
	}
	return s.webhooksByID(ctx, ids)
}

func (s *Store) webhooksByID(ctx context.Context, ids []string) ([]record.Webhook, error) {
	if len(ids) == 0 {
		return []record.Webhook{}, nil
	}
	raws, err := s.rdb.HMGet(ctx, webhooksKey, ids...).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: webhooks: %w", err)
	}
	out := make([]record.Webhook, 0, len(raws))
	for _, raw := range raws {
		str, ok := raw.(string)
		if !ok {
			continue // deleted meanwhile
		}
		var rec webhookRecord
		if err := unmarshalRecord([]byte(str), &rec); err != nil {
			return nil, fmt.Errorf("cache: webhooks: %w", err)
		}
		out = append(out, rec.webhook())
	}
	slices.SortFunc(out, func(a, b record.Webhook) int {
		if c := a.CreatedAt.Compare(b.CreatedAt.Time); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// DeleteWebhook removes a webhook, its log and its delivery state.
func (s *Store) DeleteWebhook(ctx context.Context, w record.Webhook) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.HDel(ctx, webhooksKey, w.ID)
		p.SRem(ctx, ownerWebhooksKey(w.Owner), w.ID)
		p.SRem(ctx, keyWebhooksKey(w.KeyID), w.ID)
		p.SRem(ctx, tournamentWebhooksKey(w.TournamentID), w.ID)
		p.HDel(ctx, webhookCursorsKey(w.TournamentID), w.ID)
		p.Del(ctx, webhookBatchKey(w.TournamentID, w.ID), webhookLeaseKey(w.TournamentID, w.ID))
		p.Del(ctx, webhookLogKey(w.ID))
		p.Incr(ctx, webhooksRevKey)
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: delete webhook %s: %w", w.ID, err)
	}
	return nil
}

// replaceScript updates a webhook that still exists (a webhook deleted
// meanwhile stays deleted) and marks the webhooks changed.
// KEYS: webhooks hash, revision. ARGV: id, JSON.
var replaceScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('INCR', KEYS[2])
return 1
`)

// SetWebhookEnabled enables a webhook again, or disables it after failed
// deliveries. Enabled again, it resumes where it stopped: with the call that
// failed, then the events after it that the retention kept.
func (s *Store) SetWebhookEnabled(ctx context.Context, w record.Webhook, enabled bool) (record.Webhook, error) {
	w.Enabled = enabled
	w.DisabledAt = tournament.Time{}
	if !enabled {
		w.DisabledAt = tournament.At(s.Now())
	}
	raw, err := marshalRecord(webhookRecord{Webhook: w, Owner: w.Owner, KeyID: w.KeyID, Secret: w.Secret})
	if err != nil {
		return w, err
	}
	n, err := replaceScript.Run(ctx, s.rdb, []string{webhooksKey, webhooksRevKey}, w.ID, raw).Int()
	if err != nil {
		return w, fmt.Errorf("cache: webhook %s: %w", w.ID, err)
	}
	if n == 0 {
		return w, fmt.Errorf("cache: webhook %s: %w", w.ID, ErrNotFound)
	}
	return w, nil
}

// WebhooksRevision changes whenever a webhook is made, deleted, enabled or
// disabled: one cheap read tells a deliverer whether to read them all again.
func (s *Store) WebhooksRevision(ctx context.Context) (string, error) {
	rev, err := s.rdb.Get(ctx, webhooksRevKey).Result()
	if errors.Is(err, redis.Nil) {
		return "0", nil
	}
	if err != nil {
		return "", fmt.Errorf("cache: webhooks revision: %w", err)
	}
	return rev, nil
}

// AllWebhooks returns every webhook.
func (s *Store) AllWebhooks(ctx context.Context) ([]record.Webhook, error) {
	raws, err := s.rdb.HGetAll(ctx, webhooksKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: webhooks: %w", err)
	}
	out := make([]record.Webhook, 0, len(raws))
	for id, raw := range raws {
		var rec webhookRecord
		if err := unmarshalRecord([]byte(raw), &rec); err != nil {
			return nil, fmt.Errorf("cache: webhook %s: %w", id, err)
		}
		out = append(out, rec.webhook())
	}
	return out, nil
}

// LogDelivery records a delivery attempt; the log keeps the last 20.
func (s *Store) LogDelivery(ctx context.Context, webhookID string, d record.Delivery) error {
	raw, err := marshalRecord(d)
	if err != nil {
		return err
	}
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.LPush(ctx, webhookLogKey(webhookID), raw)
		p.LTrim(ctx, webhookLogKey(webhookID), 0, 19)
		return nil
	})
	return err
}

// Deliveries returns a webhook's log, newest first.
func (s *Store) Deliveries(ctx context.Context, webhookID string) ([]record.Delivery, error) {
	raws, err := s.rdb.LRange(ctx, webhookLogKey(webhookID), 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: webhook log %s: %w", webhookID, err)
	}
	out := make([]record.Delivery, len(raws))
	for i, raw := range raws {
		if err := unmarshalRecord([]byte(raw), &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}
