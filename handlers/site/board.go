package site

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// BoardQuery is what a court board shows, all from its URL, so that an
// organizer sets up a TV by bookmarking an address.
type BoardQuery struct {
	discipline string
	From, To   int // court numbers, inclusive; 0 for no bound
	Kiosk      bool
	featured   int // the court number a TV gives more room; 0 for none
	Per        int // courts per page on a TV
	Every      int // seconds per page and per panel on a TV
	rotate     []string
}

// parseBoard reads a board's settings from its address and checks them
// against the tournament. A setting left empty takes its default; an unknown
// discipline or group, a court range without a court of the tournament in it,
// a number out of range is a 400, so that only settings that make a board of
// their own reach a rendering. The court range is narrowed to the courts
// there are, so that every range showing the same courts is one setting.
func parseBoard(r *http.Request, snap *tournament.Snapshot) (BoardQuery, error) {
	q := BoardQuery{Per: 16, Every: 15}
	if r.URL.RawQuery == "" {
		return q, nil
	}
	v := r.URL.Query()
	if id := v.Get("discipline"); id != "" {
		if _, ok := snap.Discipline(id); !ok {
			return q, reply.BadInput(r.Context(), "discipline: this tournament has no such discipline")
		}
		q.discipline = id
	}
	switch v.Get("kiosk") {
	case "", "0", "false":
	case "1", "true":
		q.Kiosk = true
	default:
		return q, reply.BadInput(r.Context(), "kiosk must be 1 or 0")
	}
	if s := v.Get("courts"); s != "" {
		from, to, err := CourtRange(r.Context(), s, snap.Tournament.Courts)
		if err != nil {
			return q, err
		}
		q.From, q.To = from, to
	}
	var err error
	if q.featured, err = intIn(r.Context(), v, "featured", 1, 1000, 0); err != nil {
		return q, err
	}
	if q.featured > 0 && !slices.ContainsFunc(snap.Tournament.Courts, func(c tournament.Court) bool { return c.Number == q.featured }) {
		return q, reply.BadInput(r.Context(), "featured: this tournament has no court numbered %d", q.featured)
	}
	if q.Per, err = intIn(r.Context(), v, "per", 1, 16, q.Per); err != nil {
		return q, err
	}
	if q.Every, err = intIn(r.Context(), v, "every", 5, 300, q.Every); err != nil {
		return q, err
	}
	for _, rot := range v["rotate"] {
		for _, item := range strings.Split(rot, ",") {
			item = strings.TrimSpace(item)
			if item == "" || slices.Contains(q.rotate, item) {
				continue
			}
			if !record.ValidView(snap, item) {
				return q, reply.BadInput(r.Context(), "rotate: courts, standings:<group> or bracket:<group of a knock-out mode> of this tournament")
			}
			q.rotate = append(q.rotate, item)
		}
	}
	return q, nil
}

// CourtRange is record.CourtRange with its problem as a 400 in the page's language.
func CourtRange(ctx context.Context, s string, courts []tournament.Court) (from, to int, err error) {
	from, to, m := record.CourtRange(s, courts)
	if m != nil {
		return 0, 0, reply.BadInput(ctx, m.Format, m.Args...)
	}
	return from, to, nil
}

// intIn reads a whole number between lo and hi; def when it is missing or empty.
func intIn(ctx context.Context, v url.Values, name string, lo, hi, def int) (int, error) {
	s := v.Get(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || s[0] == '+' {
		return def, reply.BadInput(ctx, "%s must be a whole number from %d to %d", name, lo, hi)
	}
	return n, nil
}

// query is the board's settings as a canonical query string: the fragment's
// address, and the part of its ETag.
func (q BoardQuery) query() string {
	v := url.Values{}
	if q.discipline != "" {
		v.Set("discipline", q.discipline)
	}
	if c := q.courts(); c != "" {
		v.Set("courts", c)
	}
	if q.featured > 0 {
		v.Set("featured", strconv.Itoa(q.featured))
	}
	if q.Kiosk {
		v.Set("kiosk", "1")
		v.Set("per", strconv.Itoa(q.Per))
		v.Set("every", strconv.Itoa(q.Every))
	}
	return v.Encode()
}

// courts is the court range as the board's form shows it: "" for all courts.
func (q BoardQuery) courts() string {
	if q.From > 0 || q.To > 0 {
		return fmt.Sprintf("%d-%d", q.From, q.To)
	}
	return ""
}

func (q BoardQuery) showsCourt(n int) bool {
	return (q.From == 0 || n >= q.From) && (q.To == 0 || n <= q.To)
}

// boardView builds the court board: courts in number order, what waits for a
// court, and the last results.
func boardView(ctx context.Context, snap *tournament.Snapshot, q BoardQuery, poll templates.Poll) templates.BoardView {
	b := templates.BoardView{Poll: poll, Kiosk: q.Kiosk, Every: q.Every, Source: templates.SourceOf(snap.Tournament, time.Now())}
	inDiscipline := func(m *tournament.Match) bool { return q.discipline == "" || m.DisciplineID == q.discipline }
	courts := slices.Clone(snap.Tournament.Courts)
	slices.SortFunc(courts, func(a, b tournament.Court) int { return cmp.Compare(a.Number, b.Number) })
	var tiles []templates.CourtTile
	for _, c := range courts {
		if !q.showsCourt(c.Number) {
			continue
		}
		tile := templates.CourtTile{Number: c.Number, Name: c.Name, Closed: c.Closed}
		if m := snap.CourtMatch(c.ID); m != nil {
			if !inDiscipline(m) {
				continue
			}
			mv := views.MatchView(ctx, snap, m, true)
			tile.Match = &mv
			for side, e := range m.Entries {
				for _, p := range views.Players(snap, e) {
					tile.Players[side] = append(tile.Players[side], p.Name)
				}
				if e != nil && len(tile.Players[side]) > 1 && strings.Join(tile.Players[side], " / ") == e.Name {
					tile.Short[side] = surnames(tile.Players[side])
				}
			}
			tile.Featured = c.Number == q.featured || isFinal(snap, m)
			if !m.HasResult() && !m.StartTime.IsZero() {
				tile.RemindAt = tournament.At(m.StartTime.Add(CallReminderAfter))
			}
		} else if q.Kiosk {
			// A TV gives its room to the matches: free courts are one line,
			// and closed ones another, for a closed court is not free.
			if c.Closed {
				b.Closed = append(b.Closed, c.Name)
			} else {
				b.Free = append(b.Free, c.Name)
			}
			continue
		}
		tiles = append(tiles, tile)
	}
	if q.Kiosk && !snap.Started() {
		b.Before = beforeStart(snap, q.discipline)
	}
	per := len(tiles)
	if q.Kiosk {
		per = q.Per
	}
	for start := 0; start < len(tiles); start += max(per, 1) {
		b.Pages = append(b.Pages, tiles[start:min(start+per, len(tiles))])
	}
	if len(b.Pages) == 0 {
		b.Pages = [][]templates.CourtTile{{}}
	}
	// Next up: the matches waiting for a court in the order they are expected
	// to start (the queue's order where nothing can be said).
	estimates := snap.EstimatedStarts(time.Now())
	queue := slices.DeleteFunc(tournament.Queue(snap.Matches), func(m *tournament.Match) bool { return !inDiscipline(m) })
	slices.SortStableFunc(queue, func(a, b *tournament.Match) int { return estimates[a.ID].Compare(estimates[b.ID]) })
	for _, m := range queue[:min(8, len(queue))] {
		mv := views.MatchView(ctx, snap, m, true)
		if at, ok := estimates[m.ID]; ok {
			mv.Estimate = tournament.At(at)
		}
		b.NextUp = append(b.NextUp, mv)
	}
	if views.Over(snap) {
		b.Podium = podiums(ctx, snap, q.discipline)
	}
	played := snap.MatchesWhere(func(m *tournament.Match) bool { return m.State == tournament.MatchPlayed && inDiscipline(m) })
	slices.SortStableFunc(played, func(a, b *tournament.Match) int { return b.EndTime.Compare(a.EndTime.Time) })
	for _, m := range played[:min(6, len(played))] {
		b.Recent = append(b.Recent, views.MatchView(ctx, snap, m, true))
	}
	return b
}

// podiums are the first three places of each discipline whose last stage has
// ended in one group (a final table or tree decides its ranking).
func podiums(ctx context.Context, snap *tournament.Snapshot, discipline string) []templates.Podium {
	var out []templates.Podium
	for _, d := range snap.Tournament.Disciplines {
		if discipline != "" && d.ID != discipline || len(d.Stages) == 0 {
			continue
		}
		last := d.Stages[len(d.Stages)-1]
		if last.State != tournament.PhaseFinished || len(last.Groups) != 1 {
			continue
		}
		g := &last.Groups[0]
		p := templates.Podium{Discipline: d.Name}
		winner := ""
		for _, s := range snap.Standings(g) {
			if s.Rank >= 1 && s.Rank <= 3 {
				p.Places = append(p.Places, templates.PodiumPlace{Rank: s.Rank, Name: s.Entry.Name})
			}
			if s.Rank == 1 && winner == "" {
				winner = s.Entry.ID
			}
		}
		if m := decidingMatch(snap, g, winner); m != nil {
			fv := views.MatchView(ctx, snap, m, false)
			if round, _, ok := snap.Round(m.RoundID); ok {
				fv.Context = templates.RoundName(ctx, round.Name)
			}
			p.Final = &fv
		}
		if len(p.Places) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// CallReminderAfter is how long a match called to a court may wait for its
// first point before the TV asks its players to come to the court.
const CallReminderAfter = 5 * time.Minute

// isFinal reports whether m decides a knock-out: its final, grand final or
// the grand final's second leg. A TV gives it more room.
func isFinal(snap *tournament.Snapshot, m *tournament.Match) bool {
	round, g, ok := snap.Round(m.RoundID)
	if !ok || !g.Mode.IsBracket() {
		return false
	}
	switch round.Name {
	case "Final", "Grand final", "Grand final reset":
		return true
	}
	return false
}

// surnames names a team by its players' surnames, "Becker / Novak": the
// last word of each name, with the particles before it ("de Vries").
func surnames(players []string) string {
	out := make([]string, len(players))
	for i, p := range players {
		words := strings.Fields(p)
		k := len(words) - 1
		for k > 1 && isParticle(words[k-1]) {
			k--
		}
		out[i] = strings.Join(words[max(k, 0):], " ")
	}
	return strings.Join(out, " / ")
}

func isParticle(w string) bool {
	switch strings.ToLower(w) {
	case "de", "da", "di", "du", "del", "della", "der", "den", "des", "la", "le", "van", "von", "ten", "ter", "zu", "zur", "mc", "st.":
		return true
	}
	return false
}

// beforeStart is what a TV says before play starts: the start time and,
// with a check-in, how many entries of each discipline are here and who is missing.
func beforeStart(snap *tournament.Snapshot, discipline string) *templates.BeforeStart {
	b := &templates.BeforeStart{Start: snap.Tournament.StartTime, Zone: views.Venue(snap.Tournament)}
	b.OtherDay = !b.Start.IsZero() && !b.Zone.SameDay(b.Start.Time, time.Now())
	if !snap.Tournament.CheckIn {
		return b
	}
	for _, d := range snap.Tournament.Disciplines {
		if discipline != "" && d.ID != discipline {
			continue
		}
		tally := templates.CheckInTally{Discipline: d.Name, Of: len(d.EntryIDs)}
		for _, id := range d.EntryIDs {
			if slices.Contains(d.CheckedIn, id) {
				tally.Here++
			} else if e, ok := snap.Entries[id]; ok {
				tally.Missing = append(tally.Missing, e.Name)
			}
		}
		slices.Sort(tally.Missing)
		b.CheckIn = append(b.CheckIn, tally)
	}
	return b
}

// decidingMatch is the match a knock-out's winner won last: its final (the
// grand final, or its second leg, in a double elimination); nil for a group
// whose table decides.
func decidingMatch(snap *tournament.Snapshot, g *tournament.Group, winner string) *tournament.Match {
	if !g.Mode.IsBracket() || winner == "" {
		return nil
	}
	round := func(m *tournament.Match) int {
		return slices.IndexFunc(g.Rounds, func(r tournament.Round) bool { return r.ID == m.RoundID })
	}
	var last *tournament.Match
	for _, m := range snap.Matches {
		if m.GroupID != g.ID || m.State != tournament.MatchPlayed || m.Winner() < 0 || m.Entries[m.Winner()] == nil || m.Entries[m.Winner()].ID != winner {
			continue
		}
		// the latest round the winner won in; its end time only between matches of one round
		if last == nil || round(m) > round(last) || round(m) == round(last) && m.EndTime.After(last.EndTime.Time) {
			last = m
		}
	}
	return last
}

// boardPoll is how a board refreshes: its fragment every 3 s.
func boardPoll(r *http.Request, snap *tournament.Snapshot, q BoardQuery) templates.Poll {
	return templates.Poll{ID: "board", Href: views.TournamentHref(snap) + "/board?" + q.query(), ETag: reply.ETag(r, snap.Version, "board:"+q.query()), On: !views.Over(snap), Every: 3000, Stream: views.LiveHref(snap)}
}

// BoardFragment is the court board's polling part, alone: what every TV asks for every 3 s.
func (p *Pages) BoardFragment(w http.ResponseWriter, r *http.Request) error {
	snap, q, err := p.board(r)
	if err != nil {
		return err
	}
	query := q.query()
	return p.Serve(w, r, snap, "board:"+query, query, func() templ.Component {
		return templates.CourtBoard(boardView(r.Context(), snap, q, boardPoll(r, snap, q)))
	})
}

// board loads the tournament of a board or TV and reads its settings.
func (p *Pages) board(r *http.Request) (*tournament.Snapshot, BoardQuery, error) {
	snap, err := p.Shared(r)
	if err != nil {
		return nil, BoardQuery{}, err
	}
	q, err := parseBoard(r, snap)
	return snap, q, err
}

// Board is the court board for spectators; with ?kiosk=1 it is the TV view.
func (p *Pages) Board(w http.ResponseWriter, r *http.Request) error {
	snap, q, err := p.board(r)
	if err != nil {
		return err
	}
	if q.Kiosk {
		return p.tv(w, r, snap, q)
	}
	return p.Serve(w, r, snap, "board-page:"+q.query(), q.query(), func() templ.Component {
		page := templates.BoardPage{Page: p.Layout(r, templates.T(r.Context(), "Court board")+" · "+snap.Tournament.Name, templates.Tf(r.Context(), "Every court of %s: who plays, the live score, who is next.", snap.Tournament.Name)),
			Tournament: snap.Tournament.Name, TournamentHref: views.TournamentHref(snap), SetupHref: views.TournamentHref(snap) + "/tv/setup",
			Courts: q.courts(), Zone: views.Venue(snap.Tournament), Board: boardView(r.Context(), snap, q, boardPoll(r, snap, q))}
		for _, d := range snap.Tournament.Disciplines {
			page.Disciplines = append(page.Disciplines, templates.Option{Value: d.ID, Label: d.Name, Selected: d.ID == q.discipline})
		}
		return templates.Board(page)
	})
}

// TV is the kiosk view: the court board, paging through the courts, and in
// turn the group tables and brackets the address names (rotate=courts,
// standings:<group>,bracket:<group>; every=<seconds>).
func (p *Pages) TV(w http.ResponseWriter, r *http.Request) error {
	snap, q, err := p.board(r)
	if err != nil {
		return err
	}
	return p.tv(w, r, snap, q)
}

func (p *Pages) tv(w http.ResponseWriter, r *http.Request, snap *tournament.Snapshot, q BoardQuery) error {
	q.Kiosk = true
	settings := q.query() + "&rotate=" + strings.Join(q.rotate, ",")
	return p.Serve(w, r, snap, "tv:"+settings, settings, func() templ.Component {
		qr, _ := templates.NewQR(p.BaseURL + views.TournamentHref(snap))
		page := templates.TVPage{Page: p.Layout(r, snap.Tournament.Name, templates.Tf(r.Context(), "Court board of %s", snap.Tournament.Name)),
			Tournament: snap.Tournament.Name, QR: qr, Zone: views.Venue(snap.Tournament), Every: q.Every}
		page.Refresh = 30
		rotate := q.rotate
		if !slices.Contains(rotate, "courts") {
			rotate = append([]string{"courts"}, rotate...)
		}
		page.Panels = TVPanels(r, snap, q, rotate, true)
		return templates.TV(page)
	})
}

// TVPanels are the views of a TV, in turn: "courts", "standings:<group>",
// "bracket:<group>"; unknown groups are left out. With poll, each view polls
// for itself; without, the page around them refreshes them.
func TVPanels(r *http.Request, snap *tournament.Snapshot, q BoardQuery, kinds []string, poll bool) []templates.TVPanel {
	ctx := r.Context()
	var panels []templates.TVPanel
	shown := map[string]bool{}
	for _, item := range kinds {
		kind, groupID, _ := strings.Cut(item, ":")
		g, ok := snap.Group(groupID)
		switch {
		case kind == "courts":
			bp := boardPoll(r, snap, q)
			bp.On = bp.On && poll
			board := boardView(ctx, snap, q, bp)
			panels = append(panels, templates.TVPanel{Title: templates.T(ctx, "Courts"), Board: &board})
		case kind == "standings" && ok:
			if shown[g.ID] {
				continue // its table is on a shared screen already
			}
			sp := tvStandings(r, snap, g)
			sp.Poll.On = sp.Poll.On && poll
			title := groupTitle(snap, g)
			if len(sp.Groups) > 1 {
				d, st := stageOf(snap, g)
				title = views.JoinDistinct(d.Name, st.Name)
				for _, sg := range st.Groups {
					shown[sg.ID] = true
				}
			}
			panels = append(panels, templates.TVPanel{Title: title + " · " + templates.T(ctx, "Standings"), Standings: &sp})
		case kind == "bracket" && ok && g.Mode.IsBracket():
			bp := tvBracket(r, snap, g, q.Every)
			bp.Poll.On = bp.Poll.On && poll
			panels = append(panels, templates.TVPanel{Title: groupTitle(snap, g) + " · " + templates.T(ctx, "Bracket"), Bracket: &bp})
		}
	}
	return panels
}

func tvPoll(r *http.Request, snap *tournament.Snapshot, kind string, g *tournament.Group) templates.Poll {
	part := kind + ":" + g.ID
	return templates.Poll{ID: kind + "-" + g.ID, Href: views.TournamentHref(snap) + "/tv/" + kind + "/" + g.ID, ETag: reply.ETag(r, snap.Version, part), On: !views.Over(snap), Every: 5000, Stream: views.LiveHref(snap)}
}

// TVStandings is a TV's standings panel, alone, for its polls.
func (p *Pages) TVStandings(w http.ResponseWriter, r *http.Request) error {
	snap, g, err := p.sharedGroup(r)
	if err != nil {
		return err
	}
	return p.Serve(w, r, snap, "standings:"+g.ID, "", func() templ.Component {
		return templates.StandingsTV(tvStandings(r, snap, g))
	})
}

// stageOf is the discipline and stage a group belongs to.
func stageOf(snap *tournament.Snapshot, g *tournament.Group) (*tournament.Discipline, *tournament.Stage) {
	for di := range snap.Tournament.Disciplines {
		d := &snap.Tournament.Disciplines[di]
		for si := range d.Stages {
			for _, sg := range d.Stages[si].Groups {
				if sg.ID == g.ID {
					return d, &d.Stages[si]
				}
			}
		}
	}
	return &tournament.Discipline{}, &tournament.Stage{}
}

// groupTitle names a group on a TV with its discipline: "Open Singles · Knock-out".
func groupTitle(snap *tournament.Snapshot, g *tournament.Group) string {
	d, _ := stageOf(snap, g)
	return views.JoinDistinct(d.Name, g.Name)
}

// shareLimit is how many groups of a stage, of at most shareRows rows each,
// a TV shows on one standings screen.
const shareLimit, shareRows = 4, 12

// tvStandings is a group's table on a TV; when its stage has a few small
// groups, all of them side by side on one screen.
func tvStandings(r *http.Request, snap *tournament.Snapshot, g *tournament.Group) templates.StandingsPanel {
	ctx := r.Context()
	sp := templates.StandingsPanel{Poll: tvPoll(r, snap, "standings", g), Standings: views.StandingsView(ctx, snap, g), Waiting: tvWaiting(ctx, snap, g)}
	if sp.Waiting != nil {
		return sp
	}
	_, st := stageOf(snap, g)
	if len(st.Groups) < 2 || len(st.Groups) > shareLimit {
		return sp
	}
	var groups []templates.GroupStandings
	for i := range st.Groups {
		v := views.StandingsView(ctx, snap, &st.Groups[i])
		if len(v.Rows) > shareRows {
			return sp
		}
		groups = append(groups, templates.GroupStandings{Name: st.Groups[i].Name, Standings: v})
	}
	sp.Groups = groups
	return sp
}

// tvBracket is a group's tree as a TV draws it: mirrored, the rounds still to play.
func tvBracket(r *http.Request, snap *tournament.Snapshot, g *tournament.Group, every int) templates.BracketPanel {
	b := *views.BracketView(r.Context(), snap, g)
	return templates.BracketPanel{Poll: tvPoll(r, snap, "bracket", g), Bracket: b, Halves: templates.MirrorBracket(b), Every: every, Waiting: tvWaiting(r.Context(), snap, g)}
}

// tvWaiting is what a TV shows for a group of a stage not yet drawn, as the
// group's page does: when it is drawn, and its first round if the tables
// stayed as they are; nil once it is drawn.
func tvWaiting(ctx context.Context, snap *tournament.Snapshot, g *tournament.Group) *templates.TVWaiting {
	for di := range snap.Tournament.Disciplines {
		d := &snap.Tournament.Disciplines[di]
		for si, st := range d.Stages {
			if si > 0 && st.State == tournament.PhasePlanned && slices.ContainsFunc(st.Groups, func(x tournament.Group) bool { return x.ID == g.ID }) {
				w := waitingView(ctx, snap, d, si)
				return &w
			}
		}
	}
	return nil
}

// TVBracket is a TV's bracket panel, alone, for its polls.
func (p *Pages) TVBracket(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	g, ok := snap.Group(r.PathValue("groupId"))
	if !ok || !g.Mode.IsBracket() {
		return reply.NotFound("group")
	}
	return p.Serve(w, r, snap, "bracket:"+g.ID, "", func() templ.Component {
		return templates.BracketTV(tvBracket(r, snap, g, 15))
	})
}

// TVSetup builds a TV's address from an organizer's choices.
func (p *Pages) TVSetup(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	return p.Serve(w, r, snap, "tv-setup", "", func() templ.Component {
		ctx := r.Context()
		page := templates.TVSetupPage{Page: p.Layout(r, templates.T(ctx, "Set up a TV")+" · "+snap.Tournament.Name, templates.T(ctx, "Build the address of a TV court board.")),
			Tournament: snap.Tournament.Name, TournamentHref: views.TournamentHref(snap), Action: views.TournamentHref(snap) + "/tv"}
		if snap.Tournament.Public {
			page.Embeds = append(page.Embeds, templates.Option{Value: p.BaseURL + "/embed" + views.TournamentHref(snap) + "/courts", Label: templates.T(ctx, "Courts")})
		}
		for _, d := range snap.Tournament.Disciplines {
			page.Disciplines = append(page.Disciplines, templates.Option{Value: d.ID, Label: d.Name})
			for _, st := range d.Stages {
				for _, g := range st.Groups {
					label := views.JoinDistinct(d.Name, g.Name)
					page.Groups = append(page.Groups, templates.Option{Value: "standings:" + g.ID, Label: label + " · " + templates.T(ctx, "Standings")})
					if snap.Tournament.Public {
						page.Embeds = append(page.Embeds, templates.Option{Value: p.BaseURL + "/embed" + views.TournamentHref(snap) + "/groups/" + g.ID, Label: label})
					}
					if g.Mode.IsBracket() {
						page.Groups = append(page.Groups, templates.Option{Value: "bracket:" + g.ID, Label: label + " · " + templates.T(ctx, "Bracket")})
					}
				}
			}
		}
		return templates.TVSetup(page)
	})
}
