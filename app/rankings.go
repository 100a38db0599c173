// Package app holds what the product does, apart from how a request asks for
// it: no net/http and no templates. Each face turns its results and typed
// errors into its own answers.
package app

import (
	"cmp"
	"context"
	"hash/fnv"
	"slices"
	"strconv"
	"sync"
	"time"

	"courtside/cache"
	"courtside/tournament"
)

// RankingsStore is what the rankings are computed from: an organizer's
// tournaments and its register, series and rating settings.
type RankingsStore interface {
	Tournaments(ctx context.Context, organizerID string, q cache.ListQuery) ([]*tournament.Snapshot, error)
	Rankings(ctx context.Context, orgID string) (*cache.Rankings, error)
}

// RankingsBook keeps each organizer's computed rankings, one state per
// version of what they are computed from. A request costs the two reads that
// say what that is (the organizer's tournaments, whose snapshots the store
// holds in memory, and the register's revision); the computation runs only
// when it moved, and a new result at the end of the sequence (the usual case:
// a match just finished) extends the ratings instead of recomputing them.
type RankingsBook struct {
	Store RankingsStore
	// Keep bounds the organizers whose state the book holds (DefaultKeep
	// when 0): past it, the one asked for longest ago is dropped, and its
	// next request computes its state again. Memory grows with the
	// organizers asked for at once, not with every organizer ever asked.
	Keep int

	mu   sync.Mutex
	by   map[string]*organizerRankings
	tick uint64 // counts the requests, to tell which organizer was asked for longest ago
}

// DefaultKeep is how many organizers' rankings a book holds by default.
const DefaultKeep = 64

// organizerRankings is one organizer's latest state; its lock makes one
// computation at a time per organizer, while other organizers go on.
type organizerRankings struct {
	mu    sync.Mutex
	state *RankingState
	asked uint64 // the book's tick when it was last asked for (under the book's lock)
}

// Held is how many organizers' states the book holds now.
func (b *RankingsBook) Held() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.by)
}

// holder returns the organizer's place in the book, made when missing; past
// Keep organizers, the one asked for longest ago leaves the book.
func (b *RankingsBook) holder(orgID string) *organizerRankings {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.by == nil {
		b.by = map[string]*organizerRankings{}
	}
	b.tick++
	o := b.by[orgID]
	if o == nil {
		o = &organizerRankings{}
		b.by[orgID] = o
		for keep := cmp.Or(b.Keep, DefaultKeep); len(b.by) > keep; {
			oldest, at := "", b.tick
			for id, h := range b.by {
				if h != o && h.asked < at {
					oldest, at = id, h.asked
				}
			}
			delete(b.by, oldest)
		}
	}
	o.asked = b.tick
	return o
}

// RankingState is an organizer's rankings at one version. Shared: read only.
type RankingState struct {
	// Version names the state: the register's revision and every tournament's version.
	Version int64
	Data    *cache.Rankings
	// Snaps are the organizer's tournaments by start; ByID finds them.
	Snaps   []*tournament.Snapshot
	ByID    map[string]*tournament.Snapshot
	Matches []tournament.RatedMatch
	// Ratings are over every tournament: what the organizer sees.
	Ratings *tournament.Ratings
	// Shared are over the shared tournaments only: what everyone else sees,
	// so a private tournament's players, results and ratings stay private.
	Shared *tournament.Ratings

	perTournament map[string]ratedOf // the rated matches of each tournament, to reuse
	series        sync.Map           // series id → *SeriesState, computed on first use
}

// ratedOf is one tournament's rated matches at a version of it and of the register.
type ratedOf struct {
	version, rev int64
	shared       bool
	matches      []tournament.RatedMatch
}

// SeriesState is a series' table at a rankings state.
type SeriesState struct {
	Rows []tournament.SeriesRow
	// Live is set while a tournament of the series runs: the table moves.
	Live bool
}

// allTournaments is every tournament of the organizer (the index holds no more than this).
const allTournaments = 1 << 20

// State is the organizer's rankings now.
func (b *RankingsBook) State(ctx context.Context, orgID string) (*RankingState, error) {
	data, err := b.Store.Rankings(ctx, orgID)
	if err != nil {
		return nil, err
	}
	snaps, err := b.Store.Tournaments(ctx, orgID, cache.ListQuery{Limit: allTournaments})
	if err != nil {
		return nil, err
	}
	snaps = tournament.ByStart(snaps)
	h := fnv.New64a()
	_, _ = h.Write(strconv.AppendInt(nil, data.Rev, 10))
	for _, s := range snaps {
		_, _ = h.Write([]byte(" " + s.Tournament.ID + ":"))
		_, _ = h.Write(strconv.AppendInt(nil, s.Version, 10))
	}
	version := int64(h.Sum64() >> 1)

	o := b.holder(orgID)
	o.mu.Lock()
	defer o.mu.Unlock()
	held := o.state
	if held != nil && held.Version == version {
		return held, nil
	}
	st := Compute(data, snaps, held)
	st.Version = version
	o.state = st
	return st, nil
}

// Compute is the rankings of the tournaments with the register's data. With
// the state before (nil for none), unchanged tournaments' rated matches are
// reused; when the register and settings are the same, no tournament went
// away, each changed tournament's rated matches only grew, and every new
// match ended after the last one rated so far (a result just entered), the
// sequence and the ratings are extended by the new matches. Anything else (a
// correction, a register change, a result with an earlier end) recomputes.
func Compute(data *cache.Rankings, snaps []*tournament.Snapshot, before *RankingState) *RankingState {
	st := &RankingState{Data: data, Snaps: snaps, ByID: make(map[string]*tournament.Snapshot, len(snaps)), perTournament: make(map[string]ratedOf, len(snaps))}
	extend := before != nil && before.Data.Rev == data.Rev && before.Ratings.Settings == data.Settings && len(before.perTournament) <= len(snaps)
	var tail []tournament.RatedMatch
	var last time.Time
	if extend && len(before.Matches) > 0 {
		last = before.Matches[len(before.Matches)-1].At
	}
	n := 0
	for _, s := range snaps {
		id := s.Tournament.ID
		st.ByID[id] = s
		old, had := ratedOf{}, false
		if before != nil {
			old, had = before.perTournament[id]
		}
		if had && old.version == s.Version && old.rev == data.Rev {
			st.perTournament[id] = old
			n += len(old.matches)
			continue
		}
		r := ratedOf{version: s.Version, rev: data.Rev, shared: s.Tournament.Public, matches: tournament.AppendRatedMatches(nil, s, data.Register)}
		st.perTournament[id] = r
		n += len(r.matches)
		if had && old.shared != r.shared {
			extend = false // shared or withdrawn: the shared ratings start over
		}
		if extend {
			if !extends(r.matches, old.matches) {
				extend = false
				continue
			}
			for _, m := range r.matches[len(old.matches):] {
				if !m.At.After(last) {
					extend = false
				}
			}
			tail = append(tail, r.matches[len(old.matches):]...)
		}
	}
	if extend && len(st.perTournament) == len(before.perTournament)+countNew(st, before) {
		// The old sequence, then the new matches in the order they ended. The
		// old state's array is appended to in place when it has room: a state
		// only reads up to its own length, and only the newest state is extended.
		tournament.SortRated(tail)
		st.Matches = append(before.Matches, tail...)
		st.Ratings = before.Ratings.Extend(tail)
		st.Shared = before.Shared
		if shared := st.shared(tail); len(shared) > 0 {
			st.Shared = before.Shared.Extend(shared)
		}
		return st
	}
	st.Matches = make([]tournament.RatedMatch, 0, n+n/8+16)
	for _, s := range snaps {
		st.Matches = append(st.Matches, st.perTournament[s.Tournament.ID].matches...)
	}
	tournament.SortRated(st.Matches)
	st.Ratings = tournament.ComputeRatings(data.Settings, st.Matches)
	st.Shared = tournament.ComputeRatings(data.Settings, st.shared(st.Matches))
	return st
}

// shared is the matches of shared tournaments among ms, in their order.
func (st *RankingState) shared(ms []tournament.RatedMatch) []tournament.RatedMatch {
	out := make([]tournament.RatedMatch, 0, len(ms))
	for _, m := range ms {
		if st.perTournament[m.TournamentID].shared {
			out = append(out, m)
		}
	}
	return out
}

// Seen is the ratings a viewer sees: every tournament's for the organizer
// (all), the shared tournaments' for anyone else.
func (st *RankingState) Seen(all bool) *tournament.Ratings {
	if all {
		return st.Ratings
	}
	return st.Shared
}

// countNew is how many of the state's tournaments the state before did not have.
func countNew(st, before *RankingState) int {
	n := 0
	for id := range st.perTournament {
		if _, ok := before.perTournament[id]; !ok {
			n++
		}
	}
	return n
}

// extends reports whether ms begins with every match of old, with the same result.
func extends(ms, old []tournament.RatedMatch) bool {
	if len(ms) < len(old) {
		return false
	}
	for i := range old {
		if ms[i].Key != old[i].Key || ms[i].Score != old[i].Score || !slices.Equal(ms[i].Sides[0], old[i].Sides[0]) || !slices.Equal(ms[i].Sides[1], old[i].Sides[1]) {
			return false
		}
	}
	return true
}

// Series is the series' table at this state, computed once per state and
// key (the series' id and which of its parts the viewer may see).
func (st *RankingState) Series(se *tournament.Series, key string) *SeriesState {
	if v, ok := st.series.Load(key); ok {
		return v.(*SeriesState)
	}
	now, before := tournament.SeriesResults(se, st.ByID, st.Data.Register)
	names := map[string]string{}
	for id, p := range st.Data.Register.Players {
		names[id] = p.Name
	}
	rows := tournament.WithMovement(tournament.SeriesTable(se, now, names), tournament.SeriesTable(se, before, names))
	out := &SeriesState{Rows: rows}
	for _, part := range se.Parts {
		if s := st.ByID[part.TournamentID]; s != nil && s.Tournament.State == tournament.StateRunning {
			out.Live = true
		}
	}
	v, _ := st.series.LoadOrStore(key, out)
	return v.(*SeriesState)
}

// Rating is a registered player's rating in rs (Ratings or Shared) now and
// its games, or the start value.
func (st *RankingState) Rating(rs *tournament.Ratings, playerID string) (float64, int) {
	if p := rs.Players[playerID]; p != nil {
		return p.Rating, p.Games
	}
	return float64(st.Data.Settings.Start), 0
}
