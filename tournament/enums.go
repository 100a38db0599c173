// Package tournament holds the rules of a tournament: the spec's resources
// with their exact JSON, states, display score, standings and bracket layout.
// It is pure Go and does no I/O.
package tournament

import (
	"fmt"
	"slices"
)

// MatchState is the state of a match (spec section 3).
type MatchState string

// The match states of spec section 3.
const (
	MatchOpen       MatchState = "open"
	MatchPaused     MatchState = "paused"
	MatchSkipped    MatchState = "skipped"
	MatchRunning    MatchState = "running"
	MatchPlayed     MatchState = "played"
	MatchPlanned    MatchState = "planned"
	MatchIncomplete MatchState = "incomplete"
	MatchBye        MatchState = "bye"
)

// MatchStates lists every match state.
var MatchStates = []MatchState{MatchOpen, MatchPaused, MatchSkipped, MatchRunning, MatchPlayed, MatchPlanned, MatchIncomplete, MatchBye}

// PhaseState is the state of a stage or a group.
type PhaseState string

// The stage and group states of spec section 3.
const (
	PhasePlanned  PhaseState = "planned"
	PhaseReady    PhaseState = "ready"
	PhaseRunning  PhaseState = "running"
	PhaseFinished PhaseState = "finished"
)

// PhaseStates lists every stage and group state.
var PhaseStates = []PhaseState{PhasePlanned, PhaseReady, PhaseRunning, PhaseFinished}

// State is the state of a tournament.
type State string

// The tournament states of spec section 3.
const (
	StatePlanned         State = "planned"
	StatePreRegistration State = "pre-registration"
	StateCheckIn         State = "check-in"
	StateReady           State = "ready"
	StateRunning         State = "running"
	StateFinished        State = "finished"
	StateCancelled       State = "cancelled"
)

// States lists every tournament state.
var States = []State{StatePlanned, StatePreRegistration, StateCheckIn, StateReady, StateRunning, StateFinished, StateCancelled}

// Mode is a group's tournament mode.
type Mode string

// The tournament modes of spec section 2.5.
const (
	DoubleElimination Mode = "double_elimination"
	Elimination       Mode = "elimination"
	LastOneStanding   Mode = "last_one_standing"
	LordHaveMercy     Mode = "lord_have_mercy"
	MonsterDYP        Mode = "monster_dyp"
	RoundRobin        Mode = "round_robin"
	Rounds            Mode = "rounds"
	SnakeDraw         Mode = "snake_draw"
	Swiss             Mode = "swiss"
	DutchSystem       Mode = "dutch_system"
	Whist             Mode = "whist"
)

// Modes lists every tournament mode.
var Modes = []Mode{DoubleElimination, Elimination, LastOneStanding, LordHaveMercy, MonsterDYP, RoundRobin, Rounds, SnakeDraw, Swiss, DutchSystem, Whist}

// EntryType says who enters a discipline.
type EntryType string

// The entry types of spec section 2.5.
const (
	EntrySingle     EntryType = "single"
	EntryTeamName   EntryType = "team_name"
	EntryDYP        EntryType = "dyp"
	EntryBYP        EntryType = "byp"
	EntryMonsterDYP EntryType = "monster_dyp"
)

// EntryTypes lists every entry type.
var EntryTypes = []EntryType{EntrySingle, EntryTeamName, EntryDYP, EntryBYP, EntryMonsterDYP}

// Sport is the sport an organizer and a public API key belong to.
type Sport string

// The sports of spec section 5.
const (
	TableSoccer Sport = "table_soccer"
	Petanque    Sport = "petanque"
	Darts       Sport = "darts"
	Cornhole    Sport = "cornhole"
	TableTennis Sport = "table_tennis"
)

// Sports lists every sport.
var Sports = []Sport{TableSoccer, Petanque, Darts, Cornhole, TableTennis}

// Parse returns v as an E when it is one of all, and an error naming the allowed values otherwise.
func Parse[E ~string](v string, all []E) (E, error) {
	if slices.Contains(all, E(v)) {
		return E(v), nil
	}
	return "", fmt.Errorf("%q is not one of %v", v, all)
}

func unmarshalEnum[E ~string](text []byte, all []E, into *E) error {
	v, err := Parse(string(text), all)
	if err != nil {
		return err
	}
	*into = v
	return nil
}

// UnmarshalText accepts only the states of spec section 3.
func (s *MatchState) UnmarshalText(b []byte) error { return unmarshalEnum(b, MatchStates, s) }

// UnmarshalText accepts only the states of spec section 3.
func (s *PhaseState) UnmarshalText(b []byte) error { return unmarshalEnum(b, PhaseStates, s) }

// UnmarshalText accepts only the states of spec section 3.
func (s *State) UnmarshalText(b []byte) error { return unmarshalEnum(b, States, s) }

// UnmarshalText accepts only the modes of spec section 2.5.
func (m *Mode) UnmarshalText(b []byte) error { return unmarshalEnum(b, Modes, m) }

// UnmarshalText accepts only the entry types of spec section 2.5.
func (e *EntryType) UnmarshalText(b []byte) error { return unmarshalEnum(b, EntryTypes, e) }

// UnmarshalText accepts only the sports of spec section 5.
func (s *Sport) UnmarshalText(b []byte) error { return unmarshalEnum(b, Sports, s) }
