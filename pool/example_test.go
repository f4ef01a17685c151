package pool_test

import (
	"context"
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

// The squares of 0 to 99 summed on four goroutines, each adding into a
// sum of its own, merged at the end.
func ExampleRange() {
	const workers = 4
	sums := make([]uint64, workers)
	err := pool.Range(context.Background(), workers, 100, func(w int, i uint64) error {
		sums[w] += i * i
		return nil
	})
	var total uint64
	for _, s := range sums {
		total += s
	}
	fmt.Println(total, err)
	// Output:
	// 328350 <nil>
}
