package tablebase

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/geister-solver/geister/internal/badgerdb"
	"github.com/geister-solver/geister/purple"
)

func purpleClass(b, r, op, or int) purple.Class {
	return purple.Class{Blues: b, Reds: r, OppPieces: op, OppReds: or}
}

func beUint64(b []byte) uint64 { return binary.BigEndian.Uint64(b) }

// FuzzDecodeBlock: any stored value either decodes to bytes that match
// their checksum or is reported as corrupt; it never panics.
func FuzzDecodeBlock(f *testing.F) {
	enc, _ := zstd.NewWriter(nil)
	dec, _ := zstd.NewReader(nil)
	db := &DB{dec: dec}
	key := blockKey(purpleClass(1, 1, 2, 1), sideO, 3)
	raw := make([]byte, 300)
	for i := range raw {
		raw[i] = byte(i % 7)
	}
	f.Add(encodeBlock(enc, key, raw), 300)
	f.Add(encodeBlock(enc, key, raw[:10]), 10)
	f.Add([]byte{codecRaw, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 5}, 1)
	f.Add([]byte{}, 0)
	f.Fuzz(func(t *testing.T, val []byte, n int) {
		if n < 1 || n > blockSize {
			return
		}
		dst := make([]byte, n)
		err := db.decodeBlock(key, val, dst)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		if badgerdb.Sum(key, dst) != beUint64(val[5:]) {
			t.Fatal("accepted a block whose checksum does not match")
		}
	})
}
