package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// game is a game between the page's user and an agent, kept in memory.
type game struct {
	id       string
	spec     string
	human    engine.Player
	plyLimit int

	mu      sync.Mutex      // guards the fields below
	agent   player.Agent    // nil once the game is over
	pos     engine.Position // every colour shown
	moves   []engine.Move
	reason  string
	forfeit engine.Outcome // the user's win when the agent fails, else Ongoing

	// Read without mu by the keeper of the games' places (games_api.go).
	used atomic.Int64 // when a request last named the game (Unix ns)
	over atomic.Bool  // the game has ended
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

// gameView is all that the user may see of a game: the position with the
// agent's colours hidden while the game is on (every colour once it is
// over), the moves played (a move names squares, never colours), how the
// game stands and why it ended. Every answer about a game, its errors
// included, is made from a gameView and from nothing else of the game.
type gameView struct {
	id, spec string
	human    engine.Player
	pos      engine.Position
	moves    []engine.Move
	outcome  engine.Outcome
	reason   string
}

// view is the one place that decides what the user may see of g.
func (g *game) view() gameView {
	v := gameView{id: g.id, spec: g.spec, human: g.human, pos: g.pos, moves: g.moves,
		outcome: g.outcome(), reason: g.reason}
	if v.outcome == engine.Ongoing {
		v.pos.Hide(g.human.Other())
	}
	return v
}

// state is the answer about the game.
func (v *gameView) state() GameState {
	st := GameState{ID: v.id, Agent: v.spec, Human: v.human.String(), Position: v.pos.String(),
		Moves: engine.MoveTexts(v.moves), Legal: []string{}, Outcome: v.outcome.String(), Reason: v.reason}
	if st.Moves == nil {
		st.Moves = []string{}
	}
	if len(v.moves) > 0 {
		st.Last = v.moves[len(v.moves)-1].String()
	}
	switch {
	case v.outcome != engine.Ongoing:
		st.Text = fmt.Sprintf("game over: %s", st.Outcome)
		if v.reason != "" {
			st.Text += " (" + v.reason + ")"
		}
	case v.pos.Turn() == v.human:
		// The user's moves are the same in its view as in the game: its
		// own pieces show their colours in both.
		var ml engine.MoveList
		ml.Generate(&v.pos)
		st.Legal = engine.MoveTexts(ml.Slice())
		st.Text = "your move"
	default:
		st.Text = "the agent is thinking"
	}
	return st
}

// userMove reads the user's move text against the user's view, so that
// an error names only what the user may see. It returns the move, or the
// HTTP status and error of a move the user may not make now.
func (v *gameView) userMove(text string) (engine.Move, int, error) {
	switch {
	case v.outcome != engine.Ongoing:
		return engine.NoMove, http.StatusConflict, fmt.Errorf("move %q: the game is over", text)
	case v.pos.Turn() != v.human:
		return engine.NoMove, http.StatusConflict, fmt.Errorf("move %q: it is the agent's move", text)
	}
	m, err := v.pos.ParseMove(text)
	if err != nil {
		return m, http.StatusBadRequest, fmt.Errorf("move: %w", err)
	}
	if !v.pos.IsLegal(m) {
		return m, http.StatusBadRequest, fmt.Errorf("move %q is not legal", text)
	}
	return m, http.StatusOK, nil
}

func (g *game) play(m engine.Move) {
	g.pos.Make(m.Plain())
	g.moves = append(g.moves, m.Plain())
	if e := g.pos.EndAfter(m.Plain(), g.plyLimit); e != engine.NotEnded {
		g.reason = string(match.ReasonOf(e))
	}
	g.ended()
}

// ended frees what a finished game no longer needs: the agent (and its
// tables), and the game's place among those in progress.
func (g *game) ended() {
	if g.outcome() != engine.Ongoing {
		g.agent = nil
		g.over.Store(true)
	}
}

// agentMoves lets the agent move while it is its turn.
func (s *Server) agentMoves(ctx context.Context, g *game) {
	for g.outcome() == engine.Ongoing && g.pos.Turn() != g.human {
		v := player.NewView(g.pos, g.human.Other(), g.moves, g.plyLimit)
		m, err := s.agentMove(ctx, g.agent, &v)
		if ctx.Err() != nil {
			return // the client left: the agent moves when the game is next asked for
		}
		if err != nil || !g.pos.IsLegal(m) {
			// The agent forfeits, as in the arena.
			g.reason = fmt.Sprintf("%s: %v; the agent forfeits", match.ReasonError, err)
			if err == nil {
				g.reason = fmt.Sprintf("%s %s; the agent forfeits", match.ReasonIllegal, m)
			}
			g.forfeit = engine.WinFor(g.human)
			g.ended()
			return
		}
		g.play(m)
	}
}

// agentMove asks the agent for its move in v, within AgentTime, when a
// core is free (agents search too: one per core at a time). An agent that
// panics has failed: its panic is its error.
func (s *Server) agentMove(ctx context.Context, a player.Agent, v *player.View) (m engine.Move, err error) {
	select {
	case s.solve <- struct{}{}:
	case <-ctx.Done():
		return engine.NoMove, ctx.Err()
	}
	defer func() { <-s.solve }()
	defer func() {
		if p := recover(); p != nil {
			m, err = engine.NoMove, fmt.Errorf("the agent failed: %v", p)
		}
	}()
	actx, cancel := context.WithTimeout(ctx, s.cfg.AgentTime)
	defer cancel()
	return a.Move(actx, v)
}
