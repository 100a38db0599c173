package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"

	"courtside/app"
	"courtside/handlers/reply"
	"courtside/tournament"
	"courtside/wire"
)

// MaxBodyBytes bounds a request body; a result is far smaller.
const MaxBodyBytes = 64 << 10

// NotRunningMessage is the 412's message, word for word the real service's (spec 4.4).
const NotRunningMessage = "Match is not running"

// PutResult sets a running match's final result (spec 4.4).
func (a *API) PutResult(w http.ResponseWriter, r *http.Request) error { return a.putResult(w, r, true) }

// PutLiveResult sets a running match's live result without ending it (spec 4.4).
func (a *API) PutLiveResult(w http.ResponseWriter, r *http.Request) error {
	return a.putResult(w, r, false)
}

func (a *API) putResult(w http.ResponseWriter, r *http.Request, final bool) error {
	k := reply.Caller(r.Context())
	if !k.SetsResults() {
		return reply.Forbidden(reply.CodeScopeMissing)
	}
	snap, err := a.readable(r)
	if err != nil {
		return err
	}
	if snap.Tournament.OrganizerID != k.OrganizerID {
		return reply.Forbidden(reply.CodeForbidden)
	}
	matchID := r.PathValue("matchId")
	if _, ok := snap.Match(matchID); !ok {
		return reply.NotFound(reply.CodeMatchNotFound)
	}
	var body struct {
		Result *tournament.Encounters `json:"result"`
	}
	if err := decodeBody(w, r, &body); err != nil {
		return err
	}
	if body.Result == nil {
		return reply.BadRequest("result is required: an array of encounters, each an array of sets of two numbers")
	}
	entered, err := a.Results.Enter(r.Context(), snap, app.Entry{MatchID: matchID, Result: *body.Result, Final: final, By: k.Name})
	var refused *app.UpstreamRefusal
	switch {
	case errors.Is(err, app.ErrUpstreamDown):
		return reply.Status(http.StatusBadGateway, "The tournament application did not answer: nothing was saved.")
	case errors.As(err, &refused):
		return upstreamAnswer(w, refused.UpstreamAnswer)
	case err != nil:
		return resultProblem(err)
	case entered.Upstream != nil:
		return upstreamAnswer(w, *entered.Upstream)
	}
	return reply.JSON(w, wire.MatchOf(entered.Before, entered.Change.Matches[0], wire.FormFull))
}

// upstreamAnswer passes the tournament application's answer to a relayed
// result on unchanged: the client learns what the application said.
func upstreamAnswer(w http.ResponseWriter, ans app.UpstreamAnswer) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(ans.Status)
	_, err := w.Write(ans.Body)
	return err
}

// resultProblem turns the rules' refusals into the API's answers.
func resultProblem(err error) error {
	var re *tournament.ResultError
	var rule *tournament.RuleError
	switch {
	case errors.Is(err, tournament.ErrNotRunning):
		return reply.Status(http.StatusPreconditionFailed, NotRunningMessage)
	case errors.Is(err, tournament.ErrMatchNotFound):
		return reply.NotFound(reply.CodeMatchNotFound)
	case errors.As(err, &re):
		return reply.BadRequest("%s", re.Error())
	case errors.As(err, &rule):
		return reply.BadRequest("%s", rule.Error())
	}
	return err
}

// decodeBody reads a JSON body strictly: one object of known fields, within MaxBodyBytes.
func decodeBody(w http.ResponseWriter, r *http.Request, into any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return reply.BadRequest("the body is larger than %d bytes", MaxBodyBytes)
		case errors.Is(err, io.EOF):
			return reply.BadRequest("the body is empty: send a JSON object")
		case errors.As(err, &typeErr):
			return reply.BadRequest("%s must be %s", fieldName(typeErr), kindOf(typeErr.Type))
		case strings.HasPrefix(err.Error(), "json: unknown field"):
			return reply.BadRequest("%s", strings.TrimPrefix(err.Error(), "json: "))
		}
		return reply.BadRequest("the body is not valid: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return reply.BadRequest("the body holds more than one JSON value")
	}
	return nil
}

// kindOf names a Go type the way a JSON client thinks of it.
func kindOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a whole number"
}

func fieldName(e *json.UnmarshalTypeError) string {
	if e.Field == "" {
		return "the body"
	}
	return e.Field
}
