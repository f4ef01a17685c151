package tablebase

import (
	"strconv"

	"github.com/geister-solver/geister/purple"
)

// Value is a stored result from the prover's side: Result purple.Win with
// Plies the distance to win (DTW, SPEC §4), purple.Loss with Plies the
// distance to the opponent's forced win in the purple game (DTL: the
// opponent hastens, the prover delays), or purple.Ongoing: neither side
// forces a win (Plies 0).
type Value struct {
	Result purple.Value
	Plies  int
}

const (
	winResult  = purple.Win
	lossResult = purple.Loss
)

// String returns "win in N", "loss in N" or "neither".
func (v Value) String() string {
	switch v.Result {
	case purple.Win:
		return "win in " + strconv.Itoa(v.Plies)
	case purple.Loss:
		return "loss in " + strconv.Itoa(v.Plies)
	}
	return "neither"
}
