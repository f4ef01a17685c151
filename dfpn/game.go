package dfpn

// Move is a move of the searched game in the game's own encoding.
type Move uint16

// Inf is the saturated proof or disproof number, and the "none" or
// "never" distance.
const (
	Inf    uint32 = 1 << 30
	InfLen uint16 = 0xFFFF
)

// Eval is what a game knows of its current node without search.
type Eval struct {
	// WinIn: the OR side surely wins within this many plies (0: it has
	// won). InfLen when nothing is known.
	WinIn uint16
	// NoWin: the OR side has no win within this many plies; InfLen: never
	// (it has lost, or a table says so). 0 says nothing.
	NoWin uint16
}

// NothingKnown returns the Eval of a node of which nothing is known.
func NothingKnown() Eval { return Eval{WinIn: InfLen} }

// Game is the AND/OR game df-pn searches. Play and Undo move through it;
// the other methods describe the current node.
type Game interface {
	// Hash identifies the current node (equal positions, equal hashes).
	Hash() uint64
	// OrNode reports whether the side whose win is asked is to move.
	OrNode() bool
	// Evaluate reports what is known without search: a terminal node, or
	// exact facts (a table hit, a one-move win).
	Evaluate() Eval
	// Moves appends the legal moves of the current node to buf.
	Moves(buf []Move) []Move
	Play(m Move)
	Undo()
	// Estimate returns the initial proof and disproof numbers of the
	// current, unsolved node; both at least 1. At an AND node the search
	// adds to the proof number distanceWeight for every ply of the
	// node's Evaluate NoWin (the OR side needs more plies than that).
	Estimate() (pn, dn uint32)
	// Material is a number that never returns to an earlier value once it
	// changes (for Geister: pieces on the board). Repetitions are looked
	// for only among path nodes with the same material.
	Material() int
}

// ChildHasher is a Game that tells a child's Hash without playing its
// move (cheaper than Play, Hash, Undo). The search uses it, when the game
// has it, to read the table's lines of a node's children before it
// looks them up one by one.
type ChildHasher interface {
	// ChildHash returns the Hash of the node that Play(m) would reach.
	ChildHash(m Move) uint64
}

// ChildBounder is a Game that can tell, for some moves of an OR node, a
// bound on the "no win within" of the child without playing the move.
// The shallow searches (Options.ShallowPlies) ask it at an OR node once a
// child is disproven: a child whose Evaluate would give a NoWin at least
// the least of its disproven siblings' can neither prove the node (its
// WinIn is more than its NoWin) nor lower its disproof's "no win within"
// (their least), so it is settled without its move played, its position
// made or its evaluation run; it still counts as a node (Stats.Nodes), so
// that the search is the same, step by step, as without the bound.
type ChildBounder interface {
	// NoWinAfter reports that the node Play(m) would reach has an
	// Evaluate with NoWin ≥ k (the current node an OR node, k ≥ 1: the
	// child has no win within k plies). False says nothing: a game
	// answers where a cheap rule shows it.
	NoWinAfter(m Move, k uint16) bool
}
