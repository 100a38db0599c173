package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"courtside/handlers/api"
	"courtside/locale"
	"courtside/templates"
)

// fetch answers req with h and returns the response and its body as the
// client reads it: gunzipped when it came gzipped.
func fetch(t *testing.T, h http.Handler, req *http.Request) (*httptest.ResponseRecorder, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if n, err := strconv.Atoi(rec.Header().Get("Content-Length")); err != nil || n != rec.Body.Len() {
		t.Fatalf("%s: Content-Length %q for %d bytes", req.URL, rec.Header().Get("Content-Length"), rec.Body.Len())
	}
	if rec.Header().Get("Content-Encoding") != "gzip" {
		return rec, rec.Body.Bytes()
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("%s: %v", req.URL, err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", req.URL, err)
	}
	return rec, body
}

func TestAPIReferenceIsSentGzippedToWhoTakesIt(t *testing.T) {
	docs, err := NewAPIDocs(templates.Assets{}, "https://results.example.org")
	if err != nil {
		t.Fatal(err)
	}
	get := func(lang locale.Lang, acceptEncoding string) (*httptest.ResponseRecorder, []byte) {
		req := httptest.NewRequest(http.MethodGet, "/api", nil)
		req = req.WithContext(templates.WithLang(req.Context(), lang))
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		return fetch(t, docs, req)
	}
	plain, body := get(locale.English, "")
	zipped, unzipped := get(locale.English, "gzip, deflate, br")
	if plain.Header().Get("Content-Encoding") != "" || zipped.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q without gzip, %q with it", plain.Header().Get("Content-Encoding"), zipped.Header().Get("Content-Encoding"))
	}
	if !bytes.Equal(body, unzipped) || !strings.Contains(string(body), "API reference") {
		t.Fatalf("the gzipped page is not the page (%d and %d bytes)", len(body), len(unzipped))
	}
	if zipped.Body.Len()*5 > len(body) {
		t.Errorf("%d bytes gzipped for a %d-byte page", zipped.Body.Len(), len(body))
	}
	if !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q", zipped.Header().Get("Vary"))
	}
	// Each language keeps its own page, gzipped or not.
	_, german := get(locale.German, "gzip")
	if _, again := get(locale.English, "gzip"); !bytes.Equal(again, body) || bytes.Equal(german, body) || !strings.Contains(string(german), `lang="de"`) {
		t.Error("the German reference is not the German one, or the English one changed")
	}
	if _, refused := get(locale.English, "gzip;q=0"); !bytes.Equal(refused, body) {
		t.Error("gzip;q=0 got something else than the page")
	}
}

func TestOpenAPIDocumentIsSentGzippedToWhoTakesIt(t *testing.T) {
	req := httptest.NewRequest(http.MethodGet, "/v1/public/openapi.json", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec, body := fetch(t, http.HandlerFunc(api.OpenAPI), req)
	if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(body, api.OpenAPIDocument) {
		t.Fatalf("Content-Encoding %q, %d bytes read, want the %d of the document", rec.Header().Get("Content-Encoding"), len(body), len(api.OpenAPIDocument))
	}
	rec, body = fetch(t, http.HandlerFunc(api.OpenAPI), httptest.NewRequest(http.MethodGet, "/v1/public/openapi.json", nil))
	if rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(body, api.OpenAPIDocument) {
		t.Fatalf("without gzip: Content-Encoding %q, %d bytes", rec.Header().Get("Content-Encoding"), len(body))
	}
}
