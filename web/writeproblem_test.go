package web

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
)

// unwritable is a store's client whose data directory can be made to refuse
// writes, as the embedded store's does on a full or failed disk.
type unwritable struct {
	redis.UniversalClient
	problem atomic.Pointer[error]
}

func (u *unwritable) WriteProblem() error {
	if p := u.problem.Load(); p != nil {
		return *p
	}
	return nil
}

func (u *unwritable) fail(err error) { u.problem.Store(&err) }

// TestAStoreThatCannotWriteSaysSo: while the data directory refuses writes,
// /readyz answers 503 with the reason (and no file name: it is public), and
// every console page tells the signed-in login, in its language, that
// nothing can be saved and what to do; once it takes writes again, both say
// nothing more.
func TestAStoreThatCannotWriteSaysSo(t *testing.T) {
	rdb := &unwritable{UniversalClient: cachetest.Redis(t)}
	store, demo := cachetest.DemoOn(t, rdb)
	f := &fixture{t: t, rdb: rdb, store: store, demo: demo, handler: routes(t, store)}
	token, _, err := store.CreateToken(t.Context(), f.org("kickerclub-hamburg").ID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	o, _ := f.signIn(token)
	banner := func(path string, lang ...string) string {
		t.Helper()
		rec := o.do(http.MethodGet, path, nil, append([]string{"Accept-Language"}, lang...)...)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		var lines []string
		o.doc(rec).Find(`[data-testid="write-problem"] p`).Each(func(_ int, p *goquery.Selection) {
			lines = append(lines, strings.TrimSpace(p.Text()))
		})
		return strings.Join(lines, " ")
	}
	if got := banner("/admin", "en"); got != "" {
		t.Errorf("a store that writes shows %q", got)
	}
	if rec := f.get("/readyz", ""); rec.Code != http.StatusOK {
		t.Errorf("/readyz while writes work: %d", rec.Code)
	}

	full := fmt.Errorf("cache: %w: write /var/lib/courtside/courtside.journal: %w", cache.ErrCannotWrite, syscall.ENOSPC)
	rdb.fail(full)
	rec := f.get("/readyz", "")
	if body := rec.Body.String(); rec.Code != http.StatusServiceUnavailable || !strings.Contains(body, "cannot be written (no space left on device)") || strings.Contains(body, "/var/lib") {
		t.Errorf("/readyz on a full disk: %d %q", rec.Code, body)
	}
	tid := f.tournament("Hamburg Open 2026").Tournament.ID
	for _, c := range []struct{ path, lang, want string }{
		{"/admin", "en", "Nothing can be saved: the disk of Courtside's data folder is full."},
		{"/admin/t/" + tid, "de", "Nichts kann gespeichert werden: Die Festplatte des Courtside-Datenordners ist voll."},
		{"/admin", "fr", "Rien ne peut être enregistré\u00a0: le disque du dossier de données de Courtside est plein."},
	} {
		if got := banner(c.path, c.lang); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s in %s on a full disk: banner %q, want %q…", c.path, c.lang, got, c.want)
		}
	}
	if got := f.get("/", "").Body.String(); strings.Contains(got, "write-problem") {
		t.Error("the public site shows the banner to visitors")
	}

	rdb.fail(fmt.Errorf("cache: %w: %w: sync: %w", cache.ErrCannotWrite, cache.ErrDiskFailed, syscall.EIO))
	if got := banner("/admin", "en"); !strings.Contains(got, "Restart Courtside") {
		t.Errorf("a failed disk: banner %q", got)
	}
	if body := f.get("/readyz", "").Body.String(); !strings.Contains(body, "restart courtside") {
		t.Errorf("/readyz on a failed disk: %q", body)
	}

	rdb.problem.Store(nil)
	if got := banner("/admin", "en"); got != "" {
		t.Errorf("a store that writes again still shows %q", got)
	}
	if rec := f.get("/readyz", ""); rec.Code != http.StatusOK {
		t.Errorf("/readyz once writes work again: %d", rec.Code)
	}
}

// TestAWriteTheDiskRefusedSaysNotSaved: a console form whose write the data
// directory refused answers 503 with a page that says it was not saved and
// when to send it again (not that the results cannot be reached).
func TestAWriteTheDiskRefusedSaysNotSaved(t *testing.T) {
	s := &server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	rec := httptest.NewRecorder()
	s.htmlError(rec, httptest.NewRequest(http.MethodPost, "/admin/t/t1/matches/m1/result", nil),
		fmt.Errorf("cache: %w: write courtside.journal: %w", cache.ErrCannotWrite, syscall.ENOSPC))
	doc, err := goquery.NewDocumentFromReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusServiceUnavailable || doc.Find("h1").Text() != "Not saved" || !strings.Contains(doc.Text(), "What you sent was not saved") {
		t.Errorf("%d %q", rec.Code, doc.Find("main").Text())
	}
}
