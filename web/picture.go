package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/geister-solver/geister/engine"
)

// Options say what a board picture shows besides the position.
type Options struct {
	// LastMove, when set, is drawn as an arrow (an escape points off the
	// board beyond its exit).
	LastMove engine.Move
	// Line, when set, draws a whole line of moves on the board as numbered
	// arrows, the first player's moves in one colour and the second's in
	// another (a proof line on its starting position).
	Line []engine.Move
	// Highlight outlines these squares (a selected piece, say).
	Highlight []engine.Square
	// Caption replaces the line under the board (by default: the side to
	// move, the ply and the position string).
	Caption string
}

// Geometry of the picture, in SVG user units (pixels at scale 1).
const (
	sqSize   = 56.0
	marginL  = 28.0
	marginT  = 40.0
	boardSz  = 6 * sqSize
	panelX   = marginL + boardSz + 22
	picWidth = panelX + 196
	picH     = marginT + boardSz + 40 + 30
)

// Colours of the picture.
const (
	colLight   = "#efe6d2"
	colDark    = "#e2d6bb"
	colExitF   = "#f2cf63" // the first player's exits (a1, f1)
	colExitS   = "#9fd39a" // the second player's exits (a6, f6)
	colBlue    = "#2f6fd6"
	colRed     = "#d63a2f"
	colHidden  = "#8f959c"
	colInk     = "#222222"
	colLast    = "#ff8c00"
	colMoveF   = "#e07000"
	colMoveS   = "#7a3fbf"
	colHilite  = "#00a0c0"
	colCaption = "#444444"
)

// squareXY returns the top-left corner of a square (frame squares beyond
// the exits lie in the margins).
func squareXY(s engine.Square) (float64, float64) {
	return marginL + float64(s.File())*sqSize, marginT + float64(s.Rank()-1)*sqSize
}

func centre(s engine.Square) pt {
	x, y := squareXY(s)
	return pt{x + sqSize/2, y + sqSize/2}
}

// moveEnds returns where a move's arrow starts and ends: square centres,
// or for an escape the board edge beyond the exit.
func moveEnds(m engine.Move) (pt, pt) {
	a := centre(m.From())
	if m.IsEscape() {
		if m.To().Rank() == 0 {
			return a, pt{a.x, marginT - 8}
		}
		return a, pt{a.x, marginT + boardSz + 8}
	}
	return a, centre(m.To())
}

// piece draws a Geister piece: a pentagon pointing the way its owner
// moves (the first player's up, towards rank 1; the second's down),
// filled blue or red when its colour is known, grey with a "?" when it is
// hidden.
func piece(c canvas, cx, cy, r float64, pl engine.Player, k engine.Kind) {
	d := 1.0
	if pl == engine.Second {
		d = -1
	}
	pts := []pt{
		{cx, cy - d*r},
		{cx + 0.82*r, cy - d*0.28*r},
		{cx + 0.68*r, cy + d*0.82*r},
		{cx - 0.68*r, cy + d*0.82*r},
		{cx - 0.82*r, cy - d*0.28*r},
	}
	fill := colHidden
	switch k {
	case engine.Blue:
		fill = colBlue
	case engine.Red:
		fill = colRed
	}
	stroke := colInk
	if pl == engine.Second {
		stroke = "#ffffff"
		// a dark outline under a white one: the second player's pieces
		c.poly(pts, style{fill: fill, stroke: colInk, width: r * 0.22})
	}
	c.poly(pts, style{fill: fill, stroke: stroke, width: r * 0.09})
	if k == engine.Unknown {
		c.text(cx, cy+d*0.1*r+r*0.32, "?", r, "middle", "#ffffff")
	}
}

// arrow draws a thick arrow from a to b.
func arrow(c canvas, a, b pt, col string, w, opacity float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := w * 2.6
	base := pt{b.x - ux*head, b.y - uy*head}
	c.line(a.x, a.y, base.x, base.y, style{stroke: col, width: w, opacity: opacity})
	c.poly([]pt{b, {base.x - uy*head*0.6, base.y + ux*head*0.6}, {base.x + uy*head*0.6, base.y - ux*head*0.6}}, style{fill: col, opacity: opacity})
}

func playerLabel(pl engine.Player) string {
	if pl == engine.First {
		return "first (upper case)"
	}
	return "second (lower case)"
}

// draw paints the whole picture on c.
func drawBoard(c canvas, p *engine.Position, o Options) {
	c.rect(0, 0, picWidth, picH, style{fill: "#ffffff"}, "")
	// squares, exits, labels
	for r := 1; r <= 6; r++ {
		for f := 0; f < 6; f++ {
			s := engine.Sq(f, r)
			x, y := squareXY(s)
			fill := colLight
			if (r+f)%2 == 1 {
				fill = colDark
			}
			switch {
			case engine.Exits(engine.First)&s.Bit() != 0:
				fill = colExitF
			case engine.Exits(engine.Second)&s.Bit() != 0:
				fill = colExitS
			}
			c.rect(x, y, sqSize, sqSize, style{fill: fill, class: "sq"}, fmt.Sprintf(` data-sq="%s"`, s))
		}
	}
	c.rect(marginL, marginT, boardSz, boardSz, style{stroke: colInk, width: 1.5}, "")
	for f := 0; f < 6; f++ {
		c.text(marginL+(float64(f)+0.5)*sqSize, 15, string(rune('a'+f)), 13, "middle", colCaption)
	}
	for r := 1; r <= 6; r++ {
		c.text(marginL/2, marginT+(float64(r)-0.5)*sqSize+5, string(rune('0'+r)), 13, "middle", colCaption)
	}
	// exit marks: a chevron on the board edge beyond each exit
	for _, s := range []engine.Square{engine.Sq(0, 1), engine.Sq(5, 1)} {
		cx := centre(s).x
		c.poly([]pt{{cx - 9, marginT - 2}, {cx, marginT - 11}, {cx + 9, marginT - 2}}, style{fill: colExitF, stroke: colInk, width: 1})
	}
	for _, s := range []engine.Square{engine.Sq(0, 6), engine.Sq(5, 6)} {
		cx := centre(s).x
		c.poly([]pt{{cx - 9, marginT + boardSz + 2}, {cx, marginT + boardSz + 11}, {cx + 9, marginT + boardSz + 2}}, style{fill: colExitS, stroke: colInk, width: 1})
	}
	for _, s := range o.Highlight {
		if s.OnBoard() {
			x, y := squareXY(s)
			c.rect(x+2, y+2, sqSize-4, sqSize-4, style{stroke: colHilite, width: 4}, "")
		}
	}
	// pieces
	for _, s := range engine.BoardSquares {
		if pl, k, ok := p.At(s); ok {
			q := centre(s)
			piece(c, q.x, q.y, sqSize*0.36, pl, k)
		}
	}
	if o.LastMove != engine.NoMove {
		a, b := moveEnds(o.LastMove)
		arrow(c, a, b, colLast, 7, 0.75)
	}
	seen := map[[2]engine.Square]int{}
	for i, m := range o.Line {
		a, b := moveEnds(m)
		// a move over squares an earlier arrow used is drawn beside it
		key := [2]engine.Square{min(m.From(), m.To()), max(m.From(), m.To())}
		if k := seen[key]; k > 0 {
			dx, dy := b.x-a.x, b.y-a.y
			l := math.Hypot(dx, dy)
			off := 20 * float64(k)
			a.x, a.y = a.x-dy/l*off, a.y+dx/l*off
			b.x, b.y = b.x-dy/l*off, b.y+dx/l*off
		}
		seen[key]++
		col := colMoveF
		if (p.Turn() == engine.First) != (i%2 == 0) {
			col = colMoveS
		}
		// shorten a little so that arrows into and out of a square part
		arrow(c, pt{a.x + (b.x-a.x)*0.12, a.y + (b.y-a.y)*0.12}, b, col, 5, 0.8)
		mx, my := a.x+(b.x-a.x)*0.45, a.y+(b.y-a.y)*0.45
		c.circle(mx, my, 9, style{fill: "#ffffff", stroke: col, width: 2})
		c.text(mx, my+4.5, fmt.Sprint(i+1), 12, "middle", colInk)
	}
	// An escape ends the game: the blue that left is not a captured one,
	// and a position string read anew has forgotten that the game is over.
	escaped, escaper := o.LastMove.IsEscape(), engine.First
	if escaped && engine.Exits(engine.Second)&o.LastMove.From().Bit() != 0 {
		escaper = engine.Second
	}
	panel(c, p, escaped, escaper)
	caption := o.Caption
	if caption == "" {
		switch out := p.Outcome(); {
		case escaped:
			caption = fmt.Sprintf("game over: the %s player's blue escaped, ply %d", playerName(escaper), p.Ply())
		case out != engine.Ongoing:
			caption = fmt.Sprintf("game over (%s), ply %d", out, p.Ply())
		default:
			caption = fmt.Sprintf("%s player to move, ply %d", playerName(p.Turn()), p.Ply())
		}
	}
	c.text(marginL, marginT+boardSz+36, caption, 13, "start", colCaption)
	c.text(marginL, marginT+boardSz+56, p.String(), 12, "start", colCaption)
}

// playerName is "first" or "second".
func playerName(pl engine.Player) string {
	if pl == engine.First {
		return "first"
	}
	return "second"
}

// panel draws, right of the board, each player's counts and the pieces
// captured from it; when escaped, one of escaper's missing blues left the
// board by its exit and is drawn apart, as escaped.
func panel(c canvas, p *engine.Position, escaped bool, escaper engine.Player) {
	over := p.Outcome() != engine.Ongoing || escaped
	y := marginT + 6
	for _, pl := range []engine.Player{engine.Second, engine.First} {
		name := playerLabel(pl)
		if p.Turn() == pl && !over {
			c.circle(panelX+5, y-4, 5, style{fill: colLast})
			c.text(panelX+15, y, name, 13, "start", colInk)
		} else {
			c.text(panelX, y, name, 13, "start", colInk)
		}
		y += 18
		c.text(panelX, y, fmt.Sprintf("on board: %d blue, %d red", p.Blues(pl), p.Reds(pl)), 11, "start", colCaption)
		y += 15
		if h := bitsOn(p.Pieces(pl, engine.Unknown)); h > 0 {
			c.text(panelX, y, fmt.Sprintf("hidden: %d (%d red)", h, p.HiddenReds(pl)), 11, "start", colCaption)
		}
		y += 15
		c.text(panelX, y, "captured:", 11, "start", colCaption)
		lostBlues := 4 - p.Blues(pl)
		if escaped && pl == escaper {
			lostBlues--
			c.text(panelX+96, y, "escaped:", 11, "start", colCaption)
			piece(c, panelX+164, y-4, 7, pl, engine.Blue)
		}
		y += 20
		x := panelX + 10
		for i := 0; i < lostBlues; i++ {
			piece(c, x, y, 9, pl, engine.Blue)
			x += 22
		}
		for i := 0; i < 4-p.Reds(pl); i++ {
			piece(c, x, y, 9, pl, engine.Red)
			x += 22
		}
		if x == panelX+10 {
			c.text(panelX+10, y+4, "none", 11, "start", colCaption)
		}
		y += 46
	}
	// legend
	y = marginT + boardSz - 38
	piece(c, panelX+10, y, 9, engine.First, engine.Unknown)
	c.text(panelX+24, y+4, "first, colour hidden", 11, "start", colCaption)
	piece(c, panelX+10, y+24, 9, engine.Second, engine.Unknown)
	c.text(panelX+24, y+28, "second, colour hidden", 11, "start", colCaption)
}

func bitsOn(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// SVG returns the picture of p as an SVG document.
func SVG(p *engine.Position, o Options) []byte {
	c := &svgCanvas{}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif">`+"\n",
		num(picWidth), num(picH), num(picWidth), num(picH))
	fmt.Fprintf(&c.b, "<title>%s</title>\n", html.EscapeString(p.String()))
	drawBoard(c, p, o)
	c.b.WriteString("</svg>\n")
	return []byte(c.b.String())
}

// WriteSVG writes the picture of p as SVG to w.
func WriteSVG(w io.Writer, p *engine.Position, o Options) error {
	_, err := w.Write(SVG(p, o))
	return err
}

// WritePNG writes the picture of p as a PNG at twice the SVG's size (1084
// by 1012 pixels).
func WritePNG(w io.Writer, p *engine.Position, o Options) error {
	c := newRasterCanvas(int(picWidth), int(picH), 2)
	drawBoard(c, p, o)
	return png.Encode(w, c.img)
}

// WritePicture writes the picture of p in format "svg" or "png" (the
// formats of geister show --svg and --png).
func WritePicture(w io.Writer, p *engine.Position, format string, o Options) error {
	switch format {
	case "svg":
		return WriteSVG(w, p, o)
	case "png":
		return WritePNG(w, p, o)
	}
	return fmt.Errorf("web: picture format %q: want svg or png", format)
}

// LineFiles replays line from p and writes one picture per position into
// dir: ply-00.svg for p itself, then ply-01.svg after the first move with
// that move as an arrow, and so on (ext "svg" or "png"). dir is created if
// needed. It returns the file names written, and fails, naming the move,
// on a move that is not legal. Lines are played as the solver's purple
// game plays them: a captured colour-hidden piece is red while its owner
// has a hidden red left.
func LineFiles(dir string, p engine.Position, line []engine.Move, ext string) ([]string, error) {
	if ext != "svg" && ext != "png" {
		return nil, fmt.Errorf("web: picture format %q: want svg or png", ext)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var names []string
	width := len(fmt.Sprint(len(line)))
	if width < 2 {
		width = 2
	}
	write := func(i int, last engine.Move) error {
		name := filepath.Join(dir, fmt.Sprintf("ply-%0*d.%s", width, i, ext))
		var buf bytes.Buffer
		o := Options{LastMove: last}
		if i > 0 {
			o.Caption = fmt.Sprintf("move %d of %d: %s", i, len(line), last)
			if out := p.Outcome(); out != engine.Ongoing {
				o.Caption += fmt.Sprintf(", game over (%s)", out)
			}
		}
		var err error
		if ext == "svg" {
			err = WriteSVG(&buf, &p, o)
		} else {
			err = WritePNG(&buf, &p, o)
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			return err
		}
		names = append(names, name)
		return nil
	}
	if err := write(0, engine.NoMove); err != nil {
		return names, err
	}
	var lineErr *engine.LineError
	if err := p.PlayLine(line, revealRed, write); errors.As(err, &lineErr) {
		return names, fmt.Errorf("web: line %w", err)
	} else if err != nil {
		return names, err
	}
	return names, nil
}

// revealRed makes m with a capture shown as red (a proof line's capture
// takes a red: purple.ProverMove's reading).
func revealRed(p *engine.Position, m engine.Move) { p.Make(m.RevealRed()) }

// ErrBadLine is returned by LineSVG for a line that cannot be played.
var ErrBadLine = errors.New("web: the line cannot be played from the position")

// LineSVG draws line on its starting position p as numbered arrows: one
// picture of a whole proof line.
func LineSVG(p *engine.Position, line []engine.Move) ([]byte, error) {
	q := *p
	var lineErr *engine.LineError
	if err := q.PlayLine(line, revealRed, nil); errors.As(err, &lineErr) {
		return nil, fmt.Errorf("%w: move %d %s", ErrBadLine, lineErr.Index, lineErr.Move)
	}
	return SVG(p, Options{Line: line, Caption: fmt.Sprintf("line of %d plies, numbered in order", len(line))}), nil
}
