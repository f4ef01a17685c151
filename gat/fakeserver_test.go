package gat

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// step is one step of a scripted server: bytes to send, or a line the
// client must send (checked exactly), or hanging up.
type step struct {
	send   string
	expect string
	hangUp bool
	silent time.Duration // wait this long, sending nothing
	prefix bool          // expect is only the start of the line
}

// Ways of writing what the scripted server sends between two client
// lines.
const (
	wholeMessages = -1 // one write per message
	mergedWrites  = -2 // everything pending in one write
	byteWrites    = -3 // one write per byte
	// 1..: every message split in two writes after that many bytes
)

// pieceDir returns the letter index and direction of move m of pl.
func pieceDir(r *referee, pl engine.Player, m engine.Move) (int, Dir) {
	k := -1
	for i := 0; i < 8; i++ {
		if r.gone[pl][i] == 0 && r.at[pl][i] == m.From() {
			k = i
		}
	}
	if m.IsEscape() {
		return k, North
	}
	x, y := xyOf(m.From(), pl)
	tx, ty := xyOf(m.To(), pl)
	switch {
	case ty < y:
		return k, North
	case ty > y:
		return k, South
	case tx > x:
		return k, East
	}
	return k, West
}

func line(m Message) string { return string(AppendMessage(nil, m)) }

// transcript plays game 1 of a match between specMe (on side me) and
// specOpp seeded by seed in-process, and returns the messages the
// tournament server would exchange with me's client, and the game.
func transcript(t testing.TB, me engine.Player, specMe, specOpp string, seed uint64) ([]step, match.Game) {
	return transcriptN(t, me, specMe, specOpp, seed, 1)
}

// transcriptN is transcript for game n of the match (agents fresh).
func transcriptN(t testing.TB, me engine.Player, specMe, specOpp string, seed uint64, n int) ([]step, match.Game) {
	t.Helper()
	a, err := player.New(specMe, player.DefaultEnv())
	if err != nil {
		t.Fatal(err)
	}
	o, _ := player.New(specOpp, player.DefaultEnv())
	first, second := a, o
	if me == engine.Second {
		first, second = o, a
	}
	g, err := match.Play(context.Background(), first, second, match.GameSeed(seed, n-1), engine.DefaultPlyLimit, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var r referee
	r.start(g.FirstReds, g.SecondReds, nil)
	myReds := g.FirstReds
	if me == engine.Second {
		myReds = g.SecondReds
	}
	steps := []step{{send: "SET?\r\n"}, {expect: "SET:" + myReds.String()}, {send: "OK \r\n"}}
	for _, m := range g.Moves {
		mover := r.pos.Turn()
		k, d := pieceDir(&r, mover, m)
		if mover == me {
			steps = append(steps, step{send: line(Message{Kind: KindMoveQ, Board: r.board(me, false)})},
				step{expect: fmt.Sprintf("MOV:%c,%s", 'A'+k, d)})
		}
		c, err := r.move(mover, k, d)
		if err != nil {
			t.Fatalf("transcript: %v", err)
		}
		if mover == me {
			steps = append(steps, step{send: line(Message{Kind: KindOK, Captured: c})})
		}
	}
	kind := KindDraw
	if w, ok := g.Outcome.Winner(); ok {
		kind = KindLost
		if w == me {
			kind = KindWon
		}
	}
	steps = append(steps, step{send: line(Message{Kind: kind, Board: r.board(me, true)})})
	return steps, g
}

// scripted runs steps as a server on one end of a pipe, writing as mode
// says, and returns what went wrong on the server's side.
func scripted(conn net.Conn, steps []step, mode int, stop <-chan struct{}) <-chan error {
	done := make(chan error, 1)
	go func() {
		defer conn.Close()
		br := bufio.NewReader(conn)
		var pending []string
		flush := func() error {
			var writes []string
			switch {
			case mode == mergedWrites:
				writes = []string{strings.Join(pending, "")}
			case mode == wholeMessages:
				writes = pending
			case mode == byteWrites:
				for _, p := range pending {
					for i := range len(p) {
						writes = append(writes, p[i:i+1])
					}
				}
			default:
				for _, p := range pending {
					if mode < len(p) {
						writes = append(writes, p[:mode], p[mode:])
					} else {
						writes = append(writes, p)
					}
				}
			}
			pending = pending[:0]
			for _, w := range writes {
				if w == "" {
					continue
				}
				conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
				if _, err := conn.Write([]byte(w)); err != nil {
					return err
				}
			}
			return nil
		}
		for i, s := range steps {
			switch {
			case s.send != "":
				pending = append(pending, s.send)
				continue
			}
			if err := flush(); err != nil {
				done <- fmt.Errorf("step %d: write: %v", i, err)
				return
			}
			if s.silent > 0 {
				select {
				case <-time.After(s.silent):
				case <-stop:
					done <- nil
					return
				}
			}
			switch {
			case s.hangUp:
				done <- nil
				return
			case s.expect != "":
				conn.SetReadDeadline(time.Now().Add(5 * time.Second))
				got, err := br.ReadString('\n')
				if err != nil {
					done <- fmt.Errorf("step %d: want %q from the client: %v", i, s.expect, err)
					return
				}
				if s.prefix && strings.HasPrefix(got, s.expect) && strings.HasSuffix(got, "\r\n") {
					continue
				}
				if got != s.expect+"\r\n" {
					done <- fmt.Errorf("step %d: the client sent %q, want %q", i, got, s.expect+"\r\n")
					return
				}
			}
		}
		done <- flush()
	}()
	return done
}

// runScripted connects a client playing side me with agent spec to a
// scripted server and returns its games and error; it fails the test if
// the client takes longer than limit.
func runScripted(t *testing.T, me engine.Player, spec string, seed uint64, steps []step, mode int, wait, limit time.Duration) ([]ClientGame, error, error) {
	t.Helper()
	return runScriptedGames(t, me, spec, seed, [][]step{steps}, mode, wait, limit, nil)
}

// runScriptedGames is runScripted for len(scripts) games, one scripted
// connection each (a connection made beyond them is closed at once);
// tune, when not nil, changes the client's configuration. The error
// returned for the scripts is the first script's.
func runScriptedGames(t *testing.T, me engine.Player, spec string, seed uint64, scripts [][]step, mode int, wait, limit time.Duration, tune func(*ClientConfig)) ([]ClientGame, error, error) {
	t.Helper()
	ag, err := player.New(spec, player.DefaultEnv())
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var ends []net.Conn
	var srvDone []<-chan error
	for _, steps := range scripts {
		srvEnd, cliEnd := net.Pipe()
		ends = append(ends, cliEnd)
		srvDone = append(srvDone, scripted(srvEnd, steps, mode, stop))
	}
	var games []ClientGame
	dials := 0
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	cfg := ClientConfig{
		Side: me, Agent: ag, Name: spec, Games: len(scripts), Seed: seed, PlyLimit: engine.DefaultPlyLimit, Wait: wait,
		OnGame:     func(g ClientGame) { games = append(games, g) },
		ConnectFor: 300 * time.Millisecond, Pause: 20 * time.Millisecond, KeepFor: 100 * time.Millisecond,
		dial: func(context.Context) (net.Conn, error) {
			dials++
			if dials <= len(ends) {
				return ends[dials-1], nil
			}
			// Connecting again: a server that hangs up at once.
			a, b := net.Pipe()
			a.Close()
			return b, nil
		},
	}
	if tune != nil {
		tune(&cfg)
	}
	start := time.Now()
	_, cerr := Connect(ctx, cfg)
	if took := time.Since(start); took > limit {
		t.Errorf("the client took %v, more than %v", took, limit)
	}
	close(stop)
	for _, c := range ends {
		c.Close()
	}
	first := <-srvDone[0]
	for _, d := range srvDone[1:] {
		<-d
	}
	return games, cerr, first
}

// TestClientFollowsSplitAndMergedMessages plays whole games against a
// scripted server that writes every message split after every possible
// byte, byte by byte, and with all messages between two client lines
// merged in one write, in both seats: the client must send exactly the
// tournament's messages and end with the right result and record.
func TestClientFollowsSplitAndMergedMessages(t *testing.T) {
	modes := []int{wholeMessages, mergedWrites, byteWrites}
	for k := 1; k <= 53; k++ {
		modes = append(modes, k)
	}
	for _, me := range []engine.Player{engine.First, engine.Second} {
		seed := uint64(11 + me)
		steps, g := transcript(t, me, "random", "random", seed)
		want := match.RecordOf(g, 1, "", "", engine.DefaultPlyLimit)
		for _, mode := range modes {
			games, cerr, serr := runScripted(t, me, "random", seed, steps, mode, 5*time.Second, 10*time.Second)
			if cerr != nil || serr != nil {
				t.Fatalf("%s, mode %d: client: %v; server: %v", me.Name(), mode, cerr, serr)
			}
			if len(games) != 1 || games[0].Record == nil {
				t.Fatalf("%s, mode %d: games %+v", me.Name(), mode, games)
			}
			got := games[0].Record
			if got.FirstReds != want.FirstReds || got.SecondReds != want.SecondReds || got.Result != want.Result ||
				got.Reason != want.Reason || strings.Join(got.Moves, " ") != strings.Join(want.Moves, " ") {
				t.Fatalf("%s, mode %d: the client's record\n %+v\nwant\n %+v", me.Name(), mode, got, want)
			}
		}
	}
}

// startOf returns the first messages of a game for the first player
// placing reds as the random agent with seed does, up to its first move.
func startOf(t *testing.T, seed uint64) (steps []step, firstMove string) {
	s, _ := transcript(t, engine.First, "random", "random", seed)
	// SET?, SET:, OK, MOV?, MOV:
	return s[:5], s[4].expect
}

// toggled returns the board with its first piece's colour changed.
func toggled(b string) string {
	c := map[byte]string{'R': "B", 'B': "R"}[b[2]]
	return b[:2] + c + b[3:]
}

// TestClientFaults is the hostile-server suite: the client ends a game
// the server spoils with a clear error naming the game, within its own
// clock (Wait), or reports the game when the server ends it early; and
// then plays the next game, on a new connection, to its end.
func TestClientFaults(t *testing.T) {
	const seed = 5
	start, _ := startOf(t, seed)
	startBoard := start[3].send
	game2, g2 := transcriptN(t, engine.First, "random", "random", seed, 2)
	want2 := match.RecordOf(g2, 2, "", "", engine.DefaultPlyLimit)
	// A game the server never ends: the moves of game 1 of a seed whose
	// game 1 is longer than its game 2, cut at the client's bound (past
	// game 2's length), then silence.
	var endless, endless2 []step
	var endlessSeed uint64
	var endlessWant match.Record
	maxPlies := 0
	for ls := uint64(1); endless == nil; ls++ {
		long, lg := transcript(t, engine.First, "random", "random", ls)
		next, ng := transcriptN(t, engine.First, "random", "random", ls, 2)
		if len(lg.Moves) < len(ng.Moves)+6 {
			continue
		}
		maxPlies, endlessSeed, endless2 = len(ng.Moves)+1, ls, next
		endlessWant = match.RecordOf(ng, 2, "", "", engine.DefaultPlyLimit)
		for asked := 0; asked <= (maxPlies+1)/2; {
			endless = append(endless, long[len(endless)])
			if strings.HasPrefix(endless[len(endless)-1].send, "MOV?") {
				asked++
			}
		}
		endless = append(endless, step{silent: 5 * time.Second})
	}
	cases := []struct {
		name    string
		steps   []step
		wantErr string // "" for a finished game
		wantHow string
		result  string
	}{
		{"NG then LST", append(append([]step{}, start...), step{send: "NG \r\nLST:" + startBoard[4:]}),
			"", "illegal move: the server refused our move", "lost"},
		{"NG then silence", append(append([]step{}, start...), step{send: "NG \r\n"}, step{silent: 5 * time.Second}),
			"sent nothing for", "", ""},
		{"disconnect mid-game", append(append([]step{}, start...), step{send: "OK \r\n"}, step{hangUp: true}),
			"closed the connection in the middle of the game", "", ""},
		{"disconnect before SET?", []step{{hangUp: true}}, "before the game began (again and again for 300ms)", "", ""},
		{"truncated message", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?14B24"}, {hangUp: true}},
			"in the middle of a message", "", ""},
		{"truncated board", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u\r\n"}, {silent: 5 * time.Second}},
			"has 42 characters, want 48", "", ""},
		{"malformed board", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u1xu\r\n"}, {silent: 5 * time.Second}},
			"is not two digits", "", ""},
		{"two pieces on a square", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?14B14R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\n"}, {silent: 5 * time.Second}},
			"holds two pieces", "", ""},
		{"opponent moving before us", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?" + strings.Replace(startBoard[4:], "41u", "42u", 1)}, {silent: 5 * time.Second}},
			"shows the opponent has moved already: we are the second player, not the first", "", ""},
		{"our colour changed", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nMOV?" + toggled(startBoard[4:])}, {silent: 5 * time.Second}},
			"but the game so far (0 plies) puts it at", "", ""},
		{"flood", []step{{send: "SET?\r\n" + strings.Repeat("x", 5000)}, {silent: 5 * time.Second}}, "more than 256 bytes", "", ""},
		{"unknown message", []step{{send: "HELLO\r\n"}, {silent: 5 * time.Second}}, `unknown server message "HELLO"`, "", ""},
		{"silent server", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {silent: 5 * time.Second}}, "sent nothing for", "", ""},
		{"WON before the first move", []step{{send: "SET?\r\n"}, {expect: start[1].expect}, {send: "OK \r\nWON:" + startBoard[4:]}},
			"", "the opponent forfeited at ply 1", "won"},
		{"LST while our move waits for its answer", append(append([]step{}, start...), step{send: "LST:" + startBoard[4:]}),
			"", "forfeit at ply 1 without a decisive board", "lost"},
		{"SET? again mid-game", append(append([]step{}, start...), step{send: "OK \r\nSET?\r\n"}, step{silent: 5 * time.Second}),
			"SET?) again in the middle of the game", "", ""},
		{"second player on the first player's port", nil, "shows no move of the opponent: we are the first player, not the second", "", ""},
		{"OK out of the blue", []step{{send: "OK \r\n"}, {silent: 5 * time.Second}}, "we had sent nothing to answer", "", ""},
		{"over-long line with its line end", []step{{send: "SET?\r\n" + strings.Repeat("MOV?", 100) + "\r\n"}, {silent: 5 * time.Second}}, "more than 256 bytes", "", ""},
		{"garbage mid-game", append(append([]step{}, start...), step{send: "OK \r\n\x00\xff garbage\r\n"}, step{silent: 5 * time.Second}), "unknown server message", "", ""},
		{"a game that never ends", endless, "a game that long never ends", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.name == "second player on the first player's port" {
				second, _ := transcript(t, engine.Second, "random", "random", seed)
				_, cerr, _ := runScripted(t, engine.Second, "random", seed, []step{second[0], second[1], {send: "OK \r\n" + startBoard}, {silent: 5 * time.Second}}, wholeMessages, 500*time.Millisecond, 4*time.Second)
				if cerr == nil || !strings.Contains(cerr.Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", cerr, c.wantErr)
				}
				return
			}
			scripts := [][]step{c.steps, game2}
			if c.name == "disconnect before SET?" {
				// The client connects again for the same game: no second.
				scripts = scripts[:1]
			}
			var tune func(*ClientConfig)
			seed, want2 := uint64(seed), want2
			if c.name == "a game that never ends" {
				tune = func(cfg *ClientConfig) { cfg.MaxPlies = maxPlies }
				seed, want2, scripts[1] = endlessSeed, endlessWant, endless2
			}
			games, cerr, _ := runScriptedGames(t, engine.First, "random", seed, scripts, wholeMessages, 500*time.Millisecond, 4*time.Second, tune)
			if c.wantErr != "" {
				if cerr == nil || !strings.Contains(cerr.Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", cerr, c.wantErr)
				}
				if !strings.Contains(cerr.Error(), "game 1") {
					t.Errorf("error %q does not name the game", cerr)
				}
				if len(games) > 0 && (games[0].Result != "failed" || games[0].Err == nil || !strings.Contains(games[0].How, c.wantErr)) {
					t.Errorf("game 1: %+v", games[0])
				}
			} else {
				if cerr != nil || len(games) == 0 {
					t.Fatalf("error %v, games %+v", cerr, games)
				}
				if g := games[0]; g.Result != c.result || !strings.Contains(g.How, c.wantHow) {
					t.Fatalf("got %s (%s), want %s (%s...)", g.Result, g.How, c.result, c.wantHow)
				}
			}
			if len(scripts) == 1 {
				return
			}
			if len(games) != 2 || games[1].Record == nil {
				t.Fatalf("the next game was not played: %+v", games)
			}
			got := games[1].Record
			if got.Result != want2.Result || got.Reason != want2.Reason || strings.Join(got.Moves, " ") != strings.Join(want2.Moves, " ") {
				t.Fatalf("game 2: the client's record\n %+v\nwant\n %+v", got, want2)
			}
		})
	}
}

// TestClientConnectsAgainAfterEarlyClose: a connection the server closes
// before SET? (made in the instant the tournament server closed its old
// listening socket) is made again, and the game is played on the next.
func TestClientConnectsAgainAfterEarlyClose(t *testing.T) {
	steps, g := transcript(t, engine.Second, "random", "random", 21)
	ag, _ := player.New("random", player.Env{})
	srvEnd, cliEnd := net.Pipe()
	stop := make(chan struct{})
	done := scripted(srvEnd, steps, wholeMessages, stop)
	dials := 0
	var warnings []string
	var games []ClientGame
	_, err := Connect(context.Background(), ClientConfig{
		Side: engine.Second, Agent: ag, Games: 1, Seed: 21, PlyLimit: 200, Wait: 5 * time.Second, Pause: 10 * time.Millisecond,
		Warn:   func(s string) { warnings = append(warnings, s) },
		OnGame: func(g ClientGame) { games = append(games, g) },
		dial: func(context.Context) (net.Conn, error) {
			dials++
			if dials == 1 {
				a, b := net.Pipe()
				a.Close()
				return b, nil
			}
			return cliEnd, nil
		},
	})
	close(stop)
	if serr := <-done; err != nil || serr != nil {
		t.Fatalf("client: %v; server: %v", err, serr)
	}
	want := match.RecordOf(g, 1, "", "", 200)
	if dials != 2 || len(warnings) != 1 || len(games) != 1 || games[0].Record == nil || strings.Join(games[0].Record.Moves, " ") != strings.Join(want.Moves, " ") {
		t.Fatalf("dials %d, warnings %q, games %+v", dials, warnings, games)
	}
}

// TestClientOneGamePerConnection plays two games against a scripted
// server that behaves as the tournament server: one game per connection,
// and the connection of a player is closed only after it hangs up. The
// client must hang up after the game and connect anew for the next.
func TestClientOneGamePerConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var wants []match.Game
	srvErr := make(chan error, 1)
	go func() {
		for n := 1; n <= 2; n++ {
			steps, g := transcriptN(t, engine.First, "random", "random", 31, n)
			wants = append(wants, g)
			c, err := ln.Accept()
			if err != nil {
				srvErr <- err
				return
			}
			stop := make(chan struct{})
			// Play the game, then wait for the client to hang up.
			steps = append(steps, step{expect: "(hang up)"})
			err = <-scripted(c, steps, wholeMessages, stop)
			if err == nil || !strings.Contains(err.Error(), "EOF") {
				srvErr <- fmt.Errorf("game %d: want the client to hang up, got %v", n, err)
				return
			}
		}
		srvErr <- nil
	}()
	ag, _ := player.New("random", player.Env{})
	var games []ClientGame
	start := time.Now()
	_, err = Connect(context.Background(), ClientConfig{Addr: ln.Addr().String(), Side: engine.First, Agent: ag, Games: 2, Seed: 31, PlyLimit: 200, Wait: 5 * time.Second,
		OnGame: func(g ClientGame) { games = append(games, g) }})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-srvErr; err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("two games took %v", took)
	}
	for i, g := range games {
		want := match.RecordOf(wants[i], i+1, "", "", 200)
		if g.Record == nil || strings.Join(g.Record.Moves, " ") != strings.Join(want.Moves, " ") || g.Record.Result != want.Result {
			t.Errorf("game %d: %+v, want %+v", i+1, g.Record, want)
		}
	}
}

// TestClientLenientServer: a server in its lenient mode answers NG and
// waits for another move; the client sends a different legal move after
// a second of silence and plays on.
func TestClientLenientServer(t *testing.T) {
	start, _ := startOf(t, 5)
	steps := append(append([]step{}, start...), step{send: "NG \r\n"}, step{silent: 1200 * time.Millisecond, expect: "MOV:", prefix: true},
		step{send: "OK \r\nLST:" + start[3].send[4:]})
	// The silent step waits, then reads the client's new move.
	games, cerr, serr := runScripted(t, engine.First, "random", 5, steps, wholeMessages, 3*time.Second, 6*time.Second)
	if cerr != nil || serr != nil || len(games) != 1 {
		t.Fatalf("client %v, server %v, games %+v", cerr, serr, games)
	}
	if g := games[0]; g.Result != "lost" || g.Fallbacks != 1 {
		t.Fatalf("game %+v", g)
	}
}
