package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
)

// TestTinyTable forces the df-pn table's replacement and garbage
// collection: a table of one bucket (four entries) on positions searched
// 9 plies deep, where every search stores far more nodes than fit. The
// answers must still be those of the plain reference solver: a win within
// 9 plies or none, both players as prover.
func TestTinyTable(t *testing.T) {
	const depth = 9
	r := engine.NewRand(2718)
	tt := dfpn.NewTable(0)
	if tt.Cap() != 4 {
		t.Fatalf("NewTable(0) has %d slots, want one bucket of 4", tt.Cap())
	}
	wins, noWins, undecided := 0, 0, 0
	for range 40 {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		tt.Clear()
		g := newGame(p, prover, prover, nil)
		res := dfpn.Search(context.Background(), g, tt, dfpn.Options{MaxDepth: depth, MaxNodes: 2_000_000})
		want := reference.New(prover, prover, reference.Purple).WinWithin(&p, depth)
		switch res.Status {
		case dfpn.Proven:
			wins++
			if !want || res.WinIn > depth {
				t.Errorf("%s prover %v: proven in %d with a 4-entry table; the reference says win within %d: %v", p.String(), prover, res.WinIn, depth, want)
			}
		case dfpn.Disproven:
			noWins++
			if want {
				t.Errorf("%s prover %v: disproven with a 4-entry table; the reference finds a win within %d", p.String(), prover, depth)
			}
		default:
			undecided++
		}
	}
	if wins < 5 || noWins < 5 || undecided > 4 {
		t.Errorf("%d wins, %d no-wins, %d undecided: too few decided to check", wins, noWins, undecided)
	}
	if tt.GCs == 0 {
		t.Error("the table was never collected")
	}
	t.Logf("%d wins, %d no-wins, %d undecided, %d collections", wins, noWins, undecided, tt.GCs)
}
