package reply

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"courtside/templates"
)

// ETag names one rendering of a tournament page: its version, language and
// part. It is weak: the plain and gzipped bytes share it, and the expected
// start times a page shows are worked out when it is rendered, so two
// instances may render one version a little apart.
func ETag(r *http.Request, version int64, part string) string {
	return `W/"v` + strconv.FormatInt(version, 10) + "-" + string(templates.LangOf(r.Context())) + "-" + part + `"`
}

// Header values of every page, shared and never written to.
var (
	VaryPage = []string{"HX-Request, HX-Target, Accept-Language, Cookie, Accept-Encoding"}
	NoCache  = []string{"no-cache"}
	HTMLType = []string{"text/html; charset=utf-8"}
	gzipped  = []string{"gzip"}
)

// HTML renders a page that does not belong to one tournament.
func HTML(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	return HTMLStatus(w, r, http.StatusOK, c)
}

// HTMLStatus renders c and answers with it and the status: rendered first, so
// a failed render is still an error page, and headers set before the status,
// as those set after it are dropped.
func HTMLStatus(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "HX-Request, HX-Target, Accept-Language, Cookie")
	w.WriteHeader(status)
	_, err := w.Write(buf.Bytes())
	return err
}

// BadInput is a 400 for what a page was sent (a board's address, a form)
// that cannot be used, saying why in the page's language.
func BadInput(ctx context.Context, format string, args ...any) *Problem {
	return Status(http.StatusBadRequest, templates.Tf(ctx, format, args...))
}

// JSON writes v as a 200 JSON response.
func JSON(w http.ResponseWriter, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	return json.NewEncoder(w).Encode(v)
}
