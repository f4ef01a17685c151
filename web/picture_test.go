package web

import (
	"bytes"
	"context"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/")

// goldenCases are positions with what their pictures must show.
var goldenCases = []struct {
	name, pos string
	last      string
	line      []string
}{
	{name: "start", pos: "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"},
	{name: "hidden", pos: "1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 s R4r4 1", last: "c5c4"},
	{name: "paper-fig4", pos: "uu1B2/6/R5/6/6/6 f R1r1", line: []string{"d1e1", "a1a2", "e1f1", "a2a1", "f1f0"}},
	{name: "escape", pos: "uu3B/6/R5/6/6/6 s R1r1 9", last: "e1f1"},
}

func goldenPosition(t *testing.T, pos string) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func moves(t *testing.T, ss []string) []engine.Move {
	var out []engine.Move
	for _, s := range ss {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// TestGoldenSVG compares the pictures with testdata/*.svg as text; run
// with -update (go test ./web -run Golden -update) to rewrite them after
// a deliberate change, and look at them.
func TestGoldenSVG(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			p := goldenPosition(t, c.pos)
			var got []byte
			if c.line != nil {
				var err error
				if got, err = LineSVG(&p, moves(t, c.line)); err != nil {
					t.Fatal(err)
				}
			} else {
				o := Options{}
				if c.last != "" {
					o.LastMove = moves(t, []string{c.last})[0]
				}
				got = SVG(&p, o)
			}
			file := filepath.Join("testdata", c.name+".svg")
			if *update || os.Getenv("GEISTER_UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./web -run Golden -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) && i < len(wl); i++ {
					if gl[i] != wl[i] {
						t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(-update rewrites it)", file, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s differs in length: %d lines, want %d", file, len(gl), len(wl))
			}
		})
	}
}

// TestPictureContents checks what the pictures say, independently of the
// golden files: one piece shape per piece, with the fill of its kind, a
// square for each board square, and the arrow of the last move.
func TestPictureContents(t *testing.T) {
	for _, c := range goldenCases {
		p := goldenPosition(t, c.pos)
		svg := string(SVG(&p, Options{}))
		if n := strings.Count(svg, `class="sq"`); n != 36 {
			t.Errorf("%s: %d squares, want 36", c.name, n)
		}
		// Board pieces are drawn at radius sqSize*0.36; count pentagons
		// with the board stroke width (0.09 r).
		w := `stroke-width="` + num(sqSize*0.36*0.09) + `"`
		var blue, red, hidden int
		for _, line := range strings.Split(svg, "\n") {
			if !strings.HasPrefix(line, "<polygon") || !strings.Contains(line, w) {
				continue
			}
			switch {
			case strings.Contains(line, colBlue):
				blue++
			case strings.Contains(line, colRed):
				red++
			case strings.Contains(line, colHidden):
				hidden++
			}
		}
		var wb, wr, wh int
		for pl := engine.First; pl <= engine.Second; pl++ {
			wb += bitsOn(p.Pieces(pl, engine.Blue))
			wr += bitsOn(p.Pieces(pl, engine.Red))
			wh += bitsOn(p.Pieces(pl, engine.Unknown))
		}
		if blue != wb || red != wr || hidden != wh {
			t.Errorf("%s: pieces drawn blue %d red %d hidden %d, want %d %d %d", c.name, blue, red, hidden, wb, wr, wh)
		}
		withLast := string(SVG(&p, Options{LastMove: engine.NewMove(engine.Sq(0, 1), engine.Sq(0, 0))}))
		if !strings.Contains(withLast, `stroke="`+colLast+`"`) || strings.Contains(svg, `stroke="`+colLast+`"`) {
			t.Errorf("%s: the last-move arrow is drawn only when asked", c.name)
		}
	}
}

func TestPNG(t *testing.T) {
	p := goldenPosition(t, goldenCases[2].pos)
	var buf bytes.Buffer
	if err := WritePNG(&buf, &p, Options{LastMove: engine.NewMove(engine.Sq(0, 3), engine.Sq(0, 4))}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != int(2*picWidth) || b.Dy() != int(2*picH) {
		t.Fatalf("PNG is %v, want %v x %v", b, 2*picWidth, 2*picH)
	}
	// The blue piece on d1 is at the centre of d1: its colour is blue.
	c := centre(engine.Sq(3, 1))
	r, g, b, _ := img.At(int(c.x*2), int(c.y*2+6)).RGBA()
	if !(b>>8 > 150 && r>>8 < 120) {
		t.Errorf("centre of d1 is rgb(%d,%d,%d), want the blue of a blue piece", r>>8, g>>8, b>>8)
	}
	// The last move's arrow (a3a4) is orange between the squares.
	r, g, b, _ = img.At(int(marginL+sqSize/2)*2, int(marginT+3*sqSize)*2).RGBA()
	if !(r>>8 > 200 && g>>8 > 100 && g>>8 < 200 && b>>8 < 120) {
		t.Errorf("between a3 and a4 is rgb(%d,%d,%d), want the orange of the last move", r>>8, g>>8, b>>8)
	}
	// An empty square (c3) shows the board colour.
	c = centre(engine.Sq(2, 3))
	r, g, b, _ = img.At(int(c.x*2), int(c.y*2)).RGBA()
	if r>>8 < 200 || g>>8 < 200 {
		t.Errorf("centre of c3 is rgb(%d,%d,%d), want a light board square", r>>8, g>>8, b>>8)
	}
}

func TestLineFiles(t *testing.T) {
	p := goldenPosition(t, "uu1B2/6/R5/6/6/6 f R1r1")
	dir := t.TempDir()
	names, err := LineFiles(dir, p, moves(t, []string{"d1e1", "a1a2", "e1f1", "a2a1", "f1f0"}), "svg")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 6 || filepath.Base(names[5]) != "ply-05.svg" {
		t.Fatalf("files %v, want ply-00.svg .. ply-05.svg", names)
	}
	last, _ := os.ReadFile(names[5])
	if !strings.Contains(string(last), "game over (first wins)") {
		t.Errorf("the last picture does not say the game is over")
	}
	if _, err := LineFiles(t.TempDir(), p, moves(t, []string{"d1e1", "d1e1"}), "svg"); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("an illegal second move: error %v, want one naming move 2", err)
	}
	if _, err := LineFiles(t.TempDir(), p, nil, "gif"); err == nil {
		t.Errorf("format gif accepted")
	}
}

func TestWritePicture(t *testing.T) {
	p := goldenPosition(t, goldenCases[0].pos)
	for format, magic := range map[string]string{"svg": "<svg", "png": "\x89PNG"} {
		var buf bytes.Buffer
		if err := WritePicture(&buf, &p, format, Options{}); err != nil || !strings.HasPrefix(buf.String(), magic) {
			t.Errorf("%s: %v, starts %.8q", format, err, buf.String())
		}
	}
	if err := WritePicture(&bytes.Buffer{}, &p, "gif", Options{}); err == nil || !strings.Contains(err.Error(), "gif") {
		t.Errorf("gif: %v", err)
	}
}

// TestLineFilesOfASolve draws the principal line of a solved 11-ply win,
// whose first move takes a hidden piece (red, as the purple game has it).
func TestLineFilesOfASolve(t *testing.T) {
	p := goldenPosition(t, "u5/1u1uR1/3B1R/u1u3/6/R4B f R3r3 164")
	a, err := solver.New(solver.Options{Shortest: true, MaxNodes: 2_000_000, TTMegabytes: 16}).Solve(context.Background(), p, engine.First)
	if err != nil || a.Result != solver.Win || a.Plies != 11 {
		t.Fatalf("solve: %v %+v", err, a)
	}
	names, err := LineFiles(t.TempDir(), p, a.PV, "png")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 12 || filepath.Base(names[11]) != "ply-11.png" {
		t.Fatalf("files %v", names)
	}
	svgs, err := LineFiles(t.TempDir(), p, a.PV, "svg")
	if err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(svgs[1])
	if !strings.Contains(string(first), "s R3r2 165") { // the capture took a red
		t.Errorf("after %s the picture shows %s", a.PV[0], first[strings.Index(string(first), "<title>"):strings.Index(string(first), "</title>")])
	}
	last, _ := os.ReadFile(svgs[11])
	if !strings.Contains(string(last), "game over (first wins)") {
		t.Errorf("the last picture does not say the game is over")
	}
}
