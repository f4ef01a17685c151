package main

import (
	"io"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// answerJSON is the object of SPEC §5 (solver.AnswerJSON).
type answerJSON = solver.AnswerJSON

// writeJSONLine writes v as one line of JSON (solver.WriteJSONLine).
func writeJSONLine(w io.Writer, v any) error { return solver.WriteJSONLine(w, v) }

// moveStrings returns the moves in from-to form.
func moveStrings(ms []engine.Move) []string { return engine.MoveTexts(ms) }
