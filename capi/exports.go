package main

/*
#include <stdlib.h>
#include <string.h>
#include "geister.h"

// What a geister_tables handle holds: the number of the Go value it
// stands for (0 once closed). It stays allocated after the close, so that
// a late use is an error, not a crash.
struct geister_tables { uint64_t id; };

typedef const char cchar_t;
typedef const geister_solve_options cgeister_solve_options;
*/
import "C"

import (
	"sync"
	"time"
	"unsafe"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/buildinfo"
	"github.com/geister-solver/geister/solver"
)

func main() {}

// The API version geister.h declares (GEISTER_API_VERSION_MAJOR/MINOR).
const apiVersion = "1.0"

var version = sync.OnceValue(func() *C.cchar_t {
	return (*C.cchar_t)(C.CString(apiVersion + " " + buildinfo.Read().String()))
})

//export geister_version
func geister_version() *C.cchar_t { return version() }

//export geister_free
func geister_free(s *C.char) { C.free(unsafe.Pointer(s)) }

// The open tables, by the number their handle holds.
var handles = struct {
	sync.RWMutex
	next uint64
	m    map[uint64]*tables
}{m: map[uint64]*tables{}}

// goString is the C string s, or an argument error naming what when s is
// NULL.
func goString(what string, s *C.cchar_t) (string, error) {
	if s == nil {
		return "", errorf(codeArgument, "%s is NULL", what)
	}
	return C.GoString((*C.char)(unsafe.Pointer(s))), nil
}

// finish sets *errOut (when not NULL) to err's message, or NULL, and
// returns err's status code.
func finish(err error, errOut **C.char) C.int {
	if errOut != nil {
		*errOut = nil
		if err != nil {
			*errOut = C.CString(err.Error())
		}
	}
	return C.int(codeOf(err))
}

// lookup is the tables a handle stands for.
func lookup(h *C.geister_tables) (*tables, error) {
	if h == nil {
		return nil, errorf(codeArgument, "tables handle is NULL")
	}
	handles.RLock()
	t := handles.m[uint64(h.id)]
	handles.RUnlock()
	if t == nil {
		return nil, errorf(codeClosed, "tables handle is closed")
	}
	return t, nil
}

//export geister_tables_open
func geister_tables_open(dir *C.cchar_t, out **C.geister_tables, errOut **C.char) C.int {
	return finish(guard(func() error {
		if out == nil {
			return errorf(codeArgument, "tables (the handle's address) is NULL")
		}
		*out = nil
		d, err := goString("table directory", dir)
		if err != nil {
			return err
		}
		t, err := openTables(d)
		if err != nil {
			return err
		}
		h := (*C.geister_tables)(C.calloc(1, C.size_t(unsafe.Sizeof(C.geister_tables{}))))
		handles.Lock()
		handles.next++
		h.id = C.uint64_t(handles.next)
		handles.m[handles.next] = t
		handles.Unlock()
		*out = h
		return nil
	}), errOut)
}

//export geister_tables_close
func geister_tables_close(h *C.geister_tables, errOut **C.char) C.int {
	return finish(guard(func() error {
		t, err := lookup(h)
		if err != nil {
			return err
		}
		handles.Lock()
		delete(handles.m, uint64(h.id))
		h.id = 0
		handles.Unlock()
		return t.close()
	}), errOut)
}

// fill copies v into the C result r.
func fill(r *C.geister_probe_result, v probeValue, move string) {
	*r = C.geister_probe_result{}
	switch v.Result {
	case solver.Win:
		r.result = C.GEISTER_WIN
	case solver.NoWin:
		r.result = C.GEISTER_NO_WIN
	}
	r.prover = C.int(v.Prover.String()[0])
	r.plies = C.int(v.Plies)
	r.loss_plies = C.int(v.LossPlies)
	for i := 0; i < len(move) && i < len(r.move)-1; i++ {
		r.move[i] = C.char(move[i])
	}
}

// probeInto checks the result pointer of a probe function, clears what it
// points to, and reads the arguments the probe functions share.
func probeInto(h *C.geister_tables, pos *C.cchar_t, r *C.geister_probe_result) (*tables, string, error) {
	if r == nil {
		return nil, "", errorf(codeArgument, "result is NULL")
	}
	*r = C.geister_probe_result{}
	return probeArgs(h, pos)
}

// probeArgs reads the arguments the probe functions share.
func probeArgs(h *C.geister_tables, pos *C.cchar_t) (*tables, string, error) {
	t, err := lookup(h)
	if err != nil {
		return nil, "", err
	}
	s, err := goString("position", pos)
	return t, s, err
}

//export geister_probe
func geister_probe(h *C.geister_tables, pos *C.cchar_t, prover C.int, r *C.geister_probe_result, errOut **C.char) C.int {
	return finish(guard(func() error {
		t, s, err := probeInto(h, pos, r)
		if err != nil {
			return err
		}
		a, err := t.probe(s, int(prover))
		if err != nil {
			return err
		}
		v := probeValue{Result: a.Result, Prover: a.Prover, LossPlies: a.LossPlies}
		if a.Result == solver.Win {
			v.Plies = a.Plies
		}
		m := ""
		if a.Result == solver.Win && a.Move != engine.NoMove {
			m = a.Move.String()
		}
		fill(r, v, m)
		return nil
	}), errOut)
}

//export geister_probe_value
func geister_probe_value(h *C.geister_tables, pos *C.cchar_t, prover C.int, r *C.geister_probe_result, errOut **C.char) C.int {
	return finish(guard(func() error {
		t, s, err := probeInto(h, pos, r)
		if err != nil {
			return err
		}
		v, err := t.value(s, int(prover))
		if err != nil {
			return err
		}
		fill(r, v, "")
		return nil
	}), errOut)
}

// setJSON sets *out to line (nothing for "").
func setJSON(out **C.char, line string) {
	if line != "" {
		*out = C.CString(line)
	}
}

//export geister_probe_json
func geister_probe_json(h *C.geister_tables, pos *C.cchar_t, prover C.int, out **C.char, errOut **C.char) C.int {
	return finish(guard(func() error {
		if out == nil {
			return errorf(codeArgument, "json is NULL")
		}
		*out = nil
		t, s, err := probeArgs(h, pos)
		if err != nil {
			return err
		}
		line, err := t.probeJSON(s, int(prover))
		setJSON(out, line)
		return err
	}), errOut)
}

//export geister_solve_options_init
func geister_solve_options_init(o *C.geister_solve_options) {
	if o != nil {
		*o = C.geister_solve_options{}
	}
}

// maxSeconds bounds time_seconds (a century), so that the duration does
// not overflow.
const maxSeconds = 100 * 365 * 24 * 3600

//export geister_solve
func geister_solve(pos *C.cchar_t, o *C.cgeister_solve_options, out **C.char, errOut **C.char) C.int {
	return finish(guard(func() error {
		if out == nil {
			return errorf(codeArgument, "json is NULL")
		}
		*out = nil
		s, err := goString("position", pos)
		if err != nil {
			return err
		}
		var so solveOptions
		if o != nil {
			secs := float64(o.time_seconds)
			if !(secs >= 0 && secs <= maxSeconds) { // NaN too
				return errorf(codeArgument, "time_seconds %v: want 0 (none) to %d", secs, maxSeconds)
			}
			so = solveOptions{
				Nodes: uint64(o.nodes), Time: time.Duration(secs * float64(time.Second)),
				Shortest: o.shortest != 0, MaxPlies: int(o.max_plies), PlyLimit: int(o.ply_limit),
				Prover: int(o.prover), TTMB: int(o.tt_megabytes), Threads: int(o.threads),
			}
			if o.tables != nil {
				if so.Tables, err = lookup(o.tables); err != nil {
					return err
				}
			}
		}
		line, err := solve(s, so)
		setJSON(out, line)
		return err
	}), errOut)
}

//export geister_move
func geister_move(agent, pos *C.cchar_t, seed C.uint64_t, h *C.geister_tables, out **C.char, errOut **C.char) C.int {
	return finish(guard(func() error {
		if out == nil {
			return errorf(codeArgument, "json is NULL")
		}
		*out = nil
		a, err := goString("agent", agent)
		if err != nil {
			return err
		}
		s, err := goString("position", pos)
		if err != nil {
			return err
		}
		var t *tables
		if h != nil {
			if t, err = lookup(h); err != nil {
				return err
			}
		}
		line, err := move(a, s, uint64(seed), t)
		setJSON(out, line)
		return err
	}), errOut)
}
