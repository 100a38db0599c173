// Package reply is how every face answers: a handler returns an error and web
// turns it into the response (a *Problem becomes the spec's error body,
// anything else a logged 500); HTML and JSON bodies, rendered parts with
// their ETags, and reading a request's query.
package reply

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"courtside/app"
	"courtside/cache"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// Problem is an error the client caused or must know about, with its status
// and, for the coded errors of spec section 7, its code as the message.
type Problem struct {
	Status  int
	Message string
	// Header is sent with the error, such as Retry-After on a 429.
	Header http.Header
}

func (p *Problem) Error() string { return fmt.Sprintf("%d %s", p.Status, p.Message) }

// Body is the one error body of the API: {"message", "error", "statusCode"}.
type Body struct {
	Message    string `json:"message"`
	Error      string `json:"error"`
	StatusCode int    `json:"statusCode"`
}

// Body returns the error body of the problem.
func (p *Problem) Body() Body {
	return Body{Message: p.Message, Error: http.StatusText(p.Status), StatusCode: p.Status}
}

// The coded errors of spec section 7, and the not-found codes for unknown ids.
const (
	CodeTokenMissing         = "ACCESS_TOKEN_MISSING"
	CodeTokenInvalid         = "ACCESS_TOKEN_INVALID"
	CodeForbidden            = "FORBIDDEN"
	CodeScopeMissing         = "SCOPE_MISSING"
	CodeAccountTokenRequired = "ACCOUNT_TOKEN_REQUIRED"
	CodeTournamentNotFound   = "TOURNAMENT_NOT_FOUND"
	CodeOrganizerNotFound    = "ORGANIZER_NOT_FOUND"
	CodeEntryNotFound        = "ENTRY_NOT_FOUND"
	CodeMatchNotFound        = "MATCH_NOT_FOUND"
	CodeCourtNotFound        = "COURT_NOT_FOUND"
	CodeDisciplineNotFound   = "DISCIPLINE_NOT_FOUND"
	CodeStageNotFound        = "STAGE_NOT_FOUND"
	CodeRoundNotFound        = "ROUND_NOT_FOUND"
	CodeGroupNotFound        = "GROUP_NOT_FOUND"
	CodeRouteNotFound        = "ROUTE_NOT_FOUND"
)

// Status returns a problem with the status and message.
func Status(status int, message string) *Problem { return &Problem{Status: status, Message: message} }

// BadRequest is a 400 whose message says what is wrong with the request.
func BadRequest(format string, args ...any) *Problem {
	return Status(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

// NotFound is a 404 with the code of the unknown thing.
func NotFound(code string) *Problem { return Status(http.StatusNotFound, code) }

// Forbidden is a 403 with its code.
func Forbidden(code string) *Problem { return Status(http.StatusForbidden, code) }

// NotFoundAs turns the store's ErrNotFound into a 404 with the code, and passes other errors on.
func NotFoundAs(err error, code string) error {
	if errors.Is(err, cache.ErrNotFound) {
		return NotFound(code)
	}
	return err
}

type callerKey struct{}

// WithCaller returns ctx carrying the API key the request was authenticated with.
func WithCaller(ctx context.Context, k record.Key) context.Context {
	return context.WithValue(ctx, callerKey{}, k)
}

// Caller is the API key of the request; the zero Key when there is none.
func Caller(ctx context.Context) record.Key {
	k, _ := ctx.Value(callerKey{}).(record.Key)
	return k
}

// Refusal is why the rules refused a write, in the page's language: a
// tournament.RuleError's reason, or each of a setup's problems.
func Refusal(ctx context.Context, err error) string {
	var rule *tournament.RuleError
	var ps tournament.Problems
	switch {
	case errors.As(err, &rule):
		return templates.Reason(ctx, rule.Format, rule.Args...)
	case errors.As(err, &ps):
		lines := make([]string, len(ps))
		for i, p := range ps {
			lines[i] = ProblemText(ctx, p)
		}
		return strings.Join(lines, "\n")
	}
	return err.Error()
}

// ProblemText is a setup's problem in the page's language, after its path.
func ProblemText(ctx context.Context, p tournament.Problem) string {
	if p.Path == "" {
		return ProblemReason(ctx, p)
	}
	return p.Path + ": " + ProblemReason(ctx, p)
}

// ProblemReason is what a problem says in the page's language.
func ProblemReason(ctx context.Context, p tournament.Problem) string {
	return templates.Reason(ctx, p.Format, p.Args...)
}

// UpstreamMessage is what a page says of the tournament application's
// answer to a relayed result: its message, or its status's reason phrase.
func UpstreamMessage(ans app.UpstreamAnswer) string {
	if ans.Message == "" {
		return http.StatusText(ans.Status)
	}
	return ans.Message
}
