"""geister: the Geister sure-win solver, endgame tables and agents from
Python, through libgeister (the project's C library) with ctypes.

    >>> import geister
    >>> geister.solve("uu1B2/6/R5/6/6/6 f R1r1", shortest=True)["move"]
    'd1e1'
    >>> with geister.Tables("/path/to/tables") as t:
    ...     t.probe("uu1B2/6/R5/6/6/6 f R1r1")["plies"]
    5

Answers are the dicts of the geister command's JSON lines (solve --json,
probe --json, move --json). The library is libgeister.so from the path
in the environment variable GEISTER_LIB, else beside this package.
Every function may be called from several threads at once; a Tables
object may be shared between them.
"""

from ._lib import (
    GeisterError,
    LibraryNotFound,
    NotHeld,
    PositionError,
    Tables,
    library_path,
    move,
    solve,
    version,
)

__all__ = [
    "GeisterError",
    "LibraryNotFound",
    "NotHeld",
    "PositionError",
    "Tables",
    "library_path",
    "move",
    "solve",
    "version",
]
