package tablebase

// The Badger store (docs/architecture.md "Badger", docs/references.md
// "Badger v4").
//
// Keys are fixed-width and big-endian, so that a class's blocks are
// contiguous and in order:
//
//	block:    format version (1) 'b' (1) class (4: blues reds opp oppReds) side (1) block (4)
//	manifest: format version (1) 'm' (1) class (4)
//
// A block value holds blockSize positions of one side to move (stored,
// mirror-folded order), one byte each (see decodeEntry), compressed:
//
//	codec (1: 0 raw, 1 zstd) | raw length (4) | xxhash64 of key and raw bytes (8) | payload
//
// The manifest (JSON) says whether the class is complete; it is written
// complete only after every block is flushed and synced, so an interrupted
// build is never mistaken for a finished one.

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/geister-solver/geister/internal/badgerdb"
	"github.com/geister-solver/geister/purple"
)

// FormatVersion is the version of the stored layout; it is the first byte
// of every key, so tables of another format are ignored, not misread.
const FormatVersion = 1

// blockSize is the number of positions in one stored block.
const blockSize = 1 << 14

const (
	kindBlock    = 'b'
	kindManifest = 'm'
	codecRaw     = 0
	codecZstd    = 1
	blockHeader  = 13
)

// ErrNotInTable means the position's material class is not (completely)
// in the store, or the position has no class (the opponent shows a
// colour, the prover hides one). It is wrapped with the class name.
var ErrNotInTable = errors.New("tablebase: not in the table")

// ErrCorrupt means stored data failed its checksum or is missing; it is
// wrapped with the class, side and block.
var ErrCorrupt = errors.New("tablebase: corrupt table data")

// ErrNotStore means the directory given is not a table store: it is empty
// or holds other files. It is wrapped with the directory's name. Open
// never writes into such a directory (a read-write Open creates a store
// only in a directory that does not exist or is empty).
var ErrNotStore = errors.New("not a table store")

// EmptyDirError is the error of an empty directory opened read-only as a
// table store (no build has made it one). It matches ErrNotStore.
type EmptyDirError struct{ Dir string }

func (e *EmptyDirError) Error() string { return "tablebase: " + e.Dir + " is empty, not a table store" }

// Unwrap returns ErrNotStore.
func (e *EmptyDirError) Unwrap() error { return ErrNotStore }

// ErrLocked means another process has the store open for writing (a build
// holds its lock). It is wrapped with the directory's name.
var ErrLocked = errors.New("in use by another process that writes it (a build?)")

// Manifest describes one stored class.
type Manifest struct {
	Class    string `json:"class"`
	Format   int    `json:"format"`
	Complete bool   `json:"complete"`
	// Positions of the class with the prover (index 0) or the opponent
	// (index 1) to move, counted without folding the mirror image.
	Positions [2]uint64 `json:"positions"`
	Stored    [2]uint64 `json:"stored"` // entries on disk (mirror folded)
	Wins      [2]uint64 `json:"wins"`   // the prover surely wins
	Losses    [2]uint64 `json:"losses"` // the opponent forces a win
	MaxDTW    int       `json:"max_dtw"`
	MaxDTL    int       `json:"max_dtl"`
	Blocks    int       `json:"blocks"`
	Bytes     uint64    `json:"bytes"` // stored block values, headers included
	BuildSecs float64   `json:"build_seconds"`
	Built     time.Time `json:"built"`
}

// PurpleClass returns the manifest's class.
func (m Manifest) PurpleClass() (purple.Class, error) { return purple.ParseClass(m.Class) }

// Options configure Open.
type Options struct {
	// CacheBytes bounds the decoded-block cache (default 256 MiB).
	CacheBytes int64
	// ReadOnly opens the store without writing; several processes may
	// then share it (all must be read-only).
	ReadOnly bool
	// Log receives Badger's warnings and errors; nil silences them.
	Log io.Writer
}

// DefaultOptions returns the options Open uses.
func DefaultOptions() Options { return Options{CacheBytes: 256 << 20} }

// DefaultDir returns $GEISTER_TABLES if set, else
// <user cache dir>/geister/tables.
func DefaultDir() string {
	if d := os.Getenv("GEISTER_TABLES"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "geister", "tables")
}

// classInfo is what probing needs of a class: its layouts and whether it
// is complete. One per class, created on first use and never freed.
type classInfo struct {
	c        purple.Class
	id       uint32
	lay      [2]*layout
	complete atomic.Bool
	src      atomic.Pointer[badger.DB] // the store holding the complete class
}

// DB is an open table store. It is safe for concurrent use; open one per
// process.
type DB struct {
	bdb   *badger.DB   // the first store: the one a build writes
	parts []*badger.DB // every store of the path list, in its order
	dir   string
	opts  Options
	infos [5][5][9][9]atomic.Pointer[classInfo]
	newMu sync.Mutex // creates classInfo values

	mu        sync.Mutex // guards manifests
	manifests map[purple.Class]Manifest

	cache *blockCache
	dec   *zstd.Decoder

	buildMu sync.Mutex // one Build at a time
}

// Open opens the store in dir, creating it if needed, with DefaultOptions.
//
// A read-only open (OpenReadOnly, Options.ReadOnly) also takes a list of
// stores joined by os.PathListSeparator ("dir1:dir2" on Unix), such as
// the class stores of a build run as jobs: a class is read from the first
// store that holds it complete. A build writes into one store only.
func Open(dir string) (*DB, error) { return OpenWith(dir, DefaultOptions()) }

// OpenReadOnly opens the existing store in dir without writing anything
// in it; several processes may read one store at once. A directory that
// does not exist is an error wrapping fs.ErrNotExist, one that is empty or
// holds other files wraps ErrNotStore, and a store a build has open wraps
// ErrLocked.
func OpenReadOnly(dir string) (*DB, error) {
	o := DefaultOptions()
	o.ReadOnly = true
	return OpenWith(dir, o)
}

// checkDir tells whether dir may be opened: a read-only open needs an
// existing store; a read-write one a store, an empty directory or none.
func checkDir(dir string, readOnly bool) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if readOnly {
			return fmt.Errorf("tablebase: no table directory %s: %w", dir, err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("tablebase: %s is a file, %w", dir, ErrNotStore)
	}
	if badgerdb.IsStore(dir) {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	switch {
	case len(ents) == 0 && readOnly:
		return &EmptyDirError{Dir: dir}
	case len(ents) > 0:
		return fmt.Errorf("tablebase: %s is %w: it holds other files (%s) and no store", dir, ErrNotStore, ents[0].Name())
	}
	return nil
}

// OpenWith opens the store in dir with o. A read-only open takes a list
// of stores joined by os.PathListSeparator (see Open).
func OpenWith(dir string, o Options) (*DB, error) {
	if o.CacheBytes <= 0 {
		o.CacheBytes = DefaultOptions().CacheBytes
	}
	dirs := SplitDirs(dir)
	if len(dirs) == 0 {
		return nil, errors.New("tablebase: no table directory given")
	}
	if len(dirs) > 1 && !o.ReadOnly {
		return nil, fmt.Errorf("tablebase: %s names %d stores; a build writes into one (read several with a read-only open, or join them with tables merge)", dir, len(dirs))
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(64<<20))
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	db := &DB{dir: dir, opts: o, manifests: map[purple.Class]Manifest{}, dec: dec}
	db.cache = newBlockCache(int(o.CacheBytes / blockSize))
	for _, d := range dirs {
		bdb, err := openPart(d, o)
		if err != nil {
			db.Close()
			return nil, err
		}
		db.parts = append(db.parts, bdb)
		if db.bdb == nil {
			db.bdb = bdb
		}
		if err := db.loadManifests(bdb); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// SplitDirs splits a list of table directories joined by
// os.PathListSeparator, dropping empty elements.
func SplitDirs(list string) []string {
	var out []string
	for _, d := range filepath.SplitList(list) {
		if d != "" {
			out = append(out, d)
		}
	}
	return out
}

// openPart opens one Badger store of a DB.
func openPart(dir string, o Options) (*badger.DB, error) {
	if err := checkDir(dir, o.ReadOnly); err != nil {
		return nil, err
	}
	if !o.ReadOnly {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("tablebase: %w", err)
		}
	}
	bo := badgerdb.Options(dir, "tablebase", o.Log, o.ReadOnly) // blocks are compressed by us
	bdb, err := badger.Open(bo)
	if err != nil {
		if strings.Contains(err.Error(), "Cannot acquire directory lock") {
			// Badger's lock error is text only; the lock is flock(2) on
			// the directory, held exclusively by a writer.
			return nil, fmt.Errorf("tablebase: %s is %w", dir, ErrLocked)
		}
		return nil, fmt.Errorf("tablebase: opening %s: %w", dir, err)
	}
	return bdb, nil
}

// Close closes the store.
func (db *DB) Close() error {
	db.dec.Close()
	var first error
	for _, p := range db.parts {
		if err := p.Close(); err != nil && first == nil {
			first = fmt.Errorf("tablebase: closing %s: %w", db.dir, err)
		}
	}
	return first
}

// Dir returns the store's directory (the list given to Open).
func (db *DB) Dir() string { return db.dir }

func classID(c purple.Class) uint32 {
	return uint32(c.Blues)<<24 | uint32(c.Reds)<<16 | uint32(c.OppPieces)<<8 | uint32(c.OppReds)
}

func manifestKey(c purple.Class) []byte {
	k := make([]byte, 6)
	k[0], k[1] = FormatVersion, kindManifest
	binary.BigEndian.PutUint32(k[2:], classID(c))
	return k
}

func blockKey(c purple.Class, side int, block uint32) []byte {
	k := make([]byte, 11)
	k[0], k[1] = FormatVersion, kindBlock
	binary.BigEndian.PutUint32(k[2:], classID(c))
	k[6] = byte(side)
	binary.BigEndian.PutUint32(k[7:], block)
	return k
}

func blockPrefix(c purple.Class, side int) []byte { return blockKey(c, side, 0)[:7] }

// info returns the class's probing data, creating it on first use, or nil
// for a class out of range.
func (db *DB) info(c purple.Class) *classInfo {
	if c.Blues < 1 || c.Blues > 4 || c.Reds < 1 || c.Reds > 4 || c.OppPieces < 2 || c.OppPieces > 8 || c.OppReds < 1 || c.OppReds > 8 {
		return nil
	}
	p := &db.infos[c.Blues][c.Reds][c.OppPieces][c.OppReds]
	if ci := p.Load(); ci != nil {
		return ci
	}
	if !c.Valid() || classSize(c) >= 1<<40 {
		return nil
	}
	db.newMu.Lock()
	defer db.newMu.Unlock()
	if ci := p.Load(); ci != nil {
		return ci
	}
	ci := &classInfo{c: c, id: classID(c), lay: [2]*layout{newLayout(c, sideP), newLayout(c, sideO)}}
	p.Store(ci)
	return ci
}

// Has reports whether class c is complete in the store. It is a few loads.
func (db *DB) Has(c purple.Class) bool {
	if c.Blues < 1 || c.Blues > 4 || c.Reds < 1 || c.Reds > 4 || c.OppPieces < 2 || c.OppPieces > 8 || c.OppReds < 1 || c.OppReds > 8 {
		return false
	}
	ci := db.infos[c.Blues][c.Reds][c.OppPieces][c.OppReds].Load()
	return ci != nil && ci.complete.Load()
}

// Classes returns the manifests of the stored classes (complete or not),
// smallest first.
func (db *DB) Classes() []Manifest {
	db.mu.Lock()
	out := make([]Manifest, 0, len(db.manifests))
	for _, m := range db.manifests {
		out = append(out, m)
	}
	db.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		a, _ := purple.ParseClass(out[i].Class)
		b, _ := purple.ParseClass(out[j].Class)
		return a.Less(b)
	})
	return out
}

// Manifest returns the manifest of c, if stored.
func (db *DB) Manifest(c purple.Class) (Manifest, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	m, ok := db.manifests[c]
	return m, ok
}

// loadManifests reads the manifests of one store of db. A class complete
// in an earlier store keeps that store's manifest.
func (db *DB) loadManifests(bdb *badger.DB) error {
	return db.view(bdb, func() string { return "the manifests" }, func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte{FormatVersion, kindManifest}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var m Manifest
			err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &m) })
			if err != nil {
				return fmt.Errorf("%w: manifest %x: %v", ErrCorrupt, it.Item().Key(), err)
			}
			c, err := purple.ParseClass(m.Class)
			if err != nil || !equalBytes(manifestKey(c), it.Item().Key()) {
				return fmt.Errorf("%w: manifest %x names class %q", ErrCorrupt, it.Item().Key(), m.Class)
			}
			if old, ok := db.Manifest(c); ok && (old.Complete || !m.Complete) {
				continue
			}
			db.setManifest(c, m, bdb)
		}
		return nil
	})
}

func equalBytes(a, b []byte) bool { return string(a) == string(b) }

// setManifest records m, stored in src.
func (db *DB) setManifest(c purple.Class, m Manifest, src *badger.DB) {
	db.mu.Lock()
	db.manifests[c] = m
	db.mu.Unlock()
	if ci := db.info(c); ci != nil {
		ci.src.Store(src)
		ci.complete.Store(m.Complete && m.Format == FormatVersion)
	}
}

func (db *DB) writeManifest(c purple.Class, m Manifest) error {
	v, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := db.bdb.Update(func(txn *badger.Txn) error { return txn.Set(manifestKey(c), v) }); err != nil {
		return fmt.Errorf("tablebase: writing the manifest of %s: %w", c, err)
	}
	if err := db.bdb.Sync(); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	db.setManifest(c, m, db.bdb)
	return nil
}

func encodeBlock(enc *zstd.Encoder, key, raw []byte) []byte {
	out := make([]byte, blockHeader, blockHeader+len(raw)/4+64)
	out[0] = codecZstd
	binary.BigEndian.PutUint32(out[1:], uint32(len(raw)))
	binary.BigEndian.PutUint64(out[5:], badgerdb.Sum(key, raw))
	out = enc.EncodeAll(raw, out)
	if len(out) >= blockHeader+len(raw) {
		out = append(out[:blockHeader], raw...)
		out[0] = codecRaw
	}
	return out
}

// decodeBlock checks and decodes a stored block value into dst (whose
// length is the expected raw length).
func (db *DB) decodeBlock(key, val, dst []byte) error {
	bad := func(why string) error {
		c, side, blk := describeKey(key)
		return fmt.Errorf("%w: class %s, %s to move, block %d: %s", ErrCorrupt, c, sideName(side), blk, why)
	}
	if len(val) < blockHeader {
		return bad("short value")
	}
	if n := binary.BigEndian.Uint32(val[1:]); int(n) != len(dst) {
		return bad(fmt.Sprintf("holds %d positions, want %d", n, len(dst)))
	}
	want := binary.BigEndian.Uint64(val[5:])
	switch val[0] {
	case codecRaw:
		if len(val)-blockHeader != len(dst) {
			return bad("wrong length")
		}
		copy(dst, val[blockHeader:])
	case codecZstd:
		out, err := db.dec.DecodeAll(val[blockHeader:], dst[:0])
		if err != nil {
			return bad("does not decompress: " + err.Error())
		}
		if len(out) != len(dst) || &out[0] != &dst[0] {
			return bad("decompresses to the wrong length")
		}
	default:
		return bad(fmt.Sprintf("unknown codec %d", val[0]))
	}
	if badgerdb.Sum(key, dst) != want {
		return bad("checksum mismatch")
	}
	return nil
}

func describeKey(k []byte) (string, int, uint32) {
	if len(k) != 11 {
		return fmt.Sprintf("%x", k), 0, 0
	}
	id := binary.BigEndian.Uint32(k[2:])
	c := purple.Class{Blues: int(id >> 24), Reds: int(id >> 16 & 255), OppPieces: int(id >> 8 & 255), OppReds: int(id & 255)}
	return c.String(), int(k[6]), binary.BigEndian.Uint32(k[7:])
}

func sideName(s int) string {
	if s == sideP {
		return "prover"
	}
	return "opponent"
}

// blockLen returns the number of positions in block blk of side s.
func (ci *classInfo) blockLen(s int, blk uint32) int {
	lo := uint64(blk) * blockSize
	return int(min(ci.lay[s].foldSize-lo, blockSize))
}

func (ci *classInfo) blocks(s int) uint32 {
	return uint32((ci.lay[s].foldSize + blockSize - 1) / blockSize)
}

// view runs fn in a read transaction. Badger panics on some damaged table
// files (a slice out of range while decoding a block of an .sst file);
// such a panic is returned as an ErrCorrupt error naming what was read,
// never passed on.
func (db *DB) view(bdb *badger.DB, what func() string, fn func(*badger.Txn) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			why := strings.TrimPrefix(fmt.Sprint(r), "runtime error: ")
			err = fmt.Errorf("%w: %s: the store's files are damaged (Badger could not decode them: %s)", ErrCorrupt, what(), why)
		}
	}()
	return bdb.View(fn)
}

// readBlock reads and decodes one block from Badger.
func (db *DB) readBlock(ci *classInfo, s int, blk uint32, dst []byte) error {
	key := blockKey(ci.c, s, blk)
	err := db.view(ci.src.Load(), func() string { return fmt.Sprintf("class %s, %s to move, block %d", ci.c, sideName(s), blk) }, func(txn *badger.Txn) error {
		item, err := txn.Get(key)
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error { return db.decodeBlock(key, v, dst) })
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return missingBlock(ci.c, s, blk)
	}
	if err != nil && !errors.Is(err, ErrCorrupt) {
		return fmt.Errorf("tablebase: reading %s: %w", ci.c, err)
	}
	return err
}

// entry returns the stored byte of index idx of side s.
func (db *DB) entry(ci *classInfo, s int, idx uint64) (uint8, error) {
	blk := uint32(idx / blockSize)
	key := uint64(ci.id)<<32 | uint64(s)<<31 | uint64(blk) // blocks < 2^31
	if v, ok := db.cache.get(key, int(idx%blockSize)); ok {
		return v, nil
	}
	data := make([]byte, ci.blockLen(s, blk))
	if err := db.readBlock(ci, s, blk, data); err != nil {
		return 0, err
	}
	db.cache.put(key, data)
	return data[idx%blockSize], nil
}

// loadTable reads every block of a complete class into memory. bad, if
// not nil, receives the errors of corrupt blocks, which are then left
// zero instead of failing the load.
func (db *DB) loadTable(c purple.Class, bad func(error)) (*table, error) {
	ci := db.info(c)
	if ci == nil || !ci.complete.Load() {
		return nil, fmt.Errorf("%w: class %s", ErrNotInTable, c)
	}
	t := &table{c: c, lay: ci.lay}
	for s := 0; s < 2; s++ {
		t.vals[s] = make([]byte, ci.lay[s].foldSize)
		next := uint32(0)
		err := db.eachBlock(ci, s, &next, func(item *badger.Item, blk uint32) error {
			if blk >= ci.blocks(s) {
				return nil
			}
			for ; next < blk; next++ {
				if bad == nil {
					return missingBlock(c, s, next)
				}
				bad(missingBlock(c, s, next))
			}
			lo := uint64(blk) * blockSize
			dst := t.vals[s][lo : lo+uint64(ci.blockLen(s, blk))]
			k := item.Key()
			err := item.Value(func(v []byte) error { return db.decodeBlock(k, v, dst) })
			if err != nil {
				if bad == nil || !errors.Is(err, ErrCorrupt) {
					return err
				}
				clear(dst)
				bad(err)
			}
			next = blk + 1
			return nil
		})
		if err != nil {
			return nil, err
		}
		for ; next < ci.blocks(s); next++ {
			if bad == nil {
				return nil, missingBlock(c, s, next)
			}
			bad(missingBlock(c, s, next))
		}
	}
	return t, nil
}

// eachBlock calls fn with every stored block of class ci.c, side s, in
// block order, in one read transaction; *next is the block expected next,
// which the error of a damaged store names.
func (db *DB) eachBlock(ci *classInfo, s int, next *uint32, fn func(item *badger.Item, blk uint32) error) error {
	return db.view(ci.src.Load(), func() string {
		return fmt.Sprintf("class %s, %s to move, near block %d", ci.c, sideName(s), *next)
	}, func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: blockPrefix(ci.c, s), PrefetchValues: true, PrefetchSize: 16})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			_, _, blk := describeKey(it.Item().Key())
			if err := fn(it.Item(), blk); err != nil {
				return err
			}
		}
		return nil
	})
}

// missingBlock is the error of block blk of class c, side s, not stored.
func missingBlock(c purple.Class, s int, blk uint32) error {
	return fmt.Errorf("%w: class %s, %s to move, block %d is missing", ErrCorrupt, c, sideName(s), blk)
}

// DirBytes returns the disk space of the files in dir (blocks allocated,
// so preallocated sparse files count for what they hold). Measure a
// closed store: an open one keeps write-ahead files.
func DirBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n += diskUsage(fi)
			}
		}
		return nil
	})
	return n
}

// Missing reports whether no directory of the path list dirs exists (a
// list with some missing is opened, and the missing one named, by Open).
func Missing(dirs string) bool {
	for _, d := range SplitDirs(dirs) {
		if _, err := os.Stat(d); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}
