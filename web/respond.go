package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

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

// readJSON decodes the body, one JSON value of Content-Type
// application/json, into v, refusing unknown fields, data after the value
// and bodies over the cap, with a message that says which.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if !bodyType(w, r, false, "application/json") {
		return false
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more than one JSON value (data after the first)")
			if e != nil && !errors.Is(e, io.ErrUnexpectedEOF) {
				err = e
			}
		}
	}
	if err != nil {
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

// route serves r by the board's routes. Where none has r's path (404) or
// method (405), and where the page's files answer an error, the answer is
// a JSON error as everywhere else.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		s.mux.ServeHTTP(&jsonErrors{ResponseWriter: w, path: r.URL.Path}, r)
		return
	}
	rec := &jsonErrors{ResponseWriter: discard{http.Header{}}}
	h.ServeHTTP(rec, r)
	switch rec.code {
	case http.StatusMethodNotAllowed:
		allow := rec.Header().Get("Allow")
		w.Header().Set("Allow", allow)
		writeErr(w, rec.code, fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, allow))
	case http.StatusNotFound, 0:
		writeErr(w, http.StatusNotFound, fmt.Sprintf("no page or API path %s", r.URL.Path))
	default:
		writeErr(w, rec.code, fmt.Sprintf("%s %s: %s", r.Method, r.URL.Path, http.StatusText(rec.code)))
	}
}

// jsonErrors turns an error that a handler writes as text (the static
// files' 404, say) into a JSON error; other answers pass.
type jsonErrors struct {
	http.ResponseWriter
	path string
	code int  // the status written
	text bool // an error answered in text: its body is dropped
}

func (j *jsonErrors) WriteHeader(code int) {
	if j.code != 0 {
		return
	}
	j.code = code
	if code >= 400 && !strings.HasPrefix(j.Header().Get("Content-Type"), "application/json") {
		j.text = true
		j.Header().Del("Content-Length")
		writeErr(j.ResponseWriter, code, fmt.Sprintf("%s: %s", j.path, strings.ToLower(http.StatusText(code))))
		return
	}
	j.ResponseWriter.WriteHeader(code)
}

func (j *jsonErrors) Write(b []byte) (int, error) {
	if j.code == 0 {
		j.WriteHeader(http.StatusOK)
	}
	if j.text {
		return len(b), nil
	}
	return j.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (j *jsonErrors) Unwrap() http.ResponseWriter { return j.ResponseWriter }

// discard is a ResponseWriter that keeps only the header.
type discard struct{ h http.Header }

func (d discard) Header() http.Header         { return d.h }
func (d discard) Write(b []byte) (int, error) { return len(b), nil }
func (d discard) WriteHeader(int)             {}

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
