package player

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// TestAgentsCannotBeHandedTrueColours type-checks code that tries to give
// an agent the referee's position, or to build a View around it, and
// expects the compiler to refuse every attempt.
func TestAgentsCannotBeHandedTrueColours(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the player package from source")
	}
	attempts := map[string]string{
		"a position instead of a view":     `a.Move(ctx, &p)`,
		"a view literal with the position": `v := player.View{pos: p}; a.Move(ctx, &v)`,
		"a positional view literal":        `v := player.View{p, engine.First, nil, 0}; a.Move(ctx, &v)`,
		"writing into a view":              `v := player.NewView(p, engine.First, nil, 0); v.pos = p; a.Move(ctx, &v)`,
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for name, body := range attempts {
		src := `package cheat
import (
	"context"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)
func cheat(ctx context.Context, a player.Agent, p engine.Position) {
	` + body + `
}
`
		f, err := parser.ParseFile(fset, "cheat.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		conf := types.Config{Importer: imp, Error: func(err error) { errs = append(errs, err.Error()) }}
		conf.Check("cheat", fset, []*ast.File{f}, nil)
		if len(errs) == 0 {
			t.Errorf("%s: compiles, but must not:\n%s", name, body)
			continue
		}
		if strings.Contains(strings.Join(errs, "\n"), "could not import") {
			t.Fatalf("the checker could not load the packages: %v", errs)
		}
	}
	// The honest way compiles.
	src := `package honest
import (
	"context"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)
func play(ctx context.Context, a player.Agent, p engine.Position) {
	v := player.NewView(p, p.Turn(), nil, 200)
	a.Move(ctx, &v)
}
`
	f, _ := parser.ParseFile(fset, "honest.go", src, 0)
	if _, err := (&types.Config{Importer: imp}).Check("honest", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("honest use does not compile: %v", err)
	}
}

// TestNewViewHidesTheOpponent checks every view of positions from random
// games: the opponent's pieces are all colour-unknown on the same squares,
// the viewer's colours and every count are kept.
func TestNewViewHidesTheOpponent(t *testing.T) {
	r := engine.NewRand(7)
	for g := 0; g < 200; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		var moves []engine.Move
		for p.Outcome() == engine.Ongoing && p.Ply() < 120 {
			for me := engine.First; me <= engine.Second; me++ {
				v := NewView(p, me, moves, 200)
				q := v.Position()
				opp := me.Other()
				if q.Pieces(opp, engine.Blue)|q.Pieces(opp, engine.Red) != 0 || q.Pieces(opp, engine.Unknown) != p.Occupied(opp) {
					t.Fatalf("view of %s shows opponent colours: %s", me, q.String())
				}
				if q.Pieces(me, engine.Blue) != p.Pieces(me, engine.Blue) || q.Pieces(me, engine.Red) != p.Pieces(me, engine.Red) {
					t.Fatalf("view of %s lost its own colours", me)
				}
				if q.Reds(opp) != p.Reds(opp) || q.Reds(me) != p.Reds(me) || q.Ply() != p.Ply() || q.Turn() != p.Turn() {
					t.Fatalf("view changed the counts")
				}
				if q.Hash() != q.RecomputeHash() {
					t.Fatalf("view hash out of date")
				}
				if v.NumMoves() != len(moves) || (len(moves) > 0 && v.LastMove() != moves[len(moves)-1]) {
					t.Fatalf("view history")
				}
			}
			m := p.RandomMove(r)
			p.Make(m)
			moves = append(moves, m)
		}
	}
}
