package cache

import (
	"bufio"
	"context"
	"crypto/sha1" //nolint:gosec // Redis names scripts by their SHA-1; it identifies, it does not protect
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// JournalName is the file in the data directory that holds the embedded store.
const JournalName = "courtside.journal"

// journalMagic starts every journal; a file without it is not ours.
const journalMagic = "courtside journal 1\n"

// OpenDir starts the embedded in-process Redis with its data kept in dir: a
// laptop at the venue without Docker or a Redis server still keeps the day.
//
// The embedded Redis (miniredis) holds everything in memory; the journal in dir
// makes it last. Every command that changes data is appended to the journal
// and synced to the disk (fsync) before its reply reaches the caller, so a
// write the site acknowledged survives a crash or kill -9. Writes take turns
// (one at a time, in the order the store applied them); reads never wait for
// the disk. At start the journal is replayed into a fresh store and then
// rewritten as the store's contents (compacted), so it does not grow from
// day to day. See journal for what exactly is recorded and why replay gives
// the same store.
func OpenDir(dir string) (rdb redis.UniversalClient, release func(), err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("cache: data directory: %w", err)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return nil, nil, err
	}
	m, err := miniredis.Run()
	if err != nil {
		unlock()
		return nil, nil, fmt.Errorf("cache: embedded redis: %w", err)
	}
	fail := func(err error) (redis.UniversalClient, func(), error) {
		m.Close()
		unlock()
		return nil, nil, err
	}
	path := filepath.Join(dir, JournalName)
	j := &journal{m: m, logged: map[string]bool{}, skip: map[string]bool{}}
	for _, s := range ephemeralScripts {
		j.skip[s.Hash()] = true
	}
	last, err := j.replay(path)
	if err != nil {
		return fail(err)
	}
	// The time the process was away passes for keys with a time to live.
	if !last.IsZero() {
		if away := time.Since(last); away > 0 {
			m.FastForward(away)
		}
	}
	m.SetTime(time.Now())
	if err := j.compact(path); err != nil {
		return fail(err)
	}
	c := redis.NewClient(&redis.Options{
		Addr: m.Addr(),
		// A command to the in-process store is never abandoned half way: a
		// timed-out write could have been applied without being journaled.
		ReadTimeout:  -1,
		WriteTimeout: -1,
	})
	c.AddHook(j)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { defer close(done); j.tick(stop) }()
	return c, func() {
		close(stop)
		<-done
		_ = c.Close()
		j.close()
		m.Close()
		unlock()
	}, nil
}

// ephemeralScripts change only counters that may be lost with the process
// (the API's rate limit): journaling them would sync the disk for every API
// read.
var ephemeralScripts = []*redis.Script{rateScript}

// journal is a go-redis hook that records every command that changes the
// embedded store, in the order the store applied them, and syncs each record
// to the disk before the command's reply is returned.
//
// Replay gives the same store because everything a command's effect depends
// on is in the record or replayed with it: its arguments as sent; the store's
// clock, which names stream entries (XADD *) and is set to the record's time
// before the command runs, here and on replay; keys' time to live, which the
// store counts down only when told (FastForward), by ticks that are journaled
// in order with the writes; and Lua scripts, whose bodies are journaled before
// their first use in the file. Writes are serialized, so two writes are never
// applied in one order and journaled in the other. A command that failed is
// journaled too when the store answered it (a script stopped by an error may
// have written before it stopped, and does so again on replay); a transaction
// that a WATCH called off is not.
type journal struct {
	m *miniredis.Miniredis

	mu      sync.Mutex
	w       *bufio.Writer
	f       *os.File
	broken  error           // once the disk failed, no write is acknowledged again
	logged  map[string]bool // scripts whose body is in the current file
	skip    map[string]bool // ephemeral scripts, not journaled (set before use)
	scripts sync.Map        // SHA-1 → scriptInfo of every script seen
}

// scriptInfo is a Lua script's body and whether it calls a command that writes.
type scriptInfo struct {
	body     string
	readOnly bool
}

// Record kinds.
const (
	recCommands byte = 'c' // commands applied together (one command, or a pipeline)
	recTick     byte = 't' // time passed for the keys' time to live
)

// DialHook passes dialing through.
func (j *journal) DialHook(next redis.DialHook) redis.DialHook { return next }

// ProcessHook journals one command that writes.
func (j *journal) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !j.writes(cmd.Args()) {
			return next(ctx, cmd)
		}
		return j.apply(func() error { return next(context.WithoutCancel(ctx), cmd) }, []redis.Cmder{cmd}, true)
	}
}

// ProcessPipelineHook journals the commands of a pipeline or transaction that write.
func (j *journal) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if !slices.ContainsFunc(cmds, func(c redis.Cmder) bool { return j.writes(c.Args()) }) {
			return next(ctx, cmds)
		}
		return j.apply(func() error { return next(context.WithoutCancel(ctx), cmds) }, cmds, false)
	}
}

// apply runs the commands with the store's clock set to now, then journals
// those that write and were applied, and syncs, before anyone hears back.
// A single command's outcome is what run returns (go-redis sets it on the
// command only after the hooks); a pipeline's commands carry their own.
func (j *journal) apply(run func() error, cmds []redis.Cmder, single bool) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.broken != nil {
		return j.broken
	}
	now := time.Now()
	j.m.SetTime(now)
	err := run()
	var rec [][][]byte
	for _, c := range cmds {
		args := c.Args()
		cerr := c.Err()
		if single {
			cerr = err
		}
		if !j.writes(args) || !applied(cerr) {
			continue
		}
		enc, aerr := encodeArgs(args)
		if aerr != nil { // go-redis could not have sent it either
			continue
		}
		if name := strings.ToLower(string(enc[0])); name == "evalsha" || name == "evalsha_ro" {
			sha := strings.ToLower(string(enc[1]))
			if info, ok := j.scripts.Load(sha); ok && !j.logged[sha] {
				rec = append(rec, [][]byte{[]byte("script"), []byte("load"), []byte(info.(scriptInfo).body)})
				j.logged[sha] = true
			}
		} else if name == "eval" {
			j.logged[scriptSHA(string(enc[1]))] = true
		}
		rec = append(rec, enc)
	}
	if len(rec) == 0 {
		return err
	}
	if werr := j.write(recCommands, now, rec, true); werr != nil {
		j.broken = fmt.Errorf("cache: the journal cannot be written, nothing more is acknowledged: %w", werr)
		return j.broken
	}
	return err
}

// applied says whether a command that answered err changed the store as it
// would on replay: it did unless the connection failed, a WATCH called the
// transaction off, the script was unknown, or the transaction was refused.
func applied(err error) bool {
	if err == nil || errors.Is(err, redis.Nil) {
		return true
	}
	if errors.Is(err, redis.TxFailedErr) {
		return false
	}
	var rerr redis.Error
	if !errors.As(err, &rerr) {
		return false
	}
	msg := rerr.Error()
	return !strings.HasPrefix(msg, "NOSCRIPT") && !strings.HasPrefix(msg, "EXECABORT")
}

// tick moves the store's clock for keys with a time to live, once a second,
// as Redis does by itself; each tick is journaled in order with the writes
// (without a sync of its own: it needs to be on disk only before a write that
// comes after it, and that write's sync takes it along).
func (j *journal) tick(stop <-chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			j.mu.Lock()
			if j.broken == nil {
				j.m.FastForward(now.Sub(last))
				if err := j.write(recTick, now, [][][]byte{{[]byte(strconv.FormatInt(int64(now.Sub(last)), 10))}}, false); err != nil {
					j.broken = fmt.Errorf("cache: the journal cannot be written, nothing more is acknowledged: %w", err)
				}
			}
			j.mu.Unlock()
			last = now
		}
	}
}

// writes says whether a command changes the store.
func (j *journal) writes(args []any) bool {
	if len(args) == 0 {
		return false
	}
	name, _ := args[0].(string)
	name = strings.ToLower(name)
	switch name {
	case "eval":
		body, _ := args[1].(string)
		return j.remember(body)
	case "evalsha":
		sha, _ := args[1].(string)
		sha = strings.ToLower(sha)
		if j.skip[sha] {
			return false
		}
		info, ok := j.scripts.Load(sha)
		return !ok || !info.(scriptInfo).readOnly
	case "script":
		sub, _ := args[1].(string)
		if strings.EqualFold(sub, "load") && len(args) > 2 {
			body, _ := args[2].(string)
			j.remember(body)
		}
		return false
	}
	return writeCommands[name]
}

// remember notes a script's body and says whether running it writes.
func (j *journal) remember(body string) bool {
	sha := scriptSHA(body)
	if j.skip[sha] {
		return false
	}
	info, ok := j.scripts.Load(sha)
	if !ok {
		info, _ = j.scripts.LoadOrStore(sha, scriptInfo{body: body, readOnly: !callsWrite(body)})
	}
	return !info.(scriptInfo).readOnly
}

// scriptCall finds the commands a Lua script calls by name.
var scriptCall = regexp.MustCompile(`redis\.p?call\(\s*['"]([A-Za-z]+)['"]`)

// callsWrite says whether a script may change the store: whether it names a
// command that writes, or calls one whose name it does not spell out.
func callsWrite(body string) bool {
	if strings.Count(body, "redis.call(")+strings.Count(body, "redis.pcall(") != len(scriptCall.FindAllString(body, -1)) {
		return true
	}
	for _, m := range scriptCall.FindAllStringSubmatch(body, -1) {
		if writeCommands[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

func scriptSHA(body string) string {
	sum := sha1.Sum([]byte(body)) //nolint:gosec // the name Redis gives the script
	return hex.EncodeToString(sum[:])
}

// writeCommands are the Redis commands that change data.
var writeCommands = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`set setex psetex setnx getset getdel getex mset msetnx append incr incrby
		incrbyfloat decr decrby setrange del unlink expire pexpire expireat pexpireat persist rename renamenx
		copy move restore hset hsetnx hmset hdel hincrby hincrbyfloat hexpire hpexpire hexpireat hpersist hsetex
		hgetdel hgetex lpush rpush lpushx rpushx lpop rpop lset lrem ltrim linsert lmove rpoplpush lmpop blpop
		brpop blmove brpoplpush sadd srem spop smove sinterstore sunionstore sdiffstore zadd zrem zincrby
		zremrangebyscore zremrangebyrank zremrangebylex zpopmin zpopmax bzpopmin bzpopmax zunionstore
		zinterstore zdiffstore zrangestore xadd xdel xtrim xgroup xack xclaim xautoclaim xsetid xreadgroup
		pfadd pfmerge geoadd georadius georadiusbymember geosearchstore flushdb flushall swapdb eval evalsha
		fcall`) {
		m[c] = true
	}
	return m
}()

// encodeArgs turns a command's arguments into the bytes go-redis sends for them.
func encodeArgs(args []any) ([][]byte, error) {
	out := make([][]byte, len(args))
	for i, a := range args {
		var b []byte
		switch v := a.(type) {
		case nil:
			b = []byte{}
		case string:
			b = []byte(v)
		case []byte:
			b = slices.Clone(v)
		case int:
			b = strconv.AppendInt(nil, int64(v), 10)
		case int8:
			b = strconv.AppendInt(nil, int64(v), 10)
		case int16:
			b = strconv.AppendInt(nil, int64(v), 10)
		case int32:
			b = strconv.AppendInt(nil, int64(v), 10)
		case int64:
			b = strconv.AppendInt(nil, v, 10)
		case uint:
			b = strconv.AppendUint(nil, uint64(v), 10)
		case uint8:
			b = strconv.AppendUint(nil, uint64(v), 10)
		case uint16:
			b = strconv.AppendUint(nil, uint64(v), 10)
		case uint32:
			b = strconv.AppendUint(nil, uint64(v), 10)
		case uint64:
			b = strconv.AppendUint(nil, v, 10)
		case float32:
			b = strconv.AppendFloat(nil, float64(v), 'f', -1, 64)
		case float64:
			b = strconv.AppendFloat(nil, v, 'f', -1, 64)
		case bool:
			b = []byte("0")
			if v {
				b = []byte("1")
			}
		case time.Time:
			b = v.AppendFormat(nil, time.RFC3339Nano)
		case time.Duration:
			b = strconv.AppendInt(nil, v.Nanoseconds(), 10)
		case net.IP:
			b = slices.Clone([]byte(v))
		case encoding.BinaryMarshaler:
			var err error
			if b, err = v.MarshalBinary(); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("cache: journal: an argument of type %T", a)
		}
		out[i] = b
	}
	return out, nil
}

// write appends one record: its kind, time, and commands, each a list of
// arguments; framed by its length and closed by a CRC-32 of what it holds,
// so a record torn by a crash is recognized. With sync the record (and all
// before it) is on the disk when write returns.
func (j *journal) write(kind byte, at time.Time, cmds [][][]byte, sync bool) error {
	var body []byte
	body = append(body, kind)
	body = binary.AppendVarint(body, at.UnixNano())
	body = binary.AppendUvarint(body, uint64(len(cmds)))
	for _, c := range cmds {
		body = binary.AppendUvarint(body, uint64(len(c)))
		for _, a := range c {
			body = binary.AppendUvarint(body, uint64(len(a)))
			body = append(body, a...)
		}
	}
	frame := binary.AppendUvarint(nil, uint64(len(body)))
	frame = append(frame, body...)
	frame = binary.BigEndian.AppendUint32(frame, crc32.ChecksumIEEE(body))
	if _, err := j.w.Write(frame); err != nil {
		return err
	}
	if !sync {
		return nil
	}
	if err := j.w.Flush(); err != nil {
		return err
	}
	return j.f.Sync()
}

func (j *journal) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f != nil {
		_ = j.w.Flush()
		_ = j.f.Sync()
		_ = j.f.Close()
		j.f = nil
	}
	if j.broken == nil {
		j.broken = errors.New("cache: the store is closed")
	}
}

// maxRecord bounds one record as read back: larger is a damaged file.
const maxRecord = 1 << 30

// replay applies the journal at path, if there is one, to the fresh store and
// returns the time of its last record. A record cut short at the end of the
// file was being written when the process died; it was never acknowledged and
// is left out. Damage anywhere else stops the start: nothing is dropped unseen.
func (j *journal) replay(path string) (time.Time, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("cache: journal: %w", err)
	}
	defer func() { _ = f.Close() }()
	rd, err := readJournalHead(f, path)
	if rd == nil {
		return time.Time{}, err // not a journal, or one the process died making
	}
	c := redis.NewClient(&redis.Options{Addr: j.m.Addr(), ReadTimeout: -1, WriteTimeout: -1})
	defer func() { _ = c.Close() }()
	var last time.Time
	for {
		rec, ok, err := rd.next()
		if !ok {
			return last, err // the end, or damage
		}
		if err := j.replayRecord(c, path, rec); err != nil {
			return last, err
		}
		last = rec.at
	}
}

// journalReader reads a journal's records in order. It knows the file's
// size, to tell the torn last record of a crash from damage.
type journalReader struct {
	path   string
	r      *bufio.Reader
	size   int64
	offset int64 // where the next record starts
}

// journalRecord is one record read back, with where it starts in the file.
type journalRecord struct {
	kind   byte
	at     time.Time
	cmds   [][][]byte
	offset int64
}

// readJournalHead checks that f starts as a journal does and returns a
// reader of the records after that. It returns nil and no error for a file
// the process died while making.
func readJournalHead(f *os.File, path string) (*journalReader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cache: journal: %w", err)
	}
	size := st.Size()
	r := bufio.NewReaderSize(f, 1<<20)
	magic := make([]byte, len(journalMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != journalMagic {
		if size < int64(len(journalMagic)) && strings.HasPrefix(journalMagic, string(magic[:max(0, int(size))])) {
			return nil, nil // the process died while making the file
		}
		return nil, fmt.Errorf("cache: %s is not a Courtside journal", path)
	}
	return &journalReader{path: path, r: r, size: size, offset: int64(len(journalMagic))}, nil
}

// next reads the next record. It reports false at the end of the file, and
// at a record cut short by the end of the file or whose checksum fails as
// the file's last: that one was being written when the process died, and
// its command was never acknowledged.
func (rd *journalReader) next() (journalRecord, bool, error) {
	n, err := binary.ReadUvarint(rd.r)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return journalRecord{}, false, nil
	}
	if err != nil || n > maxRecord {
		return journalRecord{}, false, fmt.Errorf("cache: journal %s damaged at byte %d", rd.path, rd.offset)
	}
	end := rd.offset + int64(uvarintLen(n)) + int64(n) + 4
	if end > rd.size {
		return journalRecord{}, false, nil
	}
	body := make([]byte, n+4)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return journalRecord{}, false, fmt.Errorf("cache: journal %s: %w", rd.path, err)
	}
	if crc32.ChecksumIEEE(body[:n]) != binary.BigEndian.Uint32(body[n:]) {
		if end == rd.size {
			return journalRecord{}, false, nil
		}
		return journalRecord{}, false, fmt.Errorf("cache: journal %s damaged at byte %d (checksum)", rd.path, rd.offset)
	}
	kind, at, cmds, err := decodeRecord(body[:n])
	if err != nil {
		return journalRecord{}, false, fmt.Errorf("cache: journal %s damaged at byte %d: %w", rd.path, rd.offset, err)
	}
	rec := journalRecord{kind: kind, at: at, cmds: cmds, offset: rd.offset}
	rd.offset = end
	return rec, true, nil
}

// replayRecord applies one record to the store through c: time passed for
// a tick, its commands at the record's time for commands.
func (j *journal) replayRecord(c *redis.Client, path string, rec journalRecord) error {
	switch rec.kind {
	case recTick:
		d, err := strconv.ParseInt(string(rec.cmds[0][0]), 10, 64)
		if err != nil {
			return fmt.Errorf("cache: journal %s damaged at byte %d: %w", path, rec.offset, err)
		}
		j.m.FastForward(time.Duration(d))
	case recCommands:
		j.m.SetTime(rec.at)
		for _, cmd := range rec.cmds {
			args := make([]any, len(cmd))
			for i, a := range cmd {
				args[i] = string(a)
			}
			name := strings.ToLower(string(cmd[0]))
			if name == "eval" {
				j.remember(string(cmd[1]))
			} else if name == "script" && len(cmd) > 2 {
				j.remember(string(cmd[2]))
			}
			// An error here is the error the command met the first time.
			if err := c.Do(context.Background(), args...).Err(); err != nil && !applied(err) {
				return fmt.Errorf("cache: journal %s at byte %d: %s %.60q: %w", path, rec.offset, name, cmd[1], err)
			}
		}
	default:
		return fmt.Errorf("cache: journal %s damaged at byte %d: record kind %q", path, rec.offset, rec.kind)
	}
	return nil
}

func uvarintLen(n uint64) int {
	return len(binary.AppendUvarint(nil, n))
}

// decodeRecord reads what write wrote.
func decodeRecord(b []byte) (kind byte, at time.Time, cmds [][][]byte, err error) {
	bad := errors.New("malformed record")
	if len(b) < 1 {
		return 0, at, nil, bad
	}
	kind, b = b[0], b[1:]
	ns, k := binary.Varint(b)
	if k <= 0 {
		return 0, at, nil, bad
	}
	at, b = time.Unix(0, ns), b[k:]
	next := func() (uint64, bool) {
		v, k := binary.Uvarint(b)
		// Every count and length is at most the bytes left: each item takes one at least.
		if k <= 0 || v > uint64(len(b)-k) {
			return 0, false
		}
		b = b[k:]
		return v, true
	}
	nc, ok := next()
	if !ok {
		return 0, at, nil, bad
	}
	for range nc {
		na, ok := next()
		if !ok || na == 0 {
			return 0, at, nil, bad
		}
		cmd := make([][]byte, 0, min(na, 64))
		for range na {
			l, ok := next()
			if !ok || l > uint64(len(b)) {
				return 0, at, nil, bad
			}
			cmd = append(cmd, b[:l])
			b = b[l:]
		}
		cmds = append(cmds, cmd)
	}
	if len(b) != 0 || len(cmds) == 0 {
		return 0, at, nil, bad
	}
	return kind, at, cmds, nil
}

// compact rewrites the journal as the store's contents now: one record per
// key, with its time to live. The new file is complete and synced before it
// takes the old one's place (a rename), so a crash at any moment leaves one
// whole journal or the other.
func (j *journal) compact(path string) error {
	tmp := path + ".new"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	j.f, j.w = f, bufio.NewWriterSize(f, 1<<16)
	fail := func(err error) error {
		_ = f.Close()
		_ = os.Remove(tmp)
		return fmt.Errorf("cache: journal: %w", err)
	}
	if _, err := j.w.WriteString(journalMagic); err != nil {
		return fail(err)
	}
	now := time.Now()
	keys := j.m.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		cmds, err := keyCommands(j.m, k)
		if err != nil {
			return fail(err)
		}
		if len(cmds) == 0 {
			continue
		}
		if ttl := j.m.TTL(k); ttl > 0 {
			cmds = append(cmds, [][]byte{[]byte("pexpire"), []byte(k), strconv.AppendInt(nil, max(ttl.Milliseconds(), 1), 10)})
		}
		if err := j.write(recCommands, now, cmds, false); err != nil {
			return fail(err)
		}
	}
	if err := j.w.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(path))
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("cache: journal: %w", err)
	}
	j.f, j.w = f, bufio.NewWriterSize(f, 1<<16)
	return nil
}

// keyCommands are the commands that make the key again as it is.
func keyCommands(m *miniredis.Miniredis, k string) ([][][]byte, error) {
	b := func(s string) []byte { return []byte(s) }
	switch m.Type(k) {
	case "string":
		v, err := m.Get(k)
		return [][][]byte{{b("set"), b(k), b(v)}}, err
	case "hash":
		fields, err := m.HKeys(k)
		if err != nil {
			return nil, err
		}
		cmd := [][]byte{b("hset"), b(k)}
		for _, f := range fields {
			cmd = append(cmd, b(f), b(m.HGet(k, f)))
		}
		return [][][]byte{cmd}, nil
	case "list":
		items, err := m.List(k)
		if err != nil || len(items) == 0 {
			return nil, err
		}
		cmd := [][]byte{b("rpush"), b(k)}
		for _, it := range items {
			cmd = append(cmd, b(it))
		}
		return [][][]byte{cmd}, nil
	case "set":
		members, err := m.Members(k)
		if err != nil || len(members) == 0 {
			return nil, err
		}
		cmd := [][]byte{b("sadd"), b(k)}
		for _, it := range members {
			cmd = append(cmd, b(it))
		}
		return [][][]byte{cmd}, nil
	case "zset":
		members, err := m.SortedSet(k)
		if err != nil || len(members) == 0 {
			return nil, err
		}
		names := make([]string, 0, len(members))
		for n := range members {
			names = append(names, n)
		}
		sort.Strings(names)
		cmd := [][]byte{b("zadd"), b(k)}
		for _, n := range names {
			cmd = append(cmd, strconv.AppendFloat(nil, members[n], 'g', -1, 64), b(n))
		}
		return [][][]byte{cmd}, nil
	case "stream":
		entries, err := m.Stream(k)
		if err != nil {
			return nil, err
		}
		var cmds [][][]byte
		for _, e := range entries {
			cmd := [][]byte{b("xadd"), b(k), b(e.ID)}
			for _, v := range e.Values {
				cmd = append(cmd, b(v))
			}
			cmds = append(cmds, cmd)
		}
		return cmds, nil
	}
	return nil, fmt.Errorf("key %q of type %q cannot be kept", k, m.Type(k))
}
