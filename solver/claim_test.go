package solver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
)

// Answers the solver gives, written as SPEC §5 lines, are read back as
// the same claims, and checked; the same claims with a wrong distance
// disagree.
func TestClaimRoundTrip(t *testing.T) {
	r := engine.NewRand(11)
	s := New(Options{TTMegabytes: 8, MaxNodes: 20_000, Shortest: true})
	wins := 0
	for wins < 6 {
		p, w := testpos.NearEnd(r, 12)
		a, err := s.Solve(context.Background(), p, w)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result != Win || !a.Exact || len(a.PV) == 0 {
			continue
		}
		wins++
		line := map[string]any{"position": a.Position, "prover": a.Prover.String(), "result": "win", "plies": a.Plies, "pv": moveTexts(a.PV)}
		if a.Move != engine.NoMove {
			line["move"] = a.Move.String()
		}
		b, _ := json.Marshal(line)
		c, err := ParseClaim(b)
		if err != nil || c.Plies != a.Plies || c.Move.String() != a.Move.String() || fmt.Sprint(moveTexts(c.PV)) != fmt.Sprint(moveTexts(a.PV)) || c.Prover != a.Prover {
			t.Fatalf("%s: %+v, %v", b, c, err)
		}
		if _, ok, err := CheckClaim(context.Background(), c, true, 8); !ok || err != nil {
			t.Errorf("%s: %v", b, err)
		}
		if a.Plies > 1 {
			c.Plies, c.PV = a.Plies-1, nil
			if _, _, err := CheckClaim(context.Background(), c, false, 8); err == nil || errors.Is(err, ErrInvalidClaim) {
				t.Errorf("%s: a win in %d plies confirmed: %v", b, c.Plies, err)
			}
		}
	}
}

func moveTexts(ms []engine.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// FuzzParseClaim: any line is read without a panic; an accepted win is a
// possible one (plies at least 1 and at least its line, a line of legal
// moves whose first is the claimed move).
func FuzzParseClaim(f *testing.F) {
	f.Add(`{"position":"uu1B2/6/R5/6/6/6 f R1r1 0","prover":"f","result":"win","plies":5,"move":"d1e1","pv":["d1e1","a1a2","e1f1","a2a1","f1f0"]}`)
	f.Add(`{"position":"uu1B2/6/R5/6/6/6 f R1r1 0","prover":"f","result":"win","plies":5,"move":"d1>","pv":["d1e1"]}`)
	f.Add(`{"position":"6/6/6/2b3/3u2/R1B3 f R1r1","result":"no-win","plies":-1}`)
	f.Add(`{"position":"x","error":"bad"}`)
	f.Add(`{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":-3}`)
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseClaim([]byte(line))
		if err != nil {
			if !errors.Is(err, ErrInvalidClaim) || strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: %v", line, err)
			}
			return
		}
		if c.Result != "win" {
			return
		}
		if c.Plies < 1 || len(c.PV) > c.Plies {
			t.Fatalf("%q accepted: %+v", line, c)
		}
		p := c.Pos
		for i, m := range c.PV {
			if !p.IsLegal(m) {
				t.Fatalf("%q: line move %d %v illegal", line, i+1, m)
			}
			p.Make(m)
		}
		if c.Move != engine.NoMove && len(c.PV) > 0 && c.Move != c.PV[0] {
			t.Fatalf("%q: move %v, line %v", line, c.Move, c.PV)
		}
	})
}
