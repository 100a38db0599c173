package record

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"courtside/tournament"
)

// Follow is a tournament that runs elsewhere and that Courtside keeps a copy
// of: where it comes from, with which key, and within what request budget.
type Follow struct {
	// ID is the tournament's id, the same here as upstream.
	ID string `json:"id"`
	// Upstream is the base address of the Public API it comes from (…/v1/public).
	Upstream string `json:"upstream"`
	// Key is the upstream key the copy is read with. Unlike Courtside's own
	// keys it is kept as it is: every request upstream sends it.
	Key string `json:"key"`
	// Token is true when Key is an API token, which may set results: results
	// entered here are then written through. A public key follows read-only.
	Token bool `json:"token"`
	// OrganizerID is the local organizer the copy belongs to.
	OrganizerID string `json:"organizerId"`
	// Budget is how many GET requests a minute the key may spend, for every
	// tournament followed with it, on every instance.
	Budget int `json:"budget"`
	// Secret is the last part of the webhook address: the upstream signs
	// nothing, so knowing the address is what proves a call comes from it.
	Secret string          `json:"secret"`
	Since  tournament.Time `json:"since"`
}

// KeyHash names the upstream key in Redis without holding it.
func (f Follow) KeyHash() string {
	sum := sha256.Sum256([]byte(f.Upstream + "\x00" + f.Key))
	return hex.EncodeToString(sum[:8])
}

// FollowStatus is how following goes, for `follow list` and the console.
type FollowStatus struct {
	LastSync  tournament.Time `json:"lastSync"`
	LastHook  tournament.Time `json:"lastHook"`
	LastError string          `json:"lastError"`
	ErrorAt   tournament.Time `json:"errorAt"`
	Errors    int64           `json:"errors"`
	// Used is how many GET requests the key sent upstream in the last minute.
	Used int64 `json:"used"`
}

// NewFollowSecret makes the secret of a webhook address.
func NewFollowSecret() string { return strings.ToLower(rand.Text()) }
