package tournament

import "slices"

// FinalPlace is an entry's place in a discipline's overall ranking, and the
// stage that decided it.
type FinalPlace struct {
	Place int
	Entry *Entry
	Stage string
}

// FinalRanking ranks every entry of the discipline overall: those who
// reached the last stage by their place there (in a knock-out, the champion,
// the runner-up, third and fourth, then those out in the same round sharing
// a place), then those who went out in the stage before by their place in
// their group (every group's first before every group's second, ...; the
// same place of different groups ordered by CompareBestOfPlace), and so on
// back to the first stage. Entries with no played match come last.
func (s *Snapshot) FinalRanking(disciplineID string) []FinalPlace {
	d, ok := s.Discipline(disciplineID)
	if !ok {
		return nil
	}
	var out []FinalPlace
	placed := map[string]bool{}
	for si := len(d.Stages) - 1; si >= 0; si-- {
		st := &d.Stages[si]
		type row struct {
			Standing
			pool, place int
		}
		var rows []row
		for gi := range st.Groups {
			for i, r := range s.Standings(&st.Groups[gi]) {
				if placed[r.Entry.ID] || s.Entries[r.Entry.ID] == nil {
					continue
				}
				place := i + 1
				if r.Rank > 0 {
					place = r.Rank
				}
				if r.Rank < 0 {
					place = 1 << 20 // unranked: after everyone ranked
				}
				rows = append(rows, row{r, gi, place})
			}
		}
		slices.SortStableFunc(rows, func(a, b row) int {
			if a.place != b.place {
				return a.place - b.place
			}
			if len(st.Groups) == 1 {
				return 0
			}
			return CompareBestOfPlace(a.Standing, b.Standing, a.pool, b.pool)
		})
		base := len(out)
		for i, r := range rows {
			p := base + i + 1
			if i > 0 && r.place == rows[i-1].place && (len(st.Groups) == 1 || CompareBestOfPlace(r.Standing, rows[i-1].Standing, 0, 0) == 0) {
				p = out[len(out)-1].Place // shared
			}
			out = append(out, FinalPlace{Place: p, Entry: s.Entries[r.Entry.ID], Stage: st.Name})
			placed[r.Entry.ID] = true
		}
	}
	return out
}
