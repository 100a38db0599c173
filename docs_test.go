package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// docs are the documents whose examples must work as written.
var docs = []string{"README.md", "docs/api.md", "docs/operators.md", "docs/organizers.md", "docs/engine.md", "docs/development.md"}

// codeBlock is a fenced block of a document: its language and its text.
type codeBlock struct {
	lang, text string
	line       int
}

var fence = regexp.MustCompile("(?ms)^```(\\w*)\\n(.*?)^```")

// codeBlocks are the fenced blocks of a document, in order.
func codeBlocks(t *testing.T, doc string) []codeBlock {
	t.Helper()
	raw, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var out []codeBlock
	for _, m := range fence.FindAllSubmatchIndex(raw, -1) {
		out = append(out, codeBlock{lang: string(raw[m[2]:m[3]]), text: string(raw[m[4]:m[5]]), line: 1 + bytes.Count(raw[:m[0]], []byte("\n"))})
	}
	return out
}

// placeholders are what a reader fills in: the address the server runs at,
// an id the command before printed, the Redis the reader runs. Each is
// replaced before the block runs; everything else runs as written.
var placeholders = []struct{ from, to string }{
	{"http://localhost:8080", "$COURTSIDE_URL"},
	{"https://api.example.org/v1/public", "$COURTSIDE_URL/v1/public"}, // the upstream a follow reads: this server
	{`--key "$TOKEN"`, "--key cst_demo_kickerclub_hamburg"},
	{"tio:4AHchFkVAecs2", "tio:zcFE5PxIevVBq"},                                                               // the followed tournament: the demo's Hamburg Open
	{"export REDIS_URL=redis://localhost:6379/0", `mkdir -p "$WORK/reader"; export DATA_DIR="$WORK/reader"`}, // the reader's Redis: a data directory of its own
	{"tio:...", "$LAST_ID"},                                                   // the tournament the command before made
	{"key_0123456789ab", "$LAST_KEY"},                                         // the key made before
	{"wh_0123456789ab", "$LAST_WEBHOOK"},                                      // the webhook made before
	{"--file club-night.json", "--file $SETUP"},                               // the setup file the guide shows
	{"https://example.org/hooks/courtside", "$COURTSIDE_URL/hooks/courtside"}, // a receiver this machine reaches
	{"go run . tournaments import", `mkdir -p "$WORK/elsewhere"; DATA_DIR="$WORK/elsewhere" go run . tournaments import`}, // "elsewhere"
}

// expectedStatus is an HTTP status a line's comment names: "# 412: not running".
var expectedStatus = regexp.MustCompile(`#\s*([45]\d\d)\b`)

// prelude runs an example's commands: `go run .` is the courtside binary
// (serve and the bare `go run .` start it in the background until its banner
// shows, then stop it), curl fails on a status the example does not name,
// and every failure is counted, not stopped at.
const prelude = `
failed=0
fail() { echo "EXAMPLE FAILED (line $LINE): $*" >&2; failed=$((failed + 1)); }
go() {
	if [ "$1" != run ] || [ "$2" != . ]; then
		[ "$1" = test ] && return 0 # the suite itself: this test runs inside it
		command go "$@"; return
	fi
	shift 2
	if [ $# -eq 0 ] || [ "$1" = serve ]; then
		[ "${1:-}" = serve ] && shift
		"$COURTSIDE_BIN" serve --addr 127.0.0.1:0 "$@" > "$WORK/serve.out" 2>&1 &
		local pid=$! i
		for i in $(seq 600); do grep -q "Data:" "$WORK/serve.out" && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
		grep -q "serving on" "$WORK/serve.out" || fail "go run . serve: $(cat "$WORK/serve.out")"
		kill $pid; wait $pid 2>/dev/null
		return 0
	fi
	local out rc
	out=$("$COURTSIDE_BIN" "$@" 2> "$WORK/stderr"); rc=$?
	[ -n "$out" ] && printf '%s\n' "$out"
	if [ $rc -ne 0 ]; then fail "go run . $*: exit $rc: $(cat "$WORK/stderr")"; return $rc; fi
	case "$out" in
	tio:*) LAST_ID=${out%%[[:space:]]*} ;;
	cs[tp]_*) LAST_KEY=key_$(printf %s "$out" | sha256sum | cut -c1-12) ;;
	esac
	return 0
}
curl() {
	local out code
	out=$(command curl -sS -w '\n%{http_code}' "$@") || { fail "curl $*"; return 1; }
	code=${out##*$'\n'}; out=${out%$'\n'*}
	printf '%s\n' "$out"
	if [ -n "${EXPECT:-}" ]; then
		[ "$code" = "$EXPECT" ] || fail "curl $*: $code, the example says $EXPECT: $out"
	elif [ "$code" -ge 400 ]; then
		fail "curl $*: $code $out"
	fi
	case "$out" in *'"id":"wh_'*) LAST_WEBHOOK=$(printf %s "$out" | grep -o '"id":"wh_[0-9a-f]*"' | head -1 | cut -d'"' -f4) ;; esac
	return 0
}
`

// script makes a bash script of a document's shell blocks: the
// placeholders filled in, each command told its line in the document and the
// status its comment names.
func script(blocks []codeBlock, base string) string {
	var b strings.Builder
	b.WriteString(prelude)
	for _, blk := range blocks {
		if blk.lang != "sh" {
			continue
		}
		text := blk.text
		for _, p := range placeholders {
			text = strings.ReplaceAll(text, p.from, p.to)
		}
		text = strings.ReplaceAll(text, "$COURTSIDE_URL", base) // inside quotes too
		lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
		for i := 0; i < len(lines); i++ {
			cmd, n := lines[i], blk.line+1+i
			for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
				i++
				cmd += "\n" + lines[i]
			}
			trimmed := strings.TrimSpace(cmd)
			if trimmed == "" || strings.HasPrefix(trimmed, "#") {
				continue
			}
			expect := ""
			if m := expectedStatus.FindStringSubmatch(cmd); m != nil {
				expect = m[1]
			}
			b.WriteString("LINE=" + strconv.Itoa(n) + " EXPECT=" + expect + "\n" + cmd + "\n")
		}
	}
	b.WriteString("exit $failed\n")
	return b.String()
}

// TestEveryDocExampleWorks runs the shell examples of the README and the
// guides as a reader would: curl against a server of the embedded demo
// (`go run .`), each command of `go run .` with the courtside binary on a
// data directory of the guide's own (the API guide's with the demo loaded,
// as its key example names the demo's organizer), a setup file shown by a
// guide as the file its command reads. A command that fails, a request
// answered with a status its line does not name, fails the test with the
// document's line. The README's banner must be what the server prints.
func TestEveryDocExampleWorks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs every example (about ten seconds)")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl here")
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	t.Setenv("WEBHOOK_ALLOW_PRIVATE", "1") // the webhook example's receiver is on this machine
	srv := startBinary(t, bin, "serve", "--addr", "127.0.0.1:0", "--simulate=false")

	readme := codeBlocks(t, "README.md")
	if len(readme) < 2 || strings.ReplaceAll(readme[1].text, "http://localhost:8080", srv.base) != srv.banner {
		t.Errorf("README.md's banner is not what `go run .` prints:\n%s\nit prints:\n%s", readme[1].text, srv.banner)
	}

	for _, doc := range docs {
		t.Run(doc, func(t *testing.T) {
			blocks := codeBlocks(t, doc)
			work := t.TempDir()
			data := filepath.Join(work, "data")
			if err := os.Mkdir(data, 0o700); err != nil {
				t.Fatal(err)
			}
			env := append(os.Environ(), "COURTSIDE_BIN="+bin, "COURTSIDE_URL="+srv.base, "WORK="+work,
				"DATA_DIR="+data, "REDIS_URL=", "LOG_LEVEL=warn", "WEBHOOK_ALLOW_PRIVATE=1", "SETUP="+filepath.Join(work, "club-night.json"))
			for _, blk := range blocks {
				if blk.lang == "json" {
					validSetup(t, doc, blk)
				}
				if blk.lang == "json" && strings.Contains(blk.text, `"organizer"`) { // a setup file
					if err := os.WriteFile(filepath.Join(work, "club-night.json"), []byte(blk.text), 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			if doc == "docs/api.md" {
				demo := exec.Command(bin, "demo", "--data", data)
				demo.Env = env
				if out, err := demo.CombinedOutput(); err != nil {
					t.Fatalf("demo: %v: %s", err, out)
				}
			}
			cmd := exec.Command("bash", "-c", script(blocks, srv.base))
			cmd.Dir, cmd.Env = work, env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Errorf("%s: %v\n%s", doc, err, stderr.String())
			}
		})
	}
}

// validSetup checks a guide's JSON example against the setup file's schema
// (GET /setup.schema.json), the only JSON the guides show whole.
func validSetup(t *testing.T, doc string, blk codeBlock) {
	t.Helper()
	sch, err := jsonschema.NewCompiler().Compile("tournament/setup.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(blk.text))
	if err == nil {
		err = sch.Validate(inst)
	}
	if err != nil {
		t.Errorf("%s:%d: the JSON example is not a setup file: %v", doc, blk.line, err)
	}
}
