package gat

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// stallProof is the soak's bound on waits that only a hang would reach
// (a client's wait for the server, the server's for a player to come):
// well above the stalls of tens of seconds a loaded machine gives a whole
// process, which must not pass for hangs. The game clocks stay short.
const stallProof = 3 * time.Minute

// misbehaveClient plays one game as a client that misbehaves as c says,
// on its own deadline (it never waits past stallProof), and returns the last
// line the server sent it ("" for none).
func misbehaveClient(addr string, side engine.Player, c hostileCase) string {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return ""
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(stallProof))
	br := bufio.NewReader(conn)
	last := ""
	read := func() bool {
		l, err := br.ReadString('\n')
		if err != nil {
			return false
		}
		last = strings.TrimSuffix(l, "\r\n")
		return true
	}
	write := func(s string) { conn.Write([]byte(s)) }
	over := func() bool { return len(last) > 4 && last[3] == ':' } // WON:, LST:, DRW:
	act := func() {
		switch {
		case c.hangUp:
			conn.Close()
		case c.send != "":
			write(c.send)
		}
	}
	if !read() || last != "SET?" {
		return last
	}
	if c.midGame {
		write("SET:BCDE\r\n")
		for {
			if !read() {
				return last
			}
			switch {
			case c.outOfTurn && side == engine.Second && last == "OK ":
				act()
			case c.outOfTurn && strings.HasPrefix(last, "MOV?"):
				write("MOV:A,N\r\n")
				if read() && strings.HasPrefix(last, "OK") {
					act()
				}
			case strings.HasPrefix(last, "MOV?"):
				act()
			default:
				if over() {
					return last // the game ended before our turn
				}
				continue
			}
			break
		}
	} else {
		act()
	}
	// Until the game's end (a server that keeps the connection then
	// sends SET? for the next game, which this client does not play).
	for !over() && read() {
	}
	return last
}

// soakResult is what a soak measured.
type soakResult struct {
	games, misbehaved int
	wall, cpu         time.Duration
	// Bytes: the resident set before the first game; the resident set and
	// the live heap after a GC, after a tenth of the games and at the end.
	rssStart                 uint64
	rss0, rss1, heap0, heap1 uint64
	goroutines0, goroutines1 int
	reasons                  map[string]int
	// stall is the longest the process went without running a goroutine
	// that ticks every 100 ms: the machine's doing, not the games'.
	stall time.Duration
}

// soak serves n games between our clients (random, chototsu, hayazashi,
// a new pair of connections each game) with a misbehaving client of the
// hostile suite in a seat a quarter of the time, and checks every game:
// each ends, the server referees all n, each of our clients' results
// agrees with the server's record, and a lone misbehaving client loses.
func soak(t *testing.T, n int, seed uint64) soakResult {
	const clock = 500 * time.Millisecond
	// The games are kept as three short strings each, and their records
	// checked as they are written and not kept, so that memory measures
	// the server, not the test.
	type servedGame struct{ result, reason, detail string }
	games := make([]servedGame, 0, n)
	var recs recordChecker
	srv, err := Listen(ServerConfig{Games: n, PlyLimit: engine.DefaultPlyLimit, TimePerMove: clock, Wait: stallProof, Records: &recs,
		OnGame: func(g ServedGame) {
			games = append(games, servedGame{map[string]string{"first": "first", "second": "second", "draw": "draw"}[g.Result()], string(g.Game.Reason), g.Game.Detail})
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(n)*time.Second+5*time.Minute)
	defer cancel()
	var res soakResult
	res.rssStart, _, _ = memory()
	stop := make(chan struct{})
	stalled := make(chan time.Duration)
	go func() {
		var worst time.Duration
		last := time.Now()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				stalled <- worst
				return
			case now := <-tick.C:
				worst = max(worst, now.Sub(last)-100*time.Millisecond)
				last = now
			}
		}
	}()
	cpu0, start := processCPU(), time.Now()
	served := make(chan error, 1)
	var sum *ServeSummary
	go func() {
		var err error
		sum, err = srv.Serve(ctx)
		served <- err
	}()
	specs := []string{"random", "chototsu", "hayazashi"}
	var agents [2]map[string]player.Agent
	for i := range agents {
		agents[i] = map[string]player.Agent{}
		for _, s := range specs {
			a, err := player.New(s, player.DefaultEnv())
			if err != nil {
				t.Fatal(err)
			}
			agents[i][s] = a
		}
	}
	r := engine.NewRand(seed)
	type seatPlan struct {
		bad    *hostileCase
		spec   string
		result string
		err    error
	}
	plans := make([][2]seatPlan, n)
	for k := 0; k < n; k++ {
		if k == n/10 {
			res.rss0, res.heap0, res.goroutines0 = memory()
		}
		var wg sync.WaitGroup
		for i := 0; i < 2; i++ {
			p := &plans[k][i]
			p.spec = specs[r.Intn(len(specs))]
			if r.Intn(4) == 0 {
				p.bad = &hostileCases[r.Intn(len(hostileCases))]
				res.misbehaved++
			}
			side := engine.Player(i)
			addr := srv.Addr(side).String()
			wg.Add(1)
			go func() {
				defer wg.Done()
				if p.bad != nil {
					misbehaveClient(addr, side, *p.bad)
					return
				}
				_, p.err = Connect(ctx, ClientConfig{Addr: addr, Side: side, Agent: agents[i][p.spec], Name: p.spec, Games: 1,
					Seed: uint64(k), PlyLimit: engine.DefaultPlyLimit, TimePerMove: time.Second, Wait: stallProof,
					OnGame: func(g ClientGame) { p.result = g.Result }})
			}()
		}
		wg.Wait()
	}
	if err := <-served; err != nil {
		t.Fatalf("serve: %v", err)
	}
	res.wall, res.cpu = time.Since(start), time.Duration((processCPU()-cpu0)*1e9)
	close(stop)
	res.stall = <-stalled
	srv.Close()
	res.rss1, res.heap1, res.goroutines1 = memory()
	if recs.err != nil {
		t.Fatal(recs.err)
	}
	if sum.Games != n || len(games) != n || recs.n != n {
		t.Fatalf("%d games served, %d reported, %d records, want %d", sum.Games, len(games), recs.n, n)
	}
	res.games, res.reasons = n, map[string]int{}
	for k, rec := range games {
		res.reasons[rec.reason]++
		for i, p := range plans[k] {
			side := engine.Player(i)
			if p.bad == nil {
				if p.err != nil {
					t.Errorf("game %d: our %s client (%s): %v", k+1, side.Name(), p.spec, p.err)
				}
				want := map[string]string{side.Name(): "won", side.Other().Name(): "lost", "draw": "drawn"}[rec.result]
				if p.result != want {
					t.Errorf("game %d: our %s client says %s, the server %s (%s: %s)", k+1, side.Name(), p.result, rec.result, rec.reason, rec.detail)
				}
				continue
			}
			lone := plans[k][1-i].bad == nil
			if lone && !p.bad.outOfTurn && rec.result != side.Other().Name() {
				t.Errorf("game %d: the %s player %s and did not lose: %s (%s: %s)", k+1, side.Name(), p.bad.name, rec.result, rec.reason, rec.detail)
			}
		}
	}
	return res
}

// recordChecker reads each record the server writes (one per Write, as
// Serve writes them), checks it, replays the games that ended by the
// rules, and keeps only a count and the first error.
type recordChecker struct {
	n   int
	err error
}

func (c *recordChecker) Write(b []byte) (int, error) {
	c.n++
	rec, err := match.ParseRecord(strings.TrimSpace(string(b)))
	if err == nil && !match.Reason(rec.Reason).Forfeit() {
		_, _, err = rec.Replay()
	}
	if err != nil && c.err == nil {
		c.err = fmt.Errorf("record %d: %v", c.n, err)
	}
	return len(b), nil
}

// memory returns the process's resident set and live heap (after a GC),
// and the number of goroutines, once the goroutines of finished games
// have had a moment to end.
func memory() (rss, heap uint64, goroutines int) {
	time.Sleep(100 * time.Millisecond)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
				kb, _ := strconv.ParseUint(f[1], 10, 64)
				rss = kb << 10
			}
		}
	}
	return rss, ms.HeapAlloc, runtime.NumGoroutine()
}

func (r soakResult) String() string {
	mib := func(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
	return fmt.Sprintf("%d games (%d misbehaving clients) in %v, %v of CPU (server and clients); RSS %s at the start; after a tenth of the games and at the end: RSS %s -> %s, live heap %s -> %s, goroutines %d -> %d; longest stall of the process %v; reasons %v",
		r.games, r.misbehaved, r.wall.Round(time.Millisecond), r.cpu.Round(time.Millisecond), mib(r.rssStart), mib(r.rss0), mib(r.rss1), mib(r.heap0), mib(r.heap1), r.goroutines0, r.goroutines1, r.stall.Round(time.Millisecond), r.reasons)
}

// checkFlat fails when the soak left goroutines behind or its live heap
// grew by more than slack.
func (r soakResult) checkFlat(t *testing.T, slack uint64) {
	t.Helper()
	if r.goroutines1 > r.goroutines0+2 {
		t.Errorf("goroutines %d before, %d after: games left some behind", r.goroutines0, r.goroutines1)
	}
	if r.heap1 > r.heap0+slack {
		t.Errorf("live heap %d bytes before, %d after: it grew by more than %d", r.heap0, r.heap1, slack)
	}
}

// TestServerSoak is the soak's small version: 40 games.
func TestServerSoak(t *testing.T) {
	r := soak(t, 40, 1)
	t.Log(r)
	r.checkFlat(t, 8<<20)
}

// TestServerSoakLong serves 1,000 games with misbehaving clients mixed
// in: no hang (every game ends, the whole within its deadline), no
// panic, no goroutine left behind, the live heap flat.
func TestServerSoakLong(t *testing.T) {
	longtest.Skip(t)
	r := soak(t, 1000, 2)
	t.Log(r)
	r.checkFlat(t, 8<<20)
}
