package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"geister/engine"
	"geister/purple"
	"geister/tablebase"
)

var probeCommand = command{
	name:    "probe",
	args:    "POSITION... | -",
	summary: "answer positions from the endgame tables alone",
	details: `Looks up each POSITION (a quoted position string), or with "-" each line of
standard input, in the endgame tables built by "geister build". The prover
is by default the side whose pieces all show their colours (if both do,
the side to move); the opponent's pieces must all be hidden. The answer is
exact: "win" with the distance to win (DTW: the prover hastens, the
opponent delays), a winning move and a principal line; or "no-win", with
the distance of the opponent's forced win when there is one.

With --json each position gives one JSON line with the fields of
"solve --json" (SPEC.md section 5) and "source":"table"; for a no-win the
opponent's forced win, if any, is "loss_plies". A position whose class is
not in the table, or that cannot be read, gives {"position":...,"error":...}
naming the missing class; the other lines are still answered and the exit
status is then 1.

A position the tables do not hold is looked up in the proof store beside
them (<table dir>.proofs, kept by "geister solve"): a stored win, with
"exact":false when its plies are only an upper bound, or a stored no-win
(without the opponent's distance), with "source":"store".

Example:
  geister probe 'uu1B2/6/R5/6/6/6 f R1r1'`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per position (SPEC.md section 5)")
		prover := fs.String("prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
		storeOpts := addStoreFlags(fs, "It answers, after the tables, positions that solve proved before (source \"store\").")
		return func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("want positions (quoted) or - to read them from standard input")
			}
			pl, err := proverFlag(*prover)
			if err != nil {
				return err
			}
			inputs, err := positionInputs(e, args)
			if err != nil {
				return err
			}
			st, release := openStoreIfExists(e, tableDir(*dir), storeOpts)
			defer release()
			db, err := openTablesForReading(tableDir(*dir))
			if err != nil && st == nil {
				for range inputs {
				}
				return err
			}
			if db != nil {
				defer db.Close()
			}
			failed := false
			for text := range inputs {
				var a probeAnswer
				var err error
				if db != nil {
					a, err = probeOne(db, text, pl)
				}
				if st != nil && (db == nil || errors.Is(err, tablebase.ErrNotInTable)) {
					a, err = probeStore(st, text, pl, err)
				}
				if err != nil {
					failed = true
				}
				if *jsonOut {
					writeProbeJSON(e.stdout, text, a, err)
				} else {
					writeProbeText(e.stdout, text, a, err)
				}
			}
			if failed {
				return errReported
			}
			return nil
		}
	},
}

// probeAnswer is a table answer for one position.
type probeAnswer struct {
	pos     engine.Position
	prover  engine.Player
	value   tablebase.Value
	move    engine.Move
	pv      []engine.Move
	elapsed time.Duration
	source  string // "table" (exact), or "store"
	exact   bool
}

// probeQuestion reads a probe's position and its prover (pl, or the
// default of SPEC §4), refusing a finished game.
func probeQuestion(text string, pl *engine.Player) (engine.Position, engine.Player, error) {
	p, err := engine.ParsePosition(text)
	if err != nil {
		return p, 0, err
	}
	var prover engine.Player
	if pl != nil {
		prover = *pl
		if err := purple.CheckProver(&p, prover); err != nil {
			return p, prover, err
		}
	} else if prover, err = purple.DefaultProver(&p); err != nil {
		return p, prover, err
	}
	if p.Outcome() != engine.Ongoing {
		return p, prover, fmt.Errorf("the game is over in %s", p.String())
	}
	return p, prover, nil
}

func probeOne(db *tablebase.DB, text string, pl *engine.Player) (probeAnswer, error) {
	start := time.Now()
	var a probeAnswer
	p, prover, err := probeQuestion(text, pl)
	if err != nil {
		return a, err
	}
	a.pos, a.prover = p, prover
	if a.value, err = db.Probe(&p, a.prover); err != nil {
		return a, err
	}
	if a.value.Result == purple.Win {
		if a.pv, err = db.Line(&p, a.prover, a.value.Plies); err != nil {
			return a, err
		}
		if len(a.pv) > 0 && p.Turn() == a.prover {
			a.move = a.pv[0]
		}
	}
	a.elapsed = time.Since(start)
	a.source, a.exact = "table", true
	return a, nil
}

func writeProbeJSON(w io.Writer, text string, a probeAnswer, err error) {
	out := answerJSON{Position: text}
	if err != nil {
		out.Error = err.Error()
	} else {
		ms := math.Round(float64(a.elapsed.Microseconds())/100) / 10
		out = answerJSON{Position: a.pos.String(), Prover: a.prover.String(), Result: "no-win", ElapsedMS: &ms, Source: a.source}
		switch a.value.Result {
		case purple.Win:
			out.Result = "win"
			out.Plies = &a.value.Plies
			if !a.exact { // plies is an upper bound (store)
				out.Exact = &a.exact
			}
			if a.move != engine.NoMove {
				out.Move = a.move.String()
			}
			out.PV = moveStrings(a.pv)
		case purple.Loss:
			out.LossPlies = &a.value.Plies
		}
	}
	writeJSONLine(w, out)
}

func writeProbeText(w io.Writer, text string, a probeAnswer, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s: error: %v\n", text, err)
		return
	}
	who := "first"
	if a.prover == engine.Second {
		who = "second"
	}
	switch a.value.Result {
	case purple.Win:
		moves := moveStrings(a.pv)
		within := ""
		if !a.exact {
			within = "at most "
		}
		fmt.Fprintf(w, "%s: the %s player surely wins in %s%d plies", a.pos.String(), who, within, a.value.Plies)
		if a.move != engine.NoMove {
			fmt.Fprintf(w, " with %s", a.move)
		}
		fmt.Fprintf(w, "; line %s", strings.Join(moves, " "))
		if a.source == "store" {
			fmt.Fprint(w, " (proof store)")
		}
		fmt.Fprintln(w)
	case purple.Loss:
		fmt.Fprintf(w, "%s: no sure win for the %s player; the opponent forces a win in %d plies (purple pieces)\n", a.pos.String(), who, a.value.Plies)
	default:
		if a.source == "store" {
			fmt.Fprintf(w, "%s: no sure win for the %s player (proof store)\n", a.pos.String(), who)
			break
		}
		fmt.Fprintf(w, "%s: no sure win for the %s player (and no forced win for the opponent)\n", a.pos.String(), who)
	}
}

// openTablesForReading opens an existing table directory, read-only if it
// can (other processes may read it at the same time), else read-write
// (a store left by an interrupted build needs its log replayed once).
func openTablesForReading(dir string) (*tablebase.DB, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("no endgame tables in %s (build them with geister build --pieces 5): %w", dir, err)
	}
	o := tablebase.DefaultOptions()
	o.ReadOnly = true
	db, err := tablebase.OpenWith(dir, o)
	if err == nil {
		return db, nil
	}
	if db, err2 := tablebase.Open(dir); err2 == nil {
		return db, nil
	}
	return nil, err
}
