package pool_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/geister-solver/geister/pool"
)

// Words are upper-cased on three goroutines and printed in input order.
func ExampleOrdered() {
	words := []string{"red", "blue", "purple", "exit", "escape"}
	err := pool.Ordered(3, slices.Values(words),
		func(worker int) func(string) (string, error) {
			return func(w string) (string, error) { return strings.ToUpper(w), nil }
		},
		func(w, up string) error {
			fmt.Println(w, up)
			return nil
		})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// red RED
	// blue BLUE
	// purple PURPLE
	// exit EXIT
	// escape ESCAPE
}
