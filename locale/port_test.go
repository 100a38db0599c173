package locale

import (
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strconv"
	"testing"
)

var port = flag.String("port", "", "the absolute path of a templates/i18n.go of before the catalogs: add the texts of its german and english maps that the catalogs lack")

// TestPortGoMaps carries texts from a templates/i18n.go written before the
// catalogs (a branch that added texts to its german or english map) into
// de.json and en.json:
//
//	git show BRANCH:templates/i18n.go > /tmp/i18n.go
//	go test ./locale -run TestPortGoMaps -port /tmp/i18n.go
//
// It adds every key a catalog lacks, writes the catalog in its one form, and
// names each key whose text differs from the catalog's, which it leaves for
// a person to choose. Without -port it does nothing.
func TestPortGoMaps(t *testing.T) {
	if *port == "" {
		t.Skip("nothing to port: -port FILE")
	}
	file, err := parser.ParseFile(token.NewFileSet(), *port, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	maps := map[string]map[string]string{}
	ast.Inspect(file, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
			return true
		}
		lit, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		texts := map[string]string{}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			k, kok := kv.Key.(*ast.BasicLit)
			v, vok := kv.Value.(*ast.BasicLit)
			if !kok || !vok || k.Kind != token.STRING || v.Kind != token.STRING {
				t.Fatalf("%s: an entry that is not two string literals", vs.Names[0].Name)
			}
			key, err1 := strconv.Unquote(k.Value)
			text, err2 := strconv.Unquote(v.Value)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", vs.Names[0].Name, err1, err2)
			}
			texts[key] = text
		}
		maps[vs.Names[0].Name] = texts
		return true
	})
	for name, lang := range map[string]Lang{"german": "de", "english": English} {
		texts, ok := maps[name]
		if !ok {
			t.Errorf("%s has no map %s", *port, name)
			continue
		}
		path := "translations/" + string(lang) + ".json"
		c, err := readCatalog(path)
		if err != nil {
			t.Fatal(err)
		}
		var added, differ []string
		for key, text := range texts {
			switch have, ok := c.Messages[key]; {
			case !ok:
				c.Messages[key] = text
				added = append(added, key)
			case have != text:
				differ = append(differ, key)
			}
		}
		sort.Strings(added)
		sort.Strings(differ)
		for _, k := range added {
			t.Logf("%s: added %q", path, k)
		}
		for _, k := range differ {
			t.Errorf("%s: %q is %q there and %q in %s: choose one by hand", path, k, c.Messages[k], texts[k], *port)
		}
		if err := os.WriteFile(path, encodeCatalog(t, c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readCatalog(path string) (*Catalog, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Catalog
	return &c, json.Unmarshal(raw, &c)
}
