package app

import (
	"context"
	"errors"

	"courtside/tournament"
)

// ReportStore keeps what the players at each court reported (cache.Store).
type ReportStore interface {
	ReportCourt(ctx context.Context, tournamentID, courtID string, compute func(*tournament.CourtReport) (*tournament.CourtReport, error)) (*tournament.CourtReport, error)
}

// CourtReports takes the results players report from a court: a report, the
// other side's confirmation, and the desk settling what they reported. A
// result it sets goes through Results, as every other; once set, the court's
// reports of the match are cleared. A followed tournament's application
// refusing a result reads as the rules' refusal would (a match it no longer
// runs is not running; a result it does not take is a ResultError).
type CourtReports struct {
	Store   ReportStore
	Results *Results
}

// Reported is what became of a report.
type Reported string

// What became of a report; the values are what the court page's address says (?done=).
const (
	// Waiting: reported; the other side confirms it on their phone.
	Waiting Reported = "reported"
	// Disputed: the other side reported another result; the desk decides.
	Disputed Reported = "disputed"
	// Confirmed: the sides agreed (or one report was enough) and the result is set.
	Confirmed Reported = "confirmed"
	// AtTheDesk: the sides agreed, but the match was over meanwhile; the desk has it.
	AtTheDesk Reported = "desk"
)

// NotSettledError is an agreed report whose result the rules refuse now (the
// match's configuration changed after it was reported): the reports stay
// for the desk to see.
type NotSettledError struct{ Err error }

func (e *NotSettledError) Error() string {
	return "app: the reported result is not taken: " + e.Err.Error()
}

// Unwrap is the rules' refusal.
func (e *NotSettledError) Unwrap() error { return e.Err }

// ErrReportsChanged is a settling of reports that were settled or changed
// meanwhile: nothing was saved.
var ErrReportsChanged = errors.New("app: the court's reports changed meanwhile")

// Report records device's report of the final result of the match on the
// court, and sets the result when the sides agree. Its errors are the
// rules' (tournament.ErrOwnReport, *tournament.ResultError,
// *tournament.RuleError), a *NotSettledError, and those of Results.Enter.
func (cr *CourtReports) Report(ctx context.Context, snap *tournament.Snapshot, court tournament.Court, m *tournament.Match, device string, result tournament.Encounters) (Reported, error) {
	rep, err := cr.Store.ReportCourt(ctx, snap.Tournament.ID, court.ID, func(prev *tournament.CourtReport) (*tournament.CourtReport, error) {
		return snap.Report(court.ID, prev, device, result, cr.Results.Now())
	})
	switch {
	case err != nil:
		return "", err
	case rep.Disputed():
		return Disputed, nil
	case !rep.Agreed:
		return Waiting, nil
	}
	done := Confirmed
	err = cr.set(ctx, snap, m, rep.Reports[0].Result, tournament.ReportedBy(court.Name, len(rep.Reports)))
	var re *tournament.ResultError
	switch {
	case errors.Is(err, tournament.ErrNotRunning):
		done = AtTheDesk
	case errors.As(err, &re):
		return "", &NotSettledError{Err: re}
	case err != nil:
		return "", err
	}
	return done, cr.clear(ctx, snap.Tournament.ID, court.ID, m.ID)
}

// Live sets a live score entered at the court; the tournament must let
// players enter them (the face checks Tournament.PlayersLive).
func (cr *CourtReports) Live(ctx context.Context, snap *tournament.Snapshot, court tournament.Court, m *tournament.Match, result tournament.Encounters) error {
	return cr.enter(ctx, snap, Entry{MatchID: m.ID, Result: result, By: "players at " + court.Name + " (live)"})
}

// Settle takes the court's report i as the match's result: a dispute
// settled at the desk, or a report accepted without waiting for the other
// side. matchID is the match the desk saw the reports of; by names who
// settled them. Its errors are ErrReportsChanged, the rules'
// (tournament.ErrNotRunning, *tournament.ResultError) and those of Results.Enter.
func (cr *CourtReports) Settle(ctx context.Context, snap *tournament.Snapshot, court tournament.Court, matchID string, i int, by string) error {
	rep := snap.CourtReport(court.ID)
	if rep == nil || rep.MatchID != matchID || i < 0 || i >= len(rep.Reports) {
		return ErrReportsChanged
	}
	m, _ := snap.Match(rep.MatchID)
	if err := cr.set(ctx, snap, m, rep.Reports[i].Result, by); err != nil {
		return err
	}
	return cr.clear(ctx, snap.Tournament.ID, court.ID, m.ID)
}

// set sets a reported result as the match's final one.
func (cr *CourtReports) set(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match, result tournament.Encounters, by string) error {
	return cr.enter(ctx, snap, Entry{MatchID: m.ID, Result: result, Final: true, By: by})
}

// enter enters a result through Results, the tournament application's
// refusals read as the rules' would.
func (cr *CourtReports) enter(ctx context.Context, snap *tournament.Snapshot, e Entry) error {
	_, err := cr.Results.Enter(ctx, snap, e)
	var up *UpstreamRefusal
	if errors.As(err, &up) {
		switch up.Status {
		case statusPreconditionFailed:
			return tournament.ErrNotRunning
		case statusBadRequest:
			msg := up.Message
			if msg == "" {
				msg = "Bad Request" // its reason phrase, as a page says a refusal without a message
			}
			return &tournament.ResultError{Message: tournament.Message{Format: "%s", Args: []any{msg}}}
		}
	}
	return err
}

// clear removes the court's reports of the match, once its result is set.
func (cr *CourtReports) clear(ctx context.Context, tournamentID, courtID, matchID string) error {
	_, err := cr.Store.ReportCourt(ctx, tournamentID, courtID, func(prev *tournament.CourtReport) (*tournament.CourtReport, error) {
		if prev != nil && prev.MatchID != matchID {
			return prev, nil // another match's reports by now: they stay
		}
		return nil, nil
	})
	return err
}
