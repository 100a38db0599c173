package api

import (
	_ "embed"
	"net/http"
	"sync"

	"courtside/handlers/reply"
)

// OpenAPIDocument is the OpenAPI 3.1 description of the API, served as written.
//
//go:embed openapi.json
var OpenAPIDocument []byte

// openAPI is the document as it is and gzipped, prepared the first time it is asked for.
var openAPI = sync.OnceValue(func() reply.Rendered { return reply.Prepared(OpenAPIDocument) })

// OpenAPI serves the API's OpenAPI document.
func OpenAPI(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=300")
	h.Set("Vary", "Accept-Encoding")
	_ = reply.Send(w, r, openAPI())
}
