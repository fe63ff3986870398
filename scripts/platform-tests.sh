#!/usr/bin/env bash
# The builds for other machines, tested by running them (issue 64): the
# Windows exe under Wine, the aarch64 build under qemu-user and the static
# x86-64 build, each built by scripts/cross-build.sh in the suite profile
# (release code without fat LTO; the archives of scripts/release.sh use
# the release profile) and put through tests/tests/platforms.rs: perft
# against docs/PERFT.md, the bench signature, the UCI and CECP dialects
# (CR LF on Windows), hostile input, Windows paths, games against the
# native engine through gorgon-match, no shared libraries for the static one.
#
# Run as root with apt-get, it installs Wine, qemu-user and the cross
# toolchains; otherwise, when one is missing, it says plainly that it
# skipped and why, and exits 0 (GORGON_REQUIRE_PLATFORMS=1 makes a skip
# fail). PLATFORMS="windows static aarch64" picks which.
set -euo pipefail
cd "$(dirname "$0")/.."
platforms=${PLATFORMS:-windows static aarch64}

skip() {
    echo "skipped: platform tests: $1"
    if [ "${GORGON_REQUIRE_PLATFORMS:-0}" = 1 ]; then
        exit 1
    fi
    exit 0
}

# What runs each platform's binaries here, and the package that brings it.
packages=()
for p in $platforms; do
    case "$p" in
    windows) command -v wine >/dev/null || packages+=(wine wine64) ;;
    aarch64) command -v qemu-aarch64 >/dev/null || packages+=(qemu-user) ;;
    esac
done
if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        skip "needs ${packages[*]} (apt-get install ${packages[*]}, as root)"
    fi
    echo "== installing ${packages[*]}"
    # The lists first: stale ones can offer an older build, or none.
    apt-get update >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" >/dev/null ||
        skip "apt-get could not install ${packages[*]}"
fi

# shellcheck disable=SC2086
# The engine alone: the games are run by the native gorgon-match.
if ! built=$(BINS=gorgon scripts/cross-build.sh suite $platforms); then
    skip "scripts/cross-build.sh could not build $platforms (its messages above)"
fi

echo "== building the native gorgon-match (suite profile)"
cargo build --profile suite -p gorgon-tournament --bin gorgon-match
export GORGON_MATCH_BIN=$PWD/target/suite/gorgon-match

while read -r platform dir; do
    runner=
    case "$platform" in
    windows)
        # Wine's own files in the target directory, not the user's ~/.wine.
        export WINEPREFIX=$PWD/target/cross/wine-prefix WINEDEBUG=-all
        mkdir -p "$WINEPREFIX"
        # Wine before 8.13 has no bcryptprimitives.dll, whose ProcessPrng
        # Rust's std imports: a shim beside the exe, in the tests only
        # (tests/wine/bcryptprimitives.c says more; never shipped).
        version=$(wine --version | sed 's/^wine-//; s/[^0-9.].*//')
        if [ "$(printf '%s\n' "$version" 8.13 | sort -V | head -n 1)" != 8.13 ]; then
            echo "== Wine $version: the ProcessPrng shim beside the exe"
            x86_64-w64-mingw32-gcc -shared -O2 -o "$dir/bcryptprimitives.dll" tests/wine/bcryptprimitives.c -ladvapi32
        fi
        # One wineserver for the whole run, made persistent: by default it
        # exits when its last client does, and a test starting then finds
        # its socket directory gone ("chdir to /tmp/.../server-...: No such
        # file or directory", seen in CI). Then the prefix and Wine's own
        # services (services.exe, winedevice.exe, ...) are started here,
        # with their output to /dev/null: started by a test's process they
        # would inherit its stdout and, living as long as the server, keep
        # its pipe open, so that the test waits for an end that never comes.
        wineserver -p
        trap 'wineserver -k 2>/dev/null || true' EXIT
        wineboot --init </dev/null >/dev/null 2>&1 || true
        runner=wine
        ;;
    aarch64)
        runner="qemu-aarch64 -L /usr/aarch64-linux-gnu"
        ;;
    esac
    exe=$dir/gorgon
    [ "$platform" = windows ] && exe=$dir/gorgon.exe
    echo "== platform tests: $platform ($exe${runner:+ under $runner})"
    started=$(date +%s)
    GORGON_PLATFORM=$platform GORGON_PLATFORM_BIN=$PWD/$exe GORGON_PLATFORM_RUNNER=$runner \
        cargo test --profile suite -p gorgon-tests --test platforms -- --ignored --nocapture
    echo "== platform tests: $platform passed in $(($(date +%s) - started)) s"
done <<<"$built"
