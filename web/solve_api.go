package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// PositionInfo is the answer of /api/position: the position read back,
// its legal moves and the default prover.
type PositionInfo struct {
	Position string   `json:"position"`
	ToMove   string   `json:"to_move"`
	Moves    []string `json:"moves"`
	Outcome  string   `json:"outcome"`
	Prover   string   `json:"prover,omitempty"` // SPEC §4's default; absent when no side shows all colours
	After    string   `json:"after,omitempty"`  // with "move": the position after it
}

func (s *Server) position(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Position string `json:"position"`
		Move     string `json:"move"`
		// Reveal: when the move takes a colour-hidden piece whose colour
		// the counts leave open, "red" or "blue" (default blue).
		Reveal string `json:"reveal"`
	}
	p, ok := s.readPositionJSON(w, r, &req, &req.Position)
	if !ok {
		return
	}
	info := positionInfo(&p)
	if req.Move != "" {
		m, err := p.ParseMove(req.Move)
		if err != nil {
			writeErr(w, http.StatusBadRequest, "move: "+err.Error())
			return
		}
		switch req.Reveal {
		case "", "blue":
		case "red":
			m = m.RevealRed()
		default:
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("reveal %q: want red or blue", req.Reveal))
			return
		}
		q := p
		q.Make(m)
		info.After = q.String()
	}
	writeJSON(w, http.StatusOK, info)
}

func positionInfo(p *engine.Position) PositionInfo {
	info := PositionInfo{Position: p.String(), ToMove: p.Turn().String(), Outcome: p.Outcome().String(), Moves: []string{}}
	if p.Outcome() == engine.Ongoing {
		var ml engine.MoveList
		ml.Generate(p)
		for _, m := range ml.Slice() {
			info.Moves = append(info.Moves, m.String())
		}
	}
	if pr, err := purple.DefaultProver(p); err == nil {
		info.Prover = pr.String()
	}
	return info
}

// SolveRequest is the body of /api/solve.
type SolveRequest struct {
	Position string `json:"position"`
	Prover   string `json:"prover,omitempty"`    // f or s; default SPEC §4's
	Shortest bool   `json:"shortest,omitempty"`  // exact DTW
	MaxPlies int    `json:"max_plies,omitempty"` // a win within this many plies
	Nodes    uint64 `json:"nodes,omitempty"`     // budget (0: the server's default)
	TimeMS   int64  `json:"time_ms,omitempty"`   // budget (0: the server's default)
}

// SolveAnswer is SPEC §5's answer plus the positions along the line.
type SolveAnswer struct {
	Position  string   `json:"position"`
	Prover    string   `json:"prover"`
	Result    string   `json:"result"`
	Plies     int      `json:"plies,omitempty"`
	Exact     *bool    `json:"exact,omitempty"` // a win's plies are its exact DTW; absent on other results
	Move      string   `json:"move,omitempty"`
	PV        []string `json:"pv,omitempty"`
	Nodes     uint64   `json:"nodes"`
	ElapsedMS float64  `json:"elapsed_ms"`
	Source    string   `json:"source"`
	// Line: the position before each move of PV and after it (the
	// prover's captures of hidden pieces count as red, as in the purple
	// game); after the move that ends the game, the position before it
	// again (a finished game has no position string).
	Line []string `json:"line,omitempty"`
	Text string   `json:"text"` // the verdict in words
}

func proverOf(p *engine.Position, v string) (engine.Player, error) {
	switch v {
	case "":
		pr, err := purple.DefaultProver(p)
		if err != nil {
			return pr, fmt.Errorf("prover: %w", err)
		}
		return pr, nil
	case "f", "s":
		pr := engine.First
		if v == "s" {
			pr = engine.Second
		}
		if err := purple.CheckProver(p, pr); err != nil {
			return pr, fmt.Errorf("prover: %w", err)
		}
		return pr, nil
	}
	return 0, fmt.Errorf("prover %q: want f or s", v)
}

func (s *Server) solveHandler(w http.ResponseWriter, r *http.Request) {
	var req SolveRequest
	if !s.readJSON(w, r, &req) {
		return
	}
	a, code, err := s.Solve(r.Context(), req)
	if err != nil {
		writeErr(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// Solve answers a solve request within the server's caps; the int is the
// HTTP status for the error.
func (s *Server) Solve(ctx context.Context, req SolveRequest) (SolveAnswer, int, error) {
	var out SolveAnswer
	p, err := parsePosition(req.Position)
	if err != nil {
		return out, http.StatusBadRequest, err
	}
	if p.Outcome() != engine.Ongoing {
		return out, http.StatusBadRequest, errors.New("position: the game is over")
	}
	prover, err := proverOf(&p, req.Prover)
	if err != nil {
		return out, http.StatusBadRequest, err
	}
	nodes, limit := req.Nodes, time.Duration(req.TimeMS)*time.Millisecond
	switch {
	case req.TimeMS < 0 || req.MaxPlies < 0:
		return out, http.StatusBadRequest, errors.New("time_ms and max_plies must not be negative")
	case nodes > s.cfg.MaxNodes:
		return out, http.StatusBadRequest, fmt.Errorf("nodes %d is more than this server's cap of %d", nodes, s.cfg.MaxNodes)
	case req.TimeMS > s.cfg.MaxTime.Milliseconds():
		return out, http.StatusBadRequest, fmt.Errorf("time_ms %d is more than this server's cap of %d", req.TimeMS, s.cfg.MaxTime.Milliseconds())
	}
	if nodes == 0 {
		nodes = s.cfg.DefaultNodes
	}
	if limit == 0 {
		limit = s.cfg.DefaultTime
	}
	select {
	case s.solve <- struct{}{}:
		defer func() { <-s.solve }()
	case <-ctx.Done():
		return out, http.StatusServiceUnavailable, ctx.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	k := solverKey{req.Shortest, req.MaxPlies, nodes}
	sv := s.getSolver(k)
	a, err := sv.Solve(ctx, p, prover)
	s.putSolver(k, sv)
	if err != nil {
		return out, http.StatusInternalServerError, err
	}
	return answerOf(p, a, req.MaxPlies), http.StatusOK, nil
}

func answerOf(p engine.Position, a solver.Answer, maxPlies int) SolveAnswer {
	out := SolveAnswer{Position: a.Position, Prover: a.Prover.String(), Result: a.Result.String(),
		Nodes: a.Nodes, ElapsedMS: math.Round(float64(a.Elapsed.Microseconds())/100) / 10, Source: a.Source}
	who := map[engine.Player]string{engine.First: "the first player", engine.Second: "the second player"}[a.Prover]
	switch a.Result {
	case solver.Win:
		out.Plies, out.Exact = a.Plies, &a.Exact
		if a.Move != engine.NoMove {
			out.Move = a.Move.String()
		}
		q := p
		out.Line = []string{q.String()}
		for _, m := range a.PV {
			out.PV = append(out.PV, m.String())
			if q.Outcome() != engine.Ongoing || !q.IsLegal(m) {
				break
			}
			before := q.String()
			q.Make(purple.ProverMove(&q, a.Prover, m))
			if q.Outcome() != engine.Ongoing {
				// A finished game has no position string (the parser
				// refuses it): the board before the winning move stands
				// for it, drawn with that move's arrow.
				out.Line = append(out.Line, before)
				break
			}
			out.Line = append(out.Line, q.String())
		}
		kind := "within"
		if a.Exact {
			kind = "in exactly"
		}
		out.Text = fmt.Sprintf("%s surely wins %s %d plies", who, kind, a.Plies)
		if out.Move != "" {
			out.Text += ", with " + out.Move
		}
	case solver.NoWin:
		out.Text = "no sure win for " + who
		if maxPlies > 0 {
			out.Text += fmt.Sprintf(" within %d plies", maxPlies)
		}
	default:
		out.Text = "unknown: the budget ran out before " + who + "'s sure win was proven or refuted"
	}
	return out
}

// probe answers from the endgame tables only.
func (s *Server) probe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Position string `json:"position"`
		Prover   string `json:"prover"`
	}
	p, ok := s.readPositionJSON(w, r, &req, &req.Position)
	if !ok {
		return
	}
	if p.Outcome() != engine.Ongoing {
		writeErr(w, http.StatusBadRequest, "position: the game is over")
		return
	}
	prover, err := proverOf(&p, req.Prover)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	if s.cfg.Tables == nil {
		writeErr(w, http.StatusNotFound, "this server has no endgame tables (geister build makes them; geister serve --table DIR)")
		return
	}
	c, ok := purple.ClassOf(&p, prover)
	if !ok || !s.cfg.Tables.Has(c) {
		writeErr(w, http.StatusNotFound, fmt.Sprintf("the endgame tables do not hold this position's class %v", c))
		return
	}
	// A solve with the tables answers at the root and walks the line
	// through them.
	sv := solver.New(solver.Options{MaxNodes: 100_000, TTMegabytes: 1, Tables: s.cfg.Tables})
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	a, err := sv.Solve(ctx, p, prover)
	if err != nil {
		writeErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := answerOf(p, a, 0)
	if v, plies, err := s.cfg.Tables.ProbeValue(&p, prover); err == nil && v == purple.Loss {
		out.Text += fmt.Sprintf("; the opponent forces a win in %d plies (purple pieces)", plies)
	}
	writeJSON(w, http.StatusOK, out)
}
