package main

import (
	"fmt"
	"os"

	"github.com/geister-solver/geister/tablebase"
)

// buildJobCommand returns the command line of a Slurm job of "build
// --submit slurm": "geister build --class C --out DIR --from DIR...
// --threads N --max-memory MIB --quiet", run by the binary at node (this
// executable when "").
func buildJobCommand(node string) (func(tablebase.SlurmTask) []string, error) {
	if node == "" {
		var err error
		if node, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("the command's path: %w", err)
		}
	}
	return func(t tablebase.SlurmTask) []string {
		args := []string{node, "build", "--class", t.Class, "--out", t.Out}
		for _, d := range t.From {
			args = append(args, "--from", d)
		}
		return append(args, "--threads", fmt.Sprint(t.Threads), "--max-memory", fmt.Sprint(t.MemoryMiB), "--quiet")
	}, nil
}
