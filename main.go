// Command courtside serves the live results website and the Tournament Public API.
// `courtside help` lists the commands, their flags and the environment; the
// command line lives in package cli.
package main

import (
	"os"

	"courtside/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}
