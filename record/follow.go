package record

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
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

// A follow's request budget: the upstream allows a key 120 GET a minute;
// Courtside uses half by default, leaving the rest to the application's
// other clients.
const (
	DefaultFollowBudget = 60
	MaxFollowBudget     = 120
)

// maxUpstreamAddressLength bounds an upstream address.
const maxUpstreamAddressLength = 512

// maxUpstreamKeyLength bounds an upstream key.
const maxUpstreamKeyLength = 512

// FollowBase checks an upstream address (http or https, no credentials, no
// query) and ends it in /v1/public.
func FollowBase(raw string) (string, *tournament.Message) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || len(raw) > maxUpstreamAddressLength || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", &tournament.Message{Format: "the upstream address must be an http or https URL, like https://api.example.org/v1/public"}
	}
	base := strings.TrimSuffix(u.String(), "/")
	if !strings.HasSuffix(base, "/v1/public") {
		base += "/v1/public"
	}
	return base, nil
}

// FollowKeyProblem says what is wrong with an upstream key, trimmed, or nil:
// it is sent upstream in a header, so it is bounded and printable.
func FollowKeyProblem(key string) *tournament.Message {
	switch {
	case key == "":
		return &tournament.Message{Format: "the upstream key is missing"}
	case len(key) > maxUpstreamKeyLength || strings.ContainsFunc(key, func(r rune) bool { return r <= ' ' || r >= 0x7f }):
		return &tournament.Message{Format: "the upstream key is not a key"}
	}
	return nil
}

// FollowBudget is the budget a follow asks for, 0 for the default, or why it
// cannot have it.
func FollowBudget(budget int) (int, *tournament.Message) {
	switch {
	case budget == 0:
		return DefaultFollowBudget, nil
	case budget < 1 || budget > MaxFollowBudget:
		return 0, &tournament.Message{Format: "the budget is 1 to %d GET requests a minute", Args: []any{MaxFollowBudget}}
	}
	return budget, nil
}
