// Package upstream follows tournaments that run elsewhere, in the tournament
// application behind its Tournament Public API: Courtside reads each once,
// keeps the copy in Redis and serves any number of spectators, TVs and API
// clients from it, within the request budget the upstream allows a key.
//
// A Follower starts a follow (the CLI and the console), receives the
// upstream's webhook calls, sends results entered here through, and runs the
// sync loop: per followed tournament, one instance at a time (a lease in
// Redis) reads what webhook calls say changed, and polls as a safety net
// (Intervals): the courts every few seconds while the tournament runs, the
// rest slower. Every GET waits for its place in the key's budget, kept in
// Redis for every instance; a 429 pauses the key for its Retry-After. Polling
// leaves a fifth of the budget to what changes ask for (pollingShare).
package upstream

import (
	"context"
	"courtside/wire"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"courtside/cache"
	"courtside/record"
	"courtside/textcheck"
	"courtside/tournament"
)

// pollingShare is the part of the budget that reads due by their pace alone
// may use: the rest stays free for what webhook calls and results ask for,
// so a minute of polling never makes a change wait for the window to move.
// Only polls count against it: the GETs of a first load do not, so polling
// goes on right after a follow (the court boards keep up in the first
// minute); polls leave the last pollingReserve of the window to changes even then.
func pollingShare(budget int) int { return max(1, budget-budget/5) }

// pollingReserve is how much of the window polls never take, whatever the first load left.
func pollingReserve(budget int) int { return max(1, budget/20) }

// pollingKey marks a context whose GET is a poll: it takes only the polling
// share of the budget and, when that is used up, fails with budgetFull at once.
type pollingKey struct{}

func polling(ctx context.Context) context.Context { return context.WithValue(ctx, pollingKey{}, true) }

// budgetFull is a poll refused by the budget: try again after wait.
type budgetFull struct{ wait time.Duration }

func (e *budgetFull) Error() string {
	return fmt.Sprintf("upstream: polling share of the budget used, %v to wait", e.wait)
}

// ErrBadRequest is a follow request that cannot be done as asked; its message says why.
var ErrBadRequest = errors.New("upstream: bad follow request")

// BadRequest is an ErrBadRequest; its Message says why.
type BadRequest struct{ tournament.Message }

func (e *BadRequest) Error() string { return ErrBadRequest.Error() + ": " + e.String() }

// Unwrap makes a BadRequest an ErrBadRequest.
func (e *BadRequest) Unwrap() error { return ErrBadRequest }

// badRequest is a BadRequest saying why as fmt.Sprintf(format, args...) would.
func badRequest(format string, args ...any) error {
	return &BadRequest{tournament.Message{Format: format, Args: args}}
}

// Follower follows tournaments that run elsewhere (see the package doc).
type Follower struct {
	Store *cache.Store
	Log   *slog.Logger
	// HTTP calls the upstream; nil: HTTPClient(AllowPrivate), which dials
	// public addresses only.
	HTTP *http.Client
	// AllowPrivate lets follows call loopback and private addresses (tests,
	// local setups): the opt-in webhooks have too (WEBHOOK_ALLOW_PRIVATE=1).
	AllowPrivate bool
	// BaseURL is Courtside's public address, which webhook addresses start with.
	BaseURL string
	// Every is the polling pace; zero: DefaultIntervals.
	Every Intervals
	// Now is the clock; nil: time.Now.
	Now func() time.Time

	holder  string
	mu      sync.Mutex
	syncers map[string]*running

	once         sync.Once
	defaultHTTP  *http.Client
	loads, reads gate // console and command line requests; reads of the sync loop
}

type running struct {
	s      *syncer
	cancel context.CancelFunc
	done   chan struct{}
}

// New returns a follower over the store.
func New(store *cache.Store, log *slog.Logger, baseURL string) *Follower {
	return &Follower{Store: store, Log: log, BaseURL: baseURL}
}

func (f *Follower) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

func (f *Follower) init() {
	f.once.Do(func() {
		f.defaultHTTP = HTTPClient(f.AllowPrivate)
		f.loads, f.reads = newGate(tournament.MaxFollowLoads), newGate(tournament.MaxSyncReads)
	})
}

func (f *Follower) http() *http.Client {
	if f.HTTP != nil {
		return f.HTTP
	}
	f.init()
	return f.defaultHTTP
}

// load takes one of the slots of console and command line requests, or
// says Courtside is busy: what an answer holds in memory is bounded by
// tournament.MaxFollowLoads of them at once.
func (f *Follower) load() (release func(), err error) {
	f.init()
	release, ok := f.loads.try()
	if !ok {
		return nil, busy()
	}
	return release, nil
}

func (f *Follower) intervals() Intervals {
	if f.Every == (Intervals{}) {
		return DefaultIntervals
	}
	return f.Every
}

// client is the API client of a follow, its GETs counted in the key's
// budget. The sync loop's (synced) take their turn among MaxSyncReads.
func (f *Follower) client(fl record.Follow, synced bool) *Client {
	keyHash := fl.KeyHash()
	var turn func(ctx context.Context) (func(), error)
	if synced {
		f.init()
		turn = f.reads.wait
	}
	return &Client{Base: fl.Upstream, Key: fl.Key, HTTP: f.http(), Gate: turn,
		Take: func(ctx context.Context) error {
			poll, _ := ctx.Value(pollingKey{}).(bool)
			for {
				var wait time.Duration
				var err error
				if poll {
					wait, err = f.Store.TakePollBudget(ctx, keyHash, max(1, fl.Budget-pollingReserve(fl.Budget)), pollingShare(fl.Budget))
				} else {
					wait, err = f.Store.TakeBudget(ctx, keyHash, fl.Budget)
				}
				if err != nil || wait == 0 {
					return err
				}
				if poll {
					return &budgetFull{wait}
				}
				f.Log.Debug("upstream: budget full", "upstream", fl.Upstream, "wait", wait)
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(wait):
				}
			}
		},
		Pause: func(ctx context.Context, d time.Duration) {
			f.Log.Warn("upstream: 429, pausing", "upstream", fl.Upstream, "for", d)
			_ = f.Store.PauseBudget(ctx, keyHash, d)
		},
	}
}

// Request is what following a tournament takes.
type Request struct {
	// Upstream is the API's base address; /v1/public is added when missing.
	Upstream     string
	Key          string
	TournamentID string
	// OrganizerSlug names a local organizer to own the copy; empty: one made
	// from the upstream's organizer (id, slug, name).
	OrganizerSlug string
	// OrganizerID, when set, owns the copy (the console's signed-in organizer).
	OrganizerID string
	// Budget is GET requests a minute; 0: record.DefaultFollowBudget.
	Budget int
}

// NormalizeBase is record.FollowBase with its problem as a BadRequest.
func NormalizeBase(raw string) (string, error) {
	base, m := record.FollowBase(raw)
	if m != nil {
		return "", &BadRequest{*m}
	}
	return base, nil
}

// Follow starts following a tournament: it checks the key, reads the
// tournament whole and writes the copy, then records the follow, which the
// sync loop of every running instance takes up. Following again updates the
// key and budget and keeps the webhook address.
func (f *Follower) Follow(ctx context.Context, req Request) (record.Follow, error) {
	base, err := NormalizeBase(req.Upstream)
	if err != nil {
		return record.Follow{}, err
	}
	req.Key, req.TournamentID = strings.TrimSpace(req.Key), strings.TrimSpace(req.TournamentID)
	if m := record.FollowKeyProblem(req.Key); m != nil {
		return record.Follow{}, &BadRequest{*m}
	}
	switch {
	case req.TournamentID == "":
		return record.Follow{}, badRequest("the tournament id is missing")
	case !validID(req.TournamentID):
		return record.Follow{}, badRequest("the tournament id is not an id (letters, digits and :_-.~, at most %d)", tournament.MaxUpstreamIDLength)
	}
	var m *tournament.Message
	if req.Budget, m = record.FollowBudget(req.Budget); m != nil {
		return record.Follow{}, &BadRequest{*m}
	}
	fl := record.Follow{ID: req.TournamentID, Upstream: base, Key: req.Key, Budget: req.Budget, Secret: record.NewFollowSecret(),
		Since: tournament.At(f.now())}
	prev, err := f.Store.Follow(ctx, fl.ID)
	if err == nil {
		fl.Secret, fl.Since = prev.Secret, prev.Since
	}
	if snap, err := f.Store.Snapshot(ctx, fl.ID); err == nil && snap.Tournament.Mirror == nil {
		return fl, badRequest("a tournament with id %s is Courtside's own", fl.ID)
	}
	release, err := f.load()
	if err != nil {
		return fl, err
	}
	defer release()
	c := f.client(fl, false)
	sport, _, err := c.Hello(ctx)
	if err != nil {
		return fl, explain(err)
	}
	// Only an API token may list its own tournaments: that tells the kinds apart, and names the organizer.
	org, token, err := findOrganizer(ctx, c, fl.ID)
	if err != nil {
		return fl, explain(err)
	}
	fl.Token = token
	switch {
	case req.OrganizerID != "":
		fl.OrganizerID = req.OrganizerID
	case req.OrganizerSlug != "":
		o, err := f.Store.OrganizerBySlug(ctx, req.OrganizerSlug)
		if err != nil {
			return fl, badRequest("there is no organizer %q here", req.OrganizerSlug)
		}
		fl.OrganizerID = o.ID
	case org == nil:
		return fl, badRequest("the upstream does not say whose tournament this is to a public key: name a local organizer with --organizer")
	default:
		if err := f.localOrganizer(ctx, *org, sport); err != nil {
			return fl, err
		}
		fl.OrganizerID = org.ID
	}
	if old, err := f.Store.Snapshot(ctx, fl.ID); err == nil && old.Tournament.OrganizerID != fl.OrganizerID {
		return fl, badRequest("the copy of %s belongs to another organizer here", fl.ID)
	}
	if prev.OrganizerID != "" && prev.OrganizerID != fl.OrganizerID {
		return fl, badRequest("the copy of %s belongs to another organizer here", fl.ID) // followed, its copy not loaded yet
	}
	if err := f.underLimit(ctx, fl); err != nil {
		return fl, err
	}
	w := f.newSyncer(fl)
	w.c = c // a first load takes the console's turn, not the sync loop's
	if err := w.load(ctx); err != nil {
		return fl, explain(err)
	}
	// Recorded in one transaction that checks again what underLimit and the
	// owner checks above read: two follows at once cannot both pass them.
	switch err := f.Store.AddFollow(ctx, fl, tournament.MaxFollowsPerOrganizer); {
	case errors.Is(err, cache.ErrFollowTaken):
		return fl, badRequest("the copy of %s belongs to another organizer here", fl.ID)
	case errors.Is(err, cache.ErrTooManyFollows):
		return fl, tooManyFollows()
	case err != nil:
		return fl, err
	}
	return fl, nil // the sync loops take it up at their next look (Run)
}

func tooManyFollows() error {
	return badRequest("an organizer follows at most %d tournaments (the limit of follows per organizer): stop following one first", tournament.MaxFollowsPerOrganizer)
}

// explain says in a user's words what an upstream error means. Nothing the
// remote server sent is repeated (its body, its message, what its answer
// began with): the address is the organizer's choice, and could be a
// service that must not be read through Courtside. Every request that got no
// answer reads the same, so an open port reads like a closed one.
func explain(err error) error {
	var e *Error
	var r *Refusal
	var bad *BadRequest
	var big *tooLarge
	answered := errors.As(err, &e)
	switch {
	case errors.As(err, &bad):
		return err
	case errors.As(err, &r):
		return badRequest("the upstream's answer was refused, nothing was written: %s", r.String())
	case notPublic(err):
		return badRequest("the upstream address is not public (loopback or a private network): Courtside follows public addresses only")
	case errors.Is(err, errRedirect):
		return badRequest("the upstream address redirects elsewhere: give the address of the Public API itself")
	case errors.As(err, &big):
		return badRequest("the upstream's answer is larger than Courtside takes (%d MB at most)", big.limit>>20)
	case errors.Is(err, errBadAnswer):
		return badRequest("the upstream's answer is not the Public API's JSON")
	case Refused(err):
		return badRequest("the upstream refused the key (%d %s)", e.Status, http.StatusText(e.Status))
	case answered && e.Status == http.StatusNotFound:
		return badRequest("the upstream does not know this tournament (404)")
	case answered && e.Status < 500:
		return badRequest("the upstream answered %d %s", e.Status, http.StatusText(e.Status))
	case Down(err):
		return fmt.Errorf("the upstream cannot be reached: %w", err)
	}
	return err
}

// Reason is what `follow list` and the console show of a failed sync:
// explain's words, without the remote server's.
func Reason(err error) string {
	var bad *BadRequest
	if e := explain(err); errors.As(e, &bad) {
		return bad.String()
	} else if Down(err) {
		return "the upstream cannot be reached"
	}
	return err.Error()
}

// underLimit refuses a new follow of an organizer who follows
// tournament.MaxFollowsPerOrganizer already; following again is no new follow.
func (f *Follower) underLimit(ctx context.Context, fl record.Follow) error {
	all, err := f.Store.Follows(ctx)
	if err != nil {
		return err
	}
	n := 0
	for _, o := range all {
		if o.ID == fl.ID {
			return nil
		}
		if o.OrganizerID == fl.OrganizerID {
			n++
		}
	}
	if n >= tournament.MaxFollowsPerOrganizer {
		return tooManyFollows()
	}
	return nil
}

// findOrganizer looks for the tournament among the key's own (an API token's)
// and returns its organizer; a public key gets no organizer and token false.
func findOrganizer(ctx context.Context, c *Client, id string) (*wire.OrganizerRef, bool, error) {
	for offset := 0; offset < 500; offset += 100 {
		items, err := c.Tournaments(ctx, 100, offset)
		if Refused(err) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, err
		}
		for _, it := range items {
			if it.ID == id {
				return it.Organizer, true, nil
			}
		}
		if len(items) < 100 {
			break
		}
	}
	return nil, true, nil
}

// localOrganizer makes the upstream's organizer a local one, unless it is
// already (the same id and slug: one made by an earlier follow). Its id,
// slug and name are the upstream's claims: checked as a new organizer's are,
// and never another local organizer's.
func (f *Follower) localOrganizer(ctx context.Context, o wire.OrganizerRef, sport string) error {
	org, problems := tournament.NewOrganizer(o.Name, o.Slug, string(enum(sport, tournament.Sports, tournament.TableSoccer)))
	problems = append(problems, textcheck.Joiners("name", o.Name)...)
	if len(problems) > 0 || !validID(o.ID) {
		return badRequest("the upstream's organizer does not make a local one: name a local organizer with --organizer")
	}
	org.ID = o.ID
	if local, err := f.Store.Organizer(ctx, o.ID); err == nil {
		if local.Slug != o.Slug {
			return badRequest("the upstream's organizer has the id of another organizer here: name a local organizer with --organizer")
		}
		return nil
	}
	if other, err := f.Store.OrganizerBySlug(ctx, o.Slug); err == nil && other.ID != o.ID {
		return badRequest("the organizer slug %q is taken here: name a local organizer with --organizer", o.Slug)
	}
	return f.Store.PutOrganizer(ctx, org)
}

// List returns the tournaments of an upstream API token, for the console to pick from.
func (f *Follower) List(ctx context.Context, upstream, key string) ([]ListItem, error) {
	base, err := NormalizeBase(upstream)
	if err != nil {
		return nil, err
	}
	release, err := f.load()
	if err != nil {
		return nil, err
	}
	defer release()
	items, err := f.client(record.Follow{Upstream: base, Key: strings.TrimSpace(key), Budget: record.DefaultFollowBudget}, false).Tournaments(ctx, 100, 0)
	if err != nil {
		return nil, explain(err)
	}
	return items, nil
}

// Stop ends following the tournament; the copy stays as it was last seen.
func (f *Follower) Stop(ctx context.Context, id string) error {
	return f.Store.StopFollow(ctx, id) // its syncer stops at the sync loop's next look
}

// WebhookURL is the address to paste into the application's webhook settings.
func (f *Follower) WebhookURL(fl record.Follow) string {
	return strings.TrimSuffix(f.BaseURL, "/") + "/hooks/upstream/" + url.PathEscape(fl.ID) + "/" + fl.Secret
}

// hookCall is a webhook call of the real service.
type hookCall struct {
	ID           json.RawMessage `json:"id"`
	TournamentID string          `json:"tournamentId"`
	Events       []struct {
		Type    string `json:"type"`
		MatchID string `json:"matchId"`
		CourtID string `json:"courtId"`
		GroupID string `json:"groupId"`
	} `json:"events"`
}

// Hook takes a webhook call for the tournament: it notes what changed for
// the sync loop, which reads it. cache.ErrNotFound when the tournament is
// not followed or the secret is wrong; ErrBadRequest when the body does not read.
func (f *Follower) Hook(ctx context.Context, id, secret string, body []byte) error {
	fl, err := f.Store.Follow(ctx, id)
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(fl.Secret), []byte(secret)) != 1 {
		return fmt.Errorf("upstream: hook %s: %w", id, cache.ErrNotFound)
	}
	var call hookCall
	if err := lenient(body, &call); err != nil {
		return badRequest("the call is not JSON")
	}
	if call.TournamentID != "" && call.TournamentID != id {
		return badRequest("the call is about tournament %s, not %s", shown(call.TournamentID), id)
	}
	words := []string{wordHook}
	for _, e := range call.Events {
		if len(words) >= maxHookWords {
			words = append(words, wordAll) // more than a burst names one by one: everything is read again, within the budget
			break
		}
		if e.MatchID != "" && !validID(e.MatchID) || e.CourtID != "" && !validID(e.CourtID) {
			continue // not an id: nothing of ours
		}
		if e.GroupID != "" && !validID(e.GroupID) {
			e.GroupID = ""
		}
		switch e.Type {
		case tournament.EventMatchUpdated:
			if e.MatchID != "" {
				words = append(words, wordMatch+e.MatchID)
			}
		case tournament.EventCourtMatchChanged:
			words = append(words, wordCourt+e.CourtID)
			if e.MatchID != "" {
				words = append(words, wordOnCourt+e.MatchID) // the courts show it: no read of its own
			}
		case tournament.EventStandingsUpdated:
			if e.GroupID != "" {
				words = append(words, wordStandings+e.GroupID)
			} else {
				words = append(words, wordAllStandings)
			}
		case tournament.EventTournamentUpdated:
			words = append(words, wordRecord)
		case tournament.EventEntryListUpdated:
			words = append(words, wordEntries)
		case tournament.EventTournamentAdded:
			words = append(words, wordAll)
		}
	}
	return f.Store.MarkChanged(ctx, id, f.now(), true, words...)
}

// maxHookWords bounds what one webhook call notes as changed.
const maxHookWords = 1000

// readOnly is the answer to a result for a tournament followed with a public key.
var readOnly = []byte(`{"message":"This tournament is followed read-only: results are entered in the tournament application","error":"Forbidden","statusCode":403}` + "\n")

// RelayResult sends a result for a followed tournament upstream with the
// follow's token and returns the upstream's answer as it came; ok is false
// when the tournament is not followed (it is Courtside's own). On a 200 the
// copy takes the returned match at once.
func (f *Follower) RelayResult(ctx context.Context, tournamentID, matchID string, result tournament.Encounters, final bool) (status int, body []byte, ok bool, err error) {
	fl, err := f.Store.Follow(ctx, tournamentID)
	if errors.Is(err, cache.ErrNotFound) {
		return 0, nil, false, nil
	}
	if err != nil {
		return 0, nil, false, err
	}
	if !fl.Token {
		return http.StatusForbidden, readOnly, true, nil
	}
	payload, err := json.Marshal(struct {
		Result tournament.Encounters `json:"result"`
	}{result})
	if err != nil {
		return 0, nil, true, err
	}
	status, body, err = f.client(fl, false).PutResult(ctx, tournamentID, matchID, final, payload)
	if err != nil {
		return 0, nil, true, fmt.Errorf("the tournament application cannot be reached: %w", err)
	}
	if status == http.StatusOK {
		if err := f.takeMatch(ctx, fl, matchID, body); err != nil {
			f.Log.Warn("upstream: copy the returned match", "tournament", tournamentID, "match", matchID, "err", err)
		}
	}
	return status, body, true, nil
}

// takeMatch puts a match the upstream returned into the copy, and has the
// sync loop read what a result moves on (the table, the states, the courts).
func (f *Follower) takeMatch(ctx context.Context, fl record.Follow, matchID string, body []byte) error {
	id := fl.ID
	var m wireMatch
	if err := lenient(body, &m); err != nil {
		return err
	}
	if m.String() != matchID {
		return refuse("the answer for match %s is match %s", shown(matchID), shown(m.String()))
	}
	var played bool
	var groupID string
	for range 5 {
		snap, err := f.Store.Snapshot(ctx, id)
		if err != nil {
			return err
		}
		st := stateOf(snap)
		got, _, p, err := st.setMatch(&m)
		if err != nil {
			return err
		}
		if got == nil {
			break // a group the copy does not know yet: the sync loop reads the record
		}
		played, groupID = p, got.GroupID
		err = writeCopy(ctx, f.Store, fl, snap, st, f.now())
		if !errors.Is(err, cache.ErrConflict) {
			if err != nil {
				return err
			}
			break
		}
	}
	words := []string{wordCourt}
	if played {
		words = append(words, wordStandings+groupID, wordRecord)
	}
	return f.Store.MarkChanged(ctx, id, f.now(), false, words...)
}

func (f *Follower) newSyncer(fl record.Follow) *syncer {
	return &syncer{f: fl, c: f.client(fl, true), store: f.Store, log: f.Log, now: f.now, every: f.intervals(), wake: make(chan struct{}, 1)}
}

// leaseTTL is how long a lease holds without renewal; Run renews it every leaseTTL/4.
const leaseTTL = 12 * time.Second

// Run keeps every followed tournament current until ctx ends: every few
// seconds it looks at the follows, takes the lease of each that no other
// instance syncs, and runs a syncer for each it holds. Webhook calls wake
// their syncer at once through Redis pub/sub.
func (f *Follower) Run(ctx context.Context) {
	f.mu.Lock()
	f.holder = rand.Text()
	f.syncers = map[string]*running{}
	f.mu.Unlock()
	go f.Store.WatchChanged(ctx, func(id string) {
		f.mu.Lock()
		r := f.syncers[id]
		f.mu.Unlock()
		if r != nil {
			r.s.poke()
		}
	})
	tick := time.NewTicker(leaseTTL / 4)
	defer tick.Stop()
	for {
		f.reconcile(ctx)
		select {
		case <-ctx.Done():
			f.mu.Lock()
			for _, r := range f.syncers {
				r.cancel()
				<-r.done
			}
			f.mu.Unlock()
			return
		case <-tick.C:
		}
	}
}

// reconcile runs a syncer for each follow whose lease this instance holds, and no other.
func (f *Follower) reconcile(ctx context.Context) {
	follows, err := f.Store.Follows(ctx)
	if err != nil {
		f.Log.Warn("upstream: follows", "err", err)
		return
	}
	want := map[string]record.Follow{}
	for _, fl := range follows {
		held, err := f.Store.HoldFollow(ctx, fl.ID, f.holder, leaseTTL)
		if err != nil {
			f.Log.Warn("upstream: lease", "tournament", fl.ID, "err", err)
			continue
		}
		if held {
			want[fl.ID] = fl
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, r := range f.syncers {
		if fl, ok := want[id]; !ok || fl != r.s.f {
			r.cancel()
			<-r.done
			delete(f.syncers, id)
		}
	}
	for id, fl := range want {
		if f.syncers[id] != nil {
			continue
		}
		wctx, cancel := context.WithCancel(ctx)
		r := &running{s: f.newSyncer(fl), cancel: cancel, done: make(chan struct{})}
		f.syncers[id] = r
		go func() {
			defer close(r.done)
			r.s.run(wctx)
		}()
	}
}
