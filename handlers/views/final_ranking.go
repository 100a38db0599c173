package views

import (
	"courtside/templates"
	"courtside/tournament"
)

// FinalRankings are the overall rankings of the tournament's finished
// disciplines (every stage finished), for the console and the public page.
func FinalRankings(snap *tournament.Snapshot) []templates.FinalRankingView {
	var out []templates.FinalRankingView
	for _, d := range snap.Tournament.Disciplines {
		if len(d.Stages) == 0 || d.Stages[len(d.Stages)-1].State != tournament.PhaseFinished {
			continue
		}
		v := templates.FinalRankingView{Discipline: d.Name}
		for _, p := range snap.FinalRanking(d.ID) {
			r := templates.FinalRow{Place: p.Place, Name: p.Entry.Name, Href: TournamentHref(snap) + "/entries/" + p.Entry.ID, Stage: p.Stage}
			if p.Place <= 3 && len(v.Podium) < 4 {
				v.Podium = append(v.Podium, r)
			} else {
				v.Rest = append(v.Rest, r)
			}
		}
		out = append(out, v)
	}
	return out
}
