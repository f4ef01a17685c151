package solver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Claim is an answer line of SPEC §5 ("solve --json", "probe --json")
// read back for checking: a claimed sure win, or another verdict that
// claims nothing to check.
type Claim struct {
	Text     string // the position as written in the line
	Pos      engine.Position
	Prover   engine.Player
	Result   string // "win", "no-win", "unknown"; "" for an error line
	Plies    int    // a win's plies: the exact distance when Exact
	Exact    bool   // the plies claim an exact distance (answers from the tables)
	Move     engine.Move
	PV       []engine.Move
	ErrorMsg string // the line's "error" field: an error line, nothing claimed
}

// ErrInvalidClaim marks a line that is not a possible claim: not JSON of
// SPEC §5, an unreadable position or move, or a claim that contradicts
// itself (negative plies, a line longer than the plies, a move that is not
// the line's first, an illegal move in the line).
var ErrInvalidClaim = errors.New("invalid claim")

func invalidf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidClaim, fmt.Sprintf(format, a...))
}

// ParseClaim reads one answer line. Moves are compared as moves, not as
// text: "d1e1" and the arrow form "d1>" are the same move. Every line that
// is not a possible claim gives an error wrapping ErrInvalidClaim.
func ParseClaim(line []byte) (Claim, error) {
	// The answer object, with a position that may be missing.
	var j struct {
		AnswerJSON
		Position *string `json:"position"`
	}
	var c Claim
	if err := json.Unmarshal(line, &j); err != nil {
		return c, invalidf("not an answer line of SPEC §5: %v", err)
	}
	if j.Position == nil {
		return c, invalidf("no position")
	}
	c.Text = *j.Position
	if j.Error != "" {
		c.ErrorMsg = j.Error
		return c, nil
	}
	c.Result = j.Result
	switch j.Result {
	case "win":
	case "no-win", "unknown":
		if j.Plies != nil && *j.Plies < 0 {
			return c, invalidf("%s: plies %d", c.Text, *j.Plies)
		}
		return c, nil
	default:
		return c, invalidf("%s: result %q is not win, no-win or unknown", c.Text, j.Result)
	}
	p, err := engine.ParsePosition(c.Text)
	if err != nil {
		return c, invalidf("%v", err)
	}
	c.Pos = p
	var ok bool
	if c.Prover, ok = engine.ParsePlayer(j.Prover); !ok {
		return c, invalidf("%s: prover %q is not f or s", c.Text, j.Prover)
	}
	if err := purple.CheckProver(&p, c.Prover); err != nil {
		return c, invalidf("%s: %v", c.Text, err)
	}
	switch {
	case j.Plies == nil:
		return c, invalidf("%s: a win without plies", c.Text)
	case *j.Plies < 1:
		return c, invalidf("%s: a win in %d plies", c.Text, *j.Plies)
	case len(j.PV) > *j.Plies:
		return c, invalidf("%s: the line has %d plies, more than the %d claimed", c.Text, len(j.PV), *j.Plies)
	}
	c.Plies, c.Exact = *j.Plies, j.Source == "table"
	if p.Outcome() != engine.Ongoing {
		return c, invalidf("%s: the game is over", c.Text)
	}
	q := p
	for i, t := range j.PV {
		m, err := q.ParseMove(t)
		if err != nil {
			return c, invalidf("%s: line move %d: %v", c.Text, i+1, err)
		}
		m = purple.ProverMove(&q, c.Prover, m)
		c.PV = append(c.PV, m)
		q.Make(m)
		if q.Outcome() != engine.Ongoing && i < len(j.PV)-1 {
			return c, invalidf("%s: the line goes on after the game ends at move %d", c.Text, i+1)
		}
	}
	if j.Move != "" {
		if p.Turn() != c.Prover {
			return c, invalidf("%s: a move %s for the prover, who is not to move", c.Text, j.Move)
		}
		m, err := p.ParseMove(j.Move)
		if err != nil {
			return c, invalidf("%s: move: %v", c.Text, err)
		}
		c.Move = purple.ProverMove(&p, c.Prover, m)
		if len(c.PV) > 0 && c.PV[0] != c.Move {
			return c, invalidf("%s: the move %s is not the first of the line %s", c.Text, j.Move, strings.Join(j.PV, " "))
		}
	} else if p.Turn() == c.Prover && len(c.PV) > 0 {
		return c, invalidf("%s: the prover is to move but no move is given", c.Text)
	}
	return c, nil
}

// ClaimCheck is what CheckClaim confirmed of a win.
type ClaimCheck struct {
	Strategy    int  // positions of the winning strategy walked
	NoneShorter bool // a fresh search found no win in fewer plies
}

// CheckClaim checks a claimed win independently of the search that found
// it: its line is replayed to the prover's win (when it has one), and a
// whole winning strategy within the claimed plies is walked by Certify,
// every opponent reply generated and checked; with exact (or when the
// claim is of an exact distance) a fresh search confirms that no win
// exists in fewer plies. A claim that is not a win is not checked
// (checked false). An error is a disagreement, naming what failed.
func CheckClaim(ctx context.Context, c Claim, exact bool, ttMegabytes int) (r ClaimCheck, checked bool, err error) {
	if c.Result != "win" || c.ErrorMsg != "" {
		return r, false, nil
	}
	if len(c.PV) > 0 {
		q := c.Pos
		for _, m := range c.PV {
			q.Make(m)
		}
		if purple.ValueOf(&q, c.Prover) != purple.Win {
			return r, false, fmt.Errorf("%s: the line ends in %s without the prover's win", c.Text, q.String())
		}
	}
	cert, err := Certify(ctx, c.Pos, c.Prover, c.Plies, ttMegabytes)
	if err != nil {
		return r, false, fmt.Errorf("%s: no sure win within %d plies confirmed: %w", c.Text, c.Plies, err)
	}
	r.Strategy = cert.Nodes
	if (exact || c.Exact) && c.Plies > 1 {
		b, err := New(Options{TTMegabytes: ttMegabytes, MaxPlies: c.Plies - 1}).Solve(ctx, c.Pos, c.Prover)
		switch {
		case err != nil:
			return r, false, err
		case b.Result == Win:
			return r, false, fmt.Errorf("%s: a win in %d plies exists, fewer than the %d claimed exact", c.Text, b.Plies, c.Plies)
		case b.Result == Unknown:
			return r, false, fmt.Errorf("%s: could not confirm within the time that no win is shorter than %d plies", c.Text, c.Plies)
		}
		r.NoneShorter = true
	}
	return r, true, nil
}

// ClaimResult is the answer to one answer line (CheckLine).
type ClaimResult struct {
	// Status: "ok" (the win is confirmed), "skipped" (no win claimed),
	// "disagree" (the check failed) or "invalid" (ErrInvalidClaim).
	Status      string `json:"status"`
	Position    string `json:"position,omitempty"`
	Plies       int    `json:"plies,omitempty"`
	Strategy    int    `json:"strategy_positions,omitempty"`
	NoneShorter bool   `json:"none_shorter,omitempty"`
	Message     string `json:"message"`
}

// CheckLine reads an answer line (ParseClaim) and checks its claim
// (CheckClaim) within timeout (0: none).
func CheckLine(ctx context.Context, line []byte, exact bool, timeout time.Duration, ttMegabytes int) ClaimResult {
	c, err := ParseClaim(line)
	r := ClaimResult{Position: c.Text}
	var chk ClaimCheck
	checked := false
	if err == nil {
		if timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		chk, checked, err = CheckClaim(ctx, c, exact, ttMegabytes)
	}
	switch {
	case errors.Is(err, ErrInvalidClaim):
		r.Status, r.Message = "invalid", err.Error()
	case err != nil:
		r.Status, r.Message = "disagree", err.Error()
	case !checked && c.ErrorMsg != "":
		r.Status, r.Message = "skipped", "an error line: "+c.ErrorMsg
	case !checked:
		r.Status, r.Message = "skipped", fmt.Sprintf("%s for %s", c.Result, c.Text)
	default:
		r.Status, r.Plies, r.Strategy, r.NoneShorter = "ok", c.Plies, chk.Strategy, chk.NoneShorter
		r.Message = fmt.Sprintf("%s: %s wins within %d plies (strategy of %d positions checked)", c.Text, c.Prover, c.Plies, chk.Strategy)
		if chk.NoneShorter {
			r.Message += ", and none shorter"
		}
	}
	return r
}
