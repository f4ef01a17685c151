package proof

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// ErrFormat is wrapped by every error of Read about the text itself.
var ErrFormat = errors.New("proof: not a proof file")

// MaxNodes is the most nodes Read accepts (a proof of 25 plies has a few
// hundred thousand); it bounds the memory a damaged header can ask for.
const MaxNodes = 1 << 26

// maxLine is the longest line Read accepts: an opponent node lists at most
// engine.MaxMoves replies of a few bytes each.
const maxLine = 64 << 10

// Write writes p in the text format (package comment, docs/proofs.md).
func (p *Proof) Write(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "geister-proof %d\nposition %s\nprover %s\nplies %d\nnodes %d\n",
		Version, p.Position.String(), p.Prover.String(), p.Plies, len(p.Nodes))
	var buf []byte
	for _, n := range p.Nodes {
		buf = buf[:0]
		if n.Leaf.Kind != NotLeaf {
			buf = appendLeaf(buf, n.Leaf)
		}
		for i, e := range n.Edges {
			if i > 0 {
				buf = append(buf, ' ')
			}
			buf = append(buf, e.Move.Plain().String()...)
			buf = append(buf, ' ')
			if e.Leaf.Kind != NotLeaf {
				buf = appendLeaf(buf, e.Leaf)
			} else {
				buf = strconv.AppendInt(buf, int64(e.Child), 10)
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func appendLeaf(buf []byte, l Leaf) []byte {
	if l.Kind == Won {
		return append(buf, 'w')
	}
	buf = append(buf, 't')
	return strconv.AppendInt(buf, int64(l.Plies), 10)
}

// Read reads a proof in the text format. It checks the text's shape: the
// header, every move's text, every child a later node; whether the moves
// are legal and the leaves won is proofcheck's question. An error names
// the line and the bad text, and wraps ErrFormat.
func Read(r io.Reader) (*Proof, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	line := 0
	next := func(what string) (string, error) {
		line++
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return "", fmt.Errorf("proof: line %d: %w", line, err)
			}
			return "", fmt.Errorf("%w: the text ends before line %d (%s)", ErrFormat, line, what)
		}
		return sc.Text(), nil
	}
	field := func(name string) (string, error) {
		s, err := next(name)
		if err != nil {
			return "", err
		}
		v, ok := strings.CutPrefix(s, name+" ")
		if !ok {
			return "", fmt.Errorf("%w: line %d: want %q and a value, got %q", ErrFormat, line, name, clip(s))
		}
		return v, nil
	}
	number := func(name string, max int) (int, error) {
		v, err := field(name)
		if err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > max {
			return 0, fmt.Errorf("%w: line %d: %s %q: want a number from 0 to %d", ErrFormat, line, name, clip(v), max)
		}
		return n, nil
	}
	v, err := number("geister-proof", 1<<20)
	if err != nil {
		return nil, err
	}
	if v != Version {
		return nil, fmt.Errorf("%w: line 1: version %d, this program reads version %d", ErrFormat, v, Version)
	}
	var p Proof
	s, err := field("position")
	if err != nil {
		return nil, err
	}
	if p.Position, err = engine.ParsePosition(s); err != nil {
		return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, line, err)
	}
	if s, err = field("prover"); err != nil {
		return nil, err
	}
	pl, ok := engine.ParsePlayer(s)
	if !ok {
		return nil, fmt.Errorf("%w: line %d: prover %q: want f or s", ErrFormat, line, clip(s))
	}
	p.Prover = pl
	if p.Plies, err = number("plies", 1<<16); err != nil {
		return nil, err
	}
	n, err := number("nodes", MaxNodes)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: line %d: a proof has at least its root node", ErrFormat, line)
	}
	p.Nodes = make([]Node, n)
	for i := range p.Nodes {
		s, err := next(fmt.Sprintf("node %d of %d", i, n))
		if err != nil {
			return nil, err
		}
		if err := parseNode(s, i, n, &p.Nodes[i]); err != nil {
			return nil, fmt.Errorf("%w: line %d (node %d): %w", ErrFormat, line, i, err)
		}
	}
	if sc.Scan() {
		return nil, fmt.Errorf("%w: line %d: text after the %d nodes: %q", ErrFormat, line+1, n, clip(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("proof: line %d: %w", line+1, err)
	}
	return &p, nil
}

// parseNode reads node i of n.
func parseNode(s string, i, n int, node *Node) error {
	f := strings.Fields(s)
	switch {
	case len(f) == 0:
		return errors.New("an empty node")
	case len(f) == 1:
		l, ok, err := parseLeaf(f[0])
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%q is neither a leaf (w, t and a number) nor a move and its child", clip(f[0]))
		}
		node.Leaf = l
		return nil
	case len(f)%2 != 0:
		return fmt.Errorf("%d words: want a leaf, or pairs of a move and its child", len(f))
	}
	node.Edges = make([]Edge, len(f)/2)
	for k := range node.Edges {
		e := &node.Edges[k]
		m, err := engine.ParseMove(f[2*k])
		if err != nil {
			return err
		}
		e.Move = m.Plain()
		c := f[2*k+1]
		l, ok, err := parseLeaf(c)
		if err != nil {
			return err
		}
		if ok {
			e.Leaf = l
			continue
		}
		j, err := strconv.Atoi(c)
		if i+1 >= n {
			return fmt.Errorf("move %s: child %q: want w or t and a number (node %d is the last)", f[2*k], clip(c), i)
		}
		if err != nil || j <= i || j >= n {
			return fmt.Errorf("move %s: child %q: want w, t and a number, or a node from %d to %d", f[2*k], clip(c), i+1, n-1)
		}
		e.Child = j
	}
	return nil
}

// parseLeaf reads "w" or "t<plies>"; ok is false for a word of another
// shape (a node number).
func parseLeaf(s string) (Leaf, bool, error) {
	switch {
	case s == "w":
		return Leaf{Kind: Won}, true, nil
	case strings.HasPrefix(s, "t"):
		k, err := strconv.Atoi(s[1:])
		if err != nil || k < 1 || k > 1<<16 {
			return Leaf{}, false, fmt.Errorf("table leaf %q: want t and a distance of 1 or more plies", clip(s))
		}
		return Leaf{Kind: InTable, Plies: k}, true, nil
	}
	return Leaf{}, false, nil
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
