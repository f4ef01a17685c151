package haf

import (
	"fmt"
	"math"
	"math/bits"
	"sync"

	"github.com/geister-solver/geister/data"
)

// Sizes of the feature vector (docs/haf.md §2, §4).
const (
	// NumBits is the length of the state vector: 126 state bits and the
	// bias bit.
	NumBits = 127
	// NumPairs is the number of pair features, 127·128/2.
	NumPairs = NumBits * (NumBits + 1) / 2
	// Bias is the bias bit, always 1 in an afterstate.
	Bias = 126
	// CaptureFlag is set in an afterstate whose move captured.
	CaptureFlag = 40
	// EscapeFlag is set in an afterstate whose move escaped.
	EscapeFlag = 41
)

// DefaultWeights names the θ that paper 004 uses and the hayazashi agent
// plays by default: vsself900, after 9,000,000 self-play games.
const DefaultWeights = "900"

// PairIndex returns the feature index of the pair of bits i and j (in
// either order): k = i(i+1)/2 + j for j ≤ i.
func PairIndex(i, j int) int {
	if j > i {
		i, j = j, i
	}
	return i*(i+1)/2 + j
}

// Weights is a θ: one float64 per pair feature. It is read-only after
// loading and safe for concurrent use.
type Weights struct {
	name  string
	theta [NumPairs]float64
	// m is θ as a full symmetric matrix: m[i][j] = θ[PairIndex(i, j)].
	m [NumBits][128]float64
	// tol bounds how far a score summed in another order may lie from
	// the in-order sum (see Scorer).
	tol float64
}

func (w *Weights) init() {
	maxAbs := 0.0
	for i := 0; i < NumBits; i++ {
		for j := 0; j <= i; j++ {
			v := w.theta[PairIndex(i, j)]
			w.m[i][j], w.m[j][i] = v, v
			maxAbs = max(maxAbs, math.Abs(v))
		}
	}
	// A live position has at most 22 active bits in an afterstate (8 own
	// pieces, 8 opponent pieces, 4 counts, one flag, the bias): h sums at
	// most 253 terms, and an incremental score at most about 300 more.
	// Recursive summation of n terms errs by at most (n-1)·u·Σ|term|
	// (u = 2^-53), so both lie within 600·u·600·max|θ| of the exact real
	// sum; tol is 100 times that bound.
	w.tol = 100 * 600 * 600 * 0x1p-53 * max(maxAbs, 1)
}

// Name returns the name the weights were loaded by: "900", "63" or the
// file's path.
func (w *Weights) Name() string { return w.name }

// Theta returns θ[k].
func (w *Weights) Theta(k int) float64 { return w.theta[k] }

// Tolerance returns the bound on how far Scorer's incremental scores may
// lie from the exact in-order h.
func (w *Weights) Tolerance() float64 { return w.tol }

// Builtin returns the embedded θ named "900" (vsself900, the default) or
// "63" (vsself63, loaded by the program that won GAT2021).
// The built-in θ are parsed once and shared.
func Builtin(name string) (*Weights, error) {
	switch name {
	case "900":
		return builtin900()
	case "63":
		return builtin63()
	}
	return nil, fmt.Errorf("haf: no built-in weights %q (built in: 900, 63)", name)
}

var (
	builtin900 = sync.OnceValues(func() (*Weights, error) { return parseBuiltin("900") })
	builtin63  = sync.OnceValues(func() (*Weights, error) { return parseBuiltin("63") })
)

func parseBuiltin(name string) (*Weights, error) {
	file, b, _ := data.HAFWeights(name)
	w, err := ParseNPY("built-in "+file, b)
	if err != nil {
		return nil, err
	}
	w.name = name
	return w, nil
}

// License returns the licence of the built-in θ (MIT, copyright 2020
// KaoruShiga), which every copy of them carries.
func License() string { return data.HAFLicense() }

// Load returns the built-in θ "900" or "63", or reads the .npy file at any
// other path.
func Load(spec string) (*Weights, error) {
	if spec == "900" || spec == "63" {
		return Builtin(spec)
	}
	return LoadFile(spec)
}

// Bits is a 127-bit vector: bit i of the vector is bit i%64 of word i/64.
type Bits [2]uint64

// Has reports whether bit i is set.
func (b Bits) Has(i int) bool { return b[i>>6]>>(i&63)&1 != 0 }

// Set sets bit i.
func (b *Bits) Set(i int) { b[i>>6] |= 1 << (i & 63) }

// Clear clears bit i.
func (b *Bits) Clear(i int) { b[i>>6] &^= 1 << (i & 63) }

// Len returns the number of active bits.
func (b Bits) Len() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// Active appends the active bit indices to dst in ascending order.
func (b Bits) Active(dst []int) []int {
	for w := 0; w < 2; w++ {
		for x := b[w]; x != 0; x &= x - 1 {
			dst = append(dst, 64*w+bits.TrailingZeros64(x))
		}
	}
	return dst
}

// Pairs appends the active pair features of b to dst in ascending order
// (docs/haf.md §4): PairIndex(i, j) for active i ≥ j.
func (b Bits) Pairs(dst []int) []int {
	var buf [NumBits]int
	a := b.Active(buf[:0])
	for x, i := range a {
		for _, j := range a[:x+1] {
			dst = append(dst, PairIndex(i, j))
		}
	}
	return dst
}

// H returns h(b) = Σ θ[k] over the active pair features k of b, summed in
// float64 in ascending k from 0, as the original program's dot product
// with an in-order BLAS (docs/haf.md §5). The bias bit counts only when b
// has it set.
func (w *Weights) H(b Bits) float64 {
	var buf [NumBits]uint8
	n := 0
	for x := 0; x < 2; x++ {
		for v := b[x]; v != 0; v &= v - 1 {
			buf[n] = uint8(64*x + bits.TrailingZeros64(v))
			n++
		}
	}
	return w.sumInOrder(buf[:n])
}

// sumInOrder sums θ over the pairs of the ascending bit list a in
// ascending pair order: row i ascending, then j ascending within it.
func (w *Weights) sumInOrder(a []uint8) float64 {
	h := 0.0
	for x, i := range a {
		row := &w.m[i]
		for _, j := range a[:x+1] {
			h += row[j]
		}
	}
	return h
}
