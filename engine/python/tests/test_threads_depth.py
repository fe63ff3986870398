"""scripts/threads-depth.py, the repository's tool for depth and speed on
fixed positions (docs/SEARCH.md), driving the workspace's gorgon over UCI:
each thread count with each net, the nets given by --eval-file reaching
the engine as EvalFile."""

import subprocess
import sys

from conftest import ROOT, engine_binary

SCRIPT = ROOT / "scripts" / "threads-depth.py"
GEN2 = ROOT / "engine" / "engine" / "nets" / "gen2" / "minipom-lambda025.gnn"


def run(*args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(engine_binary("gorgon")), "--variant", "minipom",
         "--positions", "2", "--movetime", "100", "--hash", "16", *map(str, args)],
        capture_output=True, text=True, timeout=120,
    )


def test_each_thread_count_with_each_net():
    out = run("--threads", "1,2", "--eval-file", GEN2)
    assert out.returncode == 0, out.stderr
    rows = [l.split() for l in out.stdout.splitlines()]
    for config in (["1", "thr", "embedded"], ["2", "thr", "embedded"], ["1", "thr", GEN2.name], ["2", "thr", GEN2.name]):
        searches = [r for r in rows if r[:1] == ["position"] and r[2:4] + [r[4].rstrip(":")] == config]
        assert len(searches) == 2, (config, out.stdout)
        summary = [r for r in rows if r[:3] == config and len(r) == 6]
        assert len(summary) == 1 and int(summary[0][5]) > 0, (config, out.stdout)


def test_a_net_the_engine_refuses_stops_the_run():
    out = run("--threads", "1", "--eval-file", SCRIPT)
    assert out.returncode != 0
    assert "the engine said: info string error" in out.stderr + out.stdout, out.stdout + out.stderr


def test_a_missing_net_is_named():
    out = run("--threads", "1", "--eval-file", ROOT / "no-such.gnn")
    assert out.returncode != 0
    assert "no net file" in out.stderr and "no-such.gnn" in out.stderr, out.stderr
