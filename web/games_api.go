package web

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// maxAgentTT caps an agent's transposition table (option tt, MiB).
const maxAgentTT = 256

func (s *Server) agents(w http.ResponseWriter, r *http.Request) {
	var out []player.AgentInfo
	for _, a := range player.Agents() {
		if a.Name != "human" {
			out = append(out, a)
		}
	}
	writeJSON(w, http.StatusOK, out)
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
	if !s.addGame(nil) { // before the agent and its tables are made
		s.full(w)
		return
	}
	a, err := player.New(req.Agent, s.cfg.Env)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "agent: "+err.Error())
		return
	}
	ap := a.NewGame(human.Other(), req.Seed)
	g := &game{spec: req.Agent, agent: a, human: human, plyLimit: limit}
	g.used.Store(s.now().UnixNano())
	if human == engine.First {
		g.pos = engine.StartPosition(hp, ap)
	} else {
		g.pos = engine.StartPosition(ap, hp)
	}
	var id [8]byte
	rand.Read(id[:])
	g.id = hex.EncodeToString(id[:])
	if !s.addGame(g) {
		s.full(w)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	s.agentMoves(r.Context(), g)
	v := g.view()
	writeJSON(w, http.StatusOK, v.state())
}

// findGame is the game the path names (a 404 when there is none); the
// request counts as the game's use.
func (s *Server) findGame(w http.ResponseWriter, r *http.Request) *game {
	id := r.PathValue("id")
	now := s.now()
	s.mu.Lock()
	s.dropGames(now)
	g := s.games[id]
	if g != nil {
		g.used.Store(now.UnixNano())
	}
	s.mu.Unlock()
	if g == nil {
		writeErr(w, http.StatusNotFound, fmt.Sprintf("no game %q: games are kept in memory while the server runs, a game in progress until %v without a request, a finished one until newer finished games need its place", id, s.cfg.GameIdle))
	}
	return g
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	if g := s.findGame(w, r); g != nil {
		g.mu.Lock()
		defer g.mu.Unlock()
		s.agentMoves(r.Context(), g) // if a request left before the agent moved
		v := g.view()
		writeJSON(w, http.StatusOK, v.state())
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
	v := g.view()
	m, code, err := v.userMove(req.Move)
	if err == nil && !g.pos.IsLegal(m) { // never so: the user's moves are the same in the view
		code, err = http.StatusBadRequest, fmt.Errorf("move %q is not legal", req.Move)
	}
	if err != nil {
		writeErr(w, code, err.Error())
		return
	}
	g.play(m)
	s.agentMoves(r.Context(), g)
	v = g.view()
	writeJSON(w, http.StatusOK, v.state())
}

func (s *Server) full(w http.ResponseWriter) {
	writeErr(w, http.StatusServiceUnavailable, fmt.Sprintf("this server plays at most %d games at once and all are in progress; a game gives its place up when it ends or after %v without a request", s.cfg.MaxGames, s.cfg.GameIdle))
}

// addGame keeps g if a place is free (g nil: says whether one is): a
// game in progress holds one until it ends or goes GameIdle without a
// request.
func (s *Server) addGame(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dropGames(s.now())
	playing := 0
	for _, h := range s.games {
		if !h.over.Load() {
			playing++
		}
	}
	if playing >= s.cfg.MaxGames {
		return false
	}
	if g != nil {
		s.games[g.id] = g
	}
	return true
}

// dropGames forgets the games that went GameIdle without a request, and
// the finished games beyond MaxGames, the longest idle first (a finished
// game is kept only so that its end may be asked for again). s.mu is
// held.
func (s *Server) dropGames(now time.Time) {
	var done []*game
	for id, g := range s.games {
		if now.Sub(time.Unix(0, g.used.Load())) > s.cfg.GameIdle {
			delete(s.games, id)
		} else if g.over.Load() {
			done = append(done, g)
		}
	}
	if len(done) > s.cfg.MaxGames {
		slices.SortFunc(done, func(a, b *game) int { return cmp.Compare(a.used.Load(), b.used.Load()) })
		for _, g := range done[:len(done)-s.cfg.MaxGames] {
			delete(s.games, g.id)
		}
	}
}
