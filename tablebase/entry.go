package tablebase

import (
	"strconv"

	"github.com/geister-solver/geister/purple"
)

// Entry is what the tables hold for one position, from the prover's
// side: Result purple.Win with Plies the distance to win (DTW, SPEC §4),
// purple.Loss with Plies the distance to the opponent's forced win in the
// purple game (DTL: the opponent hastens, the prover delays), or
// purple.Ongoing: neither side forces a win (Plies 0).
type Entry struct {
	Result purple.Value
	Plies  int
}

const (
	winResult  = purple.Win
	lossResult = purple.Loss
)

// String returns "win in N", "loss in N" or "neither".
func (v Entry) String() string {
	switch v.Result {
	case purple.Win:
		return "win in " + strconv.Itoa(v.Plies)
	case purple.Loss:
		return "loss in " + strconv.Itoa(v.Plies)
	}
	return "neither"
}

// Values in memory and on disk: one byte a position, from the prover's
// side. 0: neither side forces a win (or, while building, not decided
// yet); 1..127: the prover wins in that many plies (DTW); 0x80|d: the
// opponent wins in d plies (DTL).
const (
	lossBit = 0x80
	maxDist = 0x7f
)

// goodBit[side] is the bit pattern of a win for the side to move.
var goodBit = [2]uint8{sideP: 0, sideO: lossBit}

// decodeEntry reads a stored byte; ok is false for lossBit alone, which
// no position holds.
func decodeEntry(v uint8) (Entry, bool) {
	switch {
	case v == 0:
		return Entry{}, true
	case v == lossBit:
		return Entry{}, false
	case v&lossBit != 0:
		return Entry{Result: lossResult, Plies: int(v & maxDist)}, true
	}
	return Entry{Result: winResult, Plies: int(v)}, true
}
