package tournament

import (
	"errors"
	"fmt"
)

// ResultError says what is wrong with a result (its Message) and where:
// encounter and set are 1-based, 0 when the fault is not in one of them.
type ResultError struct {
	Encounter, Set int
	Message
}

func (e *ResultError) Error() string {
	switch {
	case e.Set > 0:
		return fmt.Sprintf("encounter %d, set %d: %s", e.Encounter, e.Set, e.Message)
	case e.Encounter > 0:
		return fmt.Sprintf("encounter %d: %s", e.Encounter, e.Message)
	}
	return e.String()
}

// fault is a ResultError in set (0: in none) saying why as fmt.Sprintf(format, args...) would.
func fault(set int, format string, args ...any) *ResultError {
	return &ResultError{Set: set, Message: Message{format, args}}
}

// ErrNotRunning is returned for a result sent to a match that is not running.
var ErrNotRunning = errors.New("match is not running")

// ValidateResult checks a result against the match configuration and the
// number of encounters a match of the group has. A final result must be
// complete: every encounter decided (or level where draws are allowed) and a
// winner unless draws are allowed. A live result may stop anywhere, later
// encounters may be empty (not started), but what it holds must be possible:
// no set past its end, no set after a decided encounter.
//
// A set is decided when a side reaches numPoints with the other below it;
// with twoAhead, a side that reaches numPoints wins only two points clear, and
// play goes on past numPoints until it is. With quick entry a set is 1:0 or 0:1.
// An encounter is decided when a side has won numSets sets; where draws are
// allowed, it also ends level once both sides have won numSets-1 sets.
func ValidateResult(r Encounters, cfg MatchConfiguration, encounters int, final bool) error {
	encounters = max(encounters, 1)
	switch {
	case len(r) == 0:
		return fault(0, "a result needs at least one encounter")
	case len(r) > encounters:
		return fault(0, "a match here has %d encounter(s), the result has %d", encounters, len(r))
	case final && len(r) < encounters:
		return fault(0, "a final result needs all %d encounters, the result has %d", encounters, len(r))
	}
	// A live result may hold encounters not started yet (empty); those
	// before the last one started must be over.
	playing := len(r) - 1
	for !final && playing > 0 && len(r[playing]) == 0 {
		playing--
	}
	for i, sets := range r {
		if !final && len(sets) == 0 && i > playing {
			continue
		}
		if err := validateEncounter(sets, cfg, final || i < playing); err != nil {
			err.Encounter = i + 1
			return err
		}
	}
	if final && !cfg.Draw && leader(DisplayScore(r, cfg)) < 0 {
		s := DisplayScore(r, cfg)
		return fault(0, "%d:%d is a draw, and this match cannot end in a draw", s[0], s[1])
	}
	return nil
}

// validateEncounter checks one encounter; complete says it must be over.
func validateEncounter(sets []Set, cfg MatchConfiguration, complete bool) *ResultError {
	if len(sets) == 0 {
		return fault(0, "an encounter needs at least one set")
	}
	if len(sets) > MaxSets {
		return fault(0, "%d sets are more than an encounter can have (limit %q: %d)", len(sets), "sets per encounter", MaxSets)
	}
	need := max(cfg.NumSets, 1)
	var won [2]int
	for k, s := range sets {
		lastSet := k == len(sets)-1
		if over(won, need, cfg.Draw) {
			return fault(k+1, "the encounter was decided %d:%d before this set", won[0], won[1])
		}
		if err := validateSet(s, cfg, complete || !lastSet); err != nil {
			err.Set = k + 1
			return err
		}
		if side := setWinner(s, cfg); side >= 0 {
			won[side]++
		}
	}
	if complete && !over(won, need, cfg.Draw) {
		if !cfg.Draw && won[0] == won[1] && won[0] == need-1 {
			return fault(0, "%d:%d in sets is not over: a side needs %d won sets (draws are not allowed)", won[0], won[1], need)
		}
		return fault(0, "%d:%d in sets is not over: a side needs %d won sets", won[0], won[1], need)
	}
	return nil
}

// over reports whether an encounter with these sets won has ended.
func over(won [2]int, need int, draw bool) bool {
	return won[0] >= need || won[1] >= need || draw && need > 1 && won[0] == need-1 && won[1] == need-1
}

// validateSet checks one set's score; decided says it must be over. It returns why not, or nil.
func validateSet(s Set, cfg MatchConfiguration, decided bool) *ResultError {
	if s[0] < 0 || s[1] < 0 {
		return fault(0, "%d:%d has a negative score", s[0], s[1])
	}
	if s[0] > MaxPoints || s[1] > MaxPoints {
		return fault(0, "%d:%d is more than a set can score (limit %q: %d)", s[0], s[1], "points per set", MaxPoints)
	}
	if cfg.QuickEntry {
		if s != (Set{1, 0}) && s != (Set{0, 1}) {
			return fault(0, "%d:%d is not a quick-entry score: enter 1:0 or 0:1", s[0], s[1])
		}
		return nil
	}
	hi, lo := max(s[0], s[1]), min(s[0], s[1])
	n := cfg.NumPoints
	if n <= 0 {
		return nil
	}
	switch {
	case cfg.pastPoints && !cfg.TwoAhead && lo >= n:
		return fault(0, "%d:%d: only one side can reach %d points", s[0], s[1], n)
	case cfg.pastPoints:
	case !cfg.TwoAhead && hi > n:
		return fault(0, "%d:%d goes past %d points", s[0], s[1], n)
	case !cfg.TwoAhead && hi == n && lo == n:
		return fault(0, "%d:%d: only one side can reach %d points", s[0], s[1], n)
	case cfg.TwoAhead && hi > n && hi-lo > 2:
		return fault(0, "%d:%d goes past the end of the set: past %d points it ends at a two-point lead", s[0], s[1], n)
	}
	if decided && setWinner(s, cfg) < 0 {
		if cfg.TwoAhead && hi >= n && hi-lo < 2 {
			return fault(0, "%d:%d needs a two-point lead", s[0], s[1])
		}
		return fault(0, "%d:%d is not over: a side needs %d points", s[0], s[1], n)
	}
	return nil
}
