package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/geister-solver/geister/analysis"
)

// analyzeAnswer is the answer of /api/analyze: the report of one game.
type analyzeAnswer struct {
	*analysis.Report
	Games int `json:"games"` // games in the record
}

func (s *Server) analyze(w http.ResponseWriter, r *http.Request) {
	// The record is JSON lines or a GAT log; the page sends it as text.
	if !bodyType(w, r, true, "application/x-ndjson", "application/jsonl", "application/json", "application/octet-stream") {
		return
	}
	q := r.URL.Query()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeErr(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("record larger than this server's cap of %d bytes", s.cfg.MaxBody))
			return
		}
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	recs, err := analysis.ReadGames(bytes.NewReader(body))
	if err != nil {
		writeErr(w, http.StatusBadRequest, "record: "+err.Error())
		return
	}
	o := analysis.Options{Nodes: s.cfg.AnalyzeNodes, Time: s.cfg.AnalyzeTime, TTMegabytes: 16, Tables: s.cfg.Tables, Store: s.cfg.Store}
	if v := q.Get("nodes"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > s.cfg.AnalyzeNodes {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("nodes %q: want 1 to this server's cap of %d a question", v, s.cfg.AnalyzeNodes))
			return
		}
		o.Nodes = n
	}
	if v := q.Get("time_ms"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 || n > s.cfg.AnalyzeTime.Milliseconds() {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("time_ms %q: want 1 to this server's cap of %d a question", v, s.cfg.AnalyzeTime.Milliseconds()))
			return
		}
		o.Time = time.Duration(n) * time.Millisecond
	}
	rec := recs[0]
	if v := q.Get("game"); v != "" {
		n, err := strconv.Atoi(v)
		found := false
		for _, r := range recs {
			if err == nil && r.Game == n {
				rec, found = r, true
				break
			}
		}
		if !found {
			writeErr(w, http.StatusBadRequest, fmt.Sprintf("game %q: not in the record (games %d to %d)", v, recs[0].Game, recs[len(recs)-1].Game))
			return
		}
	}
	if len(rec.Moves)+1 > s.cfg.AnalyzePlies {
		writeErr(w, http.StatusBadRequest, fmt.Sprintf("the game has %d positions, more than this server's cap of %d", len(rec.Moves)+1, s.cfg.AnalyzePlies))
		return
	}
	select {
	case s.solve <- struct{}{}:
		defer func() { <-s.solve }()
	case <-r.Context().Done():
		return
	}
	rep, err := analysis.Analyze(r.Context(), rec, o)
	if err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, analysis.ErrBadRecord) {
			code = http.StatusBadRequest
		}
		writeErr(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, analyzeAnswer{rep, len(recs)})
}
