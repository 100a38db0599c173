package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtside/cache"
)

// TestRecoverCommand: a server on a data directory whose journal is damaged
// does not start and names the command; `courtside recover --data DIR` keeps
// the records before the damage, sets the rest aside and says so in numbers;
// the server then starts with the writes before the damage.
func TestRecoverCommand(t *testing.T) {
	dir := t.TempDir()
	rdb, release, err := cache.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	path := filepath.Join(dir, cache.JournalName)
	var ends []int64
	for i := range 6 {
		if err := rdb.Set(ctx, "result"+string(rune('a'+i)), "13:7", 0).Err(); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(path)
		ends = append(ends, st.Size())
	}
	release()
	journal, _ := os.ReadFile(path)
	journal[ends[1]+2] ^= 0x01 // a bit of the third record's length
	if err := os.WriteFile(path, journal, 0o600); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return map[string]string{"DATA_DIR": dir}[k] }

	var out, errs bytes.Buffer
	if code := Main([]string{"serve", "--addr", "127.0.0.1:0"}, &out, &errs, getenv); code != 1 ||
		!strings.Contains(errs.String(), "damaged at byte") || !strings.Contains(errs.String(), "recover --data "+dir) {
		t.Fatalf("serve on a damaged journal: %d\n%s%s", code, out.String(), errs.String())
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, journal) {
		t.Fatal("the refused start changed the journal")
	}

	out.Reset()
	errs.Reset()
	if code := Main([]string{"recover", "--data", dir}, &out, &errs, func(string) string { return "" }); code != 0 {
		t.Fatalf("recover: %d %s", code, errs.String())
	}
	said := out.String()
	for _, words := range []string{"damaged at byte", "Kept:       the 2 records before the damage.", "Set aside:", ".damaged-", "3 whole records could still be read there", "starts with what was kept"} {
		if !strings.Contains(said, words) {
			t.Errorf("recover does not say %q:\n%s", words, said)
		}
	}
	rdb, release, err = cache.OpenDir(dir)
	if err != nil {
		t.Fatalf("the start after recover: %v", err)
	}
	defer release()
	if n := rdb.DBSize(ctx).Val(); n != 2 {
		t.Errorf("%d results after recover, want the 2 before the damage", n)
	}
}

// TestRecoverHelpAndMistakesOpenNothing: help and a command line that does
// not parse are answered before the directory is touched.
func TestRecoverHelpAndMistakesOpenNothing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "not-made")
	for _, c := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"recover", "--help", "--data", missing}, 0, "courtside recover --data DIR"},
		{[]string{"recover", "-h"}, 0, "courtside recover --data DIR"},
		{[]string{"recover"}, 2, "recover needs the data directory"},
		{[]string{"recover", "--data", missing, "now"}, 2, "recover takes no arguments"},
		{[]string{"recover", "--data", missing}, 1, "is not a data directory"},
	} {
		var out, errs bytes.Buffer
		code := Main(c.args, &out, &errs, func(string) string { return "" })
		if code != c.code || !strings.Contains(out.String()+errs.String(), c.say) {
			t.Errorf("%v: %d, want %d saying %q:\n%s%s", c.args, code, c.code, c.say, out.String(), errs.String())
		}
		if _, err := os.Stat(missing); err == nil {
			t.Fatalf("%v made the directory", c.args)
		}
	}
}
