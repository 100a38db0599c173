package web

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"
)

// Metrics are the numbers an operator watches, in the Prometheus format:
// requests by route pattern and status, their latency, Redis round trips per
// request, TVs polling, and whatever the other parts register (render cache,
// webhook deliveries, upstream budgets). Labels come only from the route table
// and status codes, so a flood of unique URLs cannot grow them.
type Metrics struct {
	registry   *prometheus.Registry
	requests   *prometheus.CounterVec
	duration   *prometheus.HistogramVec
	roundTrips *prometheus.HistogramVec
	background prometheus.Counter
	tvs        *pollWindow

	mu     sync.RWMutex
	routes map[routeKey]*routeMetrics
}

// NewMetrics makes the metrics of one instance and counts the round trips of rdb.
func NewMetrics(rdb redis.UniversalClient) *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "courtside_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "courtside_http_request_duration_seconds", Help: "Time to answer a request, by route pattern.",
			Buckets: []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		}, []string{"route"}),
		roundTrips: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "courtside_redis_round_trips_per_request", Help: "Redis round trips (commands, scripts or pipelines) one request made, by route pattern.",
			Buckets: []float64{0, 1, 2, 3, 5, 10, 25},
		}, []string{"route"}),
		background: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "courtside_redis_background_round_trips_total", Help: "Redis round trips made outside requests: version watching, webhook delivery, following, retention.",
		}),
		tvs:    &pollWindow{},
		routes: map[routeKey]*routeMetrics{},
	}
	m.registry.MustRegister(m.requests, m.duration, m.roundTrips, m.background,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "courtside_tvs_polling", Help: "Kiosk TVs polling this instance: kiosk board polls of the last 30 s, each TV polling every 3 s.",
		}, func() float64 { return float64(m.tvs.count(time.Now())) * 3 / 30 }),
	)
	if rdb != nil {
		rdb.AddHook(roundTripHook{m})
	}
	return m
}

// Register adds collectors of other parts of the instance; one registered
// already (a second server over the same metrics, in tests) is kept as it is.
func (m *Metrics) Register(cs ...prometheus.Collector) {
	for _, c := range cs {
		if err := m.registry.Register(c); err != nil {
			var dup prometheus.AlreadyRegisteredError
			if !errors.As(err, &dup) {
				panic(err)
			}
		}
	}
}

// renderCache reports the render cache: renderings made, requests answered
// from it, and the bytes it holds of its budget.
func renderCache(c *RenderCache) []prometheus.Collector {
	stat := func(f func(RenderStats) float64) func() float64 { return func() float64 { return f(c.Stats()) } }
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "courtside_render_cache_renders_total", Help: "Pages and API bodies rendered (a miss)."},
			stat(func(s RenderStats) float64 { return float64(s.Renders) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "courtside_render_cache_hits_total", Help: "Requests answered with a kept rendering."},
			stat(func(s RenderStats) float64 { return float64(s.Hits) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "courtside_render_cache_bytes", Help: "Bytes the kept renderings take."},
			stat(func(s RenderStats) float64 { return float64(s.Bytes) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "courtside_render_cache_budget_bytes", Help: "The render cache's budget (RENDER_CACHE_BYTES)."},
			stat(func(s RenderStats) float64 { return float64(s.Budget) })),
	}
}

// Handler serves the metrics; with a token, only to requests that carry it
// as a bearer token (for /metrics on the public port).
func (m *Metrics) Handler(token string) http.Handler {
	h := promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "metrics need the token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// requestStats is what the middleware learns about a request while it runs.
type requestStats struct {
	route      string
	roundTrips atomic.Int64
}

type statsKey struct{}

// observe records a request that ended, which started at start and took
// took: logRequests, which sees every request, calls it with what the
// request's stats learned.
func (m *Metrics) observe(r *http.Request, st *requestStats, code int, start time.Time, took time.Duration) {
	if code == 0 {
		code = http.StatusOK
	}
	rm := m.route(st.route, knownMethod(r.Method), code)
	rm.requests.Inc()
	rm.duration.Observe(took.Seconds())
	rm.roundTrips.Observe(float64(st.roundTrips.Load()))
	if st.route == "GET /t/{id}/board" && strings.Contains(r.URL.RawQuery, "kiosk=") && r.URL.Query().Get("kiosk") == "1" {
		m.tvs.add(start)
	}
}

// routeKey names the series of one kind of request.
type routeKey struct {
	route, method string
	code          int
}

// routeMetrics are the series of one kind of request, looked up once:
// WithLabelValues hashes the labels and formats the code on every call.
type routeMetrics struct {
	requests             prometheus.Counter
	duration, roundTrips prometheus.Observer
}

// route returns the series of a route, method and status. The labels come
// only from the route table, known methods and status codes, so the map
// stays as small as the metrics themselves.
func (m *Metrics) route(route, method string, code int) *routeMetrics {
	k := routeKey{route, method, code}
	m.mu.RLock()
	rm := m.routes[k]
	m.mu.RUnlock()
	if rm != nil {
		return rm
	}
	rm = &routeMetrics{
		requests:   m.requests.WithLabelValues(route, method, strconv.Itoa(code)),
		duration:   m.duration.WithLabelValues(route),
		roundTrips: m.roundTrips.WithLabelValues(route),
	}
	m.mu.Lock()
	m.routes[k] = rm
	m.mu.Unlock()
	return rm
}

// recordRoute notes the route pattern the mux chose for the request.
func recordRoute(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if st, ok := r.Context().Value(statsKey{}).(*requestStats); ok && r.Pattern != "" {
			st.route = r.Pattern
		}
	})
}

func knownMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return m
	}
	return "other"
}

// roundTripHook counts Redis round trips: a command, a script or a pipeline
// is one each, on the request that made it or as background work.
type roundTripHook struct{ m *Metrics }

func (h roundTripHook) count(ctx context.Context) {
	if st, ok := ctx.Value(statsKey{}).(*requestStats); ok {
		st.roundTrips.Add(1)
		return
	}
	h.m.background.Inc()
}

func (h roundTripHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h roundTripHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.count(ctx)
		return next(ctx, cmd)
	}
}

func (h roundTripHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		h.count(ctx)
		return next(ctx, cmds)
	}
}

// pollWindow counts events of the last 30 seconds in one-second buckets.
type pollWindow struct {
	mu      sync.Mutex
	buckets [30]struct {
		second int64
		n      int
	}
}

func (p *pollWindow) add(now time.Time) {
	s := now.Unix()
	p.mu.Lock()
	b := &p.buckets[s%int64(len(p.buckets))]
	if b.second != s {
		b.second, b.n = s, 0
	}
	b.n++
	p.mu.Unlock()
}

func (p *pollWindow) count(now time.Time) int {
	s := now.Unix()
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, b := range p.buckets {
		if s-b.second < int64(len(p.buckets)) {
			n += b.n
		}
	}
	return n
}
