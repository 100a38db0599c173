package views

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"courtside/templates"
	"courtside/tournament"
)

// EncounterInputs lays out a result's inputs for the match configuration: a
// row per set up to what it can need, per encounter in league modes; filled with r.
func EncounterInputs(ctx context.Context, g *tournament.Group, cfg tournament.MatchConfiguration, r tournament.Encounters) []templates.EncounterInput {
	var out []templates.EncounterInput
	for e := range max(len(g.Encounters), 1) {
		ei := templates.EncounterInput{}
		if len(g.Encounters) > 1 {
			ei.Name = fmt.Sprintf("%d. %s", e+1, g.Encounters[e])
		}
		set := templates.T(ctx, "Set") // a leg of darts in legs, a set of darts in sets (WithWords)
		sets := max(2*cfg.NumSets-1, 1)
		for k := range sets {
			label := set + " " + strconv.Itoa(k+1)
			if sets == 1 {
				label = set // one game to 13: no "Game 1" of one
			}
			si := templates.SetInput{Label: label,
				Names: [2]string{FieldName(e, k, 0), FieldName(e, k, 1)}, QuickName: QuickFieldName(e, k)}
			if e < len(r) && k < len(r[e]) {
				s := r[e][k]
				si.Values = [2]string{strconv.Itoa(s[0]), strconv.Itoa(s[1])}
				if s == (tournament.Set{1, 0}) || s == (tournament.Set{0, 1}) {
					si.Quick = fmt.Sprintf("%d:%d", s[0], s[1])
				}
			}
			ei.Sets = append(ei.Sets, si)
		}
		out = append(out, ei)
	}
	return out
}

// FieldName is the result form's input of a side's score in set k of encounter e.
func FieldName(e, k, side int) string { return fmt.Sprintf("s.%d.%d.%d", e, k, side) }

// QuickFieldName is the result form's quick-entry input of set k of encounter e.
func QuickFieldName(e, k int) string { return fmt.Sprintf("q.%d.%d", e, k) }

// RulesText says in a line how the match is won: by the name of the sport's
// format it is played by ("Best of 5 legs"), or by its numbers.
func RulesText(ctx context.Context, cfg tournament.MatchConfiguration, encounters int) string {
	var parts []string
	f, named := templates.SportOf(ctx).FormatOf(cfg)
	switch {
	case named:
		parts = append(parts, templates.T(ctx, f.Name))
	case cfg.QuickEntry && cfg.NumSets <= 1:
		parts = append(parts, templates.T(ctx, "quick entry"))
	case cfg.QuickEntry:
		parts = append(parts, templates.Tf(ctx, "quick entry, %d won sets", cfg.NumSets))
	case cfg.NumSets <= 1:
		parts = append(parts, templates.Tf(ctx, "one set to %d", cfg.NumPoints))
	default:
		parts = append(parts, templates.Tf(ctx, "%d won sets to %d", cfg.NumSets, cfg.NumPoints))
	}
	if cfg.TwoAhead {
		parts = append(parts, templates.T(ctx, "two ahead"))
	}
	if cfg.Draw {
		parts = append(parts, templates.T(ctx, "draw allowed"))
	}
	if encounters > 1 {
		parts = append(parts, templates.Tf(ctx, "%d encounters", encounters))
	}
	return strings.Join(parts, ", ")
}

// ParseResult reads the form's sets into a result: each encounter's sets in
// order, up to the first empty one; a set needs both scores.
func ParseResult(r *http.Request, encounters, maxSets int, quick bool) (tournament.Encounters, *tournament.ResultError) {
	var out tournament.Encounters
	for e := range encounters {
		var sets []tournament.Set
		ended := false
		for k := range maxSets {
			var s tournament.Set
			filled := false
			if quick {
				switch r.PostFormValue(QuickFieldName(e, k)) {
				case "1:0":
					s, filled = tournament.Set{1, 0}, true
				case "0:1":
					s, filled = tournament.Set{0, 1}, true
				}
			} else {
				a, b := strings.TrimSpace(r.PostFormValue(FieldName(e, k, 0))), strings.TrimSpace(r.PostFormValue(FieldName(e, k, 1)))
				if a != "" || b != "" {
					if a == "" || b == "" {
						return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "enter both scores"}}
					}
					x, errA := strconv.Atoi(a)
					y, errB := strconv.Atoi(b)
					if errA != nil || errB != nil || x < 0 || y < 0 {
						return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "scores are whole numbers from 0"}}
					}
					s, filled = tournament.Set{x, y}, true
				}
			}
			switch {
			case filled && ended:
				return nil, &tournament.ResultError{Encounter: e + 1, Set: k + 1, Message: tournament.Message{Format: "fill the sets in order"}}
			case filled:
				sets = append(sets, s)
			default:
				ended = true
			}
		}
		if len(sets) == 0 {
			for later := e + 1; later < encounters; later++ {
				if r.PostFormValue(FieldName(later, 0, 0)) != "" || r.PostFormValue(QuickFieldName(later, 0)) != "" {
					return nil, &tournament.ResultError{Encounter: e + 1, Message: tournament.Message{Format: "fill the encounters in order"}}
				}
			}
			break
		}
		out = append(out, sets)
	}
	if len(out) == 0 {
		return nil, &tournament.ResultError{Encounter: 1, Set: 1, Message: tournament.Message{Format: "enter a score"}}
	}
	return out, nil
}

// KeepInput puts what was typed back into the form, even what did not read.
func KeepInput(r *http.Request, page *templates.ResultPage) {
	_ = r.ParseForm()
	KeepTyped(r.PostForm, page)
}

// KeepTyped fills the form's sets with typed values, by field name.
func KeepTyped(typed url.Values, page *templates.ResultPage) {
	for e := range page.Encounters {
		for k := range page.Encounters[e].Sets {
			s := &page.Encounters[e].Sets[k]
			s.Values = [2]string{typed.Get(s.Names[0]), typed.Get(s.Names[1])}
			s.Quick = typed.Get(s.QuickName)
		}
	}
}

// typedField is the name of a result form's score field: "s.0.1.0" (the
// score of side 0 in set 2 of encounter 1) or "q.0.1" (its quick entry).
var typedField = regexp.MustCompile(`^(s\.\d{1,2}\.\d{1,2}\.[01]|q\.\d{1,2}\.\d{1,2})$`)

// TypedScores are the score fields of a result form as sent: what the
// sign-in carries back to the match's page when the session had ended.
func TypedScores(form url.Values) url.Values {
	out := url.Values{}
	for k, v := range form {
		if typedField.MatchString(k) && len(v) > 0 && len(v[0]) <= 4 {
			out.Set(k, v[0])
		}
	}
	return out
}

// PlaceError shows a mistake next to the set, or the encounter, at fault.
func PlaceError(ctx context.Context, page *templates.ResultPage, e *tournament.ResultError) {
	reason := templates.Reason(ctx, e.Format, e.Args...)
	switch {
	case e.Encounter > 0 && e.Encounter <= len(page.Encounters) && e.Set > 0 && e.Set <= len(page.Encounters[e.Encounter-1].Sets):
		page.Encounters[e.Encounter-1].Sets[e.Set-1].Error = reason
	case e.Encounter > 0 && e.Encounter <= len(page.Encounters):
		page.Encounters[e.Encounter-1].Error = reason
	default:
		page.Error = reason
	}
}

// Outcome names who wins r and the score, the winner's count first; no
// winner for a draw.
func Outcome(m templates.MatchView, r tournament.Encounters, cfg tournament.MatchConfiguration) (winner string, a, b int) {
	s := tournament.DisplayScore(r, cfg)
	switch {
	case s[0] > s[1]:
		return templates.SideName(m.Sides[0]), s[0], s[1]
	case s[1] > s[0]:
		return templates.SideName(m.Sides[1]), s[1], s[0]
	}
	return "", s[0], s[1]
}
