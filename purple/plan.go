package purple

// Captures returns the classes a capture from c leads into with the game
// still on: the prover takes one of the opponent's pieces, red while a
// hidden red remains (one piece and one red less; taking the last red
// ends the game), or the opponent takes one of the prover's blues or reds
// (taking the last of either ends the game). The keeper game's captures
// follow the same rule, so its classes depend on the same ones.
func (c Class) Captures() []Class {
	var d []Class
	if c.OppReds > 1 {
		d = append(d, Class{Blues: c.Blues, Reds: c.Reds, OppPieces: c.OppPieces - 1, OppReds: c.OppReds - 1})
	}
	if c.Blues > 1 {
		d = append(d, Class{Blues: c.Blues - 1, Reds: c.Reds, OppPieces: c.OppPieces, OppReds: c.OppReds})
	}
	if c.Reds > 1 {
		d = append(d, Class{Blues: c.Blues, Reds: c.Reds - 1, OppPieces: c.OppPieces, OppReds: c.OppReds})
	}
	return d
}

// Closure returns classes with every class their captures lead into, at
// any depth, each once and smallest first (Less): the order in which a
// retrograde analysis solves them, each class's captures leading only
// into classes before it. The classes of a valid class's captures are
// valid; classes as given are kept whether valid or not.
func Closure(classes []Class) []Class {
	seen := map[Class]bool{}
	var out []Class
	work := append([]Class(nil), classes...)
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c)
		work = append(work, c.Captures()...)
	}
	SortClasses(out)
	return out
}
