package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

type keeperOut struct {
	Opponent  string `json:"opponent"`
	Reading   string `json:"reading"`
	Positions uint64 `json:"positions"`
	NWins     uint64 `json:"n_wins"`
	Classes   []struct {
		Class            string  `json:"class"`
		Keepers          int     `json:"keepers"`
		KeeperReds       int     `json:"keeper_reds"`
		Positions        uint64  `json:"positions"`
		NToMove          uint64  `json:"positions_n_to_move"`
		Distinct         uint64  `json:"positions_up_to_mirror"`
		NWins            uint64  `json:"n_wins"`
		NWinsNToMove     uint64  `json:"n_wins_n_to_move"`
		NWinsDistinct    uint64  `json:"n_wins_up_to_mirror"`
		NWinsAnyValue    *uint64 `json:"n_wins_any_value"`
		NWinsValueOnBlue uint64  `json:"n_wins_value_on_blue"`
		NWinsHidden      *uint64 `json:"n_wins_value_hidden"`
		Source           string  `json:"source"`
		Examples         []struct {
			Kind     string   `json:"kind"`
			Position string   `json:"position"`
			Plies    int      `json:"plies"`
			PV       []string `json:"pv"`
			Value1   string   `json:"value1"`
			Why      string   `json:"why"`
		} `json:"examples"`
		ValueExamples []struct {
			Position string   `json:"position"`
			Plies    int      `json:"plies"`
			PV       []string `json:"pv"`
			Value1   string   `json:"value1"`
		} `json:"value_examples"`
		Counterexamples []struct {
			Position string   `json:"position"`
			Plies    int      `json:"plies"`
			PV       []string `json:"pv"`
			Why      string   `json:"why"`
		} `json:"counterexamples"`
	} `json:"classes"`
}

func runKeeper(t *testing.T, args ...string) keeperOut {
	t.Helper()
	code, out, errOut := runCmd(t, "", append([]string{"keeper"}, args...)...)
	if code != 0 {
		t.Fatalf("keeper %v: exit %d\n%s", args, code, errOut)
	}
	var k keeperOut
	if err := json.Unmarshal([]byte(out), &k); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return k
}

// replay plays a line (keeper-game steps may carry "+v1") from pos and
// reports whether it ends in the first player's win after exactly its
// length.
func replay(t *testing.T, pos string, pv []string) bool {
	t.Helper()
	p := engine.MustParsePosition(pos)
	for i, s := range pv {
		if p.Outcome() != engine.Ongoing {
			return false
		}
		m, err := p.ParseMove(strings.TrimSuffix(s, "+v1"))
		if err != nil {
			t.Fatalf("%s: move %d %q: %v", pos, i, s, err)
		}
		p.Make(purple.ProverMove(&p, engine.First, m))
	}
	return p.Outcome() == engine.FirstWins
}

// The keeper command's counts on 1B1R-2U1r equal those of probing every
// placement of the class that meets the hypothesis (both keepers; one).
func keeperCounts(t *testing.T, dir string) {
	db, err := tablebase.OpenWith(dir, tablebase.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ all, nToMove, wins, winsNToMove uint64 }
	var two, one tally
	a1, f1 := engine.Sq(0, 1), engine.Sq(5, 1)
	sqs := engine.BoardSquares
	for bi := range sqs {
		for ri := range sqs {
			for i := 0; i < 36; i++ {
				for j := i + 1; j < 36; j++ {
					if ri == bi || i == bi || i == ri || j == bi || j == ri {
						continue
					}
					on := 0
					for _, k := range []engine.Square{sqs[i], sqs[j]} {
						if k == a1 || k == f1 {
							on++
						}
					}
					var tl *tally
					switch on {
					case 2:
						tl = &two
					case 1:
						tl = &one
					default:
						continue
					}
					for side := 0; side < 2; side++ {
						var p engine.Position
						p.Put(engine.First, engine.Blue, sqs[bi])
						p.Put(engine.First, engine.Red, sqs[ri])
						p.Put(engine.Second, engine.Unknown, sqs[i])
						p.Put(engine.Second, engine.Unknown, sqs[j])
						p.SetReds(engine.First, 1)
						p.SetReds(engine.Second, 1)
						p.SetTurn(engine.Player(side))
						if err := p.Validate(); err != nil {
							t.Fatal(err)
						}
						v, err := db.Probe(&p, engine.First)
						if err != nil {
							t.Fatal(err)
						}
						tl.all++
						if side == 0 {
							tl.nToMove++
						}
						if v.Result == purple.Win {
							tl.wins++
							if side == 0 {
								tl.winsNToMove++
							}
						}
					}
				}
			}
		}
	}
	db.Close()
	for _, c := range []struct {
		keepers string
		want    tally
	}{{"2", two}, {"1", one}} {
		k := runKeeper(t, "--table", dir, "--max-pieces", "4", "--keepers", c.keepers, "--list", "2", "--json")
		if len(k.Classes) != 1 || k.Opponent != "any" {
			t.Fatalf("keepers %s: %+v", c.keepers, k)
		}
		r := k.Classes[0]
		// No position of this class is its own mirror image (N's blue and
		// red cannot both stand on the middle line; there is none).
		if r.Class != "1B1R-2U1r" || r.Source != "table" || r.Positions != c.want.all || r.NToMove != c.want.nToMove ||
			r.Distinct != c.want.all/2 || r.NWins != c.want.wins || r.NWinsNToMove != c.want.winsNToMove || r.NWinsDistinct != c.want.wins/2 {
			t.Errorf("keepers %s: %+v, brute force %+v", c.keepers, r, c.want)
		}
		for _, ex := range r.Examples {
			if !replay(t, ex.Position, ex.PV) || len(ex.PV) != ex.Plies {
				t.Errorf("keepers %s: example %+v does not win in its plies", c.keepers, ex)
			}
		}
		if c.want.wins > 0 && (len(r.Counterexamples) != 2 || !strings.Contains(r.Counterexamples[0].Why, "Keeper play")) {
			t.Errorf("keepers %s: listed %+v", c.keepers, r.Counterexamples)
		}
	}
	if two.all != 2244 || two.wins != 0 || one.wins == 0 {
		t.Errorf("brute force: %+v %+v", two, one)
	}
	for _, args := range [][]string{
		{"--keepers", "3"}, {"--keeper-reds", "0"}, {"--reading", "x", "--algorithm"}, {"--max-pieces", "3"}, {"extra"}, {"1B1R-3U2r"},
		{"--reading", "paper,8b=nope", "--algorithm"}, {"--reading", "paper,7", "--algorithm"},
		{"--reading", "agent"}, {"--max-states", "10"}, {"--verify=false"}, {"--hidden-values"}, // options of --algorithm alone
	} {
		if code, _, errOut := runCmd(t, "", append([]string{"keeper", "--table", dir}, args...)...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
}

// Against Algorithm 1 (the keeper game, solved exactly): no N win under
// the hypothesis with no value held; wins with a value on N's blue, whose
// lines replay to N's win.
func keeperAlgorithm(t *testing.T, dir string) {
	k := runKeeper(t, "--table", dir, "--max-pieces", "4", "--algorithm", "--json")
	r := k.Classes[0]
	if k.Opponent != "algorithm" || r.Source != "retrograde" || r.Positions != 2244 || r.NWins != 0 || r.NWinsAnyValue == nil {
		t.Fatalf("%+v", r)
	}
	if *r.NWinsAnyValue == 0 || *r.NWinsAnyValue != r.NWinsValueOnBlue || len(r.ValueExamples) != 2 {
		t.Fatalf("value states: %+v", r)
	}
	for _, ex := range r.ValueExamples {
		if ex.Value1 == "" || len(ex.PV) != ex.Plies || !replay(t, ex.Position, ex.PV) {
			t.Errorf("value example %+v", ex)
		}
	}
	// A reading written out field by field, and the value hidden from N.
	k = runKeeper(t, "--table", dir, "--max-pieces", "4", "--algorithm", "--reading", "agent,8b=corrected", "--hidden-values", "--json")
	r = k.Classes[0]
	if k.Reading != "literal-7-any-8b-corrected-9b-exit-first" || r.NWins != 0 || r.NWinsHidden == nil || *r.NWinsHidden != 0 {
		t.Errorf("reading %q: %+v", k.Reading, r)
	}
}

// Interrupted, keeper prints the statistics it has, marked partial, in
// text and in JSON, and fails.
func TestKeeperInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, asJSON := range []bool{false, true} {
		args := []string{"keeper", "--table", filepath.Join(t.TempDir(), "none"), "--no-store", "--quiet", "1B1R-2U1r"}
		if asJSON {
			args = append(args, "--json")
		}
		var out, errb bytes.Buffer
		code := run(&env{Ctx: ctx, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, args)
		var k struct {
			Partial bool `json:"partial"`
			Classes []struct {
				Partial bool `json:"partial"`
			} `json:"classes"`
		}
		ok := strings.Contains(out.String(), "PARTIAL (interrupted) total: ") && strings.Contains(out.String(), "(PARTIAL: interrupted)")
		if asJSON {
			ok = json.Unmarshal(out.Bytes(), &k) == nil && k.Partial && len(k.Classes) == 1 && k.Classes[0].Partial
		}
		if code != 1 || !ok || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("json %v: exit %d\n%s\n%s", asJSON, code, out.String(), errb.String())
		}
	}
}

// keeper --position: the shortest counterexample is a win in 5 in
// literal-8b-as-7 (and the deprecated name paper), its tree printed; no
// win within 12 plies in literal; the value-on-blue case in JSON; bad
// input refused with the input named.
func TestKeeperPosition(t *testing.T) {
	const ce = "uB2Ru/B3B1/6/6/6/6 s R1r1"
	for _, rd := range []string{"literal-8b-as-7", "paper"} {
		code, out, errOut := runCmd(t, "", "keeper", "--position", ce, "--reading", rd, "--max-states", "1", "--quiet")
		if code != 0 || !strings.Contains(out, "N surely wins in 5 plies") || !strings.Contains(out, "reading literal-8b-as-7") ||
			!strings.Contains(out, "K f1f2 [4]") || !strings.Contains(out, "hypothesis (both keepers home, K one red left): yes") {
			t.Errorf("%s: exit %d\n%s%s", rd, code, out, errOut)
		}
	}
	code, out, errOut := runCmd(t, "", "keeper", "--position", ce, "--reading", "literal", "--max-states", "1", "--max-plies", "12", "--json")
	var v struct {
		Result, Reading string
		Plies           int
		WithinPlies     int  `json:"within_plies"`
		Reachable       bool `json:"reachable"`
		ReachPlies      int  `json:"reach_plies"`
		Tree            *struct {
			Next []struct{ Move string } `json:"next"`
		} `json:"tree"`
	}
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Result != "no-win" || v.WithinPlies != 12 || v.Reading != "literal" || !v.Reachable || v.ReachPlies != 4 || v.Tree != nil {
		t.Errorf("literal: exit %d, %v, %+v\n%s%s", code, err, v, out, errOut)
	}
	code, out, _ = runCmd(t, "", "keeper", "--position", "uB2Ru/6/6/6/6/6 s R1r1", "--value1", "b1", "--json")
	v.Tree = nil
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Result != "win" || v.Plies != 4 || v.Tree == nil || len(v.Tree.Next) != 2 {
		t.Errorf("value on b1: exit %d, %v\n%s", code, err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--position", "uB2Ru/B3B1/6/6/6/7 s R1r1"}, "uB2Ru/B3B1/6/6/6/7"},
		{[]string{"--position", ce, "--value1", "z9"}, "z9"},
		{[]string{"--position", ce, "--reading", "literal-8b"}, "literal-8b"},
		{[]string{"--position", ce, "3B1R-2U1r"}, "CLASS"},
		{[]string{"--value1", "b1"}, "--value1"},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"keeper"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want usage naming %q", c.args, code, errOut, c.want)
		}
	}
	// Not a keeper-game state: an error naming the position (exit 1).
	if code, _, errOut := runCmd(t, "", "keeper", "--position", "uB2Ru/6/6/6/6/6 s R1r1", "--value1", "e2"); code != 1 || !strings.Contains(errOut, "uB2Ru/6/6/6/6/6") {
		t.Errorf("value on an empty square: exit %d, %q", code, errOut)
	}
}
