"""Tests of the geister package: its answers equal the geister command's.

Run from the repository's root after building the library and the
command (.ci/run does):

    go build -buildmode=c-shared -o /tmp/libgeister.so ./capi
    go build -o /tmp/geister ./cmd/geister
    GEISTER_LIB=/tmp/libgeister.so GEISTER_BIN=/tmp/geister \\
        python3 -m unittest discover -s python/tests

They build a small table store (1B1R-2U1r and 1B1R-3U1r) with the command.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import geister  # noqa: E402

BIN = os.environ.get("GEISTER_BIN", "")
PAPER = "uu1B2/6/R5/6/6/6 f R1r1"
tables_dir = None


def setUpModule():
    global tables_dir
    if not BIN:
        raise unittest.SkipTest("set GEISTER_BIN to the geister command (and GEISTER_LIB to libgeister)")
    tables_dir = tempfile.mkdtemp(prefix="geister-py-")
    subprocess.run([BIN, "build", "--quiet", "--table", os.path.join(tables_dir, "t"), "1B1R-2U1r", "1B1R-3U1r"],
                   check=True, stdout=subprocess.DEVNULL)


def tearDownModule():
    if tables_dir:
        shutil.rmtree(tables_dir, ignore_errors=True)


def table():
    return os.path.join(tables_dir, "t")


def command(args, positions):
    """The command's JSON lines for positions (read from standard input)."""
    p = subprocess.run([BIN] + args + ["-"], input="\n".join(positions) + "\n", capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise AssertionError("geister %s: %s" % (args, p.stderr))
    return [json.loads(line) for line in p.stdout.splitlines()]


def solve_command(args, positions):
    """The command's answers, one process a position: each solve starts
    afresh, as each call of the library does (a batch would keep one
    transposition table from position to position)."""
    out = []
    for p in positions:
        out += command(["solve", "--json", "--quiet", "--threads", "1"] + args, [p])
    return strip(out)


def flip(s):
    """s upside down with the players swapped: the prover as second player."""
    board, side, reds = s.split()[:3]
    n, m = reds[1:].split("r")
    return "%s %s R%sr%s" % ("/".join(reversed(board.split("/"))).swapcase(), "s" if side == "f" else "f", m, n)


def position(rng, prover, opp, opp_reds=1):
    """A random position: the first player's pieces prover (e.g. "BR"),
    opp hidden pieces of the second player, either side to move."""
    squares = rng.sample(range(36), len(prover) + opp)
    cells = [""] * 36
    for sq, c in zip(squares, prover + "u" * opp):
        cells[sq] = c
    ranks = []
    for r in range(6):
        out, empty = "", 0
        for c in cells[6 * r:6 * r + 6]:
            if c:
                out += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        ranks.append(out + (str(empty) if empty else ""))
    return "%s %s R%dr%d" % ("/".join(ranks), rng.choice("fs"), prover.count("R"), opp_reds)


def probe_positions(n, seed):
    rng = random.Random(seed)
    bad = ["x", "uu1B2/6/R5/6/6 f R1r1", "uu1B2/6/R5/6/6/6 x R1r1", "uu1B2/6/R5/6/6/6 f R1r9"]
    out = []
    for i in range(n):
        if i % 20 == 7:
            out.append(bad[i // 20 % len(bad)])
        elif i % 20 == 13:
            out.append(position(rng, "BBR", 2))  # a class not in the tables
        else:
            s = position(rng, "BR", 3 if i % 5 else 2)
            out.append(flip(s) if i % 4 == 1 else s)
    return out


def answer(f, pos):
    """f(pos) as the command writes it: the answer, or the error object."""
    try:
        a = f(pos)
    except geister.GeisterError as e:
        return {"position": pos, "error": str(e)}
    a.pop("elapsed_ms", None)
    return a


def strip(objs):
    for o in objs:
        o.pop("elapsed_ms", None)
    return objs


class TestAgreesWithCommand(unittest.TestCase):
    def test_probe_500(self):
        pos = probe_positions(500, 1)
        want = strip(command(["probe", "--json", "--no-store", "--table", table()], pos))
        self.assertEqual(len(want), len(pos))
        kinds = {}
        with geister.Tables(table()) as t:
            for p, w in zip(pos, want):
                self.assertEqual(answer(t.probe, p), w, p)
                k = w.get("result", "error")
                kinds[k] = kinds.get(k, 0) + 1
                try:
                    v = t.value(p)
                except geister.NotHeld:
                    self.assertIn("error", w)
                    self.assertTrue("not in the endgame tables" in w["error"] or "hidden opponents" in w["error"], w)
                    continue
                except geister.PositionError:
                    self.assertIn("error", w)
                    continue
                if w["result"] == "win":
                    self.assertEqual(v, ("win", w["plies"]), p)
                else:
                    self.assertEqual(v, ("no-win", w.get("loss_plies", 0)), p)
        for k in ("win", "no-win", "error"):
            self.assertGreater(kinds.get(k, 0), 20, kinds)

    def test_solve_50(self):
        rng = random.Random(5)
        pos = [position(rng, "BRR", 3) if i % 2 else position(rng, "BBR", 2) for i in range(48)]
        pos = [flip(p) if i % 3 == 1 else p for i, p in enumerate(pos)] + [PAPER, "not a position"]
        want = solve_command(["--time", "0", "--nodes", "3000", "--no-store", "--table", table()], pos)
        self.assertEqual(len(want), 50)
        with geister.Tables(table()) as t:
            for p, w in zip(pos, want):
                self.assertEqual(answer(lambda q: geister.solve(q, nodes=3000, table=t), p), w, p)
        self.assertTrue(any(w.get("result") == "win" for w in want))
        self.assertTrue(any(w.get("result") in ("no-win", "unknown") for w in want))

    def test_solve_options(self):
        for kw, args in [({"shortest": True}, ["--shortest"]), ({"max_plies": 3}, ["--max-plies", "3"]),
                         ({"nodes": 50}, ["--nodes", "50"])]:
            want = solve_command(["--time", "0", "--no-table", "--no-store"] + args, [PAPER])[0]
            self.assertEqual(answer(lambda q: geister.solve(q, **kw), PAPER), want, kw)

    def test_move(self):
        start = "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4"
        for agent, seed in [("hayazashi", 1), ("random", 3), ("purplemax:depth=2", 2)]:
            p = subprocess.run([BIN, "move", "--json", "--no-table", "--agent", agent, "--seed", str(seed), start],
                               capture_output=True, text=True, check=True)
            self.assertEqual(geister.move(agent, start, seed=seed), json.loads(p.stdout), agent)

    def test_main(self):
        env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE))
        p = subprocess.run([sys.executable, "-m", "geister", "solve", PAPER], capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        got = json.loads(p.stdout)
        got.pop("elapsed_ms")
        want = solve_command(["--no-table", "--no-store"], [PAPER])[0]
        self.assertEqual(got, want)
        p = subprocess.run([sys.executable, "-m", "geister", "solve", "6/6/6 f R1r1"], capture_output=True, text=True,
                           env=env)
        self.assertEqual(p.returncode, 1)
        self.assertIn("position field 1 (board)", json.loads(p.stdout)["error"])


class TestBadInput(unittest.TestCase):
    def test_wrong_types(self):
        for f in (lambda: geister.solve(5), lambda: geister.solve(PAPER, nodes="many"),
                  lambda: geister.solve(PAPER, time="1s"), lambda: geister.Tables(None),
                  lambda: geister.move(None, PAPER), lambda: geister.move("random", PAPER, seed=1.5),
                  lambda: geister.solve(PAPER, max_plies=2.0)):
            with self.assertRaises(TypeError) as cm:
                f()
            self.assertIn("must be", str(cm.exception))

    def test_bad_values(self):
        for f, want in [(lambda: geister.solve(PAPER, nodes=-1), "nodes -1"),
                        (lambda: geister.solve(PAPER, time=-2), "time -2"),
                        (lambda: geister.solve(PAPER, prover="x"), "prover 'x'"),
                        (lambda: geister.solve("uu1B2\udcff/6/R5/6/6/6 f R1r1"), "not valid text")]:
            with self.assertRaises(ValueError) as cm:
                f()
            self.assertIn(want, str(cm.exception))

    def test_malformed_position(self):
        with self.assertRaises(geister.PositionError) as cm:
            geister.solve("uu1B2/6/R5/6/6 f R1r1")
        self.assertEqual(cm.exception.code, -2)
        self.assertIn('field 1 (board) "uu1B2/6/R5/6/6"', str(cm.exception))
        with geister.Tables(table()) as t, self.assertRaises(geister.PositionError):
            t.probe("6/6/6/6/6/6 f R1r1")

    def test_missing_and_closed_tables(self):
        with self.assertRaises(geister.GeisterError) as cm:
            geister.Tables("/nonexistent/geister-tables")
        self.assertEqual(cm.exception.code, -3)
        self.assertIn("/nonexistent/geister-tables", str(cm.exception))
        t = geister.Tables(table())
        t.close()
        with self.assertRaises(geister.GeisterError) as cm:
            t.probe(PAPER)
        self.assertEqual(cm.exception.code, -6)
        t.close()  # twice: nothing

    def test_not_held(self):
        with geister.Tables(table()) as t, self.assertRaises(geister.NotHeld) as cm:
            t.probe("5B/2B3/1R4/6/3u2/2u3 s R1r1")
        self.assertIn("class 2B1R-2U1r is not in the endgame tables", str(cm.exception))

    def test_corrupted_table(self):
        """Bytes flipped across a table file: errors with messages, no crash."""
        src = table()
        sst = sorted(n for n in os.listdir(src) if n.endswith(".sst"))[0]
        size = os.path.getsize(os.path.join(src, sst))
        pos = probe_positions(100, 3)
        noticed = 0
        for off in (0, 100, size // 3, size // 2, size - 300, size - 1):
            d = tempfile.mkdtemp(dir=tables_dir)
            for n in os.listdir(src):
                shutil.copy(os.path.join(src, n), d)
            with open(os.path.join(d, sst), "r+b") as f:
                f.seek(off)
                b = bytearray(f.read(4))
                f.seek(off)
                f.write(bytes(x ^ 0xFF for x in b))
            try:
                t = geister.Tables(d)
            except geister.GeisterError as e:
                self.assertTrue(str(e))
                noticed += 1
                continue
            with t:
                errors = 0
                for p in pos:
                    try:
                        t.probe(p)
                    except (geister.NotHeld, geister.PositionError):
                        pass
                    except geister.GeisterError as e:
                        self.assertTrue(str(e))
                        errors += 1
                noticed += errors > 0
        self.assertGreater(noticed, 0)

    def test_library_missing(self):
        env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE), GEISTER_LIB="/nonexistent/libgeister.so")
        p = subprocess.run([sys.executable, "-m", "geister", "solve", PAPER], capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 1)
        self.assertIn("GEISTER_LIB", p.stderr)
        self.assertIn("/nonexistent/libgeister.so", p.stderr)
        self.assertIn(os.path.join("geister", "libgeister.so"), p.stderr)


class TestThreads(unittest.TestCase):
    def test_eight_threads_agree_with_one(self):
        pos = probe_positions(100, 9)
        solves = [PAPER, position(random.Random(2), "BRR", 3)]
        with geister.Tables(table()) as t:
            def run():
                return ([answer(t.probe, p) for p in pos],
                        [answer(lambda q: geister.solve(q, nodes=2000, table=t), p) for p in solves])
            want = run()
            got = [None] * 8

            def work(i):
                got[i] = run()
            th = [threading.Thread(target=work, args=(i,)) for i in range(8)]
            for x in th:
                x.start()
            for x in th:
                x.join()
        for g in got:
            self.assertEqual(g, want)


if __name__ == "__main__":
    unittest.main()
