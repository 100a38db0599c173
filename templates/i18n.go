package templates

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"courtside/locale"
	"courtside/tournament"
)

type langKey struct{}

// WithLang returns ctx carrying the language pages render in, one of
// locale.Langs: the texts are in package locale, a catalog per language
// (locale/translations/<code>.json), and T, Tf, Reason, Date and Number read
// them.
func WithLang(ctx context.Context, l locale.Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangOf is the language pages render in; English when none was chosen.
func LangOf(ctx context.Context) locale.Lang {
	if l, ok := ctx.Value(langKey{}).(locale.Lang); ok {
		return l
	}
	return locale.English
}

type sportKey struct{}

// WithSport returns ctx carrying the sport of the tournament a page shows,
// so that T says each sport's own words.
func WithSport(ctx context.Context, s tournament.Sport) context.Context {
	return context.WithValue(ctx, sportKey{}, s)
}

// SportOf is the sport WithSport gave ctx; table soccer when none was given.
func SportOf(ctx context.Context) tournament.Sport {
	if s, ok := ctx.Value(sportKey{}).(tournament.Sport); ok && s != "" {
		return s
	}
	return tournament.TableSoccer
}

type wordsKey struct{}

// WithWords returns ctx telling a match in the words its configuration is
// played in (tournament.Sport.Words): T says a catalog's "<words>:<text>"
// before the sport's own, so darts played in sets of legs has "Sets won"
// where darts in legs has "Legs won".
func WithWords(ctx context.Context, words string) context.Context {
	return context.WithValue(ctx, wordsKey{}, words)
}

// InWords renders c with WithWords: a page of one match in its words.
func InWords(words string, c templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return c.Render(WithWords(ctx, words), w)
	})
}

// T translates an English text (or a state, mode or entry type) into the
// page's language; a text its catalog lacks is English. On a page of a
// tournament (WithSport) a catalog's "<sport>:<text>" says the text in that
// sport's words: a pétanque "Bahn" for "Court" in German, a darts "Leg" for
// "Set"; without one the text is the same for every sport.
func T(ctx context.Context, text string) string {
	l := LangOf(ctx)
	if w, ok := ctx.Value(wordsKey{}).(string); ok && w != "" {
		if key := w + ":" + text; locale.Has(l, key) {
			return locale.Text(l, key)
		}
	}
	if s, ok := ctx.Value(sportKey{}).(tournament.Sport); ok && s != "" {
		if key := string(s) + ":" + text; locale.Has(l, key) {
			return locale.Text(l, key)
		}
	}
	return locale.Text(l, text)
}

// Tf translates a format and fills it in.
func Tf(ctx context.Context, format string, args ...any) string {
	return fmt.Sprintf(T(ctx, format), args...)
}

// Tn is Tf for a text that counts n things: one is the format where the
// page's language says n in the singular (1 in English and German; 0 and 1
// in French), other elsewhere. Both are keys of the catalogs.
func Tn(ctx context.Context, n int, one, other string, args ...any) string {
	if locale.Singular(LangOf(ctx), n) {
		return Tf(ctx, one, args...)
	}
	return Tf(ctx, other, args...)
}

// RoundName says the round names the rules give in the page's language: a
// fixed one ("Semi-finals", and "Round of 16", which German names
// "Achtelfinale") or a numbered one ("Round 3", "Round of 64").
func RoundName(ctx context.Context, name string) string {
	if t := T(ctx, name); t != name {
		return t
	}
	for _, format := range roundFormats {
		var n int
		if _, err := fmt.Sscanf(name, format, &n); err == nil && fmt.Sprintf(format, n) == name {
			return Tf(ctx, format, n)
		}
	}
	return T(ctx, name)
}

// roundFormats are the numbered round names the rules give.
var roundFormats = []string{"Round %d", "Round of %d", "Winners Round of %d", "Losers round %d"}

// Reason says why the rules refused something, in the page's language: the
// format translated, and those of its arguments that are states, modes or
// entry types as words, round names and matches as RoundName and
// MatchLabel say them (tournament.RuleError, ResultError and Problem carry
// their reasons so).
func Reason(ctx context.Context, format string, args ...any) string {
	words := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case tournament.MatchState:
			words[i] = T(ctx, string(v))
		case tournament.PhaseState:
			words[i] = T(ctx, string(v))
		case tournament.State:
			words[i] = T(ctx, string(v))
		case tournament.Mode:
			words[i] = T(ctx, string(v))
		case tournament.EntryType:
			words[i] = T(ctx, string(v))
		case tournament.RoundName:
			words[i] = RoundName(ctx, string(v))
		case tournament.MatchLabel:
			if v.Round == "" {
				words[i] = Tf(ctx, "%s v %s", v.Sides[0], v.Sides[1])
			} else {
				words[i] = Tf(ctx, "%s, %s: %s v %s", v.Group, RoundName(ctx, string(v.Round)), v.Sides[0], v.Sides[1])
			}
		default:
			words[i] = a
		}
	}
	return fmt.Sprintf(T(ctx, format), words...)
}

// Number is a number in the page's language: "1,75" and "12.345" in
// German, "1.75" and "12,345" in English; decimals as strconv.FormatFloat
// takes them (-1: as few as tell the number).
func Number(ctx context.Context, v float64, decimals int) string {
	c := locale.Of(LangOf(ctx))
	point, group := c.Decimal, c.Group
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(d)
	}
	if hasFrac {
		b.WriteString(point + frac)
	}
	return b.String()
}

// ISO is the machine-readable form for <time datetime>.
func ISO(t tournament.Time) string { return t.UTC().Format(time.RFC3339) }

// colon is a label's colon in the page's language: French sets it off by
// a no-break space ("Libre :"), English and German do not.
func colon(ctx context.Context) string {
	if LangOf(ctx) == locale.French {
		return "\u00a0:"
	}
	return ":"
}

// Ordinal is a place as the page's language writes it: "1st", "22nd" in
// English, "1er", "2e" in French, "1." in German (and in a language that
// says nothing else).
func Ordinal(ctx context.Context, n int) string {
	switch LangOf(ctx) {
	case locale.English:
	case locale.French:
		if n == 1 {
			return "1er"
		}
		return strconv.Itoa(n) + "e"
	default:
		return strconv.Itoa(n) + "."
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
