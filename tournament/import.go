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
	if t == nil {
		var ps Problems
		ps.add("tournament", "is missing")
		return ps
	}
	c := importCheck{owners: map[string]string{}, courts: map[string]bool{}, entryIDs: map[string]bool{},
		groups: map[string]groupPlace{}, matchIDs: map[string]bool{}}
	c.tournament(t)
	// In the order of the file. A list over its limit ends the check there:
	// it is not read, and the records after it point into it.
	if c.entries(entries) && c.layout(t.Disciplines) && c.matches(matches) {
		c.audit(audit)
	}
	return c.ps
}

// importCheck is one run of CheckRecords: the problems found so far, and
// what the records read so far make known, for later records to point at.
type importCheck struct {
	ps       Problems
	owners   map[string]string // id → path of the record that has it
	courts   map[string]bool
	entryIDs map[string]bool
	groups   map[string]groupPlace
	matchIDs map[string]bool
}

// groupPlace is where a group of the file is: its discipline and stage, and
// the ids of its rounds.
type groupPlace struct {
	group      *Group
	rounds     map[string]bool
	discipline string
	stage      string
}

// id notes what is wrong with an id, and says whether it is well formed.
func (c *importCheck) id(path, v string) bool {
	switch {
	case v == "":
		c.ps.add(path, "is required")
	case len(v) > MaxIDLength:
		c.ps.add(path, "must be at most %d characters (limit %q), not %d", MaxIDLength, "id length in an import", len(v))
	case !idPattern.MatchString(v):
		c.ps.add(path, "%q is not an id: letters, digits and : _ . - only", short(v))
	default:
		return true
	}
	return false
}

// own checks the id of a record of the file: well formed, and no other record's.
func (c *importCheck) own(path, v string) {
	if c.id(path, v) {
		if first, ok := c.owners[v]; ok {
			c.ps.add(path, "%s is the id of %s too", v, first)
		}
		c.owners[v] = path
	}
}

// ref checks an id that points at an entry: well formed, and an entry of the file.
func (c *importCheck) ref(path, v string) {
	if c.id(path, v) && !c.entryIDs[v] {
		c.ps.add(path, "%s is no entry of the file", v)
	}
}

func (c *importCheck) name(path, v string) { c.ps.text(path, v, MaxNameLength, false) }

// tournament checks the tournament's own record and its courts.
func (c *importCheck) tournament(t *Tournament) {
	c.own("tournament.id", t.ID)
	c.name("tournament.name", t.Name)
	c.ps.text("tournament.description", t.Description, MaxDescriptionLength, true)
	if !slices.Contains(States, t.State) {
		c.ps.add("tournament.state", "must be one of %s, not %q", list(States), t.State)
	}
	if t.Mirror != nil {
		c.ps.text("tournament.mirror.source", t.Mirror.Source, 2048, false)
	}
	if t.TimeZone != "" && !ValidZone(t.TimeZone) {
		c.ps.add("tournament.timeZone", "%q is no time zone: use a name such as Europe/Paris", short(t.TimeZone))
	}
	if len(t.Courts) > MaxSetupCourts {
		c.ps.add("tournament.courts", "at most %d courts (limit %q), not %d", MaxSetupCourts, "courts per tournament", len(t.Courts))
	}
	for i, court := range t.Courts {
		p := fmt.Sprintf("tournament.courts[%d]", i)
		c.own(p+".id", court.ID)
		c.name(p+".name", court.Name)
		c.courts[court.ID] = true
	}
}

// entries checks the players and teams, each once; false when there are
// more than an import holds.
func (c *importCheck) entries(entries []*Entry) bool {
	if len(entries) > MaxImportRecords {
		c.ps.add("entries", "at most %d entries and players (limit %q), not %d", MaxImportRecords, "entries per tournament", len(entries))
		return false
	}
	for i, e := range entries {
		p := fmt.Sprintf("entries[%d]", i)
		if e == nil {
			c.ps.add(p, "must be an entry, not null")
			continue
		}
		c.own(p+".id", e.ID)
		c.entryIDs[e.ID] = true
		c.entry(p, e)
	}
	return true
}

// entry checks an entry's name and its players (a team's may be nil, a player short).
func (c *importCheck) entry(path string, e *Entry) {
	c.name(path+".name", e.Name)
	if len(e.Entries) > MaxTeamPlayers {
		c.ps.add(path+".entries", "at most %d players in a team (limit %q)", MaxTeamPlayers, "players per team")
		return
	}
	for k, pl := range e.Entries {
		if pl != nil {
			pp := fmt.Sprintf("%s.entries[%d]", path, k)
			c.id(pp+".id", pl.ID)
			c.name(pp+".name", pl.Name)
		}
	}
}

// layout checks the disciplines, their stages, groups and rounds; false
// when there are more disciplines than a tournament has.
func (c *importCheck) layout(disciplines []Discipline) bool {
	if len(disciplines) > MaxSetupDisciplines {
		c.ps.add("tournament.disciplines", "at most %d disciplines (limit %q), not %d", MaxSetupDisciplines, "disciplines per tournament", len(disciplines))
		return false
	}
	for di := range disciplines {
		c.discipline(fmt.Sprintf("tournament.disciplines[%d]", di), &disciplines[di])
	}
	return true
}

// discipline checks a discipline, its lists of entries and its stages.
func (c *importCheck) discipline(dp string, d *Discipline) {
	c.own(dp+".id", d.ID)
	c.name(dp+".name", d.Name)
	c.name(dp+".shortName", d.ShortName)
	if !slices.Contains(EntryTypes, d.EntryType) {
		c.ps.add(dp+".entryType", "must be one of %s, not %q", list(EntryTypes), d.EntryType)
	}
	for _, l := range []struct {
		key string
		ids []string
	}{{"entryIds", d.EntryIDs}, {"withdrawn", d.Withdrawn}, {"checkedIn", d.CheckedIn}} {
		if len(l.ids) > MaxSetupEntries {
			c.ps.add(dp+"."+l.key, "at most %d entries (limit %q), not %d", MaxSetupEntries, "entries per tournament", len(l.ids))
			continue
		}
		for k, e := range l.ids {
			c.ref(fmt.Sprintf("%s.%s[%d]", dp, l.key, k), e)
		}
	}
	if len(d.Stages) > MaxSetupStages {
		c.ps.add(dp+".stages", "at most %d stages (limit %q), not %d", MaxSetupStages, "stages per discipline", len(d.Stages))
		return
	}
	for si := range d.Stages {
		c.stage(fmt.Sprintf("%s.stages[%d]", dp, si), d.ID, &d.Stages[si])
	}
}

// stage checks a stage of the discipline d, its draw and its groups.
func (c *importCheck) stage(sp, d string, st *Stage) {
	c.own(sp+".id", st.ID)
	c.name(sp+".name", st.Name)
	if st.DrawBy != "" && st.DrawBy != DrawAutomatic && st.DrawBy != DrawByDirector {
		c.ps.add(sp+".drawBy", "must be %q or %q, not %q", DrawAutomatic, DrawByDirector, short(st.DrawBy))
	}
	for _, l := range []struct {
		key string
		ids []string
	}{{"proposal", st.Proposal}, {"drawn", st.Drawn}} {
		if len(l.ids) > MaxSetupEntries {
			c.ps.add(sp+"."+l.key, "at most %d entries (limit %q), not %d", MaxSetupEntries, "entries per tournament", len(l.ids))
			continue
		}
		twice := map[string]bool{}
		for k, e := range l.ids {
			c.ref(fmt.Sprintf("%s.%s[%d]", sp, l.key, k), e)
			if twice[e] {
				c.ps.add(fmt.Sprintf("%s.%s[%d]", sp, l.key, k), "%s is in the draw twice", e)
			}
			twice[e] = true
		}
	}
	if len(st.Groups) > MaxSetupEntries {
		c.ps.add(sp+".groups", "more groups than entries (limit %q)", "entries per tournament")
		return
	}
	for gi := range st.Groups {
		c.group(fmt.Sprintf("%s.groups[%d]", sp, gi), &st.Groups[gi], groupPlace{discipline: d, stage: st.ID})
	}
}

// group checks a group and its rounds, and notes where it is for its matches.
func (c *importCheck) group(gp string, g *Group, at groupPlace) {
	c.own(gp+".id", g.ID)
	c.name(gp+".name", g.Name)
	if !slices.Contains(Modes, g.Mode) {
		c.ps.add(gp+".tournamentMode", "must be one of %s, not %q", list(Modes), g.Mode)
	}
	if n := len(g.Options.MatchConfigurations); n == 0 || n > MaxSetupStages {
		c.ps.add(gp+".options.matchConfigurations", "a group has 1 to %d match configurations, not %d", MaxSetupStages, n)
	}
	for k, mc := range g.Options.MatchConfigurations {
		c.name(fmt.Sprintf("%s.options.matchConfigurations[%d].name", gp, k), mc.Name)
	}
	if len(g.Encounters) > MaxEncounters {
		c.ps.add(gp+".encounters", "at most %d encounters (limit %q)", MaxEncounters, "encounters per league match")
	}
	for k, e := range g.Encounters {
		c.name(fmt.Sprintf("%s.encounters[%d]", gp, k), e)
	}
	if sc := g.Scoring; sc != nil && (sc.Win < 1 || sc.Draw < 0 || sc.Bye < 0 || sc.Win > 99 || sc.Bye > 99 || sc.Draw >= sc.Win) {
		c.ps.add(gp+".scoring", "win must be from 1 to 99, draw and bye from 0 to 99, and a draw worth less than a win") // as a setup's points
	}
	if len(g.EntryIDs) > MaxSetupEntries || len(g.Standings) > MaxSetupEntries || len(g.TieBreaks) > len(TieBreakNames) {
		c.ps.add(gp, "more entries, standings or tie-breaks than a group can have")
		return
	}
	for k, e := range g.EntryIDs {
		c.ref(fmt.Sprintf("%s.entryIds[%d]", gp, k), e)
	}
	for k, s := range g.Standings {
		c.name(fmt.Sprintf("%s.standings[%d].entry.name", gp, k), s.Entry.Name)
	}
	for k, tb := range g.TieBreaks {
		if !slices.Contains(TieBreakNames, tb) {
			c.ps.add(fmt.Sprintf("%s.tieBreaks[%d]", gp, k), "must be one of %s, not %q", list(TieBreakNames), tb)
		}
	}
	if len(g.Rounds) > MaxMatches {
		c.ps.add(gp+".rounds", "more rounds than matches (limit %q)", "matches per tournament")
		return
	}
	at.group, at.rounds = g, map[string]bool{}
	for k, r := range g.Rounds {
		rp := fmt.Sprintf("%s.rounds[%d]", gp, k)
		c.own(rp+".id", r.ID)
		c.name(rp+".name", r.Name)
		at.rounds[r.ID] = true
	}
	c.groups[g.ID] = at
}

// matches checks every match, then where the winners and losers go (a match
// may send them to a later one of the file); false when there are more
// matches than a tournament has.
func (c *importCheck) matches(matches []*Match) bool {
	if len(matches) > MaxMatches {
		c.ps.add("matches", "at most %d matches (limit %q), not %d", MaxMatches, "matches per tournament", len(matches))
		return false
	}
	for i, m := range matches {
		p := fmt.Sprintf("matches[%d]", i)
		if m == nil {
			c.ps.add(p, "must be a match, not null")
			continue
		}
		c.own(p+".id", m.ID)
		c.matchIDs[m.ID] = true
		c.match(p, m)
	}
	for i, m := range matches {
		if m == nil {
			continue
		}
		for _, s := range []struct {
			key  string
			slot *Slot
		}{{"winnerTo", m.WinnerTo}, {"loserTo", m.LoserTo}} {
			if s.slot != nil && (!c.matchIDs[s.slot.MatchID] || s.slot.Side < 0 || s.slot.Side > 1) {
				c.ps.add(fmt.Sprintf("matches[%d].%s", i, s.key), "no side of a match of the file")
			}
		}
	}
	return true
}

// match checks a match: its state, its sides, its place in a group and a
// round of the tournament, its courts and its result.
func (c *importCheck) match(p string, m *Match) {
	if !slices.Contains(MatchStates, m.State) {
		c.ps.add(p+".state", "must be one of %s, not %q", list(MatchStates), m.State)
	}
	for side, e := range m.Entries {
		if e == nil {
			continue
		}
		ep := fmt.Sprintf("%s.entries[%d]", p, side)
		c.entry(ep, e)
		if c.id(ep+".id", e.ID) && !c.entryIDs[e.ID] { // a team drawn for one round (monster_dyp) is its players
			if len(e.Entries) == 0 {
				c.ps.add(ep+".id", "%s is no entry of the file", e.ID)
			}
			for k, pl := range e.Entries {
				if pl != nil && !c.entryIDs[pl.ID] {
					c.ps.add(fmt.Sprintf("%s.entries[%d].id", ep, k), "%s is no entry of the file", pl.ID)
				}
			}
		}
	}
	g, ok := c.groups[m.GroupID]
	switch {
	case !ok:
		c.ps.add(p+".groupId", "%q is no group of the tournament", short(m.GroupID))
	case m.DisciplineID != g.discipline || m.StageID != g.stage:
		c.ps.add(p+".stageId", "the match's discipline and stage are not its group's")
	case !g.rounds[m.RoundID]:
		c.ps.add(p+".roundId", "%q is no round of the match's group", short(m.RoundID))
	case m.Config < 0 || m.Config >= len(g.group.Options.MatchConfigurations):
		c.ps.add(p+".config", "the group has no match configuration %d", m.Config)
	}
	if len(m.CourtIDs) > MaxSetupCourts {
		c.ps.add(p+".courtIds", "at most %d courts (limit %q)", MaxSetupCourts, "courts per tournament")
	} else {
		for k, court := range m.CourtIDs {
			if !c.courts[court] {
				c.ps.add(fmt.Sprintf("%s.courtIds[%d]", p, k), "%q is no court of the tournament", short(court))
			}
		}
	}
	c.ps.result(p+".encounters", m.Encounters)
}

// audit checks the audit log: result writes of matches of the file, at most
// AuditCap each.
func (c *importCheck) audit(audit map[string][]AuditEntry) {
	if len(audit) > len(c.matchIDs) {
		c.ps.add("audit", "has more matches than the file (%d, not %d)", len(c.matchIDs), len(audit))
		return
	}
	for _, mid := range slices.Sorted(maps.Keys(audit)) {
		p := "audit." + short(mid)
		if !c.matchIDs[mid] {
			c.ps.add(p, "%q is no match of the file", short(mid))
			continue
		}
		as := audit[mid]
		if len(as) > AuditCap {
			c.ps.add(p, "at most %d result writes a match (the audit log keeps the newest %d), not %d", AuditCap, AuditCap, len(as))
			continue
		}
		for k, a := range as {
			ap := fmt.Sprintf("%s[%d]", p, k)
			if a.MatchID != mid {
				c.ps.add(ap+".matchId", "is not %s", short(mid))
			}
			c.name(ap+".by", a.By)
			c.ps.result(ap+".old", a.Old)
			c.ps.result(ap+".new", a.New)
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
