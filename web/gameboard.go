package web

import (
	"fmt"
	"net/http"

	"github.com/geister-solver/geister/engine"
)

// gameBoard draws a game of the Play tab as the user may see it: the
// picture is made from the game's view alone (the agent's colours hidden while
// the game is on), with the last move's arrow and, once the game is over,
// how it ended. A finished game's board need not be a position string the
// picture endpoint could read (a side may have no red left), so the page
// asks for its game's board here. GET /api/games/{id}/board.svg takes
// highlight as /api/board.svg does.
func (s *Server) gameBoard(w http.ResponseWriter, r *http.Request) {
	g := s.findGame(w, r)
	if g == nil {
		return
	}
	o, err := pictureOptions(r)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	g.mu.Lock()
	v := g.view()
	g.mu.Unlock()
	if len(v.moves) > 0 {
		o.LastMove = v.moves[len(v.moves)-1]
	}
	if v.outcome != engine.Ongoing {
		o.Caption = fmt.Sprintf("game over: %s, ply %d", v.outcome, v.pos.Ply())
		if v.reason != "" {
			o.Caption = fmt.Sprintf("game over: %s (%s), ply %d", v.outcome, v.reason, v.pos.Ply())
		}
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(SVG(&v.pos, o))
}
