"""Shared helpers: the repository's own oracles (docs/RULES.md, docs/PERFT.md,
engine/engine/tests/data/mates.tsv) read from the checkout these tests live in."""

import os
import re
import signal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's own SIGINT handler during every test. A process started in
    the background by a non-interactive shell (`cmd &` in a CI script)
    begins with SIGINT ignored, and Python then installs no handler: Ctrl-C,
    `os.kill(pid, SIGINT)` and `_thread.interrupt_main()` would do nothing,
    and the interruption tests would wait for a search that never stops."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def sample_game():
    """RULES.md 11: the coordinate moves of the inventor's sample game and
    the final FEN."""
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    section = text.split("## 11.", 1)[1].split("\n## ", 1)[0]
    block = section.split("```", 2)[1]
    moves = re.findall(r"\b[a-k](?:1[01]|[1-9])[a-k](?:1[01]|[1-9])\b", block)
    final = re.search(r"Final FEN:\s*`([^`]+)`", section).group(1)
    return moves, final


def perft_suite():
    """PERFT.md: (name, variant, fen, depth, nodes) for every result row."""
    text = (ROOT / "docs" / "PERFT.md").read_text(encoding="utf-8")
    fens = {}
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2].startswith("`"):
            fens[cells[0]] = (cells[1], cells[2].strip("`"))
        elif len(cells) == 4 and cells[2].isdigit() and cells[3].isdigit():
            rows.append((cells[0], cells[1], int(cells[2]), int(cells[3])))
    return [(name, variant, fens[name][1], depth, nodes) for name, variant, depth, nodes in rows]


def mates():
    """mates.tsv: (name, variant, fen, mate_in, solutions)."""
    out = []
    path = ROOT / "engine" / "engine" / "tests" / "data" / "mates.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, variant, fen, mate_in, solutions = line.split("\t")
        out.append((name, variant, fen, int(mate_in), solutions.split()))
    return out


@pytest.fixture
def root():
    return ROOT


def engine_binary(name):
    """A binary of the workspace for the pipe tests: ``gorgon`` ($GORGON_BIN)
    or ``random-mover`` ($RANDOM_MOVER_BIN), else the suite profile's build
    in $CARGO_TARGET_DIR or target/ (scripts/python-tests.sh builds both)."""
    variable = {"gorgon": "GORGON_BIN", "random-mover": "RANDOM_MOVER_BIN"}[name]
    if os.environ.get(variable):
        path = Path(os.environ[variable])
    else:
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        path = (target if target.is_absolute() else ROOT / target) / "suite" / name
    if not path.is_file():
        pytest.fail(
            f"no {name} binary at {path}: build it (cargo build -p gorgon-cli -p gorgon-tournament "
            f"--profile suite --bin gorgon --bin random-mover) or set ${variable}"
        )
    return path
