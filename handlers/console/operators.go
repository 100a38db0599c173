package console

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// OperatorStore is what the operator's page needs from the store.
type OperatorStore interface {
	AllOrganizers(ctx context.Context) ([]tournament.Organizer, error)
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
	Usage(ctx context.Context, orgID string) (cache.Usage, error)
	SetQuota(ctx context.Context, orgID string, q tournament.Quota) error
	Suspended(ctx context.Context, orgID string) (bool, error)
	Suspend(ctx context.Context, o tournament.Organizer, on bool) error
	Invite(ctx context.Context, ttl time.Duration) (string, time.Time, error)
}

// Operators serves the operator's page: whoever runs the server lists the
// organizers with their usage and quotas, raises a quota, invites a club
// and suspends an organizer. Only the operator's login reaches it.
type Operators struct {
	Admin *Admin
	Store OperatorStore
	// BaseURL is the site's public address: invitations lead there.
	BaseURL string
}

// OperatorOnly lets through only the operator's login: anyone not signed in
// goes to the sign-in, and an organizer's login (a helper's too) is refused.
func (a *Admin) OperatorOnly(h func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		k, ok, err := a.login(r)
		if err != nil {
			return err
		}
		if !ok {
			return toSignIn(w, r)
		}
		if k.Kind != record.KindOperator {
			return reply.Status(http.StatusForbidden, templates.T(r.Context(), "This page is the operator's: whoever runs this server signs in to it with the operator's login."))
		}
		w.Header().Set("Cache-Control", "no-store")
		return h(w, r.WithContext(reply.WithCaller(r.Context(), k)))
	}
}

// Page lists the organizers with their usage and quotas.
func (o *Operators) Page(w http.ResponseWriter, r *http.Request) error {
	return o.render(w, r, http.StatusOK, templates.OperatorPage{}, "", nil)
}

// quotaFields are the quota form's fields: each one's name, unit (a field
// in MiB is a quota in bytes), largest value, and part of a quota.
var quotaFields = []struct {
	name      string
	unit, max int
	of        func(q *tournament.Quota) *int
}{
	{"tournaments", 1, 1 << 30, func(q *tournament.Quota) *int { return &q.Tournaments }},
	{"matches", 1, 1 << 30, func(q *tournament.Quota) *int { return &q.Matches }},
	{"storage", 1 << 20, 1 << 20, func(q *tournament.Quota) *int { return &q.Bytes }},
	{"writes", 1, 1 << 30, func(q *tournament.Quota) *int { return &q.Writes }},
}

// render shows the page; typed, when set, are the quota form's fields as
// sent for the organizer with the id edited, with their problems.
func (o *Operators) render(w http.ResponseWriter, r *http.Request, status int, page templates.OperatorPage, edited string, typed map[string]templates.Field) error {
	ctx := r.Context()
	orgs, err := o.Store.AllOrganizers(ctx)
	if err != nil {
		return err
	}
	page.Page = o.Admin.Layout(r, templates.T(ctx, "Organizers"))
	for _, org := range orgs {
		u, err := o.Store.Usage(ctx, org.ID)
		if err != nil {
			return err
		}
		off, err := o.Store.Suspended(ctx, org.ID)
		if err != nil {
			return err
		}
		row := templates.OperatorOrganizer{ID: org.ID, Name: org.Name, Slug: org.Slug, Sport: string(org.Sport), Suspended: off,
			Tournaments: templates.Usage{Used: float64(u.Tournaments), Quota: float64(u.Quota.Tournaments), Default: float64(tournament.DefaultQuota.Tournaments), Counted: true},
			Matches:     templates.Usage{Used: float64(u.Matches), Quota: float64(u.Quota.Matches), Default: float64(tournament.DefaultQuota.Matches), Counted: true},
			Storage:     templates.Usage{Used: mib(u.Bytes), Quota: mib(u.Quota.Bytes), Default: mib(tournament.DefaultQuota.Bytes), Decimals: 1, Counted: true},
			Writes:      templates.Usage{Quota: float64(u.Quota.Writes), Default: float64(tournament.DefaultQuota.Writes)},
		}
		fields := map[string]*templates.Field{"tournaments": &row.QuotaTournaments, "matches": &row.QuotaMatches, "storage": &row.QuotaStorage, "writes": &row.QuotaWrites}
		for _, qf := range quotaFields {
			f := fields[qf.name]
			f.Name, f.ID = qf.name, qf.name+"-"+org.Slug
			if v := *qf.of(&u.Quota); v != *qf.of(&tournament.DefaultQuota) {
				f.Value = fmt.Sprint(v / qf.unit)
			}
			if t, ok := typed[qf.name]; ok && org.ID == edited {
				f.Value, f.Error = t.Value, t.Error
				if t.Error != "" {
					page.Problems = append(page.Problems, templates.ProblemLink{Href: "#" + f.ID, Where: org.Name, Message: t.Error})
				}
			}
		}
		page.Organizers = append(page.Organizers, row)
	}
	return reply.HTMLStatus(w, r, status, templates.Operator(page))
}

// mib is bytes in MiB.
func mib(b int) float64 { return float64(b) / (1 << 20) }

// organizer finds the organizer the operator's form names.
func (o *Operators) organizer(r *http.Request) (tournament.Organizer, error) {
	org, err := o.Store.Organizer(r.Context(), r.PathValue("org"))
	return org, reply.NotFoundAs(err, "organizer")
}

// SaveQuota sets an organizer's quota: an empty field is the limits table's value.
func (o *Operators) SaveQuota(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	org, err := o.organizer(r)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	if err := r.ParseForm(); err != nil {
		return reply.Status(http.StatusRequestEntityTooLarge, templates.T(ctx, "The form was too long; type the quota again."))
	}
	var q tournament.Quota
	typed := map[string]templates.Field{}
	bad := false
	for _, qf := range quotaFields {
		raw := strings.TrimSpace(r.PostFormValue(qf.name))
		f := templates.Field{Value: raw}
		if raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil || n < 0 || n > qf.max {
				f.Error = templates.Tf(ctx, "A whole number from 0 to %d, or empty for the limits table's value.", qf.max)
				bad = true
			}
			*qf.of(&q) = n * qf.unit
		}
		typed[qf.name] = f
	}
	if bad {
		return o.render(w, r, http.StatusUnprocessableEntity, templates.OperatorPage{}, org.ID, typed)
	}
	if err := o.Store.SetQuota(ctx, org.ID, q); err != nil {
		return err
	}
	return o.render(w, r, http.StatusOK, templates.OperatorPage{Flash: templates.Tf(ctx, "The quota of %s is saved.", org.Name)}, "", nil)
}

// Suspend suspends an organizer, after asking: its pages, tournaments and
// keys are as if they did not exist, and nothing is deleted.
func (o *Operators) Suspend(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	org, err := o.organizer(r)
	if err != nil {
		return err
	}
	if !Confirmed(r) {
		return o.Admin.AskFirst(w, r, templates.Tf(ctx, "Suspend %s? Its pages, tournaments and API keys are then as if they did not exist and its logins cannot sign in, until you lift it. Nothing is deleted.", org.Name),
			templates.T(ctx, "Suspend"), "/operator")
	}
	if err := o.Store.Suspend(ctx, org, true); err != nil {
		return err
	}
	return o.render(w, r, http.StatusOK, templates.OperatorPage{Flash: templates.Tf(ctx, "%s is suspended. Nothing of it is deleted.", org.Name)}, "", nil)
}

// Unsuspend lifts an organizer's suspension: all of it is back as it was.
func (o *Operators) Unsuspend(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	org, err := o.organizer(r)
	if err != nil {
		return err
	}
	if err := o.Store.Suspend(ctx, org, false); err != nil {
		return err
	}
	return o.render(w, r, http.StatusOK, templates.OperatorPage{Flash: templates.Tf(ctx, "%s is back: its pages, tournaments and logins work again.", org.Name)}, "", nil)
}

// Invite makes an invitation and shows its address, once.
func (o *Operators) Invite(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	code, expires, err := o.Store.Invite(ctx, cache.InviteLifetime)
	if err != nil {
		return err
	}
	inv := &templates.Invitation{Link: InviteLink(o.BaseURL, code), Expires: expires.UTC().Format("2006-01-02 15:04 UTC")}
	return o.render(w, r, http.StatusOK, templates.OperatorPage{Invite: inv}, "", nil)
}

// InviteLink is the address of an invitation on the site at base.
func InviteLink(base, code string) string { return strings.TrimSuffix(base, "/") + "/invite/" + code }
