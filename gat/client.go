package gat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// ClientConfig describes a client: where it connects, which agent plays,
// how many games and by which clocks.
type ClientConfig struct {
	// Addr is the server's host:port: the first player's port for Side
	// First, the second player's for Side Second.
	Addr string
	Side engine.Player
	// Agent plays; Name names it in the game records.
	Agent player.Agent
	Name  string
	// Games is the number of games to play (at least 1). Game n (from 1)
	// is seeded by match.GameSeed(Seed, n-1), and the agent by that seed
	// as match.Play seeds it, so a game equals the same game in-process.
	Games int
	Seed  uint64
	// PlyLimit is the draw limit the agent is told (0: none). The
	// server's own limit decides; past this one the agent is told none.
	PlyLimit int
	// TimePerMove bounds the agent's time for a move (default 8 s, below
	// the tournament server's 10 s). An agent that takes longer, fails or
	// returns an illegal move is replaced for that move by a random legal
	// move (an escape when there is one), and the game goes on.
	TimePerMove time.Duration
	// Wait is how long to wait for the server's next message (default 15
	// minutes: the tournament server allows a 600 s budget plus 10 s a
	// move). A silent server is an error after it.
	Wait time.Duration
	// ConnectFor is how long to retry connecting (default 10 s), Pause
	// the pause before connecting anew for the next game (default 500 ms:
	// the tournament server needs it to bind its ports again; negative:
	// none). KeepFor is how long to wait after a game for the server to
	// send SET? on the same connection before connecting anew (default
	// 500 ms; the tournament server neither sends SET? again nor closes
	// the connection of a player whose game ended on the opponent's move,
	// until that player hangs up).
	ConnectFor time.Duration
	Pause      time.Duration
	KeepFor    time.Duration
	// MaxLine bounds a server line in bytes (default DefaultMaxLine).
	MaxLine int
	// MaxPlies bounds a game (default 1000, far past the tournaments'
	// 200 or 300): a server that never ends a game fails it there.
	MaxPlies int
	// OnGame, when not nil, is called after each game; Warn, when not
	// nil, with notes on the way (a move the agent could not make, a
	// reconnection).
	OnGame func(ClientGame)
	Warn   func(string)

	// dial, when set (by tests), replaces the TCP connection.
	dial func(ctx context.Context) (net.Conn, error)
}

// ClientGame is one game a client played.
type ClientGame struct {
	Number int           // from 1
	Side   engine.Player // the side we played
	// Result is "won", "lost" or "drawn", or "failed" when the game could
	// not be followed to its end (Err says why: the server's fault or the
	// connection's); Reason is how it ended as far as the boards show, and
	// How says it in words.
	Result string
	Reason match.Reason
	How    string
	Err    error
	Plies  int
	// Fallbacks counts the moves played for the agent (see
	// ClientConfig.TimePerMove).
	Fallbacks int
	// Record is the game in package match's record format, or nil when
	// the server's last board did not show the opponent's colours or
	// could not be followed (Detail says why).
	Record *match.Record
	Detail string
}

// Line returns "game K: won|lost|drawn (how)".
func (g ClientGame) Line() string { return fmt.Sprintf("game %d: %s (%s)", g.Number, g.Result, g.How) }

// ClientSummary counts a client's games.
type ClientSummary struct {
	Games     int `json:"games"`
	Won       int `json:"won"`
	Lost      int `json:"lost"`
	Drawn     int `json:"drawn"`
	Failed    int `json:"failed,omitempty"`
	Fallbacks int `json:"fallback_moves"`
}

// Text returns the score line.
func (s *ClientSummary) Text() string {
	score := 0.0
	if s.Games > 0 {
		score = (float64(s.Won) + float64(s.Drawn)/2) / float64(s.Games)
	}
	t := fmt.Sprintf("score: %d won, %d lost, %d drawn of %s (%.1f%%)", s.Won, s.Lost, s.Drawn, words.Count(s.Games, "game"), 100*score)
	if s.Failed > 0 {
		t += fmt.Sprintf("; %s failed", words.Count(s.Failed, "game"))
	}
	return t
}

// client is one Connect call's state.
type client struct {
	cfg     ClientConfig
	conn    net.Conn
	br      *bufio.Reader
	wbuf    []byte
	t       tracker
	rng     *engine.Rand
	view    *player.View
	calls   chan agentCall
	replies chan agentReply
	busy    bool // the agent is still on a move it ran out of time for
}

type agentCall struct {
	ctx context.Context
	v   *player.View
}

type agentReply struct {
	m   engine.Move
	err error
}

// Connect plays cfg.Games games on the server at cfg.Addr and returns the
// score. It connects anew for each game unless the server keeps the
// connection and sends SET? again. A protocol or connection failure ends
// it with the score so far and an error naming the game.
func Connect(ctx context.Context, cfg ClientConfig) (*ClientSummary, error) {
	if cfg.Agent == nil {
		return nil, errors.New("gat: no agent")
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("gat: %d games: want at least 1", cfg.Games)
	}
	if cfg.Side != engine.First && cfg.Side != engine.Second {
		return nil, fmt.Errorf("gat: side %d: want first or second", cfg.Side)
	}
	if cfg.TimePerMove <= 0 {
		cfg.TimePerMove = 8 * time.Second
	}
	if cfg.Wait <= 0 {
		cfg.Wait = 15 * time.Minute
	}
	if cfg.ConnectFor <= 0 {
		cfg.ConnectFor = 10 * time.Second
	}
	if cfg.Pause == 0 {
		cfg.Pause = 500 * time.Millisecond
	}
	if cfg.KeepFor <= 0 {
		cfg.KeepFor = 500 * time.Millisecond
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = DefaultMaxLine
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 1000
	}
	if cfg.Name == "" {
		cfg.Name = "gat client"
	}
	c := &client{cfg: cfg, view: new(player.View), calls: make(chan agentCall), replies: make(chan agentReply, 1)}
	go func() {
		for call := range c.calls {
			m, err := cfg.Agent.Move(call.ctx, call.v)
			c.replies <- agentReply{m, err}
		}
	}()
	defer close(c.calls)
	defer c.hangUp()

	sum := &ClientSummary{}
	var firstErr error
	haveSetQ := false
	for n := 1; n <= cfg.Games; n++ {
		if c.conn == nil {
			if n > 1 && cfg.Pause > 0 {
				if err := sleep(ctx, cfg.Pause); err != nil {
					return sum, err
				}
			}
			if err := c.dial(ctx); err != nil {
				return sum, fmt.Errorf("game %d: %w", n, err)
			}
			haveSetQ = false
		}
		g, err := c.game(ctx, n, haveSetQ)
		if errors.Is(err, errNoGame) && !haveSetQ {
			// Connected in the instant the tournament server was closing
			// its old listening socket: connect again, for a while.
			g, err = c.retry(ctx, n)
		}
		haveSetQ = false
		var de dialError
		switch {
		case err != nil && ctx.Err() != nil:
			return sum, ctx.Err()
		case errors.As(err, &de):
			return sum, fmt.Errorf("game %d: %w", n, err)
		case err != nil:
			// This game is lost to the server or the connection; the
			// next one is played on a new connection.
			g.Result, g.Err, g.How, g.Plies = "failed", err, err.Error(), len(c.t.moves)
			sum.Failed++
			if firstErr == nil {
				firstErr = fmt.Errorf("game %d: %w", n, err)
			}
			c.hangUp()
			if cfg.OnGame != nil {
				cfg.OnGame(g)
			}
			continue
		}
		sum.Games++
		sum.Fallbacks += g.Fallbacks
		switch g.Result {
		case "won":
			sum.Won++
		case "lost":
			sum.Lost++
		default:
			sum.Drawn++
		}
		if cfg.OnGame != nil {
			cfg.OnGame(g)
		}
		if n < cfg.Games {
			// A server that keeps the connection sends SET? for the next
			// game; the tournament server closes it.
			m, _, err := c.read(cfg.KeepFor)
			if err == nil && m.Kind == KindSetQ {
				haveSetQ = true
			} else {
				c.hangUp()
			}
		}
	}
	if firstErr != nil {
		return sum, fmt.Errorf("%s of %d failed; the first: %w", words.Count(sum.Failed, "game"), cfg.Games, firstErr)
	}
	return sum, nil
}

// dialError is a server that cannot be reached: the run stops.
type dialError struct{ err error }

func (e dialError) Error() string { return e.err.Error() }
func (e dialError) Unwrap() error { return e.err }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// dial connects, retrying for cfg.ConnectFor while the server is not
// listening (the tournament server binds its ports again between games).
func (c *client) dial(ctx context.Context) error {
	deadline := time.Now().Add(c.cfg.ConnectFor)
	d := net.Dialer{Timeout: 2 * time.Second}
	for tries := 1; ; tries++ {
		var conn net.Conn
		var err error
		if c.cfg.dial != nil {
			conn, err = c.cfg.dial(ctx)
		} else {
			conn, err = d.DialContext(ctx, "tcp", c.cfg.Addr)
		}
		if err == nil {
			if tc, ok := conn.(*net.TCPConn); ok {
				tc.SetNoDelay(true)
			}
			c.conn = conn
			c.br = bufio.NewReaderSize(conn, c.cfg.MaxLine)
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			return dialError{fmt.Errorf("gat: cannot connect to %s (tried for %v, %d times): %w", c.cfg.Addr, c.cfg.ConnectFor, tries, err)}
		}
		if tries == 1 && c.cfg.Warn != nil {
			c.cfg.Warn(fmt.Sprintf("cannot connect to %s yet (%v); retrying for %v", c.cfg.Addr, err, c.cfg.ConnectFor))
		}
		if err := sleep(ctx, 200*time.Millisecond); err != nil {
			return err
		}
	}
}

func (c *client) hangUp() {
	if c.conn != nil {
		c.conn.Close()
		c.conn, c.br = nil, nil
	}
}

// read returns the server's next message, waiting at most wait.
func (c *client) read(wait time.Duration) (Message, string, error) {
	c.conn.SetReadDeadline(time.Now().Add(wait))
	for {
		b, err := c.br.ReadSlice('\n')
		if err != nil {
			var ne net.Error
			switch {
			case errors.Is(err, bufio.ErrBufferFull):
				return Message{}, "", fmt.Errorf("gat: the server sent more than %d bytes without a line end: %s", c.cfg.MaxLine, quote(string(b)))
			case errors.Is(err, io.EOF):
				if len(b) > 0 {
					return Message{}, "", fmt.Errorf("gat: the server closed the connection in the middle of a message: %s", quote(string(b)))
				}
				return Message{}, "", errClosed
			case errors.As(err, &ne) && ne.Timeout():
				return Message{}, "", silentError{wait}
			}
			return Message{}, "", fmt.Errorf("gat: reading from the server: %w", err)
		}
		b = b[:len(b)-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
		}
		if len(b) == 0 {
			continue
		}
		line := string(b)
		m, err := ParseServerMessage(line)
		return m, line, err
	}
}

// silentError is a server that sent nothing for a while.
type silentError struct{ wait time.Duration }

func (e silentError) Error() string {
	return fmt.Sprintf("gat: the server sent nothing for %v", e.wait)
}

// lenientWait is how long the client waits after an NG to its move for
// the end of the game before it takes the server for a lenient one, which
// waits for another move.
const lenientWait = time.Second

var (
	errClosed = errors.New("gat: the server closed the connection")
	errNoGame = errors.New("gat: the server closed the connection before the game began")
)

// retry connects anew and plays game n while the server keeps closing
// the connection before the game begins, for cfg.ConnectFor.
func (c *client) retry(ctx context.Context, n int) (ClientGame, error) {
	deadline := time.Now().Add(c.cfg.ConnectFor)
	for {
		c.hangUp()
		if time.Now().After(deadline) {
			return ClientGame{}, fmt.Errorf("%w (again and again for %v)", errNoGame, c.cfg.ConnectFor)
		}
		c.warn(fmt.Sprintf("game %d: the server closed the connection before the game began; connecting again", n))
		if err := sleep(ctx, max(c.cfg.Pause, 50*time.Millisecond)); err != nil {
			return ClientGame{}, err
		}
		if err := c.dial(ctx); err != nil {
			return ClientGame{}, err
		}
		g, err := c.game(ctx, n, false)
		if !errors.Is(err, errNoGame) {
			return g, err
		}
	}
}

func (c *client) send(m Message) error {
	c.wbuf = AppendMessage(c.wbuf[:0], m)
	c.conn.SetWriteDeadline(time.Now().Add(c.cfg.Wait))
	_, err := c.conn.Write(c.wbuf)
	return err
}

// sendMove sends mv in the protocol's form. A failure to write is kept in
// writeErr, not returned: the server's answer, or its silence, tells
// what became of the game.
func (c *client) sendMove(mv engine.Move, writeErr *error) error {
	msg, err := c.t.message(mv)
	if err != nil {
		return err
	}
	if err := c.send(msg); err != nil {
		*writeErr = err
	}
	return nil
}

// game plays one game on the connection; haveSetQ says its SET? has
// been read already.
func (c *client) game(ctx context.Context, n int, haveSetQ bool) (ClientGame, error) {
	g := ClientGame{Number: n, Side: c.cfg.Side}
	gameSeed := match.GameSeed(c.cfg.Seed, n-1)
	placed := false
	var awaiting Kind // KindSet or KindMove: our message waiting for its OK/NG
	var refused string
	var writeErr error
	retryAfterNG := false
	for {
		var m Message
		var line string
		var err error
		switch {
		case haveSetQ:
			m, haveSetQ = Message{Kind: KindSetQ}, false
		case retryAfterNG:
			// A server in its lenient mode answers NG and waits for
			// another move; by default the game is lost and LST follows.
			m, line, err = c.read(min(lenientWait, c.cfg.Wait))
			var silent silentError
			if errors.As(err, &silent) && silent.wait < c.cfg.Wait {
				retryAfterNG = false
				mv, ok := c.otherMove()
				if !ok {
					return g, fmt.Errorf("gat: the server refused our only legal move %s and sent nothing more", moveText(c.t.sentMsg))
				}
				g.Fallbacks++
				c.warn(fmt.Sprintf("game %d: the server refused our move %s and waits; playing %s instead", n, moveText(c.t.sentMsg), mv))
				if err := c.sendMove(mv, &writeErr); err != nil {
					return g, err
				}
				awaiting = KindMove
				continue
			}
		default:
			m, line, err = c.read(c.cfg.Wait)
		}
		if err != nil {
			if writeErr != nil {
				err = fmt.Errorf("%w (after sending failed: %v)", err, writeErr)
			}
			if errors.Is(err, errClosed) {
				if !placed {
					return g, errNoGame
				}
				plies := len(c.t.moves)
				if c.t.sent != engine.NoMove && c.t.answer == KindOK {
					plies++ // our last move, accepted
				}
				if plies == 0 {
					return g, fmt.Errorf("%w after our placement, before any move", err)
				}
				return g, fmt.Errorf("%w in the middle of the game, after %s", err, words.Count(plies, "ply"))
			}
			return g, err
		}
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		retryAfterNG = false
		switch m.Kind {
		case KindSetQ:
			if placed {
				return g, fmt.Errorf("gat: the server asked for a placement (SET?) again in the middle of the game, after %s", words.Count(len(c.t.moves), "ply"))
			}
			reds := c.cfg.Agent.NewGame(c.cfg.Side, match.AgentSeed(gameSeed, c.cfg.Side))
			c.rng = engine.NewRand(gameSeed)
			if !reds.Valid() {
				bad := reds
				reds = c.rng.RandomPlacement()
				g.Fallbacks++
				c.warn(fmt.Sprintf("game %d: the agent's placement %08b is not four reds; playing %s", n, uint8(bad), reds))
			}
			c.t.reset(c.cfg.Side, reds)
			placed = true
			awaiting = KindSet
			if err := c.send(Message{Kind: KindSet, Reds: reds}); err != nil {
				writeErr = err
			}
		case KindOK, KindNG:
			switch awaiting {
			case KindSet:
				if m.Kind == KindNG {
					refused = fmt.Sprintf("the server refused our placement SET:%s", c.t.reds)
				}
			case KindMove:
				c.t.answered(m)
				if m.Kind == KindNG {
					refused = fmt.Sprintf("the server refused our move %s at ply %d", moveText(c.t.sentMsg), len(c.t.moves)+1)
					retryAfterNG = true
				}
			default:
				return g, fmt.Errorf("gat: the server sent %s, but we had sent nothing to answer", quote(line))
			}
			awaiting = 0
		case KindMoveQ:
			if !placed {
				return g, fmt.Errorf("gat: the server asked for a move before the placement: %s", quote(line))
			}
			if awaiting == KindSet {
				return g, fmt.Errorf("gat: the server asked for a move before it answered our placement: %s", quote(line))
			}
			if awaiting == KindMove && c.t.answer == 0 {
				return g, fmt.Errorf("gat: the server asked for a move before it answered our last one: %s", quote(line))
			}
			if err := c.t.observe(&m.Board, false); err != nil {
				return g, err
			}
			if len(c.t.moves) >= c.cfg.MaxPlies {
				return g, fmt.Errorf("gat: the server asks for a move after %s: a game that long never ends (the bound is %d)", words.Count(len(c.t.moves), "ply"), c.cfg.MaxPlies)
			}
			mv, fell, err := c.choose(ctx, n)
			if err != nil {
				return g, err
			}
			if fell {
				g.Fallbacks++
			}
			if err := c.sendMove(mv, &writeErr); err != nil {
				return g, err
			}
			awaiting = KindMove
		case KindWon, KindLost, KindDraw:
			return c.finish(g, m, placed, refused, gameSeed), nil
		default:
			return g, fmt.Errorf("gat: the server sent a client's message %s", quote(line))
		}
	}
}

func moveText(m Message) string { return fmt.Sprintf("MOV:%c,%s", 'A'+m.Piece, m.Dir) }

func (c *client) warn(s string) {
	if c.cfg.Warn != nil {
		c.cfg.Warn(s)
	}
}

// choose asks the agent for a move within the clock; fell says the move
// is the fallback.
func (c *client) choose(ctx context.Context, n int) (engine.Move, bool, error) {
	ply := len(c.t.moves)
	if c.busy {
		select {
		case <-c.replies:
			c.busy = false
		default:
			c.warn(fmt.Sprintf("game %d ply %d: the agent is still on an earlier move; playing a random move", n, ply+1))
			return c.fallback(), true, nil
		}
	}
	limit := c.cfg.PlyLimit
	if ply >= limit {
		limit = 0
	}
	*c.view = player.NewView(c.t.pos, c.cfg.Side, c.t.moves, limit)
	mctx, cancel := context.WithTimeout(ctx, c.cfg.TimePerMove)
	defer cancel()
	c.calls <- agentCall{mctx, c.view}
	select {
	case r := <-c.replies:
		switch {
		case r.err != nil:
			if ctx.Err() != nil {
				return engine.NoMove, false, ctx.Err()
			}
			c.warn(fmt.Sprintf("game %d ply %d: the agent failed (%v); playing a random move", n, ply+1, r.err))
		case !c.t.pos.IsLegal(r.m):
			c.warn(fmt.Sprintf("game %d ply %d: the agent chose %s, not legal in %s; playing a random move", n, ply+1, r.m, c.t.pos.String()))
		default:
			return r.m.Plain(), false, nil
		}
	case <-mctx.Done():
		if ctx.Err() != nil {
			return engine.NoMove, false, ctx.Err()
		}
		c.busy = true
		c.view = new(player.View) // the agent may still read the old one
		c.warn(fmt.Sprintf("game %d ply %d: the agent did not answer within %v; playing a random move", n, ply+1, c.cfg.TimePerMove))
	}
	return c.fallback(), true, nil
}

// otherMove returns a legal move other than the one the server refused:
// an escape if there is one, else a random one.
func (c *client) otherMove() (engine.Move, bool) {
	m := c.t.pos.EscapeOrRandom(c.rng, c.t.sent)
	return m, m != engine.NoMove
}

// fallback returns an escape if there is one, else a random legal move.
func (c *client) fallback() engine.Move { return c.t.pos.EscapeOrRandom(c.rng, engine.NoMove) }
