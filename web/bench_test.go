package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/tournament"
)

// benchServer serves the store with a rate limit no benchmark reaches, and returns a token.
func benchServer(b *testing.B, store *cache.Store, orgID string) (http.Handler, string) {
	b.Helper()
	secret, _, err := store.CreateToken(context.Background(), orgID, "bench")
	if err != nil {
		b.Fatal(err)
	}
	// As in production: measured (metrics) and logging at warn.
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})), RateLimit: 1 << 30, Metrics: NewMetrics(nil)})
	if err != nil {
		b.Fatal(err)
	}
	return h, secret
}

func benchGet(b *testing.B, h http.Handler, path, key string) {
	b.Helper()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", key)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}

func BenchmarkCourtsWithMatchDetails(b *testing.B) {
	store, demo := cachetest.Demo(b)
	hamburg := demo.Tournaments[0].Tournament
	h, key := benchServer(b, store, hamburg.OrganizerID)
	benchGet(b, h, "/v1/public/tournaments/"+hamburg.ID+"/courts?includeMatchDetails=true", key)
}

// BenchmarkDisciplineMatches500 lists a discipline of 500 played matches.
func BenchmarkDisciplineMatches500(b *testing.B) {
	store := cachetest.Store(cachetest.Redis(b))
	ctx := context.Background()
	org := tournament.Organizer{ID: "org", Slug: "org", Name: "Bench Club", Sport: tournament.TableSoccer}
	if err := store.PutOrganizer(ctx, org); err != nil {
		b.Fatal(err)
	}
	t, matches, entries := bigDiscipline(500)
	t.OrganizerID = org.ID
	if err := store.PutTournament(ctx, t, matches, entries); err != nil {
		b.Fatal(err)
	}
	h, key := benchServer(b, store, org.ID)
	benchGet(b, h, "/v1/public/tournaments/"+t.ID+"/disciplines/d/matches", key)
}

// bigDiscipline is a tournament with one discipline of n played singles matches.
func bigDiscipline(n int) (*tournament.Tournament, []*tournament.Match, []*tournament.Entry) {
	const players = 20
	var entries []*tournament.Entry
	for i := range players {
		id := fmt.Sprintf("p%02d", i)
		entries = append(entries, &tournament.Entry{ID: id, Name: "Player " + id, Entries: []*tournament.Entry{{ID: id, Name: "Player " + id}}})
	}
	g := tournament.Group{ID: "g", Name: "Swiss", Mode: tournament.Swiss, State: tournament.PhaseRunning,
		Options: tournament.GroupOptions{MatchConfigurations: []tournament.MatchConfiguration{{Name: "7", NumPoints: 7, NumSets: 1}}}}
	for _, e := range entries {
		g.EntryIDs = append(g.EntryIDs, e.ID)
	}
	var matches []*tournament.Match
	start := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for i := range n {
		r := i / (players / 2)
		if i%(players/2) == 0 {
			g.Rounds = append(g.Rounds, tournament.Round{ID: fmt.Sprintf("r%d", r), Name: fmt.Sprintf("Round %d", r+1)})
		}
		a, c := entries[(i*2)%players], entries[(i*2+1+r)%players]
		matches = append(matches, &tournament.Match{ID: fmt.Sprintf("m%03d", i), Entries: [2]*tournament.Entry{a, c},
			State: tournament.MatchPlayed, Encounters: tournament.Encounters{{{7, i % 7}}}, CourtIDs: []string{"c1"},
			StartTime: tournament.At(start.Add(time.Duration(i) * time.Minute)), EndTime: tournament.At(start.Add(time.Duration(i+9) * time.Minute)),
			DisciplineID: "d", StageID: "s", GroupID: "g", RoundID: fmt.Sprintf("r%d", r), Seq: i})
	}
	t := &tournament.Tournament{ID: "big", Name: "Big", State: tournament.StateRunning, Public: true,
		Courts: []tournament.Court{{ID: "c1", Number: 1, Name: "Table 1"}},
		Disciplines: []tournament.Discipline{{ID: "d", Name: "Singles", ShortName: "S", EntryType: tournament.EntrySingle, EntryIDs: g.EntryIDs,
			Stages: []tournament.Stage{{ID: "s", Name: "Main", State: tournament.PhaseRunning, Groups: []tournament.Group{g}}}}}}
	return t, matches, entries
}

// BenchmarkResultPutConcurrent50 sends live results from 50 writers at once,
// each to its own running match of one tournament, and reports the latency
// percentiles a writer sees.
func BenchmarkResultPutConcurrent50(b *testing.B) {
	store := cachetest.Store(cachetest.Redis(b))
	ctx := context.Background()
	org := tournament.Organizer{ID: "org", Slug: "org", Name: "Bench Club", Sport: tournament.TableSoccer}
	if err := store.PutOrganizer(ctx, org); err != nil {
		b.Fatal(err)
	}
	t, matches, entries := bigDiscipline(500)
	t.OrganizerID = org.ID
	const writers = 50
	for i := range writers {
		matches[i].State, matches[i].Encounters, matches[i].EndTime = tournament.MatchRunning, tournament.Encounters{}, tournament.Time{}
	}
	if err := store.PutTournament(ctx, t, matches, entries); err != nil {
		b.Fatal(err)
	}
	h, key := benchServer(b, store, org.ID)
	latencies := make([][]time.Duration, writers)
	b.ResetTimer()
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/v1/public/tournaments/big/matches/" + matches[w].ID + "/live-result"
			for i := w; i < b.N; i += writers {
				body := fmt.Sprintf(`{"result":[[[%d,%d]]]}`, i%7, (i/7)%7)
				req := httptest.NewRequest(http.MethodPut, path, strings.NewReader(body))
				req.Header.Set("Authorization", key)
				rec := httptest.NewRecorder()
				start := time.Now()
				h.ServeHTTP(rec, req)
				latencies[w] = append(latencies[w], time.Since(start))
				if rec.Code != http.StatusOK {
					b.Errorf("%d %s", rec.Code, rec.Body)
					return
				}
			}
		}()
	}
	wg.Wait()
	var all []time.Duration
	for _, l := range latencies {
		all = append(all, l...)
	}
	slices.Sort(all)
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99-µs")
	}
}

// BenchmarkBoardPoll is what a TV's poll costs the server, through every
// middleware: with the current board (304) and without (200).
func BenchmarkBoardPoll(b *testing.B) {
	store, demo := cachetest.Demo(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go store.WatchVersions(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	h, _ := benchServer(b, store, demo.Organizers[0].ID)
	id := demo.Tournaments[0].Tournament.ID
	path := "/t/" + id + "/board"
	first := httptest.NewRecorder()
	h.ServeHTTP(first, httptest.NewRequest(http.MethodGet, path, nil))
	for {
		if _, ok := store.KnownVersion(id); ok {
			break
		}
		time.Sleep(time.Millisecond)
	}
	for _, c := range []struct{ name, etag string }{{"304", first.Header().Get("ETag")}, {"200", ""}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				if c.etag != "" {
					req.Header.Set("If-None-Match", c.etag)
				}
				for pb.Next() {
					w := &discard{header: http.Header{}}
					h.ServeHTTP(w, req)
					if w.code != 0 && w.code != http.StatusOK && w.code != http.StatusNotModified {
						b.Fatalf("poll: %d", w.code)
					}
				}
			})
		})
	}
}

// discard is a response writer as net/http gives a handler one: a fresh
// header map, the body gone. httptest.ResponseRecorder would add its own
// allocations (itself, its buffer, a copy of the headers) to the handler's.
type discard struct {
	header http.Header
	code   int
}

func (w *discard) Header() http.Header { return w.header }

func (w *discard) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return len(b), nil
}

func (w *discard) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}
