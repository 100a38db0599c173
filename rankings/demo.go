package rankings

import (
	"slices"

	"courtside/tournament"
)

// Demo is an organizer's rankings in the demo: its player register
// (every player entry of its tournaments linked by name, as an organizer who
// confirmed every suggestion has it) and its series.
type Demo struct {
	OrganizerID string
	Players     []RegisteredPlayer
	Links       map[string]string // link key → player id
	Series      []Series
}

// DemoOf is the demo's rankings: the organizer of its club nights
// (tournament.Demo.ClubNights) registers every player of its tournaments by
// name and has the Hamburg Kicker Cup over the club nights (three played,
// one running). Its ids are derived as the demo's (tournament.DerivedID).
func DemoOf(d *tournament.Demo) []Demo {
	var org string
	for _, dt := range d.Tournaments {
		if slices.Contains(d.ClubNights, dt.Tournament.ID) {
			org = dt.Tournament.OrganizerID
		}
	}
	if org == "" {
		return nil
	}
	r := Demo{OrganizerID: org, Links: map[string]string{}}
	byName := map[string]string{}
	cup := Series{ID: tournament.DerivedID(d.Seed, "series/kicker-cup"), Name: "Hamburg Kicker Cup 2026", Class: ClassLocal, BestN: 5}
	for _, dt := range d.Tournaments {
		if dt.Tournament.OrganizerID != org {
			continue
		}
		es := make(map[string]*tournament.Entry, len(dt.Entries))
		for _, e := range dt.Entries {
			es[e.ID] = e
		}
		s := &tournament.Snapshot{Tournament: dt.Tournament, Entries: es}
		for _, pe := range PlayerEntries(s) {
			k := NameKey(pe.Name)
			id, ok := byName[k]
			if !ok {
				id = tournament.DerivedID(d.Seed, "player/"+k)
				byName[k] = id
				r.Players = append(r.Players, RegisteredPlayer{ID: id, Name: pe.Name})
			}
			r.Links[pe.Link()] = id
		}
		if slices.Contains(d.ClubNights, dt.Tournament.ID) {
			for _, disc := range dt.Tournament.Disciplines {
				cup.Parts = append(cup.Parts, SeriesPart{TournamentID: dt.Tournament.ID, DisciplineID: disc.ID})
			}
		}
	}
	r.Series = []Series{cup}
	return []Demo{r}
}
