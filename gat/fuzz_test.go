package gat

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

var serverSeeds = []string{
	"SET?", "OK ", "OK", "OKR", "OKB", "NG ", "NG",
	"MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u",
	"WON:88b24R34R44R15R25B35B45B41b31r21r11b40r30r20b10b",
	"LST:14B24R34R44B15B25R35R45B41b31r21r11b40r30r20b10b",
	"DRW:99b24R34R44R15R25B35B45B41u31u21u11u40u30u20u99r",
	"MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u1xu",
	"MOV?14B14R", "WON:", "HELLO", "",
}

// FuzzParseServerMessage: no input panics, and a message that parses is
// written back as a line that parses to the same message.
func FuzzParseServerMessage(f *testing.F) {
	for _, s := range serverSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseServerMessage(s)
		if err != nil {
			return
		}
		out := string(AppendMessage(nil, m))
		if !strings.HasSuffix(out, "\r\n") {
			t.Fatalf("%q written as %q", s, out)
		}
		m2, err := ParseServerMessage(strings.TrimSuffix(out, "\r\n"))
		if err != nil || m2 != m {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, m, out, m2, err)
		}
	})
}

// FuzzParseClientMessage: no input panics, a message that parses is
// written back as a line that parses to the same message, and a move is
// always a letter A-H and one of the four directions.
func FuzzParseClientMessage(f *testing.F) {
	for _, s := range []string{"SET:BCFG", "SET:AAB", "SET:abcd", "MOV:A,N", "MOV:H,SOUTH", "MOV:a,N", "MOV:A,X", "MOV:A,", "MOV:", "SET:", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseClientMessage(s)
		if err != nil {
			return
		}
		switch m.Kind {
		case KindSet:
			if !m.Reds.Valid() {
				t.Fatalf("%q: placement %08b is not four reds", s, m.Reds)
			}
		case KindMove:
			if m.Piece < 0 || m.Piece > 7 || m.Dir > South {
				t.Fatalf("%q: piece %d dir %d", s, m.Piece, m.Dir)
			}
		default:
			t.Fatalf("%q: kind %v", s, m.Kind)
		}
		out := string(AppendMessage(nil, m))
		m2, err := ParseClientMessage(strings.TrimSuffix(out, "\r\n"))
		if err != nil || m2 != m {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, m, out, m2, err)
		}
	})
}

// FuzzClientStream feeds the client whatever a server might send: it
// never panics, and it returns soon after the stream ends.
func FuzzClientStream(f *testing.F) {
	f.Add("SET?\r\nOK \r\nMOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\nOK \r\n")
	f.Add("SET?\r\nOK \r\nWON:14B24R34R44R15R25B35B45B41b31r21r11b40r30r20b10b\r\n")
	f.Add("SET?\r\nNG \r\nLST:14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\n")
	f.Add("SET?\r\nOK \r\nMOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\nOKR\r\nMOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\n")
	f.Add("SET?\nOK\nDRW:14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\n")
	ag, err := player.New("random", player.Env{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, stream string) {
		srvEnd, cliEnd := net.Pipe()
		go func() {
			// Read and drop what the client sends; write the stream; hang up.
			go func() {
				buf := make([]byte, 256)
				for {
					if _, err := srvEnd.Read(buf); err != nil {
						return
					}
				}
			}()
			srvEnd.SetWriteDeadline(time.Now().Add(time.Second))
			srvEnd.Write([]byte(stream))
			srvEnd.Close()
		}()
		start := time.Now()
		for _, side := range []engine.Player{engine.First} {
			Connect(context.Background(), ClientConfig{Side: side, Agent: ag, Games: 1, Wait: time.Second,
				dial: func(context.Context) (net.Conn, error) { return cliEnd, nil }})
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("the client took %v on %q", took, stream)
		}
		cliEnd.Close()
	})
}

// FuzzServerStream feeds our server whatever a first player might send,
// against our client as the second player: the server never panics,
// referees the game to an end within its clock, and its record is well
// formed.
func FuzzServerStream(f *testing.F) {
	f.Add("SET:BCDE\r\nMOV:A,N\r\n")
	f.Add("SET:BCDE\r\nMOV:A,W\r\nMOV:A,N\r\nMOV:A,N\r\n")
	f.Add("SET:AAAA\r\n")
	f.Add("SET:BCDE\nMOV:a,N\n")
	f.Add("SET:BCDE\r\n" + strings.Repeat("x", 300))
	f.Add("\r\n\r\nMOV:H,SOUTH\r\n")
	f.Fuzz(func(t *testing.T, stream string) {
		// An agent for each game: a client's agent may still be in Move
		// when Connect returns, and the next game's client would start
		// it again (NewGame) at the same time.
		ag, err := player.New("random", player.Env{})
		if err != nil {
			t.Fatal(err)
		}
		var recs strings.Builder
		srv, err := Listen(ServerConfig{Games: 1, PlyLimit: 200, TimePerMove: 300 * time.Millisecond, Records: &recs})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// Whatever the stream, a game is played: a stream without a line
		// end is a disconnect or an over-long line at the placement.
		go func() {
			c, err := net.Dial("tcp", srv.Addr(engine.First).String())
			if err != nil {
				return
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(2 * time.Second))
			c.Write([]byte(stream))
			c.(*net.TCPConn).CloseWrite()
			// Read until the server ends the game and hangs up.
			buf := make([]byte, 512)
			for {
				if _, err := c.Read(buf); err != nil {
					return
				}
			}
		}()
		connected := make(chan struct{})
		go func() {
			defer close(connected)
			Connect(ctx, ClientConfig{Addr: srv.Addr(engine.Second).String(), Side: engine.Second, Agent: ag, Games: 1, PlyLimit: 200, Wait: 3 * time.Second})
		}()
		defer func() { cancel(); <-connected }() // no client outlives its game
		start := time.Now()
		sum, err := srv.Serve(ctx)
		if err != nil || sum.Games != 1 {
			t.Fatalf("on %q: %+v, %v", stream, sum, err)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("on %q the game took %v", stream, took)
		}
		rec, err := match.ParseRecord(strings.TrimSpace(recs.String()))
		if err != nil {
			t.Fatalf("on %q: record %q: %v", stream, recs.String(), err)
		}
		if !match.Reason(rec.Reason).Forfeit() {
			// A decisive or drawn game: its record replays.
			if _, _, err := rec.Replay(); err != nil {
				t.Fatalf("on %q: %v", stream, err)
			}
		}
	})
}
