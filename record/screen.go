package record

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"courtside/textcheck"
	"courtside/tournament"
)

// Screen is what one TV in the hall shows, as its organizer set it in the
// console. The TV at /t/<id>/screens/<name> follows it within one poll.
type Screen struct {
	Name string `json:"name"`
	// Show is courts, standings, bracket, rotation, message or series.
	Show string `json:"show"`
	// Courts limits a courts screen to a range, "1-8"; empty for all.
	Courts string `json:"courts,omitempty"`
	// Group is the group of a standings or bracket screen.
	Group string `json:"group,omitempty"`
	// Rotate lists a rotation's views in turn: "courts", "standings:<group>", "bracket:<group>".
	Rotate []string `json:"rotate,omitempty"`
	// Every is the seconds a rotation shows each view.
	Every int `json:"every,omitempty"`
	// Message is the text of a message screen ("Final on Table 1 in 5 minutes").
	Message string `json:"message,omitempty"`
	// Series is the organizer's series whose table a series screen shows.
	Series string `json:"series,omitempty"`
}

// ScreenShows are what a screen can show, in the order the console offers them.
var ScreenShows = []string{"courts", "standings", "bracket", "rotation", "message", "series"}

// screenName is what a screen may be called: it is part of the TV's address.
var screenName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// ValidScreenName reports whether name can name a screen: 1 to 32 lowercase
// letters, digits and dashes, not starting with a dash.
func ValidScreenName(name string) bool { return screenName.MatchString(name) }

// The seconds a rotation shows each view, and a courts screen each page.
const (
	MinScreenEvery = 5
	MaxScreenEvery = 300
)

// ValidView reports whether a TV can show item: "courts", "standings:<group>"
// or "bracket:<group of a knock-out mode>" of the tournament.
func ValidView(snap *tournament.Snapshot, item string) bool {
	kind, groupID, _ := strings.Cut(item, ":")
	g, ok := snap.Group(groupID)
	switch {
	case item == "courts":
		return true
	case kind == "standings":
		return ok
	case kind == "bracket":
		return ok && g.Mode.IsBracket()
	}
	return false
}

// CourtRange reads "3" or "1-8" and narrows it to the court numbers there
// are; a range of every court is no range (0, 0). A range it cannot read, or
// one without a court, comes back as the problem to show.
func CourtRange(s string, courts []tournament.Court) (from, to int, problem *tournament.Message) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	from, errA := strconv.Atoi(a)
	to, errB := strconv.Atoi(b)
	if errA != nil || errB != nil || from < 0 || to < from || a[0] == '+' || b[0] == '+' {
		return 0, 0, &tournament.Message{Format: "courts: a court number or a range of them, like 1-8"}
	}
	lo, hi, all := math.MaxInt, math.MinInt, true
	for _, c := range courts {
		if c.Number >= from && c.Number <= to {
			lo, hi = min(lo, c.Number), max(hi, c.Number)
		} else {
			all = false
		}
	}
	switch {
	case lo > hi:
		return 0, 0, &tournament.Message{Format: "courts: this tournament has no court numbered %d to %d", Args: []any{from, to}}
	case all:
		return 0, 0, nil
	}
	return lo, hi, nil
}

// ScreenProblems are what is wrong with a screen's setting, by its form field
// (name, show, courts, group, rotate, every, message), in English to be
// translated.
type ScreenProblems map[string]tournament.Message

// Check tidies a screen's setting for the tournament and says what is wrong
// with it: it clears what its kind of screen does not use, keeps each view of
// a rotation once, and checks each field against the tournament. hasSeries
// says whether the tournament's organizer has a series of that id (nil: it
// has none, or the rankings are off).
func (sc Screen) Check(snap *tournament.Snapshot, hasSeries func(id string) bool) (Screen, ScreenProblems) {
	ps := ScreenProblems{}
	if !ValidScreenName(sc.Name) {
		ps["name"] = tournament.Message{Format: "A screen's name is 1 to 32 lowercase letters, digits and dashes, like hall-1."}
	}
	if !slices.Contains(ScreenShows, sc.Show) {
		ps["show"] = tournament.Message{Format: "Choose what the screen shows."}
	}
	switch sc.Show {
	case "courts":
		if _, _, m := CourtRange(sc.Courts, snap.Tournament.Courts); sc.Courts != "" && m != nil {
			ps["courts"] = tournament.Message{Format: "Courts are a number or a range, like 1-8."}
		}
		sc.Group, sc.Rotate, sc.Message = "", nil, ""
	case "standings", "bracket":
		g, ok := snap.Group(sc.Group)
		if !ok || sc.Show == "bracket" && !g.Mode.IsBracket() {
			ps["group"] = tournament.Message{Format: "Choose a group; a bracket needs a knock-out group."}
		}
		sc.Courts, sc.Rotate, sc.Message = "", nil, ""
	case "rotation":
		var views []string // each view once, in the order given
		for _, v := range sc.Rotate {
			if !ValidView(snap, v) {
				ps["rotate"] = tournament.Message{Format: "A view of the rotation no longer exists."}
			}
			if !slices.Contains(views, v) {
				views = append(views, v)
			}
		}
		sc.Rotate = views
		if len(sc.Rotate) < 2 {
			ps["rotate"] = tournament.Message{Format: "A rotation needs at least two views."}
		}
		if sc.Every == 0 {
			ps["every"] = tournament.Message{Format: "Seconds per view are between 5 and 300."}
		}
		sc.Group, sc.Message = "", ""
	case "message":
		if n := utf8.RuneCountInString(sc.Message); n == 0 || n > tournament.MaxScreenMessageLength {
			ps["message"] = tournament.Message{Format: "A message has 1 to 200 characters."}
		} else if m := textcheck.Problem(sc.Message, tournament.MaxScreenMessageLength, false); m != nil {
			ps["message"] = *m
		}
		sc.Courts, sc.Group, sc.Rotate = "", "", nil
	case "series":
		if hasSeries == nil || !hasSeries(sc.Series) { // only a series of the tournament's organizer
			ps["series"] = tournament.Message{Format: "Choose one of your series."}
		}
		sc.Courts, sc.Group, sc.Rotate, sc.Message = "", "", nil, ""
	}
	if sc.Show != "series" {
		sc.Series = ""
	}
	if sc.Every != 0 && (sc.Every < MinScreenEvery || sc.Every > MaxScreenEvery) { // a courts screen turns its pages with it too
		ps["every"] = tournament.Message{Format: "Seconds per view are between 5 and 300."}
	}
	return sc, ps
}
