package keeper

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// CensusRow counts the states of a solved class that share where K's
// pieces stand, which of N's pieces holds the value 1 and whose turn it
// is, and N's sure wins among them.
type CensusRow struct {
	// KOnExits: how many of K's pieces stand on N's exits (a1, f1): 2 is
	// Theorem 1's situation (both keepers home), 1 or 0 a keeper moved
	// away (step 7, 8 or 9 moves keepers).
	KOnExits int `json:"k_on_exits"`
	// ValueOn: "none", "blue" (one of N's blues holds the value 1) or "red".
	ValueOn string `json:"value_on"`
	NToMove bool   `json:"n_to_move"`
	States  uint64 `json:"states"`
	NWins   uint64 `json:"n_wins"`
	// NWinsByParity splits the wins by the parity of Parity: [even, odd].
	NWinsByParity [2]uint64 `json:"n_wins_by_parity"`
	// StatesByParity splits the states the same way.
	StatesByParity [2]uint64 `json:"states_by_parity"`
}

var valueNames = [3]string{"none", "blue", "red"}

// oddSquares holds the compact squares whose file + rank is odd: the
// board's colouring as a chessboard. A step changes the colour of the
// square a piece stands on.
var oddSquares = func() (m uint64) {
	for i := 0; i < 36; i++ {
		if (i%6+i/6)%2 == 1 {
			m |= 1 << i
		}
	}
	return m
}()

// Parity returns, for a position, the number of pieces on squares whose
// file + rank is odd (files a–f and ranks 1–6 counted from 1, as the board
// is printed) plus 1 when K (the second player) is to move, modulo 2.
// Every step of a piece changes its square's colour (the board is
// bipartite) and passes the turn, so a move that captures nothing keeps
// the parity; a capture removes a piece and may change it.
func Parity(p *engine.Position) int {
	var odd uint64
	for _, pl := range []engine.Player{engine.First, engine.Second} {
		odd |= engine.Compact(p.Occupied(pl))
	}
	n := bits.OnesCount64(odd & oddSquares)
	if p.Turn() == engine.Second {
		n++
	}
	return n % 2
}

// Census counts every state of the solved class c by K's pieces on N's
// exits, the value state and the side to move (rows in that order, empty
// ones left out), with N's wins and each count split by Parity.
func (s *Solved) Census(c purple.Class) ([]CensusRow, bool) {
	t, ok := s.tabs[c]
	if !ok {
		return nil, false
	}
	exits := engine.Compact(engine.Exits(engine.First))
	// acc[onExits][value][side]
	var acc [3][3][2]CensusRow
	var st state
	block := 2 * t.marks
	for base := uint64(0); base < t.size(); base += block {
		t.decode(base, &st)
		on := bits.OnesCount64(st.k & exits)
		par := bits.OnesCount64((st.k|st.b|st.r)&oddSquares) % 2
		for side := uint64(0); side < 2; side++ {
			for slot := uint64(0); slot < t.marks; slot++ {
				v := 0
				if slot > 0 {
					v = 2
					if markOf(st.b|st.r, slot)&st.b != 0 {
						v = 1
					}
				}
				row := &acc[on][v][side]
				p := (par + int(side)) % 2
				row.States++
				row.StatesByParity[p]++
				if t.val[base+side*t.marks+slot] != 0 {
					row.NWins++
					row.NWinsByParity[p]++
				}
			}
		}
	}
	var out []CensusRow
	for on := 2; on >= 0; on-- {
		for v := range 3 {
			for side := range 2 {
				row := acc[on][v][side]
				if row.States == 0 {
					continue
				}
				row.KOnExits, row.ValueOn, row.NToMove = on, valueNames[v], side == 0
				out = append(out, row)
			}
		}
	}
	return out, true
}
