"""A server short of resources refuses instead of failing (issue 33): when
the system cannot start a search thread (its address space capped with
prlimit, so a search pool's 64 MB stack cannot be mapped), a search is
answered 503 with the reason, and the server serves on."""

import http.client
import json
import re
import shutil
import subprocess
import urllib.parse

import pytest

from conftest import gorgon_binary


def request(url, method, path, body=None):
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    headers = {"Host": parts.netloc, "Origin": f"http://{parts.netloc}", "X-Gorgon-Token": token}
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    text = r.read().decode()
    conn.close()
    return r.status, text


def vm_size_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmSize:\s+(\d+) kB", f.read()).group(1))


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="needs prlimit (util-linux)")
def test_a_search_the_system_cannot_start_is_refused_and_the_server_lives_on():
    proc = subprocess.Popen(
        [str(gorgon_binary()), "serve", "--port", "0", "--max-threads", "1", "--max-hash", "16"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = proc.stdout.readline().split()[-1]
        assert request(url, "GET", "/api/config")[0] == 200
        # A replay starts the blocking thread that handlers' work runs on.
        assert request(url, "POST", "/api/position", {"variant": "minipom"})[0] == 200
        # Room for the handlers and a small table, none for a search
        # thread's 64 MB stack.
        limit = (vm_size_kb(proc.pid) + 40 * 1024) * 1024
        subprocess.run(["prlimit", f"--pid={proc.pid}", f"--as={limit}:"], check=True)
        body = {"page": "p1", "game": {"variant": "minipom"}, "depth": 3, "hash": 1}
        status, text = request(url, "POST", "/api/search", body)
        assert status == 503, text
        assert "cannot start a search thread" in json.loads(text)["error"], text
        assert proc.poll() is None, "the server ended"
        assert request(url, "GET", "/api/config")[0] == 200
        # With its memory back (only the soft limit was lowered), the same
        # page searches.
        subprocess.run(["prlimit", f"--pid={proc.pid}", "--as=unlimited:"], check=True)
        status, text = request(url, "POST", "/api/search", body)
        assert status == 200 and "event: bestmove" in text, text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
