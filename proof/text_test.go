package proof

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

const sample = `geister-proof 1
position uu1B2/6/R5/6/6/6 f R1r1 0
prover f
plies 5
nodes 3
d1e1 1
a1a2 2 b1b2 2 b1c1 t3 a3a4 w
f1f0 w
`

// TestRoundTrip: a proof read and written again is the same text, and
// the same proof when read back.
func TestRoundTrip(t *testing.T) {
	p, err := Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != sample {
		t.Errorf("written back:\n%s\nwant:\n%s", buf.String(), sample)
	}
	if st := p.Stats(); st != (Stats{Nodes: 3, Edges: 6, Won: 2, InTable: 1}) {
		t.Errorf("stats %+v", st)
	}
	if p.Nodes[1].Edges[2].Leaf != (Leaf{InTable, 3}) || p.Nodes[0].Edges[0].Child != 1 {
		t.Errorf("nodes read as %+v", p.Nodes)
	}
}

// TestReadErrors: every fault of the text is refused with ErrFormat and
// a message naming it.
func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ edit, with, want string }{
		{"geister-proof 1", "geister-proof 2", "version 2"},
		{"geister-proof 1", "proof 1", `want "geister-proof"`},
		{"uu1B2/6/R5/6/6/6", "uu1B2/6/R5/6/6", "line 2"},
		{"prover f", "prover x", `prover "x"`},
		{"plies 5", "plies -1", `plies "-1"`},
		{"nodes 3", "nodes 4", "ends before line 9"},
		{"f1f0 w\n", "f1f0 w\nf1f0 w\n", "text after the 3 nodes"},
		{"nodes 3", "nodes 2", "node 1 is the last"},
		{"nodes 3", "nodes 0", "at least its root"},
		{"nodes 3", "nodes 99999999999", "nodes"},
		{"d1e1 1", "d1e1 0", `child "0"`},
		{"d1e1 1", "d1e1 3", `child "3"`},
		{"d1e1 1", "d1e1", `"d1e1" is neither`},
		{"d1e1 1", "d1e1 1 a1", "3 words"},
		{"d1e1 1", "z9e1 1", "z9e1"},
		{"b1c1 t3", "b1c1 t0", `table leaf "t0"`},
		{"b1c1 t3", "b1c1 tx", `table leaf "tx"`},
		{"f1f0 w", "", "an empty node"},
	} {
		text := strings.Replace(sample, c.edit, c.with, 1)
		_, err := Read(strings.NewReader(text))
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q -> %q: %v, want an ErrFormat naming %q", c.edit, c.with, err, c.want)
		}
	}
}

// FuzzRead: Read never panics; what it accepts writes back to text it
// reads as the same proof.
func FuzzRead(f *testing.F) {
	f.Add(sample)
	f.Add("geister-proof 1\nposition 6/6/6/6/B5/r4u f R0r1 0\nprover f\nplies 1\nnodes 1\nt1\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := p.Write(&buf); err != nil {
			t.Fatal(err)
		}
		q, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("written back, not read: %v\n%s", err, buf.String())
		}
		var again bytes.Buffer
		if err := q.Write(&again); err != nil || again.String() != buf.String() {
			t.Fatalf("not stable: %v\n%s\n%s", err, buf.String(), again.String())
		}
		if q.Position.String() != p.Position.String() || q.Prover != p.Prover || len(q.Nodes) != len(p.Nodes) || q.Prover > engine.Second {
			t.Fatal("a different proof read back")
		}
	})
}
