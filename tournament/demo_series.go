package tournament

import (
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// clubRegulars are the Kickerclub's members who come to its club nights.
var clubRegulars = []string{
	"Anna Becker", "Ben Hoffmann", "Clara Wagner", "David Koch", "Elif Yılmaz", "Finn Schulz",
	"Greta Richter", "Hannes Klein", "Ines Wolf", "Jonas Neumann", "Katja Braun", "Lukas Krüger",
	"Mara Lange", "Niklas Werner", "Olga Novak", "Paul Jansen",
}

// clubNightPlan is one club night of the demo: when, and whether it runs now.
type clubNightPlan struct {
	key, name string
	daysAgo   int
	running   bool
}

// clubNights are the Kickerclub's club nights of the demo: three finished,
// one running now. Each has its own random source, so they leave the other
// demo tournaments as they were.
var clubNights = []clubNightPlan{
	{"club-night-1", "Club Night 1", 21, false},
	{"club-night-2", "Club Night 2", 14, false},
	{"club-night-3", "Club Night 3", 7, false},
	{"club-night-4", "Club Night 4", 0, true},
}

// addClubNights adds the club nights to the demo.
func (d *Demo) addClubNights(seed uint64, now time.Time, org Organizer) {
	for i, n := range clubNights {
		start := now.Add(-time.Duration(n.daysAgo)*24*time.Hour - 3*time.Hour)
		if n.running {
			start = now.Add(-75 * time.Minute)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(0xc1ab0+i)))
		b := &demoBuilder{seed: seed, key: n.key, org: org, rng: rng, now: now, start: start, clock: start, names: map[string]bool{}}
		clubNight(b, n.name, n.running)
		d.Tournaments = append(d.Tournaments, demoTournamentOf(b.snap))
		d.ClubNights = append(d.ClubNights, b.snap.Tournament.ID)
	}
}

// clubNight is a Tuesday at the club: singles in a Swiss system among 12 of
// the regulars, then a Monster DYP among 8 (new partners every round).
func clubNight(b *demoBuilder, name string, running bool) {
	present := slices.Clone(clubRegulars)
	b.rng.Shuffle(len(present), func(i, j int) { present[i], present[j] = present[j], present[i] })
	singles := stage("Swiss", Swiss, kickerSingleSet)
	singles.Rounds = 4
	monster := stage("Monster DYP", MonsterDYP, kickerSingleSet)
	monster.Rounds = 4
	b.build(&Setup{Name: name, Description: "Tuesday at the club: Swiss singles, then a Monster DYP. Part of the Hamburg Kicker Cup.", Public: true, Courts: tables("Table", 4),
		Disciplines: []SetupDiscipline{
			{Name: "Singles", ShortName: "S", EntryType: EntrySingle, Entries: entries(present[:12]), Stages: []SetupStage{singles}},
			{Name: "Monster DYP", ShortName: "M", EntryType: EntryMonsterDYP, Entries: entries(present[4:12]), Stages: []SetupStage{monster}},
		}})
	b.startTournament()
	if running {
		b.play(b.group("S", 0, 0), 2)
		b.live(b.group("S", 0, 0), true, 1)
		b.live(b.group("S", 0, 0), true, 2)
		return
	}
	b.play(b.group("S", 0, 0), 1<<30)
	b.play(b.group("M", 0, 0), 1<<30)
}

// demoTournamentOf is a built tournament with its entries in id order.
func demoTournamentOf(s *Snapshot) DemoTournament {
	entries := make([]*Entry, 0, len(s.Entries))
	for _, e := range s.Entries {
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(a, b *Entry) int { return strings.Compare(a.ID, b.ID) })
	return DemoTournament{Tournament: s.Tournament, Matches: s.Matches, Entries: entries}
}
