package web

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"syscall"
	"time"

	"courtside/cache"
	"courtside/tournament"
)

// Deliverer calls webhooks with the events of their tournaments. Any number of
// instances may run one: for each tournament one instance at a time holds the
// lease and delivers its events, in order, in batches; a batch is acknowledged
// only after every webhook took it or gave up, so a crash redelivers it, with
// the same id. A failed call is retried Retries times, waiting Backoff, then
// twice that, and so on; then the webhook is disabled until its owner enables it.
type Deliverer struct {
	Store   *cache.Store
	Client  *http.Client
	Log     *slog.Logger
	Backoff time.Duration
	Retries int
	// Poll is how often it looks for tournaments with events to deliver.
	Poll time.Duration
	// Lease is how long a tournament's lease lasts without renewal.
	Lease time.Duration

	holder string
	mu     sync.Mutex
	active map[string]bool
}

// NewDeliverer returns a deliverer with the production settings.
func NewDeliverer(store *cache.Store, log *slog.Logger, allowPrivate bool) *Deliverer {
	return &Deliverer{Store: store, Log: log, Client: WebhookClient(allowPrivate),
		Backoff: time.Second, Retries: 5, Poll: 500 * time.Millisecond, Lease: 15 * time.Second}
}

// Run delivers until ctx ends. Deliveries under way when it ends are not
// acknowledged: the next lease holder sends them again.
func (d *Deliverer) Run(ctx context.Context) {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	d.holder = hex.EncodeToString(b)
	d.active = map[string]bool{}
	var wg sync.WaitGroup
	defer wg.Wait()
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		ids, err := d.Store.EventTournaments(ctx)
		if err != nil && ctx.Err() == nil {
			d.Log.Error("webhooks: list streams", "err", err)
		}
		for _, id := range ids {
			d.mu.Lock()
			busy := d.active[id]
			d.mu.Unlock()
			if busy {
				continue
			}
			if ok, err := d.Store.TakeLease(ctx, id, d.holder, d.Lease); err != nil || !ok {
				continue
			}
			d.mu.Lock()
			d.active[id] = true
			d.mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				d.drain(ctx, id)
				d.mu.Lock()
				delete(d.active, id)
				d.mu.Unlock()
			}()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// drain delivers the tournament's batches while it holds the lease.
func (d *Deliverer) drain(ctx context.Context, id string) {
	renew, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		t := time.NewTicker(d.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-renew.Done():
				return
			case <-t.C:
				if ok, _ := d.Store.RenewLease(renew, id, d.holder, d.Lease); !ok {
					stop()
				}
			}
		}
	}()
	defer func() { _ = d.Store.ReleaseLease(context.WithoutCancel(ctx), id, d.holder) }()
	for renew.Err() == nil {
		b, err := d.Store.NextBatch(renew, id, 100)
		if err != nil {
			if renew.Err() == nil {
				d.Log.Error("webhooks: read events", "tournament", id, "err", err)
			}
			return
		}
		if b == nil {
			return
		}
		hooks, err := d.Store.TournamentWebhooks(renew, id)
		if err != nil {
			d.Log.Error("webhooks: subscribers", "tournament", id, "err", err)
			return
		}
		var wg sync.WaitGroup
		for _, w := range hooks {
			if w.Enabled {
				wg.Add(1)
				go func() { defer wg.Done(); d.deliver(renew, w, b) }()
			}
		}
		wg.Wait()
		if renew.Err() != nil {
			return // cut short: the batch stays unacknowledged
		}
		if err := d.Store.Ack(ctx, b); err != nil {
			d.Log.Error("webhooks: ack", "tournament", id, "err", err)
			return
		}
	}
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

// deliver calls the webhook with the batch until it answers 2xx, or disables it.
func (d *Deliverer) deliver(ctx context.Context, w cache.Webhook, b *cache.Batch) {
	body, _ := json.Marshal(Payload{ID: b.ID, TournamentID: b.TournamentID, Events: b.Events})
	for attempt := 0; ; attempt++ {
		start := time.Now()
		status, err := d.call(ctx, w, b.ID, body)
		if ctx.Err() != nil {
			return
		}
		rec := cache.Delivery{ID: b.ID, At: tournament.At(start), Attempt: attempt + 1, Status: status, Events: len(b.Events), Millis: time.Since(start).Milliseconds()}
		if err != nil {
			rec.Error = err.Error()
		}
		ok := err == nil && status >= 200 && status < 300
		rec.Disabled = !ok && attempt == d.Retries
		if err := d.Store.LogDelivery(ctx, w.ID, rec); err != nil {
			d.Log.Error("webhooks: log", "webhook", w.ID, "err", err)
		}
		if ok {
			return
		}
		if rec.Disabled {
			if _, err := d.Store.SetWebhookEnabled(ctx, w, false); err != nil {
				d.Log.Error("webhooks: disable", "webhook", w.ID, "err", err)
			}
			d.Log.Warn("webhooks: disabled after failed deliveries", "webhook", w.ID, "url", w.URL, "attempts", attempt+1)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d.Backoff << attempt):
		}
	}
}

func (d *Deliverer) call(ctx context.Context, w cache.Webhook, id int64, body []byte) (int, error) {
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
	return resp.StatusCode, resp.Body.Close()
}

// errPrivateAddress refuses webhook calls to this machine's or a private network.
var errPrivateAddress = errors.New("the address is loopback, private or otherwise not public")

func publicIP(ip net.IP) bool {
	return !ip.IsLoopback() && !ip.IsPrivate() && !ip.IsUnspecified() && !ip.IsLinkLocalUnicast() &&
		!ip.IsLinkLocalMulticast() && !ip.IsMulticast() && !ip.IsInterfaceLocalMulticast()
}

// WebhookClient is the HTTP client webhook calls go out with: a 10 s limit,
// no redirects followed, and, unless allowPrivate, no connection to a
// loopback or private address, checked when connecting (so a name that
// resolves differently later is caught too).
func WebhookClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if !allowPrivate {
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if ip := net.ParseIP(host); err != nil || ip == nil || !publicIP(ip) {
				return errPrivateAddress
			}
			return nil
		}
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DialContext = dialer.DialContext
	transport.Proxy = nil
	return &http.Client{Timeout: 10 * time.Second, Transport: transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// CheckWebhookURL says why a URL cannot be a webhook, or nil: it must be http
// or https, and, unless allowPrivate, resolve to public addresses only.
func CheckWebhookURL(allowPrivate bool) func(ctx context.Context, raw string) error {
	return func(ctx context.Context, raw string) error {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
			return errors.New("url must be an http or https address without credentials")
		}
		if allowPrivate {
			return nil
		}
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		addrs, err := net.DefaultResolver.LookupIPAddr(ctx, u.Hostname())
		if err != nil || len(addrs) == 0 {
			return fmt.Errorf("url: %s does not resolve", u.Hostname())
		}
		for _, a := range addrs {
			if !publicIP(a.IP) {
				return fmt.Errorf("url: %s resolves to %s: %w", u.Hostname(), a.IP, errPrivateAddress)
			}
		}
		return nil
	}
}
