package cache_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtside/cache"
)

// TestRecoverKeepsWhatIsBeforeTheDamage damages a record's length in the
// middle of a journal (one bit, as a failing disk does): the start is
// refused and names the command; recover keeps the records before the
// damage, moves the rest into a file beside the journal byte for byte, says
// how many whole records that file still holds, and the server then starts
// with the writes before the damage.
func TestRecoverKeepsWhatIsBeforeTheDamage(t *testing.T) {
	s := writeSmall(t)
	whole := s.files[cache.JournalName]
	at := s.ends[2] // the fourth write's record starts here
	damaged := bytes.Clone(whole)
	damaged[at+3] ^= 0x80 // its length's lowest byte
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, cache.JournalName), damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := cache.OpenDir(dir)
	var d *cache.DamageError
	if !errors.As(err, &d) || d.Offset != at || d.Records != 3 {
		t.Fatalf("the start on a damaged journal: %v", err)
	}
	for _, words := range []string{"damaged at byte", "does not start", "changed nothing", "recover --data " + dir, "deletes nothing"} {
		if !strings.Contains(err.Error(), words) {
			t.Errorf("the refusal does not say %q: %s", words, err)
		}
	}

	r, err := cache.Recover(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Damage == nil || r.Damage.Offset != at || r.Records != 3 || r.AsideBytes != int64(len(whole))-at || r.AsideRecords != len(smallWrites)-4 {
		t.Errorf("recover: %+v (damage %+v), want 3 records kept and %d bytes with %d whole records set aside", r, r.Damage, int64(len(whole))-at, len(smallWrites)-4)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, cache.JournalName)); !bytes.Equal(got, whole[:at]) {
		t.Error("the journal is not what was before the damage")
	}
	if aside, err := os.ReadFile(r.Aside); err != nil || !bytes.Equal(aside, damaged[at:]) || filepath.Dir(r.Aside) != dir {
		t.Errorf("the part set aside (%s) is not the rest of the journal: %v", r.Aside, err)
	}

	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatalf("the start after recover: %v", err)
	}
	if n := present(t, rdb); n != 3 {
		t.Errorf("after recover %d writes are there, want the 3 before the damage", n)
	}
	release()
	again, err := cache.Recover(dir)
	if err != nil || again.Damage != nil || again.Aside != "" {
		t.Errorf("recover on a whole journal: %+v %v", again, err)
	}
}

// TestRecoverMakesAMissingJournalFromThePreviousOne: a journal deleted by
// mistake, with the generation before the last compaction beside it, stops
// the start (it would begin empty); recover makes it again from that one.
func TestRecoverMakesAMissingJournalFromThePreviousOne(t *testing.T) {
	s := writeSmall(t)
	dir := writeDir(t, s.files)
	rdb, release, err := cache.OpenDir(dir) // compacts: the journal before is kept as the previous one
	if err != nil {
		t.Fatal(err)
	}
	want := present(t, rdb)
	release()
	if err := os.Remove(filepath.Join(dir, cache.JournalName)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := cache.OpenDir(dir); err == nil || !strings.Contains(err.Error(), "recover --data") {
		t.Fatalf("a start without its journal but with the previous one: %v", err)
	}
	r, err := cache.Recover(dir)
	if err != nil || !r.FromPrevious {
		t.Fatalf("recover: %+v %v", r, err)
	}
	rdb, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if got := present(t, rdb); got != want {
		t.Errorf("%d writes after recover, want %d", got, want)
	}
}

// TestRecoverRefusesADirectoryInUse: a server holds the directory.
func TestRecoverRefusesADirectoryInUse(t *testing.T) {
	dir := t.TempDir()
	_, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if _, err := cache.Recover(dir); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("recover on a directory in use: %v", err)
	}
}
