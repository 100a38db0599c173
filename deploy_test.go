package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestComposeStartsCourtsideWithADurableRedis reads compose.yaml as docker
// compose would: Redis keeps an append-only file, synced on every write, in
// a named volume, and Courtside is built here and reaches that Redis.
func TestComposeStartsCourtsideWithADurableRedis(t *testing.T) {
	raw, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Build       any               `yaml:"build"`
			Command     []string          `yaml:"command"`
			Volumes     []string          `yaml:"volumes"`
			Environment map[string]string `yaml:"environment"`
			Ports       []string          `yaml:"ports"`
			DependsOn   map[string]struct {
				Condition string `yaml:"condition"`
			} `yaml:"depends_on"`
		} `yaml:"services"`
		Volumes map[string]any `yaml:"volumes"`
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	redis, app := c.Services["redis"], c.Services["courtside"]
	cmd := strings.Join(redis.Command, " ")
	for _, want := range []string{"--appendonly yes", "--appendfsync always"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("redis runs %q, without %s", cmd, want)
		}
	}
	if !slices.ContainsFunc(redis.Volumes, func(v string) bool {
		name, path, _ := strings.Cut(v, ":")
		_, declared := c.Volumes[name]
		return declared && path == "/data"
	}) {
		t.Errorf("redis keeps /data in no named volume: %v (declared %v)", redis.Volumes, c.Volumes)
	}
	if app.Build == nil || app.Environment["REDIS_URL"] != "redis://redis:6379/0" || len(app.Ports) == 0 {
		t.Errorf("courtside: build %v, REDIS_URL %q, ports %v", app.Build, app.Environment["REDIS_URL"], app.Ports)
	}
	if dir := app.Environment["BACKUP_DIR"]; !strings.HasPrefix(dir, "/data/") || !slices.ContainsFunc(app.Volumes, func(v string) bool {
		name, path, _ := strings.Cut(v, ":")
		_, declared := c.Volumes[name]
		return declared && path == "/data"
	}) {
		t.Errorf("courtside writes its backups to %q, volumes %v: not into a named volume", dir, app.Volumes)
	}
	if app.DependsOn["redis"].Condition != "service_healthy" {
		t.Error("courtside starts before Redis answers")
	}
}

// TestImageIsBuiltFromTheStaticBinaryAlone: the Dockerfile's final (only)
// stage starts FROM scratch and copies the binary make dist builds, so a
// build needs no registry.
func TestImageIsBuiltFromTheStaticBinaryAlone(t *testing.T) {
	raw, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	from := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(string(raw), -1)
	if len(from) != 1 || from[0][1] != "scratch" {
		t.Errorf("FROM lines %v, want one FROM scratch", from)
	}
	if !regexp.MustCompile(`(?m)^COPY\s+dist/courtside-linux-\$\{TARGETARCH\}\s+/courtside$`).Match(raw) {
		t.Error("the Dockerfile does not copy make dist's binary")
	}
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	platforms := regexp.MustCompile(`(?m)^PLATFORMS := (.*)$`).FindSubmatch(mk)
	if platforms == nil {
		t.Fatal("no PLATFORMS in the Makefile")
	}
	for _, p := range []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64"} {
		if !slices.Contains(strings.Fields(string(platforms[1])), p) {
			t.Errorf("make dist does not build %s", p)
		}
	}
	if !strings.Contains(string(mk), "CGO_ENABLED=0") {
		t.Error("make dist does not build static binaries")
	}
}
