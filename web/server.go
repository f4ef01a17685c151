package web

import (
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"time"

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
	// GameIdle: a game in progress that no request has named for this
	// long gives its place up (a finished game gives it up at once).
	GameIdle time.Duration
	// Hosts are the names and addresses by which requests may reach the
	// board (the Host header), besides localhost and loopback addresses;
	// an unspecified address (0.0.0.0 or ::) stands for every IP
	// address. ListenAndServe adds the address it listens on. A request
	// to any other host is refused (421), so that a name resolving to
	// this machine (DNS rebinding) cannot read the board's answers.
	Hosts []string
}

// DefaultConfig returns the caps of `geister serve`: solves of at most 20
// million positions and 30 s (by default 2 million and 10 s), bodies of 1
// MiB, 32 games in progress (each given up after 15 minutes without a
// request), analyses of at most 400 positions at 25,000 positions and 1 s
// a question, 10 s for an agent's move.
func DefaultConfig() Config {
	return Config{
		MaxNodes: 20_000_000, MaxTime: 30 * time.Second,
		DefaultNodes: 2_000_000, DefaultTime: 10 * time.Second,
		MaxBody: 1 << 20, MaxGames: 32,
		AnalyzeNodes: 25_000, AnalyzeTime: time.Second, AnalyzePlies: 400,
		AgentTime: 10 * time.Second, SolveTTMegabyte: 32,
		GameIdle: 15 * time.Minute,
	}
}

// Server is the web board: an http.Handler for the page and the JSON API
// (docs/web.md).
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	page  *template.Template
	solve chan struct{} // one token per search that may run at once
	cop   *http.CrossOriginProtection
	now   func() time.Time // the clock of the games' idle times

	mu    sync.Mutex
	games map[string]*game
	pool  map[solverKey][]*solver.Solver // idle solvers, their tables warm
	idle  int
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
	cfg.GameIdle = cmp.Or(cfg.GameIdle, d.GameIdle)
	cfg.Hosts = slices.Clone(cfg.Hosts)
	if cfg.Env.NewProver == nil {
		cfg.Env = player.DefaultEnv()
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), games: map[string]*game{}, pool: map[solverKey][]*solver.Solver{},
		solve: make(chan struct{}, runtime.NumCPU()), cop: http.NewCrossOriginProtection(), now: time.Now}
	s.page = template.Must(template.ParseFS(assets, "assets/index.html"))
	static, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /{$}", s.index)
	for _, prefix := range []string{APIPrefix, "/api"} {
		for _, rt := range s.apiRoutes() {
			s.mux.HandleFunc(rt.method+" "+prefix+rt.path, rt.handler)
		}
	}
	return s
}

// apiRoute is a route of the JSON API: its method and its path after the
// prefix.
type apiRoute struct {
	method, path string
	handler      http.HandlerFunc
}

func (s *Server) apiRoutes() []apiRoute {
	return []apiRoute{
		{"GET", "/board.svg", s.boardSVG},
		{"GET", "/board.png", s.boardPNG},
		{"POST", "/position", s.position},
		{"POST", "/solve", s.solveHandler},
		{"POST", "/probe", s.probe},
		{"GET", "/agents", s.agents},
		{"POST", "/games", s.newGame},
		{"GET", "/games/{id}", s.getGame},
		{"POST", "/games/{id}/move", s.gameMove},
		{"GET", "/games/{id}/board.svg", s.gameBoard},
		{"POST", "/analyze", s.analyze},
	}
}

// APIPrefix is where the JSON API's paths begin (docs/openapi.yaml
// describes them). The same paths under /api/ answer the same, for
// programs written before the API had a version (kept for this release).
const APIPrefix = "/api/v1"

// ServeHTTP serves the page and the API to requests that pass the
// same-origin rules (see guard). Every error is answered in JSON. A
// handler that panics answers 500 and the server goes on; the answer
// names the request but not the panic, whose text might show a game's
// hidden colours.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			writeErr(w, http.StatusInternalServerError, fmt.Sprintf("internal error in %s %s (a fault of the board)", r.Method, r.URL.Path))
		}
	}()
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY") // no other site may frame the page
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	if !s.guard(w, r) {
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	}
	s.route(w, r)
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
