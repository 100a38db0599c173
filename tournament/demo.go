package tournament

import (
	"crypto/sha256"
	"fmt"
	"math/big"
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
type Demo struct {
	Organizers  []Organizer
	Tournaments []DemoTournament
}

// NewDemo builds the demo data set as it stands at now.
func NewDemo(seed uint64, now time.Time) *Demo {
	now = now.UTC().Truncate(time.Minute)
	d := &Demo{}
	id := func(path string) string { return makeID(seed, path) }
	kicker := Organizer{ID: id("org/kicker"), Slug: "kickerclub-hamburg", Name: "Kickerclub Hamburg e.V.", Sport: TableSoccer}
	boule := Organizer{ID: id("org/boule"), Slug: "boule-lyonnaise", Name: "Boule Lyonnaise", Sport: Petanque}
	darts := Organizer{ID: id("org/darts"), Slug: "bullseye-bristol", Name: "Bullseye Bristol Darts", Sport: Darts}
	d.Organizers = []Organizer{kicker, boule, darts}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	day := 24 * time.Hour
	for _, build := range []func() *demoBuilder{
		func() *demoBuilder {
			return hamburgOpen(newDemoBuilder(seed, rng, "hamburg-open", kicker, now.Add(-5*time.Hour), now))
		},
		func() *demoBuilder {
			return trainingNight(newDemoBuilder(seed, rng, "training-night", kicker, now.Add(-2*time.Hour), now))
		},
		func() *demoBuilder {
			return autumnCup(newDemoBuilder(seed, rng, "autumn-cup", kicker, now.Add(-30*day), now))
		},
		func() *demoBuilder {
			return lyonMasters(newDemoBuilder(seed, rng, "lyon-masters", boule, now.Add(-3*time.Hour), now))
		},
		func() *demoBuilder {
			return provenceTriplettes(newDemoBuilder(seed, rng, "provence-triplettes", boule, now.Add(-12*day), now))
		},
		func() *demoBuilder {
			return bristolDarts(newDemoBuilder(seed, rng, "bristol-darts", darts, now.Add(-9*day), now))
		},
		func() *demoBuilder {
			return upcoming(newDemoBuilder(seed, rng, "winter-open", kicker, now.Add(21*day), now), "Winter Open 2027", StatePreRegistration)
		},
		func() *demoBuilder {
			return upcoming(newDemoBuilder(seed, rng, "spring-league", kicker, now.Add(60*day), now), "Spring League 2027", StatePlanned)
		},
		func() *demoBuilder {
			return upcoming(newDemoBuilder(seed, rng, "night-owls", darts, now.Add(2*time.Hour), now), "Night Owls Open", StateCheckIn)
		},
		func() *demoBuilder {
			return upcoming(newDemoBuilder(seed, rng, "sunday-boules", boule, now.Add(day), now), "Sunday Boules", StateReady)
		},
		func() *demoBuilder {
			b := upcoming(newDemoBuilder(seed, rng, "storm-cup", kicker, now.Add(-4*day), now), "Storm Cup (cancelled)", StateCancelled)
			b.t.Description = "Cancelled: the hall was closed after the storm."
			return b
		},
	} {
		b := build()
		d.Tournaments = append(d.Tournaments, DemoTournament{Tournament: b.t, Matches: b.matches, Entries: b.entries})
	}
	return d
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// makeID derives an id in the real service's style (tio:4AHchFkVAecs2) from a path,
// so an id stays the same when the demo around it changes.
func makeID(seed uint64, path string) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d/%s", seed, path))
	n := new(big.Int).SetBytes(sum[:])
	base := big.NewInt(int64(len(idAlphabet)))
	var sb strings.Builder
	sb.WriteString("tio:")
	mod := new(big.Int)
	for range 13 {
		n.DivMod(n, base, mod)
		sb.WriteByte(idAlphabet[mod.Int64()])
	}
	return sb.String()
}

var (
	firstNames = []string{"Anna", "Ben", "Clara", "David", "Elif", "Finn", "Greta", "Hannes", "Ines", "Jonas", "Katja", "Lukas", "Mara", "Niklas", "Olga", "Paul", "Rosa", "Simon", "Tara", "Umut", "Vera", "Wiebke", "Yusuf", "Zoe", "Amélie", "Bastien", "Camille", "Étienne", "Lucie", "Mathis", "Noémie", "Théo", "Jack", "Olivia", "Harry", "Isla", "Oscar", "Freya", "Alfie", "Poppy"}
	lastNames  = []string{"Schmidt", "Becker", "Wagner", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Neumann", "Schwarz", "Braun", "Krüger", "Hartmann", "Lange", "Werner", "Dubois", "Moreau", "Laurent", "Girard", "Fontaine", "Chevalier", "Roux", "Mercier", "Taylor", "Davies", "Evans", "Thomas", "Roberts", "Walker", "Wright", "Hughes", "Yılmaz", "Kowalski", "Novak", "Jansen", "de Vries", "Rossi", "García", "Nielsen"}
)

// demoBuilder grows one tournament.
type demoBuilder struct {
	seed    uint64
	key     string
	rng     *rand.Rand
	now     time.Time
	t       *Tournament
	matches []*Match
	entries []*Entry
	names   map[string]bool
	clock   time.Time // when the next match of a schedule starts
}

func newDemoBuilder(seed uint64, rng *rand.Rand, key string, org Organizer, start, now time.Time) *demoBuilder {
	b := &demoBuilder{seed: seed, key: key, rng: rng, now: now, names: map[string]bool{}, clock: start}
	b.t = &Tournament{ID: b.id(""), OrganizerID: org.ID, Public: true, StartTime: At(start), EndTime: At(start.Add(10 * time.Hour)), State: StateRunning}
	return b
}

func (b *demoBuilder) id(path string) string { return makeID(b.seed, b.key+"/"+path) }

func (b *demoBuilder) courts(n int, name string) {
	for i := 1; i <= n; i++ {
		b.t.Courts = append(b.t.Courts, Court{ID: b.id(fmt.Sprintf("court/%d", i)), Number: i, Name: fmt.Sprintf("%s %d", name, i)})
	}
}

func (b *demoBuilder) players(n int) []*Entry {
	var ps []*Entry
	for len(ps) < n {
		name := firstNames[b.rng.IntN(len(firstNames))] + " " + lastNames[b.rng.IntN(len(lastNames))]
		if b.names[name] {
			continue
		}
		b.names[name] = true
		p := &Entry{ID: b.id("player/" + name), Name: name}
		p.Entries = []*Entry{{ID: p.ID, Name: p.Name}}
		b.entries = append(b.entries, p)
		ps = append(ps, p)
	}
	return ps
}

// team makes a fixed team of players: ids joined by "_", names by " / ".
func team(players ...*Entry) *Entry {
	ids, names := make([]string, len(players)), make([]string, len(players))
	t := &Entry{}
	for i, p := range players {
		ids[i], names[i] = p.ID, p.Name
		t.Entries = append(t.Entries, &Entry{ID: p.ID, Name: p.Name})
	}
	t.ID, t.Name = strings.Join(ids, "_"), strings.Join(names, " / ")
	return t
}

func (b *demoBuilder) teams(size, n int) []*Entry {
	ps := b.players(size * n)
	var ts []*Entry
	for i := 0; i < len(ps); i += size {
		t := team(ps[i : i+size]...)
		b.entries = append(b.entries, t)
		ts = append(ts, t)
	}
	return ts
}

func (b *demoBuilder) namedTeams(names ...string) []*Entry {
	var ts []*Entry
	for _, n := range names {
		t := &Entry{ID: b.id("team/" + n), Name: n, Entries: []*Entry{}}
		b.entries = append(b.entries, t)
		ts = append(ts, t)
	}
	return ts
}

func ids(es []*Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

func (b *demoBuilder) discipline(name, short string, et EntryType, entries []*Entry) *Discipline {
	b.t.Disciplines = append(b.t.Disciplines, Discipline{ID: b.id("d/" + short), Name: name, ShortName: short, EntryType: et, EntryIDs: ids(entries)})
	return &b.t.Disciplines[len(b.t.Disciplines)-1]
}

func (b *demoBuilder) stage(d *Discipline, name string, state PhaseState) *Stage {
	d.Stages = append(d.Stages, Stage{ID: b.id("s/" + d.ShortName + "/" + name), Name: name, State: state})
	return &d.Stages[len(d.Stages)-1]
}

// group adds a group; its pointer is good until the next group is added to the stage.
func (b *demoBuilder) group(st *Stage, name string, mode Mode, entries []*Entry, cfgs ...MatchConfiguration) *Group {
	st.Groups = append(st.Groups, Group{ID: b.id("g/" + st.ID + "/" + name), Name: name, Mode: mode, State: st.State,
		Options: GroupOptions{MatchConfigurations: cfgs}, EntryIDs: ids(entries)})
	return &st.Groups[len(st.Groups)-1]
}

func (b *demoBuilder) round(g *Group, name string) string {
	r := Round{ID: b.id(g.ID + "/r/" + name), Name: name}
	g.Rounds = append(g.Rounds, r)
	return r.ID
}

func (b *demoBuilder) match(d *Discipline, st *Stage, g *Group, roundID string, seq int, x, y *Entry) *Match {
	m := &Match{ID: b.id(fmt.Sprintf("m/%s/%d", roundID, seq)), Entries: [2]*Entry{x, y}, State: MatchOpen,
		DisciplineID: d.ID, StageID: st.ID, GroupID: g.ID, RoundID: roundID, Seq: seq, Encounters: Encounters{}}
	if x == nil || y == nil {
		m.State = MatchIncomplete
	}
	b.matches = append(b.matches, m)
	return m
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
	if cfg.QuickEntry {
		var s Set
		s[winner] = 1
		return s
	}
	lose := b.rng.IntN(cfg.NumPoints)
	win := cfg.NumPoints
	if cfg.TwoAhead && lose >= cfg.NumPoints-1 {
		win = lose + 2
	}
	var s Set
	s[winner], s[1-winner] = win, lose
	return s
}

// play finishes m with a random valid result, on a random court, at the builder's clock.
func (b *demoBuilder) play(g *Group, m *Match) {
	cfg := g.Options.MatchConfigurations[m.Config]
	m.State = MatchPlayed
	for {
		m.Encounters = b.result(cfg, max(1, len(g.Encounters)))
		if cfg.Draw || m.Winner() >= 0 {
			break
		}
	}
	m.StartTime = At(b.clock)
	m.EndTime = At(b.clock.Add(time.Duration(8+b.rng.IntN(14)) * time.Minute))
	if len(b.t.Courts) > 0 {
		m.CourtIDs = []string{b.t.Courts[b.rng.IntN(len(b.t.Courts))].ID}
	}
	b.clock = b.clock.Add(90 * time.Second)
}

// start puts m on the courts now, with a live score when live.
func (b *demoBuilder) start(g *Group, m *Match, live bool, courts ...int) {
	m.State = MatchRunning
	m.StartTime = At(b.now.Add(-time.Duration(2+b.rng.IntN(12)) * time.Minute))
	for _, c := range courts {
		m.CourtIDs = append(m.CourtIDs, b.t.Courts[c-1].ID)
	}
	if live {
		cfg := g.Options.MatchConfigurations[m.Config]
		full := b.result(cfg, max(1, len(g.Encounters)))
		last := len(full) - 1
		sets := slices.Clone(full[last][:len(full[last])-1]) // the set being played is not over
		if !cfg.QuickEntry {
			sets = append(sets, Set{b.rng.IntN(cfg.NumPoints - 1), b.rng.IntN(cfg.NumPoints - 1)})
		}
		m.Encounters = full[:last]
		if len(sets) > 0 {
			m.Encounters = append(m.Encounters, sets)
		}
		m.IsLiveResult = len(m.Encounters) > 0
	}
}

// roundRobin schedules everyone against everyone by the circle method.
func (b *demoBuilder) roundRobin(d *Discipline, st *Stage, g *Group, es []*Entry) [][]*Match {
	ring := slices.Clone(es)
	if len(ring)%2 == 1 {
		ring = append(ring, nil)
	}
	n := len(ring)
	var rounds [][]*Match
	for r := range n - 1 {
		rid := b.round(g, fmt.Sprintf("Round %d", r+1))
		var ms []*Match
		for i := range n / 2 {
			x, y := ring[i], ring[n-1-i]
			if x == nil || y == nil {
				continue
			}
			ms = append(ms, b.match(d, st, g, rid, i, x, y))
		}
		rounds = append(rounds, ms)
		ring = append([]*Entry{ring[0], ring[n-1]}, ring[1:n-1]...)
	}
	return rounds
}

// pairing returns the next round's pairs from entries ranked best first.
type pairing func(ranked []*Entry, met map[[2]string]bool) [][2]*Entry

// swissPairs pairs neighbours in the table, skipping rematches where it can.
func swissPairs(ranked []*Entry, met map[[2]string]bool) [][2]*Entry {
	left := slices.Clone(ranked)
	var out [][2]*Entry
	for len(left) > 1 {
		x, pick := left[0], 1
		for j := 1; j < len(left); j++ {
			if !met[[2]string{x.ID, left[j].ID}] {
				pick = j
				break
			}
		}
		out = append(out, [2]*Entry{x, left[pick]})
		left = slices.Delete(left, pick, pick+1)[1:]
	}
	return out
}

// dutchPairs pairs the top half of the table against the bottom half.
func dutchPairs(ranked []*Entry, _ map[[2]string]bool) [][2]*Entry {
	half := len(ranked) / 2
	var out [][2]*Entry
	for i := range half {
		out = append(out, [2]*Entry{ranked[i], ranked[i+half]})
	}
	return out
}

// scheduled plays rounds of a table mode: played rounds get results; with
// running courts, the next round is drawn and its first matches are on them.
func (b *demoBuilder) scheduled(d *Discipline, st *Stage, g *Group, played int, pair pairing, running []int) {
	met := map[[2]string]bool{}
	byID := b.entryMap()
	rounds := played
	if running != nil {
		rounds++
	}
	for r := range rounds {
		var ranked []*Entry // best first, without those out of lives
		for _, s := range Standings(g, b.matches, byID) {
			if s.Lives == nil || *s.Lives > 0 {
				ranked = append(ranked, byID[s.Entry.ID])
			}
		}
		p := pair
		if p == nil { // a fresh draw every round
			b.rng.Shuffle(len(ranked), func(i, j int) { ranked[i], ranked[j] = ranked[j], ranked[i] })
			p = swissPairs
		}
		rid := b.round(g, fmt.Sprintf("Round %d", r+1))
		for i, xy := range p(ranked, met) {
			met[[2]string{xy[0].ID, xy[1].ID}], met[[2]string{xy[1].ID, xy[0].ID}] = true, true
			m := b.match(d, st, g, rid, i, xy[0], xy[1])
			switch {
			case r < played:
				b.play(g, m)
			case i < len(running):
				b.start(g, m, i%2 == 0, running[i])
			}
		}
	}
}

// shuffledTeams plays individual-player modes: every round the players are drawn into new teams of two.
func (b *demoBuilder) shuffledTeams(d *Discipline, st *Stage, g *Group, ps []*Entry, played int, rotate bool) {
	for r := range played + 1 {
		order := slices.Clone(ps)
		if rotate { // whist: a fixed rotation, so partners change every round
			k := (r*3 + 1) % len(order)
			order = append(order[k:], order[:k]...)
			for i := 1; i < len(order); i += 2 {
				j := (i + 2*r) % len(order)
				order[i], order[j] = order[j], order[i]
			}
		} else {
			b.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		rid := b.round(g, fmt.Sprintf("Round %d", r+1))
		for i := 0; i+3 < len(order); i += 4 {
			m := b.match(d, st, g, rid, i/4, team(order[i], order[i+1]), team(order[i+2], order[i+3]))
			if r < played {
				b.play(g, m)
			}
		}
	}
}

// bracket lays out a knock-out tree and plays its first rounds.
func (b *demoBuilder) bracket(d *Discipline, st *Stage, g *Group, es []*Entry, double bool, playedRounds int) []*Match {
	br := NewBracket(es, double, g.Options.EliminationThirdPlace, func(path string) string { return b.id(g.ID + "/" + path) })
	g.Rounds = br.Rounds
	for _, m := range br.Matches {
		m.DisciplineID, m.StageID, m.GroupID = d.ID, st.ID, g.ID
		if m.Encounters == nil {
			m.Encounters = Encounters{}
		}
	}
	for r := range min(playedRounds, len(br.Rounds)) {
		for _, m := range br.Matches {
			if m.RoundID == br.Rounds[r].ID && m.State == MatchOpen {
				b.play(g, m)
				Advance(br.Matches, m)
			}
		}
	}
	b.matches = append(b.matches, br.Matches...)
	return br.Matches
}

func (b *demoBuilder) entryMap() map[string]*Entry {
	m := make(map[string]*Entry, len(b.entries))
	for _, e := range b.entries {
		m[e.ID] = e
	}
	return m
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

// hamburgOpen is the big running table soccer tournament: swiss into double
// elimination, doubles pools into a tree with byes, a DYP, a Monster DYP and a league.
func hamburgOpen(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description = "Hamburg Open 2026", "Two days of table soccer at the Sporthalle Wandsbek. Singles, doubles, DYP, Monster DYP and the club league."
	b.courts(10, "Table")
	singles := b.players(16)
	d := b.discipline("Open Singles", "OS", EntrySingle, singles)
	pre := b.stage(d, "Preliminary round", PhaseRunning)
	g := b.group(pre, "Swiss system", Swiss, singles, kickerSingleSet)
	b.scheduled(d, pre, g, 3, swissPairs, []int{1, 2, 3})
	g.Options.NumRoundsPlanned = len(g.Rounds)
	ko := b.stage(d, "Elimination", PhasePlanned)
	b.bracket(d, ko, b.group(ko, "Main tree", DoubleElimination, nil, kickerBestOf3), make([]*Entry, 16), true, 0)

	doubles := b.teams(2, 12)
	dd := b.discipline("Open Doubles", "OD", EntryBYP, doubles)
	pools := b.stage(dd, "Pools", PhaseRunning)
	for i, name := range []string{"Pool A", "Pool B"} {
		es := doubles[i*6 : i*6+6]
		g := b.group(pools, name, RoundRobin, es, kickerTwoSets)
		rounds := b.roundRobin(dd, pools, g, es)
		for r, ms := range rounds {
			for k, m := range ms {
				switch {
				case r < 3:
					b.play(g, m)
				case r == 3 && k == 0:
					b.start(g, m, true, 4+i)
				}
			}
		}
	}
	tree := b.stage(dd, "Knock-out", PhasePlanned)
	tg := b.group(tree, "Knock-out", Elimination, nil, kickerBestOf3)
	tg.Options.EliminationThirdPlace = true
	seeded := make([]*Entry, 12)
	b.bracket(dd, tree, tg, seeded, false, 0)

	dypPlayers := b.players(16)
	var dyp []*Entry
	for i := 0; i < 16; i += 2 {
		t := team(dypPlayers[i], dypPlayers[i+1])
		b.entries = append(b.entries, t)
		dyp = append(dyp, t)
	}
	dy := b.discipline("Draw Your Partner", "DYP", EntryDYP, dyp)
	ds := b.stage(dy, "Rounds", PhaseRunning)
	dg := b.group(ds, "Rounds", Rounds, dyp, quickEntry)
	b.scheduled(dy, ds, dg, 2, nil, []int{6})
	dg.Options.NumRoundsPlanned = len(dg.Rounds)

	monster := b.players(12)
	md := b.discipline("Monster DYP", "MDYP", EntryMonsterDYP, monster)
	ms := b.stage(md, "Monster DYP", PhaseRunning)
	mg := b.group(ms, "Monster DYP", MonsterDYP, monster, quickBestOf3)
	b.shuffledTeams(md, ms, mg, monster, 4, false)
	mg.Options.NumRoundsPlanned = len(mg.Rounds)
	for _, m := range b.matches {
		if m.GroupID == mg.ID && m.State == MatchOpen {
			b.start(mg, m, true, 7)
			break
		}
	}

	clubs := b.namedTeams("Tischkicker Altona", "FC Barmbek Kickers", "St. Pauli Stangenzauber", "Eimsbüttel Eagles")
	ld := b.discipline("Club League", "CL", EntryTeamName, clubs)
	ls := b.stage(ld, "League", PhaseRunning)
	lg := b.group(ls, "First division", RoundRobin, clubs, kickerSingleSet)
	lg.Encounters = []string{"Single", "Double", "Single"}
	for r, ms := range b.roundRobin(ld, ls, lg, clubs) {
		for k, m := range ms {
			switch {
			case r == 0:
				b.play(lg, m)
			case r == 1 && k == 0:
				b.start(lg, m, true, 9, 10) // a league match spread over two tables
			}
		}
	}
	return b
}

// trainingNight is a private running club evening: not shared on the result page.
func trainingNight(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description, b.t.Public = "Club Training Night", "Members only: Tuesday training with whist partners.", false
	b.courts(3, "Table")
	ps := b.players(8)
	d := b.discipline("Whist", "W", EntryMonsterDYP, ps)
	st := b.stage(d, "Evening", PhaseRunning)
	g := b.group(st, "Whist", Whist, ps, kickerSingleSet)
	b.shuffledTeams(d, st, g, ps, 3, true)
	g.Options.NumRoundsPlanned = len(g.Rounds)
	for _, m := range b.matches {
		if m.State == MatchOpen {
			b.start(g, m, true, 1)
			break
		}
	}
	return b
}

// autumnCup is a finished table soccer tournament with a played-out double elimination.
func autumnCup(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description, b.t.State = "Autumn Cup 2026", "Finished. Congratulations to the winners!", StateFinished
	b.t.EndTime = At(b.t.StartTime.Add(9 * time.Hour))
	b.courts(4, "Table")
	ts := b.teams(2, 8)
	d := b.discipline("Open Doubles", "OD", EntryBYP, ts)
	st := b.stage(d, "Elimination", PhaseFinished)
	g := b.group(st, "Main tree", DoubleElimination, ts, kickerBestOf3)
	b.bracket(d, st, g, ts, true, 99)
	return b
}

// lyonMasters is a running petanque tournament: snake-draw pools, last one standing,
// and a lord-have-mercy tree in which one team plays a player short.
func lyonMasters(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description = "Lyon Pétanque Masters", "Doublettes on the Place Bellecour terrain."
	b.courts(8, "Terrain")
	ts := b.teams(2, 12)
	d := b.discipline("Doublettes", "DB", EntryBYP, ts)
	st := b.stage(d, "Pools", PhaseRunning)
	for i, name := range []string{"Poule 1", "Poule 2", "Poule 3"} {
		var es []*Entry
		for k, t := range ts { // snake draw: 1-2-3-3-2-1 ...
			if pos := k % 6; pos == i || pos == 5-i {
				es = append(es, t)
			}
		}
		g := b.group(st, name, SnakeDraw, es, boule13)
		for r, ms := range b.roundRobin(d, st, g, es) {
			for k, m := range ms {
				switch {
				case r < 2:
					b.play(g, m)
				case r == 2 && k == 0:
					b.start(g, m, true, i+1)
				}
			}
		}
	}
	ps := b.players(10)
	ld := b.discipline("Tête-à-tête", "TT", EntrySingle, ps)
	ls := b.stage(ld, "Last one standing", PhaseRunning)
	lg := b.group(ls, "Last one standing", LastOneStanding, ps, boule13)
	lg.Lives = 3
	b.scheduled(ld, ls, lg, 3, nil, []int{4, 5})

	triples := b.teams(3, 8)
	triples[5].Entries[2] = nil // a triplette playing one short
	triples[5].Name = triples[5].Entries[0].Name + " / " + triples[5].Entries[1].Name
	md := b.discipline("Triplettes", "TR", EntryBYP, triples)
	ms := b.stage(md, "Consolante", PhaseRunning)
	mg := b.group(ms, "Lord have mercy", LordHaveMercy, triples, boule13)
	mg.Lives = 1
	b.bracket(md, ms, mg, triples, false, 1)
	for _, m := range b.matches {
		if m.GroupID == mg.ID && m.State == MatchOpen {
			b.start(mg, m, false, 6)
			break
		}
	}
	return b
}

// provenceTriplettes is a finished petanque tournament in the dutch system.
func provenceTriplettes(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description, b.t.State = "Provence Doublettes", "The summer classic in Aix.", StateFinished
	b.courts(6, "Terrain")
	ts := b.teams(2, 10)
	d := b.discipline("Doublettes", "DB", EntryDYP, ts)
	st := b.stage(d, "Dutch system", PhaseFinished)
	g := b.group(st, "Dutch system", DutchSystem, ts, boule13)
	b.scheduled(d, st, g, 4, dutchPairs, nil)
	g.Options.NumRoundsPlanned = len(g.Rounds)
	return b
}

// bristolDarts is a finished darts tournament: round robin groups into a single elimination.
func bristolDarts(b *demoBuilder) *demoBuilder {
	b.t.Name, b.t.Description, b.t.State = "Bristol Darts Classic", "Steel tip, 501 double out.", StateFinished
	b.courts(6, "Board")
	ps := b.players(8)
	d := b.discipline("Men's Singles", "MS", EntrySingle, ps)
	st := b.stage(d, "Groups", PhaseFinished)
	for i, name := range []string{"Group A", "Group B"} {
		es := ps[i*4 : i*4+4]
		g := b.group(st, name, RoundRobin, es, darts501)
		for _, ms := range b.roundRobin(d, st, g, es) {
			for _, m := range ms {
				b.play(g, m)
			}
		}
	}
	// The best three of each group go on; the two group winners get byes.
	var finalists []*Entry
	byID := b.entryMap()
	for place := range 3 {
		for i := range st.Groups {
			finalists = append(finalists, byID[Standings(&st.Groups[i], b.matches, byID)[place].Entry.ID])
		}
	}
	ko := b.stage(d, "Finals", PhaseFinished)
	g := b.group(ko, "Finals", Elimination, finalists, darts501)
	g.Options.EliminationThirdPlace = true
	b.bracket(d, ko, g, finalists, false, 99)
	return b
}

// upcoming is a tournament that has not started: registered entries, a planned stage, no matches.
func upcoming(b *demoBuilder, name string, state State) *demoBuilder {
	b.t.Name, b.t.State = name, state
	b.t.Description = map[State]string{
		StatePlanned:         "Options are still being set up.",
		StatePreRegistration: "Pre-registration is open.",
		StateCheckIn:         "Check-in at the bar until the first round.",
		StateReady:           "Everything is set; play starts soon.",
		StateCancelled:       "Cancelled.",
	}[state]
	b.courts(4, "Court")
	ps := b.players(8)
	d := b.discipline("Open Singles", "OS", EntrySingle, ps)
	st := b.stage(d, "Main round", PhasePlanned)
	if state == StateReady {
		st.State = PhaseReady
	}
	g := b.group(st, "Main round", RoundRobin, ps, tableTennis)
	g.State = st.State
	return b
}
