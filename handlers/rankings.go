package handlers

import (
	"context"
	"hash/fnv"
	"slices"
	"strconv"
	"sync"

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

	mu sync.Mutex
	by map[string]*RankingState
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
	Ratings *tournament.Ratings

	perTournament map[string]ratedOf // the rated matches of each tournament, to reuse
	series        sync.Map           // series id → *SeriesState, computed on first use
}

// ratedOf is one tournament's rated matches at a version of it and of the register.
type ratedOf struct {
	version, rev int64
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

	b.mu.Lock()
	defer b.mu.Unlock()
	held := b.by[orgID]
	if held != nil && held.Version == version {
		return held, nil
	}
	st := Compute(data, snaps, held)
	st.Version = version
	if b.by == nil {
		b.by = map[string]*RankingState{}
	}
	b.by[orgID] = st
	return st, nil
}

// Compute is the rankings of the tournaments with the register's data. With
// the state before (nil for none), unchanged tournaments' rated matches are
// reused, and when the new sequence only adds matches at the end of the old
// one with the same register and settings, the ratings are extended.
func Compute(data *cache.Rankings, snaps []*tournament.Snapshot, before *RankingState) *RankingState {
	st := &RankingState{Data: data, Snaps: snaps, ByID: make(map[string]*tournament.Snapshot, len(snaps)), perTournament: make(map[string]ratedOf, len(snaps))}
	n := 0
	for _, s := range snaps {
		id := s.Tournament.ID
		st.ByID[id] = s
		if before != nil {
			if r, ok := before.perTournament[id]; ok && r.version == s.Version && r.rev == data.Rev {
				st.perTournament[id] = r
				n += len(r.matches)
				continue
			}
		}
		r := ratedOf{version: s.Version, rev: data.Rev, matches: tournament.AppendRatedMatches(nil, s, data.Register)}
		st.perTournament[id] = r
		n += len(r.matches)
	}
	st.Matches = make([]tournament.RatedMatch, 0, n)
	for _, s := range snaps {
		st.Matches = append(st.Matches, st.perTournament[s.Tournament.ID].matches...)
	}
	tournament.SortRated(st.Matches)
	if before != nil && before.Data.Rev == data.Rev && before.Ratings.Settings == data.Settings && extends(st.Matches, before.Matches) {
		st.Ratings = before.Ratings.Extend(st.Matches[len(before.Matches):])
	} else {
		st.Ratings = tournament.ComputeRatings(data.Settings, st.Matches)
	}
	return st
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

// Rating is a registered player's rating now and its games, or the start value.
func (st *RankingState) Rating(playerID string) (float64, int) {
	if p := st.Ratings.Players[playerID]; p != nil {
		return p.Rating, p.Games
	}
	return float64(st.Data.Settings.Start), 0
}
