package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/tournament"
)

// openRecords reads the game records of the operand name (a file, or -
// for standard input) for analyze and replay: the file as it is, or, when
// it is a tournament results file, its games as match records (JSON
// lines). Errors name the operand.
func openRecords(e *env, name string) (io.Reader, error) {
	in, closeIn, err := cli.OpenOperand(e, name)
	if err != nil {
		return nil, err
	}
	defer closeIn()
	r, err := recordsInput(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}

// recordsInput returns the records of in: in itself, or a tournament
// results file's games as match records.
func recordsInput(in io.Reader) (io.Reader, error) {
	data, err := io.ReadAll(io.LimitReader(in, analysis.MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if !tournament.IsResults(data) {
		return bytes.NewReader(data), nil
	}
	recs, err := tournament.Records(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	for i := range recs {
		line, err := json.Marshal(&recs[i])
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		buf.Write(append(line, '\n'))
	}
	return &buf, nil
}
