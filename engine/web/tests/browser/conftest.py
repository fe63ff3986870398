"""Fixtures of the browser tests: a `gorgon serve` process and headless
Chromium driven by chromedriver, both from Debian's packages (never a
browser or driver downloaded at run time)."""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[4]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# Figures measured by the tests (page load, move replies), for docs/WEB.md.
FIGURES = {}


def gorgon_binary():
    return pathlib.Path(os.environ.get("GORGON_BIN", ROOT / "target" / "release" / "gorgon"))


@pytest.fixture(scope="session")
def server():
    """`gorgon serve` on a free port; yields the URL it printed."""
    binary = gorgon_binary()
    if not binary.exists():
        pytest.fail(f"{binary} is missing: build it with cargo build --release -p gorgon-cli")
    proc = subprocess.Popen(
        [str(binary), "serve", "--port", "0", "--max-threads", "1", "--max-hash", "64"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        pytest.fail(f"gorgon serve printed no URL: {line!r} {proc.stderr.read()}")
    url = line.split()[-1]
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def shots():
    """Where screenshots go: $GORGON_SCREENSHOTS (docs/web for the docs)
    or a temporary directory."""
    where = os.environ.get("GORGON_SCREENSHOTS")
    path = pathlib.Path(where) if where else pathlib.Path(tempfile.mkdtemp(prefix="gorgon-shots-"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def downloads():
    """Where Chromium saves downloads (the pictures' tests read them)."""
    path = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-downloads-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def browser(downloads):
    """Headless Chromium; as root it needs --no-sandbox, and a fresh
    profile keeps runs apart."""
    profile = tempfile.mkdtemp(prefix="gorgon-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1280,1000",
    ]:
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def pytest_sessionfinish(session, exitstatus):
    if FIGURES:
        out = ROOT / "target" / "browser-figures.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(FIGURES, indent=2) + "\n")
        print(f"\nfigures: {json.dumps(FIGURES)} (also in {out})")
