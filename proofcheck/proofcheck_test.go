package proofcheck_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/proofcheck"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// proofOf solves pos with --shortest and returns the win's proof.
func proofOf(t *testing.T, pos engine.Position, prover engine.Player, tables purple.Tables) *proof.Proof {
	t.Helper()
	s := solver.New(solver.Options{TTMegabytes: 16, Shortest: true, Proof: true, Tables: tables})
	a, err := s.Solve(context.Background(), pos, prover)
	if err != nil || a.Result != solver.Win || a.Proof == nil {
		t.Fatalf("%s: %v %v, proof %v", pos.String(), a.Result, err, a.Proof != nil)
	}
	return a.Proof
}

// roundTrip writes p and reads it back.
func roundTrip(t *testing.T, p *proof.Proof) *proof.Proof {
	t.Helper()
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	q, err := proof.Read(&buf)
	if err != nil {
		t.Fatalf("the proof of %s read back: %v", p.Position.String(), err)
	}
	return q
}

// TestAgainstReference: on random small positions, every win's proof,
// written and read back, holds, and the distance it proves is the exact
// DTW of the plain reference solver (a win within it, none within one
// ply less). The checker accepting only what the reference confirms is
// the point; the proofs all holding is the builder's.
func TestAgainstReference(t *testing.T) {
	n, depth := 400, 7
	if testing.Short() {
		n = 100
	}
	r := engine.NewRand(32)
	wins := 0
	for range n {
		prover := engine.Player(r.Intn(2))
		p := testpos.Small(r, prover, engine.Player(r.Intn(2)))
		ref := reference.New(prover, prover, reference.Purple)
		if !ref.WinWithin(&p, depth) {
			continue
		}
		wins++
		pr := roundTrip(t, proofOf(t, p, prover, nil))
		rep, err := proofcheck.Check(context.Background(), pr, proofcheck.Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.String(), err)
		}
		if rep.Plies < 1 || !ref.WinWithin(&p, rep.Plies) || ref.WinWithin(&p, rep.Plies-1) {
			t.Errorf("%s: the proof shows a win within %d plies; the reference disagrees on the DTW", p.String(), rep.Plies)
		}
	}
	if wins < 20 {
		t.Errorf("only %d wins among %d positions: too few to check", wins, n)
	}
}

// mutated is a deep copy of p.
func mutated(p *proof.Proof) *proof.Proof {
	q := *p
	q.Nodes = make([]proof.Node, len(p.Nodes))
	for i, n := range p.Nodes {
		q.Nodes[i] = proof.Node{Leaf: n.Leaf, Edges: slices.Clone(n.Edges)}
	}
	return &q
}

// refused fails unless q, written and read back, is refused as invalid.
func refused(t *testing.T, what string, q *proof.Proof) {
	t.Helper()
	_, err := proofcheck.Check(context.Background(), roundTrip(t, q), proofcheck.Options{})
	if !errors.Is(err, proofcheck.ErrInvalid) {
		t.Errorf("%s: accepted (%v)", what, err)
	}
}

// positions walks p's nodes from the root and returns each one's
// position (by the rules, as the checker does).
func positions(p *proof.Proof) []engine.Position {
	pos := make([]engine.Position, len(p.Nodes))
	pos[0] = p.Position
	for i, n := range p.Nodes {
		for _, e := range n.Edges {
			if e.Leaf.Kind == proof.NotLeaf {
				q := pos[i]
				q.Make(purple.ProverMove(&q, p.Prover, e.Move))
				pos[e.Child] = q
			}
		}
	}
	return pos
}

// TestMutationsRefused: proofs of deep wins with one reply removed, one
// move changed, one terminal faked, a child swapped for another node, or
// a shorter distance claimed are all refused. A changed move is one after
// which the plain reference solver finds no win in the plies the proof
// leaves (or a move to a won leaf changed to one that does not win at
// once), so a proof accepted after the change would be a false one.
func TestMutationsRefused(t *testing.T) {
	for _, c := range []struct {
		pos    string
		prover engine.Player
	}{
		{"6/6/u2B2/2u3/2R3/3B2 f R1r1 0", engine.First},  // 15 plies
		{"6/b5/2U1b1/2r3/3U2/6 s R1r1 0", engine.Second}, // 13 plies, the opponent to move
		{"uu1B2/6/R5/6/6/6 f R1r1 0", engine.First},      // 5 plies
	} {
		pos := engine.MustParsePosition(c.pos)
		p := proofOf(t, pos, c.prover, nil)
		if _, err := proofcheck.Check(context.Background(), roundTrip(t, p), proofcheck.Options{}); err != nil {
			t.Fatalf("%s: the unchanged proof: %v", c.pos, err)
		}
		pos0 := positions(p)
		const most = 25 // mutations of each kind
		removed, changed, faked, swapped := 0, 0, 0, 0
		for i, n := range p.Nodes {
			q := &pos0[i]
			if n.Leaf.Kind != proof.NotLeaf {
				continue
			}
			if q.Turn() != c.prover && removed < most {
				for k := range n.Edges {
					m := mutated(p)
					m.Nodes[i].Edges = slices.Delete(m.Nodes[i].Edges, k, k+1)
					if len(m.Nodes[i].Edges) == 0 {
						continue
					}
					refused(t, c.pos+": reply "+n.Edges[k].Move.String()+" of node removed", m)
					removed++
					break
				}
			}
			if q.Turn() == c.prover && changed < most {
				e := n.Edges[0]
				var ml engine.MoveList
				ml.Generate(q)
				for _, alt := range ml.Slice() {
					if alt.Plain() == e.Move {
						continue
					}
					after := *q
					after.Make(purple.ProverMove(q, c.prover, alt))
					bad := false
					switch {
					case e.Leaf.Kind == proof.Won:
						bad = purple.ValueOf(&after, c.prover) != purple.Win
					case i == 0:
						bad = !reference.New(c.prover, c.prover, reference.Purple).WinWithin(&after, p.Plies-1)
					}
					if !bad {
						continue
					}
					m := mutated(p)
					m.Nodes[i].Edges[0].Move = alt.Plain()
					refused(t, c.pos+": move "+e.Move.String()+" changed to "+alt.Plain().String(), m)
					changed++
					break
				}
			}
			for k, e := range n.Edges {
				if e.Leaf.Kind != proof.NotLeaf || faked >= most {
					continue
				}
				m := mutated(p)
				m.Nodes[i].Edges[k].Leaf = proof.Leaf{Kind: proof.Won}
				refused(t, c.pos+": a won leaf faked after "+e.Move.String(), m)
				// Faked as a table leaf: refused without tables.
				m.Nodes[i].Edges[k].Leaf = proof.Leaf{Kind: proof.InTable, Plies: 1}
				refused(t, c.pos+": a table leaf faked after "+e.Move.String(), m)
				faked++
				break
			}
			for k, e := range n.Edges {
				if e.Leaf.Kind != proof.NotLeaf || swapped >= most {
					continue
				}
				for j := e.Child + 1; j < len(p.Nodes); j++ {
					if pos0[j] == pos0[e.Child] {
						continue
					}
					m := mutated(p)
					m.Nodes[i].Edges[k].Child = j
					refused(t, c.pos+": a child swapped for another node", m)
					swapped++
					break
				}
				break
			}
		}
		if p.Plies > 1 {
			m := mutated(p)
			m.Plies--
			refused(t, c.pos+": one ply fewer claimed", m)
		}
		if changed == 0 || faked == 0 || (removed == 0 && len(p.Nodes) > 2) {
			t.Errorf("%s: %d replies removed, %d moves changed, %d leaves faked: the test tried too little", c.pos, removed, changed, faked)
		}
		t.Logf("%s: %d nodes; refused %d removals, %d changes, %d fakes, %d swaps", c.pos, len(p.Nodes), removed, changed, faked, swapped)
	}
}

// TestTableLeaves: with tables of the smaller classes, the proof of a
// five-piece win stops where captures enter the tables; it holds with
// the tables, the tables' verification is asked for the classes used and
// the ones they rest on, and the same proof is refused without tables or
// with a table leaf's distance lowered.
func TestTableLeaves(t *testing.T) {
	pos := engine.MustParsePosition("6/6/u2B2/2u3/2R3/3B2 f R1r1 0")
	prover := engine.First
	whole, _ := purple.ClassOf(&pos, prover)
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := tablebase.Build(context.Background(), db, whole.Captures(), tablebase.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	p := roundTrip(t, proofOf(t, pos, prover, db))
	st := p.Stats()
	if st.InTable == 0 {
		t.Fatalf("no table leaf in the proof (%+v)", st)
	}
	var asked []purple.Class
	rep, err := proofcheck.Check(context.Background(), p, proofcheck.Options{Tables: db,
		VerifyTables: func(ctx context.Context, cs []purple.Class) error {
			asked = cs
			v, err := tablebase.Verify(ctx, db, cs, nil)
			if err == nil && !v.OK() {
				t.Errorf("the tables' verification fails: %+v", v)
			}
			return err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plies != 15 || len(rep.Classes) == 0 || !slices.Equal(asked, purple.Closure(rep.Classes)) {
		t.Errorf("a win within %d plies (want 15), classes %v, verification asked for %v", rep.Plies, rep.Classes, asked)
	}
	if _, err := proofcheck.Check(context.Background(), p, proofcheck.Options{}); !errors.Is(err, proofcheck.ErrInvalid) {
		t.Errorf("without tables: %v", err)
	}
	// A table leaf's distance lowered: the tables hold a longer win.
	m := mutated(p)
	done := false
	for i, n := range m.Nodes {
		for k, e := range n.Edges {
			if e.Leaf.Kind == proof.InTable && e.Leaf.Plies > 1 && !done {
				m.Nodes[i].Edges[k].Leaf.Plies--
				done = true
			}
		}
	}
	if !done {
		t.Fatal("no table leaf of 2 plies or more")
	}
	if _, err := proofcheck.Check(context.Background(), m, proofcheck.Options{Tables: db}); !errors.Is(err, proofcheck.ErrInvalid) {
		t.Errorf("a table leaf's distance lowered: %v", err)
	}
	t.Logf("%+v, classes %v", st, rep.Classes)
}

// FuzzCheck: any text the proof format reads is checked without a panic,
// and a proof the checker accepts (without tables) shows a true win: the
// plain AND/OR solver confirms that the prover surely wins the proof's
// position within the plies the check established, no more than the
// proof claims. Seeds: a 5-ply proof written by geister solve --proof,
// and one with a table leaf.
func FuzzCheck(f *testing.F) {
	f.Add("geister-proof 1\nposition uu1B2/6/R5/6/6/6 f R1r1 0\nprover f\nplies 5\nnodes 17\n" +
		"d1e1 1\na1a2 10 b1b2 6 b1c1 2\ne1f1 3\na1a2 13 c1c2 8 c1b1 14 a1b1 5 c1d1 4\nf1f0 w\nf1f0 w\n" +
		"e1f1 7\na1a2 16 b2b3 9 b2a2 15 b2b1 14 a1b1 12 b2c2 8\nf1f0 w\nf1f0 w\ne1f1 11\n" +
		"a2a3 w b1b2 16 b1a1 15 a2a1 14 b1c1 13 a2b2 12\nf1f0 w\nf1f0 w\nf1f0 w\nf1f0 w\nf1f0 w\n")
	f.Add("geister-proof 1\nposition uu1B2/6/R5/6/6/6 f R1r1 0\nprover f\nplies 5\nnodes 3\n" +
		"d1e1 1\na1a2 2 b1b2 2 b1c1 t3 a3a4 w\nf1f0 w\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := proof.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		rep, err := proofcheck.Check(context.Background(), p, proofcheck.Options{})
		if err != nil {
			return
		}
		if rep.Plies < 0 || rep.Plies > p.Plies {
			t.Fatalf("%s: a win within %d plies established, %d claimed", p.Position.String(), rep.Plies, p.Plies)
		}
		if n := p.Position.Count(engine.First) + p.Position.Count(engine.Second); n > 6 || rep.Plies > 9 {
			return // beyond what the plain solver answers quickly
		}
		if !reference.New(p.Prover, p.Prover, reference.Purple).WinWithin(&p.Position, rep.Plies) {
			t.Fatalf("%s: the checker accepts a win within %d plies for %s; the plain solver finds none\n%s", p.Position.String(), rep.Plies, p.Prover, text)
		}
	})
}
