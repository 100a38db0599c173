package templates

import (
	"context"
	"strconv"
	"time"

	"github.com/a-h/templ"

	"courtside/locale"
	"courtside/tournament"
)

// Zone is the time zone in which a tournament's times and days are read: its
// venue's. Every time of day and every day that a page, a court board or a
// TV shows of a tournament is written through a Zone, so that a spectator
// whose phone is set elsewhere, or a TV whose system runs on UTC, reads the
// venue's time; the browser keeps it current in the same zone (data-zone).
//
// The zero Zone is a tournament without a zone (one followed from elsewhere,
// or made before venues had zones): the server writes UTC, as
// tournament.VenueLocation reads an empty zone, and says so ("14:05 UTC");
// the browser then shows the viewer's own time, as nothing better is known.
type Zone struct{ loc *time.Location }

// VenueZone is the zone a tournament's TimeZone names; the zero Zone for ""
// and for a name that is no venue zone (tournament.ValidZone).
func VenueZone(name string) Zone {
	if !tournament.ValidZone(name) {
		return Zone{}
	}
	return Zone{loc: tournament.VenueLocation(name)}
}

// Name is the zone's IANA name, "" for a tournament without one: the
// browser formats in the named zone, never in its own.
func (z Zone) Name() string {
	if z.loc == nil {
		return ""
	}
	return z.loc.String()
}

// in is t at the venue (in UTC without a zone).
func (z Zone) in(t tournament.Time) time.Time {
	if z.loc == nil {
		return t.UTC()
	}
	return t.In(z.loc)
}

// Clock is a time of day at the venue, "00:30"; "23:30 UTC" without a zone,
// until the browser shows it in the viewer's time.
func (z Zone) Clock(t tournament.Time) string {
	if t.IsZero() {
		return ""
	}
	if z.loc == nil {
		return t.UTC().Format("15:04") + " UTC"
	}
	return z.in(t).Format("15:04")
}

// Date is the venue's calendar day in the page's language: "29 Nov 2026",
// "29.11.2026".
func (z Zone) Date(ctx context.Context, t tournament.Time) string {
	if t.IsZero() {
		return ""
	}
	return z.in(t).Format(locale.Of(LangOf(ctx)).Date)
}

// SameDay reports whether a and b fall on one day at the venue.
func (z Zone) SameDay(a, b time.Time) bool {
	loc := time.UTC
	if z.loc != nil {
		loc = z.loc
	}
	ay, am, ad := a.In(loc).Date()
	by, bm, bd := b.In(loc).Date()
	return ay == by && am == bm && ad == bd
}

// Title says, as a tooltip, whose time a time of day is: the day, the time
// and the venue's zone ("29 Nov 2026, 00:30, venue time (Europe/Paris)"), so
// that a viewer who is elsewhere knows. "" without a zone: the browser writes
// the viewer's own.
func (z Zone) Title(ctx context.Context, t tournament.Time) string {
	if t.IsZero() || z.loc == nil {
		return ""
	}
	return Tf(ctx, "%s, %s, venue time (%s)", z.Date(ctx, t), z.Clock(t), z.Name())
}

// zoneAttrs are a time's attributes that name the venue's zone: the zone the
// browser formats it in (data-zone) and the tooltip (Title). None without a
// zone.
func zoneAttrs(ctx context.Context, z Zone, t tournament.Time) templ.Attributes {
	if z.loc == nil {
		return nil
	}
	return templ.Attributes{"data-zone": z.Name(), "title": z.Title(ctx, t)}
}

// clockAttrs name the zone a TV's clock shows (the venue's, whatever the
// TV's own system is set to), and the venue's offset from UTC now in
// minutes, by which a browser that cannot format in a named zone (an old
// TV's) still tells the venue's time; none without a zone.
func clockAttrs(z Zone) templ.Attributes {
	if z.loc == nil {
		return nil
	}
	_, offset := time.Now().In(z.loc).Zone()
	return templ.Attributes{"data-zone": z.Name(), "data-offset": strconv.Itoa(offset / 60)}
}
