package tournament

import (
	"errors"
	"slices"
	"time"
)

// Reporting says who enters a tournament's results: the desk only, the
// players at the court with the other side's confirmation, or the players
// with a single report.
type Reporting string

// The ways results are entered.
const (
	// ReportingDesk: the organizers enter every result (the default).
	ReportingDesk Reporting = "desk"
	// ReportingConfirmed: a player reports from the court; a second device
	// reporting the same result sets it, a different one is a dispute.
	ReportingConfirmed Reporting = "confirmed"
	// ReportingSingle: one report from the court sets the result.
	ReportingSingle Reporting = "single"
)

// Reportings lists the ways results are entered, the default first.
var Reportings = []Reporting{ReportingDesk, ReportingConfirmed, ReportingSingle}

// ReportingOf is the tournament's way of entering results; the desk when none was set.
func (t *Tournament) ReportingOf() Reporting {
	if t.Reporting == "" {
		return ReportingDesk
	}
	return t.Reporting
}

// MaxCourtReports is how many devices' reports one court's match keeps: the
// two sides. A third device is not heard once two disagree.
const MaxCourtReports = 2

// DeviceReport is one device's report of a match's final result. Device is
// what the store knows of the device: a hash of a random cookie, nothing
// about the person holding it.
type DeviceReport struct {
	Device string     `json:"device"`
	Result Encounters `json:"result"`
	At     Time       `json:"at"`
}

// CourtReport is what the devices at a court reported of the match on it.
// It belongs to that match: once another match is on the court, it is void.
type CourtReport struct {
	MatchID string         `json:"matchId"`
	Reports []DeviceReport `json:"reports"`
	// Agreed is set when the reports settle the result (two devices agree,
	// or one report where one is enough): the result is being written.
	Agreed bool `json:"agreed,omitempty"`
}

// Disputed reports whether two devices reported different results.
func (r *CourtReport) Disputed() bool {
	return r != nil && len(r.Reports) >= 2 && !SameResult(r.Reports[0].Result, r.Reports[1].Result)
}

// Pending is the report waiting for the other side's confirmation, if any.
func (r *CourtReport) Pending() (DeviceReport, bool) {
	if r == nil || r.Agreed || len(r.Reports) != 1 {
		return DeviceReport{}, false
	}
	return r.Reports[0], true
}

// By is the device's own report, if it made one.
func (r *CourtReport) By(device string) (DeviceReport, bool) {
	if r != nil {
		for _, d := range r.Reports {
			if d.Device == device {
				return d, true
			}
		}
	}
	return DeviceReport{}, false
}

// SameResult reports whether two results are the same, set for set.
func SameResult(a, b Encounters) bool {
	return slices.EqualFunc(a, b, func(x, y []Set) bool { return slices.Equal(x, y) })
}

// Errors of reports from the court that callers tell apart.
var (
	// ErrOwnReport: a device sent the result it reported already; the other side must confirm it.
	ErrOwnReport = errors.New("a device cannot confirm its own report")
)

// CourtReport returns the report for the court's current match, when the
// snapshot holds one for it; a report of an earlier match is void.
func (s *Snapshot) CourtReport(courtID string) *CourtReport {
	r := s.Reports[courtID]
	if r == nil {
		return nil
	}
	if m := s.CourtMatch(courtID); m == nil || m.ID != r.MatchID {
		return nil
	}
	return r
}

// MatchReport is the report for a running match, from whichever court it is on.
func (s *Snapshot) MatchReport(m *Match) *CourtReport {
	if m.State != MatchRunning {
		return nil
	}
	for _, c := range m.CourtIDs {
		// A running match on the court is its current match: no need to look further.
		if r := s.Reports[c]; r != nil && r.MatchID == m.ID {
			return r
		}
	}
	return nil
}

// ReportableMatch is the match players at the court may report now: the
// court's current match, running, in a tournament whose players report.
// Nothing else is ever reachable from a court: not a played match, not a
// match on another court.
func (s *Snapshot) ReportableMatch(courtID string) (*Match, error) {
	c, ok := s.Court(courtID)
	if !ok {
		return nil, ErrCourtNotFound
	}
	if s.Tournament.ReportingOf() == ReportingDesk && !s.Tournament.PlayersLive {
		return nil, Refuse("Results are entered at the desk in this tournament.")
	}
	if st := s.Tournament.State; st != StateRunning {
		return nil, Refuse("The tournament is %s: nothing can be reported.", st)
	}
	m := s.CourtMatch(courtID)
	if m == nil {
		return nil, Refuse("No match is being played on %s now.", c.Name)
	}
	return m, nil
}

// Report adds a device's report of the final result of the court's current
// match to what the court reported before (prev, nil for nothing) and returns
// what the court holds now. The result is checked against the match's
// configuration as every result is. With ReportingSingle the report is agreed
// at once; with ReportingConfirmed it is agreed when a second device reports
// the same result, and disputed when it reports another. A device may change
// its own report (until the result is agreed) but never confirm it.
func (s *Snapshot) Report(courtID string, prev *CourtReport, device string, r Encounters, at time.Time) (*CourtReport, error) {
	m, err := s.ReportableMatch(courtID)
	if err != nil {
		return nil, err
	}
	mode := s.Tournament.ReportingOf()
	if mode == ReportingDesk {
		return nil, Refuse("Results are entered at the desk in this tournament.")
	}
	if device == "" {
		return nil, Refuse("This device cannot be told apart from others: allow cookies for this site.")
	}
	g, _ := s.Group(m.GroupID)
	if err := ValidateResult(r, s.Config(m), len(g.Encounters), true); err != nil {
		return nil, err
	}
	if prev == nil || prev.MatchID != m.ID {
		prev = &CourtReport{MatchID: m.ID}
	}
	if prev.Agreed {
		return nil, Refuse("Both sides reported this match already: the result is being saved.")
	}
	mine := DeviceReport{Device: device, Result: r, At: At(at)}
	next := &CourtReport{MatchID: m.ID}
	replaced := false
	for _, d := range prev.Reports {
		if d.Device == device {
			if len(prev.Reports) == 1 && SameResult(d.Result, r) {
				return nil, ErrOwnReport
			}
			d, replaced = mine, true
		}
		next.Reports = append(next.Reports, d)
	}
	if !replaced {
		if len(next.Reports) >= MaxCourtReports {
			return nil, Refuse("Both sides have reported this match: the desk decides.")
		}
		next.Reports = append(next.Reports, mine)
	}
	switch {
	case mode == ReportingSingle:
		next.Reports, next.Agreed = []DeviceReport{mine}, true
	case len(next.Reports) == 2 && SameResult(next.Reports[0].Result, next.Reports[1].Result):
		next.Agreed = true
	}
	return next, nil
}

// ReportedBy says for the audit who set a result reported at a court, and
// what that proves: "reported at Table 3: two devices agreed" (two browsers
// with different cookies; they may be one person's).
func ReportedBy(court string, devices int) string {
	if devices >= 2 {
		return "reported at " + court + ": two devices agreed"
	}
	return "reported at " + court + " by one device"
}

// SetReporting changes who enters the tournament's results, at any time:
// an organizer may move to the desk alone when reports go wrong, or let the
// players report once the desk is busy.
func (s *Snapshot) SetReporting(mode Reporting, live bool, at time.Time) (*Change, error) {
	if !slices.Contains(Reportings, mode) {
		return nil, Refuse("Choose who enters results: %s.", joinReportings())
	}
	if s.Tournament.ReportingOf() == mode && s.Tournament.PlayersLive == live {
		return nil, Refuse("Nothing changed.")
	}
	c := newChange(s, at)
	t := c.record()
	t.Reporting, t.PlayersLive = mode, live
	if mode == ReportingDesk {
		t.Reporting = ""
	}
	return c, nil
}

func joinReportings() string {
	out := ""
	for i, r := range Reportings {
		if i > 0 {
			out += ", "
		}
		out += string(r)
	}
	return out
}
