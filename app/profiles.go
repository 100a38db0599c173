package app

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"courtside/tournament"
)

// SeenPlayer reports whether a viewer who sees the tournaments visible
// sees the player: it entered one of them.
func SeenPlayer(st *RankingState, playerID string, visible func(*tournament.Snapshot) bool) bool {
	for tid := range playerEntries(st, playerID) {
		if visible(st.ByID[tid]) {
			return true
		}
	}
	return false
}

// maxProfileMatches is how many of a player's latest matches a profile lists.
const maxProfileMatches = 50

// profile is what a profile shows of a player, before words.
type profile struct {
	Tournaments []profileTournament
	Matches     []profileMatch
	Partners    []profilePartner
	Last        *tournament.Snapshot // the last tournament the player was rated in
	LastChange  float64
}

type profileTournament struct {
	Snap       *tournament.Snapshot
	Discipline string
	Place      int
	Rated      bool
	Change     float64
}

type profileMatch struct {
	Snap                *tournament.Snapshot
	Match               *tournament.Match
	Partners, Opponents []string
	Score               string
	Won, Lost           bool
	Delta               float64
}

type profilePartner struct {
	ID, Name     string
	Matches, Won int
}

// ProfileOf gathers a player's tournaments (by start), latest matches and partners.
func ProfileOf(st *RankingState, seen *tournament.Ratings, playerID string, visible func(*tournament.Snapshot) bool) profile {
	var out profile
	mine := playerEntries(st, playerID)
	pr := seen.Players[playerID]
	out.Tournaments, out.Last, out.LastChange = profileTournaments(st, mine, pr, visible)
	if pr == nil {
		return out
	}
	out.Matches, out.Partners = profileMatches(st, mine, pr, visible)
	return out
}

// playerEntries are the player's entries: tournament id → the player's entry ids there.
func playerEntries(st *RankingState, playerID string) map[string]map[string]bool {
	mine := map[string]map[string]bool{}
	for _, k := range st.Data.Register.LinksOf(playerID) {
		tid, eid, _ := tournament.SplitLinkKey(k)
		if mine[tid] == nil {
			mine[tid] = map[string]bool{}
		}
		mine[tid][eid] = true
	}
	return mine
}

// profileTournaments are the player's tournaments and places, by start, a
// line per discipline entered with the rating change of that discipline's
// matches, and the last tournament rated with its whole change.
func profileTournaments(st *RankingState, mine map[string]map[string]bool, pr *tournament.PlayerRating, visible func(*tournament.Snapshot) bool) (out []profileTournament, last *tournament.Snapshot, lastChange float64) {
	for _, s := range st.Snaps {
		ids := mine[s.Tournament.ID]
		if ids == nil || !visible(s) {
			continue
		}
		// The rating changes of the tournament, by discipline.
		changes := map[string]float64{}
		if pr != nil {
			for _, h := range pr.History {
				if h.TournamentID != s.Tournament.ID {
					continue
				}
				d := ""
				if id, ok := strings.CutPrefix(h.Match, s.Tournament.ID+"/"); ok {
					if m, ok := s.Match(id); ok {
						d = m.DisciplineID
					}
				}
				changes[d] += h.Delta
				last = s
			}
		}
		if last == s {
			lastChange = 0
			for _, c := range changes {
				lastChange += c
			}
		}
		for di := range s.Tournament.Disciplines {
			d := &s.Tournament.Disciplines[di]
			entry := ""
			for _, eid := range d.EntryIDs {
				if e := s.Entries[eid]; e != nil && slices.ContainsFunc(e.Players(), func(p string) bool { return ids[p] }) {
					entry = eid
					break
				}
			}
			if entry == "" {
				continue
			}
			change, rated := changes[d.ID]
			out = append(out, profileTournament{Snap: s, Discipline: d.Name, Place: tournament.FinalPlaces(s, d)[entry], Rated: rated, Change: change})
		}
	}
	return out, last, lastChange
}

// profileMatches are the player's latest matches (at most maxProfileMatches),
// the latest first, and partners over all of them, most matches first.
func profileMatches(st *RankingState, mine map[string]map[string]bool, pr *tournament.PlayerRating, visible func(*tournament.Snapshot) bool) (matches []profileMatch, out []profilePartner) {
	reg := st.Data.Register
	name := func(tid, entryID string, e *tournament.Entry) (string, string) {
		if pid := reg.PlayerOf(tid, entryID); pid != "" {
			return pid, reg.Players[pid].Name
		}
		return tournament.UnlinkedPrefix + tournament.LinkKey(tid, entryID), e.Name
	}
	partners := map[string]*profilePartner{}
	for i := len(pr.History) - 1; i >= 0; i-- {
		h := pr.History[i]
		s := st.ByID[h.TournamentID]
		if s == nil || !visible(s) {
			continue
		}
		_, mid, _ := strings.Cut(h.Match, "/")
		m, ok := s.Match(mid)
		if !ok {
			continue
		}
		side := -1
		for sd, e := range m.Entries {
			if slices.ContainsFunc(e.Players(), func(p string) bool { return mine[s.Tournament.ID][p] }) {
				side = sd
			}
		}
		if side < 0 {
			continue
		}
		pm := profileMatch{Snap: s, Match: m, Delta: h.Delta, Won: m.Winner() == side, Lost: m.Winner() == 1-side}
		for _, p := range m.Entries[side].Players() {
			if mine[s.Tournament.ID][p] {
				continue
			}
			id, n := name(s.Tournament.ID, p, findEntry(s, m.Entries[side], p))
			pm.Partners = append(pm.Partners, n)
			pa := partners[id]
			if pa == nil {
				pa = &profilePartner{ID: id, Name: n}
				partners[id] = pa
			}
			pa.Matches++
			if pm.Won {
				pa.Won++
			}
		}
		for _, p := range m.Entries[1-side].Players() {
			_, n := name(s.Tournament.ID, p, findEntry(s, m.Entries[1-side], p))
			pm.Opponents = append(pm.Opponents, n)
		}
		score := s.DisplayScore(m)
		pm.Score = fmt.Sprintf("%d:%d", score[side], score[1-side])
		if len(matches) < maxProfileMatches {
			matches = append(matches, pm)
		}
	}
	for _, pa := range partners {
		out = append(out, *pa)
	}
	slices.SortFunc(out, func(a, b profilePartner) int {
		return cmp.Or(cmp.Compare(b.Matches, a.Matches), strings.Compare(a.Name, b.Name))
	})
	return matches, out
}

// findEntry is the player entry p within the side's entry.
func findEntry(s *tournament.Snapshot, side *tournament.Entry, p string) *tournament.Entry {
	if e := s.Entries[p]; e != nil {
		return e
	}
	for _, x := range side.Entries {
		if x != nil && x.ID == p {
			return x
		}
	}
	return &tournament.Entry{ID: p}
}

// RatingJSON is a registered player's rating.
type RatingJSON struct {
	Rank     int     `json:"rank"`
	PlayerID string  `json:"playerId"`
	Name     string  `json:"name"`
	Rating   int     `json:"rating"`
	Exact    float64 `json:"exact"`
	Games    int     `json:"games"`
}

// Hidden reports whether a series shown with only the parts the caller may
// see is hidden from it: it has parts, and the caller may see none of them.
func Hidden(se, shown *tournament.Series) bool {
	return len(shown.Parts) == 0 && len(se.Parts) > 0
}

// ShownSeries is the series with only the parts the caller may see, and its key.
func ShownSeries(se *tournament.Series, st *RankingState, visible func(*tournament.Snapshot) bool) (*tournament.Series, string) {
	shown := *se
	shown.Parts = slices.DeleteFunc(slices.Clone(se.Parts), func(p tournament.SeriesPart) bool { return !visible(st.ByID[p.TournamentID]) })
	key := se.ID + "|" + strconv.Itoa(len(shown.Parts))
	if len(shown.Parts) != len(se.Parts) {
		key += "|shared"
	}
	return &shown, key
}

// RatingList is every registered player who has played in seen (the
// state's Ratings or Shared), by rating.
func RatingList(st *RankingState, seen *tournament.Ratings) []RatingJSON {
	var all []RatingJSON
	for id, p := range st.Data.Register.Players {
		pr := seen.Players[id]
		if pr == nil {
			continue
		}
		all = append(all, RatingJSON{PlayerID: id, Name: p.Name, Rating: int(math.Round(pr.Rating)), Exact: math.Round(pr.Rating*100) / 100, Games: pr.Games})
	}
	slices.SortFunc(all, func(a, b RatingJSON) int {
		return cmp.Or(cmp.Compare(b.Exact, a.Exact), strings.Compare(a.Name, b.Name), strings.Compare(a.PlayerID, b.PlayerID))
	})
	for i := range all {
		all[i].Rank = i + 1
		if i > 0 && all[i].Rating == all[i-1].Rating {
			all[i].Rank = all[i-1].Rank
		}
	}
	return all
}
