package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"courtside/cache"
	"courtside/handlers/console"
	"courtside/tournament"
)

// listOrganizers prints every organizer, a suspended one too, with what it
// holds against its quota.
func listOrganizers(ctx context.Context, store *cache.Store, stdout io.Writer) error {
	orgs, err := store.AllOrganizers(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSLUG\tSPORT\tNAME\tTOURNAMENTS\tMATCHES\tSTORAGE (MiB)\tSTATE")
	for _, o := range orgs {
		u, err := store.Usage(ctx, o.ID)
		if err != nil {
			return err
		}
		off, err := store.Suspended(ctx, o.ID)
		if err != nil {
			return err
		}
		state := "active"
		if off {
			state = "suspended"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d/%d\t%d/%d\t%.1f/%.1f\t%s\n", o.ID, o.Slug, o.Sport, o.Name,
			u.Tournaments, u.Quota.Tournaments, u.Matches, u.Quota.Matches, float64(u.Bytes)/(1<<20), float64(u.Quota.Bytes)/(1<<20), state)
	}
	return tw.Flush()
}

// organizerInvite makes an invitation and prints its address alone: a club
// opens it once to make its organizer and sign in.
func organizerInvite(fs *flag.FlagSet, args []string, getenv func(string) string) (action, error) {
	days := fs.Int("days", int(cache.InviteLifetime/(24*time.Hour)), "how many days the address works")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("organizers invite takes flags only, got %q: %w", fs.Args(), errUsage)
	}
	most := int(cache.MaxInviteLifetime / (24 * time.Hour))
	if *days < 1 || *days > most {
		return nil, fmt.Errorf("--days: %d is not from 1 to %d: %w", *days, most, errUsage)
	}
	base, err := publicURL(getenv("BASE_URL"), envOr(getenv, "ADDR", ":8080"))
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		code, _, err := store.Invite(ctx, time.Duration(*days)*24*time.Hour)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, console.InviteLink(base, code))
		return err
	}, nil
}

// organizerSuspension suspends an organizer (on) or lifts its suspension.
func organizerSuspension(fs *flag.FlagSet, args []string, on bool) (action, error) {
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		return nil, fmt.Errorf("%s takes one organizer (its slug or id): %w", fs.Name(), errUsage)
	}
	ref := fs.Arg(0)
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		org, err := store.OrganizerByRef(ctx, ref)
		if errors.Is(err, cache.ErrNotFound) {
			return fmt.Errorf("no organizer %q (courtside organizers list)", ref)
		} else if err != nil {
			return err
		}
		if err := store.Suspend(ctx, org, on); err != nil {
			return err
		}
		said := "%s (%s) is suspended: its pages, tournaments and API keys answer as if they did not exist, and its logins cannot sign in. Nothing is deleted.\n"
		if !on {
			said = "%s (%s) is back: its pages, tournaments, keys and logins work again.\n"
		}
		_, err = fmt.Fprintf(stdout, said, org.Name, org.Slug)
		return err
	}, nil
}

// createOperator makes the operator's login and prints its secret alone, once.
func createOperator(fs *flag.FlagSet, args []string) (func(context.Context, *cache.Store) (string, error), error) {
	name := fs.String("name", "Operator", "who uses the login")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("keys create-operator takes flags only, got %q: %w", fs.Args(), errUsage)
	}
	if n := strings.TrimSpace(*name); n == "" || len([]rune(n)) > tournament.MaxAccountNameLength {
		return nil, fmt.Errorf("--name: 1 to %d characters: %w", tournament.MaxAccountNameLength, errUsage)
	}
	return func(ctx context.Context, store *cache.Store) (string, error) {
		secret, _, err := store.CreateOperator(ctx, strings.TrimSpace(*name))
		return secret + "\n", err
	}, nil
}
