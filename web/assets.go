package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"courtside/static"
	"courtside/templates"
)

// asset is one static file, ready to serve: its bytes, gzipped bytes and hash.
type asset struct {
	body, gz    []byte
	contentType string
	hash        string
}

// assets serves the embedded static files under /static/<hash>/<name>. The
// hash changes with the content, so a response can be cached forever.
type assets struct {
	files map[string]*asset
}

func loadAssets() (*assets, error) {
	a := &assets{files: map[string]*asset{}}
	err := fs.WalkDir(static.Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(static.Files, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		if _, err := zw.Write(body); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		a.files[name] = &asset{body: body, gz: gz.Bytes(), hash: hex.EncodeToString(sum[:])[:12],
			contentType: mime.TypeByExtension(path.Ext(name))}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: static files: %w", err)
	}
	return a, nil
}

// URL is the address of the named asset, with its content hash.
func (a *assets) URL(name string) string {
	return "/static/" + a.files[name].hash + "/" + name
}

// Templates are the URLs pages link to, and the build they make up.
func (a *assets) Templates() templates.Assets {
	t := templates.Assets{CSS: a.URL(static.CSS), HTMX: a.URL(static.HTMX), SSE: a.URL(static.SSE), JS: a.URL(static.JS), Icon: a.URL(static.Icon)}
	sum := sha256.Sum256([]byte(t.CSS + t.HTMX + t.SSE + t.JS))
	t.Build = hex.EncodeToString(sum[:])[:12]
	return t
}

// ServeHTTP serves GET /static/{hash}/{name...}. An old hash is a 404, so a
// client holding a page from before a deployment notices.
func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f := a.files[r.PathValue("name")]
	if f == nil || f.hash != r.PathValue("hash") {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Vary", "Accept-Encoding")
	body := f.body
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	_, _ = w.Write(body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if enc, q, _ := strings.Cut(strings.TrimSpace(part), ";"); strings.TrimSpace(enc) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
