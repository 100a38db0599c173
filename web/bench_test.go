package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
	h, err := Routes(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1 << 30})
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
