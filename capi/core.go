package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// The status codes of geister.h (GEISTER_OK ...): 0 is success, 1 a
// position the tables do not hold, negative codes are errors.
const (
	codeOK       = 0
	codeNotHeld  = 1
	codeArgument = -1
	codePosition = -2
	codeTables   = -3
	codeAgent    = -4
	codeInternal = -5
	codeClosed   = -6
)

// apiError is an error with its status code.
type apiError struct {
	code int
	err  error
}

func (e *apiError) Error() string { return e.err.Error() }
func (e *apiError) Unwrap() error { return e.err }

func errorf(code int, format string, a ...any) error {
	return &apiError{code, fmt.Errorf("libgeister: "+format, a...)}
}

// codeOf is the status code of err (nil: codeOK).
func codeOf(err error) int {
	var ae *apiError
	switch {
	case err == nil:
		return codeOK
	case errors.As(err, &ae):
		return ae.code
	case errors.Is(err, solver.ErrNotHeld):
		return codeNotHeld
	}
	return codeInternal
}

// guard runs f and turns a panic into a codeInternal error, so that no
// panic crosses into the caller's language.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &apiError{codeInternal, fmt.Errorf("libgeister: internal error (please report it): %v\n%s", r, debug.Stack())}
		}
	}()
	return f()
}

// text checks that s, a string from the caller, is UTF-8; what names it
// in the error.
func text(what, s string) error {
	if !utf8.ValidString(s) {
		return errorf(codeArgument, "%s %q is not UTF-8", what, s)
	}
	return nil
}

// tables is an open table store: a *tablebase.DB (safe for concurrent
// use) and a pool of lookup-only solvers (one per concurrent probe).
type tables struct {
	mu     sync.RWMutex // held for reading by probes, for writing by close
	db     *tablebase.DB
	dir    string
	closed bool
	pool   sync.Pool
}

// openTables opens the table stores of dir (DIR1:DIR2 for several)
// read-only, as "geister probe --table DIR" does: the directory must be a
// table store.
func openTables(dir string) (*tables, error) {
	if err := text("table directory", dir); err != nil {
		return nil, err
	}
	if dir == "" {
		return nil, errorf(codeArgument, "empty table directory")
	}
	db, err := sources.RequireTables(dir)
	if err != nil {
		return nil, &apiError{codeTables, fmt.Errorf("libgeister: %w", err)}
	}
	t := &tables{db: db, dir: dir}
	t.pool.New = func() any {
		return solver.New(solver.Options{LookupOnly: true, TTMegabytes: 1, Tables: db})
	}
	return t, nil
}

// close closes the store; later calls on t are codeClosed errors.
func (t *tables) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return errorf(codeClosed, "tables %s already closed", t.dir)
	}
	t.closed = true
	if err := t.db.Close(); err != nil {
		return &apiError{codeTables, fmt.Errorf("libgeister: closing %s: %w", t.dir, err)}
	}
	return nil
}

// use runs f with the store open (a read lock: probes run side by side).
func (t *tables) use(f func() error) error {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if t.closed {
		return errorf(codeClosed, "tables %s are closed", t.dir)
	}
	return f()
}

// proverOf is the prover the code prover asks for in p.
func proverOf(p *engine.Position, prover int) (engine.Player, error) {
	arg, err := proverArg(prover)
	if err != nil {
		return 0, err
	}
	pl, err := solver.ProverOf(p, arg)
	if err != nil {
		return 0, &apiError{codePosition, err}
	}
	return pl, nil
}

// proverArg is the *engine.Player solver.Probe takes for the code prover.
func proverArg(prover int) (*engine.Player, error) {
	switch prover {
	case 0:
		return nil, nil
	case 'f':
		pl := engine.First
		return &pl, nil
	case 's':
		pl := engine.Second
		return &pl, nil
	}
	return nil, errorf(codeArgument, "prover %d: want 0 (the default), 'f' or 's'", prover)
}

// probeValue is a table's answer: result (solver.Win or solver.NoWin),
// the win's exact distance, or a no-win's opponent forced win (0: none).
type probeValue struct {
	Result    solver.Result
	Prover    engine.Player
	Plies     int
	LossPlies int
}

// value answers s from the tables alone, as "geister probe" does but
// without the move and line: the fast path. Whatever it cannot answer
// from a table (a bad position, a class the tables lack) gets probe's
// answer, so that the errors are the command's.
func (t *tables) value(s string, prover int) (v probeValue, err error) {
	if err := text("position", s); err != nil {
		return v, err
	}
	err = t.use(func() error {
		p, perr := engine.ParsePosition(s)
		var pl engine.Player
		if perr == nil {
			pl, perr = proverOf(&p, prover)
		}
		c, ok := purple.ClassOf(&p, pl)
		if perr != nil || p.Outcome() != engine.Ongoing || !ok || !t.db.Has(c) {
			_, err := t.probeLocked(s, prover)
			if err == nil {
				return errorf(codeInternal, "%s: the tables answer a probe but not its value", s)
			}
			return err
		}
		v.Prover = pl
		r, n, err := t.db.ProbeValue(&p, pl)
		if err != nil {
			return classify(err)
		}
		v.Result = solver.NoWin
		switch r {
		case purple.Win:
			v.Result, v.Plies = solver.Win, n
		case purple.Loss:
			v.LossPlies = n
		}
		return nil
	})
	return v, err
}

// probe answers s as "geister probe --table DIR --no-store" does.
func (t *tables) probe(s string, prover int) (a solver.Answer, err error) {
	if err := text("position", s); err != nil {
		return a, err
	}
	err = t.use(func() error {
		a, err = t.probeLocked(s, prover)
		return err
	})
	return a, err
}

// probeLocked is probe with t in use.
func (t *tables) probeLocked(s string, prover int) (solver.Answer, error) {
	pl, err := proverArg(prover)
	if err != nil {
		return solver.Answer{}, err
	}
	sv := t.pool.Get().(*solver.Solver)
	defer t.pool.Put(sv)
	a, err := sv.Probe(context.Background(), s, pl)
	return a, classify(err)
}

// classify gives a solver's error its status code: not held, a table
// fault, or (what is left) a position the question does not fit.
func classify(err error) error {
	var ae *apiError
	switch {
	case err == nil, errors.As(err, &ae), errors.Is(err, solver.ErrNotHeld):
		return err
	case errors.Is(err, tablebase.ErrCorrupt), errors.Is(err, tablebase.ErrNotInTable):
		return &apiError{codeTables, err}
	case strings.Contains(err.Error(), "tablebase"), strings.Contains(err.Error(), "badger"):
		return &apiError{codeTables, err}
	}
	return &apiError{codePosition, err}
}

// probeJSON is the line of "geister probe --json" for s (without the end
// of line): the answer, or the error object.
func (t *tables) probeJSON(s string, prover int) (string, error) {
	a, err := t.probe(s, prover)
	switch codeOf(err) {
	case codeArgument, codeClosed, codeInternal:
		return "", err
	}
	return marshal(solver.ProbeJSON(s, a, err)), err
}

// marshal is v as one line of JSON, as the commands write it.
func marshal(v any) string {
	var b strings.Builder
	if err := solver.WriteJSONLine(&b, v); err != nil {
		// The answer types always marshal; keep the failure visible.
		m, _ := json.Marshal(map[string]string{"error": err.Error()})
		return string(m)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// solveOptions are the budgets of one solve (geister_solve_options).
type solveOptions struct {
	Nodes    uint64
	Time     time.Duration // 0: none
	Shortest bool
	MaxPlies int
	PlyLimit int
	Prover   int // 0, 'f' or 's'
	TTMB     int // 0: 128
	Threads  int // 0 or 1: one
	Tables   *tables
}

// solve answers s as "geister solve --json --threads 1" does with the
// same budgets: the SPEC §5 object, or the error object of a position that
// cannot be read (with its error).
func solve(s string, o solveOptions) (string, error) {
	if err := text("position", s); err != nil {
		return "", err
	}
	if o.MaxPlies < 0 || o.PlyLimit < 0 || o.Time < 0 || o.TTMB < 0 || o.Threads < 0 {
		return "", errorf(codeArgument, "negative budget: max plies %d, ply limit %d, time %v, tt %d MiB, threads %d", o.MaxPlies, o.PlyLimit, o.Time, o.TTMB, o.Threads)
	}
	if o.TTMB > 1<<16 || o.Threads > 1024 {
		return "", errorf(codeArgument, "tt %d MiB or threads %d too large", o.TTMB, o.Threads)
	}
	pl, err := proverArg(o.Prover)
	if err != nil {
		return "", err
	}
	opts := solver.Options{
		MaxNodes: o.Nodes, MaxPlies: o.MaxPlies, Shortest: o.Shortest,
		PlyLimit: o.PlyLimit, TTMegabytes: o.TTMB, Threads: o.Threads,
	}
	if opts.TTMegabytes == 0 {
		opts.TTMegabytes = solver.DefaultOptions().TTMegabytes
	}
	run := func() (string, error) {
		j := solver.NewJob(0, s, pl)
		var out solver.AnswerJSON
		var aerr error
		in := make(chan solver.Job, 1)
		in <- j
		close(in)
		solver.Batch(context.Background(), opts, 1, o.Time, in, func(j solver.Job, a solver.Answer, err error) {
			out, aerr = solver.JSONOf(j, a, err, o.Shortest), classify(err)
		})
		return marshal(out), aerr
	}
	if o.Tables == nil {
		return run()
	}
	var line string
	err = o.Tables.use(func() error {
		opts.Tables = o.Tables.db
		line, err = run()
		return err
	})
	return line, err
}

// move is the line of "geister move --json --agent AGENT --seed SEED
// POSITION": the move agent chooses in s (the draw limit of GAT), with the
// tables t (nil: none) for the agents that probe them.
func move(agent, s string, seed uint64, t *tables) (string, error) {
	if err := text("agent", agent); err != nil {
		return "", err
	}
	if err := text("position", s); err != nil {
		return "", err
	}
	if _, err := player.ParseSpec(agent); err != nil {
		return "", &apiError{codeAgent, err}
	}
	p, err := engine.ParsePosition(s)
	if err != nil {
		return "", &apiError{codePosition, err}
	}
	run := func(env player.Env) (string, error) {
		a, err := player.New(agent, env)
		if err != nil {
			return "", &apiError{codeAgent, err}
		}
		d, err := player.Decide(context.Background(), a, p, nil, seed, engine.DefaultPlyLimit)
		if err != nil {
			return "", &apiError{codePosition, err}
		}
		return marshal(d.JSON(agent, &p, false)), nil
	}
	if t == nil {
		return run(player.DefaultEnv())
	}
	var line string
	err = t.use(func() error {
		line, err = run(player.DefaultEnv().WithTables(t.db))
		return err
	})
	return line, err
}
