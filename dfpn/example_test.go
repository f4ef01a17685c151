package dfpn_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/dfpn"
)

// nim is a pile of stones; a move takes one or two; whoever takes the
// last stone wins. The OR side is the player to move at the start.
type nim struct {
	stones int
	orTurn bool
	path   []dfpn.Move
}

func (g *nim) Hash() uint64 {
	h := uint64(g.stones) * 0x9e3779b97f4a7c15
	if g.orTurn {
		h ^= 0xdeadbeef
	}
	return h
}
func (g *nim) OrNode() bool { return g.orTurn }
func (g *nim) Evaluate() dfpn.Eval {
	if g.stones == 0 { // the previous player took the last stone
		if g.orTurn {
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen} // lost
		}
		return dfpn.Eval{WinIn: 0} // won
	}
	return dfpn.NothingKnown()
}
func (g *nim) Moves(buf []dfpn.Move) []dfpn.Move {
	for take := 1; take <= min(2, g.stones); take++ {
		buf = append(buf, dfpn.Move(take))
	}
	return buf
}
func (g *nim) Play(m dfpn.Move) {
	g.stones -= int(m)
	g.orTurn = !g.orTurn
	g.path = append(g.path, m)
}
func (g *nim) Undo() {
	m := g.path[len(g.path)-1]
	g.path = g.path[:len(g.path)-1]
	g.stones += int(m)
	g.orTurn = !g.orTurn
}
func (g *nim) Estimate() (pn, dn uint32) { return 1, 1 }
func (g *nim) Material() int             { return g.stones }

// Prove who wins a pile of stones, and with which first move: a pile
// that is not a multiple of three is a win for the player to move.
func Example() {
	tt := dfpn.NewTable(1)
	for _, n := range []int{7, 9} {
		tt.Clear()
		r := dfpn.Search(context.Background(), &nim{stones: n, orTurn: true}, tt, dfpn.Options{})
		if r.Status == dfpn.Proven {
			fmt.Println(n, "stones:", r.Status, "in", r.WinIn, "plies, taking", r.Best)
		} else {
			fmt.Println(n, "stones:", r.Status)
		}
	}
	// Output:
	// 7 stones: proven in 5 plies, taking 1
	// 9 stones: disproven
}
