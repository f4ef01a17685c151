package web

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// A picture is drawn once, as calls on a canvas; the SVG writer and the
// PNG rasteriser are the two canvases, so both formats show the same
// shapes at the same coordinates.
type canvas interface {
	// rect fills (and strokes) an axis-aligned rectangle; attrs are extra
	// SVG attributes (the PNG canvas ignores them).
	rect(x, y, w, h float64, st style, attrs string)
	poly(pts []pt, st style)
	circle(cx, cy, r float64, st style)
	line(x1, y1, x2, y2 float64, st style)
	// text draws s with its baseline at y; anchor is start, middle or end.
	text(x, y float64, s string, size float64, anchor string, fill string)
}

type pt struct{ x, y float64 }

// style is how a shape is painted: fill and stroke colours as #rrggbb
// ("" for none), the stroke width, and an opacity (0 means opaque).
type style struct {
	fill, stroke string
	width        float64
	opacity      float64
	class        string
}

// num formats a coordinate with at most one decimal.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

type svgCanvas struct {
	b strings.Builder
}

func (c *svgCanvas) paint(st style) string {
	var b strings.Builder
	if st.class != "" {
		fmt.Fprintf(&b, ` class="%s"`, st.class)
	}
	if st.fill == "" {
		b.WriteString(` fill="none"`)
	} else {
		fmt.Fprintf(&b, ` fill="%s"`, st.fill)
	}
	if st.stroke != "" {
		fmt.Fprintf(&b, ` stroke="%s" stroke-width="%s"`, st.stroke, num(st.width))
	}
	if st.opacity > 0 && st.opacity < 1 {
		fmt.Fprintf(&b, ` opacity="%s"`, strconv.FormatFloat(st.opacity, 'f', -1, 64))
	}
	return b.String()
}

func (c *svgCanvas) rect(x, y, w, h float64, st style, attrs string) {
	fmt.Fprintf(&c.b, `<rect x="%s" y="%s" width="%s" height="%s"%s%s/>`+"\n", num(x), num(y), num(w), num(h), c.paint(st), attrs)
}

func (c *svgCanvas) poly(pts []pt, st style) {
	var p strings.Builder
	for i, q := range pts {
		if i > 0 {
			p.WriteByte(' ')
		}
		p.WriteString(num(q.x) + "," + num(q.y))
	}
	fmt.Fprintf(&c.b, `<polygon points="%s"%s/>`+"\n", p.String(), c.paint(st))
}

func (c *svgCanvas) circle(cx, cy, r float64, st style) {
	fmt.Fprintf(&c.b, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", num(cx), num(cy), num(r), c.paint(st))
}

func (c *svgCanvas) line(x1, y1, x2, y2 float64, st style) {
	fmt.Fprintf(&c.b, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s stroke-linecap="round"/>`+"\n", num(x1), num(y1), num(x2), num(y2), c.paint(st))
}

func (c *svgCanvas) text(x, y float64, s string, size float64, anchor, fill string) {
	a := ""
	if anchor != "start" {
		a = fmt.Sprintf(` text-anchor="%s"`, anchor)
	}
	fmt.Fprintf(&c.b, `<text x="%s" y="%s" font-size="%s"%s fill="%s">%s</text>`+"\n", num(x), num(y), num(size), a, fill, html.EscapeString(s))
}

// rasterCanvas paints on an RGBA image with anti-aliased polygons
// (golang.org/x/image/vector) and the 7×13 bitmap font of
// golang.org/x/image/font/basicfont, scaled by an integer factor.
type rasterCanvas struct {
	img   *image.RGBA
	scale float64
	z     *vector.Rasterizer
}

func newRasterCanvas(w, h int, scale float64) *rasterCanvas {
	img := image.NewRGBA(image.Rect(0, 0, int(float64(w)*scale), int(float64(h)*scale)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return &rasterCanvas{img: img, scale: scale}
}

func parseColour(s string, opacity float64) color.Color {
	var r, g, b uint8
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err == nil {
			r, g, b = uint8(v>>16), uint8(v>>8), uint8(v)
		}
	}
	a := 1.0
	if opacity > 0 && opacity < 1 {
		a = opacity
	}
	// premultiplied alpha
	return color.RGBA{uint8(float64(r) * a), uint8(float64(g) * a), uint8(float64(b) * a), uint8(255 * a)}
}

func (c *rasterCanvas) fillPath(pts []pt, col color.Color) {
	if len(pts) < 3 {
		return
	}
	// Rasterise only the shape's bounding box: a full-picture rasteriser
	// per shape would clear a million cells for every piece.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		minX, maxX = math.Min(minX, q.x*c.scale), math.Max(maxX, q.x*c.scale)
		minY, maxY = math.Min(minY, q.y*c.scale), math.Max(maxY, q.y*c.scale)
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	if c.z == nil {
		c.z = vector.NewRasterizer(box.Dx(), box.Dy())
	} else {
		c.z.Reset(box.Dx(), box.Dy())
	}
	s := float32(c.scale)
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	c.z.MoveTo(float32(pts[0].x)*s-ox, float32(pts[0].y)*s-oy)
	for _, q := range pts[1:] {
		c.z.LineTo(float32(q.x)*s-ox, float32(q.y)*s-oy)
	}
	c.z.ClosePath()
	c.z.Draw(c.img, box, image.NewUniform(col), image.Point{})
}

// strokePath outlines a closed polygon with segments of the stroke width.
func (c *rasterCanvas) strokePath(pts []pt, st style) {
	if st.stroke == "" {
		return
	}
	for i := range pts {
		q := pts[(i+1)%len(pts)]
		c.segment(pts[i], q, st.width, parseColour(st.stroke, st.opacity))
		c.fillPath(circlePts(pts[i].x, pts[i].y, st.width/2, 8), parseColour(st.stroke, st.opacity))
	}
}

func (c *rasterCanvas) segment(a, b pt, w float64, col color.Color) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.fillPath([]pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, col)
}

func (c *rasterCanvas) rect(x, y, w, h float64, st style, _ string) {
	pts := []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	c.poly(pts, st)
}

func (c *rasterCanvas) poly(pts []pt, st style) {
	if st.fill != "" {
		c.fillPath(pts, parseColour(st.fill, st.opacity))
	}
	c.strokePath(pts, st)
}

func circlePts(cx, cy, r float64, n int) []pt {
	pts := make([]pt, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}

func (c *rasterCanvas) circle(cx, cy, r float64, st style) {
	c.poly(circlePts(cx, cy, r, 48), st)
}

func (c *rasterCanvas) line(x1, y1, x2, y2 float64, st style) {
	col := parseColour(st.stroke, st.opacity)
	c.segment(pt{x1, y1}, pt{x2, y2}, st.width, col)
	c.fillPath(circlePts(x1, y1, st.width/2, 16), col)
	c.fillPath(circlePts(x2, y2, st.width/2, 16), col)
}

// text draws with the bitmap font, magnified to about the requested size
// (the font is 13 pixels high; the magnification is a whole number so the
// glyphs stay crisp).
func (c *rasterCanvas) text(x, y float64, s string, size float64, anchor, fill string) {
	face := basicfont.Face7x13
	mag := int(math.Max(1, math.Round(size*c.scale/13)))
	w := font.MeasureString(face, s).Ceil()
	h := 13
	small := image.NewRGBA(image.Rect(0, 0, w, h))
	d := font.Drawer{Dst: small, Src: image.NewUniform(parseColour(fill, 0)), Face: face, Dot: fixed.P(0, 10)}
	d.DrawString(s)
	px := x * c.scale
	switch anchor {
	case "middle":
		px -= float64(w*mag) / 2
	case "end":
		px -= float64(w * mag)
	}
	py := y*c.scale - float64(10*mag)
	ox, oy := int(math.Round(px)), int(math.Round(py))
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			col := small.RGBAAt(i, j)
			if col.A == 0 {
				continue
			}
			r := image.Rect(ox+i*mag, oy+j*mag, ox+(i+1)*mag, oy+(j+1)*mag)
			draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
		}
	}
}
