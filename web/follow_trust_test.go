package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/cache"
	"courtside/internal/testkit"
	"courtside/tournament"
	"courtside/upstream"
)

// lyingUpstream stands in front of U and, once told, answers the followed
// tournament's record with another tournament's id, or another name.
type lyingUpstream struct {
	u        http.Handler
	followed string
	mu       sync.Mutex
	claimID  string // the id the record claims; "": the true one
	name     string // the name the record gives; "": the true one
}

func (l *lyingUpstream) set(claimID, name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.claimID, l.name = claimID, name
}

func (l *lyingUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	claimID, name := l.claimID, l.name
	l.mu.Unlock()
	if r.Method != http.MethodGet || r.URL.Path != "/v1/public/tournaments/"+l.followed || (claimID == "" && name == "") {
		l.u.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	l.u.ServeHTTP(rec, r)
	var record map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &record); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if claimID != "" {
		record["id"] = claimID
	}
	if name != "" {
		record["name"] = name
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(record)
}

// An upstream's answer names which tournament it is about only as a claim:
// organizer A follows its own (lying) upstream from the console; the
// upstream answers the record with B's id; A's webhook address is called.
// B's tournament, whether it runs or not, stays as it was, with its owner;
// A's follow says the answer was refused, on the console and in the status
// `follow list` prints.
func TestAFollowCannotTakeAnotherOrganizersTournament(t *testing.T) {
	for _, running := range []bool{false, true} {
		t.Run(fmt.Sprintf("running=%v", running), func(t *testing.T) {
			ff := newFollowFixture(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			storeM := ff.m.store

			// B: another organizer's tournament on M, fresh, or started.
			victim, _ := tournament.NewOrganizer("Victim Club", "victim-club", "darts")
			if err := storeM.CreateOrganizer(ctx, victim); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile("../tournament/testdata/setup/club-night.json")
			if err != nil {
				t.Fatal(err)
			}
			setup, err := tournament.ParseSetup(raw)
			if err != nil {
				t.Fatal(err)
			}
			setup.Organizer = victim.Slug
			b, err := storeM.CreateTournament(ctx, victim, setup)
			if err != nil {
				t.Fatal(err)
			}
			if running {
				c, err := b.Start(time.Now())
				if err != nil {
					t.Fatal(err)
				}
				if _, err := storeM.Apply(ctx, b.Tournament.ID, c); err != nil {
					t.Fatal(err)
				}
				if b, err = storeM.Snapshot(ctx, b.Tournament.ID); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := json.Marshal(b.Tournament)

			// A follows Hamburg Open through its lying upstream, and the sync loop runs.
			a := ff.u.tournament("Hamburg Open 2026").Tournament.ID
			liar := &lyingUpstream{u: ff.u.handler, followed: a}
			srv := httptest.NewServer(liar)
			defer srv.Close()
			o, _ := ff.m.signIn(ff.token)
			rec := o.do(http.MethodPost, "/admin/follow", url.Values{"upstream": {srv.URL}, "token": {ff.u.token}, "tournament": {a}})
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("follow: %d %s", rec.Code, rec.Body)
			}
			fl, err := storeM.Follow(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			follower := upstream.New(storeM, slog.New(slog.NewTextHandler(io.Discard, nil)), "https://m.example.org")
			follower.AllowPrivate = true
			done := make(chan struct{})
			go func() { follower.Run(ctx); close(done) }()
			defer func() { cancel(); <-done }()
			hook := func(id int) {
				t.Helper()
				body := fmt.Sprintf(`{"id":%d,"tournamentId":%q,"events":[{"type":"TournamentUpdated","createdAt":"2026-11-21T12:00:00.000Z"}]}`, id, a)
				req := httptest.NewRequest(http.MethodPost, "/hooks/upstream/"+a+"/"+fl.Secret, strings.NewReader(body))
				rec := httptest.NewRecorder()
				ff.m.handler.ServeHTTP(rec, req)
				if rec.Code != http.StatusNoContent {
					t.Fatalf("hook: %d %s", rec.Code, rec.Body)
				}
			}
			// A's copy is brought where B stands (its version and revision are
			// public in every ETag), so the revision checks alone would let a write through.
			for n := 1; ; n++ {
				copyA, err := storeM.Snapshot(ctx, a)
				if err != nil {
					t.Fatal(err)
				}
				if copyA.Version >= b.Version {
					if copyA.Version != b.Version || copyA.Tournament.Rev != b.Tournament.Rev {
						t.Fatalf("A's copy at version %d rev %d, B at %d rev %d", copyA.Version, copyA.Tournament.Rev, b.Version, b.Tournament.Rev)
					}
					break
				}
				liar.set("", fmt.Sprintf("Hamburg Open, take %d", n))
				hook(n)
				testkit.Eventually(t, "A's copy taking the new name", func() bool {
					s, err := storeM.Snapshot(ctx, a)
					return err == nil && s.Version > copyA.Version
				})
			}

			liar.set(b.Tournament.ID, "Taken by A")
			hook(100)
			testkit.Eventually(t, "A's follow noting the refusal", func() bool {
				sts, err := storeM.FollowStatuses(ctx, fl)
				return err == nil && strings.Contains(sts[0].LastError, "refused")
			})

			after, err := storeM.Snapshot(ctx, b.Tournament.ID)
			if err != nil {
				t.Fatal(err)
			}
			if now, _ := json.Marshal(after.Tournament); string(now) != string(before) || after.Version != b.Version {
				t.Errorf("B's tournament changed: version %d → %d\n%s\n%s", b.Version, after.Version, before, now)
			}
			list, err := storeM.Tournaments(ctx, victim.ID, cache.ListQuery{Limit: 10})
			if err != nil || len(list) != 1 || list[0].Tournament.ID != b.Tournament.ID {
				t.Errorf("B's list: %+v %v", list, err)
			}
			if copyA, _ := storeM.Snapshot(ctx, a); copyA.Tournament.Name == "Taken by A" || copyA.Tournament.OrganizerID != fl.OrganizerID {
				t.Errorf("A's copy took the refused answer: %+v", copyA.Tournament)
			}
			page := o.doc(o.do(http.MethodGet, "/admin/follow", nil))
			if msg := page.Find(`[data-testid="follow-last-error"]`).Text(); !strings.Contains(msg, "refused") || !strings.Contains(msg, "not "+a) {
				t.Errorf("the console's follow page says %q", msg)
			}
		})
	}
}

// "Show tournaments" holds an upstream answer in memory: however many
// organizers post it at once, at most tournament.MaxFollowLoads run on an
// instance; the others are told Courtside is busy, at once.
func TestShowTournamentsRunsABoundedNumberAtOnce(t *testing.T) {
	ff := newFollowFixture(t)
	var mu sync.Mutex
	inFlight, most := 0, 0
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		defer func() {
			mu.Lock()
			inFlight--
			mu.Unlock()
		}()
		<-release
		ff.u.handler.ServeHTTP(w, r)
	}))
	defer slow.Close()
	o, _ := ff.m.signIn(ff.token)

	const posts = 40
	var listed sync.WaitGroup
	var answers sync.Map
	var nBusy int
	listed.Add(posts)
	for i := range posts {
		go func() {
			defer listed.Done()
			rec := o.do(http.MethodPost, "/admin/follow/tournaments", url.Values{"upstream": {slow.URL}, "token": {ff.u.token}})
			answers.Store(i, rec)
			if msg := o.doc(rec).Find(`[data-testid="follow-error"]`).Text(); strings.Contains(msg, "busy") {
				mu.Lock()
				nBusy++
				mu.Unlock()
			}
		}()
	}
	// Every post is either told busy or waits upstream (the upstream answers none yet).
	testkit.Eventually(t, "every post told busy or waiting upstream", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return nBusy+inFlight == posts
	})
	close(release)
	listed.Wait()
	if most > tournament.MaxFollowLoads || nBusy != posts-tournament.MaxFollowLoads {
		t.Errorf("%d at once upstream (at most %d), %d told busy", most, tournament.MaxFollowLoads, nBusy)
	}
	answers.Range(func(_, v any) bool {
		rec := v.(*httptest.ResponseRecorder)
		if rec.Code != http.StatusOK && rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("an answer %d", rec.Code)
		}
		return true
	})
	// Once they are done, the next one runs.
	rec := o.do(http.MethodPost, "/admin/follow/tournaments", url.Values{"upstream": {slow.URL}, "token": {ff.u.token}})
	if list := o.doc(rec).Find(`[data-testid="upstream-tournaments"]`).Text(); rec.Code != http.StatusOK || !strings.Contains(list, "Hamburg Open 2026") {
		t.Errorf("after the others: %d", rec.Code)
	}
}
