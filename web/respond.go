package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/geister-solver/geister/engine"
)

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func writeErr(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{msg})
}

// readJSON decodes the body into v, refusing unknown fields and bodies
// over the cap, with a message that says which.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeErr(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than this server's cap of %d bytes", s.cfg.MaxBody))
			return false
		}
		writeErr(w, http.StatusBadRequest, "request body: "+err.Error())
		return false
	}
	return true
}

// readPositionJSON reads the request's JSON into req, then the position
// string text points at (a field of req). On a fault it has answered the
// request (readJSON's answer, or 400 naming the position's fault) and
// returns false.
func (s *Server) readPositionJSON(w http.ResponseWriter, r *http.Request, req any, text *string) (engine.Position, bool) {
	if !s.readJSON(w, r, req) {
		return engine.Position{}, false
	}
	p, err := parsePosition(*text)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return p, false
	}
	return p, true
}

// parsePosition reads a position field, naming it in the error.
func parsePosition(text string) (engine.Position, error) {
	if len(text) > 200 {
		return engine.Position{}, fmt.Errorf("position: %d characters, more than a position string has", len(text))
	}
	p, err := engine.ParsePosition(text)
	if err != nil {
		return p, fmt.Errorf("position: %w", err)
	}
	return p, nil
}
