package e2e

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestWithdrawAsksAndCancelCancels answers the browser's dialog both ways:
// Cancel withdraws nobody, OK withdraws the one entry asked about.
func TestWithdrawAsksAndCancelCancels(t *testing.T) {
	srv, store, demo := site(t)
	hamburg := tournamentNamed(demo, "Hamburg Open 2026")
	token, _, err := store.CreateToken(context.Background(), hamburg.Tournament.OrganizerID, "Desk")
	if err != nil {
		t.Fatal(err)
	}
	d := hamburg.Tournament.Disciplines[0]
	kept, gone := d.EntryIDs[0], d.EntryIDs[1]
	b := browser(t)

	dialog := answerDialogs(t, b)
	accept, asked := &dialog.accept, dialog.asked
	withdraw := func(entry string) string {
		return `form:has(input[name="entry"][value="` + entry + `"]) [data-testid="withdraw"]`
	}
	withdrawn := func(entry string) bool {
		snap, err := store.Snapshot(context.Background(), hamburg.Tournament.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, dd := range snap.Tournament.Disciplines {
			if dd.ID == d.ID {
				return slices.Contains(dd.Withdrawn, entry)
			}
		}
		return false
	}
	do := steps(t, b, "confirm", true)
	do("1-entries",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/admin/login"),
		chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`),
		chromedp.WaitVisible(`[data-testid="my-tournaments"]`),
		chromedp.Navigate(srv.URL+"/admin/t/"+hamburg.Tournament.ID+"/entries"),
		chromedp.WaitVisible(withdraw(kept)),
	)
	accept.Store(false)
	do("2-cancelled", chromedp.Click(withdraw(kept), chromedp.NodeVisible))
	if q := asked(); !strings.Contains(q, "withdraws") {
		t.Errorf("the dialog asked %q", q)
	}
	accept.Store(true)
	do("3-confirmed",
		chromedp.Click(withdraw(gone), chromedp.NodeVisible),
		chromedp.WaitNotPresent(withdraw(gone)), // the page came back with the entry withdrawn
	)
	if q := asked(); !strings.Contains(q, "withdraws") {
		t.Errorf("the dialog asked %q", q)
	}
	if !withdrawn(gone) {
		t.Error("OK did not withdraw")
	}
	// The cancelled request would have gone before the confirmed one.
	if withdrawn(kept) {
		t.Error("Cancel withdrew the entry")
	}
	if n, err := chromedp.Run(b, chromedp.Evaluate[int](`document.querySelectorAll('form:has(input[name="entry"][value="`+kept+`"]) [data-testid="withdraw"]').length`)); err != nil || n != 1 {
		t.Errorf("the cancelled entry's Withdraw is gone from the page: %d %v", n, err)
	}

	// Without JavaScript the form arrives unconfirmed (form.submit() passes
	// htmx by), and the server asks on a page of its own; Cancel leads back.
	do("4-no-script-asks",
		chromedp.Evaluate[chromedp.Void](`document.querySelector('form:has(input[name="entry"][value="`+kept+`"])').submit()`),
		chromedp.WaitVisible(`[data-testid="confirm-page"]`),
	)
	bothSizes(t, b, "confirm-page")
	do("5-no-script-cancel",
		chromedp.EmulateViewport(390, 844),
		chromedp.Click(`[data-testid="confirm-cancel"]`, chromedp.NodeVisible),
		chromedp.WaitVisible(withdraw(kept)),
	)
	if withdrawn(kept) {
		t.Error("the confirmation page withdrew before it was answered")
	}
}

// dialogs answers the browser's dialogs (a confirm() that htmx asks) as
// accept says, and keeps their questions for asked.
type dialogs struct {
	t         *testing.T
	accept    atomic.Bool
	questions chan string
}

// answerDialogs answers every dialog of the browser b: Cancel until accept is set.
func answerDialogs(t *testing.T, b context.Context) *dialogs {
	d := &dialogs{t: t, questions: make(chan string, 16)}
	if err := chromedp.Listen(b, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			select {
			case d.questions <- e.Message:
			default: // a test that does not read the questions
			}
			answer := d.accept.Load()
			go func() {
				_, _ = chromedp.Run(b, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: answer})
					return err
				}))
			}()
		}
	}); err != nil {
		t.Fatal(err)
	}
	return d
}

// asked is the question of the next dialog.
func (d *dialogs) asked() string {
	select {
	case q := <-d.questions:
		return q
	case <-time.After(30 * time.Second): // a ceiling against hanging
		d.t.Fatal("no dialog asked")
		return ""
	}
}
