#!/usr/bin/env bash
# The release archives for the machines players use (issue 64), from a
# clean checkout, in one command:
#
#   scripts/release.sh [OUT]        (OUT defaults to target/dist)
#
#   gorgon-VERSION-x86_64-pc-windows-gnu.zip          gorgon.exe, gorgon-match.exe,
#                                                     README.md, LICENSE.txt, WINBOARD.txt
#   gorgon-VERSION-x86_64-unknown-linux-gnu-static.tar.gz   gorgon, gorgon-match (static),
#                                                     README.md, LICENSE
#   gorgon-VERSION-aarch64-unknown-linux-gnu.tar.gz   the same for 64-bit ARM Linux
#   SHA256SUMS                                        `sha256sum -c SHA256SUMS` checks them
#
# Built by scripts/cross-build.sh in the release profile (fat LTO, as the
# native release); its header says which toolchain each takes and what it
# installs. Each binary's `--version` names the commit, as the native
# build's does; the script refuses a tree whose engine sources differ from
# it (`-dirty`) unless ALLOW_DIRTY=1. scripts/platform-tests.sh runs what
# these archives hold.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/dist}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || {
    echo "release: no version in Cargo.toml" >&2
    exit 1
}
if [ "${ALLOW_DIRTY:-0}" != 1 ] && ! git diff --quiet HEAD -- engine protocol book Cargo.toml Cargo.lock; then
    echo "release: the engine's sources differ from HEAD: commit them (or ALLOW_DIRTY=1)" >&2
    exit 1
fi
command -v python3 >/dev/null || {
    echo "release: python3 is needed to write the .zip" >&2
    exit 1
}
started=$(date +%s)
built=$(scripts/cross-build.sh release windows static aarch64)
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
license() {
    # The MIT text Cargo.toml declares, as the Debian package carries it.
    sed -n '/^License: MIT$/,$p' engine/cli/debian/copyright | tail -n +2 | sed 's/^ //; s/^\.$//'
}
while read -r platform dir; do
    case "$platform" in
    windows) name=gorgon-$version-x86_64-pc-windows-gnu exe=.exe ;;
    static) name=gorgon-$version-x86_64-unknown-linux-gnu-static exe= ;;
    aarch64) name=gorgon-$version-aarch64-unknown-linux-gnu exe= ;;
    esac
    stage=$out/$name
    mkdir -p "$stage"
    cp "$dir/gorgon$exe" "$dir/gorgon-match$exe" "$stage/"
    if [ "$platform" = windows ]; then
        # Windows text files with CR LF, so that Notepad shows their lines.
        sed 's/$/\r/' README.md >"$stage/README.md"
        license | sed 's/$/\r/' >"$stage/LICENSE.txt"
        sed "s/@VERSION@/$version/g; s/\$/\r/" scripts/release/WINBOARD.txt >"$stage/WINBOARD.txt"
        (cd "$out" && python3 -m zipfile -c "$name.zip" "$name")
        archive=$name.zip
    else
        cp README.md "$stage/"
        license >"$stage/LICENSE"
        tar -C "$out" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
        archive=$name.tar.gz
    fi
    rm -rf "$stage"
    echo "$out/$archive: $(du -h "$out/$archive" | cut -f1)"
done <<<"$built"
(cd "$out" && sha256sum -- *.zip *.tar.gz >SHA256SUMS && cat SHA256SUMS)
echo "release: $version, $(git rev-parse --short HEAD), in $(($(date +%s) - started)) s"
