package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// refInputs is the plain reading of the line rule: split on newlines, skip
// blank and # lines, and mark lines over the limit.
func refInputs(data string) (texts []string, long []int) {
	lines := strings.Split(data, "\n")
	if strings.HasSuffix(data, "\n") {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if len(l) > maxLineBytes {
			long = append(long, i+1)
			texts = append(texts, "")
			continue
		}
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			texts = append(texts, t)
		}
	}
	return texts, long
}

func checkInputs(t *testing.T, data string) {
	t.Helper()
	e := &env{ctx: context.Background(), stdin: strings.NewReader(data), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	ch, err := readInputs(e, []string{"-"})
	if err != nil {
		t.Fatal(err)
	}
	var got []inputLine
	for in := range ch {
		got = append(got, in)
	}
	want, long := refInputs(data)
	if len(got) != len(want) {
		t.Fatalf("%d inputs, want %d", len(got), len(want))
	}
	li := 0
	for i, g := range got {
		if g.err != nil {
			if li >= len(long) || g.line != long[li] || !strings.Contains(g.err.Error(), "line ") || len(g.text) > 100 {
				t.Fatalf("input %d: unexpected error %v (line %d)", i, g.err, g.line)
			}
			li++
			continue
		}
		if g.text != want[i] {
			t.Fatalf("input %d: %q, want %q", i, g.text, want[i])
		}
	}
	if li != len(long) {
		t.Fatalf("%d over-long lines reported, want %d", li, len(long))
	}
}

// Every line is read once and in order, whatever the bytes, and an
// over-long one is reported with its number.
func TestReadInputs(t *testing.T) {
	big := strings.Repeat("x", maxLineBytes+1)
	for _, data := range []string{
		"", "\n", "a\nb", "a\r\nb\r\n", "# c\n  \n\tpos\n", big, big + "\n", "a\n" + big + "\nb\n" + big,
		strings.Repeat("y", maxLineBytes) + "\nz", strings.Repeat("y", 70_000) + "\n\x00\xff\n",
	} {
		checkInputs(t, data)
	}
}

func FuzzReadInputs(f *testing.F) {
	for _, s := range []string{"", "a\nb\n", "# x\n\n y \r\n", "\x00\xff\xfe\n", "uu1B2/6/R5/6/6/6 f R1r1\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) { checkInputs(t, data) })
}

// applyMoves never panics; what it accepts is legal move by move, and a
// game still in play gives a position string that reads back the same.
func FuzzApplyMoves(f *testing.F) {
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "d1e1 a1a2 e1f1")
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "a3a2 b1c1 a2a1(r)")
	f.Add("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", "b5b4 b2b3 c5c4(b)")
	f.Fuzz(func(t *testing.T, pos, moves string) {
		p, err := engine.ParsePosition(pos)
		if err != nil {
			return
		}
		played, err := applyMoves(&p, strings.Fields(moves))
		if err != nil {
			return
		}
		if len(played) != len(strings.Fields(moves)) {
			t.Fatalf("%d moves played of %q", len(played), moves)
		}
		if p.Outcome() == engine.Ongoing {
			q, err := engine.ParsePosition(p.String())
			if err != nil || q.String() != p.String() {
				t.Fatalf("%s does not read back: %v", p.String(), err)
			}
		}
	})
}
