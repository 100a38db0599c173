package site

import (
	"context"

	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// stakes says on a player's page what its coming results mean: in each
// round-robin group whose first places go on, where it stands against the
// line and what its next match decides ("win to go on"), and whom it would
// meet first if the tables stood; in a knock-out tree, where a win and a
// loss of its next match lead and who may come next.
func stakes(ctx context.Context, snap *tournament.Snapshot, id string) []templates.Stake {
	T, Tf := func(s string) string { return templates.T(ctx, s) }, func(f string, a ...any) string { return templates.Tf(ctx, f, a...) }
	var out []templates.Stake
	ids := []string{id} // a player's fixed teams play the groups
	for _, t := range teamsOf(snap, id) {
		ids = append(ids, t.ID)
	}
	for _, sk := range stakesOf(snap, ids) {
		st := templates.Stake{Where: views.JoinDistinct(sk.Discipline.Name, sk.Group.Name), Line: goingOn(ctx, sk.Places, sk.Maybe, sk.Next)}
		switch {
		case sk.Now == tournament.Through:
			st.Headline = Tf("Through to %s", sk.Next)
		case sk.Now == tournament.Out:
			st.Headline = Tf("Can no longer reach %s", sk.Next)
		case sk.Match == nil:
			st.Headline = Tf("Waiting on the other results for %s", sk.Next)
		case sk.Draws && sk.Draw == tournament.Through:
			st.Headline = Tf("A draw is enough for %s", sk.Next)
		case sk.Win == tournament.Through:
			st.Headline = Tf("Win to go on to %s", sk.Next)
		case sk.Win != tournament.Out && sk.Loss == tournament.Out && (!sk.Draws || sk.Draw == tournament.Out):
			st.Headline = Tf("Must win to stay in the race for %s", sk.Next)
		default:
			st.Headline = Tf("Still in the race for %s", sk.Next)
		}
		if sk.Now == tournament.Open && sk.Match != nil {
			st.Outcomes = append(st.Outcomes, templates.Outcome{If: T("With a win"), Then: outlookText(ctx, sk.Win), Good: sk.Win == tournament.Through})
			if sk.Draws {
				st.Outcomes = append(st.Outcomes, templates.Outcome{If: T("With a draw"), Then: outlookText(ctx, sk.Draw), Good: sk.Draw == tournament.Through})
			}
			st.Outcomes = append(st.Outcomes, templates.Outcome{If: T("With a loss"), Then: outlookText(ctx, sk.Loss), Good: sk.Loss == tournament.Through})
		}
		if sk.Now != tournament.Out {
			if l, ok := snap.IfTablesStand(sk.Group, sk.Entry); ok {
				if o := l.Opponent; o == nil {
					st.Likely = Tf("If the tables stay as they are: a bye in the first round of %s.", l.Next.Name)
				} else {
					st.Likely = Tf("If the tables stay as they are: first in %s against %s (%s).", l.Next.Name, o.Entry.Name, placeFrom(ctx, *o, l.Stage))
				}
			}
		}
		out = append(out, st)
	}
	if st, ok := knockOutStake(ctx, snap, id); ok {
		out = append(out, st)
	}
	return out
}

// entryStakes are the stakes of each of ids, with the id they are of.
type entryStakes struct {
	tournament.Stakes
	Entry string
}

func stakesOf(snap *tournament.Snapshot, ids []string) []entryStakes {
	var out []entryStakes
	for _, id := range ids {
		for _, sk := range snap.Stakes(id) {
			out = append(out, entryStakes{sk, id})
		}
	}
	return out
}

// goingOn says how many of a group go on to next: the first sure, and from
// place maybe (when above sure) the best of that place over the groups.
func goingOn(ctx context.Context, sure, maybe int, next string) string {
	var line string
	switch sure {
	case 0:
		return templates.Tf(ctx, "The best group winners go on to %s.", next)
	case 1:
		line = templates.Tf(ctx, "The winner goes on to %s.", next)
	default:
		line = templates.Tf(ctx, "The first %d go on to %s.", sure, next)
	}
	if maybe > sure {
		line += " " + templates.Tf(ctx, "The best in place %d go on too.", maybe)
	}
	return line
}

// placeFrom says where a qualifier comes from: "2nd · Group B", its place
// alone when the stage had one group.
func placeFrom(ctx context.Context, q tournament.Qualifier, st *tournament.Stage) string {
	from := templates.Ordinal(ctx, q.Place)
	if len(st.Groups) > 1 && q.Pool < len(st.Groups) {
		from += " · " + st.Groups[q.Pool].Name
	}
	return from
}

// knockOutStake is where the entry's next knock-out match leads: its
// running one, else its first still to play.
func knockOutStake(ctx context.Context, snap *tournament.Snapshot, id string) (templates.Stake, bool) {
	T, Tf := func(s string) string { return templates.T(ctx, s) }, func(f string, a ...any) string { return templates.Tf(ctx, f, a...) }
	var m *tournament.Match
	var p tournament.Path
	for _, x := range snap.Matches {
		if !x.Involves(id) || x.Done() || m != nil && (m.State == tournament.MatchRunning || x.State != tournament.MatchRunning) {
			continue
		}
		if xp, ok := snap.Path(x, sideOf(x, id)); ok {
			m, p = x, xp
		}
	}
	if m == nil {
		return templates.Stake{}, false
	}
	st := templates.Stake{Where: views.MatchView(ctx, snap, m, true).Context}
	if side := sideOf(m, id); m.Entries[1-side] == nil {
		st.Likely = Tf("Next opponent: %s", coming(ctx, snap, m, 1-side))
	}
	places := map[int]string{1: T("the title"), 2: T("second place"), 3: T("third place"), 4: T("fourth place")}
	win := places[p.WinPlace]
	if p.WinTo != nil {
		win = Tf("%s against %s", roundOf(ctx, snap, p.WinTo), coming(ctx, snap, p.WinTo, 1-p.WinSide))
	}
	lose := places[p.LosePlace]
	switch {
	case p.LoseTo != nil:
		lose = Tf("on to %s", roundOf(ctx, snap, p.LoseTo))
	case p.Out:
		lose = T("outcome:out")
	}
	if win != "" {
		st.Outcomes = append(st.Outcomes, templates.Outcome{If: T("With a win"), Then: win, Good: true})
	}
	if lose != "" {
		st.Outcomes = append(st.Outcomes, templates.Outcome{If: T("With a loss"), Then: lose})
	}
	return st, true
}

// roundOf names the round of m in the reader's words ("Quarter-finals").
func roundOf(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match) string {
	if r, _, ok := snap.Round(m.RoundID); ok {
		return templates.RoundName(ctx, r.Name)
	}
	return ""
}

// coming says who fills side of m: the entry, or the two of the match that
// feeds it ("Anna or Ben") and who leads that match now.
func coming(ctx context.Context, snap *tournament.Snapshot, m *tournament.Match, side int) string {
	if e := m.Entries[side]; e != nil {
		return e.Name
	}
	f, _, ok := snap.Feeder(m, side)
	if !ok || f.Entries[0] == nil || f.Entries[1] == nil {
		return views.Placeholder(ctx, snap, m, side).Placeholder
	}
	who := templates.Tf(ctx, "%s or %s", f.Entries[0].Name, f.Entries[1].Name)
	if f.State == tournament.MatchRunning && f.HasResult() {
		s := snap.DisplayScore(f)
		if lead := max(s[0], s[1]); s[0] != s[1] {
			leader := f.Entries[0].Name
			if s[1] > s[0] {
				leader = f.Entries[1].Name
			}
			who += " · " + templates.Tf(ctx, "%s leads %d:%d", leader, lead, min(s[0], s[1]))
		}
	}
	return who
}

// outlookText says an outlook in a few words.
func outlookText(ctx context.Context, o tournament.Outlook) string {
	switch o {
	case tournament.Through:
		return templates.T(ctx, "outcome:through")
	case tournament.Out:
		return templates.T(ctx, "outcome:out")
	}
	return templates.T(ctx, "depends on the other results")
}
