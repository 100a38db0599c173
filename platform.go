package main

import (
	// The static binaries run where the system gives neither certificate
	// authorities (a container FROM scratch) nor a time zone database
	// (Windows without Go, scratch): webhooks to https addresses and the
	// venue's local time need both, so the binary carries them. The system's
	// own are used where there are any.
	_ "time/tzdata"

	_ "golang.org/x/crypto/x509roots/fallback"
)
