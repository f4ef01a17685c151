package gat

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// BenchmarkClientMove measures what the client adds to a move over
// loopback: a scripted server replays a random-vs-random game to our
// client (random agent) and times each move from writing MOV? to reading
// the client's MOV: back. The round trip includes both kernels' loopback
// path and the server's own reads and writes, so it bounds the client's
// overhead from above; agent-ns/move is the random agent's own time.
// cpu-us/move is the CPU of the whole process (server and client) per
// move.
func BenchmarkClientMove(b *testing.B) {
	steps, g := transcript(b, engine.First, "random", "random", 3)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	ag, _ := player.New("random", player.Env{})
	var roundTrip time.Duration
	moves := 0
	b.ResetTimer()
	cpu0 := processCPU()
	for moves < b.N {
		done := make(chan error, 1)
		go func() {
			_, err := Connect(context.Background(), ClientConfig{Addr: ln.Addr().String(), Side: engine.First, Agent: ag, Games: 1, Seed: 3, PlyLimit: 200, Wait: 5 * time.Second})
			done <- err
		}()
		c, err := ln.Accept()
		if err != nil {
			b.Fatal(err)
		}
		c.(*net.TCPConn).SetNoDelay(true)
		br := bufio.NewReader(c)
		var pending []string
		for _, s := range steps {
			if s.send != "" {
				pending = append(pending, s.send)
				continue
			}
			if _, err := c.Write([]byte(strings.Join(pending, ""))); err != nil {
				b.Fatal(err)
			}
			pending = pending[:0]
			start := time.Now()
			got, err := br.ReadString('\n')
			if err != nil || got != s.expect+"\r\n" {
				b.Fatalf("got %q, %v; want %q", got, err, s.expect)
			}
			if strings.HasPrefix(s.expect, "MOV:") {
				roundTrip += time.Since(start)
				moves++
			}
		}
		c.Write([]byte(strings.Join(pending, "")))
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
	cpu := processCPU() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(roundTrip.Microseconds())/float64(moves), "us/move")
	b.ReportMetric(cpu*1e6/float64(moves), "cpu-us/move")
	b.ReportMetric(0, "ns/op")

	// The agent's own time on the same game's positions, in-process.
	var r referee
	r.start(g.FirstReds, g.SecondReds, nil)
	ag.NewGame(engine.First, 1)
	var agentTime time.Duration
	n := 0
	for i, m := range g.Moves {
		if i%2 == 0 {
			v := player.NewView(r.pos, engine.First, g.Moves[:i], 200)
			start := time.Now()
			for k := 0; k < 1000; k++ {
				ag.Move(context.Background(), &v)
			}
			agentTime += time.Since(start)
			n += 1000
		}
		k, d := pieceDir(&r, r.pos.Turn(), m)
		r.move(r.pos.Turn(), k, d)
	}
	b.ReportMetric(float64(agentTime.Nanoseconds())/float64(n), "agent-ns/move")
}

// BenchmarkServerGames has the server referee random-vs-random games over
// loopback between two of our clients (one op = one game; the clients
// stay connected). games/min is by the clock, cpu-games/min by the CPU of
// the whole process (server and both clients).
func BenchmarkServerGames(b *testing.B) {
	srv, err := Listen(ServerConfig{Games: b.N, PlyLimit: engine.DefaultPlyLimit})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	ctx := context.Background()
	errs := make(chan error, 2)
	b.ResetTimer()
	cpu0 := processCPU()
	start := time.Now()
	for i := 0; i < 2; i++ {
		ag, _ := player.New("random", player.Env{})
		pl := engine.Player(i)
		go func() {
			_, err := Connect(ctx, ClientConfig{Addr: srv.Addr(pl).String(), Side: pl, Agent: ag, Games: b.N, Seed: 9, PlyLimit: 200, Wait: 10 * time.Second})
			errs <- err
		}()
	}
	sum, err := srv.Serve(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := <-errs; err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	cpu := processCPU() - cpu0
	b.StopTimer()
	if sum.Games != b.N {
		b.Fatalf("%d games, want %d", sum.Games, b.N)
	}
	b.ReportMetric(float64(b.N)/elapsed.Minutes(), "games/min")
	b.ReportMetric(float64(b.N)/(cpu/60), "cpu-games/min")
}
