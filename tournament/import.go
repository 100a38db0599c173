package tournament

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
)

// idPattern is what an id in an import file may look like: the real
// service's "tio:4AHchFkVAecs2", a fixed team's players' ids joined by "_".
// No braces (an id is a Redis key's hash tag), no spaces, bounded.
var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9:_.-]*$`)

// MaxImportRecords bounds the entries of an import: every entry of a setup
// at its limit, each a team with its players.
const MaxImportRecords = MaxSetupEntries * (1 + MaxTeamPlayers)

// CheckRecords checks a whole tournament as an import file holds it (its
// record, entries, matches and audit log) as strictly as a setup file: every
// id well formed, bounded and pointing at a record the file has; every name
// clean and bounded (TextProblem); every count within the limits; every
// match in a group and round of the tournament, with a configuration the
// group has and a result of bounded size. It returns every problem with its
// JSON path in the file ("matches[3].groupId"); none when the tournament can
// be written as it is.
func CheckRecords(t *Tournament, entries []*Entry, matches []*Match, audit map[string][]AuditEntry) Problems {
	var ps Problems
	if t == nil {
		ps.add("tournament", "is missing")
		return ps
	}
	seen := map[string]string{} // id → path of the record that has it
	id := func(path, v string) bool {
		switch {
		case v == "":
			ps.add(path, "is required")
		case len(v) > MaxIDLength:
			ps.add(path, "must be at most %d characters (limit %q), not %d", MaxIDLength, "id length in an import", len(v))
		case !idPattern.MatchString(v):
			ps.add(path, "%q is not an id: letters, digits and : _ . - only", short(v))
		default:
			return true
		}
		return false
	}
	own := func(path, v string) {
		if id(path, v) {
			if first, ok := seen[v]; ok {
				ps.add(path, "%s is the id of %s too", v, first)
			}
			seen[v] = path
		}
	}
	name := func(path, v string) { ps.text(path, v, MaxNameLength, false) }

	own("tournament.id", t.ID)
	name("tournament.name", t.Name)
	ps.text("tournament.description", t.Description, MaxDescriptionLength, true)
	if !slices.Contains(States, t.State) {
		ps.add("tournament.state", "must be one of %s, not %q", list(States), t.State)
	}
	if t.Mirror != nil {
		ps.text("tournament.mirror.source", t.Mirror.Source, 2048, false)
	}
	if len(t.Courts) > MaxSetupCourts {
		ps.add("tournament.courts", "at most %d courts (limit %q), not %d", MaxSetupCourts, "courts per tournament", len(t.Courts))
	}
	courts := map[string]bool{}
	for i, c := range t.Courts {
		p := fmt.Sprintf("tournament.courts[%d]", i)
		own(p+".id", c.ID)
		name(p+".name", c.Name)
		courts[c.ID] = true
	}

	// Entries: players and teams, each once.
	if len(entries) > MaxImportRecords {
		ps.add("entries", "at most %d entries and players (limit %q), not %d", MaxImportRecords, "entries per tournament", len(entries))
		return ps
	}
	known := map[string]bool{}
	for i, e := range entries {
		p := fmt.Sprintf("entries[%d]", i)
		if e == nil {
			ps.add(p, "must be an entry, not null")
			continue
		}
		own(p+".id", e.ID)
		known[e.ID] = true
		ps.entry(p, e, name, id)
	}
	ref := func(path, v string) {
		if id(path, v) && !known[v] {
			ps.add(path, "%s is no entry of the file", v)
		}
	}

	// The layout: disciplines, stages, groups, rounds.
	if len(t.Disciplines) > MaxSetupDisciplines {
		ps.add("tournament.disciplines", "at most %d disciplines (limit %q), not %d", MaxSetupDisciplines, "disciplines per tournament", len(t.Disciplines))
		return ps
	}
	type place struct {
		group  *Group
		rounds map[string]bool
		d, s   string
	}
	groups := map[string]place{}
	for di, d := range t.Disciplines {
		dp := fmt.Sprintf("tournament.disciplines[%d]", di)
		own(dp+".id", d.ID)
		name(dp+".name", d.Name)
		name(dp+".shortName", d.ShortName)
		if !slices.Contains(EntryTypes, d.EntryType) {
			ps.add(dp+".entryType", "must be one of %s, not %q", list(EntryTypes), d.EntryType)
		}
		for _, l := range []struct {
			key string
			ids []string
		}{{"entryIds", d.EntryIDs}, {"withdrawn", d.Withdrawn}, {"checkedIn", d.CheckedIn}} {
			if len(l.ids) > MaxSetupEntries {
				ps.add(dp+"."+l.key, "at most %d entries (limit %q), not %d", MaxSetupEntries, "entries per tournament", len(l.ids))
				continue
			}
			for k, e := range l.ids {
				ref(fmt.Sprintf("%s.%s[%d]", dp, l.key, k), e)
			}
		}
		if len(d.Stages) > MaxSetupStages {
			ps.add(dp+".stages", "at most %d stages (limit %q), not %d", MaxSetupStages, "stages per discipline", len(d.Stages))
			continue
		}
		for si, st := range d.Stages {
			sp := fmt.Sprintf("%s.stages[%d]", dp, si)
			own(sp+".id", st.ID)
			name(sp+".name", st.Name)
			if st.DrawBy != "" && st.DrawBy != DrawAutomatic && st.DrawBy != DrawByDirector {
				ps.add(sp+".drawBy", "must be %q or %q, not %q", DrawAutomatic, DrawByDirector, short(st.DrawBy))
			}
			for _, l := range []struct {
				key string
				ids []string
			}{{"proposal", st.Proposal}, {"drawn", st.Drawn}} {
				if len(l.ids) > MaxSetupEntries {
					ps.add(sp+"."+l.key, "at most %d entries (limit %q), not %d", MaxSetupEntries, "entries per tournament", len(l.ids))
					continue
				}
				twice := map[string]bool{}
				for k, e := range l.ids {
					ref(fmt.Sprintf("%s.%s[%d]", sp, l.key, k), e)
					if twice[e] {
						ps.add(fmt.Sprintf("%s.%s[%d]", sp, l.key, k), "%s is in the draw twice", e)
					}
					twice[e] = true
				}
			}
			if len(st.Groups) > MaxSetupEntries {
				ps.add(sp+".groups", "more groups than entries (limit %q)", "entries per tournament")
				continue
			}
			for gi := range st.Groups {
				g := &d.Stages[si].Groups[gi]
				gp := fmt.Sprintf("%s.groups[%d]", sp, gi)
				own(gp+".id", g.ID)
				name(gp+".name", g.Name)
				if !slices.Contains(Modes, g.Mode) {
					ps.add(gp+".tournamentMode", "must be one of %s, not %q", list(Modes), g.Mode)
				}
				if n := len(g.Options.MatchConfigurations); n == 0 || n > MaxSetupStages {
					ps.add(gp+".options.matchConfigurations", "a group has 1 to %d match configurations, not %d", MaxSetupStages, n)
				}
				for k, c := range g.Options.MatchConfigurations {
					name(fmt.Sprintf("%s.options.matchConfigurations[%d].name", gp, k), c.Name)
				}
				if len(g.Encounters) > MaxEncounters {
					ps.add(gp+".encounters", "at most %d encounters (limit %q)", MaxEncounters, "encounters per league match")
				}
				for k, e := range g.Encounters {
					name(fmt.Sprintf("%s.encounters[%d]", gp, k), e)
				}
				if len(g.EntryIDs) > MaxSetupEntries || len(g.Standings) > MaxSetupEntries || len(g.TieBreaks) > len(TieBreakNames) {
					ps.add(gp, "more entries, standings or tie-breaks than a group can have")
					continue
				}
				for k, e := range g.EntryIDs {
					ref(fmt.Sprintf("%s.entryIds[%d]", gp, k), e)
				}
				for k, s := range g.Standings {
					name(fmt.Sprintf("%s.standings[%d].entry.name", gp, k), s.Entry.Name)
				}
				for k, tb := range g.TieBreaks {
					if !slices.Contains(TieBreakNames, tb) {
						ps.add(fmt.Sprintf("%s.tieBreaks[%d]", gp, k), "must be one of %s, not %q", list(TieBreakNames), tb)
					}
				}
				if len(g.Rounds) > MaxMatches {
					ps.add(gp+".rounds", "more rounds than matches (limit %q)", "matches per tournament")
					continue
				}
				pl := place{group: g, rounds: map[string]bool{}, d: d.ID, s: st.ID}
				for k, r := range g.Rounds {
					rp := fmt.Sprintf("%s.rounds[%d]", gp, k)
					own(rp+".id", r.ID)
					name(rp+".name", r.Name)
					pl.rounds[r.ID] = true
				}
				groups[g.ID] = pl
			}
		}
	}

	// Matches: each in a group and a round of the tournament.
	if len(matches) > MaxMatches {
		ps.add("matches", "at most %d matches (limit %q), not %d", MaxMatches, "matches per tournament", len(matches))
		return ps
	}
	matchIDs := map[string]bool{}
	for i, m := range matches {
		p := fmt.Sprintf("matches[%d]", i)
		if m == nil {
			ps.add(p, "must be a match, not null")
			continue
		}
		own(p+".id", m.ID)
		matchIDs[m.ID] = true
		if !slices.Contains(MatchStates, m.State) {
			ps.add(p+".state", "must be one of %s, not %q", list(MatchStates), m.State)
		}
		for side, e := range m.Entries {
			if e == nil {
				continue
			}
			ep := fmt.Sprintf("%s.entries[%d]", p, side)
			ps.entry(ep, e, name, id)
			if id(ep+".id", e.ID) && !known[e.ID] { // a team drawn for one round (monster_dyp) is its players
				if len(e.Entries) == 0 {
					ps.add(ep+".id", "%s is no entry of the file", e.ID)
				}
				for k, pl := range e.Entries {
					if pl != nil && !known[pl.ID] {
						ps.add(fmt.Sprintf("%s.entries[%d].id", ep, k), "%s is no entry of the file", pl.ID)
					}
				}
			}
		}
		g, ok := groups[m.GroupID]
		switch {
		case !ok:
			ps.add(p+".groupId", "%q is no group of the tournament", short(m.GroupID))
		case m.DisciplineID != g.d || m.StageID != g.s:
			ps.add(p+".stageId", "the match's discipline and stage are not its group's")
		case !g.rounds[m.RoundID]:
			ps.add(p+".roundId", "%q is no round of the match's group", short(m.RoundID))
		case m.Config < 0 || m.Config >= len(g.group.Options.MatchConfigurations):
			ps.add(p+".config", "the group has no match configuration %d", m.Config)
		}
		if len(m.CourtIDs) > MaxSetupCourts {
			ps.add(p+".courtIds", "at most %d courts (limit %q)", MaxSetupCourts, "courts per tournament")
		} else {
			for k, c := range m.CourtIDs {
				if !courts[c] {
					ps.add(fmt.Sprintf("%s.courtIds[%d]", p, k), "%q is no court of the tournament", short(c))
				}
			}
		}
		ps.result(p+".encounters", m.Encounters)
	}
	for i, m := range matches {
		if m == nil {
			continue
		}
		for _, s := range []struct {
			key  string
			slot *Slot
		}{{"winnerTo", m.WinnerTo}, {"loserTo", m.LoserTo}} {
			if s.slot != nil && (!matchIDs[s.slot.MatchID] || s.slot.Side < 0 || s.slot.Side > 1) {
				ps.add(fmt.Sprintf("matches[%d].%s", i, s.key), "no side of a match of the file")
			}
		}
	}

	// The audit log: result writes of matches of the file, at most AuditCap each.
	if len(audit) > len(matchIDs) {
		ps.add("audit", "has more matches than the file (%d, not %d)", len(matchIDs), len(audit))
		return ps
	}
	for _, mid := range slices.Sorted(maps.Keys(audit)) {
		p := "audit." + short(mid)
		if !matchIDs[mid] {
			ps.add(p, "%q is no match of the file", short(mid))
			continue
		}
		as := audit[mid]
		if len(as) > AuditCap {
			ps.add(p, "at most %d result writes a match (the audit log keeps the newest %d), not %d", AuditCap, AuditCap, len(as))
			continue
		}
		for k, a := range as {
			ap := fmt.Sprintf("%s[%d]", p, k)
			if a.MatchID != mid {
				ps.add(ap+".matchId", "is not %s", short(mid))
			}
			name(ap+".by", a.By)
			ps.result(ap+".old", a.Old)
			ps.result(ap+".new", a.New)
		}
	}
	return ps
}

// entry checks an entry's name and its players (a team's may be nil, a player short).
func (ps *Problems) entry(path string, e *Entry, name func(path, v string), id func(path, v string) bool) {
	name(path+".name", e.Name)
	if len(e.Entries) > MaxTeamPlayers {
		ps.add(path+".entries", "at most %d players in a team (limit %q)", MaxTeamPlayers, "players per team")
		return
	}
	for k, pl := range e.Entries {
		if pl != nil {
			pp := fmt.Sprintf("%s.entries[%d]", path, k)
			id(pp+".id", pl.ID)
			name(pp+".name", pl.Name)
		}
	}
}

// result checks that a result's size is within the limits of one.
func (ps *Problems) result(path string, r Encounters) {
	if len(r) > MaxEncounters {
		ps.add(path, "at most %d encounters (limit %q)", MaxEncounters, "encounters per league match")
		return
	}
	for e, sets := range r {
		if len(sets) > MaxSets {
			ps.add(fmt.Sprintf("%s[%d]", path, e), "at most %d sets (limit %q)", MaxSets, "sets per encounter")
			continue
		}
		for k, s := range sets {
			if s[0] < 0 || s[1] < 0 || s[0] > MaxPoints || s[1] > MaxPoints {
				ps.add(fmt.Sprintf("%s[%d][%d]", path, e, k), "points are from 0 to %d (limit %q)", MaxPoints, "points per set")
			}
		}
	}
}

// short cuts a value a problem quotes to a readable length.
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
