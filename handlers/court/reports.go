// Package court is the court pages: players report a result from a printed
// card's code, and the console settles, prints and renews those cards.
package court

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/angelofallars/htmx-go"

	"courtside/app"
	"courtside/cache"
	"courtside/handlers/console"
	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/live"
	"courtside/locale"
	"courtside/record"
	"courtside/templates"
	"courtside/tournament"
)

// CourtReportStore is what reporting from the courts needs of the store.
type CourtReportStore interface {
	Snapshot(ctx context.Context, id string) (*tournament.Snapshot, error)
	Suspended(ctx context.Context, orgID string) (bool, error)
	CourtByCode(ctx context.Context, code string) (tournamentID, courtID string, err error)
	CourtCodes(ctx context.Context, tournamentID string, courtIDs []string, renew bool) (map[string]string, error)
	ReportCourt(ctx context.Context, tournamentID, courtID string, compute func(*tournament.CourtReport) (*tournament.CourtReport, error)) (*tournament.CourtReport, error)
	Write(ctx context.Context, from *tournament.Snapshot, compute func(*tournament.Snapshot) (*tournament.Change, error)) (*tournament.Snapshot, *tournament.Change, error)
	Allow(ctx context.Context, sha string, limit int) (bool, time.Duration, error)
	Follow(ctx context.Context, id string) (record.Follow, error)
}

// CourtReports lets the players at a court report their match's result from
// their phones: a printed card per court whose QR code opens the court page
// (/c/{code}), and, in the console, the cards, the setting of who enters
// results, and the disputes to settle. A code reaches its court's current
// match and nothing else; a device is a random cookie and nothing more.
type CourtReports struct {
	Admin *console.Admin
	Store CourtReportStore
	// Reports takes the reports and sets the results they agree on.
	Reports *app.CourtReports
	BaseURL string
	Now     func() time.Time
	// Streams push changes to the court page; nil: it polls.
	Streams reply.Streams
}

// Live streams the changes of the tournament of a court card's court: the
// stream its court page follows.
func (c *CourtReports) Live(w http.ResponseWriter, r *http.Request) error {
	snap, _, err := c.court(r)
	if err != nil {
		return err
	}
	return reply.Stream(w, r, c.Streams, live.Topic{ID: snap.Tournament.ID, Version: snap.Version})
}

// deviceCookie holds a device's random id: all Courtside knows of a phone.
const deviceCookie = "courtside_device"

// maxReportBody bounds a court page's form; a result is far smaller.
const maxReportBody = 16 << 10

// deviceOf is what the store knows of the request's device: the SHA-256 of
// its random id (a copy of the store cannot pose as the phone); "" when the
// request carries no well-formed id.
func deviceOf(r *http.Request) string {
	c, err := r.Cookie(deviceCookie)
	if err != nil || len(c.Value) != 32 {
		return ""
	}
	if _, err := hex.DecodeString(c.Value); err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(c.Value))
	return hex.EncodeToString(sum[:16])
}

// giveDevice sets a new random device id on the response and returns what
// the store will know of it.
func giveDevice(w http.ResponseWriter, r *http.Request) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := hex.EncodeToString(b)
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: id, Path: "/c/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: reply.HTTPS(r), SameSite: http.SameSiteLaxMode})
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:16])
}

func (c *CourtReports) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// errCardInvalid is a code that opens nothing: unknown, renewed, expired,
// or of a court the tournament no longer has.
var errCardInvalid = errors.New("court card not valid")

// cardInvalid says so to the phone that scanned it, in words a player acts on.
func (c *CourtReports) cardInvalid(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	return reply.HTMLStatus(w, r, http.StatusNotFound, templates.Error(templates.ErrorPage{
		Page:   templates.Page{Title: templates.T(ctx, "Court card not valid"), Assets: c.Admin.Assets, Path: r.URL.Path},
		Status: http.StatusNotFound, Heading: templates.T(ctx, "Court card not valid"),
		Message: templates.T(ctx, "This court card is not valid (any more): ask the desk for the current one.")}))
}

// court finds the court a card's code belongs to, and its tournament.
func (c *CourtReports) court(r *http.Request) (*tournament.Snapshot, *tournament.Court, error) {
	ctx := r.Context()
	tid, cid, err := c.Store.CourtByCode(ctx, r.PathValue("code"))
	if errors.Is(err, cache.ErrNotFound) {
		return nil, nil, errCardInvalid
	}
	if err != nil {
		return nil, nil, err
	}
	snap, err := c.Store.Snapshot(ctx, tid)
	if errors.Is(err, cache.ErrNotFound) {
		return nil, nil, errCardInvalid
	}
	if err != nil {
		return nil, nil, err
	}
	if off, err := c.Store.Suspended(ctx, snap.Tournament.OrganizerID); err != nil || off {
		return nil, nil, cmp.Or(err, errCardInvalid) // a suspended organizer's cards open nothing
	}
	court, ok := snap.Court(cid)
	if !ok {
		return nil, nil, errCardInvalid
	}
	views.InSport(r, snap)
	return snap, court, nil
}

// writable says whether results may be written for the tournament from
// here: its own, or a followed one whose results are written through.
func (c *CourtReports) writable(ctx context.Context, snap *tournament.Snapshot) (bool, error) {
	if snap.Tournament.Mirror == nil {
		return true, nil
	}
	f, err := c.Store.Follow(ctx, snap.Tournament.ID)
	if errors.Is(err, cache.ErrNotFound) {
		return false, nil
	}
	return err == nil && f.Token, err
}

// view lays the court page out for the device: the court's current match,
// what was reported of it, and the form filled with form.
func (c *CourtReports) view(r *http.Request, snap *tournament.Snapshot, court *tournament.Court, dev string, form tournament.Encounters) (templates.CourtReportPage, error) {
	ctx := r.Context()
	t := snap.Tournament
	href := "/c/" + r.PathValue("code")
	p := templates.CourtReportPage{Page: templates.Page{Title: court.Name + " · " + t.Name, Assets: c.Admin.Assets, Path: r.URL.Path},
		Tournament: t.Name, Court: court.Name, Action: href,
		Poll: templates.Poll{ID: views.LivePart, Href: href, On: !views.Over(snap), Every: 3000, ETag: courtTag(r, snap, dev),
			Stream: href + "/live?v=" + strconv.FormatInt(snap.Version, 10)}}
	m := snap.CourtMatch(court.ID)
	if m == nil && court.Closed {
		p.Idle, p.Closed = templates.Tf(ctx, "%s is closed: no match is called to it any more.", court.Name), true
		return p, nil
	}
	if m == nil {
		p.Idle = templates.Tf(ctx, "No match is being played on %s now.", court.Name)
		return p, nil
	}
	if court.Closed {
		p.Closing = templates.Tf(ctx, "%s closes after this match.", court.Name)
	}
	ok, err := c.writable(ctx, snap)
	if err != nil {
		return p, err
	}
	running := t.State == tournament.StateRunning
	p.CanReport = ok && running && t.ReportingOf() != tournament.ReportingDesk
	p.CanLive = ok && running && t.PlayersLive
	if !p.CanReport && !p.CanLive {
		p.Note = templates.T(ctx, "Results are entered at the desk in this tournament.")
	}
	mv := views.MatchView(ctx, snap, m, true)
	p.Match, p.MatchID = &mv, m.ID
	g, _ := snap.Group(m.GroupID)
	cfg := snap.Config(m)
	words := templates.WithWords(ctx, mv.Words)
	p.Form = templates.ResultPage{Match: mv, Quick: cfg.QuickEntry, Rules: views.RulesText(words, cfg, len(g.Encounters)),
		Encounters: views.EncounterInputs(words, g, cfg, form)}
	rep := snap.CourtReport(court.ID)
	if rep == nil {
		return p, nil
	}
	p.Agreed, p.Disputed = rep.Agreed, rep.Disputed()
	for _, d := range rep.Reports {
		if d.Device == dev {
			p.Mine = templates.ResultText(d.Result)
			continue
		}
		p.Theirs, p.TheirsWins = templates.ResultText(d.Result), views.WinsText(ctx, mv, d.Result, cfg)
		for e, sets := range d.Result {
			for k, s := range sets {
				if cfg.QuickEntry {
					p.Agree = append(p.Agree, templates.Hidden{Name: views.QuickFieldName(e, k), Value: strconv.Itoa(s[0]) + ":" + strconv.Itoa(s[1])})
					continue
				}
				p.Agree = append(p.Agree, templates.Hidden{Name: views.FieldName(e, k, 0), Value: strconv.Itoa(s[0])},
					templates.Hidden{Name: views.FieldName(e, k, 1), Value: strconv.Itoa(s[1])})
			}
		}
	}
	if p.Disputed && p.Mine == "" { // a third phone sees the two reports, not "mine"
		p.Mine = templates.ResultText(rep.Reports[0].Result)
		p.Theirs = templates.ResultText(rep.Reports[1].Result)
	}
	return p, nil
}

// courtTag names one rendering of a court page: the tournament's version and
// the device (what it reported shows as its own).
func courtTag(r *http.Request, snap *tournament.Snapshot, dev string) string {
	return reply.ETag(r, snap.Version, "court-"+dev[:min(len(dev), 12)])
}

// Page is the court page a card opens: the court's current match and the
// result form, or what was reported of it. It gives a device its random id.
func (c *CourtReports) Page(w http.ResponseWriter, r *http.Request) error {
	snap, court, err := c.court(r)
	if errors.Is(err, errCardInvalid) {
		return c.cardInvalid(w, r)
	}
	if err != nil {
		return err
	}
	dev := deviceOf(r)
	if dev == "" {
		dev = giveDevice(w, r)
	}
	w.Header()["Cache-Control"] = reply.NoCache
	if reply.NotModified(w, r, courtTag(r, snap, dev)) {
		return nil
	}
	p, err := c.view(r, snap, court, dev, nil)
	if err != nil {
		return err
	}
	ctx := r.Context()
	switch r.URL.Query().Get("done") {
	case "reported":
		p.Flash = templates.T(ctx, "Result reported. The other side confirms it on their phone.")
	case "disputed": // the dispute's own message says it was reported, in its colour
	case "confirmed":
		p.Flash = templates.T(ctx, "Result confirmed: the match is over. Thank you!")
	case "live":
		p.Flash = templates.T(ctx, "Live score saved.")
	case "desk":
		p.Flash = templates.T(ctx, "The desk saved this match's result first.")
	}
	w.Header()["Etag"] = []string{p.Poll.ETag}
	return reply.HTML(w, r, views.Choose(r, templates.CourtReport(p), templates.CourtReportLive(p)))
}

// Report takes a post from the court page: "check" shows who the result
// makes the winner and asks again; "send" reports it (agreeing with the
// other side's report sets the result); "live" saves a live score when the
// tournament lets players do so.
func (c *CourtReports) Report(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxReportBody)
	snap, court, err := c.court(r)
	if errors.Is(err, errCardInvalid) {
		return c.cardInvalid(w, r)
	}
	if err != nil {
		return err
	}
	ctx := r.Context()
	p := &courtPost{c: c, w: w, r: r, snap: snap, court: court, dev: deviceOf(r)}
	if p.dev == "" {
		p.dev = giveDevice(w, r)
		return p.showError(http.StatusBadRequest, templates.T(ctx, "This phone had not opened the court page before. Check the result and send it again."))
	}
	if err := r.ParseForm(); err != nil {
		return reply.BadInput(ctx, "The form does not read.")
	}
	if ok, err := p.withinLimits(); !ok || err != nil {
		return err
	}
	if ok, err := p.takeMatch(); !ok || err != nil {
		return err
	}
	g, _ := snap.Group(p.m.GroupID)
	p.cfg, p.encounters = snap.Config(p.m), len(g.Encounters)
	result, ferr := views.ParseResult(r, max(p.encounters, 1), max(2*p.cfg.NumSets-1, 1), p.cfg.QuickEntry)
	if ferr != nil {
		return p.refused(ferr)
	}
	switch r.PostFormValue("action") {
	case "check":
		return p.check(result)
	case "live":
		return p.live(result)
	case "send":
		return p.send(result)
	}
	return reply.BadInput(ctx, "The form does not read.")
}

// courtPost is one post of a court page, on its way through Report's steps.
type courtPost struct {
	c     *CourtReports
	w     http.ResponseWriter
	r     *http.Request
	snap  *tournament.Snapshot
	court *tournament.Court
	dev   string
	// m is the match on the court the post is about; cfg and encounters, its configuration.
	m          *tournament.Match
	cfg        tournament.MatchConfiguration
	encounters int
}

func (p *courtPost) show(status int, page templates.CourtReportPage) error {
	return reply.HTMLStatus(p.w, p.r, status, templates.CourtReport(page))
}

// showError shows the court page as it is now, with why nothing was saved.
func (p *courtPost) showError(status int, msg string) error {
	page, err := p.c.view(p.r, p.snap, p.court, p.dev, nil)
	if err != nil {
		return err
	}
	page.Error = msg
	return p.show(status, page)
}

// refused shows the court page with the result as typed and the rules' refusal beside its field.
func (p *courtPost) refused(e *tournament.ResultError) error {
	page, err := p.c.view(p.r, p.snap, p.court, p.dev, nil)
	if err != nil {
		return err
	}
	views.KeepInput(p.r, &page.Form)
	views.PlaceError(p.r.Context(), &page.Form, e)
	return p.show(http.StatusUnprocessableEntity, page)
}

// withinLimits counts the post against its phone's and its address's
// limits a minute (tournament.MaxCourtReportsPerDevice and the rest: a check
// apart from a report); past either it answers 429 and reports false. A
// helper of the organizer signed in to the console is not counted: it
// reports for table after table from one phone.
func (p *courtPost) withinLimits() (bool, error) {
	ctx := p.r.Context()
	if k, ok, err := p.c.Admin.Organizer(p.r); err != nil {
		return false, err
	} else if ok && k.OrganizerID == p.snap.Tournament.OrganizerID {
		return true, nil
	}
	kind, perDevice, perAddress := "send", tournament.MaxCourtReportsPerDevice, tournament.MaxCourtReportsPerAddress
	if p.r.PostFormValue("action") == "check" {
		kind, perDevice, perAddress = "check", tournament.MaxCourtChecksPerDevice, tournament.MaxCourtChecksPerAddress
	}
	for i, limit := range []struct {
		key string
		n   int
	}{
		{"report-" + kind + "-device:" + p.dev, perDevice},
		{"report-" + kind + "-address:" + cache.Hash(reply.ClientAddress(p.r)), perAddress},
	} {
		ok, wait, err := p.c.Store.Allow(ctx, limit.key, limit.n)
		if err != nil {
			return false, err
		}
		if !ok {
			secs := int(wait.Seconds()) + 1
			p.w.Header().Set("Retry-After", strconv.Itoa(secs))
			msg := templates.Tf(ctx, "Too many reports from this phone. Wait %d seconds, then send again.", secs)
			if i == 1 {
				msg = templates.Tf(ctx, "Too many reports from this network. Wait %d seconds, then send again.", secs)
			}
			return false, p.showError(http.StatusTooManyRequests, msg)
		}
	}
	return true, nil
}

// takeMatch finds the match the post is about, still on the court, in a
// tournament whose players may enter results; otherwise it answers and
// reports false.
func (p *courtPost) takeMatch() (bool, error) {
	ctx := p.r.Context()
	p.m = p.snap.CourtMatch(p.court.ID)
	if p.m == nil || p.r.PostFormValue("match") != p.m.ID {
		return false, p.showError(http.StatusConflict, templates.T(ctx, "The match on this court is over or has changed: nothing was saved."))
	}
	if ok, err := p.c.writable(ctx, p.snap); err != nil {
		return false, err
	} else if !ok {
		return false, p.showError(http.StatusForbidden, templates.T(ctx, "Results are entered at the desk in this tournament."))
	}
	return true, nil
}

// check shows who the result makes the winner and asks to report it.
func (p *courtPost) check(result tournament.Encounters) error {
	var re *tournament.ResultError
	if err := tournament.ValidateResult(result, p.cfg, p.encounters, true); errors.As(err, &re) {
		return p.refused(re)
	} else if err != nil {
		return err
	}
	page, err := p.c.view(p.r, p.snap, p.court, p.dev, nil)
	if err != nil {
		return err
	}
	ctx := p.r.Context()
	views.KeepInput(p.r, &page.Form)
	page.Form.Confirm = templates.Tf(ctx, "%s. Report this result?", views.WinsText(ctx, page.Form.Match, result, p.cfg))
	return p.show(http.StatusOK, page)
}

// live saves a live score, when the tournament lets players enter them.
func (p *courtPost) live(result tournament.Encounters) error {
	ctx := p.r.Context()
	if !p.snap.Tournament.PlayersLive {
		return p.showError(http.StatusForbidden, templates.T(ctx, "Live scores are entered at the desk in this tournament."))
	}
	err := upstreamProblem(ctx, p.c.Reports.Live(ctx, p.snap, *p.court, p.m, result))
	var re *tournament.ResultError
	switch {
	case errors.As(err, &re):
		return p.refused(re)
	case errors.Is(err, tournament.ErrNotRunning):
		return p.showError(http.StatusConflict, templates.T(ctx, "The match on this court is over or has changed: nothing was saved."))
	case err != nil:
		return err
	}
	return p.c.done(p.w, p.r, "live")
}

// send reports the result; when the other side's report agrees, the result is set.
func (p *courtPost) send(result tournament.Encounters) error {
	ctx := p.r.Context()
	done, err := p.c.Reports.Report(ctx, p.snap, *p.court, p.m, p.dev, result)
	err = upstreamProblem(ctx, err)
	var notSettled *app.NotSettledError
	var re *tournament.ResultError
	var rule *tournament.RuleError
	switch {
	case errors.Is(err, tournament.ErrOwnReport):
		return p.showError(http.StatusConflict, templates.T(ctx, "You reported this result already: the other side confirms it on their phone."))
	case errors.As(err, &notSettled):
		// The rules took the report but refuse the result now (the match's
		// configuration changed meanwhile): the desk sees it among the reports.
		return p.showError(http.StatusConflict, reply.Refusal(ctx, notSettled.Err))
	case errors.As(err, &re):
		return p.refused(re)
	case errors.As(err, &rule):
		return p.showError(http.StatusConflict, reply.Refusal(ctx, rule))
	case err != nil:
		return err
	}
	return p.c.done(p.w, p.r, string(done))
}

// done answers a post that went through: back to the court page, which says what happened.
func (c *CourtReports) done(w http.ResponseWriter, r *http.Request, what string) error {
	http.Redirect(w, r, "/c/"+url.PathEscape(r.PathValue("code"))+"?done="+what, http.StatusSeeOther)
	return nil
}

// upstreamProblem is the answer to a result the tournament application a
// followed tournament runs in did not take, in the court's words, or err as it is.
func upstreamProblem(ctx context.Context, err error) error {
	var up *app.UpstreamRefusal
	switch {
	case errors.Is(err, app.ErrUpstreamDown):
		return reply.Status(http.StatusBadGateway, templates.T(ctx, "The tournament application did not answer: nothing was saved."))
	case errors.As(err, &up):
		return reply.Status(up.Status, reply.UpstreamMessage(up.UpstreamAnswer))
	}
	return err
}

// Settle takes one of a court's reports as the match's result, in one tap
// from the console: a dispute settled, or a report accepted without waiting
// for the other side. The audit names who settled it and where.
func (c *CourtReports) Settle(w http.ResponseWriter, r *http.Request) error {
	a := c.Admin
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	court, ok := snap.Court(r.PathValue("courtId"))
	if !ok {
		return reply.NotFound("court")
	}
	if err := r.ParseForm(); err != nil {
		return reply.BadInput(ctx, "The form does not read.")
	}
	fail := func(msg string) error {
		snap, err := a.Own(r)
		if err != nil {
			return err
		}
		page := a.ConsolePage(r, snap)
		page.Error = msg
		return reply.HTMLStatus(w, r, http.StatusConflict, views.Choose(r, templates.Console(page), templates.ConsoleLive(page)))
	}
	i, err := strconv.Atoi(r.PostFormValue("report"))
	if err != nil {
		i = -1
	}
	by := reply.Caller(ctx).Name + " (console), settling the reports at " + court.Name
	err = upstreamProblem(ctx, c.Reports.Settle(ctx, snap, *court, r.PostFormValue("match"), i, by))
	var re *tournament.ResultError
	switch {
	case errors.Is(err, app.ErrReportsChanged):
		return fail(templates.T(ctx, "These reports were settled or changed meanwhile: nothing was saved. Look again."))
	case errors.Is(err, tournament.ErrNotRunning):
		return fail(templates.T(ctx, "This match is over already: nothing was saved."))
	case errors.As(err, &re):
		return fail(reply.Refusal(ctx, re))
	case err != nil:
		return err
	}
	if !htmx.IsHTMX(r) {
		http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"?done=settled", http.StatusSeeOther)
		return nil
	}
	snap, err = a.Own(r)
	if err != nil {
		return err
	}
	page := a.ConsolePage(r, snap)
	page.Flash = templates.T(ctx, "Result saved.")
	return reply.HTML(w, r, templates.ConsoleLive(page))
}

// groupCode writes a code in groups of four, as a card prints it.
func groupCode(code string) string {
	var parts []string
	for len(code) > 4 {
		parts, code = append(parts, code[:4]), code[4:]
	}
	return strings.Join(append(parts, code), "-")
}

// Cards is the page of court cards to print, with who enters results.
func (c *CourtReports) Cards(w http.ResponseWriter, r *http.Request) error {
	return c.cards(w, r, http.StatusOK, "")
}

func (c *CourtReports) cards(w http.ResponseWriter, r *http.Request, status int, problem string) error {
	a := c.Admin
	snap, err := a.Own(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	t := snap.Tournament
	courts := console.SortedCourts(snap)
	ids := make([]string, len(courts))
	for i, ct := range courts {
		ids[i] = ct.ID
	}
	codes, err := c.Store.CourtCodes(ctx, t.ID, ids, false)
	if err != nil {
		return err
	}
	org, _ := a.Store.Organizer(ctx, t.OrganizerID)
	base := "/admin/t/" + t.ID
	p := templates.CourtCardsPage{Page: a.Layout(r, templates.T(ctx, "Court cards")+" · "+t.Name), Organizer: org.Name, Tournament: t.Name,
		ConsoleHref: base, SettingAction: base + "/reporting", RenewAction: base + "/court-cards/renew", Live: t.PlayersLive, Error: problem}
	// The card speaks the console's language; its address carries it, so the
	// phone that scans it does too, whatever its own setting.
	lang := ""
	if l := templates.LangOf(ctx); l != locale.English {
		lang = "?lang=" + string(l)
	}
	for _, ct := range courts {
		short := c.BaseURL + "/c/" + groupCode(codes[ct.ID])
		href := c.BaseURL + "/c/" + codes[ct.ID] + lang
		qr, err := templates.NewQR(href)
		if err != nil {
			return err
		}
		p.Cards = append(p.Cards, templates.CourtCard{Court: ct.Name, Code: codes[ct.ID], Short: short, Href: href, QR: qr})
	}
	mode := t.ReportingOf()
	for _, m := range tournament.Reportings {
		p.Reporting = append(p.Reporting, templates.Option{Value: string(m), Label: reportingLabel(ctx, m), Selected: m == mode})
	}
	switch mode {
	case tournament.ReportingConfirmed:
		p.Instructions = templates.T(ctx, "After your match: scan this code, enter the result, and the other side confirms it on their phone.")
	case tournament.ReportingSingle:
		p.Instructions = templates.T(ctx, "After your match: scan this code and enter the result.")
	default:
		p.Instructions = templates.T(ctx, "Scan this code to see this court's match.")
	}
	if ok, err := c.writable(ctx, snap); err != nil {
		return err
	} else if !ok {
		p.Note = templates.T(ctx, "This tournament is followed read-only: the cards show the court's match, and results are entered in the tournament application.")
	} else if mode == tournament.ReportingDesk && !t.PlayersLive {
		p.Note = templates.T(ctx, "Results are entered at the desk only: the cards show the court's match and take no reports until you choose otherwise above.")
	}
	switch r.URL.Query().Get("done") {
	case "renewed":
		p.Flash = templates.T(ctx, "New codes: print the cards again. The old cards no longer work.")
	case "saved":
		p.Flash = templates.T(ctx, "Saved.")
	}
	return reply.HTMLStatus(w, r, status, templates.CourtCards(p))
}

// reportingLabel names a way of entering results in the console.
func reportingLabel(ctx context.Context, m tournament.Reporting) string {
	switch m {
	case tournament.ReportingConfirmed:
		return templates.T(ctx, "Players at the court; the other side confirms")
	case tournament.ReportingSingle:
		return templates.T(ctx, "Players at the court; one report is enough")
	}
	return templates.T(ctx, "The desk only")
}

// RenewCodes gives every court a new code: the old cards stop working.
func (c *CourtReports) RenewCodes(w http.ResponseWriter, r *http.Request) error {
	snap, err := c.Admin.Own(r)
	if err != nil {
		return err
	}
	if !console.Confirmed(r) {
		return c.Admin.AskFirst(w, r, templates.T(r.Context(), "Give every court card a new code? The cards printed so far stop working: print this page again."),
			templates.T(r.Context(), "New codes (old cards stop working)"), "/admin/t/"+snap.Tournament.ID+"/court-cards")
	}
	ids := make([]string, 0, len(snap.Tournament.Courts))
	for _, ct := range snap.Tournament.Courts {
		ids = append(ids, ct.ID)
	}
	if _, err := c.Store.CourtCodes(r.Context(), snap.Tournament.ID, ids, true); err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/t/"+snap.Tournament.ID+"/court-cards?done=renewed", http.StatusSeeOther)
	return nil
}

// SaveReporting sets who enters the tournament's results.
func (c *CourtReports) SaveReporting(w http.ResponseWriter, r *http.Request) error {
	snap, err := c.Admin.Own(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if err := r.ParseForm(); err != nil {
		return reply.BadInput(ctx, "The form does not read.")
	}
	mode, err := tournament.Parse(r.PostFormValue("reporting"), tournament.Reportings)
	if err != nil {
		return c.cards(w, r, http.StatusUnprocessableEntity, templates.T(ctx, "Choose who enters results."))
	}
	live := r.PostFormValue("live") == "1"
	t := snap.Tournament
	if t.ReportingOf() != mode || t.PlayersLive != live {
		_, _, err = c.Store.Write(ctx, snap, func(s *tournament.Snapshot) (*tournament.Change, error) {
			return s.SetReporting(mode, live, c.now())
		})
		var rule *tournament.RuleError
		if errors.As(err, &rule) {
			return c.cards(w, r, http.StatusConflict, reply.Refusal(ctx, rule))
		}
		if err != nil {
			return err
		}
	}
	http.Redirect(w, r, "/admin/t/"+t.ID+"/court-cards?done=saved", http.StatusSeeOther)
	return nil
}
