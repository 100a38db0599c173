// Package locale holds the languages the site speaks: one catalog per
// language, translations/<code>.json, embedded in the binary and looked up by
// key. A key is the English text a page shows ("Next up", "Match %d") or a
// value stored as it is ("round_robin", "help:swiss", "show-courts"); the
// English catalog holds only the keys that are not English as they stand. A
// catalog also says how its language writes a day and a number.
//
// A language is a catalog file: adding translations/fr.json makes French a
// language of the site. A key a catalog lacks falls back to English, and
// TestEveryKeyHasItsTranslations (templates) lists every key a catalog lacks.
package locale

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Lang is a language the site speaks, by its code ("en", "de").
type Lang string

// The languages code names. English is the language of the keys, and the
// one a page speaks when no other was chosen; German and French are named
// where a page writes them its own way (an ordinal) and in tests. A language
// needs no name here to be one of the site's: its catalog makes it one.
const (
	English Lang = "en"
	German  Lang = "de"
	French  Lang = "fr"
)

// Catalog is one language's file.
type Catalog struct {
	// Date is the layout of a day, as time.Format takes it ("02.01.2006").
	Date string `json:"date"`
	// Decimal and Group are the decimal point and the thousands separator.
	Decimal string `json:"decimal"`
	Group   string `json:"group"`
	// One lists the counts the language says in the singular ("1 match";
	// French "0 partie" too). None: 1 alone.
	One []int `json:"one"`
	// Messages are the texts by key. A text that is a format keeps its
	// key's verbs (%s, %d) in their order.
	Messages map[string]string `json:"messages"`
}

//go:embed translations/*.json
var files embed.FS

var (
	catalogs = map[Lang]*Catalog{}
	langs    []Lang
)

func init() {
	var err error
	if catalogs, langs, err = load(files); err != nil {
		panic(err) // a catalog that does not read is a build that cannot ship; the tests catch it first
	}
}

// load reads every catalog of dir translations/: English first among the
// languages, then the others by code.
func load(fsys fs.FS) (map[Lang]*Catalog, []Lang, error) {
	names, err := fs.Glob(fsys, "translations/*.json")
	if err != nil {
		return nil, nil, err
	}
	out := map[Lang]*Catalog{}
	var codes []Lang
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, nil, err
		}
		var c Catalog
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, nil, fmt.Errorf("locale: %s: %w", name, err)
		}
		if c.Date == "" || c.Decimal == "" || c.Group == "" {
			return nil, nil, fmt.Errorf("locale: %s: date, decimal and group are required", name)
		}
		l := Lang(strings.TrimSuffix(path.Base(name), ".json"))
		out[l] = &c
		if l != English {
			codes = append(codes, l)
		}
	}
	if out[English] == nil {
		return nil, nil, fmt.Errorf("locale: no translations/%s.json", English)
	}
	slices.Sort(codes)
	return out, append([]Lang{English}, codes...), nil
}

// Langs lists the languages, English first.
func Langs() []Lang { return slices.Clone(langs) }

// Singular reports whether l says a count of n things in the singular.
func Singular(l Lang, n int) bool {
	one := Of(l).One
	if len(one) == 0 {
		return n == 1
	}
	return slices.Contains(one, n)
}

// Of is the catalog of l; English's for a language the site does not speak.
func Of(l Lang) *Catalog {
	if c, ok := catalogs[l]; ok {
		return c
	}
	return catalogs[English]
}

// Text is key in l: its catalog's text, else English's, else the key
// itself (an English text needs no English entry).
func Text(l Lang, key string) string {
	if c, ok := catalogs[l]; ok {
		if t, ok := c.Messages[key]; ok {
			return t
		}
	}
	if t, ok := catalogs[English].Messages[key]; ok {
		return t
	}
	return key
}

// Has says whether l's catalog has a text for key of its own.
func Has(l Lang, key string) bool {
	c, ok := catalogs[l]
	if !ok {
		return false
	}
	_, ok = c.Messages[key]
	return ok
}
