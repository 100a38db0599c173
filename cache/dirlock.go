package cache

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// lockName is the file in the data directory that the server holding it locks;
// it says who holds it: "pid N" and, once the server listens, "url ADDRESS".
const lockName = "courtside.lock"

// DirInUseError is the error of a data directory another process holds: a
// server running on it, which the command line must not write past.
type DirInUseError struct {
	Dir string
	// PID is the process that holds it, 0 when it did not say.
	PID int
	// URL is the address it serves, "" when it did not say.
	URL string
}

func (e *DirInUseError) Error() string {
	who := "another courtside"
	if e.PID > 0 {
		who = fmt.Sprintf("a server (pid %d)", e.PID)
	}
	msg := fmt.Sprintf("%s is in use by %s: stop it first", e.Dir, who)
	if e.URL != "" {
		msg += ", or do this in its console at " + strings.TrimSuffix(e.URL, "/") + "/admin"
	}
	return msg
}

// inUse reads who holds dir from its lock file.
func inUse(dir string) *DirInUseError {
	e := &DirInUseError{Dir: dir}
	raw, err := os.ReadFile(filepath.Join(dir, lockName))
	if err != nil {
		return e
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "pid "); ok {
			e.PID, _ = strconv.Atoi(v)
		} else if v, ok := strings.CutPrefix(line, "url "); ok {
			e.URL = v
		}
	}
	return e
}

// noteHolder writes this process's id into the lock file it holds.
func noteHolder(f *os.File) {
	_ = f.Truncate(0) // a note for a person's error message; the lock is what counts
	_, _ = f.WriteAt([]byte("pid "+strconv.Itoa(os.Getpid())+"\n"), 0)
}

// AnnounceDir notes in the data directory the address the server holding it
// serves, so that a command refused there can name it.
func AnnounceDir(dir, url string) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	_, _ = f.WriteString("url " + url + "\n")
	_ = f.Close()
}
