package console

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"courtside/cache"
	"courtside/handlers/reply"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// AccountStore is what the first-run setup and the logins of helpers need from the store.
type AccountStore interface {
	SetupOpen(ctx context.Context, code string) (bool, error)
	FirstOrganizer(ctx context.Context, code string, o tournament.Organizer) (string, record.Key, error)
	InviteOpen(ctx context.Context, code string) (bool, error)
	InvitedOrganizer(ctx context.Context, code string, o tournament.Organizer) (string, record.Key, error)
	CreateHelper(ctx context.Context, organizerID, name string, role record.Role) (record.Key, error)
	Helpers(ctx context.Context, organizerID string) ([]record.Key, error)
	KeyHash(ctx context.Context, id string) (string, error)
	KeyByHash(ctx context.Context, sha string) (record.Key, error)
	RevokeKey(ctx context.Context, id string) error
	CreateSignInLink(ctx context.Context, keySHA string, ttl time.Duration) (string, error)
	SignInLink(ctx context.Context, code string) (string, error)
	UseSignInLink(ctx context.Context, code string) (string, error)
	Organizer(ctx context.Context, id string) (tournament.Organizer, error)
}

// Accounts serves the first run (the setup address the banner prints makes
// the first organizer), an operator's invitations (each makes one club's
// organizer), the helpers' logins, and signing a phone in by a QR
// code shown on a signed-in laptop.
type Accounts struct {
	Admin *Admin
	Store AccountStore
	// BaseURL is the site's public address: the QR codes lead there.
	BaseURL string
}

// SignInLinkLifetime is how long a sign-in QR code can be used (once).
const SignInLinkLifetime = 10 * time.Minute

// maxAccountForm caps the forms of this file: a few short fields.
const maxAccountForm = 8 << 10

// FullAccess lets through only logins with the full role: a helper who
// enters results cannot change setup, entries, screens or logins.
func (a *Admin) FullAccess(h func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if reply.Caller(r.Context()).Role != record.RoleFull {
			return reply.Status(http.StatusForbidden, templates.T(r.Context(), "Your login enters results; the organizer's login changes the rest."))
		}
		return h(w, r)
	}
}

// startSession signs this browser in with the key whose secret hashes to keySHA.
func (a *Admin) startSession(w http.ResponseWriter, r *http.Request, keySHA string) error {
	id, err := a.Store.CreateSession(r.Context(), keySHA, SessionLifetime)
	if err != nil {
		return err
	}
	s, _ := a.Sessions.New(r, sessionName)
	s.Values[sessionID] = id
	return a.save(w, r, s)
}

// clubForm is a form that makes an organizer with a one-time code and signs
// its browser in: the first run's (the address the banner prints) or an
// operator's invitation.
type clubForm struct {
	path    string // the form's address without its code
	invited bool
	open    func(ctx context.Context, code string) (bool, error)
	create  func(ctx context.Context, code string, o tournament.Organizer) (string, record.Key, error)
	used    func(ctx context.Context) error
}

func (acc *Accounts) firstRun() clubForm {
	return clubForm{path: "/setup/", open: acc.Store.SetupOpen, create: acc.Store.FirstOrganizer, used: setupUsed}
}

func (acc *Accounts) invitation() clubForm {
	return clubForm{path: "/invite/", invited: true, open: acc.Store.InviteOpen, create: acc.Store.InvitedOrganizer, used: inviteUsed}
}

func (acc *Accounts) clubPage(r *http.Request, f clubForm) templates.SetupPage {
	ctx := r.Context()
	title := templates.T(ctx, "Set up Courtside")
	if f.invited {
		title = templates.T(ctx, "Your club on Courtside")
	}
	return templates.SetupPage{Page: acc.Admin.Layout(r, title), Action: f.path + r.PathValue("code"), Invited: f.invited,
		Sports: sportChoices(ctx), Name: templates.Field{Name: "name"}, Slug: templates.Field{Name: "slug"}, Sport: templates.Field{Name: "sport"}}
}

// SetupForm shows the first-run setup to the holder of the address the banner printed.
func (acc *Accounts) SetupForm(w http.ResponseWriter, r *http.Request) error {
	return acc.showClubForm(w, r, acc.firstRun())
}

// Setup makes the first organizer and signs this browser in with its new API
// token, shown once. Every problem of the form is shown beside its field.
func (acc *Accounts) Setup(w http.ResponseWriter, r *http.Request) error {
	return acc.makeClub(w, r, acc.firstRun())
}

// InviteForm shows an operator's invitation to the club that got its address.
func (acc *Accounts) InviteForm(w http.ResponseWriter, r *http.Request) error {
	return acc.showClubForm(w, r, acc.invitation())
}

// Invited makes the invited club's organizer, uses the invitation up, and
// signs this browser in with the new API token, shown once.
func (acc *Accounts) Invited(w http.ResponseWriter, r *http.Request) error {
	return acc.makeClub(w, r, acc.invitation())
}

func (acc *Accounts) showClubForm(w http.ResponseWriter, r *http.Request, f clubForm) error {
	open, err := f.open(r.Context(), r.PathValue("code"))
	if err != nil {
		return err
	}
	if !open {
		return f.used(r.Context())
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.Setup(acc.clubPage(r, f)))
}

func setupUsed(ctx context.Context) error {
	return reply.Status(http.StatusNotFound, templates.T(ctx, "This setup address was used already or is not the one printed last. Sign in with your API token, or restart Courtside for a new address while there is no organizer."))
}

func inviteUsed(ctx context.Context) error {
	return reply.Status(http.StatusGone, templates.T(ctx, "This invitation was used already or has expired. If your club was made with it, sign in with its API token; otherwise ask the operator of this server for a new one."))
}

func (acc *Accounts) makeClub(w http.ResponseWriter, r *http.Request, f clubForm) error {
	ctx := r.Context()
	code := r.PathValue("code")
	open, err := f.open(ctx, code)
	if err != nil {
		return err
	}
	if !open {
		return f.used(ctx)
	}
	page := acc.clubPage(r, f)
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	if err := r.ParseForm(); err != nil {
		page.Name.Error = templates.T(ctx, "The form was too long; type the names again.")
		return reply.HTMLStatus(w, r, http.StatusRequestEntityTooLarge, templates.Setup(page))
	}
	page.Name.Value, page.Slug.Value, page.Sport.Value = r.PostFormValue("name"), strings.TrimSpace(r.PostFormValue("slug")), r.PostFormValue("sport")
	fields := map[string]*templates.Field{"name": &page.Name, "slug": &page.Slug, "sport": &page.Sport}
	slug := page.Slug.Value
	if slug == "" {
		slug = Slugify(page.Name.Value)
	}
	org, problems := tournament.NewOrganizer(page.Name.Value, slug, page.Sport.Value)
	if utf8.RuneCountInString(page.Name.Value) > tournament.MaxAccountNameLength {
		page.Name.Error = templates.Tf(ctx, "At most %d characters.", tournament.MaxAccountNameLength)
	}
	for _, p := range problems {
		if f := fields[p.Path]; f != nil && f.Error == "" {
			f.Error = templates.Reason(ctx, p.Format, p.Args...)
		}
	}
	if page.Slug.Error != "" && page.Slug.Value == "" {
		page.Slug.Error = templates.T(ctx, "Choose the address of your results page: lower-case letters, digits and hyphens, 3 to 40 characters.")
	}
	if page.Name.Error != "" || page.Slug.Error != "" || page.Sport.Error != "" {
		return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.Setup(page))
	}
	secret, _, err := f.create(ctx, code, org)
	switch {
	case errors.Is(err, cache.ErrSetupUsed), errors.Is(err, cache.ErrInviteUsed):
		return f.used(ctx)
	case errors.Is(err, cache.ErrSlugTaken):
		page.Slug.Value = org.Slug
		page.Slug.Error = templates.Tf(ctx, "/o/%s belongs to another organizer already: choose another address.", org.Slug)
		return reply.HTMLStatus(w, r, http.StatusUnprocessableEntity, templates.Setup(page))
	case err != nil:
		return err
	}
	if err := acc.Admin.startSession(w, r, cache.Hash(secret)); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.SetupDone(templates.SetupDonePage{Page: acc.Admin.Layout(r, templates.T(ctx, "Courtside is ready")),
		Organizer: org.Name, Token: secret, ResultsHref: "/o/" + org.Slug}))
}

// Slugify makes a result page's address from a name: "TSV Süd 1860" is "tsv-sud-1860".
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case unicode.Is(unicode.Mn, r): // the accent of a decomposed letter
		case r == 'ß':
			b.WriteString("ss")
			dash = false
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
		default:
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
				dash = true
			}
		}
		if b.Len() >= 40 {
			break
		}
	}
	return strings.Trim(b.String()[:min(b.Len(), 40)], "-")
}

func sportChoices(ctx context.Context) []templates.Option {
	var out []templates.Option
	for _, s := range tournament.Sports {
		out = append(out, templates.Option{Value: string(s), Label: templates.T(ctx, string(s))})
	}
	return out
}

// Logins lists the helpers' logins, with forms to make one, revoke one, and
// to sign a phone in.
func (acc *Accounts) Logins(w http.ResponseWriter, r *http.Request) error {
	return acc.renderLogins(w, r, http.StatusOK, templates.LoginsPage{Name: templates.Field{Name: "name"}})
}

func (acc *Accounts) renderLogins(w http.ResponseWriter, r *http.Request, status int, page templates.LoginsPage) error {
	ctx := r.Context()
	k := reply.Caller(ctx)
	org, err := acc.Store.Organizer(ctx, k.OrganizerID)
	if err != nil {
		return err
	}
	helpers, err := acc.Store.Helpers(ctx, k.OrganizerID)
	if err != nil {
		return err
	}
	page.Page = acc.Admin.Layout(r, templates.T(ctx, "Logins"))
	page.Organizer = org.Name
	for _, h := range helpers {
		page.Helpers = append(page.Helpers, templates.HelperLogin{ID: h.ID, Name: h.Name, ResultsOnly: h.Role == record.RoleResults})
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTMLStatus(w, r, status, templates.Logins(page))
}

// CreateHelper makes a helper's login and shows the QR code that signs the
// helper's phone in.
func (acc *Accounts) CreateHelper(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	page := templates.LoginsPage{Name: templates.Field{Name: "name"}}
	if err := r.ParseForm(); err != nil {
		page.Name.Error = templates.T(ctx, "The form was too long; type the name again.")
		return acc.renderLogins(w, r, http.StatusRequestEntityTooLarge, page)
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	page.Name.Value = name
	role := record.RoleResults
	if r.PostFormValue("role") == "full" {
		role = record.RoleFull
	}
	page.Full = role == record.RoleFull
	switch {
	case name == "":
		page.Name.Error = templates.T(ctx, "Give the helper a name, such as Desk 2 or Anna.")
	case utf8.RuneCountInString(name) > tournament.MaxAccountNameLength:
		page.Name.Error = templates.Tf(ctx, "At most %d characters.", tournament.MaxAccountNameLength)
	}
	if page.Name.Error != "" {
		return acc.renderLogins(w, r, http.StatusUnprocessableEntity, page)
	}
	k, err := acc.Store.CreateHelper(ctx, reply.Caller(ctx).OrganizerID, name, role)
	if errors.Is(err, cache.ErrTooManyHelpers) {
		page.Name.Error = templates.Tf(ctx, "You have %d helpers' logins: revoke one first.", tournament.MaxHelpers)
		return acc.renderLogins(w, r, http.StatusUnprocessableEntity, page)
	}
	if err != nil {
		return err
	}
	sha, err := acc.Store.KeyHash(ctx, k.ID)
	if err != nil {
		return err
	}
	return acc.showSignIn(w, r, sha, k.Name)
}

// RevokeHelper ends a helper's login: its phone is signed out at its next step.
func (acc *Accounts) RevokeHelper(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	k, err := acc.helper(ctx, r.PathValue("keyId"))
	if err != nil {
		return err
	}
	if !Confirmed(r) {
		return acc.Admin.AskFirst(w, r, templates.Tf(ctx, "Revoke the login of %s? Its phone is signed out at once.", k.Name),
			templates.T(ctx, "Revoke"), "/admin/logins")
	}
	if err := acc.Store.RevokeKey(ctx, k.ID); err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/logins", http.StatusSeeOther)
	return nil
}

// helper finds a helper's login of the signed-in organizer; another's is not found.
func (acc *Accounts) helper(ctx context.Context, id string) (record.Key, error) {
	sha, err := acc.Store.KeyHash(ctx, id)
	if err != nil {
		return record.Key{}, reply.NotFoundAs(err, "login")
	}
	k, err := acc.Store.KeyByHash(ctx, sha)
	if errors.Is(err, cache.ErrRevoked) {
		return record.Key{}, reply.NotFound("login")
	}
	if err != nil {
		return record.Key{}, reply.NotFoundAs(err, "login")
	}
	if !k.Helper || k.Revoked || k.OrganizerID != reply.Caller(ctx).OrganizerID {
		return record.Key{}, reply.NotFound("login")
	}
	return k, nil
}

// HelperSignIn shows a new QR code that signs a phone in as the helper.
func (acc *Accounts) HelperSignIn(w http.ResponseWriter, r *http.Request) error {
	k, err := acc.helper(r.Context(), r.PathValue("keyId"))
	if err != nil {
		return err
	}
	sha, err := acc.Store.KeyHash(r.Context(), k.ID)
	if err != nil {
		return err
	}
	return acc.showSignIn(w, r, sha, k.Name)
}

// PhoneSignIn shows a QR code that signs a phone in as whoever is signed in here.
func (acc *Accounts) PhoneSignIn(w http.ResponseWriter, r *http.Request) error {
	k := reply.Caller(r.Context())
	sha, err := acc.Store.KeyHash(r.Context(), k.ID)
	if err != nil {
		return err
	}
	return acc.showSignIn(w, r, sha, k.Name)
}

// showSignIn makes a one-time sign-in code for the key and shows it as a QR code.
func (acc *Accounts) showSignIn(w http.ResponseWriter, r *http.Request, keySHA, name string) error {
	ctx := r.Context()
	code, err := acc.Store.CreateSignInLink(ctx, keySHA, SignInLinkLifetime)
	if err != nil {
		return err
	}
	link := acc.BaseURL + "/signin/" + code
	qr, err := templates.NewQR(link)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.SignInQR(templates.SignInQRPage{Page: acc.Admin.Layout(r, templates.T(ctx, "Sign a phone in")),
		Name: name, Link: link, QR: qr, Minutes: int(SignInLinkLifetime.Minutes()), LocalOnly: localOnly(acc.BaseURL)}))
}

// localOnly says whether an address is one only this computer can open.
func localOnly(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// SignInLinkForm shows, to the phone that opened a sign-in QR code, who it
// will be signed in as, and a button: opening the address alone (a link
// preview, a prefetch) uses nothing up.
func (acc *Accounts) SignInLinkForm(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sha, err := acc.Store.SignInLink(ctx, r.PathValue("code"))
	if errors.Is(err, cache.ErrNotFound) {
		return signInLinkUsed(ctx)
	}
	if err != nil {
		return err
	}
	k, err := acc.Store.KeyByHash(ctx, sha)
	if errors.Is(err, cache.ErrSuspended) {
		return reply.Status(http.StatusForbidden, suspendedText(ctx))
	} else if err != nil {
		return signInLinkUsed(ctx)
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply.HTML(w, r, templates.SignInLink(templates.SignInLinkPage{Page: acc.Admin.Layout(r, templates.T(ctx, "Sign in")), Name: k.Name, Action: "/signin/" + r.PathValue("code")}))
}

func signInLinkUsed(ctx context.Context) error {
	return reply.Status(http.StatusNotFound, templates.T(ctx, "This sign-in code was used already or has expired. Ask for a new one on the signed-in computer (Logins)."))
}

// UseSignInLink signs this browser in with the code, once.
func (acc *Accounts) UseSignInLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sha, err := acc.Store.UseSignInLink(ctx, r.PathValue("code"))
	if errors.Is(err, cache.ErrNotFound) {
		return signInLinkUsed(ctx)
	}
	if err != nil {
		return err
	}
	if _, err := acc.Store.KeyByHash(ctx, sha); errors.Is(err, cache.ErrSuspended) {
		return reply.Status(http.StatusForbidden, suspendedText(ctx))
	} else if err != nil {
		return signInLinkUsed(ctx)
	}
	if err := acc.Admin.startSession(w, r, sha); err != nil {
		return err
	}
	http.Redirect(w, r, "/admin", http.StatusSeeOther)
	return nil
}
