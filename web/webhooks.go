package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"code.dny.dev/ssrf"

	"courtside/record"
)

// errPrivateAddress refuses webhook calls to this machine's or a private network.
var errPrivateAddress = errors.New("the address is loopback, private or otherwise not public")

// CheckWebhookURL says why a URL cannot be a webhook, or nil: it must be an
// address record.WebhookAddress reads, and, unless allowPrivate, resolve only to addresses that
// code.dny.dev/ssrf lets webhook calls dial (worker.WebhookClient checks
// again when it connects, so a name that resolves differently later is caught).
func CheckWebhookURL(allowPrivate bool) func(ctx context.Context, raw string) error {
	guard := ssrf.New(ssrf.WithAnyPort())
	return func(ctx context.Context, raw string) error {
		u, err := record.WebhookAddress(raw)
		if err != nil {
			return err
		}
		if allowPrivate {
			return nil
		}
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", u.Hostname())
		if err != nil || len(addrs) == 0 {
			return fmt.Errorf("url: %s does not resolve", u.Hostname())
		}
		for _, a := range addrs {
			a = a.Unmap() // an IPv4 address may come back in its IPv6 form
			if guard.SafeAddr(a) != nil {
				return fmt.Errorf("url: %s resolves to %s: %w", u.Hostname(), a, errPrivateAddress)
			}
		}
		return nil
	}
}
