"""Shared helpers: the repository's own oracles (docs/RULES.md, docs/PERFT.md,
engine/tests/data/mates.tsv) read from the checkout these tests live in."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


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
    path = ROOT / "engine" / "tests" / "data" / "mates.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, variant, fen, mate_in, solutions = line.split("\t")
        out.append((name, variant, fen, int(mate_in), solutions.split()))
    return out


@pytest.fixture
def root():
    return ROOT
