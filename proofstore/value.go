package proofstore

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/badgerdb"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// FormatVersion is the version of the stored layout. It is the first byte
// of every key (entries of another format live under other keys and are
// never read, only counted) and of every value (a value whose header
// disagrees with its key is corrupt).
const FormatVersion = 1

// Key kinds, the second byte of a key.
const (
	kindEntry    = 'e' // version 'e' question (1) purple.Key (32)
	kindCounters = 'c' // version 'c'
)

// Question says whose win an entry is about, in the prover's purple game.
type Question uint8

const (
	// ProverWins: does the prover (whose pieces all show) surely win?
	ProverWins Question = 0
	// OpponentWins: does the opponent force a win in the prover's purple
	// game (solver.Options.ForOpponent; a proven loss for the prover)?
	OpponentWins Question = 1
)

func (q Question) String() string {
	switch q {
	case ProverWins:
		return "prover-wins"
	case OpponentWins:
		return "opponent-wins"
	}
	return fmt.Sprintf("question(%d)", uint8(q))
}

// questionOf returns the Question of a solver question.
func questionOf(forOpponent bool) Question {
	if forOpponent {
		return OpponentWins
	}
	return ProverWins
}

// keyLen is the length of an entry key.
const keyLen = 3 + len(purple.Key{})

// key is an entry key: fixed width, big-endian fields.
type key [keyLen]byte

func makeKey(k purple.Key, q Question) key {
	var out key
	out[0], out[1], out[2] = FormatVersion, kindEntry, byte(q)
	copy(out[3:], k[:])
	return out
}

// split returns the key's question and canonical position key.
func (k key) split() (Question, purple.Key) {
	var pk purple.Key
	copy(pk[:], k[3:])
	return Question(k[2]), pk
}

// Entry is what the store knows of one question about one position: a
// win with its DTW (exact or an upper bound), and/or a proven absence of
// a win (within some plies, or ever). It is the value of the store.
//
// Entries returned by Get and given to Put are in the orientation of the
// caller's position; the store keeps them in the canonical one.
type Entry struct {
	// Win: the side asked about surely wins, with a DTW of at most Plies
	// (exactly Plies when Exact).
	Win   bool
	Plies int
	Exact bool
	// NoWinWithin: proven that no win comes within this many plies (a
	// "no-win" found under a ply bound; for a win, a lower bound on the
	// DTW minus one). 0 when nothing is known.
	NoWinWithin int
	// NoWinEver: proven that there is no win at all. Only searches
	// without a ply bound give it (their no-win never depends on the
	// path that led to the position).
	NoWinEver bool
	// Move is the winning side's first move when it is to move (else
	// NoMove); PV the principal line, starting with Move or with the
	// other side's longest-resisting reply.
	Move engine.Move
	PV   []engine.Move
	// Nodes is the size of the search that proved the entry (the most
	// recent proof kept).
	Nodes uint64
	// Solver is the solver.Version that proved it.
	Solver int
}

// Errors of entries.
var (
	// ErrCorrupt means a stored value failed its checks (checksum,
	// layout, or a principal line that does not replay); it is wrapped
	// with the position and the reason. Corrupt entries are never used.
	ErrCorrupt = errors.New("proofstore: corrupt entry")
	// ErrConflict means two proofs of the same question disagree (a win
	// in fewer plies than a proven no-win, say). Both are dropped.
	ErrConflict = errors.New("proofstore: conflicting entries")
	// ErrReadOnly is returned by Put on a store opened read-only.
	ErrReadOnly = errors.New("proofstore: the store is open read-only")
)

// maxPlies bounds the distances an entry holds (16-bit fields).
const maxPlies = 1<<16 - 1

// check returns an error naming the first inconsistent field of e.
func (e *Entry) check() error {
	bad := func(f string, a ...any) error { return fmt.Errorf("proofstore: entry: "+f, a...) }
	switch {
	case e.Plies < 0 || e.Plies > maxPlies:
		return bad("plies %d out of range 0..%d", e.Plies, maxPlies)
	case e.NoWinWithin < 0 || e.NoWinWithin > maxPlies:
		return bad("no-win-within %d out of range 0..%d", e.NoWinWithin, maxPlies)
	case e.Solver < 0 || e.Solver > 1<<16-1:
		return bad("solver version %d out of range", e.Solver)
	case e.Win && e.NoWinEver:
		return bad("both a win and no win ever")
	case e.Win && e.Plies < 1:
		return bad("a win in %d plies", e.Plies)
	case e.Win && e.NoWinWithin >= e.Plies:
		return bad("a win in %d plies with no win within %d", e.Plies, e.NoWinWithin)
	case e.Win && e.Exact && e.NoWinWithin != 0 && e.NoWinWithin != e.Plies-1:
		return bad("an exact win in %d plies with no win within %d", e.Plies, e.NoWinWithin)
	case !e.Win && (e.Plies != 0 || e.Exact || e.Move != engine.NoMove || len(e.PV) != 0):
		return bad("no win, yet plies %d, exact %v, move %v or a line of %d", e.Plies, e.Exact, e.Move, len(e.PV))
	case e.NoWinEver && e.NoWinWithin != 0:
		return bad("no win ever, with no win within %d", e.NoWinWithin)
	case !e.Win && !e.NoWinEver && e.NoWinWithin == 0:
		return bad("says nothing (no win, no bound)")
	case len(e.PV) > e.Plies:
		return bad("a line of %d plies for a win in %d", len(e.PV), e.Plies)
	case e.Move != engine.NoMove && (len(e.PV) == 0 || e.PV[0] != e.Move):
		return bad("move %v is not the first of the line", e.Move)
	}
	for i, m := range e.PV {
		if m == engine.NoMove || m >= 1<<12 { // from and to: 6 bits each
			return bad("line move %d is %#x", i+1, uint16(m))
		}
	}
	return nil
}

// normalize sets Exact and NoWinWithin to agree: an exact win has no win
// within one ply less, and a win with that bound is exact.
func (e *Entry) normalize() {
	if !e.Win {
		return
	}
	if e.Exact {
		e.NoWinWithin = e.Plies - 1
	}
	if e.NoWinWithin == e.Plies-1 {
		e.Exact = true
	}
}

// answer returns the result e gives to the question "a win within bound
// plies (0: any)?", with exact distances required when shortest, and
// whether e settles it.
func (e *Entry) answer(bound int, shortest bool) (solver.Result, bool) {
	switch {
	case e.NoWinEver:
		return solver.NoWin, true
	case e.Win && (bound == 0 || e.Plies <= bound):
		if shortest && !e.Exact {
			return solver.Unknown, false
		}
		return solver.Win, true
	case bound > 0 && e.NoWinWithin >= bound:
		// An exact win beyond the bound has NoWinWithin = Plies-1 ≥ bound.
		return solver.NoWin, true
	}
	return solver.Unknown, false
}

// Value layout (format 1), big-endian:
//
//	version (1) | flags (1: 1 win, 2 exact, 4 no win ever) | plies (2) |
//	no-win-within (2) | move (2) | solver version (2) | nodes (uvarint) |
//	line length (uvarint) | line moves (2 each) | xxhash64 of key and all before (8)
const (
	flagWin       = 1
	flagExact     = 2
	flagNoWinEver = 4
	fixedHeader   = 10
	sumLen        = 8
)

// encodeValue returns the stored value of e (checked and normalized) under k.
func encodeValue(k []byte, e *Entry) []byte {
	out := make([]byte, fixedHeader, fixedHeader+2*binary.MaxVarintLen64+2*len(e.PV)+sumLen)
	out[0] = FormatVersion
	var f byte
	if e.Win {
		f |= flagWin
	}
	if e.Exact {
		f |= flagExact
	}
	if e.NoWinEver {
		f |= flagNoWinEver
	}
	out[1] = f
	binary.BigEndian.PutUint16(out[2:], uint16(e.Plies))
	binary.BigEndian.PutUint16(out[4:], uint16(e.NoWinWithin))
	binary.BigEndian.PutUint16(out[6:], uint16(e.Move))
	binary.BigEndian.PutUint16(out[8:], uint16(e.Solver))
	out = binary.AppendUvarint(out, e.Nodes)
	out = binary.AppendUvarint(out, uint64(len(e.PV)))
	for _, m := range e.PV {
		out = binary.BigEndian.AppendUint16(out, uint16(m))
	}
	return binary.BigEndian.AppendUint64(out, badgerdb.Sum(k, out))
}

// decodeValue checks and decodes a stored value under key k. Every
// failure wraps ErrCorrupt and says what is wrong. It never panics.
func decodeValue(k, v []byte) (Entry, error) {
	var e Entry
	bad := func(f string, a ...any) (Entry, error) {
		return Entry{}, fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(f, a...))
	}
	if len(v) < fixedHeader+2+sumLen {
		return bad("value of %d bytes is too short", len(v))
	}
	body := v[:len(v)-sumLen]
	if got, want := binary.BigEndian.Uint64(v[len(body):]), badgerdb.Sum(k, body); got != want {
		return bad("checksum mismatch")
	}
	if body[0] != FormatVersion {
		return bad("value of format %d under a key of format %d", body[0], FormatVersion)
	}
	f := body[1]
	if f&^(flagWin|flagExact|flagNoWinEver) != 0 {
		return bad("unknown flags %#x", f)
	}
	e.Win, e.Exact, e.NoWinEver = f&flagWin != 0, f&flagExact != 0, f&flagNoWinEver != 0
	e.Plies = int(binary.BigEndian.Uint16(body[2:]))
	e.NoWinWithin = int(binary.BigEndian.Uint16(body[4:]))
	e.Move = engine.Move(binary.BigEndian.Uint16(body[6:]))
	e.Solver = int(binary.BigEndian.Uint16(body[8:]))
	rest := body[fixedHeader:]
	nodes, n := binary.Uvarint(rest)
	if n <= 0 {
		return bad("bad node count")
	}
	e.Nodes, rest = nodes, rest[n:]
	pvLen, n := binary.Uvarint(rest)
	if n <= 0 || pvLen > uint64(len(rest)-n)/2 {
		return bad("bad line length")
	}
	rest = rest[n:]
	if uint64(len(rest)) != 2*pvLen {
		return bad("%d bytes after a line of %d moves", len(rest)-2*int(pvLen), pvLen)
	}
	if pvLen > 0 {
		e.PV = make([]engine.Move, pvLen)
		for i := range e.PV {
			e.PV[i] = engine.Move(binary.BigEndian.Uint16(rest[2*i:]))
		}
	}
	if err := e.check(); err != nil {
		return bad("%s", strings.TrimPrefix(err.Error(), "proofstore: entry: "))
	}
	if e.Win && e.Exact != (e.NoWinWithin == e.Plies-1) {
		return bad("exact flag %v with plies %d and no win within %d", e.Exact, e.Plies, e.NoWinWithin)
	}
	return e, nil
}

// merge combines two entries of the same question into one that holds
// what both prove: the shorter win (with its line), the larger no-win
// bound. Entries that contradict each other give ErrConflict.
func merge(a, b Entry) (Entry, error) {
	a.normalize()
	b.normalize()
	out := Entry{NoWinEver: a.NoWinEver || b.NoWinEver, NoWinWithin: max(a.NoWinWithin, b.NoWinWithin)}
	var w *Entry
	switch {
	case a.Win && b.Win:
		w = &a
		if b.Plies < a.Plies || (b.Plies == a.Plies && b.Nodes > a.Nodes) {
			w = &b
		}
	case a.Win:
		w = &a
	case b.Win:
		w = &b
	}
	if w != nil {
		if out.NoWinEver || out.NoWinWithin >= w.Plies {
			return Entry{}, fmt.Errorf("%w: a win in %d plies, and %s", ErrConflict, w.Plies, noWinText(out))
		}
		out.Win, out.Plies, out.Move, out.PV, out.Nodes, out.Solver = true, w.Plies, w.Move, w.PV, w.Nodes, w.Solver
		out.normalize()
		return out, nil
	}
	if out.NoWinEver {
		out.NoWinWithin = 0
	}
	// Two no-wins: keep the proof of the stronger statement.
	switch {
	case a.NoWinEver && !b.NoWinEver, !b.NoWinEver && a.NoWinWithin >= b.NoWinWithin:
		out.Nodes, out.Solver = a.Nodes, a.Solver
	default:
		out.Nodes, out.Solver = b.Nodes, b.Solver
	}
	return out, nil
}

func noWinText(e Entry) string {
	if e.NoWinEver {
		return "no win ever"
	}
	return fmt.Sprintf("no win within %d plies", e.NoWinWithin)
}

// transformMoves applies f to the moves of e, in place of a copy.
func (e Entry) transformMoves(f func(engine.Move) engine.Move) Entry {
	if e.Move != engine.NoMove {
		e.Move = f(e.Move)
	}
	if len(e.PV) > 0 {
		pv := make([]engine.Move, len(e.PV))
		for i, m := range e.PV {
			pv[i] = f(m)
		}
		e.PV = pv
	}
	return e
}

// checkLine replays e's line from p (the canonical position of question
// q) and returns an error unless it is legal, ends in the win of the side
// asked about, and agrees with Move.
func checkLine(p engine.Position, q Question, e *Entry) error {
	if !e.Win {
		return nil
	}
	orSide := orSide(q)
	if p.Turn() == orSide && e.Move == engine.NoMove && len(e.PV) > 0 {
		return fmt.Errorf("the winning side is to move but no move is kept")
	}
	if p.Turn() != orSide && e.Move != engine.NoMove {
		return fmt.Errorf("a move %v kept for the side that is not to move", e.Move)
	}
	if len(e.PV) == 0 {
		return fmt.Errorf("a win without a line")
	}
	if err := p.PlayLine(e.PV, func(p *engine.Position, m engine.Move) { p.Make(purple.ProverMove(p, engine.First, m)) }, nil); err != nil {
		return fmt.Errorf("line %w", err)
	}
	if p.Outcome() != engine.WinFor(orSide) {
		return fmt.Errorf("the line ends in %s without the win", p.String())
	}
	return nil
}
