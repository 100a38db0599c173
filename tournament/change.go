package tournament

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// The event types a change emits (ARCHITECTURE.md).
const (
	EventMatchUpdated      = "MatchUpdated"
	EventCourtMatchChanged = "CourtMatchChanged"
	EventStandingsUpdated  = "StandingsUpdated"
	EventTournamentUpdated = "TournamentUpdated"
	EventTournamentAdded   = "TournamentAdded"
	EventEntryListUpdated  = "EntryListUpdated"
)

// Event is something that happened in a tournament, as webhooks carry it.
type Event struct {
	Type    string `json:"type"`
	MatchID string `json:"matchId,omitempty"`
	// CourtID is set on CourtMatchChanged; its MatchID is empty when the court became free.
	CourtID   string `json:"courtId,omitempty"`
	GroupID   string `json:"groupId,omitempty"`
	CreatedAt Time   `json:"createdAt"`
}

// AuditEntry records one result write: who, when, the result before and after.
type AuditEntry struct {
	MatchID string     `json:"matchId"`
	By      string     `json:"by"`
	At      Time       `json:"at"`
	Final   bool       `json:"final"`
	Old     Encounters `json:"old"`
	New     Encounters `json:"new"`
}

// Change is what one write does to a tournament, computed from a snapshot:
// the new state of every match it touches, the tournament's new record when
// that changes, the events, and for a result its audit entry. The store
// applies it only if nothing it was computed from has changed since.
//
// Revisions say what a change was computed from: a record at revision n is
// written as n+1, and the store refuses it unless the stored one is still at
// n. A stored record without a revision counts as revision 1, so revision 1
// in a change means a new record: a match with Rev 1 is refused if it exists,
// and a Tournament with Rev 1 creates the tournament, refused if it exists.
type Change struct {
	Matches    []*Match
	Tournament *Tournament
	// Entries are the entries written, added or changed.
	Entries []*Entry
	// Removed are the ids of the matches deleted (a redraw before a stage starts).
	Removed []string
	Events  []Event
	Audit   *AuditEntry
	// Version, when not 0, is the tournament version the change requires:
	// set where the rule depends on more than the records it touches.
	Version int64
	// Live marks a live result. It depends on nothing but its match running,
	// so it requires just that rather than an unchanged match: racing live
	// results do not recompute, and the last one wins whole.
	Live bool

	snap    *Snapshot
	at      time.Time
	touched map[string]*Match
}

// Errors the rules give for writes that cannot be done.
var (
	ErrMatchNotFound = errors.New("no such match")
	ErrCourtNotFound = errors.New("no such court")
)

// Message is a sentence for a person as a format and its arguments, so that a
// page can say it in its own language (the format is the key, states and
// modes among the arguments are words to translate too); String is the
// English sentence, for logs, the API and the command line.
type Message struct {
	Format string
	Args   []any
}

func (m Message) String() string { return fmt.Sprintf(m.Format, m.Args...) }

// RoundName is a round's name as the rules give it ("Round 3", "Final",
// "Losers round 2"), an argument of a refusal: a page says it in its
// language, as it says the round's heading.
type RoundName string

// MatchLabel names a match in a refusal: its group, its round and its
// sides. In English "Group A, Round 3: Anna v Ben"; a page says it in its
// language.
type MatchLabel struct {
	Group string
	Round RoundName
	Sides [2]string
}

func (l MatchLabel) String() string {
	if l.Round == "" {
		return fmt.Sprintf("%s v %s", l.Sides[0], l.Sides[1])
	}
	return fmt.Sprintf("%s, %s: %s v %s", l.Group, l.Round, l.Sides[0], l.Sides[1])
}

// RuleError is a write the rules refuse; its Message says why.
type RuleError struct{ Message }

func (e *RuleError) Error() string { return e.String() }

// Refuse is a RuleError saying why as fmt.Sprintf(format, args...) would.
func Refuse(format string, args ...any) *RuleError { return &RuleError{Message{format, args}} }

// newChange starts a change computed from s; s is nil when the change
// creates the tournament (and then sets Tournament itself, with Rev 1).
func newChange(s *Snapshot, at time.Time) *Change {
	return &Change{snap: s, at: at, touched: map[string]*Match{}}
}

// NextRev is the revision a record at rev is written with (see Change).
func NextRev(rev int) int { return max(rev, 1) + 1 }

// edit returns the change's copy of m to modify, with its revision moved on.
func (c *Change) edit(m *Match) *Match {
	if e, ok := c.touched[m.ID]; ok {
		return e
	}
	e := m.clone()
	e.Rev = NextRev(m.Rev)
	c.touched[m.ID] = e
	c.Matches = append(c.Matches, e)
	return e
}

// add writes a match that did not exist.
func (c *Change) add(m *Match) {
	m.Rev = 1
	c.touched[m.ID] = m
	c.Matches = append(c.Matches, m)
}

func (c *Change) event(e Event) {
	e.CreatedAt = At(c.at)
	c.Events = append(c.Events, e)
}

// record returns the change's copy of the tournament record to modify.
func (c *Change) record() *Tournament {
	if c.Tournament == nil {
		t := *c.snap.Tournament
		t.Rev = NextRev(t.Rev)
		// Copy the levels whose states change; the rest is shared, and not written.
		t.Disciplines = slices.Clone(t.Disciplines)
		for i := range t.Disciplines {
			d := &t.Disciplines[i]
			d.Stages = slices.Clone(d.Stages)
			for k := range d.Stages {
				d.Stages[k].Groups = slices.Clone(d.Stages[k].Groups)
			}
		}
		c.Tournament = &t
		c.event(Event{Type: EventTournamentUpdated})
	}
	return c.Tournament
}

func (m *Match) clone() *Match {
	c := *m
	c.Encounters = slices.Clone(m.Encounters)
	c.CourtIDs = slices.Clone(m.CourtIDs)
	return &c
}

// matchOf returns the current state of the match: the change's copy if it has one.
func (c *Change) matchOf(m *Match) *Match {
	if e, ok := c.touched[m.ID]; ok {
		return e
	}
	return m
}

// SetResult sets a running match's result: the final one, which ends the match
// and moves the bracket on, or a live one, which keeps it running. by names
// who wrote it, for the audit log.
func (s *Snapshot) SetResult(id string, r Encounters, final bool, at time.Time, by string) (*Change, error) {
	m, ok := s.Match(id)
	if !ok {
		return nil, ErrMatchNotFound
	}
	if m.State != MatchRunning {
		return nil, ErrNotRunning
	}
	g, _ := s.Group(m.GroupID)
	if err := ValidateResult(r, s.Config(m), len(g.Encounters), final); err != nil {
		return nil, err
	}
	c := newChange(s, at)
	nm := c.edit(m)
	nm.Encounters = r
	nm.IsLiveResult = !final
	c.Audit = &AuditEntry{MatchID: id, By: by, At: At(at), Final: final, Old: m.Encounters, New: r}
	c.event(Event{Type: EventMatchUpdated, MatchID: id})
	if !final {
		c.Live = true
		return c, nil
	}
	nm.State, nm.EndTime = MatchPlayed, At(at)
	for _, court := range nm.CourtIDs {
		c.event(Event{Type: EventCourtMatchChanged, CourtID: court})
	}
	c.event(Event{Type: EventStandingsUpdated, GroupID: g.ID})
	if g.Mode.IsBracket() {
		c.advance(g, nm)
	}
	c.moveOn(g.ID)
	return c, nil
}

// advance moves the bracket on from a finished match.
func (c *Change) advance(g *Group, done *Match) {
	var group []*Match
	originals := map[string]*Match{}
	for _, m := range c.all() {
		if m.GroupID != g.ID {
			continue
		}
		cur := m
		if cur != done {
			cur = cur.clone()
		}
		originals[m.ID] = m
		group = append(group, cur)
	}
	for _, changed := range Advance(group, done) {
		e := c.edit(originals[changed.ID])
		rev := e.Rev
		*e = *changed
		e.Rev = rev
		c.event(Event{Type: EventMatchUpdated, MatchID: e.ID})
	}
}

// GroupCounts are, by group, how many matches it has, how many are done and
// how many have started.
type GroupCounts map[string]struct{ all, done, started int }

// CountGroups counts matches by group.
func CountGroups(matches []*Match) GroupCounts {
	out := GroupCounts{}
	for _, m := range matches {
		n := out[m.GroupID]
		n.all++
		if m.Done() {
			n.done++
		}
		if m.State == MatchRunning || m.State == MatchPlayed {
			n.started++
		}
		out[m.GroupID] = n
	}
	return out
}

// Phase is the state g's matches put it in: finished when every one is
// done; running when one has started, or when a finished group has a match
// to play (a new round); otherwise, and without matches, as it is.
func (c GroupCounts) Phase(g *Group) PhaseState {
	n, ok := c[g.ID]
	switch {
	case !ok:
		return g.State
	case n.done == n.all:
		return PhaseFinished
	case n.started > 0, g.State == PhaseFinished:
		return PhaseRunning
	}
	return g.State
}

// settle brings group, stage and tournament states in line with the matches
// after the change: a group whose matches are all done is finished, a stage
// whose groups are all finished is too, and so is a tournament whose stages are.
// A group with a match started is running, and so are its stage and tournament.
//
// What it decides depends on every match, not only those the change writes
// (two last results written at once would each see the other's match still
// running), so the change requires the version it was computed from.
func (c *Change) settle() {
	c.Version = c.snap.Version
	counts := CountGroups(c.all())
	t := c.snap.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	allFinished, anyRunning := true, false
	for di, d := range t.Disciplines {
		for si, st := range d.Stages {
			stageFinished, stageRunning := true, false
			for gi := range st.Groups {
				g := &st.Groups[gi]
				w := counts.Phase(g)
				if w != g.State {
					c.record().Disciplines[di].Stages[si].Groups[gi].State = w
				}
				stageFinished = stageFinished && w == PhaseFinished
				stageRunning = stageRunning || w == PhaseRunning || w == PhaseFinished
			}
			ws := st.State
			switch {
			case stageFinished:
				ws = PhaseFinished
			case stageRunning:
				ws = PhaseRunning
			}
			if ws != st.State {
				c.record().Disciplines[di].Stages[si].State = ws
			}
			allFinished = allFinished && ws == PhaseFinished
			anyRunning = anyRunning || ws == PhaseRunning || ws == PhaseFinished
		}
	}
	switch {
	case allFinished && t.State == StateRunning:
		c.record().State = StateFinished
	case anyRunning && slices.Contains([]State{StatePlanned, StatePreRegistration, StateCheckIn, StateReady}, t.State):
		c.record().State = StateRunning
	}
}

// CallMatch puts an open match on free courts: it starts now.
func (s *Snapshot) CallMatch(id string, courtIDs []string, at time.Time) (*Change, error) {
	m, ok := s.Match(id)
	if !ok {
		return nil, ErrMatchNotFound
	}
	if m.State != MatchOpen || m.Entries[0] == nil || m.Entries[1] == nil {
		return nil, Refuse("only an open match with both entries known can be called; this one is %s", m.State)
	}
	if len(courtIDs) == 0 {
		return nil, Refuse("choose at least one court")
	}
	for _, cid := range courtIDs {
		court, ok := s.Court(cid)
		if !ok {
			return nil, ErrCourtNotFound
		}
		if court.Closed {
			return nil, Refuse("%s is closed: open it again, or choose another court", court.Name)
		}
		if busy := s.CourtMatch(cid); busy != nil {
			return nil, Refuse("%s is busy", court.Name)
		}
	}
	if name, where := s.busy(m); name != "" {
		if where == "" {
			return nil, Refuse("%s is playing on another court: a match can be called once all its players are free", name)
		}
		return nil, Refuse("%s is playing on %s: a match can be called once all its players are free", name, where)
	}
	c := newChange(s, at) // "the court is free" depends on every match: settle requires the version
	nm := c.edit(m)
	nm.State, nm.StartTime, nm.CourtIDs = MatchRunning, At(at), slices.Clone(courtIDs)
	c.event(Event{Type: EventMatchUpdated, MatchID: id})
	for _, cid := range courtIDs {
		c.event(Event{Type: EventCourtMatchChanged, CourtID: cid, MatchID: id})
	}
	c.settle()
	return c, nil
}

// SetMatchState pauses a match, takes it back from pause, or skips it
// (an entry left). Knock-out matches cannot be skipped: someone must go on.
func (s *Snapshot) SetMatchState(id string, to MatchState, at time.Time) (*Change, error) {
	m, ok := s.Match(id)
	if !ok {
		return nil, ErrMatchNotFound
	}
	allowed := map[MatchState][]MatchState{
		MatchPaused:  {MatchOpen},
		MatchOpen:    {MatchPaused},
		MatchSkipped: {MatchOpen, MatchPaused, MatchIncomplete},
	}
	if !slices.Contains(allowed[to], m.State) {
		return nil, Refuse("a %s match cannot become %s", m.State, to)
	}
	if g, _ := s.Group(m.GroupID); to == MatchSkipped && !g.Mode.Rules().Skip {
		return nil, Refuse("a knock-out match cannot be skipped: enter its result instead")
	}
	c := newChange(s, at)
	c.edit(m).State = to
	c.event(Event{Type: EventMatchUpdated, MatchID: id})
	switch to {
	case MatchSkipped:
		c.event(Event{Type: EventStandingsUpdated, GroupID: m.GroupID})
		c.moveOn(m.GroupID)
	case MatchOpen: // back from pause: a free court may take it
		c.autoCall()
	}
	return c, nil
}
