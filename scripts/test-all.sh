#!/usr/bin/env bash
# The whole test suite, as the README gives it: the Rust workspace (unit,
# perft, property and pipe tests, the bench signature, the web server's
# endpoints over a socket), the check that only the gorgon binary links
# the web stack, the Python package's pytest suite (scripts/python-tests.sh
# builds it into a venv under target/, installing maturin and pytest from
# PyPI on first use), then the packages (scripts/package-tests.sh: the
# .deb installed with dpkg and removed again when root, else unpacked and
# checked with a `skipped:` line for the rest; the wheel in a fresh venv),
# then the browser board in headless Chromium
# (scripts/browser-tests.sh: installs Chromium and chromedriver with apt
# when root, else says plainly that it skipped them and why), then the
# datagen job arrays on a one-node Slurm cluster (scripts/slurm-datagen.sh:
# installs Slurm with apt when root, else prints `skipped:` and why), then
# the builds for Windows, static Linux and ARM run under Wine and qemu-user
# (scripts/platform-tests.sh: installs them and the cross toolchains with
# apt when root, else prints `skipped:` and why), then the WebAssembly
# engine under Node (scripts/web-tests.sh: the module built with the same
# toolchain route, Debian's rustc-web, then perft, a fixed-depth search
# against the native one, stop and hostile input; `skipped:` without node
# or the toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Rust workspace in the `suite` profile: release code without LTO
# (Cargo.toml says why), built once for all the test binaries.
cargo test --workspace --profile suite
# The WebAssembly driver once more as the module builds it: the engine
# without its `native` feature, one search on the caller's thread. The
# workspace run above unifies features, so there the same tests run with
# the native pool's search thread polling the host.
cargo test --profile suite -p gorgon-wasm
# The committed self-play shards and candidate nets are the bytes their
# manifests name (issue 32: nothing lost or changed unseen when a machine
# goes).
for sums in engine/data/*/SHA256SUMS engine/engine/nets/*/SHA256SUMS; do
    (cd "$(dirname "$sums")" && sha256sum --quiet -c SHA256SUMS) && echo "== $sums: ok"
done
scripts/check-no-web-stack.sh
scripts/python-tests.sh
scripts/package-tests.sh
scripts/browser-tests.sh
scripts/slurm-datagen.sh
scripts/platform-tests.sh
PROFILE=suite scripts/web-tests.sh
