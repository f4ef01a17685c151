package puzzles

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the puzzle as "geister puzzles" prints it: a heading
// (kind, class, plies, position, draw), the board, the solution and the
// principal line, then a blank line.
func (p *Puzzle) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "== %s, %s: %d plies, %s (draw %d)\n", p.KindName, p.Class, p.Plies, p.Position, p.Draw)
	fmt.Fprint(w, p.pos.Pretty())
	_, err := fmt.Fprintf(w, "solution: %s\nline: %s\n\n", p.Move, strings.Join(p.PV, " "))
	return err
}
