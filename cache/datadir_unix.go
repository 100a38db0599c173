//go:build !windows

package cache

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes the data directory for this process: a second server on the
// same directory would interleave two journals into one.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cache: data directory: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, inUse(dir)
		}
		return nil, fmt.Errorf("cache: data directory lock: %w", err)
	}
	noteHolder(f)
	return func() { _ = f.Close() }, nil
}

// syncDir makes a rename in dir last (the directory entry is on the disk too).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
