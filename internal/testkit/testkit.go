// Package testkit holds what tests of several packages share: waiting on a
// condition, and the switch for the slow end-to-end tests.
//
// A test never sleeps a fixed time and then looks; it waits until what it
// expects holds, and the limit it gives is a ceiling against hanging, never a
// performance target: under `go test ./...` packages run side by side on a
// busy machine. Speed is measured in bench/ and in benchmarks.
package testkit

import (
	"os"
	"testing"
	"time"
)

// Ceiling is how long Eventually waits: generous, for a busy two-core machine.
const Ceiling = 30 * time.Second

// Eventually fails the test unless cond holds within Ceiling.
func Eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	EventuallyWithin(t, Ceiling, what, cond)
}

// EventuallyWithin fails the test unless cond holds within the given
// ceiling, for a wait that is longer than Ceiling by design (a cluster
// failing over, an upstream coming back).
func EventuallyWithin(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	if !Holds(within, cond) {
		t.Fatalf("gave up after %v waiting for %s", within, what)
	}
}

// Holds asks cond again and again until it holds or within has passed, and
// says whether it held: for a caller that reports the failure itself (a
// browser test saves a screenshot first). It asks often at first and then
// every tenth of a second, so a cheap condition is seen at once and a costly
// one (an HTTP round trip, a script in a browser) does not flood.
func Holds(within time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(within)
	pause := 5 * time.Millisecond
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pause)
		pause = min(2*pause, 100*time.Millisecond)
	}
	return true
}

// EndToEndVar is the environment variable that turns on the end-to-end
// tests: the browser tests (e2e/) and the two-instance follow test. `make
// check`, `make e2e` and CI set it; a plain `go test ./...` leaves them out,
// so that it stays quick and cannot fail on a busy machine's timing.
const EndToEndVar = "COURTSIDE_E2E"

// EndToEnd skips the test unless COURTSIDE_E2E=1. It is the first line of
// every end-to-end test; what such a test needs beyond that (Chromium, the
// audit tools) is never skipped for under CI=true: it fails there.
func EndToEnd(t testing.TB) {
	t.Helper()
	if os.Getenv(EndToEndVar) != "1" {
		t.Skipf("an end-to-end test: runs with %s=1 (make e2e, make check, CI)", EndToEndVar)
	}
}
