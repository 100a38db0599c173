package upstream

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"courtside/tournament"
)

// This file holds what an upstream answer must be before any of it is
// written. Every id in an answer is a claim: the copy is written under the
// id that was followed, whatever the answer names, and an answer whose ids do
// not fit the followed tournament's copy (another tournament's record, a
// match asked for that comes back as another, a discipline's list holding
// another discipline's matches, ids that are not ids) is refused whole. Every
// count is bounded (tournament's Following limits) and every text is cleaned
// and cut at the door: control characters, bidi overrides and zero-width
// characters are dropped, names cut to tournament.MaxUpstreamNameLength.

// Refusal is an upstream answer that Courtside does not take; nothing of it
// was written. Its Message says why, for `follow list` and the console.
type Refusal struct{ tournament.Message }

func (e *Refusal) Error() string { return "upstream: answer refused: " + e.String() }

// refuse is a Refusal saying why as fmt.Sprintf(format, args...) would.
func refuse(format string, args ...any) error {
	return &Refusal{tournament.Message{Format: format, Args: args}}
}

// validID reports whether s can be an id: 1 to MaxUpstreamIDLength bytes of
// letters, digits and the punctuation ids of the real service use. Ids end up
// in Redis keys and hash fields and in addresses: nothing else passes.
func validID(s string) bool {
	if s == "" || len(s) > tournament.MaxUpstreamIDLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !idByte(s[i]) {
			return false
		}
	}
	return true
}

func idByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(":_-.~", c) >= 0
}

// shown is an id the upstream sent, safe to repeat in a message.
func shown(id string) string {
	if validID(id) {
		return id
	}
	return fmt.Sprintf("%q", cut(cleanText(id, false), 40))
}

// checkID refuses an id that is not one; what names it (kind) goes in the message.
func checkID(kind, id string) error {
	if !validID(id) {
		return refuse("the answer names a %s with the id %s, which is not an id (letters, digits and :_-.~, at most %d)", kind, shown(id), tournament.MaxUpstreamIDLength)
	}
	return nil
}

// checkOptionalID is checkID for an id the answer may leave out.
func checkOptionalID(kind, id string) error {
	if id == "" {
		return nil
	}
	return checkID(kind, id)
}

// checkCount refuses a count over its limit.
func checkCount(what string, n, limit int) error {
	if n > limit {
		return refuse("the answer holds %d %s, more than the %d Courtside takes", n, what, limit)
	}
	return nil
}

// invisible reports whether r changes how text around it reads without
// showing itself: bidi overrides, embeddings, isolates and marks, zero-width
// characters, the byte order mark. "Court \u202eevil" would read "Court live".
func invisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return true
	}
	return false
}

// cleanText drops what a name must not hold: invalid UTF-8, control
// characters (NUL, newlines and tabs become a space; a description keeps
// its line breaks when lines is set) and invisible characters; runs of
// spaces become one, and the ends are trimmed.
func cleanText(s string, lines bool) string {
	var b strings.Builder
	b.Grow(min(len(s), 4*tournament.MaxUpstreamDescriptionLength))
	space := false
	for _, r := range s {
		switch {
		case r == '\n' && lines:
			b.WriteByte('\n')
			space = false
			continue
		case r == utf8.RuneError, invisible(r):
			continue
		case unicode.IsControl(r), unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if b.Len() > 4*tournament.MaxUpstreamDescriptionLength {
			break // longer than anything is kept: the rest is cut anyway
		}
	}
	return strings.TrimSpace(b.String())
}

// cut keeps the first n characters of s.
func cut(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			return strings.TrimSpace(s[:k])
		}
		i++
	}
	return s
}

// Clean is text from an upstream as an organizer may read it: cleaned as
// names are, cut to n characters.
func Clean(s string, n int) string { return cut(cleanText(s, false), n) }

// cleanName is a name as Courtside keeps it: cleaned and cut to MaxUpstreamNameLength.
func cleanName(s string) string {
	return cut(cleanText(s, false), tournament.MaxUpstreamNameLength)
}

// cleanDescription is a description as Courtside keeps it.
func cleanDescription(s string) string {
	return cut(cleanText(s, true), tournament.MaxUpstreamDescriptionLength)
}

// checkEntry refuses an entry whose ids are not ids or whose team is too
// large; its players' own players are dropped (no entry nests deeper).
func checkEntry(e *tournament.Entry) error {
	if e == nil {
		return nil
	}
	if err := checkOptionalID("entry", e.ID); err != nil {
		return err
	}
	if err := checkCount("players in a team", len(e.Entries), tournament.MaxTeamPlayers); err != nil {
		return err
	}
	for _, p := range e.Entries {
		if p == nil {
			continue
		}
		if err := checkOptionalID("player", p.ID); err != nil {
			return err
		}
		p.Entries = nil
	}
	return nil
}

// checkEntries refuses an entry list over its size or with an entry that does not fit.
func checkEntries(es []*tournament.Entry) error {
	if err := checkCount("entries", len(es), tournament.MaxSetupEntries); err != nil {
		return err
	}
	for _, e := range es {
		if err := checkEntry(e); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a match whose ids are not ids or whose result is larger
// than a result may be; which tournament, discipline and group it may be of
// the state decides (state.match).
func (w *wireMatch) check() error {
	if err := checkID("match", w.String()); err != nil {
		return err
	}
	for _, id := range append([]string{w.DisciplineID, w.StageID, w.GroupID, w.RoundID}, w.DisciplineIDs...) {
		if err := checkOptionalID("part of the tournament", id); err != nil {
			return err
		}
	}
	if err := checkCount("courts for a match", len(w.CourtIDs), tournament.MaxSetupCourts); err != nil {
		return err
	}
	for _, id := range w.CourtIDs {
		if err := checkID("court", id); err != nil {
			return err
		}
	}
	if err := checkCount("sides in a match", len(w.Entries), 2); err != nil {
		return err
	}
	for _, e := range w.Entries {
		if err := checkEntry(e.Entry); err != nil {
			return err
		}
	}
	if err := checkCount("encounters in a match", len(w.Encounters), tournament.MaxEncounters); err != nil {
		return err
	}
	for _, sets := range w.Encounters {
		if err := checkCount("sets in an encounter", len(sets), tournament.MaxSets); err != nil {
			return err
		}
		for _, s := range sets {
			if s[0] < 0 || s[1] < 0 || s[0] > tournament.MaxPoints || s[1] > tournament.MaxPoints {
				return refuse("the answer holds a score of %d:%d, beyond 0 to %d", s[0], s[1], tournament.MaxPoints)
			}
		}
	}
	w.RoundName, w.GroupName = cleanName(w.RoundName), cleanName(w.GroupName)
	return nil
}

// check refuses a tournament record that is another tournament's (its id is
// not the one followed), that holds more than the limits allow, or whose
// disciplines, stages and groups do not have ids of their own.
func (w *wireTournament) check(followed string) error {
	if id := w.String(); id != followed {
		return refuse("the answer is about tournament %s, not %s, the one followed", shown(id), followed)
	}
	if err := checkCount("disciplines", len(w.Disciplines), tournament.MaxUpstreamDisciplines); err != nil {
		return err
	}
	seen := map[string]bool{}
	unique := func(kind, id string) error {
		if err := checkID(kind, id); err != nil {
			return err
		}
		if seen[kind+" "+id] {
			return refuse("the answer names two %ss with the id %s", kind, id)
		}
		seen[kind+" "+id] = true
		return nil
	}
	groups := 0
	for _, d := range w.Disciplines {
		if err := unique("discipline", d.String()); err != nil {
			return err
		}
		if err := checkCount("stages in a discipline", len(d.Stages), tournament.MaxSetupStages); err != nil {
			return err
		}
		for _, st := range d.Stages {
			if err := unique("stage", st.String()); err != nil {
				return err
			}
			groups += len(st.Groups)
			if err := checkCount("groups", groups, tournament.MaxUpstreamGroups); err != nil {
				return err
			}
			for _, g := range st.Groups {
				if err := unique("group", g.String()); err != nil {
					return err
				}
				if err := checkCount("match configurations in a group", len(g.Options.MatchConfigurations), tournament.MaxUpstreamConfigurations); err != nil {
					return err
				}
				for _, c := range g.Options.MatchConfigurations {
					if c.NumSets < 0 || c.NumSets > tournament.MaxSets || c.NumPoints < 0 || c.NumPoints > tournament.MaxPoints {
						return refuse("group %s plays %d sets to %d points, beyond %d sets to %d", g.String(), c.NumSets, c.NumPoints, tournament.MaxSets, tournament.MaxPoints)
					}
				}
				if n := g.Options.NumRoundsPlanned; n < 0 || n > tournament.MaxUpstreamMatches {
					return refuse("group %s plans %d rounds", g.String(), n)
				}
			}
		}
	}
	return nil
}

// checkCourts refuses a court list over its size or with ids that are not ids.
func checkCourts(cs []wireCourt) error {
	if err := checkCount("courts", len(cs), tournament.MaxSetupCourts); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		if err := checkID("court", c.String()); err != nil {
			return err
		}
		if seen[c.String()] {
			return refuse("the answer names two courts with the id %s", c.String())
		}
		seen[c.String()] = true
		if err := checkOptionalID("match", c.CurrentMatchID); err != nil {
			return err
		}
		if c.CurrentMatch != nil {
			if err := c.CurrentMatch.check(); err != nil {
				return err
			}
		}
		c.Name = cleanName(c.Name)
	}
	return nil
}

// checkStandings refuses a table over its size or with ids that are not ids.
func checkStandings(rows []tournament.Standing) error {
	if err := checkCount("rows in a table", len(rows), tournament.MaxSetupEntries); err != nil {
		return err
	}
	for i := range rows {
		if err := checkOptionalID("table row", rows[i].ID); err != nil {
			return err
		}
		if err := checkOptionalID("entry", rows[i].Entry.ID); err != nil {
			return err
		}
		rows[i].Entry.Name = cleanName(rows[i].Entry.Name)
	}
	return nil
}
