package keeper

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/geister-solver/geister/internal/longtest"
)

// gridRow is one reading's row of the grid table in docs/keeper.md, up
// to five pieces.
type gridRow struct {
	// N's wins with both keepers home: no value held, the value on one of
	// N's blues, on its red.
	home, blue, red uint64
	// Every state with a keeper off its exit (K on 0 or 1 of N's exits):
	// with no value held, N's wins of the states; with a value held.
	offWins, offStates, offValWins, offValStates uint64
}

func (g gridRow) String() string {
	return fmt.Sprintf("%d | %d | %d | %d of %d | %d of %d", g.home, g.blue, g.red, g.offWins, g.offStates, g.offValWins, g.offValStates)
}

// gridOf computes a reading's row: Check over every class up to five
// pieces (solved and verified), and the census of every state.
func gridOf(t *testing.T, r Reading) gridRow {
	rep, err := Check(context.Background(), ClassesFor(Theorem1, 4, 5), CheckOptions{Algorithm: true, Reading: r, Verify: true, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	var g gridRow
	for _, c := range rep.Classes {
		g.home += c.NWins
		g.blue += c.NWinsValueOnBlue
		g.red += c.NWinsValueOnRed
		for _, row := range c.States {
			switch {
			case row.KOnExits == 2:
			case row.ValueOn == "none":
				g.offWins += row.NWins
				g.offStates += row.States
			default:
				g.offValWins += row.NWins
				g.offValStates += row.States
			}
		}
	}
	return g
}

// docGrid reads the grid table of docs/keeper.md: rows "| `reading` |"
// followed by the columns of gridRow.String, then the 6-piece column and
// the shortest counterexample.
func docGrid(t *testing.T) map[string]string {
	b, err := os.ReadFile("../docs/keeper.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		name, rest, ok := strings.Cut(strings.TrimPrefix(line, "| `"), "` | ")
		if !ok || !strings.HasPrefix(line, "| `literal") {
			continue
		}
		cols := strings.Split(rest, " | ")
		if len(cols) < 5 {
			continue
		}
		rows[name] = strings.ReplaceAll(strings.Join(cols[:5], " | "), ",", "")
	}
	return rows
}

// Every cell of the grid up to five pieces recomputed, compared with the
// table in docs/keeper.md. GEISTER_LONG=1; about 55 s of CPU a reading,
// 30 minutes in all.
func TestGridLong(t *testing.T) {
	longtest.Skip(t)
	doc := docGrid(t)
	if len(doc) != len(Grid) {
		t.Errorf("docs/keeper.md's grid has %d readings, want %d", len(doc), len(Grid))
	}
	for _, r := range Grid {
		got := gridOf(t, r).String()
		if doc[r.String()] != got {
			t.Errorf("%s: computed %q, docs/keeper.md says %q", r, got, doc[r.String()])
		}
	}
}

// The table reader finds a row written as the doc writes it.
func TestDocGridFormat(t *testing.T) {
	g := gridRow{1, 2, 3, 4, 5, 6, 7}
	if g.String() != "1 | 2 | 3 | 4 of 5 | 6 of 7" {
		t.Errorf("%q", g.String())
	}
	rows := docGrid(t)
	for name, row := range rows {
		if _, err := ParseReading(name); err != nil {
			t.Errorf("the grid in docs/keeper.md names %q: %v", name, err)
		}
		var g gridRow
		if _, err := fmt.Sscanf(row, "%d | %d | %d | %d of %d | %d of %d", &g.home, &g.blue, &g.red, &g.offWins, &g.offStates, &g.offValWins, &g.offValStates); err != nil || g.String() != row {
			t.Errorf("%s: the row %q does not read as the grid's columns (%v)", name, row, err)
		}
	}
	if len(rows) == 0 {
		t.Error("no grid in docs/keeper.md")
	}
}
