#!/usr/bin/env bash
# The web stack of `gorgon serve` (axum, hyper, tokio) is linked only by
# the gorgon binary (engine/cli -> engine/web): the Python package and the
# match runner must not pull it in (docs/WEB.md, "Packages"). Fails
# naming the package and the crate when one does.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for package in gorgon-python gorgon-tournament gorgon-engine gorgon-rules; do
    # Normal and build dependencies: what the package links.
    tree=$(cargo tree -p "$package" -e normal,build --prefix none)
    found=$(printf '%s\n' "$tree" | awk '{print $1}' | grep -E '^(tokio|axum|axum-core|hyper|hyper-util|tower|tower-http)$' | sort -u || true)
    if [ -n "$found" ]; then
        echo "error: $package depends on the web stack: $(echo $found)"
        status=1
    else
        echo "ok: $package names no tokio/axum/hyper"
    fi
done
# The names looked for are the right ones: the web package itself has them.
if ! cargo tree -p gorgon-web -e normal --prefix none | awk '{print $1}' | grep -x axum >/dev/null; then
    echo "error: gorgon-web names no axum: this check looks for the wrong crates"
    status=1
fi
exit $status
