package rankings

import (
	"cmp"
	"courtside/tournament"
	"slices"
	"strings"
)

// RegisteredPlayer is a person in an organizer's player register: the one
// identity behind their entries in every tournament of the organizer (its
// own, imported or followed).
type RegisteredPlayer struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// PlayerEntry is one player's entry in one tournament: a single player's
// entry, or a player of a team (teams link through their players).
type PlayerEntry struct {
	TournamentID string `json:"tournamentId"`
	EntryID      string `json:"entryId"`
	Name         string `json:"name"`
}

// Link is the register's key of a player entry.
func (e PlayerEntry) Link() string { return LinkKey(e.TournamentID, e.EntryID) }

// LinkKey names a tournament's player entry in the register: "<tournament id> <entry id>".
func LinkKey(tournamentID, entryID string) string { return tournamentID + " " + entryID }

// SplitLinkKey is the tournament and entry id of a link key.
func SplitLinkKey(k string) (tournamentID, entryID string, ok bool) {
	return strings.Cut(k, " ")
}

// Register is an organizer's player register: its players and which
// tournament entry is which player.
type Register struct {
	Players map[string]RegisteredPlayer
	// Links maps a link key (LinkKey) to the registered player's id.
	Links map[string]string
}

// PlayerOf is the registered player of a tournament's player entry, or "".
func (r *Register) PlayerOf(tournamentID, entryID string) string {
	if r == nil {
		return ""
	}
	return r.Links[LinkKey(tournamentID, entryID)]
}

// NameKey is what two names must share to be the same name: the same words,
// whatever the case and the spaces between them ("anna  Berg" is "Anna Berg").
func NameKey(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }

// PlayerEntries are the player entries of a tournament: every single player,
// and every player of a team, once, in name order. They are the entries of
// its disciplines and of its matches: an entry removed before the start (a
// no-show at the check-in) stays in the store but plays in nothing, and is
// no player of the tournament.
func PlayerEntries(s *tournament.Snapshot) []PlayerEntry {
	seen := map[string]bool{}
	var out []PlayerEntry
	add := func(e *tournament.Entry) {
		if e == nil || e.ID == "" || seen[e.ID] {
			return
		}
		seen[e.ID] = true
		out = append(out, PlayerEntry{TournamentID: s.Tournament.ID, EntryID: e.ID, Name: e.Name})
	}
	each := func(e *tournament.Entry) {
		if e == nil {
			return
		}
		if stored, ok := s.Entries[e.ID]; ok {
			e = stored
		}
		if !e.IsTeam() {
			add(e)
			return
		}
		for _, p := range e.Entries {
			add(p)
		}
	}
	for _, d := range s.Tournament.Disciplines {
		for _, id := range d.EntryIDs {
			each(s.Entries[id])
		}
	}
	for _, m := range s.Matches {
		each(m.Entries[0])
		each(m.Entries[1])
	}
	slices.SortFunc(out, func(a, b PlayerEntry) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.EntryID, b.EntryID))
	})
	return out
}

// Suggestion is a player entry not in the register yet, with the registered
// player of exactly its name (nil: the name is new), for the organizer to confirm.
type Suggestion struct {
	Entry  PlayerEntry
	Player *RegisteredPlayer
}

// Suggest matches the unlinked player entries to registered players by name.
// Two registered players of one name are no match: the organizer chooses.
func Suggest(r *Register, entries []PlayerEntry) []Suggestion {
	byName := map[string]*RegisteredPlayer{}
	twice := map[string]bool{}
	for _, p := range r.Players {
		k := NameKey(p.Name)
		if byName[k] != nil {
			twice[k] = true
		}
		byName[k] = &p
	}
	var out []Suggestion
	for _, e := range entries {
		if r.Links[e.Link()] != "" {
			continue
		}
		s := Suggestion{Entry: e}
		if k := NameKey(e.Name); !twice[k] {
			s.Player = byName[k]
		}
		out = append(out, s)
	}
	return out
}

// LinksOf are the link keys of a registered player, sorted.
func (r *Register) LinksOf(playerID string) []string {
	var out []string
	for k, p := range r.Links {
		if p == playerID {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// SetupLinks are the links a setup's Players ask for, once its tournament is
// built (its id and entries): each name is the name of a player of the setup
// (as NameKey compares names), each id a player of the organizer's register.
// Anything else is a problem at players.<name>, and nothing links.
func SetupLinks(s *tournament.Setup, tournamentID string, entries []*tournament.Entry, r *Register) (map[string]string, tournament.Problems) {
	var ps tournament.Problems
	if len(s.Players) == 0 {
		return nil, nil
	}
	if len(s.Players) > tournament.MaxSetupEntries {
		ps = append(ps, tournament.Problem{Path: "players", Message: tournament.Message{Format: "at most %d players", Args: []any{tournament.MaxSetupEntries}}})
		return nil, ps
	}
	byName := map[string][]string{} // name key → player entry ids
	seen := map[string]bool{}
	for _, e := range entries {
		for _, p := range append([]*tournament.Entry{e}, e.Entries...) {
			if p == nil || p.IsTeam() || seen[p.ID] {
				continue
			}
			seen[p.ID] = true
			byName[NameKey(p.Name)] = append(byName[NameKey(p.Name)], p.ID)
		}
	}
	links := map[string]string{}
	names := make([]string, 0, len(s.Players))
	for name := range s.Players {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		id := s.Players[name]
		path := "players." + name
		ids := byName[NameKey(name)]
		switch {
		case len(ids) == 0:
			ps = append(ps, tournament.Problem{Path: path, Message: tournament.Message{Format: "no player of this setup is called %q", Args: []any{name}}})
		case r == nil || r.Players[id].ID == "":
			ps = append(ps, tournament.Problem{Path: path, Message: tournament.Message{Format: "%q is no registered player of the organizer", Args: []any{id}}})
		}
		for _, e := range ids {
			links[LinkKey(tournamentID, e)] = id
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return links, nil
}
