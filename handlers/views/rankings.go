package views

import (
	"cmp"
	"context"
	"strings"

	"courtside/templates"
	"courtside/tournament"
)

// SeriesHref is the address of an organizer's series page.
func SeriesHref(org tournament.Organizer, id string) string {
	return "/o/" + org.Slug + "/series/" + id
}

// PlayerHref is the address of a registered player's profile.
func PlayerHref(org tournament.Organizer, id string) string {
	return "/o/" + org.Slug + "/players/" + id
}

// PartLabel names a series part: the tournament, and the discipline when it has several.
func PartLabel(s *tournament.Snapshot, disciplineID string) (label, short string) {
	if s == nil {
		return "?", "?"
	}
	label, short = s.Tournament.Name, s.Tournament.Name
	if d, ok := s.Discipline(disciplineID); ok {
		if len(s.Tournament.Disciplines) > 1 {
			label += " · " + d.Name
		}
		short = initials(s.Tournament.Name)
		if len(s.Tournament.Disciplines) > 1 {
			short += " " + cmp.Or(d.ShortName, initials(d.Name))
		}
	}
	return label, short
}

// ClassName is an event class in the page's language.
func ClassName(ctx context.Context, c tournament.EventClass) string {
	switch c {
	case tournament.ClassRegional:
		return templates.T(ctx, "Regional event")
	case tournament.ClassNational:
		return templates.T(ctx, "National event")
	case tournament.ClassInternational:
		return templates.T(ctx, "International event")
	}
	return templates.T(ctx, "Club event")
}

// CSVSafe keeps a spreadsheet from reading a name as a formula: every cell
// that holds a name (a player's, a tournament's, a discipline's) goes through it.
func CSVSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// initials shortens a tournament's name for a column head: "Club Night 3" → "CN3".
func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r := []rune(w)
		if r[0] >= '0' && r[0] <= '9' {
			b.WriteString(w)
			continue
		}
		b.WriteRune(r[0])
	}
	return b.String()
}
