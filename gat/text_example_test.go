package gat_test

import (
	"fmt"

	"github.com/geister-solver/geister/gat"
)

// The side a client plays: from the port, or as the flag says.
func ExampleSideOf() {
	for _, c := range []struct {
		port int
		side string
	}{{gat.FirstPort, ""}, {gat.SecondPort, ""}, {9000, "s"}, {9000, ""}} {
		pl, err := gat.SideOf(c.port, c.side)
		fmt.Println(pl.Name(), err)
	}
	// Output:
	// first <nil>
	// second <nil>
	// second <nil>
	// first --port 9000: say --side first or --side second (the tournament's first player connects to 10000, the second to 10001)
}
