package match_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/geister-solver/geister/match"
)

// A match's summary as "geister match --json" prints it, marked
// interrupted when the match was cut short (its times vary, so only some
// fields are shown).
func ExampleSummary_Write() {
	sum, err := match.Run(context.Background(), match.Config{A: "blue-chototsu", B: "random", Games: 2, Seed: 1, PlyLimit: 200, Jobs: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, interrupted := range []bool{false, true} {
		var b strings.Builder
		sum.Write(&b, true, interrupted)
		out := b.String()
		fmt.Println(strings.HasPrefix(out, `{"a":"blue-chototsu","b":"random","seed":1,"ply_limit":200,"games":2,"wins":2,`), strings.Contains(out, `"interrupted":true`))
	}
	// Output:
	// true false
	// true true
}
