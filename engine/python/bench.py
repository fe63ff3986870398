"""Speed of the gorgon Python package: move generation and push/pop calls per
second from Python, and search speed next to the `gorgon` binary's.

Usage (from the repository root, after `pip install engine/python` and
`cargo build --release -p gorgon-cli`):

    python engine/python/bench.py [--depth N] [--seconds S] [--binary PATH]
"""

import argparse
import json
import subprocess
import time
from pathlib import Path

import gorgon

ROOT = Path(__file__).resolve().parents[2]

POSITIONS = [
    ("pom start", "pom", None),
    ("minipom start", "minipom", None),
    # docs/PERFT.md H and I: random 40-ply playouts.
    ("pom middlegame", "pom", "tha1qks2ht/w2wp1eww1w/2w1w1w3a/4mm(a)2w1/1w3w3M1/4(A)1p1S2/W5W3W/5W1P3/2W1W4W1/1W1WPE1WWA1/THA1QK3HT w AKk - 1 21"),
    ("minipom middlegame", "minipom", "t2qk1e1t/2w1wh1ww/1wH2w3/2h3w1(a)/9/W1WQ1W3/1W1WW4/6(w)W1/1H(A)1KE(A)1T w CFGIi - 0 21"),
]


def rate(fn, seconds):
    """Calls of fn per second over about `seconds`."""
    n, start = 0, time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        n += 100
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def movegen(seconds):
    print(f"{'position':<20} {'moves':>5} {'legal_moves/s':>16} {'moves/s':>12} {'push+pop/s':>12}")
    for name, variant, fen in POSITIONS:
        board = gorgon.Board(fen, variant=variant)
        moves = list(board.legal_moves)
        calls = rate(lambda: list(board.legal_moves), seconds)
        first = moves[0]

        def push_pop():
            board.push(first)
            board.pop()

        pushes = rate(push_pop, seconds)
        print(f"{name:<20} {len(moves):>5} {calls:>16,.0f} {calls * len(moves):>12,.0f} {pushes:>12,.0f}")


def search(depth, binary):
    engine = gorgon.Engine(threads=1, hash_mb=64)
    start = time.perf_counter()
    line = engine.analyse(gorgon.Board(), depth=depth)[0]
    wall = time.perf_counter() - start
    print(f"\nanalysis, POM start, depth {depth}, 1 thread, 64 MB hash")
    print(
        f"  python : {line.nodes:>10,} nodes  {line.nps:>10,} nps (engine)  "
        f"{line.nodes / wall:>10,.0f} nps (wall {wall:.2f} s)  best {line.move}"
    )
    if not Path(binary).exists():
        print(f"  binary : {binary} not found (cargo build --release -p gorgon-cli)")
        return
    cmd = [binary, "analyse", "--variant", "pom", "--depth", str(depth), "--threads", "1", "--hash", "64", "--json"]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    records = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    info = [r for r in records if r.get("type") == "info"][-1]
    best = [r for r in records if r.get("type") == "bestmove"][-1]
    print(
        f"  binary : {best['nodes']:>10,} nodes  {info['nps']:>10,} nps (engine)  "
        f"{best['nodes'] / wall:>10,.0f} nps (wall {wall:.2f} s, process start included)  best {best['move']}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--seconds", type=float, default=1.0, help="per move-generation measurement")
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "gorgon"))
    args = parser.parse_args()
    print(f"gorgon {gorgon.__version__}")
    movegen(args.seconds)
    search(args.depth, args.binary)


if __name__ == "__main__":
    main()
