package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/internal/testkit"
	"courtside/record"
	"courtside/tournament"
)

// recordWith is the fixture's tournament record with one change made to it.
func recordWith(t *testing.T, from, to string) []byte {
	t.Helper()
	b := fixture(t, "tournament.json")
	if !bytes.Contains(b, []byte(from)) {
		t.Fatalf("the record has no %s", from)
	}
	return bytes.Replace(b, []byte(from), []byte(to), 1)
}

// Every id in an answer is a claim: an answer whose ids do not fit the
// followed tournament is refused whole, and nothing is written.
func TestAnswersWhoseIDsDoNotFitAreRefused(t *testing.T) {
	base := "/tournaments/" + tid
	matches := fixture(t, "matches.json")
	for name, answers := range map[string]map[string][]byte{
		"a record of another tournament": {base: recordWith(t, `"_id": "tio:4AHchFkVAecs2"`, `"_id": "tio:sOmeoneElse1"`)},
		"an id that is not an id":        {base: recordWith(t, `"id": "tio:5yaGYsEphfCj5"`, `"id": "tio:}{x"`)},
		"two groups with one id":         {base: recordWith(t, `"id": "tio:kO2gRoup00001"`, `"id": "tio:5yaGYsEphfCj5"`)},
		"a discipline's list with another discipline's match": {base + "/disciplines/" + discID + "/matches": bytes.Replace(matches,
			[]byte(`"disciplineId":"tio:bNdQAjbzLb5nx"`), []byte(`"disciplineId":"tio:oThErDisc0001"`), 1)},
	} {
		t.Run(name, func(t *testing.T) {
			fk, srv := newFake(t)
			for path, body := range answers {
				fk.raw[path] = body
			}
			f, store := newFollower(t, srv)
			ctx := context.Background()
			_, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
			if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), "refused") {
				t.Errorf("follow: %v", err)
			}
			if _, err := store.Snapshot(ctx, tid); !errors.Is(err, cache.ErrNotFound) {
				t.Errorf("a refused answer was written: %v", err)
			}
		})
	}
}

// Text from the upstream is cleaned and cut at the door; an answer larger
// than Courtside takes is refused before it is read whole.
func TestUpstreamTextIsBoundedAtTheDoor(t *testing.T) {
	fk, srv := newFake(t)
	base := "/tournaments/" + tid
	long := strings.Repeat("Ü", 500)
	fk.raw[base] = recordWith(t, `"name": "Altona Open 2026"`, `"name": "Altona\u0000 Open\n\u202eevil\u202c \u200bCup `+long+`"`)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid}); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	name := snap.Tournament.Name
	if !strings.HasPrefix(name, "Altona Open evil Cup ÜÜ") || utf8.RuneCountInString(name) != tournament.MaxUpstreamNameLength {
		t.Errorf("name %q (%d characters)", name, utf8.RuneCountInString(name))
	}

	// A name of 5 MB: more than a record may hold; the copy keeps what it had.
	fk.raw[base] = recordWith(t, `"name": "Altona Open 2026"`, `"name": "`+strings.Repeat("x", 5<<20)+`"`)
	if err := store.StopFollow(ctx, tid); err != nil {
		t.Fatal(err)
	}
	_, err = f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
	if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), "larger than Courtside takes") {
		t.Errorf("a 5 MB name: %v", err)
	}
	if again, _ := store.Snapshot(ctx, tid); again.Tournament.Name != name {
		t.Errorf("the copy's name is now %.40q", again.Tournament.Name)
	}
}

// A follow dials public addresses only: the console and the command line
// cannot make Courtside read this machine's services. An open port and a
// closed one read alike.
func TestFollowDialsPublicAddressesOnly(t *testing.T) {
	fk, srv := newFake(t)
	store := cachetest.Store(cachetest.Redis(t))
	f := New(store, slog.New(slog.NewTextHandler(io.Discard, nil)), "https://live.example.org")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	_ = l.Close()
	ctx := context.Background()
	var said []string
	for _, addr := range []string{srv.URL, closed, "http://[::1]:1", "http://10.0.0.1:9090", "http://169.254.169.254"} {
		_, err := f.Follow(ctx, Request{Upstream: addr, Key: fakeToken, TournamentID: tid})
		_, lerr := f.List(ctx, addr, fakeToken)
		if !errors.Is(err, ErrBadRequest) || !errors.Is(lerr, ErrBadRequest) || !strings.Contains(err.Error(), "not public") {
			t.Errorf("%s: follow %v, list %v", addr, err, lerr)
		}
		said = append(said, err.Error(), lerr.Error())
	}
	for _, s := range said[1:] {
		if s != said[0] {
			t.Errorf("addresses read differently: %q, %q", said[0], s)
		}
	}
	if fk.count() != 0 {
		t.Errorf("%d requests reached the loopback server", fk.count())
	}
}

// What the organizer reads of a failed follow never repeats what the remote
// server sent; a redirect is not followed; a port that answers no HTTP reads
// like a closed one.
func TestFollowErrorsDoNotRepeatTheRemoteServer(t *testing.T) {
	store := cachetest.Store(cachetest.Redis(t))
	f := New(store, slog.New(slog.NewTextHandler(io.Discard, nil)), "https://live.example.org")
	f.AllowPrivate = true // the servers are on loopback; the client is the one every follow uses
	serve := func(h http.HandlerFunc) string {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return srv.URL
	}
	secret := serve(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"message":"db password is hunter2","statusCode":401}`, http.StatusUnauthorized)
	})
	metrics := serve(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, "# HELP go_goroutines hunter2\n")
	})
	internal := serve(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"sport":"hunter2","sub":"x"}`)
	})
	redirect := serve(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, internal+r.URL.Path, http.StatusFound)
	})
	silent, err := net.Listen("tcp", "127.0.0.1:0") // a port that takes a connection and says nothing HTTP
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = silent.Close() })
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			_, _ = io.WriteString(c, "SSH-2.0-hunter2\r\n")
			_ = c.Close()
		}
	}()
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := "http://" + l.Addr().String()
	_ = l.Close()

	ctx := context.Background()
	msg := map[string]string{}
	for name, addr := range map[string]string{"secret": secret, "metrics": metrics, "redirect": redirect,
		"silent": "http://" + silent.Addr().String(), "closed": closed} {
		_, err := f.Follow(ctx, Request{Upstream: addr, Key: fakeToken, TournamentID: tid})
		if err == nil {
			t.Fatalf("%s: followed", name)
		}
		msg[name] = Reason(err)
		if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "#") || strings.Contains(msg[name], "hunter2") {
			t.Errorf("%s: %q repeats the remote server", name, err)
		}
	}
	if !strings.Contains(msg["secret"], "401") || !strings.Contains(msg["metrics"], "not the Public API's JSON") || !strings.Contains(msg["redirect"], "redirects") {
		t.Errorf("messages: %q", msg)
	}
	if msg["silent"] != msg["closed"] {
		t.Errorf("a port that answers reads %q, a closed one %q", msg["silent"], msg["closed"])
	}
}

// An organizer follows at most tournament.MaxFollowsPerOrganizer tournaments.
func TestFollowsPerOrganizerAreBounded(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	for i := range tournament.MaxFollowsPerOrganizer {
		fl := record.Follow{ID: fmt.Sprintf("tio:fOllowed%05d", i), Upstream: srv.URL + "/v1/public", Key: fakeToken, Budget: 1, OrganizerID: "tio:Xq3bNc7LpW2aD"}
		if err := store.PutFollow(ctx, fl); err != nil {
			t.Fatal(err)
		}
	}
	_, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
	if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), fmt.Sprintf("at most %d tournaments", tournament.MaxFollowsPerOrganizer)) {
		t.Errorf("one follow over the limit: %v", err)
	}
	if err := store.StopFollow(ctx, "tio:fOllowed00000"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid}); err != nil {
		t.Errorf("within the limit: %v", err)
	}
}

// The GETs of a first load do not count against polling's share of the
// budget: right after a follow whose load took the whole polling share, the
// courts are still polled (they were not, until the window moved on, a
// minute of court boards without live scores).
func TestAFirstLoadDoesNotStopPolling(t *testing.T) {
	fk, srv := newFake(t)
	f, _ := newFollower(t, srv)
	f.Every = Intervals{Courts: 10 * time.Millisecond, Rest: time.Hour, Hooked: time.Hour, Safety: 10 * time.Millisecond, Idle: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const budget = 10
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid, Budget: budget}); err != nil {
		t.Fatal(err)
	}
	loaded := fk.count()
	if loaded < pollingShare(budget) || loaded >= budget-pollingReserve(budget) {
		t.Fatalf("the first load took %d GETs: the test wants it to take the polling share (%d) and leave room", loaded, pollingShare(budget))
	}
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	testkit.Eventually(t, "the courts polled after the first load", func() bool {
		return slices.Contains(fk.getsSince(loaded), "/tournaments/"+tid+"/courts")
	})
}

// The copy holds only matches of its groups: a match of a group the record
// does not name (yet) is left out until it does, so no page meets a match
// whose group is missing.
func TestAMatchOfAnUnknownGroupWaitsForTheRecord(t *testing.T) {
	fk, srv := newFake(t)
	path := "/tournaments/" + tid + "/disciplines/" + discID + "/matches"
	fk.raw[path] = bytes.Replace(fixture(t, "matches.json"), []byte(`"groupId":"tio:5yaGYsEphfCj5"`), []byte(`"groupId":"tio:nEwGroup00001"`), 1)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	if _, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid}); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Matches) != 3 {
		t.Errorf("%d matches, want the 3 of known groups", len(snap.Matches))
	}
	for _, m := range snap.Matches {
		if _, ok := snap.Group(m.GroupID); !ok {
			t.Errorf("match %s of group %q, which the copy does not have", m.ID, m.GroupID)
		}
	}
}

// A webhook call notes at most maxHookWords changes, and only ids that are ids.
func TestAWebhookCallIsBounded(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	fl, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid})
	if err != nil {
		t.Fatal(err)
	}
	events := []string{`{"type":"MatchUpdated","matchId":"x}{y"}`, `{"type":"MatchUpdated","matchId":"` + strings.Repeat("m", 1000) + `"}`}
	if err := f.Hook(ctx, tid, fl.Secret, []byte(`{"id":1,"events":[`+strings.Join(events, ",")+`]}`)); err != nil {
		t.Fatal(err)
	}
	if words, _ := store.TakeChanged(ctx, tid); !slices.Equal(words, []string{wordHook}) {
		t.Errorf("ids that are not ids were noted: %.200q", words)
	}
	events = events[:0]
	for i := range 5000 {
		events = append(events, fmt.Sprintf(`{"type":"MatchUpdated","matchId":"tio:m%d"}`, i))
	}
	if err := f.Hook(ctx, tid, fl.Secret, []byte(`{"id":2,"events":[`+strings.Join(events, ",")+`]}`)); err != nil {
		t.Fatal(err)
	}
	words, _ := store.TakeChanged(ctx, tid)
	if len(words) > maxHookWords+1 || !slices.Contains(words, wordAll) {
		t.Errorf("a call of 5000 events noted %d words", len(words))
	}
}

// A tournament another organizer follows here is not followed again by a
// second one, even before its copy is loaded; its follow stays as it was.
func TestAFollowBelongsToItsOrganizer(t *testing.T) {
	_, srv := newFake(t)
	f, store := newFollower(t, srv)
	ctx := context.Background()
	theirs := record.Follow{ID: tid, Upstream: srv.URL + "/v1/public", Key: "their-key", Budget: 5, OrganizerID: "tio:tHeIrs000001", Secret: "s"}
	if err := store.PutFollow(ctx, theirs); err != nil {
		t.Fatal(err)
	}
	_, err := f.Follow(ctx, Request{Upstream: srv.URL, Key: fakeToken, TournamentID: tid, OrganizerID: "tio:Xq3bNc7LpW2aD"})
	if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), "another organizer") {
		t.Errorf("following another organizer's follow: %v", err)
	}
	if got, _ := store.Follow(ctx, tid); got != theirs {
		t.Errorf("their follow is now %+v", got)
	}
	if _, err := store.Snapshot(ctx, tid); !errors.Is(err, cache.ErrNotFound) {
		t.Errorf("a copy was written: %v", err)
	}
}

// An upstream address is an http or https address without credentials or a
// query, of a reasonable length.
func TestUpstreamAddresses(t *testing.T) {
	for _, raw := range []string{"https://user:pw@api.example.org", "https://api.example.org/v1/public?x=1", "https://api.example.org/#f",
		"https://" + strings.Repeat("a", 600) + ".org", "ftp://api.example.org", "api.example.org"} {
		if _, err := NormalizeBase(raw); !errors.Is(err, ErrBadRequest) {
			t.Errorf("%.60s: %v", raw, err)
		}
	}
	if base, err := NormalizeBase(" https://api.example.org/ "); err != nil || base != "https://api.example.org/v1/public" {
		t.Errorf("a good address: %q %v", base, err)
	}
}

// A followed copy as a whole keeps the limit of matches a tournament may
// have: a discipline's list that would take it over is refused, though the
// list alone is small.
func TestAFollowedCopyKeepsTheMatchLimit(t *testing.T) {
	st := &state{t: &tournament.Tournament{ID: tid}, matches: map[string]*tournament.Match{}, entries: map[string]*tournament.Entry{}}
	for i := range tournament.MaxUpstreamMatches {
		id := fmt.Sprintf("tio:oThers%07d", i)
		st.matches[id] = &tournament.Match{ID: id, DisciplineID: "tio:oTherDiscipline"}
	}
	_, _, err := st.setDiscipline(discID, make([]wireMatch, 1))
	var r *Refusal
	if !errors.As(err, &r) || !strings.Contains(err.Error(), "matches") {
		t.Fatalf("one match over the limit across disciplines: %v", err)
	}
}
