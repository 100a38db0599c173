package cache

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/redis/go-redis/v9"

	"courtside/tournament"
)

// listing is what a list needs of one tournament: enough to filter and
// order a list without loading the tournaments. Each tournament's current
// listing is kept beside it (listingKey), written in the step that writes its
// record; the organizer's index holds the listing as of its creation.
type listing struct {
	ID        string           `json:"id"`
	Organizer string           `json:"organizer,omitempty"`
	Start     tournament.Time  `json:"start"`
	State     tournament.State `json:"state"`
	Public    bool             `json:"public"`
}

func listingOf(t *tournament.Tournament) listing {
	return listing{ID: t.ID, Organizer: t.OrganizerID, Start: t.StartTime, State: t.State, Public: t.Public}
}

// ListQuery selects a page of an organizer's tournaments, most recent first.
type ListQuery struct {
	State      tournament.State // "" for every state
	SharedOnly bool             // only those shared on the organizer's result page
	Limit      int
	Offset     int
}

// Tournaments returns a page of the organizer's tournaments, filtered and
// ordered by what they are now. The index says which tournaments the
// organizer has; what each is now comes from its snapshot in memory while the
// version watcher vouches for it, and otherwise from its listing, all read in
// one round trip. (The index lives in another cluster slot than the
// tournaments, so no write could keep it current in the same atomic step.)
func (s *Store) Tournaments(ctx context.Context, orgID string, q ListQuery) ([]*tournament.Snapshot, error) {
	all, err := s.rdb.HGetAll(ctx, organizerIndexKey(orgID)).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: organizer %s tournaments: %w", orgID, err)
	}
	ls := make([]listing, 0, len(all))
	var ask []listing // as the index has them, to be read now
	for id, raw := range all {
		if snap := s.vouched(id); snap != nil {
			ls = append(ls, listingOf(snap.Tournament))
			continue
		}
		var l listing
		if err := unmarshalRecord([]byte(raw), &l); err != nil {
			return nil, fmt.Errorf("cache: organizer %s index: %w", orgID, err)
		}
		ask = append(ask, l)
	}
	if len(ask) > 0 {
		cmds := make([]*redis.StringCmd, len(ask))
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, l := range ask {
				cmds[i] = p.Get(ctx, listingKey(l.ID))
			}
			return nil
		})
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, fmt.Errorf("cache: organizer %s listings: %w", orgID, err)
		}
		for i, l := range ask {
			raw, err := cmds[i].Bytes()
			switch {
			case errors.Is(err, redis.Nil) && l.Organizer != "":
				continue // indexed on creation, never made
			case errors.Is(err, redis.Nil):
				// Stored before listings were kept: the index's is all there is.
			case err != nil:
				return nil, fmt.Errorf("cache: tournament %s listing: %w", l.ID, err)
			default:
				if err := unmarshalRecord(raw, &l); err != nil {
					return nil, fmt.Errorf("cache: tournament %s listing: %w", l.ID, err)
				}
			}
			ls = append(ls, l)
		}
	}
	ls = slices.DeleteFunc(ls, func(l listing) bool {
		return l.Organizer != "" && l.Organizer != orgID || q.State != "" && l.State != q.State || q.SharedOnly && !l.Public
	})
	slices.SortFunc(ls, func(a, b listing) int {
		return cmp.Or(b.Start.Compare(a.Start.Time), strings.Compare(a.ID, b.ID))
	})
	if q.Offset >= len(ls) {
		return []*tournament.Snapshot{}, nil
	}
	ls = ls[q.Offset:min(len(ls), q.Offset+q.Limit)]
	ids := make([]string, len(ls))
	for i, l := range ls {
		ids[i] = l.ID
	}
	return s.Snapshots(ctx, ids)
}

// vouched returns the snapshot in memory of the tournament if the version
// watcher vouches that it is current, and nil otherwise.
func (s *Store) vouched(id string) *tournament.Snapshot {
	s.mu.Lock()
	snap := s.snaps[id]
	s.mu.Unlock()
	if v, ok := s.KnownVersion(id); ok && snap != nil && snap.Version == v {
		return snap
	}
	return nil
}

// Snapshots returns the tournaments with the ids, in that order. Those whose
// snapshot in memory the version watcher vouches for cost nothing; for the
// others, one round trip reads their versions, and each that changed is read
// as Snapshot reads it.
func (s *Store) Snapshots(ctx context.Context, ids []string) ([]*tournament.Snapshot, error) {
	out := make([]*tournament.Snapshot, len(ids))
	var ask []int // indexes of the ids whose version must be read
	for i, id := range ids {
		if out[i] = s.vouched(id); out[i] == nil {
			ask = append(ask, i)
		}
	}
	cmds := make([]*redis.StringCmd, len(ask))
	if len(ask) > 0 {
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for k, i := range ask {
				cmds[k] = p.Get(ctx, versionKey(ids[i]))
			}
			return nil
		})
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, fmt.Errorf("cache: versions: %w", err)
		}
	}
	for k, i := range ask {
		v, err := cmds[k].Int64()
		if errors.Is(err, redis.Nil) {
			continue // removed since it was listed
		}
		if err != nil {
			return nil, fmt.Errorf("cache: tournament %s version: %w", ids[i], err)
		}
		s.mu.Lock()
		snap := s.snaps[ids[i]]
		s.mu.Unlock()
		if snap == nil || snap.Version != v {
			if snap, err = s.Snapshot(ctx, ids[i]); errors.Is(err, ErrNotFound) {
				continue
			} else if err != nil {
				return nil, err
			}
		}
		out[i] = snap
	}
	return slices.DeleteFunc(out, func(s *tournament.Snapshot) bool { return s == nil }), nil
}

func sortOrganizers(os []tournament.Organizer) {
	slices.SortFunc(os, func(a, b tournament.Organizer) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.ID, b.ID))
	})
}

// PutOrganizer creates or replaces an organizer.
func (s *Store) PutOrganizer(ctx context.Context, o tournament.Organizer) error {
	raw, err := marshalRecord(o)
	if err != nil {
		return err
	}
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, organizersKey, o.ID, raw)
		p.HSet(ctx, organizerSlugsKey, o.Slug, o.ID)
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: put organizer %s: %w", o.ID, err)
	}
	return nil
}

// PutTournament creates or replaces a whole tournament in one atomic step and
// bumps its version.
func (s *Store) PutTournament(ctx context.Context, t *tournament.Tournament, matches []*tournament.Match, entries []*tournament.Entry) error {
	meta, err := marshalRecord(t)
	if err != nil {
		return err
	}
	ms := make([]any, 0, 2*len(matches))
	for _, m := range matches {
		raw, err := marshalRecord(m)
		if err != nil {
			return err
		}
		ms = append(ms, m.ID, raw)
	}
	es := make([]any, 0, 2*len(entries))
	for _, e := range entries {
		raw, err := marshalRecord(e)
		if err != nil {
			return err
		}
		es = append(es, e.ID, raw)
	}
	l, err := marshalRecord(listingOf(t))
	if err != nil {
		return err
	}
	if err := s.index(ctx, t); err != nil {
		return err
	}
	var version *redis.IntCmd
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, metaKey(t.ID), meta, 0)
		p.Set(ctx, listingKey(t.ID), l, 0)
		p.Del(ctx, matchesKey(t.ID), entriesKey(t.ID))
		if len(ms) > 0 {
			p.HSet(ctx, matchesKey(t.ID), ms...)
		}
		if len(es) > 0 {
			p.HSet(ctx, entriesKey(t.ID), es...)
		}
		version = p.Incr(ctx, versionKey(t.ID))
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: put tournament %s: %w", t.ID, err)
	}
	if err := s.rdb.Publish(ctx, versionsChannel, fmt.Sprintf("%s %d", t.ID, version.Val())).Err(); err != nil {
		return fmt.Errorf("cache: announce tournament %s: %w", t.ID, err)
	}
	return nil
}

// index lists a tournament in its organizer's index and its event stream in
// the list of streams. Both live in other slots than the tournament, so this
// is a step of its own, taken before the tournament is written: a tournament
// is never without its index entry. Tournaments skips the entries of those
// whose write then failed.
func (s *Store) index(ctx context.Context, t *tournament.Tournament) error {
	l, err := marshalRecord(listingOf(t))
	if err != nil {
		return err
	}
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, organizerIndexKey(t.OrganizerID), t.ID, l)
		p.SAdd(ctx, eventStreamsKey, eventsKey(t.ID))
		return nil
	})
	if err != nil {
		return fmt.Errorf("cache: index tournament %s: %w", t.ID, err)
	}
	return nil
}

// LoadDemo writes the demo data set.
func (s *Store) LoadDemo(ctx context.Context, d *tournament.Demo) error {
	for _, o := range d.Organizers {
		if err := s.PutOrganizer(ctx, o); err != nil {
			return err
		}
	}
	for _, t := range d.Tournaments {
		if err := s.PutTournament(ctx, t.Tournament, t.Matches, t.Entries); err != nil {
			return err
		}
	}
	return s.loadDemoRankings(ctx, d)
}
