package gat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// ServerConfig describes a server: where it listens, how many games it
// referees and by which limits.
type ServerConfig struct {
	// Addr is the address to listen on (default 127.0.0.1: loopback
	// only). Port is the first player's port; the second player's is
	// Port+1. Port 0 listens on two ephemeral ports (see Server.Addr).
	Addr string
	Port int
	// Games is the number of games to referee (at least 1).
	Games int
	// PlyLimit draws a game after this many plies, both players' moves
	// counted (0: no limit).
	PlyLimit int
	// TimePerMove is each move's clock once the budget is spent (default
	// 10 s); Budget is each player's time budget for a game, spent by the
	// time its moves take (0: none). A player whose move takes longer than
	// its remaining budget plus TimePerMove loses.
	TimePerMove time.Duration
	Budget      time.Duration
	// Wait bounds how long the server waits for the players' connections
	// and placements of every game after the first (default 1 minute);
	// the first game waits until the context ends.
	Wait time.Duration
	// CloseAfterGame closes both connections after each game, as the
	// tournament server does; otherwise a client may stay connected and
	// is sent SET? again for the next game (it may also connect anew).
	CloseAfterGame bool
	// MaxLine bounds a client's line in bytes (default DefaultMaxLine).
	MaxLine int
	// Records, when not nil, receives one game record (package match's
	// format, one JSON line) per game.
	Records io.Writer
	// OnGame, when not nil, is called after each game.
	OnGame func(ServedGame)
}

// ServedGame is one refereed game: its number (from 1), the game (moves,
// placements, outcome, reason, detail, time per side) and the players'
// addresses.
type ServedGame struct {
	Number  int
	Game    match.Game
	Players [2]string
}

// Result returns "first", "second" or "draw".
func (g ServedGame) Result() string { return resultWord(g.Game.Outcome) }

// ServeSummary counts the games a server refereed.
type ServeSummary struct {
	Games      int            `json:"games"`
	FirstWins  int            `json:"first_wins"`
	SecondWins int            `json:"second_wins"`
	Draws      int            `json:"draws"`
	Reasons    map[string]int `json:"reasons"`
	// Incomplete is set when the server stopped before its games were
	// all played, with the reason.
	Incomplete string `json:"incomplete,omitempty"`
}

func (s *ServeSummary) add(g *match.Game) {
	s.Games++
	switch g.Outcome {
	case engine.FirstWins:
		s.FirstWins++
	case engine.SecondWins:
		s.SecondWins++
	default:
		s.Draws++
	}
	s.Reasons[string(g.Reason)]++
}

// Text returns the score line.
func (s *ServeSummary) Text() string {
	return fmt.Sprintf("score: first %d, second %d, drawn %d (%d games)", s.FirstWins, s.SecondWins, s.Draws, s.Games)
}

// Server referees games between two protocol clients, as the tournament
// server does. Make one with Listen; Serve runs it.
type Server struct {
	cfg      ServerConfig
	ln       [2]net.Listener
	accepted [2]chan *peer
	cur      [2]*peer
	mu       sync.Mutex
	peers    map[*peer]bool
	closed   bool
	wg       sync.WaitGroup
	ref      referee
	moves    []engine.Move
}

// Listen opens the two ports and starts accepting: every connection is
// sent SET? at once. Serve referees the games; Close stops.
func Listen(cfg ServerConfig) (*Server, error) {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1"
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("gat: serve %d games: want at least 1", cfg.Games)
	}
	if cfg.PlyLimit < 0 || cfg.Budget < 0 || cfg.TimePerMove < 0 || cfg.Wait < 0 {
		return nil, errors.New("gat: the ply limit, budget, time per move and wait must not be negative")
	}
	if cfg.Port < 0 || cfg.Port > 65534 {
		return nil, fmt.Errorf("gat: port %d: want 1-65534 (the second player's port is one more), or 0 for ephemeral ports", cfg.Port)
	}
	if cfg.TimePerMove == 0 {
		cfg.TimePerMove = 10 * time.Second
	}
	if cfg.Wait == 0 {
		cfg.Wait = time.Minute
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = DefaultMaxLine
	}
	s := &Server{cfg: cfg, peers: map[*peer]bool{}}
	for i := 0; i < 2; i++ {
		port := 0
		if cfg.Port != 0 {
			port = cfg.Port + i
		}
		ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Addr, strconv.Itoa(port)))
		if err != nil {
			if i == 1 {
				s.ln[0].Close()
			}
			return nil, fmt.Errorf("gat: listen for the %s player: %w", engine.Player(i).Name(), err)
		}
		s.ln[i] = ln
		s.accepted[i] = make(chan *peer, 4)
	}
	for i := 0; i < 2; i++ {
		s.wg.Add(1)
		go s.accept(i)
	}
	return s, nil
}

// Addr returns the address the player pl connects to.
func (s *Server) Addr(pl engine.Player) net.Addr { return s.ln[pl].Addr() }

// accept hands every connection on seat i's port to the games, after
// sending it SET?; more than a few waiting connections are closed.
func (s *Server) accept(i int) {
	defer s.wg.Done()
	for {
		c, err := s.ln[i].Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return
		}
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetNoDelay(true)
		}
		p := newPeer(c, s.cfg.MaxLine)
		if !s.track(p) {
			p.close()
			return
		}
		if p.send(Message{Kind: KindSetQ}, s.cfg.TimePerMove) != nil {
			s.drop(p)
			continue
		}
		select {
		case s.accepted[i] <- p:
		default:
			s.drop(p)
		}
	}
}

func (s *Server) track(p *peer) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.peers[p] = true
	return true
}

func (s *Server) drop(p *peer) {
	s.mu.Lock()
	delete(s.peers, p)
	s.mu.Unlock()
	p.close()
}

func (s *Server) finishPeer(p *peer) {
	s.mu.Lock()
	delete(s.peers, p)
	s.mu.Unlock()
	p.finish(2 * time.Second)
}

// Close stops listening and closes every connection.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	peers := s.peers
	s.peers = map[*peer]bool{}
	s.mu.Unlock()
	s.ln[0].Close()
	s.ln[1].Close()
	for p := range peers {
		p.close()
	}
	s.wg.Wait()
	for i := 0; i < 2; i++ {
		for {
			select {
			case p := <-s.accepted[i]:
				p.close()
				continue
			default:
			}
			break
		}
	}
	return nil
}

// Serve referees the configured number of games and returns their
// summary. It stops early, with the summary so far and an error, when the
// context ends or no client connects in time for a game after the first.
// It does not close the server.
func (s *Server) Serve(ctx context.Context) (*ServeSummary, error) {
	sum := &ServeSummary{Reasons: map[string]int{}}
	for n := 1; n <= s.cfg.Games; n++ {
		g, players, err := s.play(ctx, n)
		if err != nil {
			for i := range s.cur {
				if s.cur[i] != nil {
					s.drop(s.cur[i])
					s.cur[i] = nil
				}
			}
			sum.Incomplete = fmt.Sprintf("game %d: %v", n, err)
			return sum, fmt.Errorf("gat: game %d of %d: %w", n, s.cfg.Games, err)
		}
		sum.add(&g)
		sg := ServedGame{Number: n, Game: g, Players: players}
		if s.cfg.Records != nil {
			rec := match.RecordOf(g, n, players[0], players[1], s.cfg.PlyLimit)
			line, err := json.Marshal(rec)
			if err == nil {
				_, err = s.cfg.Records.Write(append(line, '\n'))
			}
			if err != nil {
				return sum, fmt.Errorf("gat: writing the record of game %d: %w", n, err)
			}
		}
		if s.cfg.OnGame != nil {
			s.cfg.OnGame(sg)
		}
	}
	for i := range s.cur {
		if s.cur[i] != nil {
			s.finishPeer(s.cur[i])
			s.cur[i] = nil
		}
	}
	return sum, nil
}

// play referees game n. An error means the game could not be played (no
// players, or the context ended).
func (s *Server) play(ctx context.Context, n int) (match.Game, [2]string, error) {
	var g match.Game
	pl, err := s.placements(ctx, n)
	reds, why, detail, names := pl.reds, pl.why, pl.detail, pl.names
	if err != nil {
		return g, names, err
	}
	g.FirstReds, g.SecondReds = reds[0], reds[1]
	s.moves = s.moves[:0]
	s.ref.start(reds[0], reds[1], s.moves)
	if why[0] != "" || why[1] != "" {
		switch {
		case why[0] != "" && why[1] != "":
			g.Outcome, g.Reason = engine.Draw, why[0]
			g.Detail = detail[0] + "; " + detail[1]
		case why[0] != "":
			g.Outcome, g.Reason, g.Detail = engine.SecondWins, why[0], detail[0]
		default:
			g.Outcome, g.Reason, g.Detail = engine.FirstWins, why[1], detail[1]
		}
		s.end(&g, pl.close)
		return g, names, nil
	}

	// closing marks the player that forfeits: its connection is closed
	// after the game, as the tournament server closes every connection
	// (what it still sends, a late answer or more of a bad stream,
	// belongs to no game).
	var closing [2]bool
	budget := [2]time.Duration{s.cfg.Budget, s.cfg.Budget}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		if o := s.ref.over(s.cfg.PlyLimit); o != engine.Ongoing {
			g.Outcome = o
			last := engine.NoMove
			if k := len(s.ref.moves); k > 0 {
				last = s.ref.moves[k-1]
			}
			g.Reason = match.ReasonOf(s.ref.pos.EndAfter(last, s.cfg.PlyLimit))
			break
		}
		me := s.ref.pos.Turn()
		other := me.Other()
		allowed := budget[me] + s.cfg.TimePerMove
		if err := s.cur[me].send(Message{Kind: KindMoveQ, Board: s.ref.board(me, false)}, allowed); err != nil {
			s.forfeit(&g, me, match.ByDisconnect, fmt.Sprintf("the %s player's connection failed at ply %d: %v", me.Name(), s.ref.pos.Ply()+1, err))
			break
		}
		start := time.Now()
		timer.Reset(allowed)
		var ev event
		var from engine.Player
		select {
		case <-ctx.Done():
			return g, names, ctx.Err()
		case <-timer.C:
			closing[me] = true
			s.forfeit(&g, me, match.ByTimeout, fmt.Sprintf("the %s player's clock ran out at ply %d (%v a move after its budget)", me.Name(), s.ref.pos.Ply()+1, s.cfg.TimePerMove))
			goto over
		case ev = <-s.cur[me].events:
			from = me
		case ev = <-s.cur[other].events:
			from = other
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		took := time.Since(start)
		if from == me {
			g.Time[me] += took
			g.NMoves[me]++
			g.MaxTime[me] = max(g.MaxTime[me], took)
			budget[me] = max(0, budget[me]-took)
		}
		var tooLong errLineTooLong
		switch {
		case errors.As(ev.err, &tooLong):
			closing[from] = true
			s.cur[from].send(Message{Kind: KindNG}, s.cfg.TimePerMove)
			s.forfeit(&g, from, match.ByIllegalMove, fmt.Sprintf("the %s player %v at ply %d", from.Name(), ev.err, s.ref.pos.Ply()+1))
		case ev.err != nil:
			s.forfeit(&g, from, match.ByDisconnect, fmt.Sprintf("the %s player %s at ply %d", from.Name(), disconnectText(ev.err), s.ref.pos.Ply()+1))
		}
		if ev.err != nil {
			break
		}
		if from != me {
			closing[from] = true
			s.cur[from].send(Message{Kind: KindNG}, s.cfg.TimePerMove)
			s.forfeit(&g, from, match.ByIllegalMove, fmt.Sprintf("the %s player sent %s out of turn at ply %d", from.Name(), quote(ev.line), s.ref.pos.Ply()+1))
			break
		}
		m, err := ParseClientMessage(ev.line)
		if err == nil && m.Kind != KindMove {
			err = fmt.Errorf("sent %s when a move (MOV:) was asked for", quote(ev.line))
		}
		var captured byte
		if err == nil {
			captured, err = s.ref.move(me, m.Piece, m.Dir)
			if err != nil {
				err = fmt.Errorf("%s: %w", quote(ev.line), err)
			}
		}
		if err != nil {
			closing[me] = true
			s.cur[me].send(Message{Kind: KindNG}, s.cfg.TimePerMove)
			s.forfeit(&g, me, match.ByIllegalMove, fmt.Sprintf("the %s player at ply %d: %v", me.Name(), s.ref.pos.Ply()+1, err))
			break
		}
		s.cur[me].send(Message{Kind: KindOK, Captured: captured}, s.cfg.TimePerMove)
	}
over:
	s.end(&g, closing)
	return g, names, nil
}

// forfeit ends the game with a loss for pl.
func (s *Server) forfeit(g *match.Game, pl engine.Player, reason match.Reason, detail string) {
	g.Outcome = engine.WinFor(pl.Other())
	g.Reason, g.Detail = reason, detail
}

// end tells both players the result with every colour shown, and keeps
// the game's moves. The connections marked closing are closed after they
// are told: what their players still send belongs to no game.
func (s *Server) end(g *match.Game, closing [2]bool) {
	g.Moves = append([]engine.Move(nil), s.ref.moves...)
	s.moves = s.ref.moves
	for i := 0; i < 2; i++ {
		pl := engine.Player(i)
		p := s.cur[i]
		if p == nil {
			continue
		}
		k := KindDraw
		if w, ok := g.Outcome.Winner(); ok {
			k = KindLost
			if w == pl {
				k = KindWon
			}
		}
		if p.send(Message{Kind: k, Board: s.ref.board(pl, true)}, s.cfg.TimePerMove) != nil || s.cfg.CloseAfterGame || closing[i] {
			s.finishPeer(p)
			s.cur[i] = nil
		}
	}
}

func resultWord(o engine.Outcome) string {
	switch o {
	case engine.FirstWins:
		return "first"
	case engine.SecondWins:
		return "second"
	}
	return "draw"
}
