package tablebase

import (
	"context"
	"flag"
	"testing"
	"time"

	"geister/engine"
	"geister/purple"
)

var long = flag.Bool("long", false, "run the slow exhaustive cross-checks (minutes)")

// buildUpTo builds every class with at most n pieces in memory.
func buildUpTo(t testing.TB, n, workers int) map[purple.Class]*table {
	deps := map[purple.Class]*table{}
	for _, c := range purple.Classes(n) {
		start := time.Now()
		b := buildRetro(t, c, deps, workers)
		deps[c] = b.table()
		t.Logf("%s: %d positions in %v (longest %d)", c, 2*b.lay[0].size, time.Since(start), b.maxD.Load())
	}
	return deps
}

func TestRetroAgreesWithNaive5(t *testing.T) {
	if !*long {
		t.Skip("with -long only")
	}
	deps := buildUpTo(t, 5, 2)
	for _, c := range purple.Classes(5)[1:] {
		b := buildRetro(t, c, deps, 2)
		want := naiveSolve(t, c, func(p *engine.Position) uint8 {
			cc, _ := purple.ClassOf(p, engine.First)
			x, s := fromPosition(p, engine.First)
			return deps[cc].lookup(s, &x)
		})
		for s := 0; s < 2; s++ {
			got := b.values(s)
			for i := range got {
				if got[i] != want[s][i] {
					p := position(c, b.lay[s].board(uint64(i)), s)
					t.Fatalf("%s: retro %#x, naive %#x", p.String(), got[i], want[s][i])
				}
			}
		}
		t.Logf("%s agrees", c)
	}
}

func TestBuild5Timing(t *testing.T) {
	if !*long {
		t.Skip("with -long only")
	}
	buildUpTo(t, 5, 2)
}

func TestBuild6Sample(t *testing.T) {
	if !*long {
		t.Skip("with -long only")
	}
	deps := buildUpTo(t, 5, 2)
	for _, c := range []purple.Class{{Blues: 1, Reds: 1, OppPieces: 4, OppReds: 2}, {Blues: 2, Reds: 2, OppPieces: 2, OppReds: 1}} {
		start := time.Now()
		b := buildRetro(t, c, deps, 2)
		t.Logf("%s: %d positions in %v (longest %d)", c, 2*b.lay[0].size, time.Since(start), b.maxD.Load())
	}
}

var storeDir = flag.String("store", "", "verify the table store in this directory (checksums and Bellman consistency of every class)")

// TestVerifyStore checks an existing store, e.g. after
// geister build --pieces 6: go test ./tablebase -run VerifyStore -store DIR -timeout 2h
func TestVerifyStore(t *testing.T) {
	if *storeDir == "" {
		t.Skip("with -store DIR only")
	}
	o := DefaultOptions()
	o.ReadOnly = true
	db, err := OpenWith(*storeDir, o)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	rep, err := Verify(context.Background(), db, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Classes {
		t.Logf("%s: %d entries, %d blocks, %d bad, %d disagreements %v", c.Class, c.Checked, c.Blocks, c.BadBlocks, c.Disagreements, c.Problems)
	}
	if !rep.OK() {
		t.Fatalf("problems: %+v", rep.Samples)
	}
	t.Logf("%d classes verified in %v", len(rep.Classes), time.Since(start))
}
