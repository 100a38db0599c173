package cli

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"courtside/cache"
	"courtside/web"
	"courtside/worker"
)

// watch adds the background loops' numbers to the instance's metrics: webhook
// calls and failures, and the upstream budget of every followed tournament.
func watch(m *web.Metrics, d *worker.Deliverer, store *cache.Store) {
	delivery := func(f func(worker.DeliveryStats) int64) func() float64 {
		return func() float64 { return float64(f(d.Stats())) }
	}
	m.Register(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "courtside_webhook_calls_total", Help: "Webhook calls this instance made."},
			delivery(func(s worker.DeliveryStats) int64 { return s.Calls })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "courtside_webhook_failures_total", Help: "Webhook calls that got no 2xx (each is retried, up to 5 times)."},
			delivery(func(s worker.DeliveryStats) int64 { return s.Failed })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "courtside_webhooks_disabled_total", Help: "Webhooks disabled after their last retry failed."},
			delivery(func(s worker.DeliveryStats) int64 { return s.Disabled })),
		&budgets{store: store},
	)
}

// budgets reports, at each scrape, how much of its GET budget each followed
// tournament used in the last minute (shared by every instance).
type budgets struct{ store *cache.Store }

var (
	budgetUsed = prometheus.NewDesc("courtside_upstream_budget_used", "GET requests sent upstream for a followed tournament in the last minute.", []string{"tournament"}, nil)
	budgetMax  = prometheus.NewDesc("courtside_upstream_budget", "GET requests a minute a followed tournament may send upstream.", []string{"tournament"}, nil)
)

func (b *budgets) Describe(ch chan<- *prometheus.Desc) { ch <- budgetUsed; ch <- budgetMax }

func (b *budgets) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	follows, err := b.store.Follows(ctx)
	if err != nil {
		return // the scrape goes on without them; Redis out of reach shows elsewhere
	}
	statuses, err := b.store.FollowStatuses(ctx, follows...)
	if err != nil {
		return
	}
	for i, f := range follows {
		ch <- prometheus.MustNewConstMetric(budgetUsed, prometheus.GaugeValue, float64(statuses[i].Used), f.ID)
		ch <- prometheus.MustNewConstMetric(budgetMax, prometheus.GaugeValue, float64(f.Budget), f.ID)
	}
}
