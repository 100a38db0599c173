package tournament

import (
	"errors"
	"slices"
	"time"
)

// Who publishes a later stage's draw (SetupStage.Draw, Stage.DrawBy).
const (
	DrawAutomatic  = "automatic"
	DrawByDirector = "director"
)

// ErrStageNotFound is a stage id the tournament does not have.
var ErrStageNotFound = errors.New("no such stage")

// propose keeps the next stage's draw for the director instead of playing
// it. A draw made again (after a correction or a withdrawal in the stage
// before) keeps the one waiting, swaps and all, when the engine draws the
// same as before; else it replaces it.
func (c *Change) propose(di, si int, seeded []*Entry) {
	t := c.snap.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	drawn := ids(seeded)
	if cur := &t.Disciplines[di].Stages[si]; len(cur.Proposal) > 0 && slices.Equal(cur.Drawn, drawn) {
		return
	}
	st := &c.record().Disciplines[di].Stages[si]
	st.Proposal, st.Drawn = drawn, slices.Clone(drawn) // the record's change announces it (TournamentUpdated)
}

// DrawSlot is one place of a proposed tree's first round: the entry (nil
// for a bye) and where it came from in the stage before.
type DrawSlot struct {
	Entry *Entry
	Pool  string // the group's name in the stage before; empty when that stage had one group
	Place int    // its place there, 1 for the winner; 0 for a bye
}

// DrawProposal is a draw waiting for the director: the first round in tree
// order (slots 2k and 2k+1 meet), and whether it keeps pool-mates apart in
// the first round and every pool's first and second in opposite halves.
type DrawProposal struct {
	DisciplineID, StageID, Stage string
	Slots                        []DrawSlot
	Apart, Halves                bool
}

// Proposals are the draws waiting for the director, in tournament order.
func (s *Snapshot) Proposals() []DrawProposal {
	var out []DrawProposal
	for di := range s.Tournament.Disciplines {
		d := &s.Tournament.Disciplines[di]
		for si := range d.Stages {
			if len(d.Stages[si].Proposal) > 0 {
				out = append(out, s.proposal(d, si))
			}
		}
	}
	return out
}

// Proposal is the draw of the stage waiting for the director.
func (s *Snapshot) Proposal(stageID string) (DrawProposal, bool) {
	p, ok := s.stages[stageID]
	if !ok {
		return DrawProposal{}, false
	}
	d := &s.Tournament.Disciplines[p.d]
	if len(d.Stages[p.s].Proposal) == 0 {
		return DrawProposal{}, false
	}
	return s.proposal(d, p.s), true
}

func (s *Snapshot) proposal(d *Discipline, si int) DrawProposal {
	st := &d.Stages[si]
	out := DrawProposal{DisciplineID: d.ID, StageID: st.ID, Stage: st.Name}
	from := map[string]Qualifier{}
	var names []string
	if si > 0 {
		prev := &d.Stages[si-1]
		for gi := range prev.Groups {
			g := &prev.Groups[gi]
			names = append(names, g.Name)
			for i, row := range s.Standings(g) {
				from[row.Entry.ID] = Qualifier{Pool: gi, Place: i + 1}
			}
		}
	}
	seeded := make([]*Entry, len(st.Proposal))
	var qs []Qualifier
	for i, id := range st.Proposal {
		e := s.Entries[id]
		if e == nil {
			e = &Entry{ID: id, Name: id}
		}
		seeded[i] = e
		q := from[id]
		q.Entry = e
		qs = append(qs, q)
	}
	slot, size := treeSlots(len(seeded))
	out.Slots = make([]DrawSlot, size)
	for i, q := range qs {
		ds := DrawSlot{Entry: q.Entry, Place: q.Place}
		if len(names) > 1 && q.Place > 0 {
			ds.Pool = names[q.Pool]
		}
		out.Slots[slot[i]] = ds
	}
	out.Apart, out.Halves = DrawKeepsPoolsApart(seeded, qs)
	return out
}

// SwapDraw swaps two entries in a draw waiting for the director.
func (s *Snapshot) SwapDraw(stageID, a, b string, at time.Time) (*Change, error) {
	p, ok := s.stages[stageID]
	if !ok {
		return nil, ErrStageNotFound
	}
	st := &s.Tournament.Disciplines[p.d].Stages[p.s]
	if len(st.Proposal) == 0 {
		return nil, Refuse("%s has no draw waiting: it is published, or the stage before is still being played", st.Name)
	}
	i, j := slices.Index(st.Proposal, a), slices.Index(st.Proposal, b)
	if i < 0 || j < 0 {
		return nil, Refuse("choose two entries of the draw of %s", st.Name)
	}
	if i == j {
		return nil, Refuse("choose two different entries to swap")
	}
	c := newChange(s, at)
	rec := &c.record().Disciplines[p.d].Stages[p.s]
	rec.Proposal = slices.Clone(st.Proposal)
	rec.Proposal[i], rec.Proposal[j] = rec.Proposal[j], rec.Proposal[i]
	return c, nil
}

// PublishDraw plays the draw waiting for the director: the stage's tree is
// laid out from it, and with AutoCall free courts get its first matches.
func (s *Snapshot) PublishDraw(stageID string, at time.Time) (*Change, error) {
	p, ok := s.stages[stageID]
	if !ok {
		return nil, ErrStageNotFound
	}
	st := &s.Tournament.Disciplines[p.d].Stages[p.s]
	if len(st.Proposal) == 0 {
		return nil, Refuse("%s has no draw waiting: it is published, or the stage before is still being played", st.Name)
	}
	c := newChange(s, at)
	c.Version = s.Version // the draw depends on the standings it was made from
	rec := &c.record().Disciplines[p.d].Stages[p.s]
	var seeded []*Entry
	for _, id := range st.Proposal {
		e := c.entry(id)
		if e == nil {
			return nil, Refuse("%s: entry %s is not registered", st.Name, id)
		}
		seeded = append(seeded, e)
	}
	rec.Proposal, rec.Drawn = nil, nil
	if err := c.drawStage(p.d, p.s, seeded); err != nil {
		return nil, err
	}
	c.settle()
	c.autoCall()
	return c, nil
}
