package web_test

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/web"
)

// The picture of a position with its last move as an arrow.
func ExampleSVG() {
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	m, _ := engine.ParseMove("a2a1")
	svg := string(web.SVG(&p, web.Options{LastMove: m}))
	fmt.Println(strings.HasPrefix(svg, "<svg"), strings.Count(svg, `class="sq"`), "squares")
	fmt.Println(strings.Contains(svg, "<title>uu1B2/6/R5/6/6/6 f R1r1 0</title>"))
	// Output:
	// true 36 squares
	// true
}
