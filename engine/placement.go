package engine

import (
	"fmt"
	"strings"
)

// Placement says which of a player's eight start pieces are red, by the
// GAT / paper 002 letters: bit i set means piece 'A'+i is red. A–D are the
// front row and E–H the back row, each from the player's own left to
// right (see HomeSquares). A valid placement has exactly four reds.
type Placement uint8

// ParsePlacement reads the four red letters, e.g. "BCFG" (any order,
// upper or lower case).
func ParsePlacement(s string) (Placement, error) {
	var pl Placement
	if len(s) != 4 {
		return 0, fmt.Errorf("engine: placement %q: want the letters of the four red pieces, A-H, e.g. BCFG", s)
	}
	for _, c := range strings.ToUpper(s) {
		if c < 'A' || c > 'H' {
			return 0, fmt.Errorf("engine: placement %q: %q is not a piece letter A-H", s, c)
		}
		bit := Placement(1) << (c - 'A')
		if pl&bit != 0 {
			return 0, fmt.Errorf("engine: placement %q: %c named twice", s, c)
		}
		pl |= bit
	}
	return pl, nil
}

// String returns the red letters in order, e.g. "BCFG".
func (pl Placement) String() string {
	var b []byte
	for i := 0; i < 8; i++ {
		if pl&(1<<i) != 0 {
			b = append(b, byte('A'+i))
		}
	}
	return string(b)
}

// Valid reports whether exactly four pieces are red.
func (pl Placement) Valid() bool { return popcount(uint64(pl)) == 4 }

// Placements lists the 70 valid placements in increasing bit order.
var Placements = func() [70]Placement {
	var all [70]Placement
	n := 0
	for m := 0; m < 256; m++ {
		if Placement(m).Valid() {
			all[n] = Placement(m)
			n++
		}
	}
	return all
}()

// StartPosition returns the start position with the given placements,
// every colour shown, the first player to move.
func StartPosition(first, second Placement) Position {
	var p Position
	for pl, place := range [2]Placement{first, second} {
		home := HomeSquares(Player(pl))
		for i, s := range home {
			k := Blue
			if place&(1<<i) != 0 {
				k = Red
			}
			p.Put(Player(pl), k, s)
		}
		p.SetReds(Player(pl), 4)
	}
	p.hash = p.computeHash()
	return p
}
