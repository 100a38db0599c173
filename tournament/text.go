package tournament

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
)

// TextProblem checks a name or text that came from outside (a setup file or
// form, the console, an import, a screen): it says what is wrong, or returns
// nil. Text is refused at the door, never cleaned behind the sender's back,
// when it is longer than maxLen characters, is not UTF-8, or holds a
// character that makes it read other than it is: a control character (NUL,
// a newline in a name), a bidirectional override or isolate ("Court ‮evil‬"
// reads "Court live"), or an invisible one (a zero-width space, a BOM, which
// make look-alike twins of a name). multiline lets a description have line
// breaks and tabs. A zero-width joiner or non-joiner is taken only where
// writing needs it (see joins): elsewhere ("An\u200dna") it only makes a
// twin of a name that looks the same, and is refused with its own message.
func TextProblem(s string, maxLen int, multiline bool) *Message {
	if !utf8.ValidString(s) {
		return &Message{Format: "is not UTF-8 text"}
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return &Message{Format: "must be at most %d characters (limit %q), not %d", Args: []any{maxLen, lengthLimit(maxLen), n}}
	}
	rs := []rune(s)
	for i, r := range rs {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if r == '\u200c' || r == '\u200d' {
			if joins(rs, i) {
				continue
			}
			return &Message{Format: "must not contain a zero-width joiner or non-joiner (%U) here: no script or emoji joins there, so it only hides in the name", Args: []any{r}}
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp) || r == '\ufffd' {
			return &Message{Format: "must not contain the invisible or control character %U", Args: []any{r}}
		}
	}
	return nil
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

// lengthLimit is the name of the limit of that many characters.
func lengthLimit(n int) string {
	switch n {
	case MaxDescriptionLength:
		return "description length"
	case MaxScreenMessageLength:
		return "screen message length"
	}
	return "name length"
}
