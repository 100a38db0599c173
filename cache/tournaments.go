package cache

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/redis/go-redis/v9"

	"courtside/textcheck"
	"courtside/tournament"
)

// ErrSlugTaken is returned when another organizer has the slug already.
var ErrSlugTaken = errors.New("the slug is taken")

// createOrganizerScript claims a slug and writes the organizer in one step:
// the slug index and the organizers share a slot ({organizers}).
// KEYS: slugs, organizers. ARGV: slug, id, organizer JSON. Returns 0 when the slug is taken.
var createOrganizerScript = redis.NewScript(`
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
return 1
`)

// CreateOrganizer adds an organizer, in one atomic step that claims its slug:
// of two organizers racing for one slug, one gets it.
func (s *Store) CreateOrganizer(ctx context.Context, o tournament.Organizer) error {
	raw, err := marshalRecord(o)
	if err != nil {
		return err
	}
	ok, err := s.runWrite(ctx, createOrganizerScript, []string{organizerSlugsKey, organizersKey}, o.Slug, o.ID, raw).Int()
	if err != nil {
		return fmt.Errorf("cache: organizer %s: %w", o.Slug, err)
	}
	if ok == 0 {
		return fmt.Errorf("cache: organizer %s: %w", o.Slug, ErrSlugTaken)
	}
	return nil
}

// OrganizerByRef finds an organizer by its id or its slug.
func (s *Store) OrganizerByRef(ctx context.Context, ref string) (tournament.Organizer, error) {
	if strings.HasPrefix(ref, "tio:") {
		if o, err := s.Organizer(ctx, ref); !errors.Is(err, ErrNotFound) {
			return o, err
		}
	}
	return s.OrganizerBySlug(ctx, ref)
}

// CreateTournament builds the tournament a setup describes, for the organizer,
// and writes it in one atomic step (tournament.Create). The setup's organizer
// is checked against org's slug or id; its stages play the organizer's
// sport's formats where they name one or say nothing of their match. It returns the snapshot of the new tournament.
func (s *Store) CreateTournament(ctx context.Context, org tournament.Organizer, setup *tournament.Setup) (*tournament.Snapshot, error) {
	if ps := append(append(setup.ForSport(org.Sport), setup.Validate()...), textcheck.Joiners("", setup)...); len(ps) > 0 {
		return nil, ps
	}
	if setup.Organizer != org.Slug && setup.Organizer != org.ID {
		return nil, tournament.Problems{{Path: "organizer", Message: tournament.Message{Format: "%s is not %s (%s)", Args: []any{setup.Organizer, org.Name, org.Slug}}}}
	}
	t, entries := tournament.Build(setup, org, tournament.RandomIDs())
	links, err := s.setupLinks(ctx, org, setup, t.ID, entries) // checked before anything is written
	if err != nil {
		return nil, err
	}
	if err := s.TakeWrite(ctx, org.ID); err != nil {
		return nil, err
	}
	most := setup.MostMatches()
	bytes, err := storedBytes(t, entries, most)
	if err != nil {
		return nil, err
	}
	if _, err := s.reserve(ctx, t, most, bytes); err != nil {
		return nil, err
	}
	if _, err := s.Apply(ctx, t.ID, tournament.Create(t, entries, s.Now())); err != nil {
		if !Unavailable(err) { // refused: it was never made, so it counts no more
			_ = s.release(context.WithoutCancel(ctx), org.ID, t.ID)
		}
		return nil, err
	}
	if len(links) > 0 {
		if err := s.LinkPlayers(ctx, org.ID, nil, links); err != nil {
			return nil, fmt.Errorf("cache: tournament %s created, its players not linked: %w", t.ID, err)
		}
	}
	return s.Snapshot(ctx, t.ID)
}

// Export is a whole tournament as a file: enough to make it again elsewhere,
// with every API response the same.
type Export struct {
	// Format names this layout, so a later one can still read it.
	Format     string                 `json:"format"`
	Organizer  tournament.Organizer   `json:"organizer"`
	Setup      *tournament.Setup      `json:"setup"`
	Tournament *tournament.Tournament `json:"tournament"`
	Entries    []*tournament.Entry    `json:"entries"`
	Matches    []*tournament.Match    `json:"matches"`
	// Audit holds every match's result writes, newest first.
	Audit map[string][]tournament.AuditEntry `json:"audit,omitempty"`
}

// ExportFormat is the Format of exports this version writes.
const ExportFormat = "courtside-tournament/1"

// Export reads everything of a tournament: setup, entries, stages, matches
// with their results, courts and the audit log.
func (s *Store) Export(ctx context.Context, id string) (*Export, error) {
	snap, err := s.load(ctx, id) // whole, not from memory: an export is rare and must be exact
	if err != nil {
		return nil, err
	}
	x := &Export{Format: ExportFormat, Organizer: snap.Organizer, Setup: tournament.SetupOf(snap), Tournament: snap.Tournament,
		Matches: snap.Matches, Entries: make([]*tournament.Entry, 0, len(snap.Entries)), Audit: map[string][]tournament.AuditEntry{}}
	// The entries the disciplines list, in their order, then the rest (players of teams) by id.
	seen := map[string]bool{}
	for _, d := range snap.Tournament.Disciplines {
		for _, eid := range d.EntryIDs {
			if e, ok := snap.Entries[eid]; ok && !seen[eid] {
				seen[eid] = true
				x.Entries = append(x.Entries, e)
			}
		}
	}
	listed := len(x.Entries)
	for eid, e := range snap.Entries {
		if !seen[eid] {
			x.Entries = append(x.Entries, e)
		}
	}
	slices.SortFunc(x.Entries[listed:], func(a, b *tournament.Entry) int { return strings.Compare(a.ID, b.ID) })
	cmds := make([]*redis.StringSliceCmd, len(snap.Matches))
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, m := range snap.Matches {
			cmds[i] = p.LRange(ctx, auditKey(id, m.ID), 0, -1)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cache: export %s audit: %w", id, err)
	}
	for i, m := range snap.Matches {
		for _, raw := range cmds[i].Val() {
			var a tournament.AuditEntry
			if err := unmarshalRecord([]byte(raw), &a); err != nil {
				return nil, fmt.Errorf("cache: export %s audit: %w", id, err)
			}
			x.Audit[m.ID] = append(x.Audit[m.ID], a)
		}
	}
	return x, nil
}

// DeleteTournament removes a tournament and everything of it: its records,
// streams, audit log, webhooks and its place in the organizer's index. Every
// instance drops what it holds of it (the versions channel says version 0).
func (s *Store) DeleteTournament(ctx context.Context, id string) error {
	meta, err := s.rdb.Get(ctx, metaKey(id)).Result()
	if errors.Is(err, redis.Nil) {
		return fmt.Errorf("cache: tournament %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("cache: delete %s: %w", id, err)
	}
	var t tournament.Tournament
	if err := unmarshalRecord([]byte(meta), &t); err != nil {
		return fmt.Errorf("cache: delete %s: %w", id, err)
	}
	matchIDs, err := s.rdb.HKeys(ctx, matchesKey(id)).Result()
	if err != nil {
		return fmt.Errorf("cache: delete %s: %w", id, err)
	}
	hooks, err := s.TournamentWebhooks(ctx, id)
	if err != nil {
		return err
	}
	for _, w := range hooks {
		if err := s.DeleteWebhook(ctx, w); err != nil {
			return err
		}
	}
	keys := []string{metaKey(id), versionKey(id), matchesKey(id), entriesKey(id), listingKey(id), changesKey(id),
		eventsKey(id), tournamentWebhooksKey(id), auditKey(id, "-"), webhookCursorsKey(id), deliverySeqKey(id),
		reportsKey(id), courtCodesKey(id), screensKey(id), liveRunKey(id)}
	for _, m := range matchIDs {
		keys = append(keys, auditKey(id, m))
	}
	// The tournament's keys share a slot: one UNLINK removes them together
	// (and frees large ones in the background, not holding Redis); the
	// version goes with them, so readers find it gone rather than half there.
	if err := s.rdb.Unlink(ctx, keys...).Err(); err != nil {
		return fmt.Errorf("cache: delete %s: %w", id, err)
	}
	if err := s.release(ctx, t.OrganizerID, id); err != nil { // its index entry and what it counted
		return err
	}
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.SRem(ctx, eventStreamsKey, eventsKey(id))
		p.Publish(ctx, versionsChannel, id+" 0")
		return nil
	})
	s.forget(id)
	if err != nil {
		return fmt.Errorf("cache: delete %s: %w", id, err)
	}
	return nil
}
