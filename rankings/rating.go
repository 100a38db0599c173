package rankings

import (
	"courtside/tournament"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// RatingSettings are an organizer's choices for its players' Elo ratings.
// K follows FIDE: KNew for a player's first NewGames matches, then K, and
// KTop once the player's rating has reached TopRating (it stays KTop after).
type RatingSettings struct {
	Start     int `json:"start"`
	KNew      int `json:"kNew"`
	NewGames  int `json:"newGames"`
	K         int `json:"k"`
	KTop      int `json:"kTop"`
	TopRating int `json:"topRating"`
}

// DefaultRatingSettings are FIDE's K factors (40 for the first 30 games, 20,
// 10 from 2400 on) with every player starting at 1500.
var DefaultRatingSettings = RatingSettings{Start: 1500, KNew: 40, NewGames: 30, K: 20, KTop: 10, TopRating: 2400}

// Rating settings an organizer may choose lie within these bounds.
const (
	MinRatingStart = 100
	MaxRatingStart = 4000
	MaxRatingK     = 100
	MaxNewGames    = 1000
)

// Check refuses settings outside the bounds.
func (s RatingSettings) Check() error {
	switch {
	case s.Start < MinRatingStart || s.Start > MaxRatingStart:
		return tournament.Refuse("the start rating is between %d and %d", MinRatingStart, MaxRatingStart)
	case s.KNew < 1 || s.KNew > MaxRatingK || s.K < 1 || s.K > MaxRatingK || s.KTop < 1 || s.KTop > MaxRatingK:
		return tournament.Refuse("a K factor is between 1 and %d", MaxRatingK)
	case s.NewGames < 0 || s.NewGames > MaxNewGames:
		return tournament.Refuse("the games a new player has are between 0 and %d", MaxNewGames)
	case s.TopRating < s.Start || s.TopRating > MaxRatingStart:
		return tournament.Refuse("the top rating is between the start rating and %d", MaxRatingStart)
	}
	return nil
}

// RatedMatch is one match as the ratings see it: who played on each side
// (registered player ids; two or more on a side is a team) and side 0's score
// (1 won, 0.5 draw, 0 lost).
type RatedMatch struct {
	Key          string // "<tournament id>/<match id>"
	TournamentID string
	At           time.Time
	Sides        [2][]string
	Score        float64
}

// RatingPoint is a player's rating after one match.
type RatingPoint struct {
	Match        string          `json:"match"`
	TournamentID string          `json:"tournamentId"`
	At           tournament.Time `json:"at"`
	Rating       float64         `json:"rating"`
	Delta        float64         `json:"delta"`
}

// PlayerRating is where a player stands: rating, matches rated and the
// rating after each of them.
type PlayerRating struct {
	Rating  float64       `json:"rating"`
	Games   int           `json:"games"`
	Top     bool          `json:"-"` // has reached TopRating: K stays KTop
	History []RatingPoint `json:"history"`
}

// Ratings are every player's Elo over a sequence of matches, applied in order.
type Ratings struct {
	Settings RatingSettings
	Players  map[string]*PlayerRating
	// Applied counts the matches applied, so a longer sequence with the same
	// start can be continued instead of recomputed.
	Applied int
}

// NewRatings starts ratings with no match played.
func NewRatings(s RatingSettings) *Ratings {
	return &Ratings{Settings: s, Players: map[string]*PlayerRating{}}
}

// ComputeRatings applies every match in order.
func ComputeRatings(s RatingSettings, ms []RatedMatch) *Ratings {
	r := NewRatings(s)
	for i := range ms {
		r.Apply(ms[i])
	}
	return r
}

// Extend is the ratings after the further matches, leaving r as it was: the
// players the matches touch are copied, the others shared. Applying one new
// result costs a copy of the player map, not a recompute.
func (r *Ratings) Extend(ms []RatedMatch) *Ratings {
	n := &Ratings{Settings: r.Settings, Players: maps.Clone(r.Players), Applied: r.Applied}
	copied := map[string]bool{}
	for i := range ms {
		for _, side := range ms[i].Sides {
			for _, id := range side {
				if p := n.Players[id]; p != nil && !copied[id] {
					c := *p
					c.History = slices.Clip(c.History) // an append makes a new array: r's readers keep theirs
					n.Players[id] = &c
				}
				copied[id] = true
			}
		}
		n.Apply(ms[i])
	}
	return n
}

// player is the rating record of id, new at the start value.
func (r *Ratings) player(id string) *PlayerRating {
	p := r.Players[id]
	if p == nil {
		p = &PlayerRating{Rating: float64(r.Settings.Start)}
		r.Players[id] = p
	}
	return p
}

// k is the K factor of the player for its next match.
func (r *Ratings) k(p *PlayerRating) float64 {
	switch {
	case p.Games < r.Settings.NewGames:
		return float64(r.Settings.KNew)
	case p.Top:
		return float64(r.Settings.KTop)
	}
	return float64(r.Settings.K)
}

// Expected is the score Elo expects of a side rated a against one rated b.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// Apply rates one match: each side is rated at its players' average, and each
// player moves by their own K times (score − expected). A match with an empty
// side changes nothing.
func (r *Ratings) Apply(m RatedMatch) {
	r.Applied++
	if len(m.Sides[0]) == 0 || len(m.Sides[1]) == 0 {
		return
	}
	var avg [2]float64
	for s, side := range m.Sides {
		for _, id := range side {
			avg[s] += r.player(id).Rating
		}
		avg[s] /= float64(len(side))
	}
	e := Expected(avg[0], avg[1])
	score := [2]float64{m.Score, 1 - m.Score}
	expected := [2]float64{e, 1 - e}
	for s, side := range m.Sides {
		for _, id := range side {
			p := r.player(id)
			d := r.k(p) * (score[s] - expected[s])
			p.Rating += d
			p.Games++
			if p.Rating >= float64(r.Settings.TopRating) {
				p.Top = true
			}
			p.History = append(p.History, RatingPoint{Match: m.Key, TournamentID: m.TournamentID, At: tournament.At(m.At), Rating: p.Rating, Delta: d})
		}
	}
}

// RatingBefore is the player's rating before the first match of the tournament,
// walking its history; the start value for a player who had not played.
func (p *PlayerRating) RatingBefore(tournamentID string, start float64) float64 {
	before := start
	for _, h := range p.History {
		if h.TournamentID == tournamentID {
			return before
		}
		before = h.Rating
	}
	return before
}

// String shows a rating as a whole number, as tables do.
func RatingString(f float64) string { return fmt.Sprintf("%.0f", math.Round(f)) }
