package reply

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestIfNoneMatch(t *testing.T) {
	const tag = `"v7-en-page"`
	for _, c := range []struct {
		header string
		match  bool
	}{
		{"", false},
		{tag, true},
		{"*", true},
		{`W/"v7-en-page"`, true},
		{`"v1-en-page", "v7-en-page"`, true},
		{`"v1-en-page",W/"v7-en-page"`, true},
		{`"v7-en-page-x"`, false},
		{`"x", "v7-en-page`, false},
		{`x"v7-en-page"`, false},
		{`"v7-en-page"x`, true}, // a tag followed by garbage: the tag was named
		{`"v7"`, false},
		{`"prefix "v7-en-page""`, false},
	} {
		if got := noneMatch([]string{c.header}, tag); got != c.match {
			t.Errorf("If-None-Match: %s: %v, want %v", c.header, got, c.match)
		}
	}
	if !noneMatch([]string{`"a"`, tag}, tag) {
		t.Error("a tag in a second If-None-Match field is missed")
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{"": false, "gzip": true, "br, gzip;q=0.5": true, "gzip;q=0": false, "GZIP": true, "*": true, "deflate": false, "gzip; q=0.0": false, "x-gzip": true} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Encoding", header)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding: %s: %v", header, got)
		}
	}
}
