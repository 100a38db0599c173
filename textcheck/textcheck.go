// Package textcheck judges text that came from outside (a setup file or form,
// an import, an organizer's name, a screen's message) where the rule book
// cannot: whether a zero-width joiner or non-joiner is writing, by IDNA's
// contextual rules (golang.org/x/text/secure/precis). tournament.TextProblem
// says everything else; Problem says both, and Joiners finds the joiners
// that are not writing in every text of a setup or a file, at their JSON
// paths. The rule book imports the standard library alone (TestImports).
package textcheck

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode"

	"golang.org/x/text/secure/precis"

	"courtside/tournament"
)

// Problem says what is wrong with a text that came from outside, or
// returns nil: tournament.TextProblem, then a joiner that is not writing.
func Problem(s string, maxLen int, multiline bool) *tournament.Message {
	if m := tournament.TextProblem(s, maxLen, multiline); m != nil {
		return m
	}
	return Joiner(s)
}

// Joiner refuses a zero-width joiner or non-joiner that no writing needs:
// elsewhere ("An\u200dna") it only makes a twin of a name that looks the
// same. It is taken where writing needs it (see joins).
func Joiner(s string) *tournament.Message {
	rs := []rune(s)
	for i, r := range rs {
		if (r == '\u200c' || r == '\u200d') && !joins(rs, i) {
			return &tournament.Message{Format: "must not contain a zero-width joiner or non-joiner (%U) here: no script or emoji joins there, so it only hides in the name", Args: []any{r}}
		}
	}
	return nil
}

// Joiners lists Joiner's problems with every text of v (a tournament.Setup,
// an organizer's name, a decoded file) at its JSON path under path:
// "disciplines[0].entries[1]", as the rule book's problems name them.
func Joiners(path string, v any) tournament.Problems {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil
	}
	var ps tournament.Problems
	walk(path, doc, &ps)
	return ps
}

// walk notes the joiners of every text in v.
func walk(path string, v any, ps *tournament.Problems) {
	switch v := v.(type) {
	case string:
		if m := Joiner(v); m != nil {
			*ps = append(*ps, tournament.Problem{Path: path, Message: *m})
		}
	case []any:
		for i, e := range v {
			walk(fmt.Sprintf("%s[%d]", path, i), e, ps)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			walk(p, v[k], ps)
		}
	}
}

// joinRules checks IDNA's contextual rules for joiners (RFC 5892,
// appendix A.1 and A.2, which PRECIS applies): a joiner or non-joiner right
// after a virama (Devanagari क्‍ष, Sinhala ශ්‍රී), or a non-joiner between
// letters that would join (Persian می‌خواهم).
var joinRules = precis.NewFreeform()

// joins reports whether the zero-width joiner or non-joiner at rs[i] is
// writing: where IDNA's contextual rules take it (joinRules, asked about the
// joiner with the letters and marks on either side), or a joiner inside an
// emoji sequence (👩‍💻, 🏳️‍🌈), which IDNA has no emoji to need.
func joins(rs []rune, i int) bool {
	if rs[i] == '\u200d' && i > 0 && i+1 < len(rs) && emojiBefore(rs[i-1]) && unicode.Is(unicode.So, rs[i+1]) {
		return true
	}
	lo, hi := i, i+1
	for lo > 0 && unicode.In(rs[lo-1], unicode.Mn, unicode.Me) {
		lo--
	}
	if lo > 0 {
		lo--
	}
	for hi < len(rs) && unicode.In(rs[hi], unicode.Mn, unicode.Me) {
		hi++
	}
	if hi < len(rs) {
		hi++
	}
	_, err := joinRules.String(string(rs[lo:hi]))
	return err == nil
}

// emojiBefore tells what an emoji sequence's joiner may follow: an emoji
// (a symbol), its presentation selector U+FE0F, or a skin tone.
func emojiBefore(r rune) bool {
	return unicode.Is(unicode.So, r) || r == '\ufe0f' || r >= 0x1f3fb && r <= 0x1f3ff
}
