package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"courtside/cache"
	"courtside/tournament"
)

// keys manages API keys. A created key's secret is printed alone on stdout,
// once.
func keys(args []string, _ func(string) string) (action, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("keys needs a command (create-token, create-public, create-operator, list, revoke): %w", errUsage)
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	var do func(context.Context, *cache.Store) (string, error)
	switch args[0] {
	case "create-token":
		org := fs.String("organizer", "", "organizer id")
		name := fs.String("name", "", "a name for the token (default: the organizer's)")
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if *org == "" {
			return nil, fmt.Errorf("keys create-token: --organizer is required: %w", errUsage)
		}
		do = func(ctx context.Context, store *cache.Store) (string, error) {
			secret, _, err := store.CreateToken(ctx, *org, *name)
			return secret + "\n", err
		}
	case "create-public":
		sport := fs.String("sport", "", "one of table_soccer, petanque, darts, cornhole, table_tennis")
		var r cache.PublicKeyRequest
		fs.StringVar(&r.App, "app", "", "app name")
		fs.StringVar(&r.Applicant, "applicant", "", "applicant name")
		fs.StringVar(&r.Email, "email", "", "delivery e-mail address")
		fs.StringVar(&r.Detail, "description", "", "a short description of the app")
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		s, err := tournament.Parse(*sport, tournament.Sports)
		if err != nil {
			return nil, fmt.Errorf("keys create-public: --sport: %w (%w)", err, errUsage)
		}
		r.Sport = s
		do = func(ctx context.Context, store *cache.Store) (string, error) {
			secret, _, err := store.CreatePublicKey(ctx, r)
			return secret + "\n", err
		}
	case "create-operator":
		var err error
		if do, err = createOperator(fs, args[1:]); err != nil {
			return nil, err
		}
	case "list":
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("keys list takes no arguments, got %q: %w", fs.Args(), errUsage)
		}
		do = listKeys
	case "revoke":
		if err := parse(fs, args[1:]); err != nil {
			return nil, err
		}
		if fs.NArg() != 1 {
			return nil, fmt.Errorf("keys revoke takes one key id: %w", errUsage)
		}
		do = func(ctx context.Context, store *cache.Store) (string, error) {
			return "", store.RevokeKey(ctx, fs.Arg(0))
		}
	default:
		return nil, fmt.Errorf("unknown keys command %q: %w", args[0], errUsage)
	}
	return func(ctx context.Context, store *cache.Store, stdout io.Writer) error {
		out, err := do(ctx, store)
		if err != nil {
			return err
		}
		_, err = io.WriteString(stdout, out)
		return err
	}, nil
}

// listKeys is the table of every key, without secrets.
func listKeys(ctx context.Context, store *cache.Store) (string, error) {
	ks, err := store.Keys(ctx)
	if err != nil {
		return "", err
	}
	var rows strings.Builder
	fmt.Fprintln(&rows, "ID\tKIND\tSPORT\tOWNER\tNAME\tCREATED\tSTATUS")
	for _, k := range ks {
		status := "active"
		if k.Revoked {
			status = "revoked"
		}
		fmt.Fprintf(&rows, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Kind, k.Sport, k.Owner(), k.Name, k.CreatedAt.Format("2006-01-02 15:04"), status)
	}
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	if _, err := io.WriteString(tw, rows.String()); err != nil {
		return "", err
	}
	err = tw.Flush()
	return table.String(), err
}
