package gat

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// hostileCase is a client misbehaving once in game 1 of a served match.
type hostileCase struct {
	name      string
	midGame   bool   // at its first turn (false: when asked for its placement)
	outOfTurn bool   // while the other player is to move
	send      string // what it sends instead of its answer ("" with hangUp or silence)
	hangUp    bool
	reason    match.Reason
	detail    string   // in the record's detail
	told      []string // the lines it gets before the server is done with it
	closed    bool     // the server then closes its connection
	slow      bool     // the other player waits for the clock
}

var hostileCases = []hostileCase{
	{name: "silent at placement", reason: match.ByTimeout, detail: "did not answer SET?", told: []string{"LST:"}, closed: true, slow: true},
	{name: "disconnect at placement", hangUp: true, reason: match.ByDisconnect, detail: "disconnected before it sent its placement"},
	{name: "garbage at placement", send: "hello\x00\xff\r\n", reason: match.ByIllegalMove, detail: "unknown client message", told: []string{"NG ", "LST:"}},
	{name: "over-long line at placement", send: strings.Repeat("SET:", 80), reason: match.ByIllegalMove, detail: "more than 256 bytes", told: []string{"NG ", "LST:"}, closed: true},
	{name: "over-long line with its end at placement", send: strings.Repeat("SET:", 80) + "\r\n", reason: match.ByIllegalMove, detail: "more than 256 bytes", told: []string{"NG ", "LST:"}, closed: true},
	{name: "silent mid-game", midGame: true, reason: match.ByTimeout, detail: "clock ran out", told: []string{"LST:"}, closed: true, slow: true},
	{name: "disconnect mid-game", midGame: true, hangUp: true, reason: match.ByDisconnect, detail: "disconnected at ply"},
	{name: "garbage mid-game", midGame: true, send: "MOV:Z,Q\r\n", reason: match.ByIllegalMove, detail: "not a piece letter", told: []string{"NG ", "LST:"}},
	{name: "over-long line mid-game", midGame: true, send: strings.Repeat("MOV:A,N", 50), reason: match.ByIllegalMove, detail: "more than 256 bytes", told: []string{"NG ", "LST:"}, closed: true},
	{name: "over-long line with its end mid-game", midGame: true, send: strings.Repeat("MOV:A,N", 50) + "\r\n", reason: match.ByIllegalMove, detail: "more than 256 bytes", told: []string{"NG ", "LST:"}, closed: true},
	{name: "out of turn", midGame: true, outOfTurn: true, send: "MOV:B,N\r\n", reason: match.ByIllegalMove, detail: "out of turn", told: []string{"NG ", "LST:"}},
}

// TestServerHostileClients is the hostile-client suite: in each case one
// player of game 1 misbehaves, in either seat; the game ends with its
// loss and the other's win, each told at once (within the clock where
// the clock decides), and the server referees game 2 between two new
// connections to its end.
func TestServerHostileClients(t *testing.T) {
	const clock = 300 * time.Millisecond
	for _, c := range hostileCases {
		for _, bad := range []engine.Player{engine.First, engine.Second} {
			t.Run(c.name+"/"+bad.Name(), func(t *testing.T) {
				t.Parallel()
				s := serve(t, ServerConfig{Games: 2, PlyLimit: 4, TimePerMove: clock, Wait: 5 * time.Second})
				var f [2]*fake
				for i := range f {
					f[i] = dialFake(t, s.srv.Addr(engine.Player(i)))
					f[i].expect("SET?")
				}
				good := bad.Other()
				f[good].send("SET:BCDE")
				misbehave := func() time.Time {
					start := time.Now()
					switch {
					case c.hangUp:
						f[bad].c.Close()
					case c.send != "":
						f[bad].sendRaw(c.send)
					}
					return start
				}
				var start time.Time
				if c.midGame {
					f[bad].send("SET:BCFG")
					f[good].expect("OK ")
					f[bad].expect("OK ")
					f[engine.First].expect("MOV?")
					switch {
					case c.outOfTurn && bad == engine.Second:
						start = misbehave()
					case bad == engine.First && !c.outOfTurn:
						start = misbehave()
					default:
						f[engine.First].send("MOV:A,N")
						f[engine.First].expect("OK ")
						f[engine.Second].expect("MOV?")
						start = misbehave()
					}
				} else {
					start = misbehave()
					f[good].expect("OK ")
				}
				f[good].expect("WON:")
				took := time.Since(start)
				switch {
				case c.slow && (took < clock-50*time.Millisecond || took > clock+3*time.Second):
					t.Errorf("the winner was told after %v, want about the clock %v", took, clock)
				case !c.slow && took > 3*time.Second:
					t.Errorf("the winner was told after %v, want at once", took)
				}
				for _, l := range c.told {
					f[bad].expect(l)
				}
				if c.closed {
					f[bad].expectClosed()
				}
				f[0].c.Close()
				f[1].c.Close()

				// Game 2 on new connections: four plies to the ply limit.
				var n [2]*fake
				for i := range n {
					n[i] = dialFake(t, s.srv.Addr(engine.Player(i)))
					n[i].expect("SET?")
				}
				n[0].send("SET:BCDE")
				n[1].send("SET:BCFG")
				n[0].expect("OK ")
				n[1].expect("OK ")
				for _, piece := range []string{"A", "B"} {
					for i := range n {
						n[i].expect("MOV?")
						n[i].send("MOV:" + piece + ",N")
						n[i].expect("OK ")
					}
				}
				n[0].expect("DRW:")
				n[1].expect("DRW:")
				recs := s.wait(t)
				if s.err != nil || len(recs) != 2 {
					t.Fatalf("error %v, records %+v", s.err, recs)
				}
				r := recs[0]
				if r.Result != good.Name() || r.Reason != string(c.reason) || !strings.Contains(r.Detail, c.detail) || !strings.Contains(r.Detail, bad.Name()+" player") {
					t.Errorf("game 1: %s won (%s): %s; want %s to win (%s) with %q", r.Result, r.Reason, r.Detail, good.Name(), c.reason, c.detail)
				}
				if r := recs[1]; r.Result != "draw" || r.Reason != string(match.ByPlyLimit) || r.Plies != 4 {
					t.Errorf("game 2: %+v", r)
				}
			})
		}
	}
}

// TestServerAndClientCountPliesAlike: the server's detail and our
// client's account of a forfeit name the same ply (the move that was
// due), and both count the plies played the same.
func TestServerAndClientCountPliesAlike(t *testing.T) {
	s := serve(t, ServerConfig{Games: 1, PlyLimit: 200, TimePerMove: 300 * time.Millisecond})
	ag, err := player.New("random", player.Env{})
	if err != nil {
		t.Fatal(err)
	}
	games := make(chan ClientGame, 1)
	done := make(chan error, 1)
	go func() {
		_, err := Connect(context.Background(), ClientConfig{Addr: s.srv.Addr(engine.First).String(), Side: engine.First, Agent: ag, Games: 1, Seed: 3, Wait: 5 * time.Second,
			OnGame: func(g ClientGame) { games <- g }})
		done <- err
	}()
	g := dialFake(t, s.srv.Addr(engine.Second))
	g.expect("SET?")
	g.send("SET:BCFG")
	g.expect("OK ")
	g.expect("MOV?")
	g.send("MOV:A,N") // ply 2
	g.expect("OK ")
	g.expect("MOV?") // ply 4: silence
	g.expect("LST:")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	cg := <-games
	recs := s.wait(t)
	if len(recs) != 1 || recs[0].Reason != string(match.ByTimeout) || recs[0].Plies != 3 || !strings.Contains(recs[0].Detail, "at ply 4") {
		t.Fatalf("server: %+v", recs)
	}
	if cg.Result != "won" || cg.Reason != match.ByForfeit || cg.Plies != 3 || !strings.Contains(cg.How, "at ply 4") {
		t.Fatalf("client: %+v", cg)
	}
	if sg := (ServedGame{Number: 1, Game: match.Game{Outcome: engine.FirstWins, Reason: match.ByTimeout, Moves: make([]engine.Move, 1)}}); !strings.Contains(sg.Line(), "(timeout, 1 ply)") {
		t.Errorf("line %q: want 1 ply", sg.Line())
	}
}
