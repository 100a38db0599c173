package cache

import (
	"context"
	"fmt"
	"io"

	"github.com/redis/go-redis/v9"
)

// OpenDirCompactingAfter is OpenDir with the journal compacted while it runs
// after the given number of writes or bytes (and a quarter of its contents).
func OpenDirCompactingAfter(dir string, records int, bytes int64) (redis.UniversalClient, func(), error) {
	return openDir(dir, records, bytes)
}

// RestoreAsWritten writes a backup's keys into the store byte for byte, its
// records in the format they were written in (Restore brings them to
// RecordFormat): a store as an earlier version left it.
func RestoreAsWritten(ctx context.Context, s *Store, r io.Reader) error {
	var keys []BackupKey
	if _, err := ReadBackup(r, func(k BackupKey) error {
		if k.B64 {
			return fmt.Errorf("%s: base64 values are not restored as written", k.Key)
		}
		keys = append(keys, k)
		return nil
	}); err != nil {
		return err
	}
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, k := range keys {
			restoreKey(ctx, p, k)
		}
		return nil
	})
	return err
}

// Client is the store's Redis client.
func (s *Store) Client() redis.UniversalClient { return s.rdb }
