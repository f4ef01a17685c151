package engine

import "testing"

// TestEndAfterAgreesWithTheMove plays random games and checks EndAfter
// against what the last move did, read from its Undo (slow and plain):
// an escape, the capture of the loser's last blue, the capture of the
// winner's last red; and on the hidden view of either player too.
func TestEndAfterAgreesWithTheMove(t *testing.T) {
	r := NewRand(7)
	seen := map[End]int{}
	for g := 0; g < 3000; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		limit := 40 + r.Intn(200)
		var last Move
		var u Undo
		for p.OutcomeWithLimit(limit) == Ongoing {
			if e := p.EndAfter(last, limit); e != NotEnded {
				t.Fatalf("game %d: %s while the game goes on", g, e)
			}
			last = p.RandomMove(r)
			u = p.Make(last)
		}
		want := EndPlyLimit
		if p.Outcome() != Ongoing {
			w, _ := p.Outcome().Winner()
			mover := p.Turn().Other()
			_, red, captured := u.Captured()
			switch {
			case last.IsEscape():
				want = EndEscape
			case captured && red && w != mover:
				want = EndRedsGiven
			case captured && !red && w == mover:
				want = EndBluesTaken
			default:
				t.Fatalf("game %d: %v after %s, which neither escaped nor captured a last piece", g, p.Outcome(), last)
			}
		}
		if got := p.EndAfter(last, limit); got != want {
			t.Fatalf("game %d: EndAfter %q, want %q (%s)", g, got, want, p.String())
		}
		for _, viewer := range []Player{First, Second} {
			v := p
			v.Hide(viewer.Other())
			if got := v.EndAfter(last, limit); got != want {
				t.Fatalf("game %d: seen by %v: EndAfter %q, want %q", g, viewer, got, want)
			}
		}
		seen[want]++
	}
	for _, e := range []End{EndEscape, EndBluesTaken, EndRedsGiven, EndPlyLimit} {
		if seen[e] == 0 {
			t.Errorf("no game ended by %s", e)
		}
	}
}

// TestEscapeOrRandom: an escape whenever one is legal; otherwise every
// legal move but the excluded one is drawn, and nothing else.
func TestEscapeOrRandom(t *testing.T) {
	r := NewRand(3)
	for g := 0; g < 300; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			var ml MoveList
			ml.Generate(&p)
			legal := ml.Slice()
			except := legal[r.Intn(len(legal))]
			for _, ex := range []Move{NoMove, except} {
				m := p.EscapeOrRandom(r, ex)
				if m == ex && ex != NoMove {
					t.Fatalf("%s: chose the excluded %s", p.String(), m)
				}
				if m == NoMove {
					if ex == NoMove || len(legal) > 1 {
						t.Fatalf("%s: no move, with %d legal (except %s)", p.String(), len(legal), ex)
					}
					continue
				}
				if !p.IsLegal(m) {
					t.Fatalf("%s: %s is not legal", p.String(), m)
				}
				escapes := 0
				for _, l := range legal {
					if l.IsEscape() && l != ex {
						escapes++
					}
				}
				if escapes > 0 && !m.IsEscape() {
					t.Fatalf("%s: %s, not an escape", p.String(), m)
				}
			}
			p.Make(p.EscapeOrRandom(r, NoMove))
		}
	}
	// Uniform among the rest: from the start, 8 moves minus one excluded.
	p := StartPosition(Placements[0], Placements[1])
	var ml MoveList
	ml.Generate(&p)
	ex := ml.Slice()[0]
	count := map[Move]int{}
	for i := 0; i < 7000; i++ {
		count[p.EscapeOrRandom(r, ex)]++
	}
	if len(count) != len(ml.Slice())-1 {
		t.Fatalf("%d distinct moves drawn, want %d", len(count), len(ml.Slice())-1)
	}
	for m, n := range count {
		if n < 800 || n > 1200 {
			t.Errorf("%s drawn %d times of 7000, want about 1000", m, n)
		}
	}
}
