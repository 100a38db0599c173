package upstream

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"code.dny.dev/ssrf"

	"courtside/tournament"
)

// HTTPClient is the client every request upstream goes out with (the
// console's, the command line's and the sync loop's): a 20 s limit, no proxy,
// no redirects followed, and, unless allowPrivate, connections only to public
// addresses, checked by code.dny.dev/ssrf on the address actually dialed, as
// webhook calls are (worker.WebhookClient). A follow is an organizer's
// request to dial an address of its choosing: it must not reach this
// machine's services or a private network. allowPrivate is the same opt-in
// as webhooks' (WEBHOOK_ALLOW_PRIVATE=1: tests and local setups).
func HTTPClient(allowPrivate bool) *http.Client {
	return &http.Client{Timeout: 20 * time.Second, Transport: PublicTransport(allowPrivate),
		CheckRedirect: func(*http.Request, []*http.Request) error { return errRedirect }}
}

// PublicTransport is the transport of every request Courtside sends to an
// address someone else chose (an upstream, a webhook): no proxy, and, unless
// allowPrivate, connections only to public addresses, checked by
// code.dny.dev/ssrf on the address actually dialed (so a name that resolves
// differently later is caught too).
func PublicTransport(allowPrivate bool) *http.Transport {
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if !allowPrivate {
		dialer.Control = ssrf.New(ssrf.WithAnyPort()).Safe
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DialContext = dialer.DialContext
	transport.Proxy = nil
	return transport
}

// errRedirect is an upstream that answered with a redirect: the API's
// address is the one it leads to, which the organizer gives instead.
var errRedirect = errors.New("upstream: the address redirects")

// unreachable is a request that got no answer. Its text is the same whatever
// the cause (refused, timed out, no such host), so that nothing it shows
// tells an open port from a closed one; the cause is logged.
type unreachable struct{ cause error }

func (e *unreachable) Error() string { return "upstream: no answer" }
func (e *unreachable) Unwrap() error { return e.cause }

// notPublic reports whether err is a connection the SSRF guard refused.
func notPublic(err error) bool {
	return errors.Is(err, ssrf.ErrProhibitedIP) || errors.Is(err, ssrf.ErrProhibitedNetwork) ||
		errors.Is(err, ssrf.ErrProhibitedPort) || errors.Is(err, ssrf.ErrInvalidHostPort)
}

// gate bounds how many of something run at once: a slot is taken before and
// given back after.
type gate chan struct{}

func newGate(n int) gate { return make(gate, n) }

// try takes a slot if one is free.
func (g gate) try() (release func(), ok bool) {
	select {
	case g <- struct{}{}:
		return func() { <-g }, true
	default:
		return nil, false
	}
}

// wait takes a slot when one is free, or fails when ctx ends.
func (g gate) wait(ctx context.Context) (release func(), err error) {
	select {
	case g <- struct{}{}:
		return func() { <-g }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// busy is the answer to a console or command line request while
// tournament.MaxFollowLoads others run on this instance.
func busy() error {
	return badRequest("Courtside is busy with other follow requests (at most %d at once): try again in a moment", tournament.MaxFollowLoads)
}
