package cli

import "testing"

func TestPublicURL(t *testing.T) {
	for _, c := range []struct{ env, addr, want string }{
		{"", ":8080", "http://localhost:8080"},
		{"", "0.0.0.0:9000", "http://localhost:9000"},
		{"", "[::]:9000", "http://localhost:9000"},
		{"", "127.0.0.1:9000", "http://127.0.0.1:9000"},
		{"https://results.example.org", ":8080", "https://results.example.org"},
		{"https://results.example.org/", ":8080", "https://results.example.org"},
		{"http://192.0.2.7:8080", ":8080", "http://192.0.2.7:8080"},
	} {
		if got, err := publicURL(c.env, c.addr); err != nil || got != c.want {
			t.Errorf("BASE_URL %q, addr %q: %q %v, want %q", c.env, c.addr, got, err, c.want)
		}
	}
	for _, bad := range []string{"results.example.org", "ftp://example.org", "https://", "https://example.org/results", "https://example.org/?a=1", "https://user:pw@example.org"} {
		if got, err := publicURL(bad, ":8080"); err == nil {
			t.Errorf("BASE_URL %q accepted as %q", bad, got)
		}
	}
}

func TestRenderCacheBytes(t *testing.T) {
	if n, err := byteSize(""); n != 0 || err != nil {
		t.Errorf("empty: %d %v", n, err)
	}
	for env, want := range map[string]int64{"1048576": 1 << 20, "64MB": 64 << 20, "512KB": 512 << 10, "1 GB": 1 << 30, "2mib": 2 << 20, "100B": 100} {
		if n, err := byteSize(env); n != want || err != nil {
			t.Errorf("%s: %d %v, want %d", env, n, err, want)
		}
	}
	for _, bad := range []string{"-1", "64TB", "x", "MB", "1.5MB", "99999999999GB", "+5"} {
		if _, err := byteSize(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
