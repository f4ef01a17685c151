package tournament

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// ratingPoints are the ratings as points (x: Elo, y: rank from the
// bottom) with their intervals as x error bars.
type ratingPoints []Rating

func (r ratingPoints) Len() int { return len(r) }
func (r ratingPoints) XY(i int) (float64, float64) {
	return r[i].Elo, float64(len(r) - 1 - i)
}
func (r ratingPoints) XError(i int) (float64, float64) {
	if r[i].CI == nil {
		return 0, 0
	}
	return r[i].Elo - r[i].CI[0], r[i].CI[1] - r[i].Elo
}

// PlotRatings draws the ratings, strongest at the top, each with its 95%
// interval, and saves the picture to file: SVG or PNG by its extension.
func PlotRatings(r Ratings, file string) error {
	p := plot.New()
	p.Title.Text = "Bradley-Terry ratings (Elo scale) with 95% bootstrap intervals"
	p.X.Label.Text = "rating"
	pts := ratingPoints(r.Ratings)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	eb, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return err
	}
	p.Add(plotter.NewGrid(), eb, sc)
	// the axis holds every interval whole, with a margin (the error
	// bars' own range left the strongest agent's cut at the frame)
	for _, x := range r.Ratings {
		p.X.Min = min(p.X.Min, x.CI[0]-25, x.Elo-25)
		p.X.Max = max(p.X.Max, x.CI[1]+25, x.Elo+25)
	}
	names := make([]string, len(r.Ratings))
	for i, x := range r.Ratings {
		names[len(names)-1-i] = x.Agent
	}
	p.NominalY(names...)
	return save(p, 8*vg.Inch, vg.Length(1+0.35*float64(len(names)))*vg.Inch, file)
}

// pairGrid is the pairwise score table as a grid: Z(c, r) is the score of
// agent r against agent c (NaN where they did not meet).
type pairGrid struct {
	names []string
	z     [][]float64
}

func (g pairGrid) Dims() (int, int)      { return len(g.names), len(g.names) }
func (g pairGrid) Z(c, r int) float64    { return g.z[r][c] }
func (g pairGrid) X(c int) float64       { return float64(c) }
func (g pairGrid) Y(r int) float64       { return float64(r) }
func (g pairGrid) label(c, r int) string { return fmt.Sprintf("%.2f", g.z[r][c]) }
func (g pairGrid) has(c, r int) bool     { return !math.IsNaN(g.z[r][c]) }
func (g pairGrid) index(name string) int {
	for i, n := range g.names {
		if n == name {
			return i
		}
	}
	return -1
}

// PlotPairs draws the pairwise scores as a heat map (row agent's score
// against the column agent, agents by rating, strongest first) and saves
// it to file: SVG or PNG by its extension.
func PlotPairs(r Ratings, file string) error {
	n := len(r.Ratings)
	g := pairGrid{names: make([]string, n), z: make([][]float64, n)}
	for i, x := range r.Ratings {
		g.names[i] = x.Agent
		g.z[i] = make([]float64, n)
		for j := range g.z[i] {
			g.z[i][j] = math.NaN()
		}
	}
	for _, p := range r.Pairs {
		a, b := g.index(p.A), g.index(p.B)
		g.z[a][b] = p.Score
		g.z[b][a] = 1 - p.Score
	}
	// Rows from the top: flip so the strongest is the top row.
	flip := pairGrid{names: g.names, z: make([][]float64, n)}
	for i := range g.z {
		flip.z[n-1-i] = g.z[i]
	}
	cm := moreland.SmoothBlueRed()
	cm.SetMin(0)
	cm.SetMax(1)
	hm := plotter.NewHeatMap(flip, cm.Palette(64))
	hm.Min, hm.Max = 0, 1
	hm.NaN = color.Gray{Y: 230}
	p := plot.New()
	p.Title.Text = "score of the row agent against the column agent"
	p.Add(hm)
	// The score in each cell.
	var xys plotter.XYs
	var labels []string
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if flip.has(c, r) {
				xys = append(xys, plotter.XY{X: float64(c), Y: float64(r)})
				labels = append(labels, flip.label(c, r))
			}
		}
	}
	if len(xys) > 0 {
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
		}
		p.Add(l)
	}
	rows := make([]string, n)
	for i, name := range g.names {
		rows[n-1-i] = name
	}
	p.NominalX(g.names...)
	p.NominalY(rows...)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = -1, -0.5
	side := vg.Length(3+0.6*float64(n)) * vg.Inch
	return save(p, side, side, file)
}

func save(p *plot.Plot, w, h vg.Length, file string) error {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".svg", ".png":
	default:
		return fmt.Errorf("tournament: picture %s: want a .svg or .png file", file)
	}
	return p.Save(w, h, file)
}
