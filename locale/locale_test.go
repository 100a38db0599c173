package locale

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
)

var format = flag.Bool("format", false, "rewrite the catalogs in their one form: keys sorted, two spaces")

// TestCatalogsKeepOneForm: each catalog is written as encoding/json writes
// it (keys sorted, indented by two spaces, no HTML escapes), so that two
// branches that add texts merge line by line. After adding texts anywhere in
// a catalog, go test ./locale -format puts them in place.
func TestCatalogsKeepOneForm(t *testing.T) {
	files, err := filepath.Glob("translations/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogs: %v", err)
	}
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var c Catalog
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch {
		case bytes.Equal(raw, encodeCatalog(t, &c)):
		case *format:
			if err := os.WriteFile(name, encodeCatalog(t, &c), 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("%s is not in its one form: go test ./locale -format", name)
		}
	}
}

// encodeCatalog is a catalog in its one form.
func encodeCatalog(t *testing.T, c *Catalog) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCatalogsRead: every embedded catalog reads, English comes first, and
// German is there.
func TestCatalogsRead(t *testing.T) {
	if got := Langs(); len(got) < 2 || got[0] != English || !slices.Contains(got, "de") {
		t.Errorf("languages %v", got)
	}
	if Text("de", "Next up") != "Als Nächstes" || Text(English, "round_robin") != "Round robin" || Text(English, "Next up") != "Next up" {
		t.Errorf("lookups: %q %q %q", Text("de", "Next up"), Text(English, "round_robin"), Text(English, "Next up"))
	}
}

// TestANewLanguageIsAFile: a French catalog is a file; what it lacks is
// English, a language without a catalog is English, and a catalog that does
// not read (an unknown field, no formats, no English) is refused.
func TestANewLanguageIsAFile(t *testing.T) {
	saved, savedLangs := catalogs, langs
	t.Cleanup(func() { catalogs, langs = saved, savedLangs })
	en := `{"date": "2 Jan 2006", "decimal": ".", "group": ",", "messages": {"round_robin": "Round robin"}}`
	fr := `{"date": "02/01/2006", "decimal": ",", "group": " ", "messages": {"Next up": "À suivre"}}`
	var err error
	catalogs, langs, err = load(fstest.MapFS{
		"translations/en.json": {Data: []byte(en)},
		"translations/fr.json": {Data: []byte(fr)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(Langs(), []Lang{English, "fr"}) {
		t.Errorf("languages %v", Langs())
	}
	for _, c := range []struct {
		lang      Lang
		key, want string
	}{
		{"fr", "Next up", "À suivre"},
		{"fr", "round_robin", "Round robin"}, // not in French: English
		{"fr", "Last results", "Last results"},
		{"it", "round_robin", "Round robin"}, // no Italian catalog
	} {
		if got := Text(c.lang, c.key); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.key, got, c.want)
		}
	}
	if Of("fr").Group != " " || Of("it").Date != "2 Jan 2006" {
		t.Errorf("formats: %+v %+v", Of("fr"), Of("it"))
	}
	if Has("fr", "round_robin") || !Has("fr", "Next up") {
		t.Error("Has answers for English")
	}
	for name, files := range map[string]fstest.MapFS{
		"an unknown field": {"translations/en.json": {Data: []byte(`{"date": "x", "decimal": ".", "group": ",", "mesages": {}}`)}},
		"no formats":       {"translations/en.json": {Data: []byte(`{"messages": {}}`)}},
		"no English":       {"translations/fr.json": {Data: []byte(fr)}},
		"not JSON":         {"translations/en.json": {Data: []byte(`{`)}},
	} {
		if _, _, err := load(files); err == nil {
			t.Errorf("%s: read", name)
		}
	}
}
