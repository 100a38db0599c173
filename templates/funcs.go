// Package templates holds the site's templ components and the view models
// they take. Components never touch the store: handlers build the models.
package templates

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

func statusText(ctx context.Context, status int) string {
	return strconv.Itoa(status) + " " + T(ctx, http.StatusText(status))
}

type writeProblemKey struct{}

// WriteProblem is why the store refuses writes, as the console tells its
// signed-in logins: none, a disk without room, or one that failed.
type WriteProblem int

// The write problems.
const (
	WritesWork WriteProblem = iota
	DiskFull                // the data directory has no room: writes work again once it has
	DiskFailed              // the disk failed to keep a write: writes work again after a restart
)

// WithWriteProblem returns ctx saying why the store refuses writes.
func WithWriteProblem(ctx context.Context, p WriteProblem) context.Context {
	return context.WithValue(ctx, writeProblemKey{}, p)
}

// WriteProblemOf says why the store refuses writes (WritesWork when it does not).
func WriteProblemOf(ctx context.Context) WriteProblem {
	p, _ := ctx.Value(writeProblemKey{}).(WriteProblem)
	return p
}

// idSelector is the CSS selector of the element whose id is id, whatever
// characters the id holds (an imported group's id may hold a colon).
func idSelector(id string) string {
	var b strings.Builder
	b.WriteByte('#')
	for i, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_', r == '-' && i > 0, r >= '0' && r <= '9' && i > 0, r >= 0x80:
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "\\%x ", r)
		}
	}
	return b.String()
}
