package worker

import (
	"errors"
	"net/http"
	"testing"

	"code.dny.dev/ssrf"
)

// Webhook calls never connect to an address off the public internet, whatever
// the name resolved to at subscription: the dialer refuses before connecting.
func TestWebhookClientDialsOnlyPublicAddresses(t *testing.T) {
	client := WebhookClient(false)
	for _, addr := range []string{
		"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0",
		"100.64.0.1", "100.127.255.254", // carrier-grade NAT
		"198.18.0.1", "198.19.255.254", // benchmarking
		"240.0.0.1", "255.255.255.255", // reserved, broadcast
		"[::1]", "[fe80::1]", "[fc00::1]", "[::ffff:10.0.0.1]",
		"[64:ff9b::a00:1]", // NAT64 of 10.0.0.1
		"[2002:a00:1::1]",  // 6to4 of 10.0.0.1
	} {
		resp, err := client.Post("http://"+addr+":8080/hook", "application/json", nil)
		if err == nil {
			_ = resp.Body.Close()
		}
		if !errors.Is(err, ssrf.ErrProhibitedIP) {
			t.Errorf("%s: %v, want it refused before connecting", addr, err)
		}
	}
	// Redirects are not followed: a public receiver cannot bounce a call inward.
	if client.CheckRedirect(&http.Request{}, nil) != http.ErrUseLastResponse {
		t.Error("redirects are followed")
	}
}
