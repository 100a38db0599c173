package api

import (
	_ "embed"
	"net/http"
)

// OpenAPIDocument is the OpenAPI 3.1 description of the API, served as written.
//
//go:embed openapi.json
var OpenAPIDocument []byte

// OpenAPI serves the API's OpenAPI document.
func OpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(OpenAPIDocument)
}
