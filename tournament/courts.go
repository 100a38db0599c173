package tournament

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// courtName checks a court's new name: not empty, not too long, and not the
// name of another court of the tournament.
func (s *Snapshot) courtName(name, except string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", Refuse("a court needs a name")
	case !utf8.ValidString(name) || utf8.RuneCountInString(name) > maxNameLength:
		return "", Refuse("a court's name is at most %d characters", maxNameLength)
	}
	for _, c := range s.Tournament.Courts {
		if c.ID != except && strings.EqualFold(c.Name, name) {
			return "", Refuse("there is a court named %s already", c.Name)
		}
	}
	return name, nil
}

// AddCourt adds a court during the day; with AutoCall it takes a match at once.
func (s *Snapshot) AddCourt(name string, at time.Time) (*Change, error) {
	name, err := s.courtName(name, "")
	if err != nil {
		return nil, err
	}
	if len(s.Tournament.Courts) >= MaxSetupCourts {
		return nil, Refuse("a tournament has at most %d courts", MaxSetupCourts)
	}
	c := newChange(s, at)
	c.Version = s.Version // calling depends on every match
	rec := c.record()
	number := 1
	for _, x := range rec.Courts {
		number = max(number, x.Number+1)
	}
	rec.Courts = append(slices.Clip(rec.Courts), Court{ID: DerivedID(0, fmt.Sprintf("%s/court/%d/%d", rec.ID, number, rec.Rev)), Number: number, Name: name})
	c.autoCall()
	return c, nil
}

// RenameCourt gives a court a new name.
func (s *Snapshot) RenameCourt(id, name string, at time.Time) (*Change, error) {
	if _, ok := s.Court(id); !ok {
		return nil, ErrCourtNotFound
	}
	name, err := s.courtName(name, id)
	if err != nil {
		return nil, err
	}
	c := newChange(s, at)
	rec := c.record()
	rec.Courts = slices.Clone(rec.Courts)
	for i := range rec.Courts {
		if rec.Courts[i].ID == id {
			rec.Courts[i].Name = name
		}
	}
	c.event(Event{Type: EventCourtMatchChanged, CourtID: id})
	return c, nil
}

// CloseCourt takes a court out of play (closed) or back into it. A match on
// a court being closed plays on; the court takes no new one. Opened again,
// with AutoCall, it takes a match at once.
func (s *Snapshot) CloseCourt(id string, closed bool, at time.Time) (*Change, error) {
	court, ok := s.Court(id)
	if !ok {
		return nil, ErrCourtNotFound
	}
	if court.Closed == closed {
		if closed {
			return nil, Refuse("%s is closed already", court.Name)
		}
		return nil, Refuse("%s is open already", court.Name)
	}
	c := newChange(s, at)
	c.Version = s.Version
	rec := c.record()
	rec.Courts = slices.Clone(rec.Courts)
	for i := range rec.Courts {
		if rec.Courts[i].ID == id {
			rec.Courts[i].Closed = closed
		}
	}
	c.event(Event{Type: EventCourtMatchChanged, CourtID: id})
	if !closed {
		c.autoCall()
	}
	return c, nil
}
