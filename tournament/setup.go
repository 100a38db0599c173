package tournament

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Setup describes a tournament before it starts: what a setup file holds and
// what the console's "New tournament" forms build. Build turns it into the
// tournament, its entries and courts.
type Setup struct {
	// Organizer is the organizer's slug or id.
	Organizer   string `json:"organizer"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	StartTime   Time   `json:"startTime"`
	// EndTime is when the event is planned to end; the start when not given.
	EndTime Time `json:"endTime,omitzero"`
	Public  bool `json:"public"`
	// Courts are the courts' names; a file may give just their number.
	Courts   []string `json:"courts"`
	AutoCall bool     `json:"autoCall"`
	CheckIn  bool     `json:"checkIn"`
	// Reporting is who enters results (desk, confirmed or single; "": desk);
	// PlayersLive lets players save live scores from the court.
	Reporting   Reporting         `json:"reporting,omitempty"`
	PlayersLive bool              `json:"playersLive,omitempty"`
	Disciplines []SetupDiscipline `json:"disciplines"`
	// Players names registered players of the organizer by a player's name
	// in the setup ("Anna Berg": "<registered player id>"): those entries
	// link to them (register.go, SetupLinks).
	Players map[string]string `json:"players,omitempty"`
	// TimeZone is the venue's time zone (an IANA name such as Europe/Paris).
	TimeZone string `json:"timeZone,omitempty"`
}

// SetupDiscipline is a discipline of a setup with its entries and stages.
type SetupDiscipline struct {
	Name      string    `json:"name"`
	ShortName string    `json:"shortName"`
	EntryType EntryType `json:"entryType"`
	// Entries in seeding order: the first is the best.
	Entries []SetupEntry `json:"entries"`
	Stages  []SetupStage `json:"stages"`
}

// SetupEntry is a player or a team. A team's players are given, or its name
// is its players' names joined by " / ".
type SetupEntry struct {
	Name    string   `json:"name"`
	Players []string `json:"players,omitempty"`
}

// MarshalJSON writes the short form, the name alone, when that reads back the same.
func (e SetupEntry) MarshalJSON() ([]byte, error) {
	if len(e.Players) == 0 {
		return json.Marshal(e.Name)
	}
	type long SetupEntry
	return json.Marshal(long(e))
}

// UnmarshalJSON reads either form: the name alone, or an object.
func (e *SetupEntry) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*e = SetupEntry{}
		return json.Unmarshal(b, &e.Name)
	}
	type long SetupEntry
	return json.Unmarshal(b, (*long)(e))
}

// SetupStage is a stage of a setup: its mode, how many groups it splits into,
// and the options of its mode.
type SetupStage struct {
	Name string `json:"name"`
	Mode Mode   `json:"mode"`
	// Groups splits the stage's entries into pools by snake seeding; 1 when not given.
	Groups int `json:"groups,omitempty"`
	// Qualify is how many entries this stage takes from the previous stage's standings.
	Qualify int `json:"qualify,omitempty"`
	// QualifyPerGroup and QualifyBest say it the clubs' way instead: the first
	// QualifyPerGroup of every group of the stage before, and the QualifyBest
	// best of the next place ("the 4 best thirds"), ranked by CompareBestOfPlace.
	QualifyPerGroup int `json:"qualifyPerGroup,omitempty"`
	QualifyBest     int `json:"qualifyBest,omitempty"`
	// Draw is who publishes the draw of a later stage: "automatic" (the
	// default) or "director" (see Stage.DrawBy).
	Draw string `json:"draw,omitempty"`
	// Rounds is how many rounds are planned (swiss, dutch_system, rounds, monster_dyp, whist).
	Rounds int `json:"rounds,omitempty"`
	// ThirdPlace adds a match for third place (elimination, lord_have_mercy).
	ThirdPlace bool `json:"thirdPlace,omitempty"`
	// Lives is what every entry starts with (last_one_standing).
	Lives int `json:"lives,omitempty"`
	// DoubleRoundRobin plays every pairing twice (round_robin, snake_draw).
	DoubleRoundRobin bool `json:"doubleRoundRobin,omitempty"`
	// Points is what a win, a draw and a bye are worth in the table modes.
	Points *Scoring `json:"points,omitempty"`
	// TieBreaks orders the table after points (see TieBreakNames).
	TieBreaks []string `json:"tieBreaks,omitempty"`
	// Encounters names the encounters of a league match ("Single", "Double", "Single").
	Encounters []string `json:"encounters,omitempty"`
	// Format names one of the sport's match formats (see SportRules), which
	// the stage is played by; with neither it nor a MatchConfiguration, the
	// stage plays the sport's default format (Setup.ForSport).
	Format             string             `json:"format,omitempty"`
	MatchConfiguration MatchConfiguration `json:"matchConfiguration"`
}

// Qualifiers is how many entries the stage takes from the stage before,
// which has groups groups: Qualify, or QualifyPerGroup of every group and
// the QualifyBest best of the next place.
func (st SetupStage) Qualifiers(groups int) int {
	if st.QualifyPerGroup > 0 {
		return st.QualifyPerGroup*max(groups, 1) + st.QualifyBest
	}
	return st.Qualify
}

// TieBreakNames are the tie-breaks a table can be ordered by, after points:
// standings numbers, higher is better, and head to head (see Standings).
var TieBreakNames = []string{HeadToHead, DirectEncounter, "matchesWon", "matchesDiff", "encounterDiff", "setsDiff", "goalsDiff", "goals", "bh1", "bh2", "sb"}

// Problem is one thing wrong with a setup, and where: a JSON path such as
// disciplines[0].stages[1].qualify.
type Problem struct {
	Path string
	Message
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Message.String()
	}
	return p.Path + ": " + p.Message.String()
}

// Problems is everything wrong with a setup.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// At returns the message of the first problem at path, or "".
func (ps Problems) At(path string) string {
	for _, p := range ps {
		if p.Path == path {
			return p.Message.String()
		}
	}
	return ""
}

func (ps *Problems) add(path, format string, args ...any) {
	*ps = append(*ps, Problem{Path: path, Message: Message{format, args}})
}

// text notes what TextProblem finds wrong with a text, at its path.
func (ps *Problems) text(path, v string, maxLen int, multiline bool) {
	if m := TextProblem(v, maxLen, multiline); m != nil {
		*ps = append(*ps, Problem{Path: path, Message: *m})
	}
}

// SetupSchema is the JSON Schema of a setup file.
//
//go:embed setup.schema.json
var SetupSchema []byte

// ParseSetup reads a setup file. It reports every problem it finds, of form
// and of rules, each with its JSON path; the setup is nil when there is any.
func ParseSetup(data []byte) (*Setup, error) {
	if len(data) > MaxSetupFileBytes {
		return nil, Problems{{Message: Message{Format: "the file has more than %d bytes (limit %q)",
			Args: []any{MaxSetupFileBytes, "setup file or form size"}}}}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return nil, Problems{{Message: Message{Format: "not JSON: %v", Args: []any{err}}}}
	}
	if dec.More() {
		return nil, Problems{{Message: Message{Format: "not JSON: more than one value"}}}
	}
	r := &reader{}
	s := r.setup(raw)
	// Every problem at once: the rules' problems too, except where a value
	// of the wrong form was already reported (it was left out, so the rules
	// would only say it is missing).
	ps := r.probs
	for _, p := range s.Validate() {
		if !r.probs.covers(p.Path) {
			ps = append(ps, p)
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return s, nil
}

// covers says whether a problem was noted at path, or at a path around it.
func (ps Problems) covers(path string) bool {
	for _, p := range ps {
		if p.Path == path || strings.HasPrefix(path, p.Path+".") || strings.HasPrefix(path, p.Path+"[") {
			return true
		}
	}
	return false
}

// reader turns decoded JSON into a Setup, noting every value of the wrong
// form with its path rather than stopping at the first.
type reader struct{ probs Problems }

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (r *reader) object(path string, v any, fields map[string]func(path string, v any)) {
	obj, ok := v.(map[string]any)
	if !ok {
		r.probs.add(path, "must be an object, not %s", describe(v))
		return
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f, ok := fields[k]
		if !ok {
			r.probs.add(join(path, k), "is not a setup field")
			continue
		}
		f(join(path, k), obj[k])
	}
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		if len(v) > 20 {
			v = v[:20] + "…"
		}
		return strconv.Quote(v)
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	case []any:
		return "a list"
	}
	return "an object"
}

func (r *reader) str(into *string) func(string, any) {
	return func(path string, v any) {
		s, ok := v.(string)
		if !ok {
			r.probs.add(path, "must be text, not %s", describe(v))
			return
		}
		*into = s
	}
}

func (r *reader) integer(into *int) func(string, any) {
	return func(path string, v any) {
		n, ok := v.(json.Number)
		i, err := strconv.Atoi(string(n))
		if !ok || err != nil {
			r.probs.add(path, "must be a whole number, not %s", describe(v))
			return
		}
		*into = i
	}
}

func (r *reader) boolean(into *bool) func(string, any) {
	return func(path string, v any) {
		b, ok := v.(bool)
		if !ok {
			r.probs.add(path, "must be true or false, not %s", describe(v))
			return
		}
		*into = b
	}
}

func (r *reader) list(path string, v any, each func(path string, v any)) {
	l, ok := v.([]any)
	if !ok {
		r.probs.add(path, "must be a list, not %s", describe(v))
		return
	}
	for i, x := range l {
		each(fmt.Sprintf("%s[%d]", path, i), x)
	}
}

func (r *reader) strings(into *[]string) func(string, any) {
	return func(path string, v any) {
		*into = []string{}
		r.list(path, v, func(p string, x any) {
			var s string
			r.str(&s)(p, x)
			*into = append(*into, s)
		})
	}
}

func (r *reader) time(into *Time) func(string, any) {
	return func(path string, v any) {
		s, ok := v.(string)
		if !ok {
			r.probs.add(path, "must be a timestamp such as \"2026-11-24T18:00:00.000Z\", not %s", describe(v))
			return
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			r.probs.add(path, "must be a timestamp such as \"2026-11-24T18:00:00.000Z\", not %s", describe(v))
			return
		}
		*into = At(t)
	}
}

func (r *reader) setup(v any) *Setup {
	s := &Setup{}
	r.object("", v, map[string]func(string, any){
		"organizer":   r.str(&s.Organizer),
		"name":        r.str(&s.Name),
		"description": r.str(&s.Description),
		"startTime":   r.time(&s.StartTime),
		"endTime":     r.time(&s.EndTime),
		"public":      r.boolean(&s.Public),
		"autoCall":    r.boolean(&s.AutoCall),
		"timeZone":    r.str(&s.TimeZone),
		"checkIn":     r.boolean(&s.CheckIn),
		"reporting": func(p string, x any) {
			var v string
			r.str(&v)(p, x)
			s.Reporting = Reporting(v)
		},
		"playersLive": r.boolean(&s.PlayersLive),
		"courts": func(path string, v any) {
			if n, ok := v.(json.Number); ok {
				count, err := strconv.Atoi(string(n))
				if err != nil || count < 1 || count > MaxSetupCourts {
					r.probs.add(path, "must be a count from 1 to %d or a list of names, not %s", MaxSetupCourts, n)
					return
				}
				s.Courts = CourtNames(count)
				return
			}
			if _, ok := v.([]any); !ok {
				r.probs.add(path, "must be a count or a list of names, not %s", describe(v))
				return
			}
			r.strings(&s.Courts)(path, v)
		},
		"disciplines": func(path string, v any) {
			s.Disciplines = []SetupDiscipline{}
			r.list(path, v, func(p string, x any) { s.Disciplines = append(s.Disciplines, r.discipline(p, x)) })
		},
	})
	return s
}

func (r *reader) discipline(path string, v any) SetupDiscipline {
	var d SetupDiscipline
	r.object(path, v, map[string]func(string, any){
		"name":      r.str(&d.Name),
		"shortName": r.str(&d.ShortName),
		"entryType": func(p string, x any) {
			var s string
			r.str(&s)(p, x)
			d.EntryType = EntryType(s)
		},
		"entries": func(p string, x any) {
			d.Entries = []SetupEntry{}
			r.list(p, x, func(p string, x any) {
				var e SetupEntry
				if s, ok := x.(string); ok {
					e.Name = s
				} else {
					r.object(p, x, map[string]func(string, any){"name": r.str(&e.Name), "players": r.strings(&e.Players)})
				}
				d.Entries = append(d.Entries, e)
			})
		},
		"stages": func(p string, x any) {
			d.Stages = []SetupStage{}
			r.list(p, x, func(p string, x any) { d.Stages = append(d.Stages, r.stage(p, x)) })
		},
	})
	return d
}

func (r *reader) stage(path string, v any) SetupStage {
	var st SetupStage
	r.object(path, v, map[string]func(string, any){
		"name": r.str(&st.Name),
		"mode": func(p string, x any) {
			var s string
			r.str(&s)(p, x)
			st.Mode = Mode(s)
		},
		"groups":           r.integer(&st.Groups),
		"qualify":          r.integer(&st.Qualify),
		"qualifyPerGroup":  r.integer(&st.QualifyPerGroup),
		"qualifyBest":      r.integer(&st.QualifyBest),
		"draw":             r.str(&st.Draw),
		"rounds":           r.integer(&st.Rounds),
		"thirdPlace":       r.boolean(&st.ThirdPlace),
		"lives":            r.integer(&st.Lives),
		"doubleRoundRobin": r.boolean(&st.DoubleRoundRobin),
		"points": func(p string, x any) {
			st.Points = &Scoring{}
			r.object(p, x, map[string]func(string, any){
				"win": r.integer(&st.Points.Win), "draw": r.integer(&st.Points.Draw), "bye": r.integer(&st.Points.Bye),
			})
		},
		"tieBreaks":  r.strings(&st.TieBreaks),
		"encounters": r.strings(&st.Encounters),
		"format":     r.str(&st.Format),
		"matchConfiguration": func(p string, x any) {
			c := &st.MatchConfiguration
			r.object(p, x, map[string]func(string, any){
				"name": r.str(&c.Name), "numPoints": r.integer(&c.NumPoints), "numSets": r.integer(&c.NumSets),
				"twoAhead": r.boolean(&c.TwoAhead), "draw": r.boolean(&c.Draw), "quickEntry": r.boolean(&c.QuickEntry),
			})
		},
	})
	return st
}

// CourtNames names n courts "Court 1" to "Court n".
func CourtNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Court %d", i+1)
	}
	return out
}

var shortNamePattern = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} _.+-]*$`)

// Validate checks the setup against the rules and returns every problem, each
// with its JSON path; none when the setup can be built.
func (s *Setup) Validate() Problems {
	var ps Problems
	s.validateEvent(&ps)
	s.validateCourts(&ps)
	s.validateDisciplines(&ps)
	return ps
}

// requiredName notes a name that is blank as required, and what TextProblem
// finds wrong with any other.
func (ps *Problems) requiredName(path, v string) {
	if strings.TrimSpace(v) == "" {
		ps.add(path, "is required")
	} else {
		ps.text(path, v, maxNameLength, false)
	}
}

// validateEvent checks what the setup says of the event: who holds it, its
// name and description, when and where in time it is, who enters results.
func (s *Setup) validateEvent(ps *Problems) {
	ps.requiredName("organizer", s.Organizer)
	ps.requiredName("name", s.Name)
	ps.text("description", s.Description, MaxDescriptionLength, true)
	if s.StartTime.IsZero() {
		ps.add("startTime", "is required")
	}
	if s.TimeZone != "" {
		if !ValidZone(s.TimeZone) {
			ps.add("timeZone", "%q is no time zone: use a name such as Europe/Paris", s.TimeZone)
		}
	}
	if !s.EndTime.IsZero() && s.EndTime.Before(s.StartTime.Time) {
		ps.add("endTime", "must not be before startTime")
	}
	if s.Reporting != "" && !slices.Contains(Reportings, s.Reporting) {
		ps.add("reporting", "must be one of %s, not %q", list(Reportings), s.Reporting)
	}
}

// validateCourts checks the courts: at least one, within the limit, each
// named and no two alike.
func (s *Setup) validateCourts(ps *Problems) {
	switch {
	case len(s.Courts) == 0:
		ps.add("courts", "at least one court is needed")
	case len(s.Courts) > MaxSetupCourts:
		ps.add("courts", "at most %d courts", MaxSetupCourts)
	}
	seen := map[string]bool{}
	for i, c := range s.Courts {
		p := fmt.Sprintf("courts[%d]", i)
		ps.requiredName(p, c)
		if k := strings.ToLower(strings.TrimSpace(c)); k != "" && seen[k] {
			ps.add(p, "%q is there twice", c)
		}
		seen[strings.ToLower(strings.TrimSpace(c))] = true
	}
}

// MostMatches is the most matches the setup can come to, counting every
// planned round played and every life lost (what its organizer's quota counts).
func (s *Setup) MostMatches() int {
	var ps Problems
	return s.validateDisciplines(&ps)
}

// validateDisciplines checks every discipline (its names, entries and
// stages), then what they come to together: entries, and matches drawn at
// the start and in all, within the limits of a tournament. It returns the
// most matches they come to.
func (s *Setup) validateDisciplines(ps *Problems) int {
	switch {
	case len(s.Disciplines) == 0:
		ps.add("disciplines", "at least one discipline is needed")
	case len(s.Disciplines) > MaxSetupDisciplines:
		ps.add("disciplines", "at most %d disciplines (limit %q), not %d", MaxSetupDisciplines, "disciplines per tournament", len(s.Disciplines))
	}
	shorts, total := map[string]bool{}, 0
	startDrawn, matches := 0, 0
	for i := range s.Disciplines {
		d := &s.Disciplines[i]
		p := fmt.Sprintf("disciplines[%d]", i)
		ps.requiredName(p+".name", d.Name)
		ps.requiredName(p+".shortName", d.ShortName)
		if d.ShortName != "" {
			if !shortNamePattern.MatchString(d.ShortName) || utf8.RuneCountInString(d.ShortName) > 10 {
				ps.add(p+".shortName", "must be up to 10 letters, digits or - _ . +, not %q", d.ShortName)
			} else if shorts[strings.ToLower(d.ShortName)] {
				ps.add(p+".shortName", "%q is the short name of another discipline", d.ShortName)
			}
			shorts[strings.ToLower(d.ShortName)] = true
		}
		if !slices.Contains(EntryTypes, d.EntryType) {
			ps.add(p+".entryType", "must be one of %s, not %q", list(EntryTypes), d.EntryType)
		}
		total += len(d.Entries)
		before := len(*ps)
		d.validateEntries(p, ps)
		first, all := d.validateStages(p, len(*ps) == before, ps)
		startDrawn += first
		matches += all
	}
	if total > MaxSetupEntries {
		ps.add("disciplines", "at most %d entries in all (limit %q), not %d", MaxSetupEntries, "entries per tournament", total)
	}
	if startDrawn > MaxDrawnMatches {
		ps.add("disciplines", "the start draws up to %d matches at once, at most %d (limit %q): fewer entries, or more groups in a round robin", startDrawn, MaxDrawnMatches, "matches drawn at once")
	}
	if matches > MaxMatches {
		ps.add("disciplines", "this setup comes to up to %d matches, at most %d (limit %q): fewer entries, rounds or lives", matches, MaxMatches, "matches per tournament")
	}
	return matches
}

func list[E ~string](all []E) string {
	s := make([]string, len(all))
	for i, e := range all {
		s[i] = string(e)
	}
	return strings.Join(s, ", ")
}

// players returns the players of an entry: the listed ones, or the names the
// entry's name joins with " / " in team types.
func (d *SetupDiscipline) players(e SetupEntry) []string {
	switch {
	case len(e.Players) > 0:
		return e.Players
	case d.EntryType == EntryBYP:
		return splitTeam(e.Name)
	case d.EntryType == EntryTeamName:
		return nil
	}
	return []string{e.Name}
}

func splitTeam(name string) []string {
	parts := strings.Split(name, "/")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// teamName is what a team is called: its own name, or its players' joined.
func teamName(e SetupEntry) string {
	if e.Name != "" {
		return strings.TrimSpace(e.Name)
	}
	return strings.Join(e.Players, " / ")
}

func (d *SetupDiscipline) validateEntries(p string, ps *Problems) {
	if len(d.Entries) < 2 {
		ps.add(p+".entries", "at least two entries are needed, not %d", len(d.Entries))
	}
	seen, playersSeen := map[string]bool{}, map[string]string{}
	for k, e := range d.Entries {
		ep := fmt.Sprintf("%s.entries[%d]", p, k)
		if len(e.Players) > 0 && (d.EntryType == EntrySingle || d.EntryType == EntryDYP || d.EntryType == EntryMonsterDYP) {
			ps.add(ep+".players", "a %s entry is one player: give the name alone", d.EntryType)
			continue
		}
		name := teamName(e)
		if strings.TrimSpace(name) == "" {
			ps.add(ep, "needs a name")
			continue
		}
		if m := TextProblem(name, maxNameLength, false); m != nil {
			*ps = append(*ps, Problem{Path: ep, Message: *m})
			continue
		}
		if seen[strings.ToLower(name)] {
			ps.add(ep, "%q is entered twice", name)
		}
		seen[strings.ToLower(name)] = true
		players := d.players(e)
		if d.EntryType == EntryBYP && len(players) < 2 {
			ps.add(ep, "a byp team is two or more players: \"Anna Berg / Ben Kurz\" or {\"name\": ..., \"players\": [...]}")
			continue
		}
		if len(players) > MaxTeamPlayers {
			ps.add(ep, "at most %d players in a team", MaxTeamPlayers)
			continue
		}
		for n, pl := range players {
			pp := ep
			if len(e.Players) > 0 {
				pp = fmt.Sprintf("%s.players[%d]", ep, n)
			}
			pl = strings.TrimSpace(pl)
			switch m := TextProblem(pl, maxNameLength, false); {
			case pl == "":
				ps.add(pp, "a player needs a name")
			case m != nil:
				*ps = append(*ps, Problem{Path: pp, Message: *m})
			case playersSeen[strings.ToLower(pl)] != "" && len(players) > 1:
				ps.add(pp, "%s plays in %s already", pl, playersSeen[strings.ToLower(pl)])
			}
			if len(players) > 1 {
				playersSeen[strings.ToLower(pl)] = name
			}
		}
	}
	if d.EntryType == EntryDYP && len(d.Entries)%2 == 1 {
		ps.add(p+".entries", "draw your partner pairs players into teams of two: %d players leave one without a partner", len(d.Entries))
	}
}

// entryCount is how many entries the first stage of the discipline plays with.
func (d *SetupDiscipline) entryCount() int {
	if d.EntryType == EntryDYP {
		return len(d.Entries) / 2
	}
	return len(d.Entries)
}

// validateStages checks the stages; the checks that depend on how many
// entries there are only when the entries themselves are right (countsOK),
// so one wrong entry list is one problem, not a cascade. It returns how many
// matches the first stage draws at the start and the stages come to in all,
// at most (see worstMatches), so far as the counts are known.
func (d *SetupDiscipline) validateStages(p string, countsOK bool, ps *Problems) (startDrawn, matches int) {
	switch {
	case len(d.Stages) == 0:
		ps.add(p+".stages", "at least one stage is needed")
	case len(d.Stages) > MaxSetupStages:
		ps.add(p+".stages", "at most %d stages", MaxSetupStages)
	}
	entries := d.entryCount()
	for i := range d.Stages {
		st := &d.Stages[i]
		sp := fmt.Sprintf("%s.stages[%d]", p, i)
		ps.requiredName(sp+".name", st.Name)
		rules, known := modeRules[st.Mode]
		if !known {
			ps.add(sp+".mode", "must be one of %s, not %q", list(Modes), st.Mode)
		}
		entries = d.validateQualify(i, sp, entries, countsOK, ps)
		if !known {
			continue // the rest is checked against the mode's rules
		}
		opts := rules.Setup
		groups, sized := d.validateGroups(st, sp, opts, entries, countsOK, ps)
		st.validateModeOptions(sp, opts, entries/groups, sized, ps)
		st.validateTable(sp, opts, ps)
		d.validateMatch(st, sp, ps)
		if sized {
			first, all := st.matchLimits(sp, entries, groups, ps)
			if i == 0 {
				startDrawn = first
			}
			matches += all
		}
	}
	return startDrawn, matches
}

// validateQualify checks how the i-th stage takes its entries: the first
// plays them all and is drawn at the start; a later one takes the best of
// the stage before, which had entries, and is drawn automatically or by
// the director. It returns how many entries the stage plays with: entries
// when the count it takes is unknown or wrong.
func (d *SetupDiscipline) validateQualify(i int, sp string, entries int, countsOK bool, ps *Problems) int {
	st := &d.Stages[i]
	if i == 0 && (st.Qualify != 0 || st.QualifyPerGroup != 0 || st.QualifyBest != 0) {
		ps.add(sp+".qualify", "the first stage plays every entry; qualify is for later stages")
	}
	if i > 0 {
		groups := max(d.Stages[i-1].Groups, 1)
		switch {
		case st.QualifyPerGroup == 0 && st.QualifyBest != 0:
			ps.add(sp+".qualifyBest", "the best of the next place come on top of qualifyPerGroup, which is missing")
		case st.QualifyPerGroup != 0 && st.Qualify != 0:
			ps.add(sp+".qualifyPerGroup", "give either qualify or qualifyPerGroup, not both")
		case st.QualifyPerGroup < 0:
			ps.add(sp+".qualifyPerGroup", "must be at least 1")
		case st.QualifyBest < 0 || st.QualifyPerGroup > 0 && st.QualifyBest >= groups:
			ps.add(sp+".qualifyBest", "the stage before has %d groups, so between 0 and %d of the next place can be the best", groups, groups-1)
		}
	}
	switch {
	case st.Draw != "" && st.Draw != DrawAutomatic && st.Draw != DrawByDirector:
		ps.add(sp+".draw", "must be %q or %q, not %q", DrawAutomatic, DrawByDirector, st.Draw)
	case i == 0 && st.Draw == DrawByDirector:
		ps.add(sp+".draw", "the first stage is drawn at the start; the director draws later stages")
	}
	if i > 0 && countsOK {
		switch q := st.Qualifiers(d.Stages[i-1].Groups); {
		case q < 2:
			ps.add(sp+".qualify", "a later stage takes at least two entries from the one before")
		case q > entries:
			ps.add(sp+".qualify", "the stage before has only %d entries, so %d cannot qualify", entries, q)
		default:
			return q
		}
	}
	return entries
}

// validateGroups checks that the stage's entries suit its mode: entries or
// players teamed anew each round (monster_dyp), and enough of them for
// every group. It returns the number of groups, and whether the entries
// are known to fill them (sized), so the stage's matches can be counted.
func (d *SetupDiscipline) validateGroups(st *SetupStage, sp string, opts SetupOptions, entries int, countsOK bool, ps *Problems) (groups int, sized bool) {
	if opts.players != (d.EntryType == EntryMonsterDYP) {
		if opts.players {
			ps.add(sp+".mode", "%s teams players anew each round: the discipline's entryType must be monster_dyp", st.Mode)
		} else if d.EntryType == EntryMonsterDYP {
			ps.add(sp+".mode", "monster_dyp entries are teamed anew each round: use monster_dyp or whist")
		}
	}
	groups, sized = max(st.Groups, 1), countsOK
	switch {
	case st.Groups < 0:
		ps.add(sp+".groups", "must be at least 1")
		sized = false
	case !countsOK:
	case entries >= opts.minEntries && entries/groups < opts.minEntries:
		ps.add(sp+".groups", "%d entries in %d groups leave a group with fewer than %d", entries, groups, opts.minEntries)
		sized = false
	case entries < opts.minEntries:
		ps.add(sp+".mode", "%s needs at least %d entries, this stage has %d", st.Mode, opts.minEntries, entries)
		sized = false
	}
	return groups, sized
}

// validateModeOptions checks the options only some modes take: rounds
// planned (no more than a group of perGroup entries can play without a
// rematch, when sized says that count is right), a match for third place,
// lives, every pairing twice.
func (st *SetupStage) validateModeOptions(sp string, opts SetupOptions, perGroup int, sized bool, ps *Problems) {
	if opts.rounds {
		switch most := perGroup - 1 + perGroup%2; {
		case st.Rounds < 1:
			ps.add(sp+".rounds", "how many rounds are planned is required for %s", st.Mode)
		case opts.onceEach && sized && st.Rounds > most:
			ps.add(sp+".rounds", "%d entries a group play at most %d rounds without meeting twice", perGroup, most)
		case st.Rounds > MaxRounds:
			ps.add(sp+".rounds", "at most %d rounds (limit %q)", MaxRounds, "rounds per group")
		}
	} else if st.Rounds != 0 {
		ps.add(sp+".rounds", "%s sets its own rounds; rounds is for %s", st.Mode, ModesTaking(OptionRounds))
	}
	if st.ThirdPlace && !opts.thirdPlace {
		ps.add(sp+".thirdPlace", "a match for third place is played in %s only", ModesTaking(OptionThirdPlace))
	}
	if opts.lives {
		if st.Lives < 1 || st.Lives > 9 {
			ps.add(sp+".lives", "%s needs lives from 1 to 9", st.Mode)
		}
	} else if st.Lives != 0 && st.Mode == LordHaveMercy {
		ps.add(sp+".lives", "lord_have_mercy takes no lives: it is a knock-out in which a team may play a player short, out at its first loss; lives are for %s", ModesTaking(OptionLives))
	} else if st.Lives != 0 {
		ps.add(sp+".lives", "lives are for %s only", ModesTaking(OptionLives))
	}
	if st.DoubleRoundRobin && !opts.double {
		ps.add(sp+".doubleRoundRobin", "only %s play every pairing twice", ModesTaking(OptionDouble))
	}
}

// validateTable checks how a table ranks the stage's entries: points for a
// win, a draw and a bye, then tie-breaks, each once; both only in the
// modes with a table.
func (st *SetupStage) validateTable(sp string, opts SetupOptions, ps *Problems) {
	if st.Points != nil {
		switch {
		case !opts.table:
			ps.add(sp+".points", "%s has no table to count points in", st.Mode)
		case st.Points.Win < 1 || st.Points.Draw < 0 || st.Points.Bye < 0 || st.Points.Win > 99 || st.Points.Bye > 99:
			ps.add(sp+".points", "win must be from 1 to 99, draw and bye from 0 to 99")
		case st.Points.Draw >= st.Points.Win:
			ps.add(sp+".points.draw", "a draw must be worth less than a win")
		}
	}
	if len(st.TieBreaks) > 0 && !opts.table {
		ps.add(sp+".tieBreaks", "%s ranks by how far entries got, not by tie-breaks", st.Mode)
	}
	seen := map[string]bool{}
	for k, tb := range st.TieBreaks {
		tp := fmt.Sprintf("%s.tieBreaks[%d]", sp, k)
		switch {
		case !slices.Contains(TieBreakNames, tb):
			ps.add(tp, "must be one of %s, not %q", strings.Join(TieBreakNames, ", "), tb)
		case seen[tb]:
			ps.add(tp, "%s is there twice", tb)
		}
		seen[tb] = true
	}
}

// validateMatch checks how a match of the stage is played: the encounters
// of a league match (teams only), and the match configuration's sets and
// points to win.
func (d *SetupDiscipline) validateMatch(st *SetupStage, sp string, ps *Problems) {
	if len(st.Encounters) > 0 {
		if d.EntryType != EntryTeamName && d.EntryType != EntryBYP {
			ps.add(sp+".encounters", "league encounters are played by teams (team_name or byp)")
		}
		if len(st.Encounters) > MaxEncounters {
			ps.add(sp+".encounters", "at most %d encounters (limit %q)", MaxEncounters, "encounters per league match")
		}
		for k, e := range st.Encounters {
			if strings.TrimSpace(e) == "" {
				ps.add(fmt.Sprintf("%s.encounters[%d]", sp, k), "an encounter needs a name")
			} else {
				ps.text(fmt.Sprintf("%s.encounters[%d]", sp, k), e, maxNameLength, false)
			}
		}
	}
	c := st.MatchConfiguration
	cp := sp + ".matchConfiguration"
	if st.Format != "" && !slices.Contains(allFormatIDs(), st.Format) {
		ps.add(sp+".format", "must be one of %s, not %q", strings.Join(allFormatIDs(), ", "), st.Format)
	}
	if c == (MatchConfiguration{}) {
		return // the format's, or the sport's default (Setup.ForSport)
	}
	if c.NumSets < 1 || c.NumSets > MaxWonSets {
		ps.add(cp+".numSets", "must be from 1 to %d sets to win", MaxWonSets)
	}
	switch {
	case c.QuickEntry && c.NumPoints != 1 && c.NumPoints != 0:
		ps.add(cp+".numPoints", "with quickEntry a set is won 1:0, so numPoints is 1")
	case !c.QuickEntry && (c.NumPoints < 1 || c.NumPoints > MaxPoints):
		ps.add(cp+".numPoints", "must be from 1 to %d", MaxPoints)
	}
	if c.Draw && !st.Mode.Rules().Draws {
		ps.add(cp+".draw", "%s needs a winner in every match", st.Mode)
	}
	if c.TwoAhead && c.QuickEntry {
		ps.add(cp+".twoAhead", "quickEntry sets are 1:0, so nobody wins by two")
	}
	ps.text(cp+".name", c.Name, maxNameLength, false)
}

// matchLimits checks that a stage of entries in groups keeps to the match
// limits, and returns what its start draws and what it comes to in all.
func (st *SetupStage) matchLimits(sp string, entries, groups int, ps *Problems) (drawn, total int) {
	n := (entries + groups - 1) / groups // the largest group
	if st.Mode.Rules().Making == Scheduled && n > MaxRoundRobinEntries {
		ps.add(sp+".groups", "a %s group holds at most %d entries (limit %q), and %d entries in %d groups make one of %d: split them into more groups",
			st.Mode, MaxRoundRobinEntries, "entries per round robin group", entries, groups, n)
	}
	one, all := worstMatches(st, n)
	drawn, total = groups*one, groups*all
	if drawn > MaxDrawnMatches {
		ps.add(sp+".groups", "this stage draws up to %d matches at once, at most %d (limit %q): fewer entries or more groups", drawn, MaxDrawnMatches, "matches drawn at once")
	}
	return drawn, total
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// NewOrganizer checks an organizer's name, slug (its result page's address:
// lower-case letters, digits and single hyphens, 3 to 40 characters) and
// sport, and gives it a fresh id.
func NewOrganizer(name, slug, sport string) (Organizer, Problems) {
	var ps Problems
	name = strings.TrimSpace(name)
	if name == "" {
		ps.add("name", "is required")
	} else {
		ps.text("name", name, maxNameLength, false)
	}
	switch {
	case slug == "":
		ps.add("slug", "is required")
	case len(slug) < 3 || len(slug) > 40:
		ps.add("slug", "must be 3 to 40 characters, not %d", len(slug))
	case !slugPattern.MatchString(slug):
		ps.add("slug", "%q: use lower-case letters, digits and single hyphens between them, such as kickerclub-hamburg", slug)
	}
	sp, err := Parse(sport, Sports)
	if err != nil {
		ps.add("sport", "must be one of %s, not %q", list(Sports), sport)
	}
	if len(ps) > 0 {
		return Organizer{}, ps
	}
	return Organizer{ID: NewID(), Slug: slug, Name: name, Sport: sp}, nil
}

// Build makes the tournament a valid setup describes, with its entries
// (players and fixed teams): state ready, or check-in when entries check in
// first. id names each part from a path ("tournament", "d/0", "player/Anna
// Berg", ...) and returns the same id for the same path. The first stage of
// every discipline has its groups filled by snake seeding; later stages wait
// for the ones before them.
func Build(s *Setup, org Organizer, id func(path string) string) (*Tournament, []*Entry) {
	t := &Tournament{
		ID: id("tournament"), Name: strings.TrimSpace(s.Name), Description: s.Description,
		StartTime: s.StartTime, EndTime: s.EndTime, State: StateReady, OrganizerID: org.ID,
		Public: s.Public, AutoCall: s.AutoCall, CheckIn: s.CheckIn, TimeZone: s.TimeZone, Rev: 1, PlayersLive: s.PlayersLive,
		Courts: make([]Court, len(s.Courts)), Disciplines: make([]Discipline, len(s.Disciplines)),
	}
	if t.EndTime.IsZero() {
		t.EndTime = t.StartTime
	}
	if s.Reporting != ReportingDesk {
		t.Reporting = s.Reporting
	}
	if s.CheckIn {
		t.State = StateCheckIn
	}
	for i, name := range s.Courts {
		t.Courts[i] = Court{ID: id(fmt.Sprintf("court/%d", i+1)), Number: i + 1, Name: strings.TrimSpace(name)}
	}
	entries := map[string]*Entry{}
	var order []*Entry
	keep := func(e *Entry) *Entry {
		if old, ok := entries[e.ID]; ok {
			return old
		}
		entries[e.ID] = e
		order = append(order, e)
		return e
	}
	player := func(name string) *Entry {
		name = strings.TrimSpace(name)
		pid := id("player/" + strings.ToLower(name))
		return keep(&Entry{ID: pid, Name: name, Entries: []*Entry{{ID: pid, Name: name}}})
	}
	for di := range s.Disciplines {
		sd := &s.Disciplines[di]
		d := Discipline{ID: id(fmt.Sprintf("d/%d", di)), Name: strings.TrimSpace(sd.Name), ShortName: sd.ShortName,
			EntryType: sd.EntryType, EntryIDs: []string{}, Stages: make([]Stage, len(sd.Stages))}
		for _, se := range sd.Entries {
			d.EntryIDs = append(d.EntryIDs, sd.entry(se, id, player, keep).ID)
		}
		for si, ss := range sd.Stages {
			d.Stages[si] = buildStage(ss, fmt.Sprintf("d/%d/s/%d", di, si), id, si == 0 && t.State == StateReady)
			if si > 0 {
				d.Stages[si].Qualify = ss.Qualifiers(sd.Stages[si-1].Groups)
			}
		}
		t.Disciplines[di] = d
		if sd.EntryType != EntryDYP { // dyp players are drawn into teams at the start
			SeedFirstStage(&t.Disciplines[di])
		}
	}
	return t, order
}

// entry makes the entry se stands for in the discipline.
func (d *SetupDiscipline) entry(se SetupEntry, id func(string) string, player func(string) *Entry, keep func(*Entry) *Entry) *Entry {
	if d.EntryType == EntryTeamName {
		name := teamName(se)
		t := &Entry{ID: id("team/" + strings.ToLower(name)), Name: name, Entries: []*Entry{}}
		for _, p := range se.Players {
			pe := player(p)
			t.Entries = append(t.Entries, &Entry{ID: pe.ID, Name: pe.Name})
		}
		return keep(t)
	}
	names := d.players(se)
	if len(names) == 1 {
		return player(names[0])
	}
	ps := make([]*Entry, len(names))
	for i, n := range names {
		ps[i] = player(n)
	}
	t := team(ps...)
	if len(se.Players) > 0 && se.Name != "" {
		t.Name = strings.TrimSpace(se.Name)
	}
	return keep(t)
}

func buildStage(ss SetupStage, path string, id func(string) string, ready bool) Stage {
	state := PhasePlanned
	if ready {
		state = PhaseReady
	}
	st := Stage{ID: id(path), Name: strings.TrimSpace(ss.Name), State: state, Qualify: ss.Qualify}
	if ss.Draw == DrawByDirector {
		st.DrawBy = DrawByDirector
	}
	n := max(ss.Groups, 1)
	cfg := ss.MatchConfiguration
	if cfg.QuickEntry {
		cfg.NumPoints = 1
	}
	if cfg.Name == "" {
		cfg.Name = ConfigName(cfg)
	}
	for g := range n {
		name := st.Name
		if n > 1 {
			name = "Group " + string(rune('A'+g%26))
			if g >= 26 {
				name += strconv.Itoa(g/26 + 1)
			}
		}
		grp := Group{ID: id(fmt.Sprintf("%s/g/%d", path, g)), Name: name, Mode: ss.Mode, State: state,
			Options:  GroupOptions{EliminationThirdPlace: ss.ThirdPlace, MatchConfigurations: []MatchConfiguration{cfg}, NumRoundsPlanned: ss.Rounds},
			EntryIDs: []string{}, Rounds: []Round{}, Lives: ss.Lives, DoubleRoundRobin: ss.DoubleRoundRobin,
			Scoring: ss.Points, TieBreaks: slices.Clone(ss.TieBreaks), Encounters: slices.Clone(ss.Encounters)}
		st.Groups = append(st.Groups, grp)
	}
	return st
}

// ConfigName describes a match configuration in a few words, for one the organizer did not name.
func ConfigName(c MatchConfiguration) string {
	var s string
	switch {
	case c.QuickEntry && c.NumSets == 1:
		s = "Quick entry"
	case c.QuickEntry:
		s = fmt.Sprintf("Quick entry, %d won sets", c.NumSets)
	case c.NumSets == 1:
		s = fmt.Sprintf("One set to %d", c.NumPoints)
	default:
		s = fmt.Sprintf("%d won sets to %d", c.NumSets, c.NumPoints)
	}
	if c.TwoAhead {
		s += ", two ahead"
	}
	if c.Draw {
		s += ", draw allowed"
	}
	return s
}

// SeedFirstStage splits the discipline's entries over the groups of its first
// stage as its mode fills groups (Rules.Pools): entry order is the seeding;
// by snake, group A gets the first, group B the second, ..., and the last
// group the next one too; by lot, the first seeds head the groups and the
// others are drawn from their pots.
func SeedFirstStage(d *Discipline) {
	if len(d.Stages) == 0 {
		return
	}
	st := &d.Stages[0]
	gs := st.Groups
	for i := range gs {
		gs[i].EntryIDs = []string{}
	}
	if len(gs) == 0 {
		return
	}
	for i, e := range DealPools(d.EntryIDs, len(gs), gs[0].Mode.Rules().Pools, lots(st.ID)) {
		gs[i].EntryIDs = e
	}
}
