package templates

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"courtside/locale"
	"courtside/record"
	"courtside/tournament"
)

// translationKey is one call of T or Tf found in the source.
type translationKey struct {
	key string // the literal key; "" when the key is an expression
	at  string // file:line
	fn  string // the function the call is in
	src string // the key's expression, for a dynamic one
	// args is how many arguments a refusal's format is given; -1 when not known.
	args int
}

// sourceDirs hold every Go file whose calls of T and Tf the tests check:
// the templ components (their generated Go), the handlers of every face,
// the use cases and the server; and the domain and the records, whose
// refusals carry formats that pages translate. A pattern matches directories.
var sourceDirs = []string{".", "../handlers/*", "../app", "../web", "../tournament", "../upstream", "../cache", "../record"}

// keyHelpers are the functions besides T and Tf whose second argument,
// after the context, is a key they translate: reply.BadInput (called
// BadInput inside its own package).
var keyHelpers = map[string]bool{"BadInput": true}

// translationCalls finds every key that reaches T: in templates.T(ctx,
// key) and Tf, T(ctx, key) inside this package, the handlers' one-argument
// shorthand T(key); and the formats of the domain's refusals (refuse,
// fault, Problems.add, tournament.Refuse, Message{Format: ...}) that Reason translates.
func translationCalls(t *testing.T) []translationKey {
	t.Helper()
	var calls []translationKey
	fset := token.NewFileSet()
	for _, dir := range sourceDirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				fn := "" // a package-level var, such as tournament.ErrStarted
				if fd, ok := decl.(*ast.FuncDecl); ok {
					fn = fd.Name.Name
				}
				shorthand := map[*ast.CallExpr]bool{} // T := func(s string) string { return templates.T(ctx, s) }
				ast.Inspect(decl, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok && len(lit.Body.List) == 1 {
						if ret, ok := lit.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
							if call, ok := ret.Results[0].(*ast.CallExpr); ok {
								shorthand[call] = true
							}
						}
					}
					if lit, ok := n.(*ast.CompositeLit); ok {
						if lit.Type == nil {
							return true
						}
						if name := exprText(lit.Type); name == "Message" || name == "tournament Message" {
							for _, el := range lit.Elts {
								if kv, ok := el.(*ast.KeyValueExpr); ok && exprText(kv.Key) == "Format" {
									if key, ok := literal(kv.Value); ok {
										calls = append(calls, translationKey{key: key, at: fset.Position(kv.Value.Pos()).String(), fn: fn, args: -1})
									}
								}
							}
						}
					}
					call, ok := n.(*ast.CallExpr)
					if !ok || shorthand[call] {
						return true
					}
					var arg ast.Expr
					if dir == "../tournament" || dir == "../upstream" || dir == "../record" { // only their refusals' literal formats
						switch fun := call.Fun.(type) {
						case *ast.Ident:
							if (fun.Name == "Refuse" || fun.Name == "badRequest") && len(call.Args) >= 1 {
								arg = call.Args[0]
							} else if fun.Name == "fault" && len(call.Args) >= 2 {
								arg = call.Args[1]
							}
						case *ast.SelectorExpr:
							if fun.Sel.Name == "add" && len(call.Args) >= 2 {
								arg = call.Args[1]
							}
						}
						if key, ok := literal(arg); ok {
							k := translationKey{key: key, at: fset.Position(arg.Pos()).String(), fn: fn, args: -1}
							if !call.Ellipsis.IsValid() {
								k.args = len(call.Args) - 1 - slices.Index(call.Args, arg)
							}
							calls = append(calls, k)
						}
						return true
					}
					if tn := exprText(call.Fun); (tn == "Tn" && dir == "." || tn == "templates Tn") && len(call.Args) >= 4 {
						for _, a := range call.Args[2:4] { // Tn(ctx, n, one, other, args...): both forms are keys
							k := translationKey{at: fset.Position(a.Pos()).String(), fn: fn, src: exprText(a), args: len(call.Args) - 4}
							k.key, _ = literal(a)
							calls = append(calls, k)
						}
						return true
					}
					switch fun := call.Fun.(type) {
					case *ast.Ident:
						switch {
						case keyHelpers[fun.Name] && len(call.Args) >= 2:
							arg = call.Args[1]
						case fun.Name != "T" && fun.Name != "Tf":
						case len(call.Args) == 1 && fun.Name == "T": // a handler's T := func(s string) string
							arg = call.Args[0]
						case len(call.Args) >= 2 && dir == ".":
							arg = call.Args[1]
						}
					case *ast.SelectorExpr:
						if x, ok := fun.X.(*ast.Ident); ok && x.Name == "templates" && (fun.Sel.Name == "T" || fun.Sel.Name == "Tf") && len(call.Args) >= 2 {
							arg = call.Args[1]
						}
						if x, ok := fun.X.(*ast.Ident); ok && x.Name == "reply" && keyHelpers[fun.Sel.Name] && len(call.Args) >= 2 {
							arg = call.Args[1]
						}
						if x, ok := fun.X.(*ast.Ident); ok && x.Name == "tournament" && fun.Sel.Name == "Refuse" && len(call.Args) >= 1 {
							if key, ok := literal(call.Args[0]); ok {
								calls = append(calls, translationKey{key: key, at: fset.Position(call.Args[0].Pos()).String(), fn: fn, args: len(call.Args) - 1})
							}
							return true
						}
					}
					if arg == nil {
						return true
					}
					k := translationKey{at: fset.Position(arg.Pos()).String(), fn: fn, src: exprText(arg), args: -1}
					k.key, _ = literal(arg)
					calls = append(calls, k)
					return true
				})
			}
		}
	}
	return calls
}

// literal is the string a literal expression holds.
func literal(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// exprText is an expression's names and literals, enough to tell one dynamic key from another.
func exprText(e ast.Expr) string {
	var b strings.Builder
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			b.WriteString(n.Name + " ")
		case *ast.BasicLit:
			b.WriteString(n.Value + " ")
		}
		return true
	})
	return strings.TrimSpace(b.String())
}

// enumKeys are the values that reach T as they are stored, by the list they come from.
func enumKeys() map[string][]string {
	all := map[string][]string{}
	for _, v := range tournament.MatchStates {
		all["match states"] = append(all["match states"], string(v))
	}
	for _, v := range tournament.PhaseStates {
		all["phase states"] = append(all["phase states"], string(v))
	}
	for _, v := range tournament.States {
		all["tournament states"] = append(all["tournament states"], string(v))
	}
	for _, v := range tournament.Modes {
		all["modes"] = append(all["modes"], string(v), "help:"+string(v))
	}
	for _, v := range tournament.EntryTypes {
		all["entry types"] = append(all["entry types"], string(v), "help:"+string(v))
	}
	// The results marks of a player's matches (handlers.Entry).
	all["marks"] = []string{"W", "D", "L"}
	// The names the rules give rounds (tournament/bracket.go,
	// progression.go), and the numbered ones' formats (roundFormats).
	all["round names"] = []string{"Final", "Winners final", "Semi-finals", "Winners Semi-finals", "Quarter-finals", "Winners Quarter-finals",
		"Losers final", "Grand final", "Grand final reset", "Third place", "Round %d", "Round of %d", "Winners Round of %d", "Losers round %d",
		"Round of 16", "Round of 32", "Winners Round of 16", "Winners Round of 32"}
	for _, s := range tournament.Sports {
		for _, f := range s.Rules().Formats {
			all["match formats"] = append(all["match formats"], f.Name)
		}
	}
	for _, v := range tournament.Sports {
		all["sports"] = append(all["sports"], string(v))
	}
	// The statuses an error page can have (handlers.Problem).
	for _, code := range []int{400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 502, 503} {
		all["status texts"] = append(all["status texts"], http.StatusText(code))
	}
	for _, v := range record.ScreenShows {
		all["screen views"] = append(all["screen views"], "show-"+v)
	}
	return all
}

// dynamicKeys are the calls whose key is an expression, by the function
// they are in and the expression, with the list their values come from (""
// when the key is a text translated elsewhere, or a format's own argument).
// A new call with a key that is not a literal fails the test until it is
// listed here with the values it can take.
var dynamicKeys = map[string]string{
	"Tf format":                             "", // Tf's own
	"Tn one":                                "", // Tn's own: its callers' forms are checked
	"Tn other":                              "",
	"BadInput format":                       "", // a key helper's own
	"CourtRange m Format":                   "", // record.CourtRange's formats, found in its source
	"Reason format":                         "", // the domain's formats, found in its source
	"Reason string v":                       "match states, phase states, tournament states, modes, entry types",
	"stateBadge state":                      "match states, phase states, tournament states",
	"Group string p Mode":                   "modes",
	"Tournament string d EntryType":         "entry types",
	"Tournament string g Mode":              "modes",
	"Follow string t State":                 "tournament states",
	"disciplineForm \"help:\" et Value":     "entry types",
	"modeHelp \"help:\" m Value":            "modes",
	"fillSetupForm string m":                "modes",
	"fillSetupForm string e":                "entry types",
	"fillSetupForm f Name":                  "match formats",
	"problemLinks fieldLabels k":            "", // the setup form's labels, literal in its template
	"RulesText f Name":                      "match formats",
	"drawPreview string t State":            "tournament states",
	"finishedElsewhere string m State":      "match states",
	"EntryLive mk":                          "marks",
	"screenForm \"show-\" show":             "screen views",
	"RoundName format":                      "round names",
	"RoundName name":                        "round names",
	"OrganizerList string o Sport":          "sports",
	"Organizer string p Sport":              "sports",
	"operatorOrganizer o Sport":             "sports",
	"sportChoices string s":                 "sports",
	"statusText http StatusText status":     "status texts",
	"htmlError http StatusText prob Status": "status texts",
}

// verb matches a format's verbs.
var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// needsEnglish tells a stored value (round_robin, help:swiss, show-courts)
// from an English text: a value has no space.
func needsEnglish(key string) bool {
	return !strings.Contains(key, " ") && (strings.ContainsAny(key, "_:") || strings.HasPrefix(key, "show-"))
}

// TestEveryKeyHasItsTranslations: every text the site translates has its
// text in every catalog but English's (locale/translations/*.json), and every
// stored value shown as a word has its English. It lists each key a catalog
// lacks: the list a translator of a new language works through.
func TestEveryKeyHasItsTranslations(t *testing.T) {
	calls := translationCalls(t)
	if len(calls) < 100 {
		t.Fatalf("found only %d calls of T and Tf: the parser missed them", len(calls))
	}
	var missing []string
	check := func(key, where string) {
		if !strings.ContainsFunc(verb.ReplaceAllString(key, ""), unicode.IsLetter) { // "%s": nothing to translate
			return
		}
		for _, l := range locale.Langs() {
			if l != locale.English && !locale.Has(l, key) {
				missing = append(missing, fmt.Sprintf("%s: locale/translations/%s.json has no %q", where, l, key))
			}
		}
		if !locale.Has(locale.English, key) && needsEnglish(key) {
			missing = append(missing, fmt.Sprintf("%s: locale/translations/%s.json has no %q", where, locale.English, key))
		}
	}
	enums := enumKeys()
	used := map[string]bool{}
	for _, c := range calls {
		if n := len(verb.FindAllString(c.key, -1)); c.args >= 0 && n != c.args { // refuse and its kind store their format: vet cannot see it
			missing = append(missing, fmt.Sprintf("%s: %q has %d verbs and %d arguments", c.at, c.key, n, c.args))
		}
		if c.key != "" {
			check(c.key, c.at)
			continue
		}
		lists, ok := dynamicKeys[c.fn+" "+c.src]
		used[c.fn+" "+c.src] = true
		if !ok {
			missing = append(missing, c.at+": the key "+c.src+" (in "+c.fn+") is no literal: list it in dynamicKeys with the values it takes")
			continue
		}
		for _, list := range strings.Split(lists, ", ") {
			for _, v := range enums[list] {
				check(v, c.at+" ("+list+")")
			}
		}
	}
	for k := range dynamicKeys {
		if !used[k] {
			missing = append(missing, "dynamicKeys lists "+strconv.Quote(k)+", which no call has any more")
		}
	}
	sort.Strings(missing)
	missing = slices.Compact(missing)
	for _, m := range missing {
		t.Error(m)
	}
}

// TestGermanNumbersAndDates: days, times and numbers read as a German
// reader writes them, and as an English one does.
func TestGermanNumbersAndDates(t *testing.T) {
	de, en := WithLang(context.Background(), locale.German), context.Background()
	at := tournament.Time{Time: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}
	cases := []struct{ got, want string }{
		{Zone{}.Date(de, at), "22.11.2026"},
		{Zone{}.Date(en, at), "22 Nov 2026"},
		{Zone{}.Clock(at), "14:05 UTC"},
		{Number(de, 1.75, 2), "1,75"},
		{Number(en, 1.75, 2), "1.75"},
		{Number(de, 12.5, -1), "12,5"},
		{Number(de, 12, -1), "12"},
		{Number(de, -0.5, 2), "-0,50"},
		{Number(de, 12345.5, 1), "12.345,5"},
		{Number(en, 1234567, 0), "1,234,567"},
		{Number(de, 999, 0), "999"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// TestFrenchNumbersAndDates: days, numbers and places read as a French
// reader writes them: "22/11/2026", "1,75", "12\u202f345,5" (a narrow
// no-break space groups the thousands), "1er" and "2e"; German and English
// keep theirs.
func TestFrenchNumbersAndDates(t *testing.T) {
	fr, de, en := WithLang(context.Background(), locale.French), WithLang(context.Background(), locale.German), context.Background()
	at := tournament.Time{Time: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}
	cases := []struct{ got, want string }{
		{Zone{}.Date(fr, at), "22/11/2026"},
		{Number(fr, 1.75, 2), "1,75"},
		{Number(fr, -0.5, 2), "-0,50"},
		{Number(fr, 12345.5, 1), "12\u202f345,5"},
		{Number(fr, 1234567, 0), "1\u202f234\u202f567"},
		{Number(fr, 999, 0), "999"},
		{Ordinal(fr, 1), "1er"},
		{Ordinal(fr, 2), "2e"},
		{Ordinal(fr, 11), "11e"},
		{Ordinal(fr, 21), "21e"},
		{Ordinal(de, 1), "1."},
		{Ordinal(de, 22), "22."},
		{Ordinal(en, 1), "1st"},
		{Ordinal(en, 12), "12th"},
		{Ordinal(en, 22), "22nd"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	if !slices.Contains(locale.Langs(), locale.French) || T(fr, "Next up") != "À suivre" {
		t.Errorf("French is not a language of the site: %v, %q", locale.Langs(), T(fr, "Next up"))
	}
}

// TestTranslationsKeepTheirFormats: a translation has its original's verbs
// (%s, %d, %q) in the same order, so that Tf and Reason fill it alike.
func TestTranslationsKeepTheirFormats(t *testing.T) {
	for _, l := range locale.Langs() {
		for key, text := range locale.Of(l).Messages {
			if want, got := verb.FindAllString(key, -1), verb.FindAllString(text, -1); !slices.Equal(want, got) {
				t.Errorf("%s: %q: %q has %v, want %v", l, key, text, got, want)
			}
		}
	}
}

// An attribute a person reads (a label, a tooltip, a placeholder, an image's
// text) written as a literal in a template is English on every page: it must
// go through T. Values without a letter ("1-8") and addresses say nothing to
// translate.
func TestNoLiteralTextInTemplateAttributes(t *testing.T) {
	literal := regexp.MustCompile(`\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"`)
	files, err := filepath.Glob("*.templ")
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range literal.FindAllStringSubmatch(line, -1) {
				if strings.Contains(m[2], "://") {
					continue
				}
				t.Errorf("%s:%d: %s=%q is not translated; use %s={ T(ctx, %q) }", name, i+1, m[1], m[2], m[1], m[2])
			}
		}
	}
}

// TestEachSportSaysItsOwnWords: on a tournament's page T says a text in its
// sport's words where the catalog has them ("petanque:Court" is German
// "Bahn", "darts:Set" is "Leg" in every language, French table soccer plays
// on a "Table"), and the same text as every sport where it has none; every
// "<sport>:<text>" of a catalog names a sport and a text the site has, and
// keeps its verbs.
func TestEachSportSaysItsOwnWords(t *testing.T) {
	in := func(l locale.Lang, s tournament.Sport) context.Context {
		return WithSport(WithLang(context.Background(), l), s)
	}
	cases := []struct{ got, want string }{
		{T(in(locale.German, tournament.Petanque), "Court"), "Bahn"},
		{Tf(in(locale.German, tournament.Petanque), "Court %d", 3), "Bahn 3"},
		{T(in(locale.German, tournament.TableSoccer), "Court"), "Tisch"},
		{T(WithLang(context.Background(), locale.German), "Court"), "Tisch"},
		{T(in(locale.French, tournament.Petanque), "Courts"), "Terrains"},
		{T(in(locale.French, tournament.TableSoccer), "Courts"), "Tables"},
		{T(in(locale.French, tournament.TableTennis), "Court board"), "Vue des tables"},
		{T(in(locale.French, tournament.Darts), "Sets won"), "Legs gagnés"},
		{T(in(locale.English, tournament.Darts), "Set"), "Leg"},
		{T(in(locale.English, tournament.TableTennis), "Sets"), "Games"},
		{T(in(locale.English, tournament.TableSoccer), "Sets"), "Sets"},
		{T(context.Background(), "Sets"), "Sets"},
		{T(in(locale.German, tournament.Darts), "Points in this set"), "Punkte in diesem Leg"},
		{T(in(locale.French, tournament.Darts), "Court"), "Cible"},
		{T(in(locale.French, tournament.Darts), "Call to court"), "Appeler à une cible"},
		{T(in(locale.German, tournament.Darts), "Courts"), "Boards"},
		{T(in(locale.English, tournament.Darts), "Court board"), "Board overview"},
		{T(in(locale.German, tournament.Cornhole), "Court"), "Spielfeld"},
		{T(in(locale.German, tournament.Cornhole), "Set"), "Satz"},
		{T(in(locale.English, tournament.Cornhole), "Court"), "Court"},
		{T(in(locale.English, tournament.Cornhole), "Sets"), "Games"},
		{T(in(locale.French, tournament.Cornhole), "Sets won"), "Sets gagnés"},
		{T(in(locale.French, tournament.Cornhole), "Courts"), "Terrains"},
		{T(in(locale.English, tournament.TableSoccer), "Courts"), "Tables"},
		{T(in(locale.English, tournament.Petanque), "Court %d"), "Terrain %d"},
		{T(in(locale.German, tournament.Petanque), "Scan this code to see this court's match."), "Code scannen, um das Spiel auf dieser Bahn zu sehen."},
		// Darts in sets of legs: its sets are sets and its points legs; its boards stay boards.
		{T(WithWords(in(locale.French, tournament.Darts), tournament.DartsSets), "Sets won"), "Sets gagnés"},
		{T(WithWords(in(locale.English, tournament.Darts), tournament.DartsSets), "Sets won"), "Sets won"},
		{T(WithWords(in(locale.German, tournament.Darts), tournament.DartsSets), "Points in this set"), "Legs in diesem Satz"},
		{T(WithWords(in(locale.German, tournament.Darts), tournament.DartsSets), "Court"), "Board"},
		{T(WithWords(in(locale.English, tournament.Darts), string(tournament.Darts)), "Sets won"), "Legs won"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	for _, l := range locale.Langs() {
		for key := range locale.Of(l).Messages {
			sport, text, ok := strings.Cut(key, ":")
			if !ok || !slices.Contains(tournament.Sports, tournament.Sport(sport)) && sport != tournament.DartsSets {
				continue
			}
			if !locale.Has(locale.German, text) && !locale.Has(locale.English, text) {
				t.Errorf("%s: %q is the sport's word for %q, which the site does not say", l, key, text)
			}
		}
	}
}

// TestDartsInSetsSaysEverySetWord: every text darts says in legs that
// speaks of sets ("darts:Sets won" is "Legs won") has its words for darts
// played in sets of legs, so that no page of a match in sets calls its sets
// legs.
func TestDartsInSetsSaysEverySetWord(t *testing.T) {
	for _, l := range locale.Langs() {
		messages := locale.Of(l).Messages
		for key := range messages {
			text, ok := strings.CutPrefix(key, string(tournament.Darts)+":")
			if ok && strings.Contains(strings.ToLower(text), "set") && !locale.Has(l, tournament.DartsSets+":"+text) {
				t.Errorf("%s: %q has no words for darts in sets (%s:%s)", l, key, tournament.DartsSets, text)
			}
		}
	}
}

// TestASportsCourtWordsComeWhole: where a catalog names a sport's court in
// its own words ("<sport>:Court"), it says every sentence about a court in
// them: a sentence any sport of that catalog says in its own words is said
// by each of them, so that no page of a pétanque tournament speaks of a
// "Bahn" in its heading and of a "Tisch" in its help.
func TestASportsCourtWordsComeWhole(t *testing.T) {
	for _, l := range locale.Langs() {
		messages := locale.Of(l).Messages
		own := map[tournament.Sport]bool{}
		family := map[string]bool{}
		for key := range messages {
			sport, text, ok := strings.Cut(key, ":")
			if !ok || !slices.Contains(tournament.Sports, tournament.Sport(sport)) {
				continue
			}
			if text == "Court" {
				own[tournament.Sport(sport)] = true
			}
			if strings.Contains(strings.ToLower(text), "court") {
				family[text] = true
			}
		}
		for s := range own {
			for text := range family {
				if _, ok := messages[string(s)+":"+text]; !ok {
					t.Errorf("%s: %s has its own word for a court but not %q", l, s, text)
				}
			}
		}
	}
}

// TestARefusalSaysItsRoundsInTheReadersLanguage: a refusal that names a
// match or a round (tournament.MatchLabel, RoundName) says them in German
// and French, "Runde 3" and "Tour 3", "Finale", "gegen" and "contre", not
// the English the rules name them with.
func TestARefusalSaysItsRoundsInTheReadersLanguage(t *testing.T) {
	blocked := tournament.Refuse("%s has a score already, so %s can no longer be drawn again and the winner of this match can no longer change. You can still correct the score keeping the same winner; the rounds drawn since stay as they are",
		tournament.MatchLabel{Group: "Swiss", Round: "Round 3", Sides: [2]string{"Anna", "Ben"}}, tournament.RoundName("Round 3"))
	final := tournament.Refuse("%s depends on this result and has been played, so the winner of this match can no longer change; you can still correct its score keeping the same winner",
		tournament.MatchLabel{Group: "Tree", Round: "Final", Sides: [2]string{"Anna", "Ben"}})
	cases := []struct {
		lang      locale.Lang
		err       *tournament.RuleError
		says      []string
		neverSays []string
	}{
		{locale.German, blocked, []string{"Swiss, Runde 3: Anna gegen Ben", "Runde 3 "}, []string{"Round", " v "}},
		{locale.French, blocked, []string{"Swiss, Tour 3\u00a0: Anna contre Ben", "Tour 3 "}, []string{"Round", " v "}},
		{locale.German, final, []string{"Tree, Finale: Anna gegen Ben"}, []string{"Final:", " v "}},
		{locale.French, final, []string{"Tree, Finale\u00a0: Anna contre Ben"}, []string{"Final:", " v "}},
		{locale.English, final, []string{"Tree, Final: Anna v Ben depends on this result"}, nil},
	}
	for _, c := range cases {
		got := Reason(WithLang(context.Background(), c.lang), c.err.Format, c.err.Args...)
		for _, s := range c.says {
			if !strings.Contains(got, s) {
				t.Errorf("%s: %q does not say %q", c.lang, got, s)
			}
		}
		for _, s := range c.neverSays {
			if strings.Contains(got, s) {
				t.Errorf("%s: %q says %q", c.lang, got, s)
			}
		}
	}
}
