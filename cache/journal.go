package cache

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"
	"time"
)

// The journal's file format.
//
// A journal starts with a line that names its format (journalMagic), then
// holds records, one after the other. A record of format 2 is
//
//	length   4 bytes, big-endian: the body's length
//	check    4 bytes: CRC-32C of the length
//	body     kind, time and commands (encodeBody)
//	sum      4 bytes: CRC-32C of the body
//	end      1 byte: recordEnd
//
// so that a crash is told apart from damage. A crash (a power cut, kill -9)
// can leave only the record being appended torn: cut short by the end of the
// file, or with zeros where its last bytes should be (some file systems grow a
// file before they write its data), and zeros after it. Everything after the
// last whole record is therefore a torn tail only when it is shorter than the
// record it starts — when the last byte that is not zero comes before that
// record's end byte, which is never zero; a length is believed only with its
// own checksum. Any other difference, even one bit, is damage: the start stops
// and says where.
//
// Format 1 (journalMagicV1, before format 2) framed a record by a varint
// length without a checksum; it is still read, and the first start rewrites it
// as format 2.
const (
	journalMagic   = "courtside journal 2\n"
	journalMagicV1 = "courtside journal 1\n"
	recordEnd      = 0xA5 // never zero, and no single bit flip makes it so
	headerSize     = 8
	trailerSize    = 5
)

// castagnoli is the CRC-32C table (the checksum the disk's own hardware uses).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxRecord bounds one record as read back: larger is a damaged file.
const maxRecord = 1 << 30

// appendFrame appends one record of format 2 to dst.
func appendFrame(dst []byte, kind byte, at time.Time, cmds [][][]byte) []byte {
	body := encodeBody(kind, at, cmds)
	var h [headerSize]byte
	binary.BigEndian.PutUint32(h[:4], uint32(len(body))) //nolint:gosec // a record is far below 4 GB (maxRecord)
	binary.BigEndian.PutUint32(h[4:], crc32.Checksum(h[:4], castagnoli))
	dst = append(dst, h[:]...)
	dst = append(dst, body...)
	dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(body, castagnoli))
	return append(dst, recordEnd)
}

// encodeBody is a record's kind, time, and commands, each a list of arguments.
func encodeBody(kind byte, at time.Time, cmds [][][]byte) []byte {
	body := []byte{kind}
	body = binary.AppendVarint(body, at.UnixNano())
	body = binary.AppendUvarint(body, uint64(len(cmds)))
	for _, c := range cmds {
		body = binary.AppendUvarint(body, uint64(len(c)))
		for _, a := range c {
			body = binary.AppendUvarint(body, uint64(len(a)))
			body = append(body, a...)
		}
	}
	return body
}

// DamageError says that a journal is damaged, where, and how to recover.
type DamageError struct {
	Dir, Path string
	// Offset is the byte where the damage starts; Records the whole records before it.
	Offset  int64
	Records int
	What    string
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("the journal %s is damaged at byte %d: %s. This is not what a crash or a power cut leaves, "+
		"so courtside does not start and has changed nothing. The %d records before byte %d are whole. "+
		"To start with them, run: %s recover --data %s "+
		"(it keeps those records and moves the rest of the file, from byte %d, into a file beside it; it deletes nothing)",
		e.Path, e.Offset, e.What, e.Records, e.Offset, programName(), shellQuote(e.Dir), e.Offset)
}

// programName is how this program was started, for a command to copy.
func programName() string {
	name := os.Args[0]
	if name == "" || strings.Contains(name, "go-build") || strings.HasSuffix(name, ".test") {
		return "courtside"
	}
	return name
}

// shellQuote quotes a path for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t'\"\\$`&|;<>()*?[]#~!{}") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// journalReader reads a journal's records in order.
type journalReader struct {
	dir, path string
	f         *os.File
	r         *bufio.Reader
	size      int64
	v1        bool
	offset    int64 // where the next record starts
	records   int   // whole records read
}

// journalRecord is one record read back, with where it starts in the file.
type journalRecord struct {
	kind   byte
	at     time.Time
	cmds   [][][]byte
	offset int64
}

// openJournal opens the journal at path for reading, checks that it starts as
// a journal does, and returns a reader of the records after that; nil and no
// error when there is no journal.
func openJournal(dir, path string) (*journalReader, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cache: journal: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("cache: journal: %w", err)
	}
	rd := &journalReader{dir: dir, path: path, f: f, r: bufio.NewReaderSize(f, int(min(st.Size()+16, 1<<20))), size: st.Size()}
	magic := make([]byte, len(journalMagic))
	n, _ := io.ReadFull(rd.r, magic)
	switch string(magic[:n]) {
	case journalMagic:
	case journalMagicV1:
		rd.v1 = true
	default:
		// A journal is made whole in another file and then renamed: a file
		// without the line that starts one was not made by courtside, or
		// was damaged.
		_ = f.Close()
		return nil, rd.damage(0, "it does not start as a Courtside journal does")
	}
	rd.offset = int64(len(journalMagic))
	return rd, nil
}

func (rd *journalReader) close() { _ = rd.f.Close() }

func (rd *journalReader) damage(at int64, what string, args ...any) *DamageError {
	return &DamageError{Dir: rd.dir, Path: rd.path, Offset: at, Records: rd.records, What: fmt.Sprintf(what, args...)}
}

// next reads the next record. It reports false at the end of the file, and
// at a torn tail (see the format); damage is an error.
func (rd *journalReader) next() (journalRecord, bool, error) {
	if rd.offset == rd.size {
		return journalRecord{}, false, nil
	}
	if rd.v1 {
		return rd.nextV1()
	}
	start := rd.offset
	var h [headerSize]byte
	if n, _ := io.ReadFull(rd.r, h[:]); n < headerSize {
		return journalRecord{}, false, rd.tail(start, headerSize, "a record's header is cut short")
	}
	n := int64(binary.BigEndian.Uint32(h[:4]))
	if crc32.Checksum(h[:4], castagnoli) != binary.BigEndian.Uint32(h[4:]) {
		return journalRecord{}, false, rd.tail(start, headerSize, "a record's length fails its checksum")
	}
	end := start + headerSize + n + trailerSize
	if n == 0 || n > maxRecord {
		return journalRecord{}, false, rd.damage(start, "a record's length, %d bytes, is impossible", n)
	}
	if end > rd.size {
		return journalRecord{}, false, rd.tail(start, end-start, "a record runs past the end of the file")
	}
	body := make([]byte, n+trailerSize)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return journalRecord{}, false, fmt.Errorf("cache: journal %s: %w", rd.path, err)
	}
	if crc32.Checksum(body[:n], castagnoli) != binary.BigEndian.Uint32(body[n:]) || body[n+4] != recordEnd {
		return journalRecord{}, false, rd.tail(start, end-start, "a record fails its checksum")
	}
	return rd.decode(start, end, body[:n])
}

// decode reads a record's body, which passed its checksum.
func (rd *journalReader) decode(start, end int64, body []byte) (journalRecord, bool, error) {
	kind, at, cmds, err := decodeRecord(body)
	if err != nil {
		return journalRecord{}, false, rd.damage(start, "a record does not read: %v", err)
	}
	rd.offset = end
	rd.records++
	return journalRecord{kind: kind, at: at, cmds: cmds, offset: start}, true, nil
}

// tail decides about everything from start, where a record of want bytes
// (its header's, when the header is not believed) does not read: a torn
// tail when the last byte that is not zero comes before that record's end,
// damage otherwise.
func (rd *journalReader) tail(start, want int64, what string) error {
	written, err := rd.writtenFrom(start)
	if err != nil {
		return err
	}
	if written < want {
		return nil
	}
	return rd.damage(start, "%s", what)
}

// writtenFrom is how many bytes from start to the last one that is not zero.
func (rd *journalReader) writtenFrom(start int64) (int64, error) {
	buf := make([]byte, min(rd.size-start+1, 1<<16))
	var written int64
	for at := start; at < rd.size; {
		n, err := rd.f.ReadAt(buf[:min(int64(len(buf)), rd.size-at)], at)
		for i := n - 1; i >= 0; i-- {
			if buf[i] != 0 {
				written = at - start + int64(i) + 1
				break
			}
		}
		at += int64(n)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, fmt.Errorf("cache: journal %s: %w", rd.path, err)
		}
		if n == 0 {
			break
		}
	}
	return written, nil
}

// nextV1 reads a record of format 1: a varint length, the body and a CRC-32
// of the body. Its length has no checksum, so a record that runs past the end
// of the file or fails its checksum is a torn tail only when nothing that
// reads as a whole record comes after its start, and zeros are.
func (rd *journalReader) nextV1() (journalRecord, bool, error) {
	start := rd.offset
	n, err := binary.ReadUvarint(rd.r)
	if err != nil || n == 0 || n > maxRecord {
		return journalRecord{}, false, rd.tailV1(start, "a record's length does not read")
	}
	end := start + int64(uvarintLen(n)) + int64(n) + 4
	if end > rd.size {
		return journalRecord{}, false, rd.tailV1(start, "a record runs past the end of the file")
	}
	body := make([]byte, n+4)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return journalRecord{}, false, fmt.Errorf("cache: journal %s: %w", rd.path, err)
	}
	if crc32.ChecksumIEEE(body[:n]) != binary.BigEndian.Uint32(body[n:]) {
		return journalRecord{}, false, rd.tailV1(start, "a record fails its checksum")
	}
	return rd.decode(start, end, body[:n])
}

func (rd *journalReader) tailV1(start int64, what string) error {
	rest := make([]byte, rd.size-start)
	if _, err := rd.f.ReadAt(rest, start); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("cache: journal %s: %w", rd.path, err)
	}
	for i := 1; i < len(rest); i++ {
		if wholeV1Record(rest[i:]) {
			return rd.damage(start, "%s, and whole records follow it", what)
		}
	}
	return nil
}

// wholeV1Record says whether b starts with a record of format 1 that passes
// its checksum and reads.
func wholeV1Record(b []byte) bool {
	n, k := binary.Uvarint(b)
	if k <= 0 || n == 0 || n+4 > uint64(len(b)-k) {
		return false
	}
	body := b[k : k+int(n)]
	if crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(b[k+int(n):]) {
		return false
	}
	_, _, _, err := decodeRecord(body)
	return err == nil
}

// countWhole counts the records (of format 1 with v1) that pass their checksums in b,
// found wherever they start: what a damaged part of a journal still holds.
func countWhole(b []byte, v1 bool) int {
	count := 0
	for i := 0; i < len(b); {
		if n := wholeAt(b[i:], v1); n > 0 {
			count++
			i += n
			continue
		}
		i++
	}
	return count
}

// wholeAt is the length of the whole record at the start of b, or 0.
func wholeAt(b []byte, v1 bool) int {
	if v1 {
		if !wholeV1Record(b) {
			return 0
		}
		n, k := binary.Uvarint(b)
		return k + int(n) + 4 //nolint:gosec // n fits: wholeV1Record checked it against len(b)
	}
	if len(b) < headerSize+trailerSize {
		return 0
	}
	n := int(binary.BigEndian.Uint32(b[:4]))
	if crc32.Checksum(b[:4], castagnoli) != binary.BigEndian.Uint32(b[4:8]) || n > len(b)-headerSize-trailerSize {
		return 0
	}
	body := b[headerSize : headerSize+n]
	sum := b[headerSize+n:]
	if crc32.Checksum(body, castagnoli) != binary.BigEndian.Uint32(sum) || sum[4] != recordEnd {
		return 0
	}
	return headerSize + n + trailerSize
}

func uvarintLen(n uint64) int {
	return len(binary.AppendUvarint(nil, n))
}

// decodeRecord reads what encodeBody wrote.
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
