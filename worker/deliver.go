// Package worker holds the background loops: webhook delivery, the simulator
// and the retention. main starts each with a context and they stop with it.
package worker

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"courtside/cache"
	"courtside/record"
	"courtside/tournament"
	"courtside/upstream"
)

// Deliverer calls webhooks with the events of their tournaments, each webhook
// on its own: it has its own cursor in the event stream, its own batches and
// its own retries, so a slow or failing webhook delays nobody else.
//
// Any number of instances may run one: for each webhook one instance at a
// time holds its lease and delivers, in order, in batches. A batch counts as
// delivered only after the webhook answered 2xx; a call cut short (a crash, a
// stop) is made again, by whichever instance holds the lease next, with the
// same id and body. A failed call is retried Retries times, waiting Backoff,
// then twice that, and so on; then the webhook is disabled until its owner
// enables it, and it resumes with the call that failed.
type Deliverer struct {
	Store   *cache.Store
	Client  *http.Client
	Log     *slog.Logger
	Backoff time.Duration
	Retries int
	// Poll is how often it checks whether webhooks changed (one Redis read)
	// and, for each webhook it delivers to, whether it has new events (one
	// script, skipped while the version watcher vouches nothing changed).
	Poll time.Duration
	// Lease is how long a webhook's lease lasts without renewal: how long a
	// crashed instance's webhooks wait for another instance.
	Lease time.Duration
	// BatchSize is the most stream entries (changes) one call carries.
	BatchSize int

	calls, failed, disabled atomic.Int64
}

// DeliveryStats counts this deliverer's webhook calls since it started.
type DeliveryStats struct {
	// Calls are the calls made; Failed, those that got no 2xx; Disabled, the
	// webhooks it disabled after their last retry.
	Calls, Failed, Disabled int64
}

// Stats says how many calls it made and how many failed.
func (d *Deliverer) Stats() DeliveryStats {
	return DeliveryStats{Calls: d.calls.Load(), Failed: d.failed.Load(), Disabled: d.disabled.Load()}
}

// NewDeliverer returns a deliverer with the production settings.
func NewDeliverer(store *cache.Store, log *slog.Logger, allowPrivate bool) *Deliverer {
	return &Deliverer{Store: store, Log: log, Client: WebhookClient(allowPrivate),
		Backoff: time.Second, Retries: 5, Poll: 500 * time.Millisecond, Lease: 15 * time.Second, BatchSize: 100}
}

// Run delivers until ctx ends. Every Poll it reads the webhooks' revision,
// and all webhooks only when it moved; it runs one loop per enabled webhook
// and nothing else, so without webhooks it costs one read per Poll. Calls
// under way when ctx ends are not counted as delivered: they are made again.
func (d *Deliverer) Run(ctx context.Context) {
	holder := rand.Text()
	type loop struct {
		stop context.CancelFunc
		done chan struct{}
		rev  string // the revision it started at
	}
	running := map[string]loop{}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer func() {
		for _, l := range running {
			l.stop()
		}
	}()
	seen, wanted := "", map[string]record.Webhook{}
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		rev, err := d.Store.WebhooksRevision(ctx)
		if err == nil && rev != seen {
			var hooks []record.Webhook
			if hooks, err = d.Store.AllWebhooks(ctx); err == nil {
				seen, wanted = rev, map[string]record.Webhook{}
				for _, w := range hooks {
					if w.Enabled {
						wanted[w.ID] = w
					}
				}
			}
		}
		for id, l := range running {
			if _, ok := wanted[id]; !ok {
				l.stop()
				delete(running, id)
			}
		}
		for id, w := range wanted {
			// A loop ends by itself when it disables its webhook; it starts
			// again only when the webhooks changed since (enabled again).
			if l, ok := running[id]; ok && (!isDone(l.done) || l.rev == seen) {
				continue
			}
			hookCtx, stop := context.WithCancel(ctx)
			l := loop{stop, make(chan struct{}), seen}
			running[id] = l
			wg.Go(func() { defer close(l.done); d.serve(hookCtx, w, holder) })
		}
		if err != nil && ctx.Err() == nil {
			d.Log.Error("webhooks: list", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func isDone(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// serve delivers to one webhook whenever this instance holds its lease,
// trying to take it every third of a lease, until ctx ends or it is disabled.
func (d *Deliverer) serve(ctx context.Context, w record.Webhook, holder string) {
	for {
		ok, err := d.Store.TakeLease(ctx, w, holder, d.Lease)
		if err != nil && ctx.Err() == nil {
			d.Log.Error("webhooks: lease", "webhook", w.ID, "err", err)
		}
		if ok && !d.hold(ctx, w, holder) {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d.Lease / 3):
		}
	}
}

// hold delivers the webhook's batches while the lease is holder's; false
// when the webhook was disabled.
func (d *Deliverer) hold(ctx context.Context, w record.Webhook, holder string) bool {
	held, lost := context.WithCancel(ctx)
	defer lost()
	go func() {
		t := time.NewTicker(d.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-held.Done():
				return
			case <-t.C:
				if ok, _ := d.Store.RenewLease(held, w, holder, d.Lease); !ok {
					lost()
				}
			}
		}
	}()
	defer func() { _ = d.Store.ReleaseLease(context.WithoutCancel(ctx), w, holder) }()
	var idleAt int64 = -1 // the tournament's version when the webhook last had nothing new
	for held.Err() == nil {
		if v, ok := d.Store.KnownVersion(w.TournamentID); !ok || v != idleAt {
			b, version, err := d.Store.NextBatch(held, w, holder, d.BatchSize)
			switch {
			case err != nil:
				if held.Err() == nil {
					d.Log.Error("webhooks: next batch", "webhook", w.ID, "err", err)
				}
			case b == nil && version < 0:
				return true // the lease went to another holder: take it again later
			case b == nil:
				idleAt = version
			default:
				if !d.deliver(held, w, b) {
					return held.Err() != nil // cut short, or disabled
				}
				if err := d.Store.Delivered(ctx, w, b, holder); err != nil {
					d.Log.Error("webhooks: delivered", "webhook", w.ID, "err", err)
				}
				continue
			}
		}
		select {
		case <-held.Done():
		case <-time.After(d.Poll):
		}
	}
	return true
}

// Payload is the body of a webhook call.
type Payload struct {
	ID           int64              `json:"id"`
	TournamentID string             `json:"tournamentId"`
	Events       []tournament.Event `json:"events"`
}

// Sign is the X-Courtside-Signature of a body sent at the timestamp:
// "sha256=" and the hex HMAC-SHA256, keyed with the webhook's secret, of
// "<timestamp>.<body>".
func Sign(secret, timestamp string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// deliver calls the webhook with the batch until it answers 2xx (true), or
// disables it, or ctx ends.
func (d *Deliverer) deliver(ctx context.Context, w record.Webhook, b *cache.Batch) bool {
	body, _ := json.Marshal(Payload{ID: b.ID, TournamentID: b.TournamentID, Events: b.Events})
	for attempt := 0; ; attempt++ {
		start := time.Now()
		status, err := d.call(ctx, w, b.ID, body)
		if ctx.Err() != nil {
			return false
		}
		rec := record.Delivery{ID: b.ID, At: tournament.At(start), Attempt: attempt + 1, Status: status, Events: len(b.Events), Millis: time.Since(start).Milliseconds()}
		if err != nil {
			rec.Error = err.Error()
		}
		ok := err == nil && status >= 200 && status < 300
		rec.Disabled = !ok && attempt == d.Retries
		d.calls.Add(1)
		if !ok {
			d.failed.Add(1)
		}
		if rec.Disabled {
			d.disabled.Add(1)
		}
		if err := d.Store.LogDelivery(ctx, w.ID, rec); err != nil {
			d.Log.Error("webhooks: log", "webhook", w.ID, "err", err)
		}
		if ok {
			return true
		}
		if rec.Disabled {
			if _, err := d.Store.SetWebhookEnabled(ctx, w, false); err != nil {
				d.Log.Error("webhooks: disable", "webhook", w.ID, "err", err)
			}
			d.Log.Warn("webhooks: disabled after failed deliveries", "webhook", w.ID, "url", w.URL, "attempts", attempt+1)
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(d.Backoff << attempt):
		}
	}
}

func (d *Deliverer) call(ctx context.Context, w record.Webhook, id int64, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Courtside-Webhooks/1")
	req.Header.Set("X-Courtside-Delivery", strconv.FormatInt(id, 10))
	req.Header.Set("X-Courtside-Timestamp", ts)
	req.Header.Set("X-Courtside-Signature", Sign(w.Secret, ts, body))
	resp, err := d.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }() // the answer's body is not read: only its status counts
	return resp.StatusCode, nil
}

// WebhookClient is the HTTP client webhook calls go out with: a 10 s limit,
// no redirects followed, and the follows' transport (upstream.PublicTransport:
// no proxy, public addresses only unless allowPrivate).
func WebhookClient(allowPrivate bool) *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: upstream.PublicTransport(allowPrivate),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}
