package tournament

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"math/big"
	"strings"
)

// Ids in the real service's style: "tio:" and 13 base-62 characters. A new
// tournament's parts get fresh random ones (RandomIDs), an edited setup's
// keep theirs (ReuseIDs), and the demo's are derived from a seed and a path
// (DerivedID), so that they stay the same from run to run.

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// DerivedID derives an id in the real service's style (tio:4AHchFkVAecs2)
// from a seed and a path, so an id of the demo stays the same when the demo
// around it changes.
func DerivedID(seed uint64, path string) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d/%s", seed, path))
	n := new(big.Int).SetBytes(sum[:])
	base := big.NewInt(int64(len(idAlphabet)))
	var sb strings.Builder
	sb.WriteString("tio:")
	mod := new(big.Int)
	for range 13 {
		n.DivMod(n, base, mod)
		sb.WriteByte(idAlphabet[mod.Int64()])
	}
	return sb.String()
}

// IDAlphabet is the alphabet of ids in the real service's style.
const IDAlphabet = idAlphabet

// NewID makes a fresh random id in the real service's style: tio: and 13 base-62 characters.
func NewID() string {
	b := []byte("tio:0000000000000")
	max := big.NewInt(int64(len(idAlphabet)))
	for i := 4; i < len(b); i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		b[i] = idAlphabet[n.Int64()]
	}
	return string(b)
}

// RandomIDs names every part of a new tournament with a fresh random id;
// the same path always gets the same id, so a player in two disciplines is one player.
func RandomIDs() func(path string) string {
	seen := map[string]string{}
	return func(path string) string {
		if id, ok := seen[path]; ok {
			return id
		}
		id := NewID()
		seen[path] = id
		return id
	}
}

// ReuseIDs names the parts of an edited setup with the ids they had in the
// snapshot's tournament, so links stay good across edits; new parts get fresh ids.
func ReuseIDs(s *Snapshot) func(path string) string {
	known := map[string]string{"tournament": s.Tournament.ID}
	for _, c := range s.Tournament.Courts {
		known[fmt.Sprintf("court/%d", c.Number)] = c.ID
	}
	for di, d := range s.Tournament.Disciplines {
		known[fmt.Sprintf("d/%d", di)] = d.ID
		for si, st := range d.Stages {
			known[fmt.Sprintf("d/%d/s/%d", di, si)] = st.ID
			for gi, g := range st.Groups {
				known[fmt.Sprintf("d/%d/s/%d/g/%d", di, si, gi)] = g.ID
			}
		}
	}
	for _, e := range s.Entries {
		switch {
		case !e.IsTeam():
			known["player/"+strings.ToLower(e.Name)] = e.ID
		case !strings.Contains(e.ID, "_"):
			known["team/"+strings.ToLower(e.Name)] = e.ID
		}
	}
	fresh := RandomIDs()
	return func(path string) string {
		if id, ok := known[path]; ok {
			return id
		}
		return fresh(path)
	}
}
