"""python3 -m geister: solve, probe and move from the shell, one JSON line
an answer (the lines of the geister command's --json)."""

import argparse
import json
import sys

from . import GeisterError, Tables, move, solve, version


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m geister", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("solve", help="does a side surely win, in how many plies, with which move?")
    s.add_argument("position", nargs="+", help="position strings (quoted)")
    s.add_argument("--shortest", action="store_true", help="the exact distance to win")
    s.add_argument("--nodes", type=int, help="stop after this many searched positions")
    s.add_argument("--time", type=float, help="stop after this many seconds")
    s.add_argument("--max-plies", type=int, help="a sure win within this many plies")
    s.add_argument("--table", help="endgame table directory (DIR1:DIR2 for several)")
    p = sub.add_parser("probe", help="answer positions from the endgame tables alone")
    p.add_argument("position", nargs="+")
    p.add_argument("--table", required=True, help="endgame table directory")
    m = sub.add_parser("move", help="the move an agent chooses")
    m.add_argument("position")
    m.add_argument("--agent", default="hayazashi")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--table", help="endgame table directory for agents that probe them")
    sub.add_parser("version", help="the library's version")
    args = ap.parse_args(argv)

    failed = False

    def out(obj):
        print(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))

    try:
        v = version()  # loads the library: its absence is one message
        if args.cmd == "version":
            print(v)
        elif args.cmd == "solve":
            for pos in args.position:
                try:
                    out(solve(pos, shortest=args.shortest, nodes=args.nodes, time=args.time,
                              max_plies=args.max_plies, table=args.table))
                except (GeisterError, ValueError) as e:
                    failed = True
                    out({"position": pos, "error": str(e)})
        elif args.cmd == "probe":
            with Tables(args.table) as t:
                for pos in args.position:
                    try:
                        out(t.probe(pos))
                    except (GeisterError, ValueError) as e:
                        failed = True
                        out({"position": pos, "error": str(e)})
        elif args.cmd == "move":
            out(move(args.agent, args.position, seed=args.seed, table=args.table))
    except (GeisterError, ValueError, TypeError) as e:
        print(e, file=sys.stderr)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
