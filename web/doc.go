// Package web draws Geister boards and serves the local web board.
//
// Pictures: SVG (written by hand) and PNG (the same shapes rasterised)
// of a position, with each player's pieces pointing the way they move
// (the first player's up, towards its exits a1 and f1; the second's
// down), blue or red where the colour is known and grey with "?" where
// it is hidden, the exits marked, the last move as an arrow, and beside
// the board each side's counts and the pieces captured from it:
//
//	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
//	web.WriteSVG(os.Stdout, &p, web.Options{LastMove: m})
//	web.LineFiles("line", p, answer.PV, "svg") // one picture per ply
//
// The web board (NewServer) is an http.Handler: a page (html/template,
// assets embedded with go:embed, no build step) and a JSON API under
// /api/v1/ (APIPrefix; docs/openapi.yaml describes it) that scripts may
// use as well: solve, probe, legal moves, games against any agent, and
// game analysis (package analysis). Bodies and budgets are capped. It
// answers only its own page and programs on the machine: the Host must
// name the server, an Origin must be its own, and bodies are JSON (see
// docs/web.md). While a game is on, no answer about it shows the agent's
// colours.
package web
