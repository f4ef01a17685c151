package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
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
