package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/tournament"
)

// recordsInput returns the game records of in for analyze and replay:
// in itself, or, when in is a tournament results file, its games as
// match records (JSON lines).
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
