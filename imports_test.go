package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mayImport is what each package may import of Courtside's own (and, for
// the pure ones and the use cases, of the standard library's HTTP): the
// arrows of ARCHITECTURE.md, pointing one way. A face of the handlers reads
// the use cases and the shared reply and views, never web; the use cases
// (app) know nothing of HTTP or templates. "*" is anything: commands,
// benchmarks and test helpers.
var mayImport = map[string][]string{
	"tournament":       {},
	"locale":           {},
	"static":           {},
	"live":             {},
	"textcheck":        {"tournament"},
	"rankings":         {"tournament"},
	"wire":             {"record", "tournament"},
	"record":           {"textcheck", "tournament"},
	"cache":            {"rankings", "record", "textcheck", "tournament"},
	"cache/cachetest":  {"cache", "tournament"},
	"upstream":         {"cache", "record", "textcheck", "tournament", "wire"},
	"app":              {"cache", "rankings", "record", "tournament", "upstream"},
	"templates":        {"locale", "record", "tournament"},
	"handlers/reply":   {"app", "cache", "live", "locale", "record", "templates", "tournament"},
	"handlers/views":   {"handlers/reply", "locale", "rankings", "record", "templates", "tournament"},
	"handlers/api":     {"app", "cache", "handlers/reply", "handlers/views", "rankings", "record", "tournament", "upstream", "wire"},
	"handlers/site":    {"app", "cache", "handlers/api", "handlers/reply", "handlers/views", "live", "locale", "rankings", "record", "templates", "tournament"},
	"handlers/console": {"app", "cache", "handlers/reply", "handlers/views", "locale", "rankings", "record", "templates", "textcheck", "tournament", "upstream"},
	"handlers/court":   {"app", "cache", "handlers/console", "handlers/reply", "handlers/views", "live", "locale", "record", "templates", "tournament"},
	"handlers/screens": {"app", "cache", "handlers/console", "handlers/reply", "handlers/site", "handlers/views", "locale", "record", "templates", "tournament"},
	"web":              {"app", "cache", "handlers/api", "handlers/console", "handlers/court", "handlers/reply", "handlers/screens", "handlers/site", "live", "locale", "record", "static", "templates", "tournament", "upstream"},
	"worker":           {"app", "cache", "record", "tournament", "upstream"},
	"cli":              {"*"},
	".":                {"cli"},
	"bench/*":          {"*"},
	"e2e":              {"*"},
	"internal/*":       {"*"},
}

// stdOnly are the packages that import the standard library alone: the
// rule book and the catalogs. (Judging a joiner in a name needs Unicode
// tables beyond it, so textcheck does that at the doors.)
var stdOnly = []string{"tournament", "locale", "rankings"}

// noHTTP are the packages that must not speak HTTP or render pages: the
// rule book, the records and the use cases, which every face and the
// command line share.
var noHTTP = []string{"tournament", "record", "locale", "app"}

// TestImportsPointOneWay reads every package's imports (its non-test files)
// and fails on an arrow the table does not allow, and on a package the
// table does not know yet.
func TestImportsPointOneWay(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
			return filepath.SkipDir
		}
		pkg, err := build.Default.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		allowed, ok := mayImport[path]
		if !ok {
			allowed, ok = mayImport[filepath.Dir(path)+"/*"]
		}
		if !ok {
			t.Errorf("%s: not in mayImport; add it with what it may import", path)
			return nil
		}
		for _, imp := range pkg.Imports {
			if slices.Contains(stdOnly, path) && strings.Contains(strings.Split(imp, "/")[0], ".") {
				t.Errorf("%s imports %s: it imports the standard library alone", path, imp)
			}
			if slices.Contains(noHTTP, path) && (imp == "net/http" || imp == "html/template" || strings.HasPrefix(imp, "github.com/a-h/templ")) {
				t.Errorf("%s imports %s: it must not speak HTTP or render pages", path, imp)
			}
			own, ok := strings.CutPrefix(imp, "courtside/")
			if !ok || slices.Contains(allowed, "*") {
				continue
			}
			if !slices.Contains(allowed, own) {
				t.Errorf("%s imports %s, which mayImport does not allow", path, own)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
