package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCreateAndStart measures `tournaments create` and `tournaments start`
// together, as an organizer runs them: reading the setup file, building,
// writing, drawing and writing the draw. Against the embedded Redis, or the
// one at REDIS_URL.
func BenchmarkCreateAndStart(b *testing.B) {
	for _, c := range []struct {
		name  string
		n     int
		stage map[string]any
	}{
		{"swiss-512", 512, map[string]any{"name": "Swiss", "mode": "swiss", "rounds": 9, "matchConfiguration": map[string]any{"numPoints": 7, "numSets": 1}}},
		{"double-elimination-256", 256, map[string]any{"name": "Knock-out", "mode": "double_elimination", "matchConfiguration": map[string]any{"numPoints": 5, "numSets": 2}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			getenv, _ := env(b)
			if _, err := courtsideB(getenv, "organizers", "create", "--name", "Bench Club", "--slug", "bench-club", "--sport", "table_soccer"); err != nil {
				b.Fatal(err)
			}
			entries := make([]string, c.n)
			for i := range entries {
				entries[i] = fmt.Sprintf("Player %03d", i+1)
			}
			raw, _ := json.Marshal(map[string]any{"organizer": "bench-club", "name": c.name, "startTime": "2026-11-24T18:00:00Z", "courts": 32, "autoCall": true,
				"disciplines": []any{map[string]any{"name": "Open", "shortName": "O", "entryType": "single", "entries": entries, "stages": []any{c.stage}}}})
			file := filepath.Join(b.TempDir(), "setup.json")
			if err := os.WriteFile(file, raw, 0o600); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				id, err := courtsideB(getenv, "tournaments", "create", "--file", file)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := courtsideB(getenv, "tournaments", "start", strings.TrimSpace(id)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func courtsideB(getenv func(string) string, args ...string) (string, error) {
	var out strings.Builder
	err := run(context.Background(), args, &out, getenv)
	return out.String(), err
}
