package progress_test

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/internal/progress"
)

func ExampleBar() {
	var out strings.Builder
	bar := progress.Bar{W: &out}
	for _, done := range []int{0, 5, 5, 10} {
		bar.Draw(fmt.Sprintf("[%s] %d/10", progress.Gauge(float64(done)/10, 10), done))
	}
	bar.Finish()
	// Each line drawn over the one before; the repeated one is not drawn again.
	for _, l := range strings.Split(out.String(), "\r")[1:] {
		fmt.Println(strings.TrimSpace(l))
	}
	fmt.Println(strings.HasSuffix(out.String(), "\n"))
	// Output:
	// [----------] 0/10
	// [#####-----] 5/10
	// [##########] 10/10
	// true
}

func ExampleSI() {
	for _, n := range []float64{999, 1500, 2.345e6, 1.25e9} {
		fmt.Println(progress.SI(n))
	}
	// Output:
	// 999
	// 1.5k
	// 2.3M
	// 1.25G
}
