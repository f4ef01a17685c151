package tournament_test

import (
	"fmt"
	"os"
	"time"

	"github.com/geister-solver/geister/tournament"
)

// The progress of a resumed tournament in one line: its time to go comes
// from the games of this run only.
func ExampleProgress_Line() {
	fmt.Println(tournament.Progress{Done: 30, Games: 100, Resumed: 20, Elapsed: 10 * time.Second}.Line())
	// Output: tournament: [######..............] 30/100 games, 10s, ETA 1m10s
}

// The report of a tournament's games, as "geister tournament" prints it.
func ExampleReport() {
	s := tournament.Settings{Agents: []string{"strong", "weak"}, Games: 4}
	var rs []tournament.Game
	for g := range 4 {
		first, second := "strong", "weak"
		if g%2 == 1 {
			first, second = "weak", "strong"
		}
		rs = append(rs, tournament.Game{Pair: 0, Game: g, First: first, Second: second, Result: map[bool]string{true: "first", false: "second"}[g%2 == 0]})
	}
	if err := tournament.Report(os.Stdout, s, rs, tournament.ReportOptions{Seed: 1}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4 games
	// rank agent                            elo      95% interval  games  score
	// 1    strong                           191                 -      4  1.000
	// 2    weak                            -191                 -      4  0.000
	//
	// pairwise (score of A against B; * = significant at 5%, exact sign test):
	//   strong                       weak                         1.000  4-0-0  p=0.125
}
