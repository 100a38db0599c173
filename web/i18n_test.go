package web

import (
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"courtside/tournament"
)

// shownAttrs are the attributes a person reads or hears.
var shownAttrs = []string{"title", "aria-label", "placeholder", "alt", "hx-confirm", "data-confirm", "data-call-text", "content"}

// shown is every text a person reads or hears on a page: its text nodes
// (outside scripts and styles) and the attributes above, each trimmed.
func shown(doc *goquery.Document) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style") {
			return
		}
		if n.Type == html.TextNode {
			if s := strings.TrimSpace(n.Data); s != "" {
				out = append(out, s)
			}
		}
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if !slices.Contains(shownAttrs, a.Key) {
					continue
				}
				if a.Key == "content" && !slices.ContainsFunc(n.Attr, func(o html.Attribute) bool {
					return (o.Key == "name" || o.Key == "property") && strings.Contains(o.Val, "description")
				}) {
					continue
				}
				if s := strings.TrimSpace(a.Val); s != "" {
					out = append(out, s)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range doc.Nodes {
		walk(n)
	}
	return out
}

// germanPages are the page kinds, spectators' and the console's, as an
// organizer signed in with German chosen sees them.
func germanPages(t *testing.T, f *fixture) (*organizer, []string) {
	t.Helper()
	o, _ := f.signIn(f.token)
	hamburg := f.tournament("Hamburg Open 2026")
	id := hamburg.Tournament.ID
	base := "/t/" + id
	paths := []string{"/", "/o/kickerclub-hamburg", base, base + "/courts", base + "/tv", base + "/tv/setup", "/api", "/t/nothing-here",
		"/admin", "/admin/t/" + id, "/admin/t/" + id + "/screens", "/admin/new", "/admin/t/" + id + "/entries"}
	for _, d := range hamburg.Tournament.Disciplines {
		for _, s := range d.Stages {
			for _, g := range s.Groups {
				paths = append(paths, base+"/groups/"+g.ID)
				if g.Mode == tournament.Elimination || g.Mode == tournament.DoubleElimination {
					paths = append(paths, base+"/tv/bracket/"+g.ID)
				} else {
					paths = append(paths, base+"/tv/standings/"+g.ID)
				}
			}
		}
	}
	for _, st := range []tournament.MatchState{tournament.MatchRunning, tournament.MatchPlayed, tournament.MatchOpen} {
		m := f.match(hamburg, func(m *tournament.Match) bool { return m.State == st })
		paths = append(paths, base+"/matches/"+m.ID, "/admin/t/"+id+"/matches/"+m.ID)
	}
	paths = append(paths, base+"/entries/"+hamburg.Entries[0].ID)
	for _, dt := range f.demo.Tournaments {
		if dt.Tournament.OrganizerID == hamburg.Tournament.OrganizerID && dt.Tournament.State == tournament.StatePreRegistration {
			paths = append(paths, "/admin/t/"+dt.Tournament.ID+"/setup", "/admin/t/"+dt.Tournament.ID+"/entries")
		}
	}
	return o, paths
}

func TestDumpGerman(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	f := newFixture(t)
	o, paths := germanPages(t, f)
	seen := map[string]bool{}
	for _, p := range paths {
		rec := o.do(http.MethodGet, p, nil, "Cookie", "lang=de")
		if rec.Code >= 500 {
			t.Errorf("%s: %d", p, rec.Code)
		}
		for _, s := range shown(o.doc(rec)) {
			if !seen[s] {
				seen[s] = true
				t.Logf("%s\t%q", p, s)
			}
		}
	}
}
