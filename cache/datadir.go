package cache

import (
	"context"
	"crypto/sha1" //nolint:gosec // Redis names scripts by their SHA-1; it identifies, it does not protect
	"encoding"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// JournalName is the file in the data directory that holds the embedded store.
const JournalName = "courtside.journal"

// PreviousJournal is the journal as it was before its last compaction, kept
// beside it: the store as it was then, in case the new one is lost.
const PreviousJournal = JournalName + ".1"

// ErrCannotWrite is wrapped by every write the embedded store refuses because
// its data directory cannot be written (a full disk, a failing one).
var ErrCannotWrite = errors.New("the data directory cannot be written")

// ErrDiskFailed is wrapped beside ErrCannotWrite when the disk failed so that
// what it holds is unknown (a sync failed): writes are refused until a
// restart reads the journal back. A full disk is not that: its writes are
// refused only until there is room.
var ErrDiskFailed = errors.New("the disk failed to keep a write; restart courtside")

// While the server runs, the journal is rewritten as the store's contents
// (compacted) once compactRecords writes or compactBytes bytes were appended
// since the last time, and at least a quarter of the contents' size (so a
// compaction never writes more than four times what was appended): a restart
// then replays the contents and at most a few thousand writes, not a day.
// A write that runs a script replays in about a millisecond.
const (
	compactRecords = 2000
	compactBytes   = 16 << 20
)

// OpenDir starts the embedded in-process Redis with its data kept in dir: a
// laptop at the venue without Docker or a Redis server still keeps the day.
//
// The embedded Redis (miniredis) holds everything in memory; the journal in
// dir makes it last. Every command that changes data is appended to the
// journal and synced to the disk (fsync) before the store applies it, so a
// write is seen only once it is on disk and a write the site acknowledged
// survives a crash or kill -9; a write the disk refuses is refused, and the
// client says so (WriteProblem) until the disk takes writes again. Writes
// take turns (one at a time, in the order the store applies them); reads
// never wait for the disk. At start the journal is replayed into a fresh
// store and rewritten as the store's contents (compacted); while the server
// runs it is compacted again each time it has grown past the contents' size
// (see compactRecords), with the writes that came meanwhile. The journal before each
// compaction is kept as PreviousJournal. A journal damaged otherwise than a
// crash can leave stops the start with a *DamageError, and changes nothing
// (see Recover). See journal for what exactly is recorded and why replay
// gives the same store.
func OpenDir(dir string) (rdb redis.UniversalClient, release func(), err error) {
	return openDir(dir, compactRecords, compactBytes)
}

func openDir(dir string, records int, bytes int64) (rdb redis.UniversalClient, release func(), err error) {
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
	j := newJournal(m, dir)
	j.compactRecords, j.compactBytes = records, bytes
	last, err := j.replay()
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
	j.compacting = true
	if err := j.compact(); err != nil {
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
	return dirClient{Client: c, j: j}, func() {
		close(stop)
		<-done
		j.compactions.Wait()
		_ = c.Close()
		j.close()
		m.Close()
		unlock()
	}, nil
}

// dirClient is the client of the embedded store kept in a data directory.
type dirClient struct {
	*redis.Client
	j *journal
}

// WriteProblem says why writes are refused now, or nil.
func (c dirClient) WriteProblem() error { return c.j.problem() }

// ephemeralScripts change only counters that may be lost with the process
// (the API's rate limit): journaling them would sync the disk for every API
// read.
var ephemeralScripts = []*redis.Script{rateScript}

// journal is a go-redis hook that records every command that changes the
// embedded store, in the order the store applies them, and syncs each record
// to the disk before the store applies it.
//
// Replay gives the same store because everything a command's effect depends
// on is in the record or replayed with it: its arguments as sent; the store's
// clock, which names stream entries (XADD *) and is set to the record's time
// before the command runs, here and on replay; keys' time to live, which the
// store counts down only when told (FastForward), by ticks that are journaled
// in order with the writes; and Lua scripts, whose bodies are journaled before
// their first use in the file. Writes are serialized, so two writes are never
// applied in one order and journaled in the other. A command that failed is
// kept in the journal when the store answered it (a script stopped by an
// error may have written before it stopped, and does so again on replay); a
// transaction that a WATCH called off is taken back out.
type journal struct {
	m         *miniredis.Miniredis
	dir, path string
	// The journal is compacted after this many writes or bytes (compactRecords).
	compactRecords int
	compactBytes   int64

	mu         sync.Mutex
	f          *os.File // the journal, open for appending
	size       int64    // the bytes of f that hold whole records
	pending    []byte   // ticks applied to the store and not yet written
	snapSize   int64    // the size of the journal its last compaction wrote
	written    int      // writes appended since the last compaction's snapshot
	compacting bool
	since      []byte // during a compaction, what was appended after its snapshot
	failing    error  // the last append failed (a full disk): it may work again
	broken     error  // the disk failed so that nothing more can be trusted to it
	replayed   int    // the whole records the start read

	logged      map[string]bool // scripts whose body is in the current file
	skip        map[string]bool // ephemeral scripts, not journaled (set before use)
	scripts     sync.Map        // SHA-1 → scriptInfo of every script seen
	compactions sync.WaitGroup
}

func newJournal(m *miniredis.Miniredis, dir string) *journal {
	j := &journal{m: m, dir: dir, path: filepath.Join(dir, JournalName), logged: map[string]bool{}, skip: map[string]bool{}}
	for _, s := range ephemeralScripts {
		j.skip[s.Hash()] = true
	}
	return j
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

// apply journals the commands that write and syncs, then runs the commands
// with the store's clock set to the record's time: a write is seen only once
// it is on disk, and one the disk refused is not applied at all. A command
// the store did not apply after all (a transaction a WATCH called off) is
// taken back out of the journal before anyone hears back. A single
// command's outcome is what run returns (go-redis sets it on the command only
// after the hooks); a pipeline's commands carry their own.
func (j *journal) apply(run func() error, cmds []redis.Cmder, single bool) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	refuse := func(err error) error {
		for _, c := range cmds {
			c.SetErr(err)
		}
		return err
	}
	if j.broken != nil {
		return refuse(j.broken)
	}
	now := time.Now()
	rec, of, bodies := j.record(cmds)
	if len(rec) == 0 {
		j.m.SetTime(now)
		return run()
	}
	at, err := j.append(appendFrame(nil, recCommands, now, rec), true)
	if err != nil {
		return refuse(err)
	}
	for _, sha := range bodies { // in the file from now on
		j.logged[sha] = true
	}
	j.written++
	j.m.SetTime(now)
	err = run()
	kept := rec[:0:0]
	for i, c := range rec {
		cerr := err
		if of[i] >= 0 && !single {
			cerr = cmds[of[i]].Err()
		}
		if of[i] < 0 || applied(cerr) {
			kept = append(kept, c)
		}
	}
	if len(kept) < len(rec) {
		j.takeBack(at, now, kept)
	}
	return err
}

// record is what the journal keeps of cmds: each command that writes, as
// sent, after the body of a script it runs that the file does not hold yet;
// of says which command each one is (-1 for a script's body), bodies the
// scripts whose bodies the record holds. A script the store does not know is
// left out: it answers NOSCRIPT and changes nothing.
func (j *journal) record(cmds []redis.Cmder) (rec [][][]byte, of []int, bodies []string) {
	for i, c := range cmds {
		args := c.Args()
		if !j.writes(args) {
			continue
		}
		enc, err := encodeArgs(args)
		if err != nil { // go-redis could not have sent it either
			continue
		}
		if name := strings.ToLower(string(enc[0])); name == "evalsha" || name == "evalsha_ro" {
			sha := strings.ToLower(string(enc[1]))
			info, ok := j.scripts.Load(sha)
			if !ok {
				continue
			}
			if !j.logged[sha] && !slices.Contains(bodies, sha) {
				rec = append(rec, [][]byte{[]byte("script"), []byte("load"), []byte(info.(scriptInfo).body)})
				of = append(of, -1)
				bodies = append(bodies, sha)
			}
		} else if name == "eval" {
			bodies = append(bodies, scriptSHA(string(enc[1])))
		}
		rec = append(rec, enc)
		of = append(of, i)
	}
	return rec, of, bodies
}

// takeBack replaces the record appended at at, the last in the file, by one
// of the commands the store applied: the others must not come back on replay.
func (j *journal) takeBack(at int64, now time.Time, kept [][][]byte) {
	if j.since != nil {
		j.since = j.since[:len(j.since)-int(j.size-at)]
	}
	if err := j.f.Truncate(at); err != nil {
		j.broken = fmt.Errorf("cache: %w: %w: taking back a transaction that did not happen: %w", ErrCannotWrite, ErrDiskFailed, err)
		return
	}
	j.size = at
	if len(kept) > 0 {
		if _, err := j.append(appendFrame(nil, recCommands, now, kept), true); err != nil && j.broken == nil {
			j.broken = fmt.Errorf("cache: %w: %w: %w", ErrCannotWrite, ErrDiskFailed, err)
		}
		return
	}
	if err := j.f.Sync(); err != nil {
		j.broken = fmt.Errorf("cache: %w: %w: %w", ErrCannotWrite, ErrDiskFailed, err)
	}
}

// append writes the ticks not written yet and frame to the journal, and with
// sync waits until they are on the disk; it returns where frame starts. A
// write the disk refuses (it is full) is cut off again, so the file ends with
// a whole record and takes writes again once there is room. A failed sync is
// another matter: what the disk holds is then unknown, and nothing more is
// acknowledged until a restart reads it back.
func (j *journal) append(frame []byte, sync bool) (int64, error) {
	buf := append(slices.Clip(j.pending), frame...)
	at := j.size + int64(len(j.pending))
	n, err := j.f.Write(buf)
	if err != nil {
		if terr := j.f.Truncate(j.size); terr != nil {
			j.broken = fmt.Errorf("cache: %w: %w: %w (and cutting off the part written failed: %w)", ErrCannotWrite, ErrDiskFailed, err, terr)
			return 0, j.broken
		}
		j.failing = err
		return 0, fmt.Errorf("cache: %w: %w", ErrCannotWrite, err)
	}
	j.size += int64(n)
	j.pending = nil
	if j.since != nil {
		j.since = append(j.since, buf...)
	}
	if sync {
		if err := j.f.Sync(); err != nil {
			j.broken = fmt.Errorf("cache: %w: %w: %w", ErrCannotWrite, ErrDiskFailed, err)
			return 0, j.broken
		}
	}
	j.failing = nil
	if grown := j.size - j.snapSize; !j.compacting && grown >= j.snapSize/4 && (j.written >= j.compactRecords || grown >= j.compactBytes) {
		j.compacting = true
		j.compactions.Go(func() { _ = j.compact() })
	}
	return at, nil
}

// problem says why writes are refused now, or nil.
func (j *journal) problem() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.broken != nil {
		return j.broken
	}
	if j.failing != nil {
		return fmt.Errorf("cache: %w: %w", ErrCannotWrite, j.failing)
	}
	return nil
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
// comes after it, and that write's sync takes it along). A tick the disk
// refuses waits for the next write; trying each second also tells when the
// disk has room again.
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
				j.pending = appendFrame(j.pending, recTick, now, [][][]byte{{strconv.AppendInt(nil, int64(now.Sub(last)), 10)}})
				_, _ = j.append(nil, false)
			}
			j.mu.Unlock()
			last = now
		}
	}
}

func (j *journal) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f != nil {
		if j.broken == nil && len(j.pending) > 0 {
			_, _ = j.append(nil, false)
		}
		_ = j.f.Sync()
		_ = j.f.Close()
		j.f = nil
	}
	if j.broken == nil {
		j.broken = errors.New("cache: the store is closed")
	}
}

// replay applies the journal, if there is one, to the fresh store and
// returns the time of its last record. A torn tail (see the format) was
// being written when the process died; it was never acknowledged and is
// left out. Damage anywhere else stops the start: nothing is dropped unseen.
func (j *journal) replay() (time.Time, error) {
	rd, err := openJournal(j.dir, j.path)
	if rd == nil {
		if err == nil {
			err = j.missing()
		}
		return time.Time{}, err
	}
	defer rd.close()
	c := redis.NewClient(&redis.Options{Addr: j.m.Addr(), ReadTimeout: -1, WriteTimeout: -1})
	defer func() { _ = c.Close() }()
	var last time.Time
	for {
		rec, ok, err := rd.next()
		j.replayed = rd.records
		if !ok {
			return last, err // the end, or damage
		}
		if err := j.replayRecord(c, rec); err != nil {
			d := rd.damage(rec.offset, "%v", err)
			d.Records--
			return last, d
		}
		last = rec.at
	}
}

// missing is the error of a directory without its journal: none when it has
// none before a compaction either (a new directory), otherwise a journal
// that was there and is gone.
func (j *journal) missing() error {
	if _, err := os.Stat(filepath.Join(j.dir, PreviousJournal)); err != nil {
		return nil
	}
	return fmt.Errorf("cache: %s has %s, the journal before the last compaction, but not the journal itself: "+
		"courtside does not start empty over it. Run: %s recover --data %s (it makes the journal again from %s)",
		j.dir, PreviousJournal, programName(), shellQuote(j.dir), PreviousJournal)
}

// replayRecord applies one record to the store through c: time passed for
// a tick, its commands at the record's time for commands.
func (j *journal) replayRecord(c *redis.Client, rec journalRecord) error {
	switch rec.kind {
	case recTick:
		d, err := strconv.ParseInt(string(rec.cmds[0][0]), 10, 64)
		if err != nil {
			return fmt.Errorf("a tick does not read: %w", err)
		}
		j.m.FastForward(time.Duration(d))
	case recCommands:
		j.m.SetTime(rec.at)
		ctx := context.Background()
		done := make([]*redis.Cmd, len(rec.cmds))
		_, _ = c.Pipelined(ctx, func(p redis.Pipeliner) error { // one round trip for a key's compacted stream
			for i, cmd := range rec.cmds {
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
				done[i] = p.Do(ctx, args...)
			}
			return nil
		})
		for i, d := range done {
			// An error here is the error the command met the first time.
			if err := d.Err(); err != nil && !applied(err) {
				cmd := rec.cmds[i]
				return fmt.Errorf("%s %.60q does not apply: %w", cmd[0], cmd[min(1, len(cmd)-1)], err)
			}
		}
	default:
		return fmt.Errorf("a record of an unknown kind %q", rec.kind)
	}
	return nil
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
