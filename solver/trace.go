package solver

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/geister-solver/geister/dfpn"
)

// SearchKind says why a Solve call ran one of its df-pn searches
// (Options.Trace).
type SearchKind string

// The searches of a Solve call. A question without Shortest, with a
// bound (MaxPlies, PlyLimit) of at most 64 plies or a MaxNodes under
// AnyWinOnceBelow, is one search (SearchQuestion). With Shortest, or
// without either ("a win at all?", or within a longer bound such as a
// game's ply limit, which the first win found within it ends), deepen
// asks "a win within d?" for d = 1, 3, 5, ... (SearchIteration, the
// first d with a win being the exact distance) and runs searches
// without the iterations' bound beside them, with growing node caps,
// which settle "no win at all" (SearchProbe; under MaxPlies or
// PlyLimit one, within the question's bound, before the iterations,
// which then go on up to the bound), and one without a cap past the
// iterations' longest length (SearchUnbounded; no bound only);
// a proven length not known to be exact is lowered by asking for a win
// within one ply fewer (SearchShorten). Walking the principal line and
// building a proof search positions below the root again where the
// table no longer holds them (SearchLine, SearchProof).
const (
	SearchQuestion  SearchKind = "question"
	SearchProbe     SearchKind = "probe"
	SearchIteration SearchKind = "iteration"
	SearchUnbounded SearchKind = "unbounded"
	SearchShorten   SearchKind = "shorten"
	SearchLine      SearchKind = "line"
	SearchProof     SearchKind = "proof"
)

// SearchTrace is one df-pn search of a Solve call, as Options.Trace
// reports it when the search ends. Where the nodes of a slow question go
// (which iteration, how much the probes took) is read off these.
type SearchTrace struct {
	// Position is the Solve call's position (as Answer.Position); a
	// SearchLine or SearchProof search is of a position below it.
	Position string
	Kind     SearchKind
	// Plies is the bound the search asked under: a win within that many
	// plies (0: none).
	Plies int
	// Cap is a SearchProbe's node cap, or a SearchIteration's before it
	// is searched again with the move order restarted (the call's budget
	// left where that is less; 0 otherwise).
	Cap uint64
	// Result: Win (WinIn, the proof's length), NoWin (no win within
	// NoWin plies; -1: none at all), or Unknown (a cap or the budget
	// stopped it).
	Result Result
	WinIn  int
	NoWin  int
	// Nodes the search took on all its goroutines; PathNodes the most one
	// of them took (Nodes on one thread): the search's time on free
	// cores.
	Nodes, PathNodes uint64
	Elapsed          time.Duration
}

// traceOf is the SearchTrace of a search of s that asked under d plies
// (0: none), with at most maxNodes nodes (0: no limit; a probe's cap, or
// the call's budget left where that is less), and reported r in el.
func (s *Solver) traceOf(kind SearchKind, d int, maxNodes uint64, r dfpn.Report, el time.Duration) SearchTrace {
	t := SearchTrace{
		Position: s.rootText, Kind: kind, Plies: d,
		Nodes: r.Stats.Nodes, PathNodes: r.Stats.ThreadNodes, Elapsed: el,
	}
	if kind == SearchProbe || (s.capping && r.Status == dfpn.Undecided) {
		t.Cap = maxNodes
	}
	switch r.Status {
	case dfpn.Proven:
		t.Result, t.WinIn = Win, r.WinIn
	case dfpn.Disproven:
		t.Result, t.NoWin = NoWin, r.NoWin
	}
	return t
}

// String is the trace as one line of text: why the search ran, what it
// asked and answered, its nodes (and the longer path's, where several
// goroutines searched) and its time.
func (t SearchTrace) String() string {
	q := "a win at all?"
	if t.Plies > 0 {
		q = fmt.Sprintf("a win within %d plies?", t.Plies)
	}
	if t.Cap > 0 {
		q += fmt.Sprintf(" (at most %d nodes)", t.Cap)
	}
	var ans string
	switch t.Result {
	case Win:
		ans = fmt.Sprintf("win in %d", t.WinIn)
	case NoWin:
		if t.NoWin < 0 {
			ans = "no win at all"
		} else {
			ans = fmt.Sprintf("no win within %d", t.NoWin)
		}
	default:
		ans = "undecided"
	}
	nodes := fmt.Sprintf("%d nodes", t.Nodes)
	if t.PathNodes != t.Nodes {
		nodes += fmt.Sprintf(" (longer path %d)", t.PathNodes)
	}
	return fmt.Sprintf("%s: %s, %s %s; %s, %s", t.Position, t.Kind, q, ans, nodes, t.Elapsed.Round(time.Millisecond))
}

// SearchTraceJSON is a SearchTrace as "geister solve --trace --json"
// writes it: one object per line on standard error.
type SearchTraceJSON struct {
	Trace     SearchKind `json:"trace"`
	Position  string     `json:"position"`
	Plies     int        `json:"plies,omitempty"`
	Cap       uint64     `json:"cap,omitempty"`
	Result    string     `json:"result"`
	WinIn     *int       `json:"win_in,omitempty"`
	NoWin     *int       `json:"no_win_within,omitempty"`
	Nodes     uint64     `json:"nodes"`
	PathNodes uint64     `json:"path_nodes"`
	ElapsedMS float64    `json:"elapsed_ms"`
}

// JSON is the trace as SearchTraceJSON.
func (t SearchTrace) JSON() SearchTraceJSON {
	j := SearchTraceJSON{
		Trace: t.Kind, Position: t.Position, Plies: t.Plies, Cap: t.Cap,
		Result: t.Result.String(), Nodes: t.Nodes, PathNodes: t.PathNodes,
		ElapsedMS: Milliseconds(t.Elapsed),
	}
	switch t.Result {
	case Win:
		j.WinIn = &t.WinIn
	case NoWin:
		j.NoWin = &t.NoWin
	}
	return j
}

// TracePrinter returns an Options.Trace that writes each search on w as
// it ends: a line of text ("trace: " and SearchTrace.String), or with
// asJSON one SearchTraceJSON line. It is safe for the concurrent Solve
// calls of a Batch.
func TracePrinter(w io.Writer, asJSON bool) func(SearchTrace) {
	var mu sync.Mutex
	return func(t SearchTrace) {
		mu.Lock()
		defer mu.Unlock()
		if asJSON {
			WriteJSONLine(w, t.JSON())
			return
		}
		fmt.Fprintln(w, "trace: "+t.String())
	}
}
