package cache

import "courtside/record"

// The records the store persists are defined, with their rules, in package
// record; these names let the store and the branches written before the move
// keep saying cache.Screen. New code says record.Screen.
type (
	// Key is record.Key.
	Key = record.Key
	// KeyKind is record.KeyKind.
	KeyKind = record.KeyKind
	// Role is record.Role.
	Role = record.Role
	// Webhook is record.Webhook.
	Webhook = record.Webhook
	// Delivery is record.Delivery.
	Delivery = record.Delivery
	// Screen is record.Screen.
	Screen = record.Screen
	// Follow is record.Follow.
	Follow = record.Follow
	// FollowStatus is record.FollowStatus.
	FollowStatus = record.FollowStatus
)

// The two kinds of key (record.KindToken, record.KindPublic).
const (
	KindToken  = record.KindToken
	KindPublic = record.KindPublic
)

// The roles of a console login (record.RoleFull, record.RoleResults).
const (
	RoleFull    = record.RoleFull
	RoleResults = record.RoleResults
)

// NewFollowSecret is record.NewFollowSecret.
func NewFollowSecret() string { return record.NewFollowSecret() }
