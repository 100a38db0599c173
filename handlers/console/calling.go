package console

import (
	"net/http"

	"courtside/handlers/reply"
	"courtside/tournament"
)

// SetCalling pauses automatic calling for a break, or resumes it.
func (a *Admin) SetCalling(w http.ResponseWriter, r *http.Request) error {
	var paused bool
	switch r.PostFormValue("paused") {
	case "true":
		paused = true
	case "false":
	default:
		return reply.BadRequest("paused must be true or false")
	}
	return a.consoleWrite(w, r, "calling", func(s *tournament.Snapshot) (*tournament.Change, error) {
		return s.PauseCalling(paused, a.Now())
	})
}
