package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"courtside/cache"
)

// recoverJournal is `courtside recover --data DIR`: a data directory whose
// journal is damaged keeps the records before the damage and starts again;
// the rest of the file is set aside beside it, never deleted.
func recoverJournal(args []string, stdout io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("recover", flag.ContinueOnError)
	dir := fs.String("data", getenv("DATA_DIR"), "the data directory (env DATA_DIR)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("recover takes no arguments, got %q: %w", fs.Args(), errUsage)
	}
	if *dir == "" {
		return fmt.Errorf("recover needs the data directory: --data DIR (or DATA_DIR): %w", errUsage)
	}
	r, err := cache.Recover(*dir)
	if err != nil {
		return err
	}
	var b strings.Builder
	if r.FromPrevious {
		fmt.Fprintf(&b, "The journal was missing: it was made again from %s, the store as it was at the last compaction\n"+
			"(what was written after that is not in it).\n", cache.PreviousJournal)
	}
	if r.Damage == nil {
		fmt.Fprintf(&b, "The journal %s is whole: %s records, nothing to set aside.\n", r.Journal, count(r.Records))
	} else {
		fmt.Fprintf(&b, "The journal %s was damaged at byte %s: %s.\n", r.Journal, count(int(r.Damage.Offset)), r.Damage.What)
		fmt.Fprintf(&b, "Kept:       the %s records before the damage.\n", count(r.Records))
		fmt.Fprintf(&b, "Set aside:  %s bytes from byte %s, in %s\n", count(int(r.AsideBytes)), count(int(r.Damage.Offset)), r.Aside)
		fmt.Fprintf(&b, "            (%s whole records could still be read there; they are not in the store).\n", count(r.AsideRecords))
	}
	fmt.Fprintf(&b, "courtside serve --data %s starts with what was kept.\n", *dir)
	_, err = io.WriteString(stdout, b.String())
	return err
}

// count writes n with a comma between thousands, as the messages do.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
