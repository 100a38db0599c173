package cli

import (
	"fmt"
	"math"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// publicURL is the site's public address: BASE_URL, or for a server without
// one (the embedded demo, a developer's machine) http://localhost on the
// listen port. Pages, QR codes and the API reference link there; a request's
// Host header never does.
func publicURL(env, addr string) (string, error) {
	if env == "" {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return "", fmt.Errorf("listen address %q: %w", addr, err)
		}
		if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
			host = "localhost"
		}
		return "http://" + net.JoinHostPort(host, port), nil
	}
	u, err := url.Parse(env)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("BASE_URL %q: want the site's public address, like https://results.example.org", env)
	}
	if strings.Trim(u.Path, "/") != "" {
		return "", fmt.Errorf("BASE_URL %q: the site is served from the root of its address, not under a path", env)
	}
	return u.Scheme + "://" + u.Host, nil
}

// byteSize reads RENDER_CACHE_BYTES: a number of bytes, or of KB, MB or GB
// (of 1024); 0 or empty for the default.
func byteSize(env string) (int64, error) {
	if env == "" {
		return 0, nil
	}
	digits := strings.TrimRightFunc(env, func(r rune) bool { return r < '0' || r > '9' })
	unit := int64(1)
	switch strings.ToUpper(strings.TrimSpace(env[len(digits):])) {
	case "", "B":
	case "KB", "KIB":
		unit = 1 << 10
	case "MB", "MIB":
		unit = 1 << 20
	case "GB", "GIB":
		unit = 1 << 30
	default:
		digits = "" // an unknown unit
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/unit || digits[0] < '0' || digits[0] > '9' {
		return 0, fmt.Errorf("RENDER_CACHE_BYTES %q: want a size like 64MB, 512KB or 67108864", env)
	}
	return n * unit, nil
}
