package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"
)

// TestLunchBreakFromTheConsole: the console of a tournament that calls by
// itself pauses calling and resumes it.
func TestLunchBreakFromTheConsole(t *testing.T) {
	f := newFixture(t)
	snap := f.poolsIntoDirectorsDraw(t) // running, calling by itself
	id := snap.Tournament.ID
	o, _ := f.signIn(f.bouleToken)
	doc := o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil))
	if doc.Find(`[data-testid="pause-calling"]`).Length() != 1 {
		t.Fatal("the console offers no pause of automatic calling")
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/calling", url.Values{"paused": {"true"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("pause: %d", rec.Code)
	}
	after, _ := f.store.Snapshot(context.Background(), id)
	if !after.Tournament.CallingPaused {
		t.Fatal("calling is not paused")
	}
	doc = o.doc(o.do(http.MethodGet, "/admin/t/"+id, nil))
	if doc.Find(`[data-testid="resume-calling"]`).Length() != 1 {
		t.Fatal("a paused console offers no resume")
	}
	if rec := o.do(http.MethodPost, "/admin/t/"+id+"/calling", url.Values{"paused": {"true"}}); rec.Code != http.StatusConflict {
		t.Errorf("pausing twice: %d", rec.Code)
	}
	o.do(http.MethodPost, "/admin/t/"+id+"/calling", url.Values{"paused": {"false"}})
	if after, _ = f.store.Snapshot(context.Background(), id); after.Tournament.CallingPaused {
		t.Error("calling did not resume")
	}
}
