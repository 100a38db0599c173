package tournament

import (
	"unicode"
	"unicode/utf8"
)

// TextProblem checks a name or text that came from outside (a setup file or
// form, the console, an import, a screen): it says what is wrong, or returns
// nil. Text is refused at the door, never cleaned behind the sender's back,
// when it is longer than maxLen characters, is not UTF-8, or holds a
// character that makes it read other than it is: a control character (NUL,
// a newline in a name), a bidirectional override or isolate ("Court ‮evil‬"
// reads "Court live"), or an invisible one (a zero-width space, a BOM, which
// make look-alike twins of a name). multiline lets a description have line
// breaks and tabs. A zero-width joiner or non-joiner is left to package
// textcheck, which judges it at the doors text comes in by (it takes one only
// where writing needs it, which takes Unicode tables beyond the standard
// library's, and the rule book imports the standard library alone).
func TextProblem(s string, maxLen int, multiline bool) *Message {
	if !utf8.ValidString(s) {
		return &Message{Format: "is not UTF-8 text"}
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return &Message{Format: "must be at most %d characters (limit %q), not %d", Args: []any{maxLen, lengthLimit(maxLen), n}}
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if r == '\u200c' || r == '\u200d' {
			continue // textcheck.Joiner
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp) || r == '\ufffd' {
			return &Message{Format: "must not contain the invisible or control character %U", Args: []any{r}}
		}
	}
	return nil
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
