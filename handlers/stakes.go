package handlers

import (
	"context"

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
	for _, sk := range snap.Stakes(id) {
		group := joinDistinct(sk.Discipline.Name, sk.Group.Name)
		st := templates.Stake{Where: Tf("%s: the first %d go on to %s.", group, sk.Places, sk.Next)}
		for _, row := range snap.Standings(sk.Group) {
			if row.Entry.ID == id && row.Rank > 0 && row.Matches > 0 {
				st.Where = Tf("%s: %s now; the first %d go on to %s.", group, templates.Ordinal(ctx, row.Rank), sk.Places, sk.Next)
			}
		}
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
		case sk.Loss == tournament.Out && (!sk.Draws || sk.Draw == tournament.Out):
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
		if l, ok := snap.IfTablesStand(sk.Group, id); ok && sk.Now != tournament.Out && l.Place.Pool < len(l.Stage.Groups) {
			if o := l.Opponent; o == nil {
				st.Likely = Tf("If the tables stay as they are: a bye in the first round of %s.", l.Next.Name)
			} else if o.Pool < len(l.Stage.Groups) {
				st.Likely = Tf("If the tables stay as they are: first in %s against %s (%s of %s).", l.Next.Name, o.Entry.Name, templates.Ordinal(ctx, o.Place), l.Stage.Groups[o.Pool].Name)
			}
		}
		out = append(out, st)
	}
	if st, ok := knockOutStake(ctx, snap, id); ok {
		out = append(out, st)
	}
	return out
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
	st := templates.Stake{Where: matchView(ctx, snap, m, true).Context}
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
		lose = T("out")
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
		return roundName(ctx, r.Name)
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
		return placeholder(ctx, snap, m, side).Placeholder
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
		return templates.T(ctx, "through")
	case tournament.Out:
		return templates.T(ctx, "out")
	}
	return templates.T(ctx, "depends on the other results")
}
