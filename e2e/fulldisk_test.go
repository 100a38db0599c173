package e2e

import (
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/redis/go-redis/v9"

	"courtside/cache"
	"courtside/cache/cachetest"
	"courtside/web"
)

// fullDisk is a store's client whose data directory has no room left.
type fullDisk struct{ redis.UniversalClient }

func (fullDisk) WriteProblem() error {
	return fmt.Errorf("cache: %w: write courtside.journal: %w", cache.ErrCannotWrite, syscall.ENOSPC)
}

// TestTheConsoleSaysTheDiskIsFull: on a phone at the desk, a laptop and a
// hall's TV, a signed-in organizer sees at the top of the console, in red
// that reads, that nothing can be saved and what to do.
func TestTheConsoleSaysTheDiskIsFull(t *testing.T) {
	b := browser(t)
	store, demo := cachetest.DemoOn(t, fullDisk{cachetest.Redis(t)})
	h, err := web.Routes(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	token, _, err := store.CreateToken(t.Context(), demo.Organizers[0].ID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	signIn(t, b, srv.URL, token)
	for _, s := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"desktop", 1440, 900}, {"tv", 1920, 1080}} {
		if err := chromedp.Do(b, chromedp.EmulateViewport(s.w, s.h), chromedp.Navigate(srv.URL+"/admin"),
			chromedp.WaitVisible(`[data-testid="write-problem"]`)); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		text, err := chromedp.Run(b, chromedp.Text(`[data-testid="write-problem"] p`))
		if err != nil {
			t.Fatal(err)
		}
		top, err := chromedp.Run(b, chromedp.Evaluate[float64](`document.querySelector('[data-testid="write-problem"]').getBoundingClientRect().top`))
		if err != nil {
			t.Fatal(err)
		}
		contrast, err := chromedp.Run(b, chromedp.Evaluate[float64](contrastJS+`contrast(document.querySelector('[data-testid="write-problem"] p'))`))
		if err != nil {
			t.Fatal(err)
		}
		border, err := chromedp.Run(b, chromedp.Evaluate[string](`getComputedStyle(document.querySelector('[data-testid="write-problem"]')).borderTopColor`))
		if err != nil {
			t.Fatal(err)
		}
		if border != "rgb(185, 28, 28)" {
			t.Errorf("%s: the banner's border is %s, not red", s.name, border)
		}
		screenshot(t, b, "full-disk-console-"+s.name)
		fitsWidth(t, b, s.name)
		if text != "Nothing can be saved: the disk of Courtside's data folder is full." || top > float64(s.h)/3 || contrast < 4.5 {
			t.Errorf("%s: banner %q at %.0f px from the top, contrast %.1f", s.name, text, top, contrast)
		}
	}
}
