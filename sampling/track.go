package sampling

import (
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Tracker follows the opponent's eight pieces by identity through a game
// from its start, as one player sees it: where each piece (the letters
// A–H of its start square, engine.HomeSquares) stands, which were
// captured, and what the captures revealed. Captures by the player are the
// only way colours are seen (an escape ends the game); the red count of
// the position handed to Sync after a capture says the captured piece's
// colour. It also keeps paper 004 §5.4's red likelihood of every piece.
//
// A Tracker is fed the whole move list at each turn (Sync): it applies
// the moves it has not seen, and starts again from the first move when
// the list is not a continuation of what it saw.
type Tracker struct {
	me      engine.Player
	moves   []engine.Move
	sq      [8]engine.Square // square of each opponent piece, NoSquare once captured
	id      [64]int8         // opponent piece on a square, or -1
	own     uint64           // the player's pieces
	oppReds int              // the opponent's reds on the board at the last Sync
	// Reveals are the captures' constraints: of the pieces in Mask,
	// exactly Reds were red. One capture a turn gives one piece each.
	reveals []Reveal
	like    [8]float64
	// LikeStep is how much one approach (or retreat) changes a red
	// likelihood (paper 004 §5.4); 0.1 by default.
	LikeStep float64
}

// Reveal says that exactly Reds of the opponent's pieces in Mask (bit i:
// piece 'A'+i) were red.
type Reveal struct {
	Mask uint8
	Reds int
}

// NewTracker returns a tracker for player me at the start of a game.
func NewTracker(me engine.Player) *Tracker {
	t := &Tracker{me: me, LikeStep: 0.1}
	t.reset()
	return t
}

// Me returns the player whose view the tracker follows.
func (t *Tracker) Me() engine.Player { return t.me }

func (t *Tracker) reset() {
	t.moves = t.moves[:0]
	t.reveals = t.reveals[:0]
	for i := range t.id {
		t.id[i] = -1
	}
	opp := t.me.Other()
	for i, s := range engine.HomeSquares(opp) {
		t.sq[i] = s
		t.id[s] = int8(i)
		t.like[i] = 0.5
	}
	t.own = 0
	for _, s := range engine.HomeSquares(t.me) {
		t.own |= s.Bit()
	}
	t.oppReds = 4
}

// Sync brings the tracker to the position p that the player sees after
// moves (every move from the start). It returns an error when the moves
// do not fit p (then the tracker is reset). With no moves and a position
// other than a start, the tracker starts from p: the opponent's pieces on
// the board get the letters from A in square order, the rest count as
// captured with the reds the counts say.
func (t *Tracker) Sync(p *engine.Position, moves []engine.Move) error {
	return t.SyncEach(p, moves, nil)
}

// Continues reports whether moves extend (or repeat) the moves the
// tracker has seen, so that Sync would apply only the new ones rather
// than start again.
func (t *Tracker) Continues(moves []engine.Move) bool {
	return len(moves) >= len(t.moves) && samePrefix(moves, t.moves)
}

// SyncEach is Sync that calls before(i, c), when before is not nil, for
// each opponent move moves[i] it applies, just before applying it: c is
// the moving piece (0–7 for A–H), and the tracker's Square, OnBoard and
// Own show the board as it stood before the move. A Sync that starts
// again calls it for every opponent move from the first.
func (t *Tracker) SyncEach(p *engine.Position, moves []engine.Move, before func(i, c int)) error {
	if !t.Continues(moves) {
		t.reset()
	}
	if len(moves) == 0 && (p.Ply() != 0 || p.Occupied(t.me.Other()) != t.onBoard() || p.Occupied(t.me) != t.own) {
		t.startFrom(p)
		return nil
	}
	opp := t.me.Other()
	var captured uint8
	for i := len(t.moves); i < len(moves); i++ {
		m := moves[i].Plain()
		mover := engine.Player(i & 1)
		from, to := m.From(), m.To()
		if mover == t.me {
			if t.own&from.Bit() == 0 {
				t.reset()
				return fmt.Errorf("sampling: move %d (%s) does not move a piece of the player", i+1, m)
			}
			t.own &^= from.Bit()
			if to.OnBoard() {
				t.own |= to.Bit()
				if c := t.id[to]; c >= 0 {
					captured |= 1 << c
					t.sq[c] = engine.NoSquare
					t.id[to] = -1
				}
			}
		} else {
			c := t.id[from]
			if c < 0 {
				t.reset()
				return fmt.Errorf("sampling: move %d (%s) does not move an opponent piece", i+1, m)
			}
			if before != nil {
				before(i, int(c))
			}
			t.likeUpdate(c, m)
			t.id[from] = -1
			if to.OnBoard() {
				t.own &^= to.Bit()
				t.id[to] = c
				t.sq[c] = to
			} else {
				t.sq[c] = engine.NoSquare
			}
		}
		t.moves = append(t.moves, m)
	}
	if got := t.onBoard(); got != p.Occupied(opp) || t.own != p.Occupied(t.me) {
		t.reset()
		return fmt.Errorf("sampling: the moves do not lead to the position %s", p.String())
	}
	if captured != 0 {
		t.reveals = append(t.reveals, Reveal{Mask: captured, Reds: t.oppReds - p.Reds(opp)})
	}
	t.oppReds = p.Reds(opp)
	return nil
}

// startFrom makes p, met without its moves, the tracker's start.
func (t *Tracker) startFrom(p *engine.Position) {
	t.reset()
	opp := t.me.Other()
	for i := range t.id {
		t.id[i] = -1
	}
	i := 0
	for b := p.Occupied(opp); b != 0 && i < 8; b &= b - 1 {
		s := engine.Square(bits.TrailingZeros64(b))
		t.sq[i], t.id[s] = s, int8(i)
		i++
	}
	var gone uint8
	for ; i < 8; i++ {
		t.sq[i] = engine.NoSquare
		gone |= 1 << i
	}
	if gone != 0 {
		t.reveals = append(t.reveals, Reveal{Mask: gone, Reds: 4 - p.Reds(opp)})
	}
	t.own = p.Occupied(t.me)
	t.oppReds = p.Reds(opp)
}

func samePrefix(a, b []engine.Move) bool {
	for i := range b {
		if a[i].Plain() != b[i] {
			return false
		}
	}
	return true
}

func (t *Tracker) onBoard() uint64 {
	var b uint64
	for _, s := range t.sq {
		if s != engine.NoSquare {
			b |= s.Bit()
		}
	}
	return b
}

// Square returns where opponent piece i (0–7 for A–H) stands, or NoSquare
// when it has been captured (or escaped).
func (t *Tracker) Square(i int) engine.Square { return t.sq[i] }

// Own returns the squares of the player's own pieces.
func (t *Tracker) Own() uint64 { return t.own }

// OnBoard returns the mask of the opponent's pieces still on the board.
func (t *Tracker) OnBoard() uint8 {
	var m uint8
	for i, s := range t.sq {
		if s != engine.NoSquare {
			m |= 1 << i
		}
	}
	return m
}

// Reveals returns what the captures showed.
func (t *Tracker) Reveals() []Reveal { return t.reveals }

// Consistent reports whether the opponent placement pl (bit i: piece
// 'A'+i red) agrees with everything seen: every capture's colours, and
// the reds the opponent has left on the board (oppReds, the count the
// position shows).
func (t *Tracker) Consistent(pl engine.Placement) bool {
	if !pl.Valid() {
		return false
	}
	for _, r := range t.reveals {
		if bits.OnesCount8(uint8(pl)&r.Mask) != r.Reds {
			return false
		}
	}
	return bits.OnesCount8(uint8(pl)&t.OnBoard()) == t.oppReds
}

// World returns p (the player's view, the opponent hidden) with the
// opponent's pieces coloured as placement pl says.
func (t *Tracker) World(p *engine.Position, pl engine.Placement) engine.Position {
	w := *p
	opp := t.me.Other()
	for i, s := range t.sq {
		if s == engine.NoSquare {
			continue
		}
		k := engine.Blue
		if pl&(1<<i) != 0 {
			k = engine.Red
		}
		w.Remove(opp, engine.Unknown, s)
		w.Put(opp, k, s)
	}
	return w
}

// Like returns the red likelihood of opponent piece i, in [0, 1].
func (t *Tracker) Like(i int) float64 { return t.like[i] }

// likeUpdate applies paper 004 §5.4 to the opponent's move m of piece c,
// before the tracker plays it: a piece that stood on its own exit and did
// not escape while it could is red as far as the likelihood goes (1); the
// moved piece that ends next to one of the player's pieces gains LikeStep,
// one that leaves every such square loses LikeStep (clamped to
// [0.05, 0.95], so that only the exit rule makes a piece certain).
func (t *Tracker) likeUpdate(c int8, m engine.Move) {
	opp := t.me.Other()
	if !m.IsEscape() {
		for i, s := range t.sq {
			if s != engine.NoSquare && engine.Exits(opp)&s.Bit() != 0 && t.like[i] < 1 {
				t.like[i] = 1
			}
		}
	}
	if t.like[c] >= 1 || !m.To().OnBoard() {
		return
	}
	wasNext := engine.Neighbours(m.From().Bit())&t.own != 0
	own := t.own &^ m.To().Bit()
	isNext := engine.Neighbours(m.To().Bit())&own != 0
	switch {
	case isNext:
		t.like[c] = min(t.like[c]+t.LikeStep, 0.95)
	case wasNext:
		t.like[c] = max(t.like[c]-t.LikeStep, 0.05)
	}
}

// SampleLikely draws colours for the opponent's pieces on the board by
// their red likelihood (paper 004 §5.4: "the red likelihood is used as a
// probability distribution to choose the colours at random"): the reds
// the opponent has left are drawn one by one without replacement, each
// piece in proportion to the odds L/(1−L) of its likelihood L, pieces of
// likelihood 1 first. The result has a bit for each piece drawn red (the
// captured pieces' bits are 0; World ignores them).
func (t *Tracker) SampleLikely(r *engine.Rand) engine.Placement {
	left := t.OnBoard()
	reds := t.oppReds
	var pl engine.Placement
	for ; reds > 0 && left != 0; reds-- {
		var sure uint8
		for m := left; m != 0; m &= m - 1 {
			if i := bits.TrailingZeros8(m); t.like[i] >= 1 {
				sure |= 1 << i
			}
		}
		var pick int
		if sure != 0 {
			pick = nthBit8(sure, r.Intn(bits.OnesCount8(sure)))
		} else {
			total := 0.0
			for m := left; m != 0; m &= m - 1 {
				total += odds(t.like[bits.TrailingZeros8(m)])
			}
			x := float64(r.Uint64()>>11) / (1 << 53) * total
			pick = -1
			for m := left; m != 0; m &= m - 1 {
				i := bits.TrailingZeros8(m)
				pick = i
				if x -= odds(t.like[i]); x < 0 {
					break
				}
			}
		}
		pl |= 1 << pick
		left &^= 1 << pick
	}
	return pl
}

func odds(l float64) float64 { return l / (1 - l) }

func nthBit8(x uint8, k int) int {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return bits.TrailingZeros8(x)
}
