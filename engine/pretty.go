package engine

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/internal/words"
)

// Pretty returns the board as a grid with file and rank labels, then the
// side to move and the counts, e.g.
//
//	    a b c d e f
//	 1  u u . B . .   <- exits of the first player: a1 f1
//	 ...
//	first player (upper case) to move, ply 0
//	first: 1 blue, 1 red; second: 2 pieces (1 red)
func (p *Position) Pretty() string {
	var b strings.Builder
	b.WriteString("    a b c d e f\n")
	for r := 1; r <= 6; r++ {
		fmt.Fprintf(&b, " %d ", r)
		for f := 0; f < 6; f++ {
			c := p.letter(Sq(f, r))
			if c == 0 {
				c = '.'
				if exitMask[First]&Sq(f, r).Bit() != 0 || exitMask[Second]&Sq(f, r).Bit() != 0 {
					c = '+'
				}
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		switch r {
		case 1:
			b.WriteString("   + exits of the first player (a1 f1)")
		case 6:
			b.WriteString("   + exits of the second player (a6 f6)")
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%s player (%s) to move, ply %d\n", p.turn.Name(), map[Player]string{First: "upper case", Second: "lower case"}[p.turn], p.ply)
	for pl := First; pl <= Second; pl++ {
		if pl == Second {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s, %d blue, %d red", pl.Name(), words.Count(p.Count(pl), "piece"), p.Blues(pl), p.Reds(pl))
		if h := popcount(p.pieces[pl][Unknown]); h > 0 {
			fmt.Fprintf(&b, " (%d hidden: %d red, %d blue)", h, p.HiddenReds(pl), p.HiddenBlues(pl))
		}
	}
	b.WriteByte('\n')
	if o := p.Outcome(); o != Ongoing {
		fmt.Fprintf(&b, "game over: %s\n", o)
	}
	return b.String()
}
