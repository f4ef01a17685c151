package reference

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// The examples of SPEC §2 and §4: a 5-ply win, DTW 1 cases.
func TestReferenceExamples(t *testing.T) {
	cases := []struct {
		pos    string
		prover engine.Player
		dtw    int
	}{
		{"uu1B2/6/R5/6/6/6 f R1r1", engine.First, 5},
		{"B5/6/6/6/R5/u4u f R1r1", engine.First, 1},   // blue on its exit, to move
		{"6/1R4/6/6/B5/uu4 s R1r1", engine.First, -1}, // opponent escapes at once
	}
	for _, c := range cases {
		p := engine.MustParsePosition(c.pos)
		for _, mode := range []Mode{Purple, BothColours} {
			s := New(c.prover, c.prover, mode)
			if got := s.DTW(&p, 7); got != c.dtw {
				t.Errorf("%s mode %d: DTW %d, want %d", c.pos, mode, got, c.dtw)
			}
		}
	}
}

// bitboardKey is the memo's key as the position holds it: every
// bitboard, the red counts, the side to move and the plies left.
type bitboardKey struct {
	pieces [2][3]uint64
	reds   [2]int
	turn   engine.Player
	depth  int
}

// TestKeyExact: the memo's packed key tells apart every two positions
// (and plies left) that differ anywhere. Random boards of every kind of
// piece, each with its variants one change away (a piece of another
// kind or player, or on another square; a red count, the side to move,
// the plies left).
func TestKeyExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[memoKey]bitboardKey{}
	const letters = "BRUbru"
	check := func(board *[36]byte, side byte, reds [2]int, d int) {
		var sb strings.Builder
		for r := 0; r < 6; r++ {
			if r > 0 {
				sb.WriteByte('/')
			}
			empty := 0
			for c := 0; c < 6; c++ {
				if b := board[r*6+c]; b != 0 {
					if empty > 0 {
						sb.WriteByte(byte('0' + empty))
						empty = 0
					}
					sb.WriteByte(b)
				} else {
					empty++
				}
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
		}
		s := fmt.Sprintf("%s %c R%dr%d", sb.String(), side, reds[0], reds[1])
		p, err := engine.ParsePosition(s)
		if err != nil {
			return
		}
		var full bitboardKey
		for pl := engine.First; pl <= engine.Second; pl++ {
			for kind := engine.Blue; kind < engine.NumKinds; kind++ {
				full.pieces[pl][kind] = p.Pieces(pl, kind)
			}
			full.reds[pl] = p.Reds(pl)
		}
		full.turn, full.depth = p.Turn(), d
		k := key(&p, d)
		if prev, ok := seen[k]; ok && prev != full {
			t.Fatalf("%s, %d plies left: the key of another position", s, d)
		}
		seen[k] = full
	}
	for range 300 {
		var board [36]byte
		for i := range board {
			if rng.IntN(4) == 0 {
				board[i] = letters[rng.IntN(len(letters))]
			}
		}
		reds := [2]int{1 + rng.IntN(4), 1 + rng.IntN(4)}
		d := 1 + rng.IntN(20)
		for _, side := range []byte("fs") {
			for dd := d - 1; dd <= d+1; dd++ {
				for r0 := reds[0] - 1; r0 <= reds[0]+1; r0++ {
					for r1 := reds[1] - 1; r1 <= reds[1]+1; r1++ {
						check(&board, side, [2]int{r0, r1}, dd)
					}
				}
			}
			for i, b := range board {
				if b == 0 {
					continue
				}
				for _, l := range []byte(letters) {
					board[i] = l
					check(&board, side, reds, d)
				}
				board[i] = 0
				for j := range board {
					if board[j] == 0 {
						board[j] = b
						check(&board, side, reds, d)
						board[j] = 0
					}
				}
				check(&board, side, reds, d)
				board[i] = b
			}
		}
	}
	if len(seen) < 10000 {
		t.Fatalf("only %d positions were valid: too few to test", len(seen))
	}
}
