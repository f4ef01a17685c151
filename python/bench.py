"""Timing of the geister package: probes per CPU-second and the CPU time
of one solve call (the figures of docs/use-from-your-program.md).

    GEISTER_LIB=libgeister.so python3 python/bench.py TABLE_DIR POSITIONS_FILE [SECONDS]

POSITIONS_FILE holds positions of the tables' classes, one a line.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import geister  # noqa: E402


def rate(f, positions, seconds):
    n, t0 = 0, time.process_time()
    while True:
        for p in positions:
            f(p)
        n += len(positions)
        t = time.process_time() - t0
        if t >= seconds:
            return n / t, n, t


def main():
    tables, path = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    with open(path) as f:
        positions = [line.strip() for line in f if line.strip()]
    with geister.Tables(tables) as t:
        for p in positions:  # warm the block cache
            t.value(p)
        for name, f in (("Tables.value", t.value), ("Tables.probe", t.probe)):
            r, n, s = rate(f, positions, seconds)
            print("%s: %.0f probes per CPU-second (%d probes, %.2f s)" % (name, r, n, s))
    pos = "uu1B2/6/R5/6/6/6 f R1r1"
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        geister.solve(pos, tt_megabytes=1)
        n += 1
    print("geister.solve %s tt 1 MiB: %.1f us per call (CPU, %d calls)" % (pos, (time.process_time() - t0) / n * 1e6, n))


if __name__ == "__main__":
    main()
