package cache

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"courtside/record"
)

// BackupFormat names the backups this version writes and reads.
const BackupFormat = "courtside-backup/1"

// A backup is a gzipped file of JSON lines: a BackupHeader, then one
// BackupKey per Redis key in the order of their names, then a trailer with
// the number of keys and the SHA-256 of every line before it. It is logical
// (typed values, not Redis' DUMP), so a backup of the embedded store restores
// into a redis-server or a cluster and back.

// BackupHeader is a backup's first line.
type BackupHeader struct {
	Format  string    `json:"format"`
	Created time.Time `json:"created"`
	// Organizer is the organizer whose data this is; empty for the whole server.
	Organizer string `json:"organizer,omitempty"`
}

// BackupKey is one Redis key with its value. Values are, by type: string
// [value]; hash [field, value, ...]; set [member, ...]; list [item, ...];
// zset [member, score, ...]; stream [id, n, field, value, ... (n of them), ...].
type BackupKey struct {
	Key  string   `json:"k"`
	Type string   `json:"t"`
	TTL  int64    `json:"ttl,omitempty"` // milliseconds left; 0 without an expiry
	Vals []string `json:"v"`
	// B64 says Vals are base64, for values that are not UTF-8 text.
	B64 bool `json:"b64,omitempty"`
	// Partial says the hash holds only some of the fields (an organizer's
	// share of a global hash): a restore adds them and deletes none.
	Partial bool `json:"partial,omitempty"`
}

// backupTrailer is a backup's last line.
type backupTrailer struct {
	End    bool   `json:"end"`
	Keys   int    `json:"keys"`
	SHA256 string `json:"sha256"`
}

// BackupInfo is what a backup holds, in numbers.
type BackupInfo struct {
	Header BackupHeader
	Keys   int
}

// ErrBadBackup is returned for a file that is not a whole, intact backup.
var ErrBadBackup = errors.New("not an intact Courtside backup")

// ErrNotEmpty is returned by Restore into a Redis that holds keys already.
var ErrNotEmpty = errors.New("the target is not empty")

// backupBatchKeys bounds the keys read in one round trip: between batches a
// concurrent writer gets its turn, so a backup never holds Redis for long.
const backupBatchKeys = 256

// snapshotScript reads the keys it is given (of one hash slot) in one atomic
// step: {type, ms to live, values} for each. A tournament's keys share a hash
// tag, so a tournament is read as it was at one moment.
var snapshotScript = redis.NewScript(`
local out = {}
for i, k in ipairs(KEYS) do
  local t = redis.call('TYPE', k)
  if type(t) == 'table' then t = t.ok or t['ok'] end
  local v = {}
  if t == 'string' then v = {redis.call('GET', k)}
  elseif t == 'hash' then v = redis.call('HGETALL', k)
  elseif t == 'set' then v = redis.call('SMEMBERS', k)
  elseif t == 'list' then v = redis.call('LRANGE', k, 0, -1)
  elseif t == 'zset' then v = redis.call('ZRANGE', k, 0, -1, 'WITHSCORES')
  elseif t == 'stream' then
    for _, e in ipairs(redis.call('XRANGE', k, '-', '+')) do
      v[#v + 1] = e[1]
      v[#v + 1] = tostring(#e[2] / 2)
      for _, x in ipairs(e[2]) do v[#v + 1] = x end
    end
  else t = 'none' end
  out[i] = {t, redis.call('PTTL', k), v}
end
return out
`)

// ephemeral says whether a key holds only what may be lost with a restart:
// rate counters, failed sign-ins, one-time sign-in codes, leases of the
// instance that works on something, the upstream budget's window.
func ephemeral(key string) bool {
	for _, p := range []string{"rl:", "login-failures:", "sign-in-link:", "upstream-budget:", "upstream-pause:", "upstream-polls:"} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return strings.Contains(key, ":webhook-lease:") || strings.HasSuffix(key, ":follow-lease")
}

// hashTag is the part of a key in {} that decides its slot, or "" for none.
func hashTag(key string) string {
	i := strings.IndexByte(key, '{')
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(key[i+1:], '}')
	if j <= 0 {
		return ""
	}
	return key[i+1 : i+1+j]
}

// scanKeys lists every key of every master, in the order of their names.
func (s *Store) scanKeys(ctx context.Context) ([]string, error) {
	var mu sync.Mutex
	var keys []string
	scan := func(ctx context.Context, c redis.Cmdable) error {
		it := c.Scan(ctx, 0, "", 1000).Iterator()
		var mine []string
		for it.Next(ctx) {
			mine = append(mine, it.Val())
		}
		mu.Lock()
		keys = append(keys, mine...)
		mu.Unlock()
		return it.Err()
	}
	var err error
	if c, ok := s.rdb.(*redis.ClusterClient); ok {
		err = c.ForEachMaster(ctx, func(ctx context.Context, n *redis.Client) error { return scan(ctx, n) })
	} else {
		err = scan(ctx, s.rdb)
	}
	if err != nil {
		return nil, fmt.Errorf("cache: backup: scan: %w", err)
	}
	slices.Sort(keys)
	return slices.Compact(keys), nil
}

// Empty says whether the Redis holds no key at all (every master of a cluster).
func (s *Store) Empty(ctx context.Context) (bool, error) {
	var mu sync.Mutex
	var n int64
	count := func(ctx context.Context, c redis.Cmdable) error {
		m, err := c.DBSize(ctx).Result()
		mu.Lock()
		n += m
		mu.Unlock()
		return err
	}
	var err error
	if c, ok := s.rdb.(*redis.ClusterClient); ok {
		err = c.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error { return count(ctx, node) })
	} else {
		err = count(ctx, s.rdb)
	}
	return n == 0, err
}

// organizerShare decides which keys, and which fields of global hashes, are
// one organizer's: its organizer record and address, its rankings, its
// tournaments with everything of them, its API keys and follows.
type organizerShare struct {
	org         string
	slug        string
	tournaments map[string]bool
	keyHashes   map[string]bool
}

func (s *Store) organizerShare(ctx context.Context, orgID string) (*organizerShare, error) {
	org, err := s.Organizer(ctx, orgID)
	if err != nil {
		return nil, err
	}
	ids, err := s.rdb.HKeys(ctx, organizerIndexKey(orgID)).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: backup: %w", err)
	}
	share := &organizerShare{org: orgID, slug: org.Slug, tournaments: map[string]bool{}, keyHashes: map[string]bool{}}
	for _, id := range ids {
		share.tournaments[id] = true
	}
	all, err := s.rdb.HGetAll(ctx, keysByHashKey).Result()
	if err != nil {
		return nil, fmt.Errorf("cache: backup: %w", err)
	}
	for sha, raw := range all {
		var k record.Key
		if unmarshalRecord([]byte(raw), &k) == nil && k.Kind == record.KindToken && k.OrganizerID == orgID {
			share.keyHashes[sha] = true
		}
	}
	return share, nil
}

// wants says whether the key is in the share at all.
func (sh *organizerShare) wants(key string) bool {
	if sh == nil {
		return true
	}
	switch tag := hashTag(key); {
	case strings.HasPrefix(key, "t:{"):
		return sh.tournaments[tag]
	case strings.HasPrefix(key, "o:{"):
		return tag == sh.org
	}
	return key == organizersKey || key == organizerSlugsKey || key == keysKey || key == keysByHashKey || key == followsKey
}

// filter keeps the fields of a global hash that are the organizer's.
func (sh *organizerShare) filter(k *BackupKey) {
	if sh == nil || k.Type != "hash" || strings.HasPrefix(k.Key, "t:{") || strings.HasPrefix(k.Key, "o:{") {
		return
	}
	keep := func(field, value string) bool {
		switch k.Key {
		case organizersKey:
			return field == sh.org
		case organizerSlugsKey:
			return value == sh.org
		case keysKey:
			return sh.keyHashes[value]
		case keysByHashKey:
			return sh.keyHashes[field]
		case followsKey:
			return sh.tournaments[field]
		}
		return false
	}
	var kept []string
	for i := 0; i+1 < len(k.Vals); i += 2 {
		if keep(k.Vals[i], k.Vals[i+1]) {
			kept = append(kept, k.Vals[i], k.Vals[i+1])
		}
	}
	k.Vals, k.Partial = kept, true
}

// Backup writes a backup to w while the store is in use: the whole server's
// data, or with organizerID only that organizer's. Each hash tag's keys (all
// of a tournament, all of an organizer's rankings) are read in one atomic
// step; a few hundred keys at a time, so writers wait at most that long.
// Counters that may be lost with a restart (rate limits, leases, one-time
// codes) are left out.
func (s *Store) Backup(ctx context.Context, w io.Writer, organizerID string) (BackupInfo, error) {
	info := BackupInfo{Header: BackupHeader{Format: BackupFormat, Created: s.Now().UTC(), Organizer: organizerID}}
	var share *organizerShare
	if organizerID != "" {
		var err error
		if share, err = s.organizerShare(ctx, organizerID); err != nil {
			return info, err
		}
	}
	keys, err := s.scanKeys(ctx)
	if err != nil {
		return info, err
	}
	keys = slices.DeleteFunc(keys, func(k string) bool { return ephemeral(k) || !share.wants(k) })
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // a valid level: no error; the CPU a backup takes from the server matters more than bytes
	out := newBackupWriter(zw)
	if err := out.line(info.Header); err != nil {
		return info, err
	}
	for len(keys) > 0 {
		batch := nextBatch(keys)
		keys = keys[len(batch):]
		got, err := s.readKeys(ctx, batch)
		if err != nil {
			return info, err
		}
		for i := range got {
			share.filter(&got[i])
			if got[i].Type == "none" || len(got[i].Vals) == 0 {
				continue // gone since the scan, or emptied: Redis keeps no empty key either
			}
			if err := out.line(got[i]); err != nil {
				return info, err
			}
			info.Keys++
		}
	}
	if err := out.line(backupTrailer{End: true, Keys: info.Keys, SHA256: hex.EncodeToString(out.sum.Sum(nil))}); err != nil {
		return info, err
	}
	if err := out.w.Flush(); err != nil {
		return info, fmt.Errorf("cache: backup: %w", err)
	}
	if err := zw.Close(); err != nil {
		return info, fmt.Errorf("cache: backup: %w", err)
	}
	return info, nil
}

// nextBatch takes the keys of the next round trip from the sorted keys:
// whole hash tags (a tag's keys are next to each other once sorted, as
// everything of a tag starts alike), up to backupBatchKeys unless one tag has
// more.
func nextBatch(keys []string) []string {
	n := 0
	for n < len(keys) {
		tag := hashTag(keys[n])
		m := n + 1
		for tag != "" && m < len(keys) && hashTag(keys[m]) == tag {
			m++
		}
		if n > 0 && m > backupBatchKeys {
			break
		}
		n = m
		if n >= backupBatchKeys {
			break
		}
	}
	return keys[:n]
}

// readKeys reads a batch in one pipeline: a snapshot script per hash tag (its
// keys read together) and per key without a tag.
func (s *Store) readKeys(ctx context.Context, batch []string) ([]BackupKey, error) {
	var groups [][]string
	for i := 0; i < len(batch); {
		tag, j := hashTag(batch[i]), i+1
		for tag != "" && j < len(batch) && hashTag(batch[j]) == tag {
			j++
		}
		groups = append(groups, batch[i:j])
		i = j
	}
	cmds := make([]*redis.Cmd, len(groups))
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, g := range groups {
			cmds[i] = snapshotScript.EvalSha(ctx, p, g)
		}
		return nil
	})
	if slices.ContainsFunc(cmds, func(c *redis.Cmd) bool { return redis.HasErrorPrefix(c.Err(), "NOSCRIPT") }) {
		// a node without the script yet: once more, with its body
		_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, g := range groups {
				cmds[i] = snapshotScript.Eval(ctx, p, g)
			}
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("cache: backup: read: %w", err)
	}
	out := make([]BackupKey, 0, len(batch))
	for i, g := range groups {
		rows, _ := cmds[i].Val().([]any)
		if len(rows) != len(g) {
			return nil, fmt.Errorf("cache: backup: read %s: %d answers for %d keys", g[0], len(rows), len(g))
		}
		for j, row := range rows {
			k, err := backupKeyOf(g[j], row)
			if err != nil {
				return nil, err
			}
			out = append(out, k)
		}
	}
	return out, nil
}

func backupKeyOf(key string, row any) (BackupKey, error) {
	r, ok := row.([]any)
	if !ok || len(r) != 3 {
		return BackupKey{}, fmt.Errorf("cache: backup: read %s: unexpected answer", key)
	}
	k := BackupKey{Key: key}
	k.Type, _ = r[0].(string)
	if ttl, _ := r[1].(int64); ttl > 0 {
		k.TTL = ttl
	}
	vals, _ := r[2].([]any)
	k.Vals = make([]string, len(vals))
	for i, v := range vals {
		s, _ := v.(string)
		k.Vals[i] = s
		if !utf8.ValidString(s) {
			k.B64 = true
		}
	}
	if k.B64 {
		for i, v := range k.Vals {
			k.Vals[i] = base64.StdEncoding.EncodeToString([]byte(v))
		}
	}
	return k, nil
}

// backupWriter writes JSON lines and sums them.
type backupWriter struct {
	w   *bufio.Writer
	sum hash.Hash
}

func newBackupWriter(w io.Writer) *backupWriter {
	return &backupWriter{w: bufio.NewWriterSize(w, 64<<10), sum: sha256.New()}
}

func (b *backupWriter) line(v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("cache: backup: %w", err)
	}
	raw = append(raw, '\n')
	if _, isTrailer := v.(backupTrailer); !isTrailer {
		b.sum.Write(raw)
	}
	if _, err := b.w.Write(raw); err != nil {
		return fmt.Errorf("cache: backup: %w", err)
	}
	return nil
}

// maxBackupLine bounds one line of a backup: a key's whole value (the
// largest are a tournament's matches at the limits, a few MB).
const maxBackupLine = 256 << 20

// ReadBackup reads a backup from r, calling each (when not nil) for every key
// in the file's order, and checks that it is whole: a file cut short, changed
// or not a backup at all is ErrBadBackup, found at the latest when the end is
// reached (so check a file first with each nil, then restore it).
func ReadBackup(r io.Reader, each func(BackupKey) error) (BackupInfo, error) {
	var info BackupInfo
	zr, err := gzip.NewReader(r)
	if err != nil {
		return info, fmt.Errorf("%w: %v", ErrBadBackup, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 64<<10), maxBackupLine)
	sum := sha256.New()
	first := true
	for sc.Scan() {
		line := sc.Bytes()
		if first {
			first = false
			if err := json.Unmarshal(line, &info.Header); err != nil || info.Header.Format != BackupFormat {
				return info, fmt.Errorf("%w: the first line is not a header of %s", ErrBadBackup, BackupFormat)
			}
			sum.Write(line)
			sum.Write([]byte{'\n'})
			continue
		}
		var end backupTrailer
		if json.Unmarshal(line, &end) == nil && end.End {
			if end.Keys != info.Keys || end.SHA256 != hex.EncodeToString(sum.Sum(nil)) {
				return info, fmt.Errorf("%w: its checksum does not match: the file was changed or damaged", ErrBadBackup)
			}
			if sc.Scan() {
				return info, fmt.Errorf("%w: there is more after its end", ErrBadBackup)
			}
			if _, err := io.Copy(io.Discard, zr); err != nil {
				return info, fmt.Errorf("%w: %v", ErrBadBackup, err)
			}
			return info, nil
		}
		sum.Write(line)
		sum.Write([]byte{'\n'})
		var k BackupKey
		if err := json.Unmarshal(line, &k); err != nil || k.Key == "" {
			return info, fmt.Errorf("%w: line %d is not a key", ErrBadBackup, info.Keys+2)
		}
		info.Keys++
		if each != nil {
			if err := each(k); err != nil {
				return info, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return info, fmt.Errorf("%w: %v", ErrBadBackup, err)
	}
	return info, fmt.Errorf("%w: it ends before its last line (cut short?)", ErrBadBackup)
}

// Restore writes the keys of a backup into the store, in batches. open opens
// the file; it is read twice: first whole, to check it (nothing is written
// from a damaged file), then to restore. Unless force, the target must be
// empty; with force, a key of the backup replaces the one of the same name
// (the fields of a partial hash are added). Records of an earlier format
// come back in this version's (RecordFormat), field for field.
func (s *Store) Restore(ctx context.Context, open func() (io.ReadCloser, error), force bool) (BackupInfo, error) {
	read := func(each func(BackupKey) error) (BackupInfo, error) {
		f, err := open()
		if err != nil {
			return BackupInfo{}, err
		}
		defer func() { _ = f.Close() }() // read only
		return ReadBackup(f, each)
	}
	if _, err := read(nil); err != nil {
		return BackupInfo{}, err
	}
	if !force {
		empty, err := s.Empty(ctx)
		if err != nil {
			return BackupInfo{}, fmt.Errorf("cache: restore: %w", err)
		}
		if !empty {
			return BackupInfo{}, ErrNotEmpty
		}
	}
	var batch []BackupKey
	size := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, k := range batch {
				restoreKey(ctx, p, k)
			}
			return nil
		})
		batch, size = batch[:0], 0
		if err != nil {
			return fmt.Errorf("cache: restore: %w", err)
		}
		return nil
	}
	info, err := read(func(k BackupKey) error {
		if k.B64 {
			for i, v := range k.Vals {
				b, err := base64.StdEncoding.DecodeString(v)
				if err != nil {
					return fmt.Errorf("%w: %s: %v", ErrBadBackup, k.Key, err)
				}
				k.Vals[i] = string(b)
			}
		}
		if err := upgradeRecords(&k); err != nil {
			return err
		}
		batch = append(batch, k)
		for _, v := range k.Vals {
			size += len(v)
		}
		if len(batch) >= backupBatchKeys || size >= 4<<20 {
			return flush()
		}
		return nil
	})
	if err != nil {
		return info, err
	}
	if err := flush(); err != nil {
		return info, err
	}
	s.mu.Lock()
	clear(s.snaps)
	clear(s.versions)
	s.mu.Unlock()
	return info, nil
}

// restoreKey queues the commands that make one key as the backup holds it.
func restoreKey(ctx context.Context, p redis.Pipeliner, k BackupKey) {
	if !k.Partial {
		p.Del(ctx, k.Key)
	}
	args := func(vals []string) []any {
		out := make([]any, len(vals))
		for i, v := range vals {
			out[i] = v
		}
		return out
	}
	switch k.Type {
	case "string":
		p.Set(ctx, k.Key, k.Vals[0], 0)
	case "hash":
		for i := 0; i < len(k.Vals); i += 1000 {
			p.HSet(ctx, k.Key, args(k.Vals[i:min(i+1000, len(k.Vals))])...)
		}
	case "set":
		p.SAdd(ctx, k.Key, args(k.Vals)...)
	case "list":
		for i := 0; i < len(k.Vals); i += 1000 {
			p.RPush(ctx, k.Key, args(k.Vals[i:min(i+1000, len(k.Vals))])...)
		}
	case "zset":
		zs := make([]redis.Z, 0, len(k.Vals)/2)
		for i := 0; i+1 < len(k.Vals); i += 2 {
			score, _ := strconv.ParseFloat(k.Vals[i+1], 64)
			zs = append(zs, redis.Z{Member: k.Vals[i], Score: score})
		}
		p.ZAdd(ctx, k.Key, zs...)
	case "stream":
		for i := 0; i+1 < len(k.Vals); {
			id := k.Vals[i]
			n, _ := strconv.Atoi(k.Vals[i+1])
			end := min(i+2+2*n, len(k.Vals))
			p.XAdd(ctx, &redis.XAddArgs{Stream: k.Key, ID: id, Values: args(k.Vals[i+2 : end])})
			i = end
		}
	}
	if k.TTL > 0 {
		p.PExpire(ctx, k.Key, time.Duration(k.TTL)*time.Millisecond)
	}
}
