package cache

import "github.com/redis/go-redis/v9"

// OpenDirCompactingAfter is OpenDir with the journal compacted while it runs
// each time it has grown by n bytes (and by its contents' size).
func OpenDirCompactingAfter(dir string, n int64) (redis.UniversalClient, func(), error) {
	return openDir(dir, n)
}
