package match_test

import (
	"fmt"
	"os"

	"github.com/geister-solver/geister/match"
)

// The games of a record file listed, as "geister replay --list" does, and
// one of them found by its number.
func ExampleWriteList() {
	var recs []match.Record
	for i, seed := range []uint64{7, 8} {
		g, _, err := chototsuGame(seed)
		if err != nil {
			fmt.Println(err)
			return
		}
		recs = append(recs, match.RecordOf(g, i, "blue-chototsu", "random", 200))
	}
	match.WriteList(os.Stdout, recs, false)
	rec, _ := match.Find(recs, 1)
	fmt.Println(rec.Game, rec.Result)
	_, err := match.Find(recs, 5)
	fmt.Println(err)
	// Output:
	// game 0: blue-chototsu (reds BEFG) vs random (reds BDEH): first, escape, 11 plies
	// game 1: blue-chototsu (reds ABCF) vs random (reds ACDG): first, escape, 19 plies
	// 1 first
	// no game 5 (games 0 to 1)
}
