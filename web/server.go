package web

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

//go:embed assets
var assets embed.FS

// Config is what the web board is given and what it allows.
type Config struct {
	// Tables and Store answer what they hold (nil: none).
	Tables purple.Tables
	Store  solver.ProofStore
	// Env gives the agents their tables and prover (player.DefaultEnv
	// when zero).
	Env player.Env
	// Caps on one request: searched positions and time of a solve
	// (a request that asks for more is refused, one that asks for nothing
	// gets the default), the body size, the games kept at once, and a
	// question's budget in an analysis (and its positions).
	MaxNodes        uint64
	MaxTime         time.Duration
	DefaultNodes    uint64
	DefaultTime     time.Duration
	MaxBody         int64
	MaxGames        int
	AnalyzeNodes    uint64
	AnalyzeTime     time.Duration
	AnalyzePlies    int
	AgentTime       time.Duration
	SolveTTMegabyte int
}

// DefaultConfig returns the caps of `geister serve`: solves of at most 20
// million positions and 30 s (by default 2 million and 10 s), bodies of 1
// MiB, 32 games, analyses of at most 400 positions at 25,000 positions
// and 1 s a question, 10 s for an agent's move.
func DefaultConfig() Config {
	return Config{
		MaxNodes: 20_000_000, MaxTime: 30 * time.Second,
		DefaultNodes: 2_000_000, DefaultTime: 10 * time.Second,
		MaxBody: 1 << 20, MaxGames: 32,
		AnalyzeNodes: 25_000, AnalyzeTime: time.Second, AnalyzePlies: 400,
		AgentTime: 10 * time.Second, SolveTTMegabyte: 32,
	}
}

// Server is the web board: an http.Handler for the page and the JSON API
// (docs/web.md).
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	page  *template.Template
	solve chan struct{} // one token per search that may run at once

	mu    sync.Mutex
	games map[string]*game
	pool  map[solverKey][]*solver.Solver // idle solvers, their tables warm
	idle  int
}

// solverKey is what a solver is made for (a Solver's options are fixed
// when it is made; its table stays valid across positions).
type solverKey struct {
	shortest bool
	maxPlies int
	nodes    uint64
}

// maxAgentTT caps an agent's transposition table (option tt, MiB).
const maxAgentTT = 256

// maxIdleSolvers bounds the idle solvers kept (each holds its table).
const maxIdleSolvers = 4

func (s *Server) getSolver(k solverKey) *solver.Solver {
	s.mu.Lock()
	if l := s.pool[k]; len(l) > 0 {
		sv := l[len(l)-1]
		s.pool[k] = l[:len(l)-1]
		s.idle--
		s.mu.Unlock()
		return sv
	}
	s.mu.Unlock()
	return solver.New(solver.Options{MaxNodes: k.nodes, MaxPlies: k.maxPlies, Shortest: k.shortest,
		TTMegabytes: s.cfg.SolveTTMegabyte, Tables: s.cfg.Tables, Store: s.cfg.Store})
}

func (s *Server) putSolver(k solverKey, sv *solver.Solver) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle >= maxIdleSolvers {
		for k2, l := range s.pool { // drop one of another kind
			if len(l) > 0 {
				s.pool[k2] = l[:len(l)-1]
				s.idle--
				break
			}
		}
	}
	s.pool[k] = append(s.pool[k], sv)
	s.idle++
}

// NewServer returns the web board with cfg (zero caps take
// DefaultConfig's).
func NewServer(cfg Config) *Server {
	d := DefaultConfig()
	cfg.MaxNodes = cmp.Or(cfg.MaxNodes, d.MaxNodes)
	cfg.MaxTime = cmp.Or(cfg.MaxTime, d.MaxTime)
	cfg.DefaultNodes = cmp.Or(cfg.DefaultNodes, min(d.DefaultNodes, cfg.MaxNodes))
	cfg.DefaultTime = cmp.Or(cfg.DefaultTime, min(d.DefaultTime, cfg.MaxTime))
	cfg.MaxBody = cmp.Or(cfg.MaxBody, d.MaxBody)
	cfg.MaxGames = cmp.Or(cfg.MaxGames, d.MaxGames)
	cfg.AnalyzeNodes = cmp.Or(cfg.AnalyzeNodes, d.AnalyzeNodes)
	cfg.AnalyzeTime = cmp.Or(cfg.AnalyzeTime, d.AnalyzeTime)
	cfg.AnalyzePlies = cmp.Or(cfg.AnalyzePlies, d.AnalyzePlies)
	cfg.AgentTime = cmp.Or(cfg.AgentTime, d.AgentTime)
	cfg.SolveTTMegabyte = cmp.Or(cfg.SolveTTMegabyte, d.SolveTTMegabyte)
	if cfg.Env.NewProver == nil {
		cfg.Env = player.DefaultEnv()
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), games: map[string]*game{}, pool: map[solverKey][]*solver.Solver{},
		solve: make(chan struct{}, runtime.NumCPU())}
	s.page = template.Must(template.ParseFS(assets, "assets/index.html"))
	static, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /{$}", s.index)
	// The JSON API under its version, APIPrefix, and under /api/, the
	// paths before versions, kept as aliases for this release.
	api := func(method, path string, h http.HandlerFunc) {
		s.mux.HandleFunc(method+" "+APIPrefix+path, h)
		s.mux.HandleFunc(method+" /api"+path, h)
	}
	api("GET", "/board.svg", s.boardSVG)
	api("GET", "/board.png", s.boardPNG)
	api("POST", "/position", s.position)
	api("POST", "/solve", s.solveHandler)
	api("POST", "/probe", s.probe)
	api("GET", "/agents", s.agents)
	api("POST", "/games", s.newGame)
	api("GET", "/games/{id}", s.getGame)
	api("POST", "/games/{id}/move", s.gameMove)
	api("POST", "/analyze", s.analyze)
	return s
}

// APIPrefix is the path of the JSON API's version 1, described by
// docs/openapi.yaml; the same endpoints under /api/ are its older
// spelling, kept for this release.
const APIPrefix = "/api/v1"

// ServeHTTP serves the page and the API. A handler that panics answers
// 500 and the server goes on.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			writeErr(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	}
	s.mux.ServeHTTP(w, r)
}

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func writeErr(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{msg})
}

// readJSON decodes the body into v, refusing unknown fields and bodies
// over the cap, with a message that says which.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeErr(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than this server's cap of %d bytes", s.cfg.MaxBody))
			return false
		}
		writeErr(w, http.StatusBadRequest, "request body: "+err.Error())
		return false
	}
	return true
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	var names []string
	for _, a := range player.Agents() {
		if a.Name != "human" {
			names = append(names, a.Name)
		}
	}
	var buf bytes.Buffer
	err := s.page.Execute(&buf, map[string]any{
		"Agents": names, "MaxNodes": s.cfg.MaxNodes, "MaxTime": s.cfg.MaxTime.String(),
		"DefaultNodes": s.cfg.DefaultNodes, "DefaultTimeMS": s.cfg.DefaultTime.Milliseconds(),
		"Start": "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0",
	})
	if err != nil {
		writeErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}

// readPositionJSON reads the request's JSON into req, then the position
// string text points at (a field of req). On a fault it has answered the
// request (readJSON's answer, or 400 naming the position's fault) and
// returns false.
func (s *Server) readPositionJSON(w http.ResponseWriter, r *http.Request, req any, text *string) (engine.Position, bool) {
	if !s.readJSON(w, r, req) {
		return engine.Position{}, false
	}
	p, err := parsePosition(*text)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return p, false
	}
	return p, true
}

// parsePosition reads a position field, naming it in the error.
func parsePosition(text string) (engine.Position, error) {
	if len(text) > 200 {
		return engine.Position{}, fmt.Errorf("position: %d characters, more than a position string has", len(text))
	}
	p, err := engine.ParsePosition(text)
	if err != nil {
		return p, fmt.Errorf("position: %w", err)
	}
	return p, nil
}

// pictureQuery reads position, last and highlight from the URL.
func pictureQuery(r *http.Request) (engine.Position, Options, error) {
	q := r.URL.Query()
	p, err := parsePosition(q.Get("position"))
	if err != nil {
		return p, Options{}, err
	}
	var o Options
	if t := q.Get("last"); t != "" {
		if o.LastMove, err = engine.ParseMove(t); err != nil {
			return p, o, fmt.Errorf("last: %w", err)
		}
	}
	if t := q.Get("line"); t != "" {
		for _, f := range strings.Fields(strings.ReplaceAll(t, ",", " ")) {
			if len(o.Line) >= 64 {
				return p, o, errors.New("line: more than 64 moves")
			}
			m, err := engine.ParseMove(f)
			if err != nil {
				return p, o, fmt.Errorf("line: %w", err)
			}
			o.Line = append(o.Line, m)
		}
	}
	for _, h := range strings.Split(q.Get("highlight"), ",") {
		if h == "" {
			continue
		}
		sq, err := engine.ParseSquare(h)
		if err != nil {
			return p, o, fmt.Errorf("highlight: %w", err)
		}
		if len(o.Highlight) < 36 {
			o.Highlight = append(o.Highlight, sq)
		}
	}
	if c := q.Get("caption"); c != "" {
		if len(c) > 200 {
			c = c[:200]
		}
		o.Caption = c
	}
	return p, o, nil
}

func (s *Server) boardSVG(w http.ResponseWriter, r *http.Request) {
	p, o, err := pictureQuery(r)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(SVG(&p, o))
}

func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	p, o, err := pictureQuery(r)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	var buf bytes.Buffer
	if err := WritePNG(&buf, &p, o); err != nil {
		writeErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(buf.Bytes())
}

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
	Exact     bool     `json:"exact"`
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
		out.Plies, out.Exact = a.Plies, a.Exact
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

func (s *Server) agents(w http.ResponseWriter, r *http.Request) {
	var out []player.AgentInfo
	for _, a := range player.Agents() {
		if a.Name != "human" {
			out = append(out, a)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// game is a game between the page's user and an agent, kept in memory.
type game struct {
	mu       sync.Mutex
	id       string
	spec     string
	agent    player.Agent
	human    engine.Player
	pos      engine.Position // every colour shown
	moves    []engine.Move
	plyLimit int
	last     time.Time
	reason   string
	forfeit  engine.Outcome // the user's win when the agent fails, else Ongoing
}

// outcome is the game's state: decided on the board, drawn at the limit,
// or won by the user when the agent failed.
func (g *game) outcome() engine.Outcome {
	if g.forfeit != engine.Ongoing {
		return g.forfeit
	}
	return g.pos.OutcomeWithLimit(g.plyLimit)
}

// GameState is what the user may see of a game: its own colours, the
// agent's pieces hidden until the game is over.
type GameState struct {
	ID       string   `json:"id"`
	Agent    string   `json:"agent"`
	Human    string   `json:"human"` // f or s
	Position string   `json:"position"`
	Moves    []string `json:"moves"`
	Legal    []string `json:"legal"`
	Last     string   `json:"last,omitempty"`
	Outcome  string   `json:"outcome"`
	Reason   string   `json:"reason,omitempty"`
	Text     string   `json:"text"`
}

// view is the position as the user may see it: the agent's colours
// hidden while the game is on, every colour once it is over. Every answer
// about a game is made from it.
func (g *game) view() engine.Position {
	v := g.pos
	if g.outcome() == engine.Ongoing {
		v.Hide(g.human.Other())
	}
	return v
}

func (g *game) state() GameState {
	st := GameState{ID: g.id, Agent: g.spec, Human: g.human.String(), Moves: []string{}, Legal: []string{},
		Outcome: g.outcome().String(), Reason: g.reason}
	view := g.view()
	over := st.Outcome != engine.Ongoing.String()
	if !over {
		if g.pos.Turn() == g.human {
			var ml engine.MoveList
			ml.Generate(&g.pos)
			for _, m := range ml.Slice() {
				st.Legal = append(st.Legal, m.String())
			}
		}
	}
	st.Position = view.String()
	for _, m := range g.moves {
		st.Moves = append(st.Moves, m.String())
	}
	if len(g.moves) > 0 {
		st.Last = g.moves[len(g.moves)-1].String()
	}
	switch {
	case over:
		st.Text = fmt.Sprintf("game over: %s", st.Outcome)
		if g.reason != "" {
			st.Text += " (" + g.reason + ")"
		}
	case g.pos.Turn() == g.human:
		st.Text = "your move"
	default:
		st.Text = "the agent is thinking"
	}
	return st
}

func (s *Server) newGame(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Agent    string `json:"agent"`
		Side     string `json:"side"` // the user's side: f or s
		Reds     string `json:"reds"` // the user's reds, letters A-H
		Seed     uint64 `json:"seed"`
		PlyLimit *int   `json:"ply_limit"`
	}
	if !s.readJSON(w, r, &req) {
		return
	}
	sp, err := player.ParseSpec(req.Agent)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "agent: "+err.Error())
		return
	}
	if sp.Name == "human" {
		writeErr(w, http.StatusBadRequest, "agent: human plays at a terminal; choose a program")
		return
	}
	if v, ok := sp.Options["tt"]; ok {
		// an agent's table is allocated at once: cap it
		if n, err := strconv.Atoi(v); err != nil || n > maxAgentTT {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("agent: tt=%s is more than this server's cap of %d MiB", v, maxAgentTT))
			return
		}
	}
	human := engine.First
	switch req.Side {
	case "", "f":
	case "s":
		human = engine.Second
	default:
		writeErr(w, http.StatusBadRequest, fmt.Sprintf("side %q: want f or s", req.Side))
		return
	}
	reds := req.Reds
	if reds == "" {
		reds = engine.NewRand(req.Seed ^ 0x5eed).RandomPlacement().String()
	}
	hp, err := engine.ParsePlacement(reds)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "reds: "+err.Error())
		return
	}
	limit := engine.DefaultPlyLimit
	if req.PlyLimit != nil {
		if *req.PlyLimit < 0 || *req.PlyLimit > 10_000 {
			writeErr(w, http.StatusBadRequest, "ply_limit: want 0 (none) to 10000")
			return
		}
		limit = *req.PlyLimit
	}
	a, err := player.New(req.Agent, s.cfg.Env)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "agent: "+err.Error())
		return
	}
	ap := a.NewGame(human.Other(), req.Seed)
	g := &game{spec: req.Agent, agent: a, human: human, plyLimit: limit, last: time.Now()}
	if human == engine.First {
		g.pos = engine.StartPosition(hp, ap)
	} else {
		g.pos = engine.StartPosition(ap, hp)
	}
	var id [8]byte
	rand.Read(id[:])
	g.id = hex.EncodeToString(id[:])
	if !s.addGame(g) {
		writeErr(w, http.StatusServiceUnavailable, fmt.Sprintf("this server keeps at most %d games at once, all in use in the last hour", s.cfg.MaxGames))
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	s.agentMoves(r.Context(), g)
	writeJSON(w, http.StatusOK, g.state())
}

// addGame keeps g, dropping the game idle longest when full (if idle
// for an hour).
func (s *Server) addGame(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) >= s.cfg.MaxGames {
		var oldest *game
		for _, h := range s.games {
			if oldest == nil || h.last.Before(oldest.last) {
				oldest = h
			}
		}
		if time.Since(oldest.last) < time.Hour {
			return false
		}
		delete(s.games, oldest.id)
	}
	s.games[g.id] = g
	return true
}

func (s *Server) findGame(w http.ResponseWriter, r *http.Request) *game {
	s.mu.Lock()
	g := s.games[r.PathValue("id")]
	s.mu.Unlock()
	if g == nil {
		writeErr(w, http.StatusNotFound, fmt.Sprintf("no game %q (games are kept in memory while the server runs)", r.PathValue("id")))
	}
	return g
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	if g := s.findGame(w, r); g != nil {
		g.mu.Lock()
		defer g.mu.Unlock()
		s.agentMoves(r.Context(), g) // if a request left before the agent moved
		writeJSON(w, http.StatusOK, g.state())
	}
}

func (s *Server) gameMove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Move string `json:"move"`
	}
	g := s.findGame(w, r)
	if g == nil || !s.readJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.last = time.Now()
	if g.outcome() != engine.Ongoing {
		writeErr(w, http.StatusConflict, "the game is over")
		return
	}
	if g.pos.Turn() != g.human {
		writeErr(w, http.StatusConflict, "it is the agent's move")
		return
	}
	// The move is read against the user's view, so an error names only
	// what the user may see; the user's own moves are the same in both.
	view := g.view()
	m, err := view.ParseMove(req.Move)
	if err != nil || !g.pos.IsLegal(m) {
		if err == nil {
			err = fmt.Errorf("move %q is not legal", req.Move)
		}
		writeErr(w, http.StatusBadRequest, "move: "+err.Error())
		return
	}
	g.play(m)
	s.agentMoves(r.Context(), g)
	writeJSON(w, http.StatusOK, g.state())
}

func (g *game) play(m engine.Move) {
	g.pos.Make(m.Plain())
	g.moves = append(g.moves, m.Plain())
	switch o := g.pos.OutcomeWithLimit(g.plyLimit); {
	case o == engine.Draw:
		g.reason = match.ReasonPlyLimit
	case m.IsEscape():
		g.reason = match.ReasonEscape
	case o != engine.Ongoing:
		w, _ := o.Winner()
		g.reason = match.ReasonRedsGiven
		if g.pos.Blues(w.Other()) == 0 {
			g.reason = match.ReasonBluesTaken
		}
	}
}

// agentMoves lets the agent move while it is its turn.
func (s *Server) agentMoves(ctx context.Context, g *game) {
	for g.outcome() == engine.Ongoing && g.pos.Turn() != g.human {
		v := player.NewView(g.pos, g.human.Other(), g.moves, g.plyLimit)
		select { // agents search too: one per core at a time
		case s.solve <- struct{}{}:
		case <-ctx.Done():
			return // the agent moves when the game is next asked for
		}
		actx, cancel := context.WithTimeout(ctx, s.cfg.AgentTime)
		m, err := g.agent.Move(actx, &v)
		cancel()
		<-s.solve
		if ctx.Err() != nil {
			return // the client left: the agent moves when asked again
		}
		if err != nil || !g.pos.IsLegal(m) {
			// The agent forfeits, as in the arena.
			g.reason = fmt.Sprintf("%s: %v; the agent forfeits", match.ReasonError, err)
			if err == nil {
				g.reason = fmt.Sprintf("%s %s; the agent forfeits", match.ReasonIllegal, m)
			}
			g.forfeit = engine.WinFor(g.human)
			return
		}
		g.play(m)
	}
}

// analyzeAnswer is the answer of /api/analyze: the report of one game.
type analyzeAnswer struct {
	*analysis.Report
	Games int `json:"games"` // games in the record
}

func (s *Server) analyze(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeErr(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("record larger than this server's cap of %d bytes", s.cfg.MaxBody))
			return
		}
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	recs, err := analysis.ReadGames(bytes.NewReader(body))
	if err != nil {
		writeErr(w, http.StatusBadRequest, "record: "+err.Error())
		return
	}
	o := analysis.Options{Nodes: s.cfg.AnalyzeNodes, Time: s.cfg.AnalyzeTime, TTMegabytes: 16, Tables: s.cfg.Tables, Store: s.cfg.Store}
	if v := q.Get("nodes"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > s.cfg.AnalyzeNodes {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("nodes %q: want 1 to this server's cap of %d a question", v, s.cfg.AnalyzeNodes))
			return
		}
		o.Nodes = n
	}
	if v := q.Get("time_ms"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 || n > s.cfg.AnalyzeTime.Milliseconds() {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("time_ms %q: want 1 to this server's cap of %d a question", v, s.cfg.AnalyzeTime.Milliseconds()))
			return
		}
		o.Time = time.Duration(n) * time.Millisecond
	}
	rec := recs[0]
	if v := q.Get("game"); v != "" {
		n, err := strconv.Atoi(v)
		found := false
		for _, r := range recs {
			if err == nil && r.Game == n {
				rec, found = r, true
				break
			}
		}
		if !found {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("game %q: not in the record (games %d to %d)", v, recs[0].Game, recs[len(recs)-1].Game))
			return
		}
	}
	if len(rec.Moves)+1 > s.cfg.AnalyzePlies {
		writeErr(w, http.StatusBadRequest, fmt.Sprintf("the game has %d positions, more than this server's cap of %d", len(rec.Moves)+1, s.cfg.AnalyzePlies))
		return
	}
	select {
	case s.solve <- struct{}{}:
		defer func() { <-s.solve }()
	case <-r.Context().Done():
		return
	}
	rep, err := analysis.Analyze(r.Context(), rec, o)
	if err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, analysis.ErrBadRecord) {
			code = http.StatusBadRequest
		}
		writeErr(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, analyzeAnswer{rep, len(recs)})
}
