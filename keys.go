package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"courtside/cache"
	"courtside/tournament"
)

const keysUsage = `usage:
  courtside keys create-token --organizer ID [--name NAME]
  courtside keys create-public --sport SPORT --app NAME --applicant NAME --email ADDR --description TEXT
  courtside keys list
  courtside keys revoke ID`

// keys manages API keys. A created key's secret is printed alone on stdout, once.
func keys(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	if len(args) == 0 {
		return fmt.Errorf("%s", keysUsage)
	}
	store, closeRedis, err := realStore(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeRedis()
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	switch args[0] {
	case "create-token":
		org := fs.String("organizer", "", "organizer id")
		name := fs.String("name", "", "a name for the token (default: the organizer's)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *org == "" {
			return fmt.Errorf("--organizer is required\n%s", keysUsage)
		}
		secret, _, err := store.CreateToken(ctx, *org, *name)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, secret)
	case "create-public":
		sport := fs.String("sport", "", "one of table_soccer, petanque, darts, cornhole, table_tennis")
		var r cache.PublicKeyRequest
		fs.StringVar(&r.App, "app", "", "app name")
		fs.StringVar(&r.Applicant, "applicant", "", "applicant name")
		fs.StringVar(&r.Email, "email", "", "delivery e-mail address")
		fs.StringVar(&r.Detail, "description", "", "a short description of the app")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		s, err := tournament.Parse(*sport, tournament.Sports)
		if err != nil {
			return fmt.Errorf("--sport: %w", err)
		}
		r.Sport = s
		secret, _, err := store.CreatePublicKey(ctx, r)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, secret)
	case "list":
		ks, err := store.Keys(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tKIND\tSPORT\tOWNER\tNAME\tCREATED\tSTATUS")
		for _, k := range ks {
			status := "active"
			if k.Revoked {
				status = "revoked"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Kind, k.Sport, k.Owner(), k.Name, k.CreatedAt.Format("2006-01-02 15:04"), status)
		}
		return tw.Flush()
	case "revoke":
		if len(args) != 2 {
			return fmt.Errorf("%s", keysUsage)
		}
		return store.RevokeKey(ctx, args[1])
	default:
		return fmt.Errorf("unknown keys command %q\n%s", args[0], keysUsage)
	}
	return nil
}
