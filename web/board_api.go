package web

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// pictureQuery reads position, last and highlight from the URL.
func pictureQuery(r *http.Request) (engine.Position, Options, error) {
	p, err := parsePosition(r.URL.Query().Get("position"))
	if err != nil {
		return p, Options{}, err
	}
	o, err := pictureOptions(r)
	return p, o, err
}

// pictureOptions reads last, line, highlight and caption from the URL.
func pictureOptions(r *http.Request) (o Options, err error) {
	q := r.URL.Query()
	if t := q.Get("last"); t != "" {
		if o.LastMove, err = engine.ParseMove(t); err != nil {
			return o, fmt.Errorf("last: %w", err)
		}
	}
	if t := q.Get("line"); t != "" {
		for _, f := range strings.Fields(strings.ReplaceAll(t, ",", " ")) {
			if len(o.Line) >= 64 {
				return o, errors.New("line: more than 64 moves")
			}
			m, err := engine.ParseMove(f)
			if err != nil {
				return o, fmt.Errorf("line: %w", err)
			}
			o.Line = append(o.Line, m)
		}
	}
	for _, h := range strings.Split(q.Get("highlight"), ",") {
		if h == "" {
			continue
		}
		sq, err := engine.ParseSquare(h)
		if err != nil {
			return o, fmt.Errorf("highlight: %w", err)
		}
		if len(o.Highlight) < 36 {
			o.Highlight = append(o.Highlight, sq)
		}
	}
	if c := q.Get("caption"); c != "" {
		if len(c) > 200 {
			c = c[:200]
		}
		o.Caption = c
	}
	return o, nil
}

func (s *Server) boardSVG(w http.ResponseWriter, r *http.Request) {
	p, o, err := pictureQuery(r)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(SVG(&p, o))
}

func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	p, o, err := pictureQuery(r)
	if err != nil {
		writeErr(w, http.StatusBadRequest, err.Error())
		return
	}
	var buf bytes.Buffer
	if err := WritePNG(&buf, &p, o); err != nil {
		writeErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(buf.Bytes())
}
