package site

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/angelofallars/htmx-go"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// Home shows the tournaments running now and the organizers; with a query,
// the organizers that match it. htmx's live search gets just the list.
func (p *Pages) Home(w http.ResponseWriter, r *http.Request) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	orgs, err := p.Store.Organizers(r.Context())
	if err != nil {
		return err
	}
	var cards []templates.OrganizerCard
	for _, o := range orgs {
		if q == "" || strings.Contains(strings.ToLower(o.Name+" "+o.Slug), strings.ToLower(q)) {
			cards = append(cards, templates.OrganizerCard{Name: o.Name, Href: "/o/" + o.Slug, Sport: o.Sport})
		}
	}
	if target, _ := htmx.GetTarget(r); htmx.IsHTMX(r) && target == "organizer-list" {
		return reply.HTML(w, r, templates.OrganizerList(cards))
	}
	page := templates.HomePage{Page: p.Layout(r, templates.T(r.Context(), "Live results"), templates.T(r.Context(), "Live results of table soccer, petanque, darts, cornhole and table tennis tournaments.")),
		Query: q, Organizers: cards}
	for _, o := range orgs {
		running, err := p.Store.Tournaments(r.Context(), o.ID, cache.ListQuery{State: tournament.StateRunning, SharedOnly: true, Limit: 100})
		if err != nil {
			return err
		}
		for _, s := range running {
			page.Running = append(page.Running, tournamentCard(s))
		}
	}
	return reply.HTML(w, r, templates.Home(page))
}

func tournamentCard(s *tournament.Snapshot) templates.TournamentCard {
	t := s.Tournament
	c := templates.TournamentCard{Name: t.Name, Href: views.TournamentHref(s), State: t.State, Date: t.StartTime, Zone: views.Venue(t), Organizer: s.Organizer.Name}
	for _, d := range t.Disciplines {
		c.Disciplines = append(c.Disciplines, d.Name)
	}
	return c
}

// organizerPageSize is how many tournaments an organizer page lists.
const organizerPageSize = 20

// Organizer lists what an organizer shares, most recent first, page by page.
func (p *Pages) Organizer(w http.ResponseWriter, r *http.Request) error {
	org, err := p.Store.OrganizerBySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		return reply.NotFoundAs(err, "organizer")
	}
	n, err := reply.QueryInt(r, "page", 1, reply.MaxOffset/organizerPageSize, 1)
	if err != nil {
		return err
	}
	snaps, err := p.Store.Tournaments(r.Context(), org.ID, cache.ListQuery{SharedOnly: !p.views(r, org.ID), Limit: organizerPageSize + 1, Offset: (n - 1) * organizerPageSize})
	if err != nil {
		return err
	}
	page := templates.OrganizerPage{Page: p.Layout(r, org.Name, templates.Tf(r.Context(), "Tournaments of %s: live results, tables and brackets.", org.Name)),
		Name: org.Name, Sport: org.Sport, PageNo: n, RankingsHref: "/o/" + org.Slug + "/ratings"}
	if len(snaps) > organizerPageSize {
		snaps = snaps[:organizerPageSize]
		page.NextHref = fmt.Sprintf("/o/%s?page=%d", org.Slug, n+1)
	}
	if n > 1 {
		page.PrevHref = fmt.Sprintf("/o/%s?page=%d", org.Slug, n-1)
	}
	// What runs now leads the first page, whatever its date: a visitor comes
	// for it. It is left out of the pages by date.
	var running []*tournament.Snapshot
	if n == 1 {
		if running, err = p.Store.Tournaments(r.Context(), org.ID, cache.ListQuery{State: tournament.StateRunning, SharedOnly: !p.views(r, org.ID), Limit: 100}); err != nil {
			return err
		}
	}
	for _, s := range running {
		page.Tournaments = append(page.Tournaments, tournamentCard(s))
	}
	for _, s := range snaps {
		if s.Tournament.State != tournament.StateRunning {
			page.Tournaments = append(page.Tournaments, tournamentCard(s))
		}
	}
	return reply.HTML(w, r, templates.Organizer(page))
}

// Tournament is a tournament's front page: its outline, what is live, a QR code to itself.
func (p *Pages) Tournament(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	if q := strings.TrimSpace(r.URL.Query().Get("q")); q != "" {
		// A search: its answer depends on what was typed, so it is not kept.
		if utf8.RuneCountInString(q) > maxQuery {
			return reply.BadInput(r.Context(), "Search for at most %d letters.", maxQuery)
		}
		page := p.tournamentPage(r, snap)
		page.Query, page.Found = q, findEntries(snap, q)
		return reply.HTML(w, r, templates.Tournament(page))
	}
	return p.Serve(w, r, snap, views.PartOf(r), "", func() templ.Component {
		page := p.tournamentPage(r, snap)
		return views.Choose(r, templates.Tournament(page), templates.TournamentLive(page))
	})
}

// maxQuery and maxFound bound a search for a player: what it reads, and what it lists.
const maxQuery, maxFound = 60, 20

// findEntries are the players and teams of a tournament whose name holds q,
// whatever its case, each with its discipline, in the order of the disciplines.
func findEntries(snap *tournament.Snapshot, q string) []templates.FoundEntry {
	q = strings.ToLower(q)
	var out []templates.FoundEntry
	seen := map[string]bool{}
	for _, d := range snap.Tournament.Disciplines {
		for _, id := range d.EntryIDs {
			e, ok := snap.Entries[id]
			if !ok {
				continue
			}
			// the entry itself and, in a team, its players
			for _, x := range append([]*tournament.Entry{e}, e.Entries...) {
				if x == nil || seen[d.ID+x.ID] || !strings.Contains(strings.ToLower(x.Name), q) {
					continue
				}
				seen[d.ID+x.ID] = true
				v := views.EntryView(snap, x)
				if v.Href == "" {
					v.Href = views.EntryHref(snap, e.ID)
				}
				out = append(out, templates.FoundEntry{Entry: v, Discipline: d.Name})
				if len(out) == maxFound {
					return out
				}
			}
		}
	}
	return out
}

func (p *Pages) tournamentPage(r *http.Request, snap *tournament.Snapshot) templates.TournamentPage {
	ctx := r.Context()
	t := snap.Tournament
	players, teams := snap.Counts()
	qr, _ := templates.NewQR(p.BaseURL + views.TournamentHref(snap)) // an address is far below a QR code's capacity
	page := templates.TournamentPage{Page: p.Layout(r, t.Name, describe(r.Context(), t, snap.Organizer)),
		Name: t.Name, Description: t.Description, Organizer: snap.Organizer.Name, OrgHref: "/o/" + snap.Organizer.Slug,
		State: t.State, Start: t.StartTime, End: t.EndTime, Zone: views.Venue(t), Players: players, Teams: teams,
		BoardHref: views.TournamentHref(snap) + "/courts", QR: qr, Poll: poll(r, snap), Source: templates.SourceOf(t, time.Now())}
	page.Image = p.BaseURL + views.TournamentHref(snap) + "/preview.png"
	page.Final = views.FinalRankings(snap)
	for _, d := range t.Disciplines {
		do := templates.DisciplineOutline{Name: d.Name, EntryType: d.EntryType}
		for _, st := range d.Stages {
			so := templates.StageOutline{Name: st.Name, State: st.State}
			for _, g := range st.Groups {
				so.Groups = append(so.Groups, templates.GroupLink{Name: g.Name, Href: views.TournamentHref(snap) + "/groups/" + g.ID, Mode: g.Mode, State: g.State})
			}
			do.Stages = append(do.Stages, so)
		}
		for _, id := range d.EntryIDs {
			if e, ok := snap.Entries[id]; ok {
				do.Entries = append(do.Entries, views.EntryView(snap, e))
			}
		}
		slices.SortFunc(do.Entries, func(a, b templates.EntryView) int { return strings.Compare(a.Name, b.Name) })
		page.Disciplines = append(page.Disciplines, do)
	}
	if snap.Tournament.State == tournament.StateFinished {
		page.Podium = podiums(ctx, snap, "")
	}
	running := snap.MatchesWhere(func(m *tournament.Match) bool { return m.State == tournament.MatchRunning })
	slices.SortStableFunc(running, func(a, b *tournament.Match) int { return cmp.Compare(courtNumber(snap, a), courtNumber(snap, b)) })
	for _, m := range running {
		page.Live = append(page.Live, views.MatchView(ctx, snap, m, true))
	}
	return page
}

func courtNumber(snap *tournament.Snapshot, m *tournament.Match) int {
	for _, id := range m.CourtIDs {
		if c, ok := snap.Court(id); ok {
			return c.Number
		}
	}
	return 1 << 30
}

// describe is a tournament's one-line summary for link previews.
func describe(ctx context.Context, t *tournament.Tournament, org tournament.Organizer) string {
	names := make([]string, len(t.Disciplines))
	for i, d := range t.Disciplines {
		names[i] = d.Name
	}
	return templates.Tf(ctx, "%s, %s, %s: %s. Live results, tables and brackets.", t.Name, org.Name, views.Venue(t).Date(ctx, t.StartTime), strings.Join(names, ", "))
}

// Group shows a group: its table and rounds, or its tree in the knock-out modes.
func (p *Pages) Group(w http.ResponseWriter, r *http.Request) error {
	snap, g, err := p.sharedGroup(r)
	if err != nil {
		return err
	}
	return p.Serve(w, r, snap, views.PartOf(r), "", func() templ.Component {
		page := p.groupPage(r, snap, g)
		return views.Choose(r, templates.Group(page), templates.GroupLive(page))
	})
}

func (p *Pages) groupPage(r *http.Request, snap *tournament.Snapshot, g *tournament.Group) (page templates.GroupPage) {
	ctx := r.Context()
	var discipline, stage string
	var waiting func() // says how a stage not yet drawn will be
	for di := range snap.Tournament.Disciplines {
		d := &snap.Tournament.Disciplines[di]
		for si, st := range d.Stages {
			for _, x := range st.Groups {
				if x.ID == g.ID {
					discipline, stage = d.Name, st.Name
					if st.State == tournament.PhasePlanned && si > 0 {
						waiting = func() { p.waiting(ctx, snap, d, si, &page) }
					}
				}
			}
		}
	}
	page = templates.GroupPage{Page: p.Layout(r, g.Name+" · "+snap.Tournament.Name, templates.Tf(r.Context(), "%s, %s: standings and matches.", g.Name, snap.Tournament.Name)),
		Tournament: snap.Tournament.Name, TournamentHref: views.TournamentHref(snap), Discipline: discipline, Stage: stage,
		Name: g.Name, Mode: g.Mode, State: g.State, Poll: poll(r, snap), Standings: views.StandingsView(ctx, snap, g)}
	page.Image = p.BaseURL + views.TournamentHref(snap) + "/preview.png"
	if waiting != nil {
		waiting()
		return page
	}
	if g.Mode.IsBracket() {
		page.Bracket = views.BracketView(ctx, snap, g)
	} else {
		page.Rounds = views.RoundsView(ctx, snap, g)
		if g.Mode.Rules().Making == tournament.Scheduled { // everyone meets everyone: a cross table
			page.Cross = views.CrossTable(snap, g, page.Standings)
		}
	}
	return page
}

// waiting says on the page of a stage not yet drawn when it will be, and,
// for a knock-out fed by pools being played, its first round if the tables
// stood.
func (p *Pages) waiting(ctx context.Context, snap *tournament.Snapshot, d *tournament.Discipline, si int, page *templates.GroupPage) {
	w := waitingView(ctx, snap, d, si)
	page.Waiting, page.Likely = w.Text, w.Likely
}

// waitingView is what a stage not yet drawn will be: when it is drawn, and
// its first round if the tables stood (for a knock-out fed by pools).
func waitingView(ctx context.Context, snap *tournament.Snapshot, d *tournament.Discipline, si int) templates.TVWaiting {
	before, st := d.Stages[si-1], d.Stages[si]
	w := templates.TVWaiting{Text: templates.Tf(ctx, "Drawn when %s ends.", before.Name)}
	if st.DrawBy == tournament.DrawByDirector {
		w.Text = templates.Tf(ctx, "The director draws it when %s ends.", before.Name)
	}
	if st.Qualify > 0 {
		w.Text += " " + templates.Tf(ctx, "The first %d go on.", st.Qualify)
	}
	pairs, ok := snap.LikelyDraw(d, si)
	if !ok {
		return w
	}
	side := func(q *tournament.Qualifier) templates.LikelySide {
		if q == nil {
			return templates.LikelySide{Entry: templates.EntryView{Placeholder: templates.T(ctx, "Bye")}}
		}
		return templates.LikelySide{Entry: views.EntryView(snap, q.Entry), From: placeFrom(ctx, *q, &before)}
	}
	for _, pair := range pairs {
		w.Likely = append(w.Likely, [2]templates.LikelySide{side(pair[0]), side(pair[1])})
	}
	return w
}

// Entry is a player's or team's page: everything it played and will play.
func (p *Pages) Entry(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	e, ok := snap.Entries[r.PathValue("entryId")]
	if !ok {
		return reply.NotFound("entry")
	}
	return p.Serve(w, r, snap, views.PartOf(r), "", func() templ.Component {
		page := entryPage(r.Context(), snap, e)
		page.Page, page.Poll = p.Layout(r, e.Name+" · "+snap.Tournament.Name, templates.Tf(r.Context(), "Schedule and results of %s at %s.", e.Name, snap.Tournament.Name)), poll(r, snap)
		return views.Choose(r, templates.Entry(page), templates.EntryLive(page))
	})
}

// Match is one match in full: entries with players, state, courts, times, every set.
func (p *Pages) Match(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	m, ok := snap.Match(r.PathValue("matchId"))
	if !ok {
		return reply.NotFound("match")
	}
	return p.Serve(w, r, snap, views.PartOf(r), "", func() templ.Component {
		mv := views.MatchView(r.Context(), snap, m, true)
		title := mv.Sides[0].Name + " – " + mv.Sides[1].Name
		if mv.Sides[0].Name == "" || mv.Sides[1].Name == "" {
			title = templates.T(r.Context(), "Match")
		}
		page := templates.MatchPage{Page: p.Layout(r, title+" · "+snap.Tournament.Name, mv.Context),
			Tournament: snap.Tournament.Name, TournamentHref: views.TournamentHref(snap), Poll: poll(r, snap), Match: mv,
			Players: [2][]templates.EntryView{views.Players(snap, m.Entries[0]), views.Players(snap, m.Entries[1])}}
		if g, ok := snap.Group(m.GroupID); ok {
			page.EncounterNames = g.Encounters
		}
		// "Sets won" of darts in sets, "Legs won" of darts in legs
		return views.Choose(r, templates.InWords(mv.Words, templates.Match(page)), templates.InWords(mv.Words, templates.MatchLive(page)))
	})
}

// entryPage is a player's or team's page: a summary (record, ranks, the next
// match and where it will be played), then every match with how it went.
func entryPage(ctx context.Context, snap *tournament.Snapshot, e *tournament.Entry) templates.EntryPage {
	page := templates.EntryPage{ID: e.ID, Name: e.Name, Tournament: snap.Tournament.Name, TournamentHref: views.TournamentHref(snap),
		Players: views.Players(snap, e), Marks: map[string]string{}}
	if !e.IsTeam() {
		page.Players = teamsOf(snap, e.ID)
	}
	for _, m := range snap.MatchesWhere(func(m *tournament.Match) bool { return m.Involves(e.ID) }) {
		page.Matches = append(page.Matches, views.MatchView(ctx, snap, m, true))
		if m.State == tournament.MatchPlayed {
			switch w := m.Winner(); {
			case w < 0:
				page.Drawn++
				page.Marks[m.ID] = "D"
			case sideOf(m, e.ID) == w:
				page.Won++
				page.Marks[m.ID] = "W"
			default:
				page.Lost++
				page.Marks[m.ID] = "L"
			}
		}
	}
	page.Next, page.Where = nextMatch(ctx, snap, e.ID)
	page.Stakes = stakes(ctx, snap, e.ID)
	for _, d := range snap.Tournament.Disciplines {
		for _, st := range d.Stages {
			for i := range st.Groups {
				g := &st.Groups[i]
				if !slices.Contains(g.EntryIDs, e.ID) || st.State == tournament.PhasePlanned {
					continue
				}
				for _, s := range snap.Standings(g) {
					if s.Entry.ID == e.ID && s.Rank > 0 {
						page.Ranks = append(page.Ranks, templates.Ordinal(ctx, s.Rank)+" · "+g.Name)
					}
				}
			}
		}
	}
	return page
}

// teamsOf are the fixed teams a player plays in.
func teamsOf(snap *tournament.Snapshot, playerID string) []templates.EntryView {
	var out []templates.EntryView
	for _, t := range snap.Entries {
		if t.IsTeam() && slices.ContainsFunc(t.Entries, func(p *tournament.Entry) bool { return p != nil && p.ID == playerID }) {
			out = append(out, views.EntryView(snap, t))
		}
	}
	slices.SortFunc(out, func(a, b templates.EntryView) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// sideOf is the side of the match the entry plays on, as itself or in a team.
func sideOf(m *tournament.Match, id string) int {
	for side, x := range m.Entries {
		if x != nil && (x.ID == id || slices.ContainsFunc(x.Entries, func(p *tournament.Entry) bool { return p != nil && p.ID == id })) {
			return side
		}
	}
	return -1
}

// nextMatch is the entry's running match, or else its first in the queue of
// matches waiting for a court, with where it is: its court, or its place in
// that queue and when it is expected to start.
func nextMatch(ctx context.Context, snap *tournament.Snapshot, id string) (*templates.MatchView, string) {
	for _, m := range snap.Matches {
		if m.State == tournament.MatchRunning && m.Involves(id) {
			v := views.MatchView(ctx, snap, m, true)
			return &v, templates.Tf(ctx, "Now on %s", strings.Join(v.Courts, " + "))
		}
	}
	for i, m := range tournament.Queue(snap.Matches) {
		if m.Involves(id) {
			v := views.MatchView(ctx, snap, m, true)
			if at, ok := snap.EstimatedStarts(time.Now())[m.ID]; ok {
				v.Estimate = tournament.At(at)
			}
			return &v, templates.Tf(ctx, "Number %d in the queue for a court", i+1)
		}
	}
	return nil, ""
}

// Manifest is the web app manifest: a phone that adds the site to its home
// screen gets the name, icon and colours.
func (p *Pages) Manifest(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Vary", "Accept-Language, Cookie") // its description is in the visitor's language
	_, err := fmt.Fprintf(w, `{"name":"Courtside","short_name":"Courtside","description":%q,"start_url":"/","display":"standalone","background_color":"#f8fafc","theme_color":"#047857","icons":[{"src":%q,"sizes":"any","type":"image/svg+xml","purpose":"any maskable"}]}`,
		templates.T(r.Context(), "Live results"), p.Assets.Icon)
	return err
}
