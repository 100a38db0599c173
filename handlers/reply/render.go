package reply

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"strconv"
	"strings"
)

// RenderKey names one rendered response by everything its bytes depend on:
// the tournament and its version, the language, the part rendered, and the
// part's parameters in canonical form. Handlers check every parameter against
// the snapshot before they make a key, so an unknown id or an invalid value is
// an error, never a key of its own.
type RenderKey struct {
	Tournament string
	Version    int64
	Lang       string
	// Part is what is rendered: a page, its live part, a board, an API resource.
	Part string
	// Params are the part's checked parameters: ids, a board's canonical query.
	Params string
}

// Rendered is a response body prepared once for every request that asks for
// it: as it is and gzipped (Gzip is nil for bodies sent only plain), each with
// its Content-Length, so that answering with it is a lookup and a write.
type Rendered struct {
	Body, Gzip []byte
	// bodyLen and gzipLen are the Content-Length values (nil: worked out
	// when sent).
	bodyLen, gzipLen []string
}

// Renders makes each response once per key and keeps it for the requests
// that follow. render runs under a context that the asking request's end
// does not cancel; an error is returned, never kept.
type Renders interface {
	Render(ctx context.Context, key RenderKey, render func(context.Context) (Rendered, error)) (Rendered, error)
}

// Prepared is the body with its gzipped form and their lengths, each body in
// a slice of its own size: they are kept, and a buffer's spare capacity would
// be kept with them.
func Prepared(body []byte) Rendered {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(body)
	_ = zw.Close()
	return Rendered{Body: bytes.Clone(body), Gzip: bytes.Clone(gz.Bytes()),
		bodyLen: []string{strconv.Itoa(len(body))}, gzipLen: []string{strconv.Itoa(gz.Len())}}
}

// Send writes a rendered body: gzipped when the client takes gzip and there
// is a gzipped form, with its length, so that it goes out in one piece.
func Send(w http.ResponseWriter, r *http.Request, out Rendered) error {
	h := w.Header()
	body, length := out.Body, out.bodyLen
	if out.Gzip != nil && acceptsGzip(r) {
		h["Content-Encoding"] = gzipped
		body, length = out.Gzip, out.gzipLen
	}
	if length == nil {
		length = []string{strconv.Itoa(len(body))}
	}
	h["Content-Length"] = length
	_, err := w.Write(body)
	return err
}

// acceptsGzip reports whether Accept-Encoding allows gzip (by name or by *),
// without q=0.
func acceptsGzip(r *http.Request) bool {
	for _, field := range r.Header.Values("Accept-Encoding") {
		for coding := range strings.SplitSeq(field, ",") {
			name, params, _ := strings.Cut(coding, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "x-gzip" && name != "*" {
				continue
			}
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(k, "q") {
					q, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
				}
			}
			if q > 0 {
				return true
			}
		}
	}
	return false
}

// NotModified answers 304 when the request's If-None-Match names tag. Call it
// only after the caller is known to be allowed to see the resource: a 304
// says that it exists and which version it has.
func NotModified(w http.ResponseWriter, r *http.Request, tag string) bool {
	if !noneMatch(r.Header.Values("If-None-Match"), tag) {
		return false
	}
	w.Header()["Etag"] = []string{tag}
	w.WriteHeader(http.StatusNotModified)
	return true
}

// noneMatch reports whether If-None-Match fields name the entity tag: "*", or
// a list of tags compared weakly (RFC 9110 13.1.2: W/"x" matches "x"). A
// malformed tag ends the list it is in.
func noneMatch(fields []string, tag string) bool {
	tag = strings.TrimPrefix(tag, "W/")
	for _, f := range fields {
		for {
			f = strings.TrimLeft(f, " \t,")
			if f == "" {
				break
			}
			if f[0] == '*' {
				return true
			}
			t, rest, ok := scanETag(f)
			if !ok {
				break
			}
			if strings.TrimPrefix(t, "W/") == tag {
				return true
			}
			f = rest
		}
	}
	return false
}

// scanETag reads the entity tag at the start of s: [W/]"etagc*".
func scanETag(s string) (tag, rest string, ok bool) {
	start := 0
	if strings.HasPrefix(s, "W/") {
		start = 2
	}
	if len(s)-start < 2 || s[start] != '"' {
		return "", "", false
	}
	for i := start + 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return s[:i+1], s[i+1:], true
		case c == 0x21 || c >= 0x23 && c <= 0x7e || c >= 0x80:
		default:
			return "", "", false
		}
	}
	return "", "", false
}
