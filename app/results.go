package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtside/tournament"
	"courtside/upstream"
)

// ResultRelay sends results for tournaments that run elsewhere to where
// they run (upstream.Follower). ok is false for Courtside's own tournaments;
// otherwise status and body are the upstream's answer, to pass on unchanged.
type ResultRelay interface {
	RelayResult(ctx context.Context, tournamentID, matchID string, r tournament.Encounters, final bool) (status int, body []byte, ok bool, err error)
}

// Writer applies changes computed by the rules in one atomic step
// (cache.Store.Write): compute runs again on the latest state when another
// write came first.
type Writer interface {
	Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error)
}

// Results enters results, the one path every face takes (the API, the
// console, the players at a court, the simulator): a followed tournament's
// result goes to the tournament application it runs in, any other is
// written here through the rules.
type Results struct {
	Store Writer
	// Relay sends followed tournaments' results upstream; nil: none are followed.
	Relay ResultRelay
	Now   func() time.Time
}

// Entry is a result to enter for a match.
type Entry struct {
	MatchID string
	Result  tournament.Encounters
	// Final ends the match with the result; otherwise it is a live score.
	Final bool
	// By is who entered it, as the audit log names them.
	By string
	// Next, when set, makes the result from the match as it stands when it
	// is written (the simulator scores a point on what is there) in place of
	// Result and Final. It returns ErrNothingToDo when there is nothing to enter.
	Next func(s *tournament.Snapshot, m *tournament.Match) (r tournament.Encounters, final bool, err error)
}

// Entered is a result that was entered: written here (Before, Change), or
// taken by the tournament application (Upstream).
type Entered struct {
	// Before is the tournament the change was made to; Change what it changed.
	Before *tournament.Snapshot
	Change *tournament.Change
	// Upstream is the tournament application's answer to a relayed result,
	// nil for a result written here.
	Upstream *UpstreamAnswer
}

// UpstreamAnswer is what the tournament application answered a relayed result.
type UpstreamAnswer struct {
	// Status and Body are its answer as it came, to pass on unchanged.
	Status int
	Body   []byte
	// Message is its answer's message, cleaned and cut to a length a page
	// shows; "" when it gave none (a page then says the status's reason phrase).
	Message string
}

// UpstreamRefusal is a relayed result the tournament application did not
// take (any answer but 200): nothing was saved here either.
type UpstreamRefusal struct{ UpstreamAnswer }

func (e *UpstreamRefusal) Error() string {
	return fmt.Sprintf("app: the tournament application refused the result: %d %s", e.Status, e.Message)
}

// ErrUpstreamDown is a relayed result the tournament application did not
// answer: nothing was saved.
var ErrUpstreamDown = errors.New("app: the tournament application did not answer")

// ErrNothingToDo is what an Entry's Next returns when the match has nothing
// to enter any more; Enter passes it on.
var ErrNothingToDo = errors.New("app: nothing to enter")

// The HTTP statuses of the tournament application's answers that Courtside
// reads: it took the result; it refused it; the match is not running there.
const (
	statusOK                 = 200
	statusBadRequest         = 400
	statusPreconditionFailed = 412
)

// maxRefusalLength bounds how much of the application's refusal of a result a page shows.
const maxRefusalLength = 300

// Enter enters the result for a match of snap's tournament. Besides the
// errors above, it returns the rules' refusals as they are
// (tournament.ErrNotRunning, tournament.ErrMatchNotFound,
// *tournament.ResultError, *tournament.RuleError), and the store's.
func (rs *Results) Enter(ctx context.Context, snap *tournament.Snapshot, e Entry) (*Entered, error) {
	if rs.Relay != nil {
		result, final, err := e.on(snap)
		if err != nil {
			return nil, err
		}
		status, body, ok, err := rs.Relay.RelayResult(ctx, snap.Tournament.ID, e.MatchID, result, final)
		if ok {
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrUpstreamDown, err)
			}
			ans := answerOf(status, body)
			if status != statusOK {
				return nil, &UpstreamRefusal{ans}
			}
			return &Entered{Upstream: &ans}, nil
		}
	}
	before, c, err := rs.Store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
		result, final, err := e.on(s)
		if err != nil {
			return nil, err
		}
		return s.SetResult(e.MatchID, result, final, rs.Now(), e.By)
	})
	if err != nil {
		return nil, err
	}
	return &Entered{Before: before, Change: c}, nil
}

// on is the entry's result on s: Result and Final, or what Next makes of the match in s.
func (e Entry) on(s *tournament.Snapshot) (tournament.Encounters, bool, error) {
	if e.Next == nil {
		return e.Result, e.Final, nil
	}
	m, ok := s.Match(e.MatchID)
	if !ok {
		return nil, false, tournament.ErrMatchNotFound
	}
	return e.Next(s, m)
}

// answerOf reads the tournament application's answer: its message, the
// application's words cleaned and bounded.
func answerOf(status int, body []byte) UpstreamAnswer {
	ans := UpstreamAnswer{Status: status, Body: body}
	if status == statusOK {
		return ans
	}
	var b struct {
		Message any `json:"message"`
	}
	if json.Unmarshal(body, &b) == nil {
		if s, ok := b.Message.(string); ok {
			ans.Message = upstream.Clean(s, maxRefusalLength)
		}
	}
	return ans
}
