package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// DemoTournament is one tournament of the demo data set with all its parts.
type DemoTournament struct {
	Tournament *Tournament
	Matches    []*Match
	Entries    []*Entry
}

// Demo is the demo data set: organizers in several sports and their tournaments,
// covering every state, mode and entry type. The same seed and clock give the same data.
//
// Every tournament is made the way an organizer makes one: a setup, built
// (Build), started (Start), and played through the rule book — matches called
// to courts and their results set (CallMatch, SetResult), the engine pairing
// the next rounds and seeding the next stages. So the demo proves the feature.
type Demo struct {
	Organizers  []Organizer
	Tournaments []DemoTournament
	// Seed is the seed the demo was made with (DerivedID).
	Seed uint64
	// ClubNights are the ids of the Kickerclub's club nights, which the
	// demo's rankings count as a series (package rankings, DemoOf).
	ClubNights []string
}

// NewDemo builds the demo data set as it stands at now.
func NewDemo(seed uint64, now time.Time) *Demo {
	now = now.UTC().Truncate(time.Minute)
	d := &Demo{Seed: seed}
	id := func(path string) string { return DerivedID(seed, path) }
	kicker := Organizer{ID: id("org/kicker"), Slug: "kickerclub-hamburg", Name: "Kickerclub Hamburg e.V.", Sport: TableSoccer}
	boule := Organizer{ID: id("org/boule"), Slug: "boule-lyonnaise", Name: "Boule Lyonnaise", Sport: Petanque}
	darts := Organizer{ID: id("org/darts"), Slug: "bullseye-bristol", Name: "Bullseye Bristol Darts", Sport: Darts}
	d.Organizers = []Organizer{kicker, boule, darts}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	day := 24 * time.Hour
	for _, t := range []struct {
		key   string
		org   Organizer
		start time.Time
		make  func(*demoBuilder)
	}{
		{"hamburg-open", kicker, now.Add(-5 * time.Hour), hamburgOpen},
		{"training-night", kicker, now.Add(-2 * time.Hour), trainingNight},
		{"autumn-cup", kicker, now.Add(-30 * day), autumnCup},
		{"lyon-masters", boule, now.Add(-3 * time.Hour), lyonMasters},
		{"provence-triplettes", boule, now.Add(-12 * day), provenceDoublettes},
		{"bristol-darts", darts, now.Add(-9 * day), bristolDarts},
		{"winter-open", kicker, now.Add(21 * day), upcoming("Winter Open 2027", StatePreRegistration)},
		{"spring-league", kicker, now.Add(60 * day), upcoming("Spring League 2027", StatePlanned)},
		{"night-owls", darts, now.Add(2 * time.Hour), upcoming("Night Owls Open", StateCheckIn)},
		{"sunday-boules", boule, now.Add(day), upcoming("Sunday Boules", StateReady)},
		{"storm-cup", kicker, now.Add(-4 * day), upcoming("Storm Cup (cancelled)", StateCancelled)},
	} {
		b := &demoBuilder{seed: seed, key: t.key, org: t.org, rng: rng, now: now, start: t.start, clock: t.start, names: map[string]bool{}}
		t.make(b)
		s := b.snap
		entries := make([]*Entry, 0, len(s.Entries))
		for _, e := range s.Entries {
			entries = append(entries, e)
		}
		slices.SortFunc(entries, func(a, b *Entry) int { return strings.Compare(a.ID, b.ID) })
		d.Tournaments = append(d.Tournaments, DemoTournament{Tournament: s.Tournament, Matches: s.Matches, Entries: entries})
	}
	d.addClubNights(seed, now, kicker)
	return d
}

var (
	// womenNames are the first names of firstNames a women's discipline draws from.
	womenNames = []string{"Anna", "Clara", "Elif", "Greta", "Ines", "Katja", "Mara", "Olga", "Rosa", "Tara", "Vera", "Wiebke", "Zoe", "Amélie", "Camille", "Lucie", "Noémie", "Olivia", "Isla", "Freya", "Poppy"}
	// menNames are the first names of firstNames a men's discipline draws from.
	menNames   = []string{"Ben", "David", "Finn", "Hannes", "Jonas", "Lukas", "Niklas", "Paul", "Simon", "Umut", "Yusuf", "Bastien", "Étienne", "Mathis", "Théo", "Jack", "Harry", "Oscar", "Alfie"}
	firstNames = []string{"Anna", "Ben", "Clara", "David", "Elif", "Finn", "Greta", "Hannes", "Ines", "Jonas", "Katja", "Lukas", "Mara", "Niklas", "Olga", "Paul", "Rosa", "Simon", "Tara", "Umut", "Vera", "Wiebke", "Yusuf", "Zoe", "Amélie", "Bastien", "Camille", "Étienne", "Lucie", "Mathis", "Noémie", "Théo", "Jack", "Olivia", "Harry", "Isla", "Oscar", "Freya", "Alfie", "Poppy"}
	lastNames  = []string{"Schmidt", "Becker", "Wagner", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Neumann", "Schwarz", "Braun", "Krüger", "Hartmann", "Lange", "Werner", "Dubois", "Moreau", "Laurent", "Girard", "Fontaine", "Chevalier", "Roux", "Mercier", "Taylor", "Davies", "Evans", "Thomas", "Roberts", "Walker", "Wright", "Hughes", "Yılmaz", "Kowalski", "Novak", "Jansen", "de Vries", "Rossi", "García", "Nielsen"}
)

// team makes a fixed team of players: ids joined by "_", names by " / ".
func team(players ...*Entry) *Entry { return NewTeam(players...) }

func ids(es []*Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// Match configurations used across the demo.
var (
	kickerSingleSet = MatchConfiguration{Name: "One set to 7", NumPoints: 7, NumSets: 1}
	kickerBestOf3   = MatchConfiguration{Name: "Best of three to 5, two ahead", NumPoints: 5, NumSets: 2, TwoAhead: true}
	kickerTwoSets   = MatchConfiguration{Name: "Two sets to 5, draw allowed", NumPoints: 5, NumSets: 2, Draw: true}
	quickEntry      = MatchConfiguration{Name: "Quick entry", NumPoints: 1, NumSets: 1, QuickEntry: true}
	quickBestOf3    = MatchConfiguration{Name: "Quick entry, best of three", NumPoints: 1, NumSets: 2, QuickEntry: true}
	boule13         = MatchConfiguration{Name: "Game to 13", NumPoints: 13, NumSets: 1}
	darts501        = MatchConfiguration{Name: "501, best of 5 legs", NumPoints: 1, NumSets: 3, QuickEntry: true}
	tableTennis     = MatchConfiguration{Name: "Best of five to 11", NumPoints: 11, NumSets: 3, TwoAhead: true}
)

// demoZones are the demo venues' time zones, by the organizers' sports.
var demoZones = map[Sport]string{TableSoccer: "Europe/Berlin", Petanque: "Europe/Paris", Darts: "Europe/London"}

// demoBuilder makes one demo tournament through the rule book.
type demoBuilder struct {
	seed              uint64
	key               string
	org               Organizer
	rng               *rand.Rand
	now, start, clock time.Time // clock: when the next match is played
	names             map[string]bool
	snap              *Snapshot
	turn              int // the court the next match played goes to, in turn
}

// players makes n new player names.
func (b *demoBuilder) players(n int) []string { return b.named(firstNames, n) }

// men makes n new player names for a men's discipline.
func (b *demoBuilder) men(n int) []string { return b.named(menNames, n) }

// women makes n new player names for a women's discipline.
func (b *demoBuilder) women(n int) []string { return b.named(womenNames, n) }

func (b *demoBuilder) named(first []string, n int) []string {
	var ps []string
	for len(ps) < n {
		name := first[b.rng.IntN(len(first))] + " " + lastNames[b.rng.IntN(len(lastNames))]
		if !b.names[name] {
			b.names[name] = true
			ps = append(ps, name)
		}
	}
	return ps
}

// teams makes n teams of size new players, named by their players.
func (b *demoBuilder) teams(size, n int) []string {
	ps := b.players(size * n)
	var ts []string
	for i := 0; i < len(ps); i += size {
		ts = append(ts, strings.Join(ps[i:i+size], " / "))
	}
	return ts
}

func entries(names []string) []SetupEntry {
	out := make([]SetupEntry, len(names))
	for i, n := range names {
		out[i] = SetupEntry{Name: n}
	}
	return out
}

// build makes the tournament a setup describes, as tournaments create does.
func (b *demoBuilder) build(s *Setup) {
	s.Organizer = b.org.Slug
	s.TimeZone = demoZones[b.org.Sport] // the clubs' venues: Hamburg, Lyon, Bristol
	s.StartTime = At(b.start)
	if s.EndTime.IsZero() {
		s.EndTime = At(b.start.Add(10 * time.Hour))
	}
	if ps := s.Validate(); len(ps) > 0 {
		panic(fmt.Sprintf("demo %s: %v", b.key, ps))
	}
	t, es := Build(s, b.org, func(path string) string { return DerivedID(b.seed, b.key+"/"+path) })
	byID := make(map[string]*Entry, len(es))
	for _, e := range es {
		byID[e.ID] = e
	}
	b.snap = NewSnapshot(1, t, b.org, nil, byID)
}

// apply makes the change's tournament the builder's, as the store would.
func (b *demoBuilder) apply(c *Change, err error) {
	if err != nil {
		panic(fmt.Sprintf("demo %s: %v", b.key, err))
	}
	s := b.snap
	ms := c.all()
	t := s.Tournament
	if c.Tournament != nil {
		t = c.Tournament
	}
	es := s.Entries
	if len(c.Entries) > 0 {
		es = make(map[string]*Entry, len(s.Entries)+len(c.Entries))
		for id, e := range s.Entries {
			es[id] = e
		}
		for _, e := range c.Entries {
			es[e.ID] = e
		}
	}
	b.snap = NewSnapshot(s.Version+1, t, s.Organizer, ms, es)
}

func (b *demoBuilder) startTournament() { b.apply(b.snap.Start(b.start)) }

// group is the id of group gi of stage si of the discipline with the short name.
func (b *demoBuilder) group(short string, si, gi int) string {
	for _, d := range b.snap.Tournament.Disciplines {
		if d.ShortName == short {
			return d.Stages[si].Groups[gi].ID
		}
	}
	panic("demo: no discipline " + short)
}

// next is the group's first open match with both entries known, in rounds
// before the given one (0-based), or nil.
func (b *demoBuilder) next(groupID string, before int) *Match {
	for _, m := range b.snap.Matches {
		if m.GroupID != groupID || m.State != MatchOpen || m.Entries[0] == nil || m.Entries[1] == nil {
			continue
		}
		if _, g, ok := b.snap.Round(m.RoundID); ok && slices.IndexFunc(g.Rounds, func(r Round) bool { return r.ID == m.RoundID }) < before {
			return m
		}
	}
	return nil
}

// play plays the group's matches of its first rounds (all of them: a large
// number) one after another, each on a free court, with a random result; the
// engine pairs the next rounds and seeds the next stage as results come in.
func (b *demoBuilder) play(groupID string, rounds int) {
	for m := b.next(groupID, rounds); m != nil; m = b.next(groupID, rounds) {
		// The courts in turn, as a hall spreads its matches, from the next free one.
		courts := b.snap.Tournament.Courts
		var court string
		for k := range courts {
			if c := courts[(b.turn+k)%len(courts)]; b.snap.CourtMatch(c.ID) == nil {
				court, b.turn = c.ID, b.turn+k+1
				break
			}
		}
		b.apply(b.snap.CallMatch(m.ID, []string{court}, b.clock))
		end := b.clock.Add(time.Duration(8+b.rng.IntN(14)) * time.Minute)
		b.apply(b.snap.SetResult(m.ID, b.final(m), true, end, "demo"))
		b.clock = b.clock.Add(90 * time.Second)
	}
}

// final makes a valid final result for m: a winner unless draws are allowed.
func (b *demoBuilder) final(m *Match) Encounters {
	cfg := b.snap.Config(m)
	g, _ := b.snap.Group(m.GroupID)
	for i := 0; ; i++ {
		if i > 1000 {
			panic(fmt.Sprintf("demo %s: no result for %+v under %+v in %s %s", b.key, m, cfg, g.Name, g.Mode))
		}
		r := b.result(cfg, max(1, len(g.Encounters)))
		if try := (Match{Encounters: r, State: MatchPlayed}); cfg.Draw || try.Winner() >= 0 {
			return r
		}
	}
}

// live puts the group's next open match on the courts (numbers), started a
// few minutes ago, with a live score when live.
func (b *demoBuilder) live(groupID string, live bool, courts ...int) {
	m := b.next(groupID, 1<<30)
	if m == nil {
		panic("demo " + b.key + ": no open match to start")
	}
	var ids []string
	for _, n := range courts {
		ids = append(ids, b.snap.Tournament.Courts[n-1].ID)
	}
	started := b.now.Add(-time.Duration(2+b.rng.IntN(12)) * time.Minute)
	b.apply(b.snap.CallMatch(m.ID, ids, started))
	if !live {
		return
	}
	cfg := b.snap.Config(m)
	full := b.final(m)
	last := len(full) - 1
	sets := slices.Clone(full[last][:len(full[last])-1]) // the set being played is not over
	if !cfg.QuickEntry {
		sets = append(sets, Set{b.rng.IntN(cfg.NumPoints - 1), b.rng.IntN(cfg.NumPoints - 1)})
	}
	r := full[:last]
	if len(sets) > 0 {
		r = append(r, sets)
	}
	if len(r) > 0 {
		b.apply(b.snap.SetResult(m.ID, r, false, b.now.Add(-time.Minute), "demo"))
	}
}

// result makes a valid final result under the configuration for the given encounters.
func (b *demoBuilder) result(cfg MatchConfiguration, encounters int) Encounters {
	r := make(Encounters, encounters)
	for e := range r {
		var won [2]int
		for won[0] < cfg.NumSets && won[1] < cfg.NumSets {
			if cfg.Draw && won[0] == cfg.NumSets-1 && won[1] == cfg.NumSets-1 && cfg.NumSets > 1 {
				break
			}
			w := b.rng.IntN(2)
			won[w]++
			r[e] = append(r[e], b.set(cfg, w))
		}
	}
	return r
}

func (b *demoBuilder) set(cfg MatchConfiguration, winner int) Set {
	var s Set
	if cfg.QuickEntry {
		s[winner] = 1
		return s
	}
	lose := b.rng.IntN(cfg.NumPoints)
	win := cfg.NumPoints
	if cfg.TwoAhead && lose >= cfg.NumPoints-1 {
		win = lose + 2
	}
	s[winner], s[1-winner] = win, lose
	return s
}

func stage(name string, mode Mode, cfg MatchConfiguration) SetupStage {
	return SetupStage{Name: name, Mode: mode, MatchConfiguration: cfg}
}

// hamburgOpen is the big running table soccer tournament: a Swiss that
// qualifies eight for a double elimination, a knock-out of sixteen about to
// begin, doubles pools that qualify eight for a tree, a DYP,
// a Monster DYP and a league played on two tables at once.
func hamburgOpen(b *demoBuilder) {
	swiss := stage("Preliminary round", Swiss, kickerSingleSet)
	swiss.Rounds = 5
	ko := stage("Elimination", DoubleElimination, kickerBestOf3)
	ko.Qualify = 8
	pools := stage("Pools", RoundRobin, kickerTwoSets)
	pools.Groups = 2
	tree := stage("Knock-out", Elimination, kickerBestOf3)
	tree.Qualify, tree.ThirdPlace = 8, true
	women := stage("Knock-out", Elimination, kickerBestOf3)
	women.ThirdPlace = true
	rounds := stage("Rounds", Rounds, quickEntry)
	rounds.Rounds = 4
	monster := stage("Monster DYP", MonsterDYP, quickBestOf3)
	monster.Rounds = 6
	league := stage("League", RoundRobin, kickerSingleSet)
	league.Encounters = []string{"Single", "Double", "Single"}
	b.build(&Setup{Name: "Hamburg Open 2026", Description: "Two days of table soccer at the Sporthalle Wandsbek. Singles, doubles, DYP, Monster DYP and the club league.",
		Public: true, Courts: tables("Table", 10), Disciplines: []SetupDiscipline{
			{Name: "Open Singles", ShortName: "OS", EntryType: EntrySingle, Entries: entries(b.players(16)), Stages: []SetupStage{swiss, ko}},
			{Name: "Open Doubles", ShortName: "OD", EntryType: EntryBYP, Entries: entries(b.teams(2, 12)), Stages: []SetupStage{pools, tree}},
			{Name: "Draw Your Partner", ShortName: "DYP", EntryType: EntryDYP, Entries: entries(b.players(16)), Stages: []SetupStage{rounds}},
			{Name: "Monster DYP", ShortName: "MDYP", EntryType: EntryMonsterDYP, Entries: entries(b.players(12)), Stages: []SetupStage{monster}},
			{Name: "Club League", ShortName: "CL", EntryType: EntryTeamName, Entries: entries([]string{"Tischkicker Altona", "FC Barmbek Kickers", "St. Pauli Stangenzauber", "Eimsbüttel Eagles"}), Stages: []SetupStage{league}},
			{Name: "Women's Singles", ShortName: "WS", EntryType: EntrySingle, Entries: entries(b.women(16)), Stages: []SetupStage{women}},
		}})
	b.startTournament()
	b.play(b.group("OS", 0, 0), 2)
	b.play(b.group("OD", 0, 0), 3)
	b.play(b.group("OD", 0, 1), 3)
	b.play(b.group("DYP", 0, 0), 2)
	b.play(b.group("MDYP", 0, 0), 4)
	b.play(b.group("CL", 0, 0), 1)
	for i := 1; i <= 3; i++ {
		b.live(b.group("OS", 0, 0), i > 1, i) // on table 1 the first point is still to come
	}
	b.live(b.group("OD", 0, 0), true, 4)
	b.live(b.group("OD", 0, 1), true, 5)
	b.live(b.group("DYP", 0, 0), true, 6)
	b.live(b.group("MDYP", 0, 0), true, 7)
	b.live(b.group("CL", 0, 0), true, 9, 10) // a league match spread over two tables
}

func tables(name string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s %d", name, i+1)
	}
	return out
}

// trainingNight is a private running club evening: not shared on the result page.
func trainingNight(b *demoBuilder) {
	whist := stage("Whist", Whist, kickerSingleSet)
	whist.Rounds = 7
	b.build(&Setup{Name: "Club Training Night", Description: "Members only: Tuesday training with whist partners.", Courts: tables("Table", 3),
		Disciplines: []SetupDiscipline{{Name: "Whist", ShortName: "W", EntryType: EntryMonsterDYP, Entries: entries(b.players(8)), Stages: []SetupStage{whist}}}})
	b.startTournament()
	b.play(b.group("W", 0, 0), 3)
	b.live(b.group("W", 0, 0), true, 1)
}

// autumnCup is a finished table soccer tournament with a played-out double elimination.
func autumnCup(b *demoBuilder) {
	b.build(&Setup{Name: "Autumn Cup 2026", Description: "Finished. Congratulations to the winners!", Public: true, Courts: tables("Table", 4),
		EndTime:     At(b.start.Add(9 * time.Hour)),
		Disciplines: []SetupDiscipline{{Name: "Open Doubles", ShortName: "OD", EntryType: EntryBYP, Entries: entries(b.teams(2, 8)), Stages: []SetupStage{stage("Main tree", DoubleElimination, kickerBestOf3)}}}})
	b.startTournament()
	b.play(b.group("OD", 0, 0), 1<<30)
}

// lyonMasters is a running petanque tournament: snake-draw pools, last one standing,
// and a lord-have-mercy tree in which one team plays a player short.
func lyonMasters(b *demoBuilder) {
	pools := stage("Pools", SnakeDraw, boule13)
	pools.Groups = 3
	lives := stage("Last one standing", LastOneStanding, boule13)
	lives.Lives = 3
	mercy := stage("Consolante", LordHaveMercy, boule13)
	b.build(&Setup{Name: "Lyon Pétanque Masters", Description: "Doublettes on the Place Bellecour terrain.", Public: true, Courts: tables("Terrain", 8),
		Disciplines: []SetupDiscipline{
			{Name: "Doublettes", ShortName: "DB", EntryType: EntryBYP, Entries: entries(b.teams(2, 12)), Stages: []SetupStage{pools}},
			{Name: "Tête-à-tête", ShortName: "TT", EntryType: EntrySingle, Entries: entries(b.players(10)), Stages: []SetupStage{lives}},
			{Name: "Triplettes", ShortName: "TR", EntryType: EntryBYP, Entries: entries(b.teams(3, 8)), Stages: []SetupStage{mercy}},
		}})
	// A triplette playing one short: its third player did not come.
	tr := b.snap.Tournament.Disciplines[2]
	short := b.snap.Entries[tr.EntryIDs[5]]
	short.Entries[2] = nil
	short.Name = short.Entries[0].Name + " / " + short.Entries[1].Name
	b.startTournament()
	for gi := range 3 {
		b.play(b.group("DB", 0, gi), 2)
	}
	b.play(b.group("TT", 0, 0), 3)
	b.play(b.group("TR", 0, 0), 1)
	for gi := range 3 {
		b.live(b.group("DB", 0, gi), true, gi+1)
	}
	b.live(b.group("TT", 0, 0), true, 4)
	b.live(b.group("TT", 0, 0), true, 5)
	b.live(b.group("TR", 0, 0), false, 6)
}

// provenceDoublettes is a finished petanque tournament in the dutch system,
// its teams drawn from the players at the start.
func provenceDoublettes(b *demoBuilder) {
	dutch := stage("Dutch system", DutchSystem, boule13)
	dutch.Rounds = 4
	b.build(&Setup{Name: "Provence Doublettes", Description: "The summer classic in Aix.", Public: true, Courts: tables("Terrain", 6),
		Disciplines: []SetupDiscipline{{Name: "Doublettes", ShortName: "DB", EntryType: EntryDYP, Entries: entries(b.players(20)), Stages: []SetupStage{dutch}}}})
	b.startTournament()
	b.play(b.group("DB", 0, 0), 1<<30)
}

// bristolDarts is a finished darts tournament: round robin groups, whose best
// six go on to a single elimination with a match for third place.
func bristolDarts(b *demoBuilder) {
	groups := stage("Groups", RoundRobin, darts501)
	groups.Groups = 2
	finals := stage("Finals", Elimination, darts501)
	finals.Qualify, finals.ThirdPlace = 6, true
	b.build(&Setup{Name: "Bristol Darts Classic", Description: "Steel tip, 501 double out.", Public: true, Courts: tables("Board", 6),
		Disciplines: []SetupDiscipline{{Name: "Men's Singles", ShortName: "MS", EntryType: EntrySingle, Entries: entries(b.men(8)), Stages: []SetupStage{groups, finals}}}})
	b.startTournament()
	for gi := range 2 {
		b.play(b.group("MS", 0, gi), 1<<30)
	}
	b.play(b.group("MS", 1, 0), 1<<30)
}

// upcoming is a tournament that has not started: registered entries, a planned stage, no matches.
func upcoming(name string, state State) func(*demoBuilder) {
	return func(b *demoBuilder) {
		b.build(&Setup{Name: name, Public: true, Courts: tables("Court", 4), CheckIn: state == StateCheckIn,
			Description: map[State]string{
				StatePlanned:         "Options are still being set up.",
				StatePreRegistration: "Pre-registration is open.",
				StateCheckIn:         "Check-in at the bar until the first round.",
				StateReady:           "Everything is set; play starts soon.",
				StateCancelled:       "Cancelled: the hall was closed after the storm.",
			}[state],
			Disciplines: []SetupDiscipline{{Name: "Open Singles", ShortName: "OS", EntryType: EntrySingle, Entries: entries(b.players(8)),
				Stages: []SetupStage{stage("Main round", RoundRobin, tableTennis)}}}})
		d := b.snap.Tournament.Disciplines[0]
		switch state {
		case StateCheckIn: // five have checked in so far
			b.apply(b.snap.SetCheckedIn(d.ID, d.EntryIDs[:5], b.now.Add(-10*time.Minute)))
		case StatePlanned, StatePreRegistration, StateCancelled: // states a setup does not make: the organizer's own
			b.snap.Tournament.State = state
		}
	}
}
