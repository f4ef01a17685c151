package engine

// End is how a game ended by the rules: an escape, the last blue of the
// loser captured, the last red of the winner captured, or the ply limit.
// NotEnded while the game goes on. It is decided in one place,
// Position.EndAfter; forfeits (an illegal move, a clock, a disconnect)
// are not rules of the game and are the referee's to name.
type End uint8

const (
	NotEnded      End = iota // the game goes on
	EndEscape                // the winner's blue left the board
	EndBluesTaken            // the winner captured every blue of the loser
	EndRedsGiven             // the winner's four reds were all captured
	EndPlyLimit              // a draw at the ply limit
)

// String returns "escape", "blues taken", "reds given", "ply limit", or
// "" for NotEnded.
func (e End) String() string {
	switch e {
	case EndEscape:
		return "escape"
	case EndBluesTaken:
		return "blues taken"
	case EndRedsGiven:
		return "reds given"
	case EndPlyLimit:
		return "ply limit"
	}
	return ""
}

// EndAfter says how the game ended in p, reached by the move last, with
// the draw limit plyLimit (≤ 0: none); NotEnded while it goes on. It
// needs only what both players know (the counts of reds, which pieces
// escaped), so it answers as well on a player's view as on the full
// position.
func (p *Position) EndAfter(last Move, plyLimit int) End {
	o := p.OutcomeWithLimit(plyLimit)
	switch {
	case o == Ongoing:
		return NotEnded
	case o == Draw:
		return EndPlyLimit
	case last.IsEscape():
		return EndEscape
	}
	if w, _ := o.Winner(); p.Reds(w) == 0 {
		return EndRedsGiven
	}
	return EndBluesTaken
}
