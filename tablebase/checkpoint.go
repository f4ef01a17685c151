package tablebase

// Checkpoints within a class: the builder's state (every position's value
// and counter) after a finished level, saved so that a build stopped in
// the middle of a large class (Ctrl-C, a crash, a job killed at its time
// limit) resumes at the next level instead of from the class's start.
//
// A checkpoint is one file in the store's directory, checkpoint-CLASS:
//
//	magic "GTBCKPT2" | class id (4) | levels done (4) | longest distance (4) | stored entries of each side (8, 8)
//	zstd stream of: both sides' state (two bytes a stored entry, little-endian),
//	then the xxhash64 of that state (8)
//
// (GTBCKPT1 files held the full index, mirror images apart; they are
// ignored like any other mismatch.)
//
// It is written to checkpoint-CLASS.tmp, synced and renamed, so a file of
// that name is always whole; one that does not match the class or its
// checksum is ignored (the class is built from its start) and replaced.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/zstd"

	"github.com/geister-solver/geister/purple"
)

const checkpointMagic = "GTBCKPT2"

func checkpointPath(dir string, c purple.Class) string {
	return filepath.Join(dir, "checkpoint-"+c.String())
}

// stateBytes views a state array as bytes (little-endian hosts: the
// header's sizes and the checksum catch a file from another byte order).
func stateBytes(s []uint16) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 2*len(s))
}

// saveCheckpoint writes b's state after level done levels.
func (b *retro) saveCheckpoint(path string, done int) (err error) {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("tablebase: checkpoint of %s: %w", b.c, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
			err = fmt.Errorf("tablebase: checkpoint of %s: %w", b.c, err)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	hdr := make([]byte, 0, 36)
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.BigEndian.AppendUint32(hdr, classID(b.c))
	hdr = binary.BigEndian.AppendUint32(hdr, uint32(done))
	hdr = binary.BigEndian.AppendUint32(hdr, uint32(b.maxD.Load()))
	hdr = binary.BigEndian.AppendUint64(hdr, b.lay[sideP].foldSize)
	hdr = binary.BigEndian.AppendUint64(hdr, b.lay[sideO].foldSize)
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	enc, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(b.workers))
	if err != nil {
		return err
	}
	h := xxhash.New()
	for s := 0; s < 2; s++ {
		raw := stateBytes(b.st[s])
		for len(raw) > 0 {
			if err := b.ctx.Err(); err != nil {
				enc.Close()
				return err
			}
			n := min(len(raw), 8<<20)
			h.Write(raw[:n])
			if _, err := enc.Write(raw[:n]); err != nil {
				enc.Close()
				return err
			}
			raw = raw[n:]
		}
	}
	if _, err := enc.Write(binary.BigEndian.AppendUint64(nil, h.Sum64())); err != nil {
		enc.Close()
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // the rename is durable; a failure only loses the checkpoint
		d.Close()
	}
	return nil
}

var errBadCheckpoint = errors.New("does not match the class or its checksum")

// loadCheckpoint restores b's state from path and returns the levels
// done. A missing file is (0, fs.ErrNotExist); a file that does not match
// wraps errBadCheckpoint.
func (b *retro) loadCheckpoint(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	hdr := make([]byte, 36)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return 0, fmt.Errorf("%w: short header", errBadCheckpoint)
	}
	if string(hdr[:8]) != checkpointMagic || binary.BigEndian.Uint32(hdr[8:]) != classID(b.c) ||
		binary.BigEndian.Uint64(hdr[20:]) != b.lay[sideP].foldSize || binary.BigEndian.Uint64(hdr[28:]) != b.lay[sideO].foldSize {
		return 0, fmt.Errorf("%w: header", errBadCheckpoint)
	}
	done := int(binary.BigEndian.Uint32(hdr[12:]))
	maxD := int32(binary.BigEndian.Uint32(hdr[16:]))
	if done > maxDist || maxD > maxDist {
		return 0, fmt.Errorf("%w: level %d", errBadCheckpoint, done)
	}
	dec, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(64<<20))
	if err != nil {
		return 0, err
	}
	defer dec.Close()
	h := xxhash.New()
	for s := 0; s < 2; s++ {
		if b.st[s] == nil {
			b.st[s] = make([]uint16, b.lay[s].foldSize)
		}
		raw := stateBytes(b.st[s])
		if _, err := io.ReadFull(dec, raw); err != nil {
			return 0, fmt.Errorf("%w: %v", errBadCheckpoint, err)
		}
		h.Write(raw)
	}
	sum := make([]byte, 9)
	if n, _ := io.ReadFull(dec, sum); n != 8 || binary.BigEndian.Uint64(sum) != h.Sum64() {
		return 0, fmt.Errorf("%w: checksum or length", errBadCheckpoint)
	}
	b.maxD.Store(maxD)
	return done, nil
}
