package keeper

import (
	"context"
	"time"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// QueryOptions configure Query.
type QueryOptions struct {
	Reading Reading
	// Marked is the piece of N's holding the value 1 (engine.NoSquare:
	// none), in the position as given.
	Marked engine.Square
	// MaxStates: the position's class and those its captures lead into
	// are solved exactly by retrograde analysis when each has at most
	// that many states (0: any number); a larger class is asked by df-pn.
	MaxStates uint64
	// Nodes, Time and WithinPlies bound the df-pn search of a class too
	// large to solve (0: no bound); with WithinPlies the question is "a
	// win within that many plies?".
	Nodes       uint64
	Time        time.Duration
	WithinPlies int
	// TreeNodes caps the proof tree's nodes (0: 10,000); a tree cut short
	// is marked incomplete (the verdict does not depend on the tree).
	TreeNodes int
	// Reach: the plies of the backward check of keeper play (Consistent;
	// 0: none).
	Reach int
	// Progress, when set, receives a line when a class is solved.
	Progress func(string)
}

// Verdict answers Query: does N surely win the position against
// Algorithm 1 read as Reading?
type Verdict struct {
	// Position is the position asked, in the canonical orientation (N the
	// first player); Swapped says it was given with N as second player.
	Position string `json:"position"`
	Swapped  bool   `json:"swapped,omitempty"`
	Reading  string `json:"reading"`
	Value1   string `json:"value1,omitempty"`
	// Result: "win" (N surely wins), "no-win" (proven: it does not, or,
	// with WithinPlies, not within them) or "unknown" (df-pn's budget ran
	// out).
	Result      string `json:"result"`
	Plies       int    `json:"plies"`
	WithinPlies int    `json:"within_plies,omitempty"`
	Exact       bool   `json:"exact"`
	// Source: "retrograde" (the class solved exactly) or "dfpn".
	Source string `json:"source"`
	// Hypothesis: K has both keepers on N's exits and one red left.
	Hypothesis bool `json:"theorem1_hypothesis"`
	// Tree is N's sure win as a proof tree: at N's turn the one move that
	// keeps the fastest win, at K's turn every choice of the algorithm.
	Tree         *ProofNode `json:"tree,omitempty"`
	TreeComplete bool       `json:"tree_complete"`
	// Reachable: some sequence of ReachPlies plies ending in the
	// position has every K move one of the algorithm's choices (a
	// necessary condition of reachability by keeper play; false proves
	// the position unreachable by it). ReachLine is one, from ReachStart.
	Reachable  bool     `json:"reachable"`
	ReachPlies int      `json:"reach_plies"`
	ReachStart string   `json:"reach_start,omitempty"`
	ReachLine  []string `json:"reach_line,omitempty"`
}

// ProofNode is a node of a proof tree: the move that led to it (with
// "+v1" when step 8(b) gives the value 1 first), the plies N still needs,
// and the moves after it: N's one move, or every choice of K's.
type ProofNode struct {
	Move     string       `json:"move,omitempty"`
	Plies    int          `json:"plies"`
	NToMove  bool         `json:"n_to_move"`
	Children []*ProofNode `json:"next,omitempty"`
}

// Query asks whether N (the side whose pieces all show their colours)
// surely wins the position p against K playing Algorithm 1 read as
// o.Reading, in how many plies, with the proof tree of the win, and
// whether keeper play can have led to p.
func Query(ctx context.Context, p engine.Position, o QueryOptions) (*Verdict, error) {
	n, err := purple.DefaultProver(&p)
	if err != nil {
		return nil, errorf("%s: %v", p.String(), err)
	}
	if p.Pieces(n.Other(), engine.Unknown)|p.Occupied(n.Other()) != p.Pieces(n.Other(), engine.Unknown) {
		return nil, errorf("%s: K's pieces must all be hidden (the algorithm never sees its colours)", p.String())
	}
	if p.Outcome() != engine.Ongoing {
		return nil, errorf("%s: the game is over", p.String())
	}
	marked := o.Marked
	v := &Verdict{Reading: o.Reading.String()}
	if n == engine.Second {
		p, v.Swapped = p.Swapped(), true
		if marked != engine.NoSquare {
			marked = marked.Flip()
		}
	}
	v.Position = p.String()
	c, ok := purple.ClassOf(&p, engine.First)
	if !ok || c.OppPieces < 2 {
		return nil, errorf("%s: no keeper-game class (K needs two pieces or more)", p.String())
	}
	if marked != engine.NoSquare {
		v.Value1 = marked.String()
		if !hasMarks(c) {
			return nil, errorf("%s: the algorithm holds no value with K on %d pieces and N on %d reds (step 8(b) needs 2 and 1)", p.String(), c.OppPieces, c.Reds)
		}
		if pl, _, ok := p.At(marked); !ok || pl != engine.First {
			return nil, errorf("%s: the value 1 must be on one of N's pieces, %s is not", p.String(), marked)
		}
	}
	exits := engine.Exits(engine.First)
	v.Hypothesis = c.OppReds == 1 && p.Occupied(engine.Second)&exits == exits
	fits := func(c purple.Class) bool { return o.MaxStates == 0 || States(c) <= o.MaxStates }
	var classes []purple.Class
	for _, d := range Plan([]purple.Class{c}) {
		if fits(d) && d.OppPieces >= 2 {
			classes = append(classes, d)
		}
	}
	sv, _ := SolveClasses(ctx, nil, o.Reading, nil)
	for _, d := range classes {
		start := time.Now()
		if err := sv.Add(ctx, []purple.Class{d}, nil); err != nil {
			return nil, err
		}
		if o.Progress != nil {
			o.Progress(d.String() + " solved in " + time.Since(start).Round(time.Millisecond).String())
		}
	}
	limit := o.TreeNodes
	if limit <= 0 {
		limit = 10000
	}
	if sv.Has(c) {
		v.Source, v.Exact = "retrograde", true
		val, _ := sv.Value(&p, engine.First, marked)
		v.Result = "no-win"
		if val.Win {
			v.Result, v.Plies = "win", val.Plies
			v.Tree, v.TreeComplete = treeOf(p, marked, val.Plies, o.Reading, limit, func(q *engine.Position, mk engine.Square, _ int) (int, bool) {
				w, _ := sv.Value(q, engine.First, mk)
				return w.Plies, w.Win
			})
		}
	} else {
		v.Source = "dfpn"
		if err := v.dfpn(ctx, p, marked, o, sv, limit); err != nil {
			return nil, err
		}
	}
	if o.Reach > 0 {
		rr := Consistent(p, engine.First, o.Reading, o.Reach)
		v.Reachable, v.ReachPlies = rr.Consistent, o.Reach
		if rr.Consistent {
			v.ReachStart, v.ReachLine = rr.Start, moveStrings(rr.Line)
		}
	}
	return v, nil
}

// shallow is the depth up to which Query's df-pn looks for a win bound by
// bound before asking without a bound.
const shallow = 16

// dfpn answers v by df-pn over the keeper game, the solved classes its
// captures lead into answering as an oracle.
func (v *Verdict) dfpn(ctx context.Context, p engine.Position, marked engine.Square, o QueryOptions, sv *Solved, limit int) error {
	tt := dfpn.NewTable(256)
	ask := func(q *engine.Position, mk engine.Square, within int) (int, bool) {
		g, err := NewGame(*q, engine.First, mk, o.Reading, sv, nil)
		if err != nil {
			return 0, false
		}
		c, cancel := context.WithCancel(ctx)
		if o.Time > 0 {
			c, cancel = context.WithTimeout(ctx, o.Time)
		}
		defer cancel()
		a := Solve(c, g, tt, Options{MaxNodes: o.Nodes, MaxDepth: within, Shortest: true})
		return a.Plies, a.Status == dfpn.Proven
	}
	g, err := NewGame(p, engine.First, marked, o.Reading, sv, nil)
	if err != nil {
		return err
	}
	c, cancel := context.WithCancel(ctx)
	if o.Time > 0 {
		c, cancel = context.WithTimeout(ctx, o.Time)
	}
	// Short wins first, depth by depth (cheap, and exact: every shallower
	// bound was refuted); then the question as asked.
	var a Answer
	top := shallow
	if o.WithinPlies > 0 {
		top = min(top, o.WithinPlies)
	}
	for d := 1; d <= top; d++ {
		if a = Solve(c, g, tt, Options{MaxNodes: o.Nodes, MaxDepth: d}); a.Status == dfpn.Proven {
			a.Exact = true
			break
		}
		if a.Status != dfpn.Disproven {
			break
		}
	}
	if a.Status != dfpn.Proven && (o.WithinPlies == 0 || o.WithinPlies > shallow) {
		a = Solve(c, g, tt, Options{MaxNodes: o.Nodes, MaxDepth: o.WithinPlies, Shortest: true})
	}
	cancel()
	if err := ctx.Err(); err != nil {
		return err
	}
	v.WithinPlies = o.WithinPlies
	switch a.Status {
	case dfpn.Proven:
		v.Result, v.Plies, v.Exact = "win", a.Plies, a.Exact
		v.Tree, v.TreeComplete = treeOf(p, marked, a.Plies, o.Reading, limit, func(q *engine.Position, mk engine.Square, d int) (int, bool) {
			return ask(q, mk, d)
		})
	case dfpn.Disproven:
		v.Result, v.Exact = "no-win", true
	default:
		v.Result = "unknown"
	}
	return nil
}

// treeOf builds the proof tree of N's win in plies from p (N = first
// player, value 1 on marked) with dist giving a state's distance to N's win when it is
// one within the given plies (the state's own distance bound). It stops
// adding nodes after limit and reports whether the tree is complete.
func treeOf(p engine.Position, marked engine.Square, plies int, r Reading, limit int, dist func(q *engine.Position, mk engine.Square, within int) (int, bool)) (*ProofNode, bool) {
	count, complete := 0, true
	var buf []Choice
	var grow func(node *ProofNode, p engine.Position, marked engine.Square)
	// after returns the plies N needs after the move (0: won), ok false
	// when it is no N win within node.Plies-1.
	after := func(p *engine.Position, marked engine.Square, m engine.Move, mark engine.Square, within int) (engine.Position, engine.Square, int, bool) {
		next := NextMark(p, engine.Second, marked, m, mark)
		q := *p
		q.Make(m)
		if q.Outcome() != engine.Ongoing {
			w, ok := q.Outcome().Winner()
			return q, next, 0, ok && w == engine.First
		}
		if within <= 0 {
			return q, next, 0, false
		}
		d, ok := dist(&q, next, within)
		return q, next, d, ok && d <= within
	}
	grow = func(node *ProofNode, p engine.Position, marked engine.Square) {
		if node.Plies == 0 {
			return
		}
		if count >= limit {
			complete = false
			return
		}
		type kid struct {
			pos    engine.Position
			marked engine.Square
		}
		var kids []kid
		if p.Turn() == engine.First {
			var ml engine.MoveList
			ml.Generate(&p)
			best := -1
			var bq engine.Position
			var bm engine.Square
			var bmove engine.Move
			for _, m := range ml.Slice() {
				m = purple.ProverMove(&p, engine.First, m)
				q, next, d, ok := after(&p, marked, m, engine.NoSquare, node.Plies-1)
				if ok && (best < 0 || d < best) {
					best, bq, bm, bmove = d, q, next, m
				}
			}
			if best < 0 {
				complete = false // a df-pn budget ran out on the way
				return
			}
			node.Children = append(node.Children, &ProofNode{Move: bmove.String(), Plies: best, NToMove: false})
			kids = append(kids, kid{bq, bm})
		} else {
			b := BoardOf(&p)
			buf = Choices(&b, marked, r, buf[:0])
			cs := append([]Choice(nil), buf...)
			for _, ch := range cs {
				q, next, d, ok := after(&p, marked, ch.Move, ch.Mark, node.Plies-1)
				if !ok {
					complete = false
					return
				}
				s := Step(ch).String()
				node.Children = append(node.Children, &ProofNode{Move: s, Plies: d, NToMove: true})
				kids = append(kids, kid{q, next})
			}
		}
		count += len(node.Children)
		for i, ch := range node.Children {
			grow(ch, kids[i].pos, kids[i].marked)
		}
	}
	root := &ProofNode{Plies: plies, NToMove: p.Turn() == engine.First}
	count = 1
	grow(root, p, marked)
	return root, complete
}
