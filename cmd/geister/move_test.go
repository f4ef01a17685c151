package main

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// TestMoveHayazashiVectors asks geister move for the original program's
// four test positions, as GAT board strings from either seat and as
// position strings: every move in the original order with h bit for bit,
// and the chosen move, under both built-in weights.
func TestMoveHayazashiVectors(t *testing.T) {
	f, err := os.Open("../../data/haf/vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		var v struct {
			ID    string `json:"id"`
			Board string `json:"board"`
			After []struct {
				Move string  `json:"move"`
				H900 float64 `json:"h_vsself2/vsself900"`
				H63  float64 `json:"h_vsself/vsself63"`
			} `json:"afterstates"`
			Chosen900 string `json:"chosen_move_vsself2/vsself900"`
			Chosen63  string `json:"chosen_move_vsself/vsself63"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		n++
		g, _ := engine.ParseGATBoard(v.Board)
		for _, weights := range []string{"900", "63"} {
			var moveBySeat [2]string
			for seat, side := range []string{"f", "s"} {
				code, out, errOut := runCmd(t, "", "move", "--agent", "hayazashi:weights="+weights, "--gat", side, "--json", v.Board)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", v.ID, code, errOut)
				}
				var d player.DecisionJSON
				if err := json.Unmarshal([]byte(out), &d); err != nil {
					t.Fatalf("%s: %v in %q", v.ID, err, out)
				}
				chosen := v.Chosen900
				if weights == "63" {
					chosen = v.Chosen63
				}
				if d.GAT != chosen || len(d.Moves) != len(v.After) || d.H == nil {
					t.Fatalf("%s weights=%s seat %s: plays %s with %d moves, want %s of %d", v.ID, weights, side, d.GAT, len(d.Moves), chosen, len(v.After))
				}
				for i, a := range v.After {
					want := a.H900
					if weights == "63" {
						want = a.H63
					}
					got := d.Moves[i]
					if got.Piece+","+got.Dir != a.Move || math.Float64bits(got.H) != math.Float64bits(want) {
						t.Errorf("%s weights=%s seat %s move %d: %s,%s h %v, want %s h %v", v.ID, weights, side, i, got.Piece, got.Dir, got.H, a.Move, want)
					}
					if got.Move == d.Move && math.Float64bits(got.H) != math.Float64bits(*d.H) {
						t.Errorf("%s: h of the move played %v, listed %v", v.ID, *d.H, got.H)
					}
				}
				moveBySeat[seat] = d.Move
				// The same position as a position string: the same move
				// (no ties in these positions).
				p, _ := g.Position(engine.Player(seat), engine.Player(seat))
				code, out, errOut = runCmd(t, "", "move", "--agent", "hayazashi:weights="+weights, p.String())
				if code != 0 || !strings.HasSuffix(out, "move: "+d.Move+"\n") {
					t.Errorf("%s as %s: exit %d, %q %s; want move %s", v.ID, p.String(), code, out, errOut, d.Move)
				}
			}
			// The second seat's board is the first's turned around.
			m1, _ := engine.ParseMove(moveBySeat[0])
			m2, _ := engine.ParseMove(moveBySeat[1])
			if engine.NewMove(m1.From().Mirror().Flip(), m1.To().Mirror().Flip()) != m2 {
				t.Errorf("%s: seat f plays %s, seat s %s: not the same move turned around", v.ID, m1, m2)
			}
		}
	}
	if n != 4 {
		t.Fatalf("%d test positions", n)
	}
}

func TestMoveOtherAgentsAndErrors(t *testing.T) {
	pos := "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"
	p := engine.MustParsePosition(pos)
	for _, a := range []string{"random", "chototsu", "naotti11:depth=2", "purplemax:depth=2,dfpn=0", "keeper"} {
		code, out, errOut := runCmd(t, "", "move", "--agent", a, "--no-table", "--json", pos)
		var d player.DecisionJSON
		if code != 0 || json.Unmarshal([]byte(out), &d) != nil {
			t.Fatalf("%s: exit %d %q %s", a, code, out, errOut)
		}
		if _, err := p.ParseMove(d.Move); err != nil || d.Moves != nil || d.Agent != a {
			t.Errorf("%s: %+v: %v", a, d, err)
		}
	}
	// Seeds make random agents repeatable.
	_, a1, _ := runCmd(t, "", "move", "--agent", "random", "--seed", "5", pos)
	_, a2, _ := runCmd(t, "", "move", "--agent", "random", "--seed", "5", pos)
	if a1 != a2 {
		t.Errorf("same seed, moves %q and %q", a1, a2)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--agent", "nobody", pos}, 2, "unknown name"},
		{[]string{pos, pos}, 2, "want one position"},
		{[]string{"--gat", "x", "14R24B34B44R15B25R35R45B41u31u21u11u40u30u20u10u"}, 2, "want f or s"},
		{[]string{"--agent", "hayazashi:weights=/nonexistent/t.npy", pos}, 1, "/nonexistent/t.npy"},
		{[]string{"1uuuu1/1uuuu1/6/6/1UUUU1/1UUUU1 f R4r4 0"}, 1, "must show its colours"},
		{[]string{"B5/6/6/6/6/r5 s R1r1 0"}, 1, "game is over"},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"move"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("move %q: exit %d %q, want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// TestMoveText: the table of moves with h, the one played marked.
func TestMoveText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "move", "1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 10 || lines[9] != "move: e5e4" {
		t.Fatalf("exit %d, %q %s", code, out, errOut)
	}
	marked := 0
	for _, l := range lines[1:9] {
		if strings.HasSuffix(l, "<- plays") {
			marked++
			if !strings.HasPrefix(l, "D,N   e5e4 -19.90586032479") {
				t.Errorf("marked line %q", l)
			}
		}
	}
	if marked != 1 {
		t.Errorf("%d lines marked in %q", marked, out)
	}
}
