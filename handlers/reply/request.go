package reply

import (
	"net"
	"net/http"
)

// HTTPS reports whether the request came over HTTPS, directly or through a
// proxy: X-Forwarded-Proto reaches a handler only from a trusted proxy (the
// server drops it from anyone else).
func HTTPS(r *http.Request) bool {
	return r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"
}

// ClientAddress is who signs in, for counting failures: the peer's address,
// or the client a trusted proxy names (web believes only those; TRUSTED_PROXIES).
func ClientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
