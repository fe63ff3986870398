#!/usr/bin/env bash
# Builds Gorgon's two installable artifacts into $CARGO_TARGET_DIR/package
# (target/package by default):
#   gorgon_VERSION-1_ARCH.deb  the Debian package (cargo-deb; what it
#                               installs: engine/cli/Cargo.toml's
#                               [package.metadata.deb], docs/INSTALL.md)
#   gorgon-VERSION-*.whl       the Python package (engine/python, maturin)
# Needs cargo, python3 >= 3.9 with venv and pip, and crates.io/PyPI the
# first time: cargo-deb is installed into $target/tools when `cargo deb` is
# missing, maturin into the venv $target/python-venv (the one
# scripts/python-tests.sh uses, so its build is reused).
# Usage: scripts/package.sh [--deb-only]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
out="$target/package"
python=${PYTHON:-python3}
deb_only=0
[ "${1:-}" = --deb-only ] && deb_only=1
mkdir -p "$out"

# The release binary; when the suite has just built it (cargo test
# --release, browser-tests.sh), this is a no-op.
echo "== building gorgon (release)"
cargo build --release -p gorgon-cli --bin gorgon
gorgon="$target/release/gorgon"

# The man page and completions come from the binary's own clap
# definitions, so they describe exactly the options it has. Their folder
# is the one the assets of [package.metadata.deb] name.
gen="$target/release/package-gen"
rm -rf "$gen"
mkdir -p "$gen"
# gzip -n: no name or time stamp inside, so the same page gives the same bytes.
"$gorgon" man | gzip -9n >"$gen/gorgon.6.gz"
"$gorgon" completions bash >"$gen/gorgon.bash"
"$gorgon" completions zsh >"$gen/_gorgon"
"$gorgon" completions fish >"$gen/gorgon.fish"

# cargo-deb from crates.io when this machine has none: pinned with
# --locked, built in its own target folder so it never touches the
# workspace's build.
if ! cargo deb --version >/dev/null 2>&1; then
    export PATH="$target/tools/bin:$PATH"
    if ! cargo deb --version >/dev/null 2>&1; then
        echo "== installing cargo-deb into $target/tools (cargo install, a few minutes once)"
        CARGO_TARGET_DIR="$target/tools/build" cargo install cargo-deb --locked --root "$target/tools"
    fi
fi
echo "== building the Debian package ($(cargo deb --version))"
rm -f "$out"/gorgon_*.deb
# --no-build: the binary above is the one packaged (cargo-deb would build
# it again with the same flags); cargo-deb strips it and works out the
# shared-library dependencies with dpkg-shlibdeps.
cargo deb -p gorgon-cli --no-build --output "$out/"
deb=$(ls "$out"/gorgon_*.deb)
echo "   $deb ($(du -k "$deb" | cut -f1) KiB)"

if [ "$deb_only" = 1 ]; then
    exit 0
fi

venv="$target/python-venv"
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    "$python" -m venv "$venv"
fi
# maturin's build backend runs the `maturin` binary of the venv.
export PATH="$venv/bin:$PATH"
if ! "$venv/bin/python" -c 'import maturin' 2>/dev/null; then
    "$venv/bin/python" -m pip --disable-pip-version-check -q install 'maturin>=1.9,<2'
fi
echo "== building the Python wheel (engine/python)"
rm -f "$out"/gorgon-*.whl
# Through pip and maturin's PEP 517 backend, as scripts/python-tests.sh
# builds it (profile `python`, the same cargo build, so it is reused).
"$venv/bin/python" -m pip --disable-pip-version-check -q wheel --no-deps --no-build-isolation \
    --wheel-dir "$out" ./engine/python
wheel=$(ls "$out"/gorgon-*.whl)
echo "   $wheel ($(du -k "$wheel" | cut -f1) KiB)"
