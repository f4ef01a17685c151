// Package published reads the published collection of Geister endgame
// puzzles of Hsueh, Ishii, Hashimoto and Ikeda ("Proposal and generation
// of endgame puzzles for an imperfect information game Geister",
// Entertainment Computing, 2024), whose file allprob.csv holds 44,826
// puzzles made by the authors' own depth-limited solver: a position where
// the player to move surely wins, and the fewest moves their solver needed.
// The collection is not part of this project (it carries no licence);
// Read takes the file as its users download it.
//
// A row has six comma-separated fields:
//
//		notrv,1213,wall,---,17,.R......Bu....u.....uu............R.
//
//	 1. the kind: notrv (no colour of the opponent shown) or prtrv (some
//	    shown: partly revealed);
//	 2. the material, four digits: the player's blues and reds, the
//	    opponent's blues and reds;
//	 3. wall, when the authors' red-wall check found the puzzle, or ----;
//	 4. a field the collection leaves as ---;
//	 5. the length, in plies (the authors' "moves" count both players);
//	 6. the board, 36 characters, row by row from the row of the player's
//	    exits: B and R the player's pieces, u the opponent's hidden pieces,
//	    b and r the opponent's shown ones, . an empty square.
//
// The player of a puzzle is this project's first player (upper case),
// whose exits a1 and f1 are the corners of the board's first row, to move:
// the collection's board, row by row, is the position string's ranks 1 to
// 6 (SPEC §2), so a puzzle's length is the distance to win that "geister
// solve --shortest" gives.
package published

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// Puzzle is one row of the collection.
type Puzzle struct {
	Position engine.Position // the first player to move, ply 0
	// Revealed is true for the partly revealed kind (prtrv): some of the
	// opponent's colours show on the board.
	Revealed bool
	RedWall  bool // the row's third field is "wall"
	Cap      bool // the row's fourth field is "cap"
	Plies    int  // the collection's length
	Line     int  // the row's line in the file, from 1
}

// Error names the line of the file that cannot be read and why.
type Error struct {
	Line   int
	Text   string // the line, cut to 80 characters
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("published puzzles: line %d (%q): %s", e.Line, e.Text, e.Reason)
}

// maxLine bounds a line of the file: a row is about 60 bytes.
const maxLine = 4096

// Read reads every row of r, in order. Blank lines are skipped; any other
// line that is not a row as the package doc describes is an *Error naming
// it, and Read stops there.
func Read(r io.Reader) ([]Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	var out []Puzzle
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		p, err := ParseRow(text)
		if err != nil {
			return out, &Error{Line: line, Text: cut(text), Reason: err.Error()}
		}
		p.Line = line
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return out, &Error{Line: line + 1, Reason: fmt.Sprintf("longer than %d bytes", maxLine)}
		}
		return out, err
	}
	return out, nil
}

// ParseRow reads one row (without its line number).
func ParseRow(row string) (Puzzle, error) {
	f := strings.Split(row, ",")
	if len(f) != 6 {
		return Puzzle{}, fmt.Errorf("want 6 comma-separated fields, got %d", len(f))
	}
	var p Puzzle
	var err error
	if p.Revealed, err = mark(f[0], "kind", "notrv", "prtrv"); err != nil {
		return Puzzle{}, err
	}
	if len(f[1]) != 4 || strings.Trim(f[1], "0123456789") != "" {
		return Puzzle{}, fmt.Errorf("material %q: want four digits (blues, reds, opponent's blues, opponent's reds)", f[1])
	}
	var m [4]int
	for i := range m {
		m[i] = int(f[1][i] - '0')
	}
	if p.RedWall, err = mark(f[2], "third field", "----", "wall"); err != nil {
		return Puzzle{}, err
	}
	if p.Cap, err = mark(f[3], "fourth field", "---", "cap"); err != nil {
		return Puzzle{}, err
	}
	n, err := strconv.Atoi(f[4])
	if err != nil || n < 1 || n > 99 || len(f[4]) > 2 {
		return Puzzle{}, fmt.Errorf("length %q: want a number of plies from 1 to 99", f[4])
	}
	p.Plies = n
	board := f[5]
	if len(board) != 36 {
		return Puzzle{}, fmt.Errorf("board %q: want 36 squares, got %d", board, len(board))
	}
	var count [256]int
	for i := 0; i < len(board); i++ {
		c := board[i]
		if !strings.ContainsRune(".BRubr", rune(c)) {
			return Puzzle{}, fmt.Errorf("board %q: square %d is %q, want one of . B R u b r", board, i+1, c)
		}
		count[c]++
	}
	if count['B'] != m[0] || count['R'] != m[1] || count['u']+count['b']+count['r'] != m[2]+m[3] || count['b'] > m[2] || count['r'] > m[3] {
		return Puzzle{}, fmt.Errorf("board %q does not hold the material %s", board, f[1])
	}
	if !p.Revealed && count['b']+count['r'] > 0 {
		return Puzzle{}, errors.New("a notrv board shows opponent colours (b or r)")
	}
	// Square i is file i%6 of rank i/6+1; the opponent's reds on the
	// board are the material's fourth digit.
	for i := 0; i < len(board); i++ {
		if pl, k, ok := engine.PieceOfLetter(board[i]); ok {
			p.Position.Put(pl, k, engine.Sq(i%6, i/6+1))
		}
	}
	p.Position.SetReds(engine.First, m[1])
	p.Position.SetReds(engine.Second, m[3])
	p.Position.SetTurn(engine.First)
	if err := p.Position.Validate(); err != nil {
		return Puzzle{}, fmt.Errorf("board %q: %v", board, err)
	}
	return p, nil
}

// mark reads a field of two values, no or yes.
func mark(field, name, no, yes string) (bool, error) {
	switch field {
	case yes:
		return true, nil
	case no:
		return false, nil
	}
	return false, fmt.Errorf("%s %q: want %s or %s", name, field, no, yes)
}

// Row writes p as a row of the collection: the inverse of ParseRow, for a
// position of the first player to move with the opponent's colours hidden
// (or, when p.Revealed, partly shown) and no piece of the first player
// hidden.
func (p *Puzzle) Row() (string, error) {
	pos := &p.Position
	if pos.Turn() != engine.First {
		return "", errors.New("the first player is not to move")
	}
	var board [36]byte
	var m [4]int
	for i := range board {
		pl, k, ok := pos.At(engine.Sq(i%6, i/6+1))
		switch {
		case !ok:
			board[i] = '.'
			continue
		case pl == engine.First && k == engine.Unknown:
			return "", errors.New("a piece of the first player is hidden, which the collection cannot write")
		case pl == engine.First:
			m[k]++ // Blue, Red
		case k != engine.Unknown && !p.Revealed:
			return "", errors.New("an opponent colour shows in a puzzle of the notrv kind")
		}
		board[i] = engine.PieceLetter(pl, k)
	}
	m[3] = pos.Reds(engine.Second)
	m[2] = pos.Count(engine.Second) - m[3]
	kind, wall, cap := "notrv", "----", "---"
	if p.Revealed {
		kind = "prtrv"
	}
	if p.RedWall {
		wall = "wall"
	}
	if p.Cap {
		cap = "cap"
	}
	return fmt.Sprintf("%s,%d%d%d%d,%s,%s,%02d,%s", kind, m[0], m[1], m[2], m[3], wall, cap, p.Plies, board[:]), nil
}

func cut(s string) string {
	if len(s) > 80 {
		return s[:80]
	}
	return s
}
