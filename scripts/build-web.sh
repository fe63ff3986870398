#!/usr/bin/env bash
# Builds the WebAssembly engine into target/web/ (issue 65):
#
#   scripts/build-web.sh [PROFILE]
#
#   target/web/gorgon.wasm  the playing core with both nets embedded
#                           (engine/wasm), built by scripts/cross-build.sh's
#                           `wasm` platform and optimised by binaryen's wasm-opt
#   target/web/gorgon.js    the host (engine/wasm/gorgon.js): under Node it
#                           speaks UCI on stdin/stdout (`node target/web/gorgon.js`);
#                           in a browser Worker, over postMessage
#
# PROFILE is release (the default) or suite. Missing Debian packages
# (rustc-web, cargo-web, rust-web-src, lld-22, binaryen) are installed as
# root, as cross-build.sh does; otherwise it names them and stops. The
# last lines give gorgon.wasm's size and gzip size (docs/WEB.md).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-release}
built=$(scripts/cross-build.sh "$profile" wasm)
read -r _ dir <<<"$built"
mkdir -p target/web
# -O3 for speed (the search is the module's work); debug names stripped.
wasm-opt -O3 --strip-debug "$dir/gorgon_wasm.wasm" -o target/web/gorgon.wasm
cp engine/wasm/gorgon.js target/web/gorgon.js
size=$(stat -c %s target/web/gorgon.wasm)
gz=$(gzip -9 -c target/web/gorgon.wasm | wc -c)
echo "== build-web: target/web/gorgon.wasm $size bytes, $gz bytes gzip -9 (before wasm-opt: $(stat -c %s "$dir/gorgon_wasm.wasm"))"
