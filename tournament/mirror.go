package tournament

// Mirror marks a tournament that runs elsewhere (in the tournament
// application, behind its Public API) and that Courtside follows: the copy is
// kept current by the upstream package, and results entered here are sent
// there. Pages say where it comes from and, while the source cannot be
// reached, how old the copy is.
type Mirror struct {
	// Source is the address of the Public API the tournament comes from.
	Source string `json:"source"`
	// Synced is when the copy last agreed with the source.
	Synced Time `json:"synced,omitzero"`
	// Down is when reading the source last failed (unreachable, or refusing
	// the key); zero while the copy is kept current.
	// It moves on at most once a minute, so pages that show the copy's age
	// are rendered anew as it grows.
	Down Time `json:"down,omitzero"`
}

// Stale reports whether the copy may be behind: the source did not answer lately.
func (m *Mirror) Stale() bool { return m != nil && !m.Down.IsZero() }
