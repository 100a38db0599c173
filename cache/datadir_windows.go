//go:build windows

package cache

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// lockDir takes the data directory for this process: a second server on the
// same directory would interleave two journals into one.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cache: data directory: %w", err)
	}
	ol := new(windows.Overlapped)
	if err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol); err != nil {
		_ = f.Close()
		return nil, inUse(dir)
	}
	noteHolder(f)
	return func() { _ = f.Close() }, nil
}

// syncDir is nothing on Windows: NTFS journals a rename itself, and a
// directory cannot be opened for a sync.
func syncDir(string) {}
