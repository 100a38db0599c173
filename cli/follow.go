package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"text/tabwriter"

	"courtside/cache"
	"courtside/record"
	"courtside/upstream"
)

// follow follows a tournament that runs in the tournament application: it
// reads it whole into the Redis at REDIS_URL and prints its id and the
// webhook address to paste into the application's settings. The servers on
// that Redis keep the copy current.
func follow(args []string, getenv func(string) string) (action, error) {
	base, err := publicURL(getenv("BASE_URL"), envOr(getenv, "ADDR", ":8080"))
	if err != nil {
		return nil, err
	}
	follower := func(store *cache.Store) *upstream.Follower {
		f := upstream.New(store, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})), base)
		f.AllowPrivate = getenv("WEBHOOK_ALLOW_PRIVATE") == "1" // the same opt-in as webhooks: follows dial public addresses only
		return f
	}
	if len(args) > 0 && (args[0] == "list" || args[0] == "stop") {
		fs := flag.NewFlagSet("follow "+args[0], flag.ContinueOnError)
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if args[0] == "list" {
			if fs.NArg() > 0 {
				return nil, fmt.Errorf("follow list takes no arguments, got %q: %w", fs.Args(), errUsage)
			}
			return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
				return followList(ctx, store, follower(store), stdout)
			}, nil
		}
		if fs.NArg() != 1 {
			return nil, fmt.Errorf("follow stop takes the tournament's id (%w)", errUsage)
		}
		return func(ctx context.Context, store *cache.Store, _ io.Writer) error {
			return follower(store).Stop(ctx, fs.Arg(0))
		}, nil
	}
	fs := flag.NewFlagSet("follow", flag.ContinueOnError)
	var req upstream.Request
	fs.StringVar(&req.Upstream, "upstream", "", "the Public API's base address (…/v1/public)")
	fs.StringVar(&req.Key, "key", "", "an API token (results are sent through) or a public API key (read-only)")
	fs.StringVar(&req.TournamentID, "tournament", "", "the tournament's id upstream (it stays the same here)")
	fs.StringVar(&req.OrganizerSlug, "organizer", "", "a local organizer to own the copy (default: one made from the upstream's)")
	fs.IntVar(&req.Budget, "budget", record.DefaultFollowBudget, fmt.Sprintf("GET requests a minute, for every instance (at most %d)", record.MaxFollowBudget))
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unknown follow command %q (list, stop, or flags only): %w", fs.Arg(0), errUsage)
	}
	if req.Upstream == "" || req.Key == "" || req.TournamentID == "" {
		return nil, fmt.Errorf("--upstream, --key and --tournament are required (%w)", errUsage)
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		f := follower(store)
		fl, err := f.Follow(ctx, req)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n%s\n", fl.ID, f.WebhookURL(fl))
		return err
	}, nil
}

func followList(ctx context.Context, store *cache.Store, f *upstream.Follower, stdout io.Writer) error {
	follows, err := store.Follows(ctx)
	if err != nil {
		return err
	}
	var rows strings.Builder
	rows.WriteString("TOURNAMENT\tUPSTREAM\tKIND\tLAST SYNC\tBUDGET USE\tERRORS\tLAST ERROR\tWEBHOOK\n")
	statuses, err := store.FollowStatuses(ctx, follows...)
	if err != nil {
		return err
	}
	for i, fl := range follows {
		st := statuses[i]
		kind, last := "read-only", "never"
		if fl.Token {
			kind = "token"
		}
		if !st.LastSync.IsZero() {
			last = st.LastSync.UTC().Format("2006-01-02 15:04:05")
		}
		fmt.Fprintf(&rows, "%s\t%s\t%s\t%s\t%d/%d per min\t%d\t%s\t%s\n", fl.ID, fl.Upstream, kind, last, st.Used, fl.Budget,
			st.Errors, st.LastError, f.WebhookURL(fl))
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	if _, err := io.WriteString(tw, rows.String()); err != nil {
		return err
	}
	return tw.Flush()
}
