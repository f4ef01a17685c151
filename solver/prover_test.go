package solver

import (
	"errors"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// ParseProver reads f, s and "" (the default) and refuses anything else
// with an error naming the value; ProverOf agrees with purple's
// DefaultProver and CheckProver.
func TestParseProverAndProverOf(t *testing.T) {
	for _, c := range []struct {
		in   string
		want *engine.Player
		bad  bool
	}{
		{"", nil, false},
		{"f", ptr(engine.First), false},
		{"s", ptr(engine.Second), false},
		{"F", nil, true}, {"first", nil, true}, {"fs", nil, true}, {" f", nil, true},
	} {
		got, err := ParseProver(c.in)
		switch {
		case c.bad && (err == nil || !strings.Contains(err.Error(), `"`+c.in+`"`)):
			t.Errorf("ParseProver(%q) = %v, %v: want an error naming the value", c.in, got, err)
		case !c.bad && (err != nil || (got == nil) != (c.want == nil) || got != nil && *got != *c.want):
			t.Errorf("ParseProver(%q) = %v, %v: want %v", c.in, got, err, c.want)
		}
	}
	for _, s := range []string{
		"uu1B2/6/R5/6/6/6 f R1r1",                // first shows its colours
		"UU1b2/6/r5/6/6/6 s R1r1",                // second shows its colours
		"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 s R4r4", // both: the side to move
		"1uuuu1/1uuuu1/6/6/1UUUU1/1UUUU1 f R4r4", // neither
	} {
		p := engine.MustParsePosition(s)
		def, derr := purple.DefaultProver(&p)
		got, err := ProverOf(&p, nil)
		if got != def || !errors.Is(err, derr) && (err == nil) != (derr == nil) {
			t.Errorf("%s: ProverOf(nil) = %v, %v; DefaultProver %v, %v", s, got, err, def, derr)
		}
		for _, pl := range []engine.Player{engine.First, engine.Second} {
			got, err := ProverOf(&p, &pl)
			cerr := purple.CheckProver(&p, pl)
			if got != pl || (err == nil) != (cerr == nil) {
				t.Errorf("%s: ProverOf(%v) = %v, %v; CheckProver %v", s, pl, got, err, cerr)
			}
		}
	}
}

func ptr(p engine.Player) *engine.Player { return &p }

// FuzzParseProver: any text gives a prover or an error, never a panic, and
// a prover only for f, s and "".
func FuzzParseProver(f *testing.F) {
	for _, s := range []string{"", "f", "s", "x", "ff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseProver(s)
		ok := s == "" || s == "f" || s == "s"
		if ok != (err == nil) || (p != nil) != (s == "f" || s == "s") {
			t.Fatalf("ParseProver(%q) = %v, %v", s, p, err)
		}
	})
}

// Verdict words each kind of answer, with the bounds of the question;
// WriteText adds the caller's note under a win that is only the proof's
// length, and its tables note under an unknown answer found without
// tables, and returns a write error.
func TestVerdictAndWriteText(t *testing.T) {
	win := Answer{Prover: engine.First, Result: Win, Plies: 5, Move: engine.NewMove(engine.Sq(3, 1), engine.Sq(4, 1))}
	for _, c := range []struct {
		a                  Answer
		maxPlies, plyLimit int
		want               string
	}{
		{win, 0, 0, "first player (upper case) surely wins within 5 plies, with d1e1"},
		{Answer{Prover: engine.Second, Result: Win, Plies: 1, Exact: true}, 0, 0, "second player (lower case) surely wins in exactly 1 ply"},
		{Answer{Prover: engine.First, Result: NoWin}, 9, 100, "no sure win for the first player (upper case) within 9 plies before ply 100"},
		{Answer{Prover: engine.First, Result: NoWin}, 0, 0, "no sure win for the first player (upper case)"},
		{Answer{Prover: engine.Second, Result: Unknown}, 0, 0, "unknown: the budget ran out before the second player (lower case)'s sure win was proven or refuted"},
		{Answer{Prover: engine.Second, Result: Unknown, Interrupted: true}, 0, 0, "unknown: interrupted before the second player (lower case)'s sure win was proven or refuted"},
	} {
		if got := Verdict(c.a, c.maxPlies, c.plyLimit); got != c.want {
			t.Errorf("Verdict = %q, want %q", got, c.want)
		}
	}
	j := NewJob(0, "uu1B2/6/R5/6/6/6 f R1r1", nil)
	const note = "(a note)"
	for _, o := range []struct {
		opts Options
		note bool
	}{{Options{}, true}, {Options{Shortest: true}, false}} {
		var b strings.Builder
		if err := WriteText(&b, j, win, nil, o.opts, TextOptions{LengthNote: note}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), note) != o.note {
			t.Errorf("shortest %v: note written %v, want %v:\n%s", o.opts.Shortest, !o.note, o.note, b.String())
		}
	}
	exact := win
	exact.Exact = true
	var b strings.Builder
	WriteText(&b, j, exact, nil, Options{}, TextOptions{LengthNote: note})
	if strings.Contains(b.String(), note) {
		t.Errorf("the note under an exact distance:\n%s", b.String())
	}
	// The tables note: under an unknown answer without tables only (not
	// an interrupted one, nor one the tables took part in, nor a win).
	unknown := Answer{Prover: engine.First, Result: Unknown}
	stopped := unknown
	stopped.Interrupted = true
	for _, c := range []struct {
		a      Answer
		tables purple.Tables
		note   bool
	}{{unknown, nil, true}, {stopped, nil, false}, {unknown, withoutClass{}, false}, {win, nil, false}} {
		var b strings.Builder
		WriteText(&b, j, c.a, nil, Options{Tables: c.tables}, TextOptions{TablesNote: note})
		if strings.Contains(b.String(), note) != c.note {
			t.Errorf("%v (interrupted %v, tables %v): tables note written %v, want %v", c.a.Result, c.a.Interrupted, c.tables != nil, !c.note, c.note)
		}
	}
	if err := WriteText(failWriter{}, j, win, nil, Options{}, TextOptions{}); err == nil || err.Error() != "disk full" {
		t.Errorf("WriteText to a failing writer: %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
