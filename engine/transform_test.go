package engine

import (
	"sort"
	"strings"
	"testing"
)

func TestTransforms(t *testing.T) {
	p := MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1 5")
	if m := p.Mirrored(); m.String() != "2B1uu/6/5R/6/6/6 f R1r1 5" {
		t.Fatalf("mirror: %s", m.String())
	}
	if s := p.Swapped(); s.String() != "6/6/6/r5/6/UU1b2 s R1r1 5" {
		t.Fatalf("swap: %s", s.String())
	}
	r := NewRand(4)
	for g := 0; g < 100; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			for _, tr := range []struct {
				pos  func(*Position) Position
				move func(Move) Move
			}{{(*Position).Mirrored, MirrorMove}, {(*Position).Swapped, SwapMove}} {
				q := tr.pos(&p)
				if back := tr.pos(&q); back != p {
					t.Fatalf("%s: transform twice gave %s", p.String(), back.String())
				}
				if q.Hash() != q.RecomputeHash() {
					t.Fatal("hash")
				}
				var a []string
				var ml MoveList
				ml.Generate(&p)
				for _, m := range ml.Slice() {
					a = append(a, tr.move(m).String())
				}
				sort.Strings(a)
				if strings.Join(a, " ") != strings.Join(moveStrings(&q), " ") {
					t.Fatalf("%s: transformed moves %v, moves of transformed %v", p.String(), a, moveStrings(&q))
				}
			}
			p.Make(p.RandomMove(r))
		}
	}
}
