package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tournament"
)

// readGames reads the games of a records file: match records, a GAT log
// or a tournament results file.
func readGames(name string) ([]match.Record, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if tournament.IsResults(data) {
		return tournament.Records(bytes.NewReader(data))
	}
	return analysis.ReadGames(bytes.NewReader(data))
}

// fromGames writes positions of the recorded games in files, as the
// player to move saw them, whose class the store dir holds complete and
// that have at least minPieces pieces: wins of minDTW..maxDTW plies (at
// most perDTW of each DTW) and up to nowins hard no-wins (a df-pn search
// of a win within noWinBound plies, without tables, took at least
// hardNodes nodes); at most one position a game and a kind (win,
// no-win), each position once (mirror images as one). Every answer is
// the tables'.
func fromGames(enc *json.Encoder, dir string, files []string, minPieces, minDTW, maxDTW, perDTW, nowins int, hardNodes uint64) error {
	db, err := openTables(dir, "games")
	if err != nil {
		return err
	}
	defer db.Close()
	quick := solver.New(solver.Options{TTMegabytes: 64, MaxPlies: noWinBound, MaxNodes: 4 * hardNodes})
	got := map[int]int{}
	nw, found := 0, 0
	seen := map[purple.Key]bool{}
	for _, name := range files {
		recs, err := readGames(name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for gi := range recs {
			rec := &recs[gi]
			ps, _, err := rec.Replay()
			if err != nil {
				return fmt.Errorf("%s game %d: %w", name, rec.Game, err)
			}
			tookWin, tookNoWin := false, false
			for ply, full := range ps {
				if full.Outcome() != engine.Ongoing {
					break
				}
				pl := full.Turn()
				p := full
				p.Hide(pl.Other())
				c, ok := purple.ClassOf(&p, pl)
				if !ok || c.Pieces() < minPieces || !db.Has(c) {
					continue
				}
				_, _, k := purple.Canonical(&p, pl)
				if seen[k] {
					continue
				}
				v, n, err := db.ProbeValue(&p, pl)
				if err != nil {
					continue
				}
				line := TablesLine{Position: p.String(), Prover: pl.String(), Class: c.String(), Pieces: c.Pieces(),
					Source: "games", Game: fmt.Sprintf("%s#%d", filepath.Base(name), rec.Game), Ply: ply}
				switch {
				case v == purple.Win && n >= minDTW && n <= maxDTW && !tookWin && got[n] < perDTW:
					got[n]++
					tookWin = true
					line.Result, line.DTW = "win", n
				case v != purple.Win && !tookNoWin && nw < nowins:
					nodes, err := noWinNodes(quick, p, pl)
					if err != nil {
						return err
					}
					if nodes < hardNodes {
						continue
					}
					nw++
					tookNoWin = true
					line.Result, line.Nodes = "no-win", nodes
				default:
					continue
				}
				seen[k] = true
				found++
				if err := enc.Encode(line); err != nil {
					return err
				}
			}
		}
		fmt.Fprintf(os.Stderr, "games: %s: %d lines so far (%d no-wins), wins by DTW %v\n", name, found, nw, got)
	}
	return nil
}
