#!/usr/bin/env python3
"""The depth and speed each thread count reaches on fixed positions
(issue 50; docs/SEARCH.md, "Lazy SMP: two threads against one"), and
each net: `--eval-file FILE` (again for more) compares nets in one binary
(issue 47; docs/NNUE.md, "Embedded"), the embedded net first.

    scripts/threads-depth.py GORGON [--variant pom] [--positions N]
        [--movetime MS] [--threads 1,2] [--hash MB] [--eval-file FILE]...

Plays no games: for each of the first N openings of the variant's newest
suite (scripts/tournament/suites/), a fresh engine (`ucinewgame`, the
table cleared) searches the end position for MS milliseconds with each
configuration (thread count, and net) in turn, over UCI. Per configuration
it prints the mean depth and seldepth completed, the nodes per second of
all threads together, and the time to each depth that every configuration
reached on every position (the geometric mean over the positions, and its
ratio to the first configuration's): the Lazy SMP "time to depth", the usual measure of what a helper
thread buys beside the games. A timing: run it on a quiet machine.
"""

import argparse
import math
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def suite_positions(variant, count):
    """The end positions (FEN) of the first `count` openings of the newest suite."""
    suites = sorted((ROOT / "scripts/tournament/suites").glob(f"{variant}-*.txt"), key=lambda p: int(p.stem.split("-")[1]))
    if not suites:
        sys.exit(f"threads-depth: no suite for {variant} in scripts/tournament/suites")
    fens = []
    for line in suites[-1].read_text().splitlines():
        if line.startswith("# ce ") and " fen " in line:
            fens.append(line.split(" fen ", 1)[1].strip())
        if len(fens) == count:
            break
    return suites[-1].name, fens


class Engine:
    def __init__(self, cmd, variant, threads, hash_mb, eval_file=None):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        options = [("UCI_Variant", variant), ("Threads", threads), ("Hash", hash_mb)]
        if eval_file:
            options.append(("EvalFile", eval_file))
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, token):
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(token):
                return lines
            if line.startswith("info string error"):
                sys.exit(f"threads-depth: the engine said: {line.strip()}")
        sys.exit(f"threads-depth: the engine ended before '{token}'")

    def search(self, fen, movetime):
        """Depth -> ms at which its first exact line came, and the last info's depth, seldepth, nodes, time."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        self.send(f"go movetime {movetime}")
        first_at = {}
        last = None
        for line in self.wait("bestmove"):
            words = line.split()
            if not words or words[0] != "info" or "depth" not in words or "pv" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            field = {words[i]: words[i + 1] for i in range(1, len(words) - 1) if words[i] in ("depth", "seldepth", "nodes", "time")}
            depth = int(field["depth"])
            first_at.setdefault(depth, int(field.get("time", 0)))
            last = (depth, int(field.get("seldepth", depth)), int(field.get("nodes", 0)), int(field.get("time", 1)))
        return first_at, last

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gorgon")
    ap.add_argument("--variant", default="pom", choices=["pom", "minipom"])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--movetime", type=int, default=5000)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--eval-file", action="append", default=[], help="a net to compare with the embedded one (EvalFile); again for more")
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    for net in args.eval_file:
        if not pathlib.Path(net).is_file():
            sys.exit(f"threads-depth: no net file {net}")
    nets = [None] + [str(pathlib.Path(f).resolve()) for f in args.eval_file]
    # The configurations compared: each thread count with each net (None:
    # the embedded one), named by both only when there are nets to tell apart.
    configs = [(t, net) for net in nets for t in threads]

    def label(config):
        t, net = config
        if len(nets) == 1:
            return f"{t} thr"
        return f"{t} thr {pathlib.Path(net).name if net else 'embedded'}"

    names = {c: label(c) for c in configs}
    suite, fens = suite_positions(args.variant, args.positions)
    print(f"{args.variant}: {len(fens)} positions of {suite}, {args.movetime} ms each, hash {args.hash} MB, threads {threads}"
          + (f", nets {['embedded'] + args.eval_file}" if len(nets) > 1 else ""))
    results = {c: [] for c in configs}
    for i, fen in enumerate(fens):
        # Configurations in turn on each position, so a drift of the
        # machine touches every one alike.
        for c in configs:
            engine = Engine(args.gorgon, args.variant, c[0], args.hash, c[1])
            first_at, last = engine.search(fen, args.movetime)
            engine.quit()
            results[c].append((first_at, last))
            d, sd, nodes, ms = last
            print(f"  position {i + 1} {names[c]}: depth {d} seldepth {sd} nodes {nodes} nps {nodes * 1000 // max(ms, 1)}", flush=True)
    # Depths every configuration reached on every position.
    common = None
    for c in configs:
        for first_at, _ in results[c]:
            reached = {d for d, ms in first_at.items() if ms > 0}
            common = reached if common is None else common & reached
    width = max(8, *(len(n) for n in names.values()))
    print(f"{'threads':>{width}} {'depth':>6} {'seldepth':>8} {'nps':>10}")
    for c in configs:
        rows = results[c]
        depth = sum(r[1][0] for r in rows) / len(rows)
        seldepth = sum(r[1][1] for r in rows) / len(rows)
        nps = sum(r[1][2] for r in rows) * 1000 / sum(r[1][3] for r in rows)
        print(f"{names[c]:>{width}} {depth:>6.2f} {seldepth:>8.2f} {nps:>10.0f}")
    if common:
        print("time to depth (geometric mean ms over the positions; ratio to the first configuration):")
        print("   depth " + " ".join(f"{names[c]:>16}" for c in configs))
        for d in sorted(common):
            means = [math.exp(sum(math.log(r[0][d]) for r in results[c]) / len(results[c])) for c in configs]
            print(f"{d:>8} " + " ".join(f"{m:>9.0f} ({m / means[0]:.2f})" for m in means))


if __name__ == "__main__":
    main()
