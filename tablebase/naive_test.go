package tablebase

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// A naive child, in 32 bits: a same-class position (side 1-s) by its full
// index, or, with fixedChild set, a child whose value is known before the
// sweeps: a move that ends the game (distance 0, won or lost by the
// prover) or a capture into a smaller class (that class's value; never
// decided, neverChild, where it has none), with its distance in the low
// byte and winChild set where the prover wins.
const (
	fixedChild = 1 << 31
	neverChild = 1 << 30
	winChild   = 1 << 8
)

// naiveSolve computes every value of class c with the engine's own moves
// and the purple rules of package purple, by forward sweeps: at sweep d a
// position is decided when (side to move) one child is a win for it at
// distance < d, or every child is a loss for it at distance < d. No
// counters, no un-moves, no layouts beyond the index used to name
// positions. dep returns the value byte of a position of a smaller class.
func naiveSolve(t testing.TB, c purple.Class, dep func(p *engine.Position) uint8) [2][]uint8 {
	var lay [2]*layout
	for s := 0; s < 2; s++ {
		lay[s] = newLayout(c, s)
	}
	// Every position's children, in one array a side: those of
	// position i are kids[s][first[s][i]:first[s][i+1]].
	var kids [2][]uint32
	var first [2][]uint32
	maxFixed := 0
	for s := 0; s < 2; s++ {
		first[s] = make([]uint32, lay[s].size+1)
		kids[s] = make([]uint32, 0, lay[s].size*12) // room for 12 a position, so that it is seldom grown by copying
		for i := uint64(0); i < lay[s].size; i++ {
			first[s][i] = uint32(len(kids[s]))
			x := lay[s].board(i)
			g := purple.Game{Pos: position(c, x, s), Prover: engine.First}
			var ml engine.MoveList
			g.Moves(&ml)
			if ml.N == 0 {
				t.Fatalf("no moves in %s", g.Pos.String())
			}
			for _, m := range ml.Slice() {
				u := g.Make(m)
				var ch uint32
				switch g.Value() {
				case purple.Win:
					ch = fixedChild | winChild
				case purple.Loss:
					ch = fixedChild
				default:
					cc, ok := purple.ClassOf(&g.Pos, engine.First)
					if !ok {
						t.Fatalf("child of %s leaves the tables", g.Pos.String())
					}
					if cc == c {
						y, s2 := fromPosition(&g.Pos, engine.First)
						idx := lay[s2].index(&y)
						if idx >= neverChild {
							t.Fatalf("class %s: index %d does not fit a naive child", c, idx)
						}
						ch = uint32(idx)
					} else {
						v := dep(&g.Pos)
						switch {
						case v == 0:
							ch = fixedChild | neverChild
						case v&lossBit == 0:
							ch = fixedChild | winChild | uint32(v&maxDist)
						default:
							ch = fixedChild | uint32(v&maxDist)
						}
						maxFixed = max(maxFixed, int(v&maxDist))
					}
				}
				kids[s] = append(kids[s], ch)
				g.Unmake(u)
			}
		}
		first[s][lay[s].size] = uint32(len(kids[s]))
	}
	var vals [2][]uint8
	for s := 0; s < 2; s++ {
		vals[s] = make([]uint8, lay[s].size)
	}
	type dec struct {
		s int
		i int
		v uint8
	}
	for d := 1; ; d++ {
		var news []dec
		for s := 0; s < 2; s++ {
			other := vals[1-s]
			for i := range vals[s] {
				if vals[s][i] != 0 {
					continue
				}
				// good: a child decided within d-1 plies that the side
				// to move wins; allBad: every child decided within d-1
				// plies, and lost for it.
				goodFound, allBad := false, true
				for _, ch := range kids[s][first[s][i]:first[s][i+1]] {
					var win bool // for the prover
					var dist int
					switch {
					case ch&fixedChild == 0:
						v := other[ch]
						if v == 0 {
							allBad = false
							continue
						}
						win, dist = v&lossBit == 0, int(v&maxDist)
					case ch&neverChild != 0:
						allBad = false
						continue
					default:
						win, dist = ch&winChild != 0, int(ch&0xff)
					}
					switch {
					case dist > d-1:
						allBad = false
					case win == (s == sideP):
						goodFound = true
						allBad = false
					}
					if goodFound {
						break // decided: one good child is enough
					}
				}
				var v uint8
				switch {
				case goodFound:
					v = uint8(d) | goodBit[s]
				case allBad:
					v = uint8(d) | goodBit[s] ^ lossBit
				default:
					continue
				}
				news = append(news, dec{s, i, v})
			}
		}
		for _, n := range news {
			vals[n.s][n.i] = n.v
		}
		if len(news) == 0 && d > maxFixed+1 {
			return vals
		}
	}
}

func buildRetro(t testing.TB, c purple.Class, deps map[purple.Class]*table, workers int) *retro {
	b, err := newRetro(c, deps, workers)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.run(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *retro) table() *table {
	return &table{c: b.c, lay: b.lay, vals: [2][]byte{b.foldValues(sideP), b.foldValues(sideO)}}
}

func TestRetroAgreesWithNaive(t *testing.T) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	b := buildRetro(t, c, nil, 2)
	want := naiveSolve(t, c, func(p *engine.Position) uint8 {
		t.Fatalf("1B1R-2U1r has no captures into smaller classes: %s", p.String())
		return 0
	})
	var stat [2][3]int
	for s := 0; s < 2; s++ {
		got := b.values(s)
		for i := range got {
			if got[i] != want[s][i] {
				x := b.lay[s].board(uint64(i))
				p := position(c, x, s)
				t.Fatalf("%s: retro %#x, naive %#x", p.String(), got[i], want[s][i])
			}
			switch {
			case got[i] == 0:
				stat[s][0]++
			case got[i]&lossBit == 0:
				stat[s][1]++
			default:
				stat[s][2]++
			}
		}
	}
	t.Logf("1B1R-2U1r neither/win/loss: prover to move %v, opponent to move %v; longest %d", stat[0], stat[1], b.maxD.Load())
}

// values returns the built values of side s in the full layout (mirror
// images unfolded).
func (b *retro) values(s int) []byte {
	l := b.lay[s]
	out := make([]byte, l.size)
	for i := range out {
		x := l.board(uint64(i))
		out[i] = uint8(b.st[s][l.folded(&x)])
	}
	return out
}
