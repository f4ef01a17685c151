package engine

// MoveTexts returns the moves in from-to form ("d1e1", "a1a0"), nil for
// none.
func MoveTexts(ms []Move) []string {
	if len(ms) == 0 {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// Name is the player's name in words: "first" or "second".
func (pl Player) Name() string {
	if pl == First {
		return "first"
	}
	return "second"
}
