package solver

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Certificate is the outcome of an independent check of a claimed win.
type Certificate struct {
	Nodes int // positions of the strategy checked
}

// Certify checks, independently of any search table, that prover surely
// wins pos within plies plies: it walks a winning strategy, taking the
// prover's moves from a df-pn oracle (with a table of its own) but
// checking every opponent reply with the plain move generator and the
// purple rules, down to terminal wins. A wrong claim, or a faulty
// oracle, shows as an error that names the position where the strategy
// fails; a correct claim is confirmed whatever the oracle's table holds.
func Certify(ctx context.Context, pos engine.Position, prover engine.Player, plies int, ttMegabytes int) (Certificate, error) {
	if err := purple.CheckProver(&pos, prover); err != nil {
		return Certificate{}, err
	}
	oracle := New(Options{TTMegabytes: ttMegabytes})
	oracle.ctx = ctx
	oracle.g = newGame(pos, prover, prover, nil)
	c := &certifier{ctx: ctx, oracle: oracle, prover: prover, memo: map[engine.Position]int{}}
	p := pos
	err := c.check(&p, plies)
	return Certificate{Nodes: c.nodes}, err
}

type certifier struct {
	ctx    context.Context
	oracle *Solver
	prover engine.Player
	memo   map[engine.Position]int // positions proven to win within the value
	nodes  int
}

func memoKey(p *engine.Position) engine.Position {
	q := *p
	q.SetPly(0)
	return q
}

func (c *certifier) check(p *engine.Position, d int) error {
	switch purple.ValueOf(p, c.prover) {
	case purple.Win:
		return nil
	case purple.Loss:
		return fmt.Errorf("the strategy reaches %s, where the prover has lost", p.String())
	}
	if d <= 0 {
		return fmt.Errorf("the strategy reaches %s with no plies left and no win", p.String())
	}
	k := memoKey(p)
	if v, ok := c.memo[k]; ok && v <= d {
		return nil
	}
	if err := c.ctx.Err(); err != nil {
		return err
	}
	c.nodes++
	var ml engine.MoveList
	ml.Generate(p)
	if p.Turn() == c.prover {
		purple.FlagProverMoves(ml.Slice())
		var firstErr error
		for _, m := range c.candidates(p, ml.Slice(), d) {
			u := p.Make(m)
			err := c.check(p, d-1)
			p.Unmake(u)
			if err == nil {
				c.memo[k] = d
				return nil
			}
			if firstErr == nil {
				firstErr = err
			}
		}
		if firstErr == nil {
			firstErr = fmt.Errorf("no move of %s wins within %d plies", p.String(), d)
		}
		return firstErr
	}
	for _, m := range ml.Slice() {
		u := p.Make(m)
		err := c.check(p, d-1)
		p.Unmake(u)
		if err != nil {
			return fmt.Errorf("after %s: %w", m, err)
		}
	}
	c.memo[k] = d
	return nil
}

// candidates returns the prover's moves to try: a move that wins at once
// if there is one, else the oracle's move when the oracle proves a win
// within d plies. Nothing else is tried, so the check costs what the
// strategy's tree costs; a claim the oracle cannot back is reported.
func (c *certifier) candidates(p *engine.Position, moves []engine.Move, d int) []engine.Move {
	for _, m := range moves {
		u := p.Make(m)
		won := purple.ValueOf(p, c.prover) == purple.Win
		p.Unmake(u)
		if won {
			return []engine.Move{m}
		}
	}
	o := c.oracle
	o.g.pos = *p
	o.g.undo = o.g.undo[:0]
	o.nodes, o.limit = 0, 0
	r, err := o.search(d, SearchQuestion)
	if err == nil && r.Status == dfpn.Proven {
		if best := engine.Move(r.Best); best != engine.NoMove && p.IsLegal(best) {
			return []engine.Move{best.RevealRed()}
		}
	}
	return nil
}
