package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"courtside/cache"
	"courtside/record"
	"courtside/tournament"
)

// phone is a player's browser at a court: it keeps its device cookie and
// sends the court page's forms from the site itself.
type phone struct {
	f      *fixture
	device *http.Cookie
	lang   string // Accept-Language, when set
	// addr is the phone's network address (RemoteAddr), when set;
	// session a console sign-in's cookie, when the phone has one.
	addr    string
	session *http.Cookie
}

func (p *phone) do(method, path string, form url.Values) (*httptest.ResponseRecorder, *goquery.Document) {
	p.f.t.Helper()
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if p.lang != "" {
		req.Header.Set("Accept-Language", p.lang)
	}
	if p.device != nil {
		req.AddCookie(p.device)
	}
	if p.session != nil {
		req.AddCookie(p.session)
	}
	if p.addr != "" {
		req.RemoteAddr = p.addr
	}
	rec := httptest.NewRecorder()
	p.f.handler.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "courtside_device" {
			p.device = c
		}
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		p.f.t.Fatal(err)
	}
	return rec, doc
}

// courtScene is a running tournament whose players report from the courts:
// the organizer signed in, and two courts with a running match each.
type courtScene struct {
	f       *fixture
	desk    *organizer
	id      string
	courts  [2]tournament.Court
	matches [2]*tournament.Match
	codes   map[string]string
}

// newCourtScene sets the Hamburg Open's reporting to mode (through the
// console) and finds two courts with a running match of one set to 7.
func newCourtScene(t *testing.T, mode tournament.Reporting) *courtScene {
	t.Helper()
	return newCourtSceneOn(t, newFixture(t), mode)
}

// newCourtSceneOn is newCourtScene on a fixture made beforehand.
func newCourtSceneOn(t *testing.T, f *fixture, mode tournament.Reporting) *courtScene {
	t.Helper()
	s := &courtScene{f: f}
	s.desk, _ = f.signIn(f.token)
	dt := f.tournament("Hamburg Open 2026")
	s.id = dt.Tournament.ID
	if rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/reporting", url.Values{"reporting": {string(mode)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("reporting setting: %d %s", rec.Code, rec.Body)
	}
	snap := s.snap()
	if snap.Tournament.ReportingOf() != mode {
		t.Fatalf("reporting is %q after the console set %q", snap.Tournament.ReportingOf(), mode)
	}
	n := 0
	var ids []string
	for _, c := range snap.Tournament.Courts {
		ids = append(ids, c.ID)
		if m := snap.CourtMatch(c.ID); m != nil && n < 2 && snap.Config(m).NumPoints == 7 && snap.Config(m).NumSets == 1 {
			s.courts[n], s.matches[n] = c, m
			n++
		}
	}
	if n < 2 {
		t.Fatal("the demo has no two courts with a running match of one set to 7")
	}
	// The cards page makes the codes; the store hands back the same ones.
	if rec := s.desk.do(http.MethodGet, "/admin/t/"+s.id+"/court-cards", nil); rec.Code != http.StatusOK {
		t.Fatalf("court cards: %d", rec.Code)
	}
	codes, err := f.store.CourtCodes(context.Background(), s.id, ids, false)
	if err != nil {
		t.Fatal(err)
	}
	s.codes = codes
	return s
}

func (s *courtScene) snap() *tournament.Snapshot {
	s.f.t.Helper()
	snap, err := s.f.store.Snapshot(context.Background(), s.f.tournament("Hamburg Open 2026").Tournament.ID)
	if err != nil {
		s.f.t.Fatal(err)
	}
	return snap
}

// page is the court page of court i, opened on the phone.
func (s *courtScene) page(p *phone, i int) (*httptest.ResponseRecorder, *goquery.Document) {
	s.f.t.Helper()
	return p.do(http.MethodGet, "/c/"+s.codes[s.courts[i].ID], nil)
}

// send reports a one-set result of court i's match (or of matchID) from the phone.
func (s *courtScene) send(p *phone, i int, matchID string, a, b int) (*httptest.ResponseRecorder, *goquery.Document) {
	s.f.t.Helper()
	if matchID == "" {
		matchID = s.matches[i].ID
	}
	return p.do(http.MethodPost, "/c/"+s.codes[s.courts[i].ID], url.Values{"match": {matchID}, "action": {"send"},
		"s.0.0.0": {fmt.Sprint(a)}, "s.0.0.1": {fmt.Sprint(b)}})
}

func (s *courtScene) phone() *phone {
	p := &phone{f: s.f}
	if rec, _ := s.page(p, 0); rec.Code != http.StatusOK || p.device == nil {
		s.f.t.Fatalf("court page: %d, device cookie %v", rec.Code, p.device)
	}
	if !p.device.HttpOnly || p.device.SameSite != http.SameSiteLaxMode || len(p.device.Value) != 32 {
		s.f.t.Errorf("device cookie %+v", p.device)
	}
	return p
}

func (s *courtScene) match(i int) *tournament.Match {
	m, _ := s.snap().Match(s.matches[i].ID)
	return m
}

func TestTwoPhonesThatAgreeSetTheResult(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	anna, ben := s.phone(), s.phone()
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "?done=reported") {
		t.Fatalf("first report: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	if m := s.match(0); m.State != tournament.MatchRunning {
		t.Fatalf("one report ended the match: %s", m.State)
	}
	_, doc := s.page(anna, 0)
	if got := doc.Find(`[data-testid="pending"]`).Text(); !strings.Contains(got, "7:5") {
		t.Errorf("the reporting phone shows %q", got)
	}
	// The other phone sees the report, and confirms it with the fields it was given.
	_, doc = s.page(ben, 0)
	agree := url.Values{}
	doc.Find(`[data-testid="theirs"] input[type="hidden"]`).Each(func(_ int, in *goquery.Selection) {
		agree.Set(in.AttrOr("name", ""), in.AttrOr("value", ""))
	})
	agree.Set("action", "send")
	if agree.Get("match") != s.matches[0].ID || agree.Get("s.0.0.0") != "7" || agree.Get("s.0.0.1") != "5" {
		t.Fatalf("the other phone's confirmation sends %v", agree)
	}
	// The console and the board show the pending report meanwhile.
	if got := s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id, nil)).Find(`[data-testid="pending-report"]`).Text(); !strings.Contains(got, "7:5") {
		t.Errorf("console: %q", got)
	}
	_, board := s.f.page("/t/" + s.id + "/courts")
	if got := board.Find(`[data-testid="court"] [data-testid="reported"]`).Text(); !strings.Contains(got, "reported 7:5") {
		t.Errorf("board: %q", got)
	}
	// So do the pages of the players in the match.
	if side := s.matches[0].Entries[0]; side != nil {
		_, entry := s.f.page("/t/" + s.id + "/entries/" + side.ID)
		if got := entry.Find(`[data-match="` + s.matches[0].ID + `"] [data-testid="reported"]`).Text(); !strings.Contains(got, "reported 7:5") {
			t.Errorf("player page: %q", got)
		}
	}
	if rec, _ := ben.do(http.MethodPost, "/c/"+s.codes[s.courts[0].ID], agree); rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "?done=confirmed") {
		t.Fatalf("confirmation: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	m := s.match(0)
	if m.State != tournament.MatchPlayed || !tournament.SameResult(m.Encounters, tournament.Encounters{{{7, 5}}}) {
		t.Fatalf("after two agreeing reports the match is %s %v", m.State, m.Encounters)
	}
	audit, err := s.f.store.Audit(context.Background(), s.id, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := "reported at " + s.courts[0].Name + ": two devices agreed"; len(audit) == 0 || audit[0].By != want || !audit[0].Final {
		t.Errorf("audit %+v, want %q", audit[0], want)
	}
	if s.snap().Reports[s.courts[0].ID] != nil {
		t.Error("the court's reports stay after the result is written")
	}
}

func TestADeviceCannotConfirmItsOwnReport(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	anna := s.phone()
	s.send(anna, 0, "", 7, 5)
	rec, doc := s.send(anna, 0, "", 7, 5)
	if rec.Code != http.StatusConflict || !strings.Contains(doc.Find(`[data-testid="court-error"]`).Text(), "You reported this result already") {
		t.Errorf("own confirmation: %d %q", rec.Code, doc.Find(`[data-testid="court-error"]`).Text())
	}
	if m := s.match(0); m.State != tournament.MatchRunning {
		t.Errorf("the match is %s", m.State)
	}
	// A phone without its cookie is no second device either: it is sent one and asked again.
	bare := &phone{f: s.f}
	if rec, _ := s.send(bare, 0, "", 7, 5); rec.Code != http.StatusBadRequest || s.match(0).State != tournament.MatchRunning {
		t.Errorf("a report without a device cookie: %d, match %s", rec.Code, s.match(0).State)
	}
	// Its own report it may correct.
	if rec, _ := s.send(anna, 0, "", 7, 4); rec.Code != http.StatusSeeOther {
		t.Errorf("a correction of its own report: %d", rec.Code)
	}
	rep := s.snap().CourtReport(s.courts[0].ID)
	if rep == nil || len(rep.Reports) != 1 || !tournament.SameResult(rep.Reports[0].Result, tournament.Encounters{{{7, 4}}}) {
		t.Errorf("after the correction the court holds %+v", rep)
	}
}

func TestDifferentReportsAreADisputeTheDeskSettles(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	anna, ben := s.phone(), s.phone()
	s.send(anna, 1, "", 7, 5)
	if rec, _ := s.send(ben, 1, "", 5, 7); rec.Code != http.StatusSeeOther {
		t.Fatalf("second report: %d", rec.Code)
	}
	if m := s.match(1); m.State != tournament.MatchRunning {
		t.Fatalf("a dispute ended the match: %s", m.State)
	}
	_, doc := s.page(anna, 1)
	if got := doc.Find(`[data-testid="disputed"]`).Text(); !strings.Contains(got, "7:5") || !strings.Contains(got, "5:7") {
		t.Errorf("court page: %q", got)
	}
	console := s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id, nil))
	dispute := console.Find(`[data-testid="dispute"]`)
	if dispute.Length() != 1 || dispute.Find(`[data-testid="settle"]`).Length() != 2 {
		t.Fatalf("console disputes: %q", dispute.Text())
	}
	if first := console.Find(`[data-testid="reports"], [data-testid="console-court"]`).First(); first.AttrOr("data-testid", "") != "reports" {
		t.Error("the disputes are not the console's first section")
	}
	choice := dispute.Find(`[data-testid="settle"]`).Eq(1)
	if !strings.Contains(choice.Text(), "5:7") {
		t.Fatalf("second choice %q", choice.Text())
	}
	rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/courts/"+s.courts[1].ID+"/settle", url.Values{"match": {s.matches[1].ID}, "report": {choice.AttrOr("value", "")}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("settle: %d %s", rec.Code, rec.Body)
	}
	m := s.match(1)
	if m.State != tournament.MatchPlayed || !tournament.SameResult(m.Encounters, tournament.Encounters{{{5, 7}}}) {
		t.Fatalf("settled: %s %v", m.State, m.Encounters)
	}
	audit, _ := s.f.store.Audit(context.Background(), s.id, m.ID)
	if len(audit) == 0 || !strings.Contains(audit[0].By, "settling the reports at "+s.courts[1].Name) {
		t.Errorf("audit %+v", audit)
	}
	if s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id, nil)).Find(`[data-testid="dispute"]`).Length() != 0 {
		t.Error("the settled dispute is still listed")
	}
	// A second tap on a settled dispute saves nothing.
	if rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/courts/"+s.courts[1].ID+"/settle", url.Values{"match": {s.matches[1].ID}, "report": {"0"}}); rec.Code != http.StatusConflict {
		t.Errorf("settling again: %d", rec.Code)
	}
}

func TestACourtCodeReachesOnlyItsCourtsCurrentMatch(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingSingle)
	anna := s.phone()
	// Court 0's code naming court 1's match: refused, court 1's match untouched.
	rec, _ := s.send(anna, 0, s.matches[1].ID, 7, 5)
	if rec.Code != http.StatusConflict {
		t.Errorf("another court's match: %d", rec.Code)
	}
	if m := s.match(1); m.State != tournament.MatchRunning || s.snap().Reports[s.courts[1].ID] != nil {
		t.Errorf("court 1's match was reached: %s", m.State)
	}
	// The page shows the court's own match only.
	_, doc := s.page(anna, 0)
	if got := doc.Find(`[data-testid="court-match"]`).AttrOr("data-match", ""); got != s.matches[0].ID {
		t.Errorf("court page shows match %q", got)
	}
	// With one report enough, the report sets the result...
	if rec, _ := s.send(anna, 0, "", 7, 3); rec.Code != http.StatusSeeOther {
		t.Fatalf("single report: %d", rec.Code)
	}
	audit, _ := s.f.store.Audit(context.Background(), s.id, s.matches[0].ID)
	if m := s.match(0); m.State != tournament.MatchPlayed || len(audit) == 0 || audit[0].By != "reported at "+s.courts[0].Name+" by one device" {
		t.Fatalf("single report: %s, audit %+v", m.State, audit)
	}
	// ...and the played match is out of reach: the court has no match now.
	rec, doc = s.send(&phone{f: s.f, device: anna.device}, 0, s.matches[0].ID, 7, 0)
	if rec.Code != http.StatusConflict || !tournament.SameResult(s.match(0).Encounters, tournament.Encounters{{{7, 3}}}) {
		t.Errorf("a played match: %d, result %v", rec.Code, s.match(0).Encounters)
	}
	if doc.Find(`[data-testid="no-match"]`).Length() != 1 {
		t.Error("the court page does not say the court is free")
	}
}

func TestRenewedCodesRefuseOldCards(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	old := s.codes[s.courts[0].ID]
	anna := s.phone()
	// One tap asks first, naming what happens, and changes nothing.
	if rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/court-cards/renew", url.Values{}); rec.Code != http.StatusOK ||
		!strings.Contains(s.desk.doc(rec).Find(`[data-testid="confirm-question"]`).Text(), "stop working") {
		t.Fatalf("renew unconfirmed: %d, no question naming the printed cards", rec.Code)
	}
	if rec, _ := anna.do(http.MethodGet, "/c/"+old, nil); rec.Code != http.StatusOK {
		t.Errorf("after a renewal not confirmed, the old card opens: %d", rec.Code)
	}
	if rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/court-cards/renew", url.Values{"confirmed": {"yes"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("renew: %d", rec.Code)
	}
	if rec, _ := anna.do(http.MethodGet, "/c/"+old, nil); rec.Code != http.StatusNotFound {
		t.Errorf("old card opens: %d", rec.Code)
	}
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusNotFound {
		t.Errorf("old card reports: %d", rec.Code)
	}
	cards := s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id+"/court-cards", nil))
	var fresh string
	cards.Find(`[data-testid="court-card"]`).Each(func(_ int, c *goquery.Selection) {
		if strings.HasPrefix(c.Text(), s.courts[0].Name) {
			fresh = c.AttrOr("data-code", "")
		}
	})
	if fresh == "" || fresh == old {
		t.Fatalf("new code %q (old %q)", fresh, old)
	}
	if rec, _ := anna.do(http.MethodGet, "/c/"+groupedCode(fresh), nil); rec.Code != http.StatusOK {
		t.Errorf("the new card, typed with its dashes: %d", rec.Code)
	}
	// Codes are long random strings, and a guessed one opens nothing.
	if len(fresh) != cache.CodeLength {
		t.Errorf("code %q", fresh)
	}
	if rec, _ := anna.do(http.MethodGet, "/c/23456789abcd", nil); rec.Code != http.StatusNotFound {
		t.Errorf("a guessed code: %d", rec.Code)
	}
}

func groupedCode(c string) string { return c[:4] + "-" + c[4:8] + "-" + c[8:] }

func TestDeskOnlyTakesNoReports(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingDesk)
	anna := s.phone()
	_, doc := s.page(anna, 0)
	if doc.Find(`[data-testid="report-form"]`).Length() != 0 {
		t.Error("the court page offers a report form while the desk enters results")
	}
	rec, _ := s.send(anna, 0, "", 7, 5)
	if rec.Code != http.StatusConflict || s.snap().Reports[s.courts[0].ID] != nil {
		t.Errorf("report with desk only: %d", rec.Code)
	}
}

// TestReportsAreLimitedPerPhoneAndAddress: a phone's checks count apart
// from its reports; fresh cookies from one address lock out that address,
// not the court's players on another; a helper signed in to the console
// reports table after table from one phone.
func TestReportsAreLimitedPerPhoneAndAddress(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	look := url.Values{"match": {s.matches[0].ID}, "action": {"check"}, "s.0.0.0": {"7"}, "s.0.0.1": {"5"}}
	code := "/c/" + s.codes[s.courts[0].ID]

	anna := s.phone()
	for i := range tournament.MaxCourtChecksPerDevice {
		if rec, _ := anna.do(http.MethodPost, code, look); rec.Code != http.StatusOK {
			t.Fatalf("check %d of a phone: %d", i+1, rec.Code)
		}
	}
	if rec, _ := anna.do(http.MethodPost, code, look); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("check %d of a phone: %d, Retry-After %q", tournament.MaxCourtChecksPerDevice+1, rec.Code, rec.Header().Get("Retry-After"))
	}
	// Its checks did not use up its reports.
	for i := range tournament.MaxCourtReportsPerDevice {
		if rec, _ := s.send(anna, 0, "", 7, 1+i%5); rec.Code != http.StatusSeeOther { // each corrects the last
			t.Fatalf("report %d of a phone after its checks: %d", i+1, rec.Code)
		}
	}
	rec, doc := s.send(anna, 0, "", 7, 6)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(doc.Find(`[data-testid="court-error"]`).Text(), "this phone") {
		t.Errorf("report %d of a phone: %d %q", tournament.MaxCourtReportsPerDevice+1, rec.Code, doc.Find(`[data-testid="court-error"]`).Text())
	}

	// Fresh cookies from one address: past the address's checks it waits...
	flood := func() *phone { p := s.phone(); p.addr = "203.0.113.9:4000"; return p }
	for i := range tournament.MaxCourtChecksPerAddress {
		if rec, _ := flood().do(http.MethodPost, code, look); rec.Code != http.StatusOK {
			t.Fatalf("check %d from one address: %d", i+1, rec.Code)
		}
	}
	rec, doc = flood().do(http.MethodPost, code, look)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(doc.Find(`[data-testid="court-error"]`).Text(), "this network") {
		t.Errorf("check %d from one address: %d %q", tournament.MaxCourtChecksPerAddress+1, rec.Code, doc.Find(`[data-testid="court-error"]`).Text())
	}
	// ...while the court's player on another network reports as ever.
	ben := s.phone()
	ben.addr = "198.51.100.7:5000"
	if rec, _ := ben.do(http.MethodPost, code, look); rec.Code != http.StatusOK {
		t.Errorf("a player at the court after the flood: %d", rec.Code)
	}

	// A helper signed in reports for table after table from one phone.
	rec = s.desk.do(http.MethodPost, "/admin/logins", url.Values{"name": {"Runner"}, "role": {"results"}})
	helper := s.f.signInByQR(strings.TrimSpace(s.desk.doc(rec).Find(`[data-testid="signin-link"]`).Text()))
	runner := s.phone()
	runner.session = helper.cookie
	for i := range 2 * tournament.MaxCourtReportsPerDevice {
		if rec, _ := s.send(runner, 1, "", 7, 1+i%5); rec.Code != http.StatusSeeOther {
			t.Fatalf("report %d of a signed-in helper: %d", i+1, rec.Code)
		}
	}
}

func TestAFollowedTournamentTakesReportsOnlyWhenItWritesThrough(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	ctx := context.Background()
	snap := s.snap()
	followed := *snap.Tournament
	followed.Mirror = &tournament.Mirror{Source: "https://tournaments.example.org/v1/public"}
	followed.Rev = tournament.NextRev(followed.Rev)
	if _, err := s.f.store.Apply(ctx, s.id, &tournament.Change{Tournament: &followed}); err != nil {
		t.Fatal(err)
	}
	anna := s.phone()
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusForbidden || s.snap().Reports[s.courts[0].ID] != nil {
		t.Errorf("followed without a follow: %d", rec.Code)
	}
	f := record.Follow{ID: s.id, Upstream: followed.Mirror.Source, Key: "public-key", OrganizerID: snap.Tournament.OrganizerID, Budget: 60}
	if err := s.f.store.PutFollow(ctx, f); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusForbidden {
		t.Errorf("followed read-only: %d", rec.Code)
	}
	f.Token = true
	if err := s.f.store.PutFollow(ctx, f); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusSeeOther || s.snap().CourtReport(s.courts[0].ID) == nil {
		t.Errorf("followed, written through: %d", rec.Code)
	}
}

func TestTheCourtPageStoresNothingPersonal(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	anna := s.phone()
	s.send(anna, 0, "", 7, 5)
	raw, err := s.f.rdb.HGet(context.Background(), "t:{"+s.id+"}:reports", s.courts[0].ID).Result()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(raw, anna.device.Value) {
		t.Error("the store holds the device's cookie itself")
	}
	// A report holds the match, and per device a hash, the result and when: nothing else.
	var rep struct {
		MatchID string                       `json:"matchId"`
		Reports []map[string]json.RawMessage `json:"reports"`
	}
	if err := json.Unmarshal([]byte(raw), &rep); err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Reports {
		for k := range d {
			if k != "device" && k != "result" && k != "at" {
				t.Errorf("a report holds %q: %s", k, raw)
			}
		}
	}
	if len(rep.Reports) != 1 || strings.Contains(raw, "192.0.2") || strings.Contains(raw, "Go-http-client") {
		t.Errorf("report %s", raw)
	}
}

func TestPlayersSaveLiveScoresWhenAllowed(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingDesk)
	anna := s.phone()
	live := url.Values{"match": {s.matches[0].ID}, "action": {"live"}, "s.0.0.0": {"4"}, "s.0.0.1": {"2"}}
	code := "/c/" + s.codes[s.courts[0].ID]
	if rec, _ := anna.do(http.MethodPost, code, live); rec.Code != http.StatusForbidden {
		t.Errorf("a live score while the desk enters them: %d", rec.Code)
	}
	if rec := s.desk.do(http.MethodPost, "/admin/t/"+s.id+"/reporting", url.Values{"reporting": {"desk"}, "live": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("setting: %d", rec.Code)
	}
	_, doc := s.page(anna, 0)
	if doc.Find(`[data-testid="save-live"]`).Length() != 1 || doc.Find(`[data-testid="report"]`).Length() != 0 {
		t.Error("with live scores only, the court page offers no live button or still offers reports")
	}
	if rec, _ := anna.do(http.MethodPost, code, live); rec.Code != http.StatusSeeOther {
		t.Fatalf("live score: %d", rec.Code)
	}
	m := s.match(0)
	audit, _ := s.f.store.Audit(context.Background(), s.id, m.ID)
	if m.State != tournament.MatchRunning || !tournament.SameResult(m.Encounters, tournament.Encounters{{{4, 2}}}) || len(audit) == 0 || audit[0].By != "players at "+s.courts[0].Name+" (live)" {
		t.Errorf("after a live score: %s %v, audit %+v", m.State, m.Encounters, audit)
	}
	// A final result is still the desk's.
	if rec, _ := s.send(anna, 0, "", 7, 5); rec.Code != http.StatusConflict || s.match(0).State != tournament.MatchRunning {
		t.Errorf("a report with live scores only: %d", rec.Code)
	}
}

func TestTheCourtPageInGerman(t *testing.T) {
	s := newCourtScene(t, tournament.ReportingConfirmed)
	anna := s.phone()
	s.send(anna, 0, "", 7, 5)
	anna.lang = "de-DE,de;q=0.9"
	_, doc := anna.do(http.MethodGet, "/c/"+s.codes[s.courts[0].ID], nil)
	if got := doc.Find(`[data-testid="pending"]`).Text(); got != "Du hast 7:5 gemeldet – die andere Seite muss bestätigen." {
		t.Errorf("German court page: %q", got)
	}
	cards := s.desk.doc(s.desk.do(http.MethodGet, "/admin/t/"+s.id+"/court-cards", nil, "Accept-Language", "de"))
	if got := cards.Find(`[data-testid="court-card"]`).First().Text(); !strings.Contains(got, "Nach dem Spiel: Code scannen") {
		t.Errorf("German card: %q", got)
	}
	// The card's code carries the language, so the phone that scans it speaks it too.
	if href := cards.Find(`[data-testid="court-card"]`).First().AttrOr("data-href", ""); !strings.HasSuffix(href, "?lang=de") {
		t.Errorf("the German card's code leads to %q", href)
	}
}
