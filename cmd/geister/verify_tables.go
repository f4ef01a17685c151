package main

import (
	"encoding/json"
	"fmt"
	"time"

	"geister/purple"
	"geister/tablebase"
)

// runVerifyTables checks the endgame tables in dir: every block against
// its checksum, every class's manifest figures, and every entry against
// its children (Bellman consistency: the side to move wins one ply after
// its shortest win, loses one ply after its longest loss when all its
// moves lose). classes names the classes to check (all complete ones when
// empty). It prints a report on e.stdout, progress on e.stderr, and
// returns errReported when anything is wrong.
func runVerifyTables(e *env, dir string, classes []string) error {
	var cs []purple.Class
	for _, a := range classes {
		c, err := purple.ParseClass(a)
		if err != nil {
			return usagef("%v", err)
		}
		cs = append(cs, c)
	}
	db, err := openTablesForReading(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	for _, c := range cs {
		if !db.Has(c) {
			return fmt.Errorf("class %s is not complete in %s", c, dir)
		}
	}
	bar := &progressBar{w: e.stderr}
	rep, err := tablebase.Verify(e.ctx, db, cs, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	for _, c := range rep.Classes {
		state := "ok"
		if c.Disagreements != 0 || c.BadBlocks != 0 || len(c.Problems) != 0 {
			state = "FAILED"
		}
		fmt.Fprintf(e.stdout, "%-10s %s: %d entries checked, %d blocks (%d bad), %d Bellman disagreements\n",
			c.Class, state, c.Checked, c.Blocks, c.BadBlocks, c.Disagreements)
		for _, p := range c.Problems {
			fmt.Fprintf(e.stdout, "  %s\n", p)
		}
	}
	for _, d := range rep.Samples {
		b, _ := json.Marshal(d)
		fmt.Fprintf(e.stdout, "disagreement: %s: stored %s, its children give %s (%s)\n", d.Position, d.Stored, d.Expected, b)
	}
	if uint64(len(rep.Samples)) < rep.Disagreements {
		fmt.Fprintf(e.stdout, "(%d disagreements in all; the first %d shown)\n", rep.Disagreements, len(rep.Samples))
	}
	fmt.Fprintf(e.stdout, "tables: %d classes verified in %s: %s\n", len(rep.Classes), rep.Elapsed.Round(time.Millisecond), map[bool]string{true: "all consistent", false: "PROBLEMS FOUND"}[rep.OK()])
	if !rep.OK() {
		return errReported
	}
	return nil
}
