package cache

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/redis/go-redis/v9"

	"courtside/rankings"
	"courtside/tournament"
)

// Rankings is what an organizer's rankings are computed from, besides its
// tournaments: the player register, the series and the rating settings, as of
// one revision (Rev counts every change to any of them).
type Rankings struct {
	Rev      int64
	Register *rankings.Register
	Series   []rankings.Series
	Settings rankings.RatingSettings
}

// SeriesByID is the organizer's series with the id.
func (r *Rankings) SeriesByID(id string) (*rankings.Series, bool) {
	for i := range r.Series {
		if r.Series[i].ID == id {
			return &r.Series[i], true
		}
	}
	return nil, false
}

// rankingsMemo keeps the last Rankings read of each organizer, so a page
// costs one GET of the revision while nothing in the register changed.
type rankingsMemo struct {
	mu sync.Mutex
	by map[string]*Rankings
}

// registerScanCount is how many fields one HSCAN step reads: the register of
// a large organizer is read in short steps, never one long HGETALL.
const registerScanCount = 1000

// Rankings reads the organizer's register, series and settings. Unchanged
// since the last read (the revision says so), it costs one GET; the result is
// shared and must not be changed.
func (s *Store) Rankings(ctx context.Context, orgID string) (*Rankings, error) {
	rev, err := s.rdb.Get(ctx, rankingsRevKey(orgID)).Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("cache: organizer %s rankings: %w", orgID, err)
	}
	memo := &s.rankings
	memo.mu.Lock()
	held := memo.by[orgID]
	memo.mu.Unlock()
	if held != nil && held.Rev == rev {
		return held, nil
	}
	r := &Rankings{Rev: rev, Register: &rankings.Register{Players: map[string]rankings.RegisteredPlayer{}, Links: map[string]string{}}, Settings: rankings.DefaultRatingSettings}
	if err := s.scanHash(ctx, registerPlayersKey(orgID), func(k, v string) error {
		var p rankings.RegisteredPlayer
		if err := unmarshalRecord([]byte(v), &p); err != nil {
			return err
		}
		r.Register.Players[k] = p
		return nil
	}); err != nil {
		return nil, fmt.Errorf("cache: organizer %s players: %w", orgID, err)
	}
	if err := s.scanHash(ctx, registerLinksKey(orgID), func(k, v string) error {
		r.Register.Links[k] = v
		return nil
	}); err != nil {
		return nil, fmt.Errorf("cache: organizer %s links: %w", orgID, err)
	}
	var series *redis.MapStringStringCmd
	var settings *redis.StringCmd
	if _, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		series = p.HGetAll(ctx, seriesKey(orgID))
		settings = p.Get(ctx, ratingSettingsKey(orgID))
		return nil
	}); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("cache: organizer %s series: %w", orgID, err)
	}
	for _, raw := range series.Val() {
		var se rankings.Series
		if err := unmarshalRecord([]byte(raw), &se); err != nil {
			return nil, fmt.Errorf("cache: organizer %s series: %w", orgID, err)
		}
		r.Series = append(r.Series, se)
	}
	sortSeries(r.Series)
	if raw, err := settings.Bytes(); err == nil {
		if err := unmarshalRecord(raw, &r.Settings); err != nil {
			return nil, fmt.Errorf("cache: organizer %s rating settings: %w", orgID, err)
		}
	}
	memo.mu.Lock()
	if memo.by == nil {
		memo.by = map[string]*Rankings{}
	}
	if cur := memo.by[orgID]; cur == nil || cur.Rev <= rev {
		memo.by[orgID] = r
	}
	memo.mu.Unlock()
	return r, nil
}

func sortSeries(ss []rankings.Series) {
	for i := 1; i < len(ss); i++ {
		for j := i; j > 0 && ss[j].Name+ss[j].ID < ss[j-1].Name+ss[j-1].ID; j-- {
			ss[j], ss[j-1] = ss[j-1], ss[j]
		}
	}
}

// scanHash reads a hash in HSCAN steps of registerScanCount fields.
func (s *Store) scanHash(ctx context.Context, key string, each func(k, v string) error) error {
	var cursor uint64
	for {
		kv, next, err := s.rdb.HScan(ctx, key, cursor, "*", registerScanCount).Result()
		if err != nil {
			return err
		}
		for i := 0; i+1 < len(kv); i += 2 {
			if err := each(kv[i], kv[i+1]); err != nil {
				return err
			}
		}
		if cursor = next; cursor == 0 {
			return nil
		}
	}
}

// NewPlayerID makes a registered player's id.
func NewPlayerID() string { return "pl_" + strings.ToLower(rand.Text()[:12]) }

// ErrTooManyPlayers refuses a register past tournament.MaxRegisteredPlayers.
var ErrTooManyPlayers = errors.New("the register is full")

// ErrNoSuchPlayer is returned when a link or a merge names a player the register does not have.
var ErrNoSuchPlayer = errors.New("no such registered player")

// linkBatch bounds the players and links one script writes, so no script
// holds Redis long (a few thousand commands: a millisecond or two).
const linkBatch = 1000

// linkScript registers new players and links entries to players. It checks
// first, writing nothing: the register stays within its limit, and every
// player linked to exists or is new in this call. KEYS: players, links, rev,
// and the common prefix of the player-links sets (a key name of the slot, to
// which a player id is appended; those sets share the organizer's hash tag).
// ARGV: max players, number of new players, then (id, JSON) per new player,
// then (link, player id) per link.
var linkScript = redis.NewScript(`
local max, n = tonumber(ARGV[1]), tonumber(ARGV[2])
if redis.call('HLEN', KEYS[1]) + n > max then return redis.error_reply('FULL') end
local fresh = {}
for k = 0, n - 1 do fresh[ARGV[3 + 2*k]] = true end
local first = 3 + 2*n
for j = first, #ARGV, 2 do
  if not fresh[ARGV[j+1]] and redis.call('HEXISTS', KEYS[1], ARGV[j+1]) == 0 then return redis.error_reply('NOPLAYER') end
end
for k = 0, n - 1 do redis.call('HSET', KEYS[1], ARGV[3 + 2*k], ARGV[4 + 2*k]) end
local prefix = KEYS[4]
for j = first, #ARGV, 2 do
  local old = redis.call('HGET', KEYS[2], ARGV[j])
  if old then redis.call('SREM', prefix .. old, ARGV[j]) end
  redis.call('HSET', KEYS[2], ARGV[j], ARGV[j+1])
  redis.call('SADD', prefix .. ARGV[j+1], ARGV[j])
end
return redis.call('INCR', KEYS[3])
`)

// LinkPlayers registers the new players and links each player entry (by its
// link key) to a registered player. Up to linkBatch players and links
// together are one atomic step, checked before anything is written (the
// console's forms stay within it); more go in steps of that size, players
// first. The caller checks that every link names an entry of the
// organizer's own tournaments.
func (s *Store) LinkPlayers(ctx context.Context, orgID string, newPlayers []rankings.RegisteredPlayer, links map[string]string) error {
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	keys := []string{registerPlayersKey(orgID), registerLinksKey(orgID), rankingsRevKey(orgID), playerLinksKey(orgID, "")}
	var players []rankings.RegisteredPlayer
	var pairs []any
	flush := func() error {
		args := []any{tournament.MaxRegisteredPlayers, len(players)}
		for _, p := range players {
			raw, err := marshalRecord(p)
			if err != nil {
				return err
			}
			args = append(args, p.ID, raw)
		}
		err := s.runWrite(ctx, linkScript, keys, append(args, pairs...)...).Err()
		players, pairs = players[:0], pairs[:0]
		return scriptErr(err)
	}
	full := func() bool { return len(players)+len(pairs)/2 >= linkBatch }
	for _, p := range newPlayers {
		players = append(players, p)
		if full() {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	for k, p := range links {
		pairs = append(pairs, k, p)
		if full() {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if len(players) > 0 || len(pairs) > 0 {
		return flush()
	}
	return nil
}

// scriptErr turns the rankings scripts' refusals into the sentinel errors.
func scriptErr(err error) error {
	switch {
	case err == nil:
		return nil
	case strings.Contains(err.Error(), "FULL"):
		return ErrTooManyPlayers
	case strings.Contains(err.Error(), "NOPLAYER"):
		return ErrNoSuchPlayer
	}
	return err
}

// moveScript moves links from one player to another (a merge: all of them,
// and the first player goes; a split: those named, to a new player). It
// checks first, writing nothing on a refusal. KEYS: players, links, rev,
// from's link set, to's link set. ARGV: from, to, to's JSON if it is new
// (else ""), the most players the register holds, then "all" or the links to move.
var moveScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return redis.error_reply('NOPLAYER') end
if ARGV[3] == '' then
  if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then return redis.error_reply('NOPLAYER') end
elseif redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then
  return redis.error_reply('FULL')
end
local move
if ARGV[5] == 'all' then
  move = redis.call('SMEMBERS', KEYS[4])
else
  move = {}
  for i = 5, #ARGV do
    if redis.call('SISMEMBER', KEYS[4], ARGV[i]) == 0 then return redis.error_reply('NOLINK') end
    move[#move+1] = ARGV[i]
  end
end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], ARGV[2], ARGV[3]) end
for _, k in ipairs(move) do
  redis.call('HSET', KEYS[2], k, ARGV[2])
  redis.call('SREM', KEYS[4], k)
  redis.call('SADD', KEYS[5], k)
end
if ARGV[5] == 'all' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('DEL', KEYS[4])
end
return redis.call('INCR', KEYS[3])
`)

// MergePlayers makes from's entries into's and removes from: two registered
// players who were one person.
func (s *Store) MergePlayers(ctx context.Context, orgID, into, from string) error {
	if into == from {
		return ErrNoSuchPlayer
	}
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	keys := []string{registerPlayersKey(orgID), registerLinksKey(orgID), rankingsRevKey(orgID), playerLinksKey(orgID, from), playerLinksKey(orgID, into)}
	return scriptErr(s.runWrite(ctx, moveScript, keys, from, into, "", tournament.MaxRegisteredPlayers, "all").Err())
}

// ErrNotHisEntry refuses a split that names an entry the player does not have.
var ErrNotHisEntry = errors.New("the entry is not the player's")

// SplitPlayer moves the named entries of a player to a new registered
// player: undoing a wrong merge, or two people of one name.
func (s *Store) SplitPlayer(ctx context.Context, orgID, from string, links []string, to rankings.RegisteredPlayer) error {
	if len(links) == 0 || len(links) > linkBatch {
		return ErrNotHisEntry
	}
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	raw, err := marshalRecord(to)
	if err != nil {
		return err
	}
	keys := []string{registerPlayersKey(orgID), registerLinksKey(orgID), rankingsRevKey(orgID), playerLinksKey(orgID, from), playerLinksKey(orgID, to.ID)}
	args := []any{from, to.ID, raw, tournament.MaxRegisteredPlayers}
	for _, l := range links {
		args = append(args, l)
	}
	err = s.runWrite(ctx, moveScript, keys, args...).Err()
	if err != nil && strings.Contains(err.Error(), "NOLINK") {
		return ErrNotHisEntry
	}
	return scriptErr(err)
}

// putRankingsScript sets one field or key of the rankings and bumps the
// revision. KEYS: the hash or string, rev. ARGV: field ("" for a string key),
// value ("" deletes the field), the most fields the hash may have.
var putRankingsScript = redis.NewScript(`
if ARGV[1] == '' then
  redis.call('SET', KEYS[1], ARGV[2])
elseif ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then
    return redis.error_reply('FULL')
  end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
return redis.call('INCR', KEYS[2])
`)

// ErrTooManySeries refuses a series past tournament.MaxSeries.
var ErrTooManySeries = errors.New("too many series")

// PutSeries creates or replaces a series (checked by the caller).
func (s *Store) PutSeries(ctx context.Context, orgID string, se rankings.Series) error {
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	raw, err := marshalRecord(se)
	if err != nil {
		return err
	}
	err = s.runWrite(ctx, putRankingsScript, []string{seriesKey(orgID), rankingsRevKey(orgID)}, se.ID, raw, tournament.MaxSeries).Err()
	if err != nil && strings.Contains(err.Error(), "FULL") {
		return ErrTooManySeries
	}
	return err
}

// DeleteSeries removes a series.
func (s *Store) DeleteSeries(ctx context.Context, orgID, id string) error {
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	return s.runWrite(ctx, putRankingsScript, []string{seriesKey(orgID), rankingsRevKey(orgID)}, id, "", tournament.MaxSeries).Err()
}

// PutRatingSettings sets the organizer's rating settings (checked by the caller).
func (s *Store) PutRatingSettings(ctx context.Context, orgID string, rs rankings.RatingSettings) error {
	if err := s.TakeWrite(ctx, orgID); err != nil {
		return err
	}
	raw, err := marshalRecord(rs)
	if err != nil {
		return err
	}
	return s.runWrite(ctx, putRankingsScript, []string{ratingSettingsKey(orgID), rankingsRevKey(orgID)}, "", raw, 0).Err()
}

// NewSeriesID makes a series' id.
func NewSeriesID() string { return "se_" + strings.ToLower(rand.Text()[:10]) }

// loadDemoRankings writes the demo's player registers and series.
func (s *Store) loadDemoRankings(ctx context.Context, d *tournament.Demo) error {
	for _, r := range rankings.DemoOf(d) {
		if err := s.LinkPlayers(ctx, r.OrganizerID, r.Players, r.Links); err != nil {
			return fmt.Errorf("cache: demo register: %w", err)
		}
		for _, se := range r.Series {
			if err := s.PutSeries(ctx, r.OrganizerID, se); err != nil {
				return fmt.Errorf("cache: demo series: %w", err)
			}
		}
	}
	return nil
}

// setupLinks checks the registered players a setup names against the
// organizer's register and returns the links they ask for.
func (s *Store) setupLinks(ctx context.Context, org tournament.Organizer, setup *tournament.Setup, tournamentID string, entries []*tournament.Entry) (map[string]string, error) {
	if len(setup.Players) == 0 {
		return nil, nil
	}
	r, err := s.Rankings(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	links, ps := rankings.SetupLinks(setup, tournamentID, entries, r.Register)
	if len(ps) > 0 {
		return nil, ps
	}
	return links, nil
}
