package app

import (
	"context"

	"courtside/tournament"
)

// ResultRelay sends results for tournaments that run elsewhere to where
// they run (upstream.Follower). ok is false for Courtside's own tournaments;
// otherwise status and body are the upstream's answer, to pass on unchanged.
type ResultRelay interface {
	RelayResult(ctx context.Context, tournamentID, matchID string, r tournament.Encounters, final bool) (status int, body []byte, ok bool, err error)
}
