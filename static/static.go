// Package static holds the site's assets, embedded in the binary: the Tailwind
// build (css/app.css, built from css/tailwind.css and committed), htmx and
// its SSE extension, vendored from the npm packages htmx.org and
// htmx-ext-sse (dist/sse.min.js), and the site's own small script.
package static

import "embed"

// Files are the assets the site serves.
//
//go:embed css/app.css js/htmx-2.0.11.min.js js/htmx-ext-sse-2.2.4.min.js js/courtside.js icon.svg
var Files embed.FS

// The assets by name.
const (
	CSS  = "css/app.css"
	HTMX = "js/htmx-2.0.11.min.js"
	SSE  = "js/htmx-ext-sse-2.2.4.min.js"
	JS   = "js/courtside.js"
	Icon = "icon.svg"
)
