// Package templates holds the site's templ components and the view models
// they take. Components never touch the store: handlers build the models.
package templates

import (
	"context"
	"net/http"
	"strconv"
)

func statusText(ctx context.Context, status int) string {
	return strconv.Itoa(status) + " " + T(ctx, http.StatusText(status))
}
