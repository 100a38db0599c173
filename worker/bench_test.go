package worker

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtside/cache"
	"courtside/internal/testkit"
)

// BenchmarkWebhookDelivery measures events delivered per second to a local
// receiver: b.N live results, each one event, then the wait until all arrived.
func BenchmarkWebhookDelivery(b *testing.B) {
	h := newHooks(b)
	var got atomic.Int64
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p Payload
		_ = json.NewDecoder(r.Body).Decode(&p)
		got.Add(int64(len(p.Events)))
	}))
	defer rcv.Close()
	h.subscribe(rcv.URL)
	b.ResetTimer()
	for range b.N {
		h.live()
	}
	d := &Deliverer{Store: cache.New(h.rdb), Log: quiet, Client: WebhookClient(true),
		Backoff: time.Millisecond, Retries: 5, Poll: time.Millisecond, Lease: 10 * time.Second, BatchSize: 100}
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	for got.Load() < int64(b.N) {
		time.Sleep(time.Millisecond)
	}
	elapsed := time.Since(start)
	cancel()
	<-done // the deliverer is gone before its Redis is
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "events/s")
}

// BenchmarkDelayBesideFailingWebhook measures, with the production settings
// (a poll every 500 ms, retries after 1, 2, 4, 8, 16 s), how late a healthy
// webhook gets each live result while another webhook of the same tournament
// answers 500 to every call: one live result every 100 ms.
func BenchmarkDelayBesideFailingWebhook(b *testing.B) {
	h := newHooks(b)
	var mu sync.Mutex
	var arrived []time.Time
	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p Payload
		_ = json.NewDecoder(r.Body).Decode(&p)
		mu.Lock()
		for range p.Events {
			arrived = append(arrived, time.Now())
		}
		mu.Unlock()
	}))
	defer healthy.Close()
	var failed atomic.Int64
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		failed.Add(1)
		w.WriteHeader(500)
	}))
	defer failing.Close()
	h.subscribe(failing.URL)
	h.subscribe(healthy.URL)
	d := NewDeliverer(cache.New(h.rdb), quiet, true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	var sent []time.Time
	b.ResetTimer()
	for range b.N {
		sent = append(sent, h.live())
		time.Sleep(100 * time.Millisecond) // the pace of live results, not a check
	}
	testkit.Eventually(b, "every event at the healthy webhook", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(arrived) >= b.N
	})
	b.StopTimer()
	mu.Lock()
	var delays []time.Duration
	for i := range sent {
		delays = append(delays, arrived[i].Sub(sent[i]))
	}
	mu.Unlock()
	slices.Sort(delays)
	b.ReportMetric(float64(delays[len(delays)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(delays[len(delays)-1].Milliseconds()), "max-ms")
	b.ReportMetric(float64(failed.Load()), "failing-calls")
}
