package purple

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// Transform says how a position was turned into its canonical form.
type Transform struct {
	Swapped  bool // seen upside down with the players exchanged
	Mirrored bool // reflected left-right (after the swap)
}

// Position applies t to p.
func (t Transform) Position(p *engine.Position) engine.Position {
	q := *p
	if t.Swapped {
		q = q.Swapped()
	}
	if t.Mirrored {
		q = q.Mirrored()
	}
	return q
}

// Move applies t to a move of the original position.
func (t Transform) Move(m engine.Move) engine.Move {
	if t.Swapped {
		m = engine.SwapMove(m)
	}
	if t.Mirrored {
		m = engine.MirrorMove(m)
	}
	return m
}

// Unmove takes a move of the canonical position back to the original.
func (t Transform) Unmove(m engine.Move) engine.Move {
	if t.Mirrored {
		m = engine.MirrorMove(m)
	}
	if t.Swapped {
		m = engine.SwapMove(m)
	}
	return m
}

// Key is the full canonical encoding of a purple-game position: the
// prover as first player, the mirror image with the smaller encoding, and
// every piece, count and the side to move. Equal keys mean the same game,
// so the key (never only a hash) can identify stored results.
//
// Layout: six 36-bit boards (first's blue, red, unknown, then second's)
// in 5 bytes each, big-endian; the reds of first and second in one byte;
// the side to move in the last byte.
type Key [32]byte

// Canonical returns the canonical form of p for prover: swapped so that
// the prover is the first player, and mirrored when that gives the
// smaller key. The ply is kept.
func Canonical(p *engine.Position, prover engine.Player) (engine.Position, Transform, Key) {
	t := Transform{Swapped: prover == engine.Second}
	q := *p
	if t.Swapped {
		q = q.Swapped()
	}
	m := q.Mirrored()
	kq, km := encode(&q), encode(&m)
	if string(km[:]) < string(kq[:]) {
		t.Mirrored = true
		return m, t, km
	}
	return q, t, kq
}

// KeyOf returns the canonical key of p for prover.
func KeyOf(p *engine.Position, prover engine.Player) Key {
	_, _, k := Canonical(p, prover)
	return k
}

func encode(p *engine.Position) Key {
	var k Key
	var buf [8]byte
	i := 0
	for pl := engine.First; pl <= engine.Second; pl++ {
		for kind := engine.Blue; kind < engine.NumKinds; kind++ {
			binary.BigEndian.PutUint64(buf[:], engine.Compact(p.Pieces(pl, kind)))
			copy(k[i:i+5], buf[3:])
			i += 5
		}
	}
	k[30] = byte(p.Reds(engine.First)) | byte(p.Reds(engine.Second))<<4
	k[31] = byte(p.Turn())
	return k
}

// Decode returns the position a key encodes (ply 0), or an error for
// bytes that are no valid key.
func (k Key) Decode() (engine.Position, error) {
	var pieces [2][engine.NumKinds]uint64
	var buf [8]byte
	i := 0
	for pl := engine.First; pl <= engine.Second; pl++ {
		for kind := engine.Blue; kind < engine.NumKinds; kind++ {
			copy(buf[3:], k[i:i+5])
			c := binary.BigEndian.Uint64(buf[:])
			i += 5
			if c>>36 != 0 {
				return engine.Position{}, fmt.Errorf("purple: key %x: bad board bits", k[:])
			}
			pieces[pl][kind] = engine.Expand(c)
		}
	}
	// FromBoards refuses pieces on one square twice, a side that is no
	// player and counts Validate refuses.
	p, err := engine.FromBoards(pieces, [2]int{int(k[30] & 15), int(k[30] >> 4)}, engine.Player(k[31]))
	if err != nil {
		return engine.Position{}, fmt.Errorf("purple: key %x: %w", k[:], err)
	}
	return p, nil
}

// Class is a material class (SPEC §6): the prover's blues and reds, and
// the opponent's pieces, all hidden, of which OppReds are red.
type Class struct {
	Blues, Reds        int // the prover's
	OppPieces, OppReds int
}

// Pieces returns the number of pieces on the board.
func (c Class) Pieces() int { return c.Blues + c.Reds + c.OppPieces }

// Valid reports whether the class has positions with the game still on:
// 1–4 blues and reds for the prover, 1–4 reds and blues for the opponent.
func (c Class) Valid() bool {
	ob := c.OppPieces - c.OppReds
	return c.Blues >= 1 && c.Blues <= 4 && c.Reds >= 1 && c.Reds <= 4 &&
		c.OppReds >= 1 && c.OppReds <= 4 && ob >= 1 && ob <= 4
}

// String returns the class name, e.g. "1B1R-2U1r": the prover's blues
// and reds, then the opponent's hidden pieces and how many are red.
func (c Class) String() string {
	return fmt.Sprintf("%dB%dR-%dU%dr", c.Blues, c.Reds, c.OppPieces, c.OppReds)
}

// ParseClass reads a class name such as "1B1R-2U1r".
func ParseClass(s string) (Class, error) {
	var c Class
	bad := func(why string) (Class, error) {
		return Class{}, fmt.Errorf("purple: class %q: %s (want e.g. 1B1R-2U1r: prover's blues B and reds R, opponent's hidden pieces U of which r are red)", s, why)
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return bad("no '-'")
	}
	nums := func(t string, l1, l2 string) (int, int, bool) {
		x, rest, ok1 := strings.Cut(t, l1)
		y, tail, ok2 := strings.Cut(rest, l2)
		if !ok1 || !ok2 || tail != "" {
			return 0, 0, false
		}
		i, e1 := strconv.Atoi(x)
		j, e2 := strconv.Atoi(y)
		return i, j, e1 == nil && e2 == nil && len(x) == 1 && len(y) == 1
	}
	if c.Blues, c.Reds, ok = nums(a, "B", "R"); !ok {
		return bad(fmt.Sprintf("%q is not <n>B<m>R", a))
	}
	if c.OppPieces, c.OppReds, ok = nums(b, "U", "r"); !ok {
		return bad(fmt.Sprintf("%q is not <n>U<m>r", b))
	}
	if !c.Valid() {
		return bad("counts out of range: each side needs 1-4 blues and 1-4 reds")
	}
	return c, nil
}

// ClassOf returns the material class of p for prover, and false when the
// opponent shows some colour (tables hold all-hidden opponents only) or
// the prover hides some.
func ClassOf(p *engine.Position, prover engine.Player) (Class, bool) {
	opp := prover.Other()
	if !p.AllShown(prover) || p.Pieces(opp, engine.Blue)|p.Pieces(opp, engine.Red) != 0 {
		return Class{}, false
	}
	return Class{Blues: p.Blues(prover), Reds: p.Reds(prover), OppPieces: p.Count(opp), OppReds: p.Reds(opp)}, true
}

// Less orders classes smallest first (pieces on the board), then by
// name: the order in which tables are built and listed.
func (c Class) Less(d Class) bool {
	if c.Pieces() != d.Pieces() {
		return c.Pieces() < d.Pieces()
	}
	return c.String() < d.String()
}

// SortClasses sorts cs by Less.
func SortClasses(cs []Class) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Less(cs[j]) })
}

// Classes lists every valid class with at most maxPieces pieces, smallest
// first.
func Classes(maxPieces int) []Class {
	var out []Class
	for n := 4; n <= maxPieces; n++ {
		for b := 1; b <= 4; b++ {
			for r := 1; r <= 4; r++ {
				for op := 2; op <= 8; op++ {
					for or := 1; or < op; or++ {
						c := Class{b, r, op, or}
						if c.Pieces() == n && c.Valid() {
							out = append(out, c)
						}
					}
				}
			}
		}
	}
	return out
}

// Random returns a position of class c drawn uniformly from the class's
// placements: the prover as first player (colours shown), the opponent's
// pieces hidden, toMove to move.
func (c Class) Random(r *engine.Rand, toMove engine.Player) engine.Position {
	var p engine.Position
	used := uint64(0)
	put := func(pl engine.Player, k engine.Kind, n int) {
		for i := 0; i < n; i++ {
			for {
				s := engine.BoardSquares[r.Intn(36)]
				if used&s.Bit() == 0 {
					used |= s.Bit()
					p.Put(pl, k, s)
					break
				}
			}
		}
	}
	put(engine.First, engine.Blue, c.Blues)
	put(engine.First, engine.Red, c.Reds)
	put(engine.Second, engine.Unknown, c.OppPieces)
	p.SetReds(engine.First, c.Reds)
	p.SetReds(engine.Second, c.OppReds)
	p.SetTurn(toMove)
	p.Validate() // a valid class gives a valid position; this sets the hash
	return p
}
