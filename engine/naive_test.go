package engine

// A slow, obviously-correct model of the rules (SPEC §1), written from the
// spec with no code in common with the engine: a 6×6 array of letters, the
// position string read and written by hand, moves as text. The engine's
// move generator, Make, outcomes and formatting are checked against it.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type naive struct {
	cell [6][6]byte // [rank-1][file]: 0 or one of B R U b r u
	reds [2]int
	turn int // 0 first, 1 second
	ply  int
}

func naiveOwner(c byte) int {
	if c >= 'a' {
		return 1
	}
	return 0
}

func naiveParse(s string) naive {
	var n naive
	f := strings.Fields(s)
	for r, row := range strings.Split(f[0], "/") {
		file := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '6' {
				file += int(c - '0')
				continue
			}
			n.cell[r][file] = c
			file++
		}
	}
	if f[1] == "s" {
		n.turn = 1
	}
	n.reds[0] = int(f[2][1] - '0')
	n.reds[1] = int(f[2][3] - '0')
	if len(f) > 3 {
		n.ply, _ = strconv.Atoi(f[3])
	}
	return n
}

func (n naive) String() string {
	var rows []string
	for r := 0; r < 6; r++ {
		s, e := "", 0
		for f := 0; f < 6; f++ {
			if n.cell[r][f] == 0 {
				e++
				continue
			}
			if e > 0 {
				s += strconv.Itoa(e)
				e = 0
			}
			s += string(n.cell[r][f])
		}
		if e > 0 {
			s += strconv.Itoa(e)
		}
		rows = append(rows, s)
	}
	side := "f"
	if n.turn == 1 {
		side = "s"
	}
	return fmt.Sprintf("%s %s R%dr%d %d", strings.Join(rows, "/"), side, n.reds[0], n.reds[1], n.ply)
}

func (n naive) count(pl int, letters string) int {
	c := 0
	for r := 0; r < 6; r++ {
		for f := 0; f < 6; f++ {
			x := n.cell[r][f]
			if x != 0 && naiveOwner(x) == pl && strings.IndexByte(letters, x) >= 0 {
				c++
			}
		}
	}
	return c
}

func (n naive) hidden(pl int) (reds, blues int) {
	shownRed, unknown := "R", "U"
	if pl == 1 {
		shownRed, unknown = "r", "u"
	}
	reds = n.reds[pl] - n.count(pl, shownRed)
	blues = n.count(pl, unknown) - reds
	return
}

func sqName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// moves lists the legal moves as text, sorted.
func (n naive) moves() []string {
	var out []string
	for r := 0; r < 6; r++ {
		for f := 0; f < 6; f++ {
			c := n.cell[r][f]
			if c == 0 || naiveOwner(c) != n.turn {
				continue
			}
			for _, d := range [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
				nf, nr := f+d[0], r+d[1]
				if nf < 0 || nf > 5 || nr < 0 || nr > 5 {
					continue
				}
				if t := n.cell[nr][nf]; t != 0 && naiveOwner(t) == n.turn {
					continue
				}
				out = append(out, sqName(f, r)+sqName(nf, nr))
			}
			// Escapes: first leaves a1/f1 upwards (a0, f0), second a6/f6
			// downwards (a7, f7); a blue, or a hidden piece that may be blue.
			exitRank, beyond := 0, "0"
			if n.turn == 1 {
				exitRank, beyond = 5, "7"
			}
			if r == exitRank && (f == 0 || f == 5) {
				_, hb := n.hidden(n.turn)
				if c == 'B' || c == 'b' || ((c == 'U' || c == 'u') && hb > 0) {
					out = append(out, sqName(f, r)+string(rune('a'+f))+beyond)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// play returns the position after move m and the winner (0 first, 1
// second, -1 none). revealRed resolves a capture of a hidden piece when
// both colours are possible.
func (n naive) play(m string, revealRed bool) (naive, int) {
	f1, r1 := int(m[0]-'a'), int(m[1]-'1')
	f2, r2 := int(m[2]-'a'), int(m[3]-'1')
	c := n.cell[r1][f1]
	n.cell[r1][f1] = 0
	mover, other := n.turn, 1-n.turn
	n.turn = other
	n.ply++
	if r2 < 0 || r2 > 5 {
		return n, mover // escape
	}
	winner := -1
	if t := n.cell[r2][f2]; t != 0 {
		red := t == 'R' || t == 'r'
		if t == 'U' || t == 'u' {
			hr, hb := n.hidden(other)
			red = hr > 0 && (hb == 0 || revealRed)
		}
		n.cell[r2][f2] = 0
		if red {
			n.reds[other]--
			if n.reds[other] == 0 {
				winner = other
			}
		} else if n.count(other, "BRUbru")-n.reds[other] == 0 {
			winner = mover
		}
	}
	n.cell[r2][f2] = c
	return n, winner
}

func naivePerft(n naive, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, m := range n.moves() {
		c, w := n.play(m, false)
		if depth == 1 {
			total++
		} else if w < 0 {
			total += naivePerft(c, depth-1)
		}
	}
	return total
}
