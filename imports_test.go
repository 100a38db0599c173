package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// packageRules is what each package may import (docs/development.md, "How it
// is built"): of Courtside's own packages, those listed; of others, the
// standard library always, and modules outside it only where others is set
// (a pure package lists the few it needs). Arrows point one way, so that
// the rule book (tournament) and the catalogs (locale) import the standard
// library alone.
var packageRules = map[string]struct {
	ours   []string
	others []string // module path prefixes beyond the standard library; "*": any
}{
	"tournament":        {},
	"locale":            {},
	"textcheck":         {ours: []string{"tournament"}, others: []string{"golang.org/x/text/"}},
	"rankings":          {ours: []string{"tournament"}},
	"record":            {ours: []string{"tournament", "textcheck"}},
	"live":              {others: []string{"*"}},
	"cache":             {ours: []string{"tournament", "rankings", "record", "textcheck", "live"}, others: []string{"*"}},
	"cache/cachetest":   {ours: []string{"tournament", "rankings", "cache"}, others: []string{"*"}},
	"upstream":          {ours: []string{"tournament", "record", "textcheck", "cache"}, others: []string{"*"}},
	"app":               {ours: []string{"tournament", "rankings", "record", "textcheck", "cache", "upstream"}, others: []string{"*"}},
	"templates":         {ours: []string{"tournament", "rankings", "record", "locale"}, others: []string{"*"}},
	"handlers/reply":    {ours: []string{"tournament", "record", "live", "cache", "templates"}, others: []string{"*"}},
	"handlers/views":    {ours: []string{"tournament", "rankings", "record", "templates"}, others: []string{"*"}},
	"handlers/api":      {ours: slices.Concat(faces, []string{"handlers/reply"}), others: []string{"*"}},
	"handlers/site":     {ours: slices.Concat(faces, []string{"handlers/reply", "handlers/views", "handlers/api"}), others: []string{"*"}},
	"handlers/console":  {ours: slices.Concat(faces, []string{"handlers/reply", "handlers/views"}), others: []string{"*"}},
	"handlers/court":    {ours: slices.Concat(faces, []string{"handlers/reply", "handlers/views", "handlers/console"}), others: []string{"*"}},
	"handlers/screens":  {ours: slices.Concat(faces, []string{"handlers/reply", "handlers/views", "handlers/console", "handlers/site"}), others: []string{"*"}},
	"worker":            {ours: []string{"tournament", "rankings", "record", "app", "cache", "upstream"}, others: []string{"*"}},
	"web":               {ours: slices.Concat(faces, []string{"handlers/api", "handlers/site", "handlers/console", "handlers/court", "handlers/screens", "handlers/reply", "static"}), others: []string{"*"}},
	"cli":               {ours: slices.Concat(faces, []string{"worker", "web", "handlers/console"}), others: []string{"*"}},
	"internal/testkit":  {},
	"static":            {},
	"courtside (main)":  {ours: []string{"cli"}, others: []string{"*"}},
	"e2e (tests alone)": {},
}

// faces is what every face of the handlers may import: the pure packages,
// the use cases and the store below them, the templates and the catalogs.
var faces = []string{"tournament", "rankings", "record", "textcheck", "locale", "live", "app", "cache", "upstream", "templates"}

// TestImports: every package imports only what packageRules lets it (its
// test files aside), and every package of the module has a rule.
func TestImports(t *testing.T) {
	dirs := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "node_modules" || d.Name() == "testdata" || path == "bench") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dirs[filepath.ToSlash(filepath.Dir(path))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range dirs {
		name := dir
		if dir == "." {
			name = "courtside (main)"
		}
		rule, ok := packageRules[name]
		if !ok {
			t.Errorf("%s has no rule in packageRules: say what it may import", dir)
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, spec := range file.Imports {
				path := strings.Trim(spec.Path.Value, `"`)
				switch own, isOurs := strings.CutPrefix(path, "courtside/"); {
				case isOurs:
					if !slices.Contains(rule.ours, own) {
						t.Errorf("%s imports %s, which %s may not (packageRules)", f, path, name)
					}
				case !strings.Contains(strings.Split(path, "/")[0], "."):
					// the standard library
				case !slices.ContainsFunc(rule.others, func(p string) bool { return p == "*" || strings.HasPrefix(path, p) }):
					t.Errorf("%s imports %s: %s imports the standard library alone (packageRules)", f, path, name)
				}
			}
		}
	}
}
