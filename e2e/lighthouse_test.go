package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"courtside/internal/testkit"
)

// lighthouseReport is the part of Lighthouse's JSON the test reads.
type lighthouseReport struct {
	Categories struct {
		Accessibility struct {
			Score     float64 `json:"score"`
			AuditRefs []struct {
				ID     string  `json:"id"`
				Weight float64 `json:"weight"`
			} `json:"auditRefs"`
		} `json:"accessibility"`
	} `json:"categories"`
	Audits map[string]struct {
		Title   string   `json:"title"`
		Score   *float64 `json:"score"`
		Details struct {
			Items []struct {
				Node struct {
					Selector string `json:"selector"`
					Snippet  string `json:"snippet"`
				} `json:"node"`
			} `json:"items"`
		} `json:"details"`
	} `json:"audits"`
	RuntimeError *struct {
		Message string `json:"message"`
	} `json:"runtimeError"`
}

// TestLighthouseAccessibility runs Lighthouse's accessibility audit, in
// Debian's Chromium, on the home, tournament, bracket, court board and TV
// pages, and fails below 98 of 100, listing the audits that fail.
// Lighthouse takes a while: it runs in the embedded-Redis pass only.
func TestLighthouseAccessibility(t *testing.T) {
	testkit.EndToEnd(t)
	embeddedPassOnly(t)
	cli := nodeModule(t, "lighthouse/cli/index.js")
	chrome := chromium(t)
	srv, _, kinds := auditSite(t)
	want := map[string]string{"home": "mobile", "tournament": "mobile", "bracket-single": "mobile", "bracket-double": "mobile", "board": "mobile", "tv": "desktop"}
	for _, k := range kinds {
		preset, ok := want[k.name]
		if !ok {
			continue
		}
		delete(want, k.name)
		t.Run(k.name, func(t *testing.T) {
			r := lighthouse(t, cli, chrome, srv.URL+k.path, preset)
			score := r.Categories.Accessibility.Score * 100
			var failing []string
			for _, ref := range r.Categories.Accessibility.AuditRefs {
				a := r.Audits[ref.ID]
				if ref.Weight == 0 || a.Score == nil || *a.Score == 1 {
					continue
				}
				line := fmt.Sprintf("  %s (weight %.0f): %s", ref.ID, ref.Weight, a.Title)
				for i, it := range a.Details.Items {
					if i == 3 {
						break
					}
					line += fmt.Sprintf("\n    %s %s", it.Node.Selector, it.Node.Snippet)
				}
				failing = append(failing, line)
			}
			sort.Strings(failing)
			if score < 98 {
				t.Errorf("%s: Lighthouse accessibility %.0f, below 98; failing audits:\n%s", k.path, score, strings.Join(failing, "\n"))
			} else {
				t.Logf("%s (%s): Lighthouse accessibility %.0f%s", k.name, preset, score, strings.Join(append([]string{""}, failing...), "\n"))
			}
		})
	}
	if len(want) > 0 {
		t.Errorf("no page kinds %v to audit", want)
	}
}

// lighthouse audits one page's accessibility and returns Lighthouse's report.
func lighthouse(t *testing.T, cli, chrome, url, preset string) lighthouseReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := []string{cli, url, "--only-categories=accessibility", "--output=json", "--quiet",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=" + t.TempDir()}
	if preset == "desktop" {
		args = append(args, "--preset=desktop")
	}
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chrome)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("lighthouse %s: %v\n%s", url, err, stderr.String())
	}
	var r lighthouseReport
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("lighthouse %s: %v", url, err)
	}
	if r.RuntimeError != nil && r.RuntimeError.Message != "" {
		t.Fatalf("lighthouse %s: %s", url, r.RuntimeError.Message)
	}
	if len(r.Categories.Accessibility.AuditRefs) == 0 {
		t.Fatalf("lighthouse %s audited nothing", url)
	}
	return r
}
