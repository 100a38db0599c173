package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"courtside/cache"
	"courtside/tournament"
)

// organizers creates and lists organizers. A created organizer's id is printed alone on stdout.
func organizers(args []string, getenv func(string) string) (action, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("organizers needs a command (create, list, quota, invite, suspend, unsuspend): %w", errUsage)
	}
	fs := flag.NewFlagSet("organizers "+args[0], flag.ContinueOnError)
	switch args[0] {
	case "create":
		name := fs.String("name", "", "the organizer's name, as its result page shows it")
		slug := fs.String("slug", "", "the result page's address: /o/SLUG (lower-case letters, digits, hyphens)")
		sport := fs.String("sport", "", "one of table_soccer, petanque, darts, cornhole, table_tennis")
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("organizers create takes flags only, got %q: %w", fs.Args(), errUsage)
		}
		o, ps := tournament.NewOrganizer(*name, *slug, *sport)
		if len(ps) > 0 {
			return nil, flagProblems(ps)
		}
		return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
			if err := store.CreateOrganizer(ctx, o); errors.Is(err, cache.ErrSlugTaken) {
				return fmt.Errorf("--slug: %q belongs to another organizer already", o.Slug)
			} else if err != nil {
				return err
			}
			_, err := fmt.Fprintln(stdout, o.ID)
			return err
		}, nil
	case "list":
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("organizers list takes no arguments, got %q: %w", fs.Args(), errUsage)
		}
		return listOrganizers, nil
	case "quota":
		return organizerQuota(fs, args[1:])
	case "invite":
		return organizerInvite(fs, args[1:], getenv)
	case "suspend", "unsuspend":
		return organizerSuspension(fs, args[1:], args[0] == "suspend")
	}
	return nil, fmt.Errorf("unknown organizers command %q: %w", args[0], errUsage)
}

// organizerQuota prints an organizer's usage and quota, after setting the
// parts of the quota the flags name (0 or --reset: the limits table's).
func organizerQuota(fs *flag.FlagSet, args []string) (action, error) {
	tournaments := fs.Int("tournaments", -1, "the tournaments it may keep")
	matches := fs.Int("matches", -1, "the matches its tournaments may come to")
	storage := fs.Int("storage", -1, "the storage its tournaments may take, in MiB")
	writes := fs.Int("writes", -1, "its writes a minute")
	reset := fs.Bool("reset", false, "go back to the limits table's quota")
	var ref string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		ref, args = args[0], args[1:]
	}
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if ref == "" || fs.NArg() > 0 {
		return nil, fmt.Errorf("organizers quota takes one organizer (its slug or id), then flags: %w", errUsage)
	}
	for name, v := range map[string]int{"tournaments": *tournaments, "matches": *matches, "storage": *storage, "writes": *writes} {
		if v < -1 || v > 1<<30 {
			return nil, fmt.Errorf("--%s: %d is not a quota (0 is the limits table's): %w", name, v, errUsage)
		}
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		org, err := store.OrganizerByRef(ctx, ref)
		if errors.Is(err, cache.ErrNotFound) {
			return fmt.Errorf("no organizer %q (courtside organizers list)", ref)
		} else if err != nil {
			return err
		}
		u, err := store.Usage(ctx, org.ID)
		if err != nil {
			return err
		}
		q := u.Quota
		if *reset {
			q = tournament.Quota{}
		}
		set := func(to *int, v, unit int) {
			if v >= 0 {
				*to = v * unit
			}
		}
		set(&q.Tournaments, *tournaments, 1)
		set(&q.Matches, *matches, 1)
		set(&q.Bytes, *storage, 1<<20)
		set(&q.Writes, *writes, 1)
		if q != u.Quota {
			if err := store.SetQuota(ctx, org.ID, q); err != nil {
				return err
			}
			if u, err = store.Usage(ctx, org.ID); err != nil {
				return err
			}
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "%s (%s)\tUSED\tQUOTA\n", org.Name, org.Slug)
		fmt.Fprintf(tw, "tournaments\t%d\t%d\n", u.Tournaments, u.Quota.Tournaments)
		fmt.Fprintf(tw, "matches\t%d\t%d\n", u.Matches, u.Quota.Matches)
		fmt.Fprintf(tw, "storage (MiB)\t%.1f\t%.1f\n", float64(u.Bytes)/(1<<20), float64(u.Quota.Bytes)/(1<<20))
		fmt.Fprintf(tw, "writes a minute\t\t%d\n", u.Quota.Writes)
		return tw.Flush()
	}, nil
}

// flagProblems names each problem by its flag.
func flagProblems(ps tournament.Problems) error {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = "--" + p.Path + ": " + p.Message.String()
	}
	return errors.New(strings.Join(lines, "\n"))
}

// tournaments creates tournaments from setup files, starts, lists, deletes,
// exports and imports them, and changes their entries after the start.
// A created or imported tournament's id is printed alone on stdout. A setup
// or export file is read, and checked, before Redis is opened.
func tournaments(args []string, _ func(string) string) (action, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("tournaments needs a command (create, start, list, delete, export, import, withdraw, late-entry): %w", errUsage)
	}
	cmd, args := args[0], args[1:]
	run, ok := tournamentCommands[cmd] // before the flags: tournaments frobnicate --help is a mistake, not help
	if !ok {
		return nil, fmt.Errorf("unknown tournaments command %q: %w", cmd, errUsage)
	}
	in, err := parseTournamentsArgs(cmd, args)
	if err != nil {
		return nil, err
	}
	return run(in)
}

// tournamentCommands are the tournaments subcommands: each checks its
// arguments and reads its file before Redis is opened.
var tournamentCommands = map[string]func(tournamentsInput) (action, error){
	"create":     createTournament,
	"start":      startTournament,
	"list":       listTournamentsCommand,
	"delete":     deleteTournament,
	"export":     exportTournament,
	"import":     importTournament,
	"withdraw":   changeEntries,
	"late-entry": changeEntries,
}

// tournamentsInput is a tournaments subcommand's flags and positional arguments.
type tournamentsInput struct {
	cmd                                      string
	file, organizer, discipline, entry, name string
	yes                                      bool
	pos                                      []string
}

// parseTournamentsArgs reads the flags of tournaments cmd, which may come
// before or after the id.
func parseTournamentsArgs(cmd string, args []string) (tournamentsInput, error) {
	in := tournamentsInput{cmd: cmd}
	fs := flag.NewFlagSet("tournaments "+cmd, flag.ContinueOnError)
	fs.StringVar(&in.file, "file", "", "the setup file (create)")
	fs.StringVar(&in.organizer, "organizer", "", "only this organizer's (list); the organizer to file it under (import)")
	fs.BoolVar(&in.yes, "yes", false, "yes, delete it and everything of it (delete)")
	fs.StringVar(&in.discipline, "discipline", "", "the discipline's short name or id")
	fs.StringVar(&in.entry, "entry", "", "the entry's name or id (withdraw)")
	fs.StringVar(&in.name, "name", "", "the late entry: a player, or a team as \"Anna Berg / Ben Kurz\"")
	for len(args) > 0 {
		if err := parse(fs, args); err != nil {
			return in, err
		}
		if args = fs.Args(); len(args) > 0 {
			in.pos, args = append(in.pos, args[0]), args[1:]
		}
	}
	return in, nil
}

// positional checks that the command got exactly n arguments.
func (in tournamentsInput) positional(n int, what string) error {
	if len(in.pos) != n {
		return fmt.Errorf("tournaments %s needs %s, got %q: %w", in.cmd, what, in.pos, errUsage)
	}
	return nil
}

// createTournament: tournaments create --file SETUP.
func createTournament(in tournamentsInput) (action, error) {
	if err := in.positional(0, "no arguments besides --file"); err != nil {
		return nil, err
	}
	raw, err := readFile(in.file, tournament.MaxSetupFileBytes)
	if err != nil {
		return nil, err
	}
	setup, err := tournament.ParseSetup(raw)
	if err != nil {
		return nil, fmt.Errorf("%s:\n%w", in.file, err)
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		org, err := store.OrganizerByRef(ctx, setup.Organizer)
		if errors.Is(err, cache.ErrNotFound) {
			return fmt.Errorf("%s:\norganizer: no organizer %q (courtside organizers list)", in.file, setup.Organizer)
		} else if err != nil {
			return err
		}
		snap, err := store.CreateTournament(ctx, org, setup)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, snap.Tournament.ID)
		return err
	}, nil
}

// startTournament: tournaments start ID.
func startTournament(in tournamentsInput) (action, error) {
	if err := in.positional(1, "one tournament id"); err != nil {
		return nil, err
	}
	id := in.pos[0]
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		now := store.Now()
		_, c, err := write(ctx, store, id, func(s *tournament.Snapshot) (*tournament.Change, error) { return s.Start(now) })
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s is running: %d matches drawn\n", id, len(c.Matches))
		return err
	}, nil
}

// listTournamentsCommand: tournaments list [--organizer ORG].
func listTournamentsCommand(in tournamentsInput) (action, error) {
	if err := in.positional(0, "no arguments besides --organizer"); err != nil {
		return nil, err
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		return listTournaments(ctx, store, in.organizer, stdout)
	}, nil
}

// deleteTournament: tournaments delete ID --yes.
func deleteTournament(in tournamentsInput) (action, error) {
	if err := in.positional(1, "one tournament id"); err != nil {
		return nil, err
	}
	id := in.pos[0]
	if !in.yes {
		return nil, fmt.Errorf("this deletes %s with its matches, results and audit log for good: add --yes", id)
	}
	return func(ctx context.Context, store *cache.Store, _ io.Writer) error {
		return store.DeleteTournament(ctx, id)
	}, nil
}

// exportTournament: tournaments export ID, as indented JSON on stdout.
func exportTournament(in tournamentsInput) (action, error) {
	if err := in.positional(1, "one tournament id"); err != nil {
		return nil, err
	}
	id := in.pos[0]
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		x, err := store.Export(ctx, id)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(x)
	}, nil
}

// importTournament: tournaments import FILE [--organizer ORG].
func importTournament(in tournamentsInput) (action, error) {
	if err := in.positional(1, "one file"); err != nil {
		return nil, err
	}
	raw, err := readFile(in.pos[0], tournament.MaxImportFileBytes)
	if err != nil {
		return nil, err
	}
	x, err := cache.ParseExport(raw)
	if err != nil {
		return nil, fmt.Errorf("%s:\n%w", in.pos[0], err)
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		org, err := store.ImportOrganizer(ctx, in.organizer, x)
		if err != nil {
			return err
		}
		id, err := store.Import(ctx, org, x)
		if errors.Is(err, cache.ErrExists) {
			return fmt.Errorf("%s is here already: delete it first (tournaments delete %s --yes)", x.Tournament.ID, x.Tournament.ID)
		} else if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, id)
		return err
	}, nil
}

// changeEntries: tournaments withdraw ID --discipline D --entry E, and
// tournaments late-entry ID --discipline D --name NAME.
func changeEntries(in tournamentsInput) (action, error) {
	if err := in.positional(1, "one tournament id"); err != nil {
		return nil, err
	}
	id := in.pos[0]
	return func(ctx context.Context, store *cache.Store, _ io.Writer) error {
		now := store.Now()
		_, _, err := write(ctx, store, id, func(s *tournament.Snapshot) (*tournament.Change, error) {
			d, err := findDiscipline(s, in.discipline)
			if err != nil {
				return nil, err
			}
			if in.cmd == "withdraw" {
				e, err := findEntry(s, d, in.entry)
				if err != nil {
					return nil, err
				}
				return s.Withdraw(d.ID, e, now)
			}
			e, err := s.LateEntry(d.ID, in.name)
			if err != nil {
				return nil, err
			}
			return s.AddLateEntry(d.ID, e, now)
		})
		return err
	}, nil
}

// write applies a change to the tournament through the one write path.
func write(ctx context.Context, store *cache.Store, id string, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error) {
	snap, err := store.Snapshot(ctx, id)
	if errors.Is(err, cache.ErrNotFound) {
		return nil, nil, fmt.Errorf("no tournament %s (courtside tournaments list)", id)
	} else if err != nil {
		return nil, nil, err
	}
	return store.Write(ctx, snap, compute)
}

// readFile reads the file name (- for stdin), at most one byte more than
// limit: past the limit, the parser says so and names it, rather than
// reading on or cutting the file short.
func readFile(name string, limit int) ([]byte, error) {
	switch name {
	case "":
		return nil, errors.New("--file is required: a setup file, or - for stdin")
	case "-":
		return io.ReadAll(io.LimitReader(os.Stdin, int64(limit)+1))
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: a failed close loses nothing
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

func findDiscipline(s *tournament.Snapshot, ref string) (*tournament.Discipline, error) {
	for i, d := range s.Tournament.Disciplines {
		if d.ID == ref || strings.EqualFold(d.ShortName, ref) || len(s.Tournament.Disciplines) == 1 && ref == "" {
			return &s.Tournament.Disciplines[i], nil
		}
	}
	return nil, fmt.Errorf("--discipline: no discipline %q", ref)
}

func findEntry(s *tournament.Snapshot, d *tournament.Discipline, ref string) (string, error) {
	for _, id := range d.EntryIDs {
		if e, ok := s.Entries[id]; ok && (id == ref || strings.EqualFold(e.Name, ref)) {
			return id, nil
		}
	}
	return "", fmt.Errorf("--entry: no entry %q in %s", ref, d.Name)
}

func listTournaments(ctx context.Context, store *cache.Store, org string, stdout io.Writer) error {
	orgs, err := store.Organizers(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATE\tSTART\tORGANIZER\tNAME")
	for _, o := range orgs {
		if org != "" && org != o.Slug && org != o.ID {
			continue
		}
		for offset := 0; ; offset += 100 {
			snaps, err := store.Tournaments(ctx, o.ID, cache.ListQuery{Limit: 100, Offset: offset})
			if err != nil {
				return err
			}
			for _, s := range snaps {
				t := s.Tournament
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", t.ID, t.State, t.StartTime.Format(time.DateTime[:16]), o.Slug, t.Name)
			}
			if len(snaps) < 100 {
				break
			}
		}
	}
	return tw.Flush()
}
