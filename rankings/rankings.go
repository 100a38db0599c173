package rankings

import (
	"cmp"
	"courtside/tournament"
	"slices"
	"strings"
)

// UnlinkedPrefix starts the rating id of a player entry not in the register
// yet: it is rated within its tournament like anyone (so its opponents' ratings
// are right), and becomes a registered player's once the organizer confirms it.
const UnlinkedPrefix = "~"

// RatingID is who a player entry is for the ratings: its registered player,
// or the entry itself while unlinked.
func RatingID(r *Register, tournamentID, entryID string) string {
	if p := r.PlayerOf(tournamentID, entryID); p != "" {
		return p
	}
	return UnlinkedPrefix + LinkKey(tournamentID, entryID)
}

// Rated reports whether a match counts for the ratings: played to a result,
// with someone on both sides; byes and walkovers do not count.
func Rated(s *tournament.Snapshot, m *tournament.Match) bool {
	return m.State == tournament.MatchPlayed && m.HasResult() && !m.Given() && !s.IsBye(m.ID) &&
		len(m.Entries[0].Players()) > 0 && len(m.Entries[1].Players()) > 0
}

// ByStart orders tournaments as they were played: by start, then id.
func ByStart(snaps []*tournament.Snapshot) []*tournament.Snapshot {
	out := slices.Clone(snaps)
	slices.SortStableFunc(out, func(a, b *tournament.Snapshot) int {
		return cmp.Or(a.Tournament.StartTime.Compare(b.Tournament.StartTime.Time), strings.Compare(a.Tournament.ID, b.Tournament.ID))
	})
	return out
}

// RatedMatches are the rated matches of the tournaments in the order they were
// played (SortRated), each side as rating ids (RatingID).
func RatedMatches(snaps []*tournament.Snapshot, r *Register) []RatedMatch {
	var out []RatedMatch
	for _, s := range ByStart(snaps) {
		out = AppendRatedMatches(out, s, r)
	}
	SortRated(out)
	return out
}

// SortRated orders matches as they were played: by their end, across
// tournaments (two running at once interleave), keeping the order they come
// in (tournaments by start, then tournament order) for equal times. A new
// result ends last, so it extends the ratings instead of reordering them.
func SortRated(ms []RatedMatch) {
	slices.SortStableFunc(ms, func(a, b RatedMatch) int { return a.At.Compare(b.At) })
}

// AppendRatedMatches appends one tournament's rated matches in the order they were played.
func AppendRatedMatches(out []RatedMatch, s *tournament.Snapshot, r *Register) []RatedMatch {
	tid := s.Tournament.ID
	ms := s.MatchesWhere(func(m *tournament.Match) bool { return Rated(s, m) })
	slices.SortStableFunc(ms, func(a, b *tournament.Match) int { return a.EndTime.Compare(b.EndTime.Time) })
	for _, m := range ms {
		rm := RatedMatch{Key: tid + "/" + m.ID, TournamentID: tid, At: m.EndTime.Time, Score: 0.5}
		if m.EndTime.IsZero() {
			rm.At = s.Tournament.StartTime.Time // a source that sends no end times: the tournament's start
		}
		switch m.Winner() {
		case 0:
			rm.Score = 1
		case 1:
			rm.Score = 0
		}
		for side, e := range m.Entries {
			for _, p := range e.Players() {
				rm.Sides[side] = append(rm.Sides[side], RatingID(r, tid, p))
			}
		}
		out = append(out, rm)
	}
	return out
}

// SeriesResults are each registered player's results in the series' parts,
// from the places there (FinalPlaces): a team's place is each of its
// players'. before leaves out the series' latest tournament that has begun,
// for the movement since it.
func SeriesResults(se *Series, snaps map[string]*tournament.Snapshot, r *Register) (now, before map[string][]SeriesResult) {
	now, before = map[string][]SeriesResult{}, map[string][]SeriesResult{}
	latest := LatestStarted(se, snaps)
	for _, part := range se.Parts {
		s := snaps[part.TournamentID]
		if s == nil || !s.Started() {
			continue
		}
		d, ok := s.Discipline(part.DisciplineID)
		if !ok {
			continue
		}
		for entryID, place := range FinalPlaces(s, d) {
			seen := map[string]bool{}
			for _, p := range s.Entries[entryID].Players() {
				pid := r.PlayerOf(part.TournamentID, p)
				if pid == "" || seen[pid] {
					continue
				}
				seen[pid] = true
				res := SeriesResult{Part: part, Place: place}
				now[pid] = append(now[pid], res)
				if part.TournamentID != latest {
					before[pid] = append(before[pid], res)
				}
			}
		}
	}
	return now, before
}

// LatestStarted is the series' tournament with the latest start among those
// that have begun, or "".
func LatestStarted(se *Series, snaps map[string]*tournament.Snapshot) string {
	var latest *tournament.Snapshot
	for _, part := range se.Parts {
		s := snaps[part.TournamentID]
		if s == nil || !s.Started() {
			continue
		}
		if latest == nil || s.Tournament.StartTime.After(latest.Tournament.StartTime.Time) {
			latest = s
		}
	}
	if latest == nil {
		return ""
	}
	return latest.Tournament.ID
}
