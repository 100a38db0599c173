// Package templates holds the site's templ components and the view models
// they take. Components never touch the store: handlers build the models.
package templates

import (
	"net/http"
	"strconv"
)

func statusText(status int) string { return strconv.Itoa(status) + " " + http.StatusText(status) }
