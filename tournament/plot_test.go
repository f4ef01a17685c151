package tournament

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlots(t *testing.T) {
	s, rs := simulate([]float64{-200, 0, 200}, 40, 0.05, 3)
	r := Rate(s, rs, 50, 1)
	dir := t.TempDir()
	for _, f := range []func(Ratings, string) error{PlotRatings, PlotPairs} {
		svg, pngName := filepath.Join(dir, "x.svg"), filepath.Join(dir, "x.png")
		if err := f(r, svg); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(svg)
		for _, want := range []string{"<svg", ">a<", ">c<"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("svg lacks %q", want)
			}
		}
		if err := f(r, pngName); err != nil {
			t.Fatal(err)
		}
		fh, _ := os.Open(pngName)
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil || img.Bounds().Dx() < 100 {
			t.Fatalf("png: %v", err)
		}
		if err := f(r, filepath.Join(dir, "x.gif")); err == nil || !strings.Contains(err.Error(), ".svg or .png") {
			t.Errorf("gif: %v", err)
		}
	}
}
