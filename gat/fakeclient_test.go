package gat

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// fake is a scripted client on a loopback connection.
type fake struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

func dialFake(t *testing.T, addr net.Addr) *fake {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr.String(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &fake{t: t, c: c, br: bufio.NewReader(c)}
}

func (f *fake) send(s string) { f.sendRaw(s + "\r\n") }

func (f *fake) sendRaw(s string) {
	f.t.Helper()
	f.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := f.c.Write([]byte(s)); err != nil {
		f.t.Fatalf("send %q: %v", s, err)
	}
}

// expect reads the next line and checks its start.
func (f *fake) expect(prefix string) string {
	f.t.Helper()
	f.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	l, err := f.br.ReadString('\n')
	if err != nil {
		f.t.Fatalf("want %q: %v", prefix, err)
	}
	if !strings.HasSuffix(l, "\r\n") || !strings.HasPrefix(l, prefix) {
		f.t.Fatalf("got %q, want %q...\\r\\n", l, prefix)
	}
	l = strings.TrimSuffix(l, "\r\n")
	if strings.HasPrefix(l, "MOV?") {
		// A game in progress: the opponent's pieces on the board never
		// show their colours.
		b, err := engine.ParseGATBoard(l[4:])
		if err != nil {
			f.t.Fatalf("board %q: %v", l, err)
		}
		for _, e := range b[8:] {
			if e.OnBoard() && e.C != 'u' {
				f.t.Fatalf("board %q shows an opponent's colour on the board", l)
			}
		}
	}
	return l
}

// expectClosed checks that the server closes the connection.
func (f *fake) expectClosed() {
	f.t.Helper()
	f.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if l, err := f.br.ReadString('\n'); err == nil {
		f.t.Fatalf("got %q, want the connection closed", l)
	}
}

type served struct {
	srv  *Server
	done chan struct{}
	sum  *ServeSummary
	err  error
	recs bytes.Buffer
}

func serve(t *testing.T, cfg ServerConfig) *served {
	t.Helper()
	s := &served{done: make(chan struct{})}
	cfg.Records = &s.recs
	srv, err := Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.srv = srv
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	go func() {
		defer close(s.done)
		defer cancel()
		s.sum, s.err = srv.Serve(ctx)
	}()
	t.Cleanup(func() { srv.Close(); <-s.done })
	return s
}

// wait returns the records once the server is done.
func (s *served) wait(t *testing.T) []match.Record {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not finish")
	}
	recs, err := match.ReadRecords(&s.recs)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// pair connects a first and a second fake client and answers SET?.
func (s *served) pair(t *testing.T, firstReds, secondReds string) (*fake, *fake) {
	f, g := dialFake(t, s.srv.Addr(engine.First)), dialFake(t, s.srv.Addr(engine.Second))
	f.expect("SET?")
	g.expect("SET?")
	f.send("SET:" + firstReds)
	g.send("SET:" + secondReds)
	f.expect("OK ")
	g.expect("OK ")
	return f, g
}

// TestServerRefusesIllegalPlacements: a bad SET is NG and loses; the other
// player wins.
func TestServerRefusesIllegalPlacements(t *testing.T) {
	for _, bad := range []string{"SET:AAB", "SET:abcd", "SET:ABCDE", "SET:ABCI", "SET:AABC", "MOV:A,N", "SET: ABC", "hello"} {
		t.Run(bad, func(t *testing.T) {
			s := serve(t, ServerConfig{Games: 1, PlyLimit: 200})
			f, g := dialFake(t, s.srv.Addr(engine.First)), dialFake(t, s.srv.Addr(engine.Second))
			f.expect("SET?")
			g.expect("SET?")
			g.send("SET:BCFG")
			f.send(bad)
			f.expect("NG ")
			f.expect("LST:")
			g.expect("OK ")
			g.expect("WON:")
			recs := s.wait(t)
			if len(recs) != 1 || recs[0].Result != "second" || recs[0].Reason != string(match.ByIllegalMove) || !strings.Contains(recs[0].Detail, "placement") {
				t.Fatalf("records %+v", recs)
			}
		})
	}
}

// TestServerRefusesIllegalMoves: each illegal move is NG, loses, and the
// opponent is told it won.
func TestServerRefusesIllegalMoves(t *testing.T) {
	cases := []struct{ name, move, detail string }{
		{"onto own piece", "MOV:A,S", "onto your own piece"},
		{"off the board", "MOV:E,S", "leave the board away from an exit"},
		{"opponent's piece", "MOV:a,N", "opponent's piece"},
		{"no such piece", "MOV:I,N", "not a piece letter"},
		{"bad direction", "MOV:A,X", "direction"},
		{"placement again", "SET:ABCD", "when a move (MOV:) was asked for"},
		{"spaces", "MOV: A,N", "want MOV:<piece A-H>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := serve(t, ServerConfig{Games: 1, PlyLimit: 200})
			f, g := s.pair(t, "BCEF", "BCFG")
			if b := f.expect("MOV?"); b[4:] != "14B24R34R44B15R25R35B45B41u31u21u11u40u30u20u10u" {
				t.Fatalf("first board %s", b)
			}
			f.send(c.move)
			f.expect("NG ")
			// The end boards show every colour, the opponent's in lower
			// case, turned into the receiver's frame.
			if l := f.expect("LST:"); l != "LST:14B24R34R44B15R25R35B45B41b31r21r11b40b30r20r10b" {
				t.Errorf("first player's end board %s", l)
			}
			if l := g.expect("WON:"); l != "WON:14B24R34R44B15B25R35R45B41b31r21r11b40r30r20b10b" {
				t.Errorf("second player's end board %s", l)
			}
			recs := s.wait(t)
			if len(recs) != 1 || recs[0].Result != "second" || recs[0].Reason != string(match.ByIllegalMove) || !strings.Contains(recs[0].Detail, c.detail) {
				t.Fatalf("records %+v, want detail with %q", recs, c.detail)
			}
		})
	}
}

// TestServerEscapes walks the first player's blue A to its exit (0,0)
// and off the board; a red cannot leave, and no piece leaves elsewhere.
func TestServerEscapes(t *testing.T) {
	walk := []string{"W", "N", "N", "N", "N"}
	play := func(t *testing.T, reds string, last string) (*served, *fake, *fake) {
		s := serve(t, ServerConfig{Games: 1, PlyLimit: 200})
		f, g := s.pair(t, reds, "BCFG")
		back := []string{"N", "S"}
		for i, d := range walk {
			f.expect("MOV?")
			f.send("MOV:A," + d)
			f.expect("OK ")
			g.expect("MOV?")
			g.send("MOV:A," + back[i%2])
			g.expect("OK ")
		}
		b := f.expect("MOV?")
		if !strings.HasPrefix(b, "MOV?00") {
			t.Fatalf("A is not on (0,0): %s", b)
		}
		f.send("MOV:A," + last)
		return s, f, g
	}
	for _, dir := range []string{"N", "W", "NORTH", "WEST"} {
		t.Run("blue "+dir, func(t *testing.T) {
			s, f, g := play(t, "BCDE", dir)
			f.expect("OK ")
			w := f.expect("WON:")
			if !strings.HasPrefix(w, "WON:88b") {
				t.Errorf("end board %s: A is not escaped", w)
			}
			l := g.expect("LST:")
			if !strings.Contains(l, "88b") {
				t.Errorf("end board %s: the escape is not shown", l)
			}
			recs := s.wait(t)
			if len(recs) != 1 || recs[0].Result != "first" || recs[0].Reason != string(match.ByEscape) || recs[0].Plies != 11 {
				t.Fatalf("records %+v", recs)
			}
			if _, _, err := recs[0].Replay(); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("red", func(t *testing.T) {
		s, f, g := play(t, "ABCD", "N")
		f.expect("NG ")
		f.expect("LST:")
		g.expect("WON:")
		recs := s.wait(t)
		if len(recs) != 1 || recs[0].Result != "second" || !strings.Contains(recs[0].Detail, "only a blue escapes") {
			t.Fatalf("records %+v", recs)
		}
	})
	t.Run("east is a step", func(t *testing.T) {
		// A steps onto (1,0), where the second player's blue h stands.
		s, f, g := play(t, "BCDE", "E")
		f.expect("OKB")
		g.expect("MOV?")
		g.c.Close()
		f.expect("WON:")
		recs := s.wait(t)
		if len(recs) != 1 || recs[0].Result != "first" || recs[0].Reason != string(match.ByDisconnect) || !strings.Contains(recs[0].Detail, "disconnected") {
			t.Fatalf("records %+v", recs)
		}
	})
}

// TestServerPlyLimit draws at the limit, both players' moves counted.
func TestServerPlyLimit(t *testing.T) {
	s := serve(t, ServerConfig{Games: 1, PlyLimit: 6})
	f, g := s.pair(t, "BCDE", "BCFG")
	for i := 0; i < 3; i++ {
		d := []string{"N", "S"}[i%2]
		f.expect("MOV?")
		f.send("MOV:A," + d)
		f.expect("OK ")
		g.expect("MOV?")
		g.send("MOV:A," + d)
		g.expect("OK ")
	}
	f.expect("DRW:")
	g.expect("DRW:")
	recs := s.wait(t)
	if len(recs) != 1 || recs[0].Result != "draw" || recs[0].Reason != string(match.ByPlyLimit) || recs[0].Plies != 6 {
		t.Fatalf("records %+v", recs)
	}
	if _, _, err := recs[0].Replay(); err != nil {
		t.Fatal(err)
	}
}

// TestServerClock: a player that does not answer within its clock loses.
func TestServerClock(t *testing.T) {
	s := serve(t, ServerConfig{Games: 1, PlyLimit: 200, TimePerMove: 200 * time.Millisecond, Budget: 100 * time.Millisecond})
	f, g := s.pair(t, "BCDE", "BCFG")
	f.expect("MOV?")
	start := time.Now() // before the second player's clock starts
	f.send("MOV:A,N")
	f.expect("OK ")
	g.expect("MOV?")
	g.expect("LST:")
	if took := time.Since(start); took < 300*time.Millisecond || took > 5*time.Second {
		t.Errorf("the clock ran out after %v, want about 300ms (budget + time per move)", took)
	}
	f.expect("WON:")
	recs := s.wait(t)
	if len(recs) != 1 || recs[0].Result != "first" || !strings.Contains(recs[0].Detail, "clock ran out") {
		t.Fatalf("records %+v", recs)
	}
}

// TestServerFloods: a line without end beyond the limit loses, and so
// does a message out of turn.
func TestServerFloods(t *testing.T) {
	t.Run("no line end", func(t *testing.T) {
		s := serve(t, ServerConfig{Games: 1, PlyLimit: 200})
		f, g := s.pair(t, "BCDE", "BCFG")
		f.expect("MOV?")
		f.sendRaw(strings.Repeat("MOV:A,N", 2000))
		g.expect("WON:")
		recs := s.wait(t)
		if len(recs) != 1 || recs[0].Result != "second" || !strings.Contains(recs[0].Detail, "more than 256 bytes") {
			t.Fatalf("records %+v", recs)
		}
	})
	t.Run("out of turn", func(t *testing.T) {
		s := serve(t, ServerConfig{Games: 1, PlyLimit: 200})
		f, g := s.pair(t, "BCDE", "BCFG")
		f.expect("MOV?")
		for i := 0; i < 50; i++ {
			g.send("MOV:A,N")
		}
		g.expect("NG ")
		g.expect("LST:")
		f.expect("WON:")
		recs := s.wait(t)
		if len(recs) != 1 || recs[0].Result != "first" || !strings.Contains(recs[0].Detail, "out of turn") {
			t.Fatalf("records %+v", recs)
		}
	})
}

// TestServerNextGames: a player that disconnects loses; the next game is
// played on a new connection for one seat and the kept connection for
// the other (sent SET? again); a player that forfeits is closed after
// the game and connects anew; a move on a kept connection before its
// placement is skipped, a bad placement is NG; the server reports the
// score of all games.
func TestServerNextGames(t *testing.T) {
	s := serve(t, ServerConfig{Games: 3, PlyLimit: 200})
	f, g := s.pair(t, "BCDE", "BCFG")
	f.expect("MOV?")
	f.c.Close()
	g.expect("WON:")
	// Game 2: the first player connects anew; the second stays.
	g.expect("SET?")
	f2 := dialFake(t, s.srv.Addr(engine.First))
	f2.expect("SET?")
	f2.send("SET:ADEH")
	g.send("SET:ABCD")
	f2.expect("OK ")
	g.expect("OK ")
	f2.expect("MOV?" + "14R24B34B44R15R25B35B45R")
	f2.send("MOV:D,E")
	f2.expect("OK ")
	// The second player's view: the first player's D moved from (4,4) to
	// (5,4) of its frame, (1,1) to (0,1) of the second's.
	b := g.expect("MOV?")
	if !strings.HasSuffix(b, "41u31u21u01u40u30u20u10u") {
		t.Errorf("second player's board %s", b)
	}
	g.send("MOV:A,N")
	g.expect("OK ")
	f2.expect("MOV?")
	f2.send("MOV:D,N")
	f2.expect("OK ")
	g.expect("MOV?")
	g.send("MOV:E,E") // E at (1,5) steps onto F at (2,5): illegal
	g.expect("NG ")
	g.expect("LST:")
	f2.expect("WON:")
	// Game 3: the second player made an illegal move, and the server
	// closed its connection; it connects anew. The first player's kept
	// connection sends a move (skipped: one sent as the last game ended),
	// then answers SET? with garbage: NG, and it loses.
	g.expectClosed()
	f2.expect("SET?")
	g3 := dialFake(t, s.srv.Addr(engine.Second))
	g3.expect("SET?")
	g3.send("SET:ABCD")
	f2.send("MOV:A,N")
	f2.send("SET:A")
	f2.expect("NG ")
	f2.expect("LST:")
	g3.expect("OK ")
	g3.expect("WON:")
	recs := s.wait(t)
	if s.err != nil || s.sum.Games != 3 || s.sum.SecondWins != 2 || s.sum.FirstWins != 1 || s.sum.Draws != 0 {
		t.Fatalf("summary %+v, error %v", s.sum, s.err)
	}
	if len(recs) != 3 || recs[0].Reason != string(match.ByDisconnect) || recs[1].Reason != string(match.ByIllegalMove) || recs[2].Reason != string(match.ByIllegalMove) {
		t.Fatalf("records %+v", recs)
	}
	if recs[1].Plies != 3 || recs[1].FirstReds != "ADEH" {
		t.Errorf("game 2 record %+v", recs[1])
	}
	f2.expectClosed()
}

// TestServerCloseAfterGame closes both connections after each game, as
// the tournament server does.
func TestServerCloseAfterGame(t *testing.T) {
	s := serve(t, ServerConfig{Games: 1, PlyLimit: 2, CloseAfterGame: true})
	f, g := s.pair(t, "BCDE", "BCFG")
	f.expect("MOV?")
	f.send("MOV:A,N")
	f.expect("OK ")
	g.expect("MOV?")
	g.send("MOV:A,N")
	g.expect("OK ")
	f.expect("DRW:")
	g.expect("DRW:")
	f.expectClosed()
	g.expectClosed()
	s.wait(t)
}

// TestServerListensOnLoopback: the default address is 127.0.0.1.
func TestServerListensOnLoopback(t *testing.T) {
	srv, err := Listen(ServerConfig{Games: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for pl := engine.First; pl <= engine.Second; pl++ {
		a := srv.Addr(pl).(*net.TCPAddr)
		if !a.IP.IsLoopback() {
			t.Errorf("listening on %v", a)
		}
	}
}
