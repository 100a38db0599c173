package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestCourtsFromTheConsole: the console adds a court, renames it, closes
// it (and no longer offers it for calling), and refuses a second court of
// one name beside the form.
func TestCourtsFromTheConsole(t *testing.T) {
	f := newFixture(t)
	snap := f.poolsIntoDirectorsDraw(t)
	id := snap.Tournament.ID
	o, _ := f.signIn(f.bouleToken)
	base := "/admin/t/" + id + "/courts"
	if href := o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil)).Find(`[data-testid="manage-courts"]`).AttrOr("href", ""); href != base {
		t.Fatalf("the console links the courts as %q", href)
	}
	if rec := o.do(http.MethodPost, base, url.Values{"name": {"Terrain 5"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("add: %d", rec.Code)
	}
	rec := o.do(http.MethodPost, base, url.Values{"name": {"terrain 5"}})
	if rec.Code != http.StatusConflict || o.doc(rec).Find(`[data-testid="courts-error"]`).Length() != 1 {
		t.Errorf("a second Terrain 5: %d", rec.Code)
	}
	after, _ := f.store.Snapshot(context.Background(), id)
	court := after.Tournament.Courts[len(after.Tournament.Courts)-1]
	if court.Name != "Terrain 5" {
		t.Fatalf("added %q", court.Name)
	}
	o.do(http.MethodPost, base+"/"+court.ID, url.Values{"action": {"rename"}, "name": {"Terrain d'honneur"}})
	// Closing asks first, naming the court, and closes nothing until confirmed.
	if rec := o.do(http.MethodPost, base+"/"+court.ID, url.Values{"action": {"close"}}); rec.Code != http.StatusOK ||
		!strings.Contains(o.doc(rec).Find(`[data-testid="confirm-question"]`).Text(), "Terrain d'honneur") {
		t.Errorf("close unconfirmed: %d, no question naming the court", rec.Code)
	}
	if after, _ = f.store.Snapshot(context.Background(), id); func() bool { c, _ := after.Court(court.ID); return c.Closed }() {
		t.Error("a close not confirmed closed the court")
	}
	o.do(http.MethodPost, base+"/"+court.ID, url.Values{"action": {"close"}, "confirmed": {"yes"}})
	after, _ = f.store.Snapshot(context.Background(), id)
	if c, _ := after.Court(court.ID); c.Name != "Terrain d'honneur" || !c.Closed {
		t.Errorf("after rename and close: %+v", c)
	}
	// The expected match length: set, shown with what the pools taught, and bounded.
	d := after.Tournament.Disciplines[0]
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/disciplines/"+d.ID+"/length", url.Values{"minutes": {"45"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set length: %d", rec.Code)
	}
	page := o.doc(o.do(http.MethodGet, base, nil))
	if v := page.Find(`[data-testid="length-minutes"]`).AttrOr("value", ""); v != "45" || page.Find(`[data-testid="learned"]`).Length() != 1 {
		t.Errorf("the length reads %q, learned shown %d times", v, page.Find(`[data-testid="learned"]`).Length())
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/disciplines/"+d.ID+"/length", url.Values{"minutes": {"many"}}); rec.Code != http.StatusConflict {
		t.Errorf("a length of many minutes: %d", rec.Code)
	}
	doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil))
	if doc.Find(`option[value="`+court.ID+`"]`).Length() != 0 {
		t.Error("the console offers a closed court for calling")
	}
}
