"""The ctypes binding of libgeister (capi/geister.h in the repository)."""

import ctypes
import json
import os
import sys
import threading

# Status codes and results of geister.h.
OK = 0
NOT_HELD = 1
ERR_ARGUMENT = -1
ERR_POSITION = -2
ERR_TABLES = -3
ERR_AGENT = -4
ERR_INTERNAL = -5
ERR_CLOSED = -6
WIN = 1
NO_WIN = 2


class GeisterError(Exception):
    """An error libgeister reported: code is geister.h's status code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class NotHeld(GeisterError, LookupError):
    """The tables do not hold the position (its class is not built, the
    opponent shows colours...)."""


class PositionError(GeisterError, ValueError):
    """A position that cannot be read, or a question that does not fit it."""


class LibraryNotFound(GeisterError, OSError):
    """libgeister could not be loaded."""


def _lib_name():
    if sys.platform == "darwin":
        return "libgeister.dylib"
    if sys.platform == "win32":
        return "geister.dll"
    return "libgeister.so"


def library_path():
    """The library file loaded: $GEISTER_LIB, else the one beside the
    package."""
    env = os.environ.get("GEISTER_LIB")
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), _lib_name())


class _ProbeResult(ctypes.Structure):
    _fields_ = [
        ("result", ctypes.c_int),
        ("prover", ctypes.c_int),
        ("plies", ctypes.c_int),
        ("loss_plies", ctypes.c_int),
        ("move", ctypes.c_char * 8),
    ]


class _SolveOptions(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_uint64),
        ("time_seconds", ctypes.c_double),
        ("shortest", ctypes.c_int),
        ("max_plies", ctypes.c_int),
        ("ply_limit", ctypes.c_int),
        ("prover", ctypes.c_int),
        ("tt_megabytes", ctypes.c_int),
        ("threads", ctypes.c_int),
        ("tables", ctypes.c_void_p),
    ]


_lock = threading.Lock()
_lib = None
_c_str = ctypes.POINTER(ctypes.c_char)


def _load():
    global _lib
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        path = library_path()
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), _lib_name())
            raise LibraryNotFound(
                ERR_ARGUMENT,
                "geister: cannot load libgeister from %s (%s); set GEISTER_LIB to the library's path, "
                "or put %s beside the package (%s); build it with "
                "go build -buildmode=c-shared -o %s ./capi" % (path, e, _lib_name(), beside, _lib_name()),
            ) from None
        err = ctypes.POINTER(_c_str)
        lib.geister_version.restype = ctypes.c_char_p
        lib.geister_version.argtypes = []
        lib.geister_free.restype = None
        lib.geister_free.argtypes = [_c_str]
        lib.geister_tables_open.restype = ctypes.c_int
        lib.geister_tables_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
        lib.geister_tables_close.restype = ctypes.c_int
        lib.geister_tables_close.argtypes = [ctypes.c_void_p, err]
        for f in (lib.geister_probe, lib.geister_probe_value):
            f.restype = ctypes.c_int
            f.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(_ProbeResult), err]
        lib.geister_probe_json.restype = ctypes.c_int
        lib.geister_probe_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, err, err]
        lib.geister_solve.restype = ctypes.c_int
        lib.geister_solve.argtypes = [ctypes.c_char_p, ctypes.POINTER(_SolveOptions), err, err]
        lib.geister_move.restype = ctypes.c_int
        lib.geister_move.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_void_p, err, err]
        _lib = lib
        return lib


def _take(lib, p):
    """The library's string p as str, freed."""
    if not p:
        return None
    try:
        return ctypes.string_at(p).decode("utf-8")
    finally:
        lib.geister_free(p)


def _raise(code, message):
    cls = {NOT_HELD: NotHeld, ERR_POSITION: PositionError}.get(code, GeisterError)
    raise cls(code, message or "geister: error %d" % code)


def _text(what, s):
    """s, a str, as the library's UTF-8 bytes."""
    if not isinstance(s, str):
        raise TypeError("geister: %s must be a str, not %s" % (what, type(s).__name__))
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError("geister: %s %r is not valid text: %s" % (what, s, e)) from None


def _int(what, v, lo=0, hi=2**31 - 1):
    if v is None:
        return 0
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError("geister: %s must be an int or None, not %s" % (what, type(v).__name__))
    if not lo <= v <= hi:
        raise ValueError("geister: %s %d: want %d to %d" % (what, v, lo, hi))
    return v


def _prover(prover):
    if prover is None:
        return 0
    if prover not in ("f", "s"):
        raise ValueError("geister: prover %r: want 'f', 's' or None" % (prover,))
    return ord(prover)


def version():
    """The library's version: "<api major>.<minor> geister <module version> ..."."""
    return _load().geister_version().decode("utf-8")


class Tables:
    """Endgame tables opened read-only: path is a table directory, or
    several separated by ':'. Close them with close() or a with block."""

    def __init__(self, path):
        lib = _load()
        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        b = _text("table directory", path)
        h = ctypes.c_void_p()
        err = _c_str()
        code = lib.geister_tables_open(b, ctypes.byref(h), ctypes.byref(err))
        msg = _take(lib, err)
        if code != OK:
            _raise(code, msg)
        self._h = h
        self._lib = lib
        self.path = path

    def _handle(self):
        if self._h is None:
            raise GeisterError(ERR_CLOSED, "geister: tables %s are closed" % self.path)
        return self._h

    def probe(self, position, prover=None):
        """The answer of "geister probe --json" (a dict: result, plies,
        move, pv, loss_plies...). Raises NotHeld when the tables do not hold
        the position, PositionError when it cannot be read."""
        lib = self._lib
        out, err = _c_str(), _c_str()
        code = lib.geister_probe_json(self._handle(), _text("position", position), _prover(prover),
                                      ctypes.byref(out), ctypes.byref(err))
        line, msg = _take(lib, out), _take(lib, err)
        if code != OK:
            _raise(code, msg)
        return json.loads(line)

    def value(self, position, prover=None):
        """The fast probe: (result, plies) with result "win" (plies: the
        exact distance to win) or "no-win" (plies: the opponent's forced
        win, 0 for none). Raises as probe does."""
        lib = self._lib
        r = _ProbeResult()
        err = _c_str()
        code = lib.geister_probe_value(self._handle(), _text("position", position), _prover(prover),
                                       ctypes.byref(r), ctypes.byref(err))
        if code != OK:
            _raise(code, _take(lib, err))
        if r.result == WIN:
            return "win", r.plies
        return "no-win", r.loss_plies

    def close(self):
        if self._h is not None:
            h, self._h = self._h, None
            err = _c_str()
            code = self._lib.geister_tables_close(h, ctypes.byref(err))
            msg = _take(self._lib, err)
            if code != OK:
                _raise(code, msg)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def _with_tables(table, f):
    """Runs f with the handle of table: None, a Tables, or a path opened
    for the call."""
    if table is None:
        return f(None)
    if isinstance(table, Tables):
        return f(table._handle())
    with Tables(table) as t:
        return f(t._handle())


def solve(position, shortest=False, nodes=None, time=None, max_plies=None, table=None,
          prover=None, ply_limit=None, tt_megabytes=None):
    """SPEC section 5's answer for position, as "geister solve --json
    --threads 1" gives it: a dict with result ("win", "no-win" or "unknown"
    when the budget ran out), plies, move, pv, nodes, elapsed_ms, source.
    nodes and time (seconds) are budgets (None: none); max_plies asks for
    a win within that many plies; table is a Tables or a table directory.
    Raises PositionError for a position that cannot be read."""
    lib = _load()
    b = _text("position", position)
    o = _SolveOptions()
    o.nodes = _int("nodes", nodes, 0, 2**64 - 1)
    if time is not None:
        if isinstance(time, bool) or not isinstance(time, (int, float)):
            raise TypeError("geister: time must be a number of seconds or None, not %s" % type(time).__name__)
        if not 0 <= time <= 100 * 365 * 24 * 3600:
            raise ValueError("geister: time %r: want 0 (none) or more seconds" % (time,))
        o.time_seconds = float(time)
    o.shortest = 1 if shortest else 0
    o.max_plies = _int("max_plies", max_plies)
    o.ply_limit = _int("ply_limit", ply_limit)
    o.prover = _prover(prover)
    o.tt_megabytes = _int("tt_megabytes", tt_megabytes, 0, 1 << 16)

    def call(h):
        o.tables = h
        out, err = _c_str(), _c_str()
        code = lib.geister_solve(b, ctypes.byref(o), ctypes.byref(out), ctypes.byref(err))
        line, msg = _take(lib, out), _take(lib, err)
        if code != OK:
            _raise(code, msg)
        return json.loads(line)

    return _with_tables(table, call)


def move(agent, position, seed=1, table=None):
    """The move agent (a spec such as "hayazashi" or "purplemax:depth=4")
    chooses in position, as "geister move --json --agent AGENT --seed
    SEED" answers: a dict with position, agent, move (and for hayazashi
    every move with its score)."""
    lib = _load()
    a, b = _text("agent", agent), _text("position", position)
    s = _int("seed", seed, 0, 2**64 - 1)

    def call(h):
        out, err = _c_str(), _c_str()
        code = lib.geister_move(a, b, s, h, ctypes.byref(out), ctypes.byref(err))
        line, msg = _take(lib, out), _take(lib, err)
        if code != OK:
            _raise(code, msg)
        return json.loads(line)

    return _with_tables(table, call)
