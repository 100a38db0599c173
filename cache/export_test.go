package cache

import "github.com/redis/go-redis/v9"

// OpenDirCompactingAfter is OpenDir with the journal compacted while it runs
// after the given number of writes or bytes (and a quarter of its contents).
func OpenDirCompactingAfter(dir string, records int, bytes int64) (redis.UniversalClient, func(), error) {
	return openDir(dir, records, bytes)
}
