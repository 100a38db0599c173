package console

import (
	"net/http"

	"courtside/handlers/reply"
	"courtside/templates"
)

// Confirmed says whether a destructive or irreversible form was confirmed:
// in the browser's dialog (htmx then sends confirmed=yes with the form), or on
// the Confirm page a browser without JavaScript gets first.
func Confirmed(r *http.Request) bool {
	return r.PostFormValue("confirmed") == "yes"
}

// AskFirst answers a destructive form that arrived unconfirmed with a page
// that asks the question, carrying the form's fields to the action; Cancel
// leads back to cancel, and nothing has changed.
func (a *Admin) AskFirst(w http.ResponseWriter, r *http.Request, question, yes, cancel string, fields ...string) error {
	page := templates.ConfirmPage{Page: a.Layout(r, templates.T(r.Context(), "Are you sure?")), Question: question, Yes: yes,
		Action: r.URL.Path, CancelHref: cancel}
	for _, name := range fields {
		page.Fields = append(page.Fields, templates.Hidden{Name: name, Value: r.PostFormValue(name)})
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.Confirm(page))
}
