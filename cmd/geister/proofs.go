package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/proofcheck"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// writeProof writes a win's proof to name (solve --proof) and says so on
// standard error.
func writeProof(e *env, name string, a solver.Answer) error {
	if a.Result != solver.Win {
		return fmt.Errorf("no proof written to %s: the answer is %s, not a win", name, a.Result)
	}
	if a.Proof == nil {
		return fmt.Errorf("no proof written to %s: the budget ran out before the proof was built (raise --time or --nodes)", name)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := a.Proof.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing the proof to %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the proof to %s: %w", name, err)
	}
	st := a.Proof.Stats()
	fmt.Fprintf(e.Stderr, "geister solve: the proof of a win within %d plies written to %s (%d nodes, %d moves); check it with: geister verify --proof %s\n",
		a.Proof.Plies, name, st.Nodes, st.Edges, name)
	return nil
}

// proofCheck is the line of verify --proof --json.
type proofCheck struct {
	Proof     string   `json:"proof"`
	OK        bool     `json:"ok"`
	Error     string   `json:"error,omitempty"`
	Position  string   `json:"position,omitempty"`
	Prover    string   `json:"prover,omitempty"`
	Plies     int      `json:"plies"`   // the win within these plies is proven
	Claimed   int      `json:"claimed"` // the plies the file claims
	Nodes     int      `json:"nodes"`
	Moves     int      `json:"moves"`
	Won       int      `json:"won_leaves"`
	InTable   int      `json:"table_leaves"`
	Classes   []string `json:"table_classes,omitempty"` // verified, with the classes they rest on
	ElapsedMS float64  `json:"elapsed_ms"`
}

// verifyProof checks the proof file name (proofcheck.Check); table leaves
// are probed in the tables of tableDir (default: the default directory),
// whose classes used, and those they rest on, are verified first
// (tablebase.Verify).
func verifyProof(e *env, name, tableDir string, timeLimit time.Duration, asJSON bool) error {
	r, closeF, err := cli.OpenOperand(e, name)
	if err != nil {
		return err
	}
	defer closeF()
	p, err := proof.Read(r)
	if err != nil {
		return fmt.Errorf("reading %s: %w", name, err)
	}
	ctx := e.Ctx
	if timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeLimit)
		defer cancel()
	}
	var o proofcheck.Options
	var verified []purple.Class
	if p.Stats().InTable > 0 {
		if tableDir == "" {
			tableDir = tablebase.DefaultDir()
		}
		db, err := sources.RequireTables(tableDir)
		if err != nil {
			return fmt.Errorf("the proof %s has table leaves: %w", name, err)
		}
		defer db.Close()
		o.Tables = db
		o.VerifyTables = func(ctx context.Context, cs []purple.Class) error {
			verified = cs
			v, err := tablebase.Verify(ctx, db, cs, nil)
			if err == nil && !v.OK() {
				err = fmt.Errorf("%w: the tables' own verification fails: %d disagreements, %d bad blocks", proofcheck.ErrInvalid, v.Disagreements, v.BadBlocks)
			}
			return err
		}
	}
	start := time.Now()
	rep, err := proofcheck.Check(ctx, p, o)
	if err != nil && !errors.Is(err, proofcheck.ErrInvalid) {
		return fmt.Errorf("checking %s: %w", name, err)
	}
	c := proofCheck{Proof: name, OK: err == nil, Position: p.Position.String(), Prover: p.Prover.String(),
		Plies: rep.Plies, Claimed: p.Plies, Nodes: rep.Nodes, Moves: rep.Edges, Won: rep.Won, InTable: rep.InTable,
		ElapsedMS: float64(time.Since(start).Microseconds()) / 1000}
	for _, cl := range verified {
		c.Classes = append(c.Classes, cl.String())
	}
	side := "first"
	if p.Prover != engine.First {
		side = "second"
	}
	text := fmt.Sprintf("%s: ok: the %s player surely wins %s within %d plies (claimed %d); %d nodes, %d moves, %d won leaves, %d table leaves; checked in %.1f ms",
		name, side, c.Position, c.Plies, c.Claimed, c.Nodes, c.Moves, c.Won, c.InTable, c.ElapsedMS)
	if len(c.Classes) > 0 {
		text += fmt.Sprintf("; tables verified: %v", c.Classes)
	}
	if err != nil {
		c.Error = err.Error()
		text = fmt.Sprintf("%s: DOES NOT HOLD: %v", name, err)
	}
	if err := writeLine(e.Stdout, asJSON, c, text); err != nil {
		return err
	}
	return cli.Reported(!c.OK)
}
