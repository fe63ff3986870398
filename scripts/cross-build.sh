#!/usr/bin/env bash
# Builds `gorgon` and `gorgon-match` for the machines players use (issue
# 64), one PLATFORM at a time:
#
#   scripts/cross-build.sh PROFILE PLATFORM...
#
#   PROFILE    release (the archives: fat LTO) or suite (the tests: release
#              code without LTO, Cargo.toml says why)
#   PLATFORM   windows   x86_64-pc-windows-gnu: gorgon.exe for WinBoard
#              static    x86_64-unknown-linux-gnu with glibc linked in
#                        (`crt-static`): one file that runs on any x86-64 Linux
#              aarch64   aarch64-unknown-linux-gnu: Raspberry Pi, ARM servers
#              wasm      wasm32-unknown-unknown: the playing core as
#                        gorgon_wasm.wasm (engine/wasm, a cdylib; BINS is
#                        ignored), linked by wasm-ld-22; scripts/build-web.sh
#                        optimises it with binaryen's wasm-opt into target/web/
#
# Each build goes to target/cross/PLATFORM/TRIPLE/PROFILE/ (its own target
# directory: the flags differ from the native build's, so sharing one would
# rebuild everything each time); the last line for each platform is
# `PLATFORM DIR` with the directory of its binaries. BINS="gorgon" builds
# only the engine (the tests run the native gorgon-match), which keeps CI short.
#
# The route (docs/INSTALL.md, DECISIONS.md): rustup's toolchain where it
# has the target's standard library (the static build always: it is the
# host's target with other flags). Otherwise, since rustup cannot add
# targets here (only the package registries are reachable), Debian's
# `rustc-web` and `cargo-web` build the standard library from
# `rust-web-src` (`-Zbuild-std`, allowed on that stable compiler by
# RUSTC_BOOTSTRAP=1), linked by Debian's mingw-w64 or aarch64 gcc. Run as
# root with apt-get, missing packages are installed; otherwise the script
# names them and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
profile=$1
shift
case "$profile" in
release | suite) ;;
*)
    echo "cross-build: PROFILE is release or suite, not '$profile'" >&2
    exit 2
    ;;
esac

# The Debian packages a platform needs on the rustc-web route, and the
# oldest rustc the locked crates build with (pest 2.9.6 and psm 0.1.32
# ask for 1.88).
debian_route=(rustc-web cargo-web rust-web-src)
web_rustc_min=1.88
version_at_least() {
    [ "$(printf '%s\n' "$1" "$2" | sort -V | head -n 1)" = "$2" ]
}
missing=()
need() {
    # need COMMAND PACKAGE: PACKAGE provides COMMAND.
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}
need_file() {
    [ -e "$1" ] || missing+=("$2")
}
install_missing() {
    [ ${#missing[@]} -eq 0 ] && return 0
    # Each package once, in the order asked.
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "== cross-build: installing ${missing[*]} with apt-get" >&2
        # The lists first: a machine's may be older than the security
        # suite's rustc-web (seen: bookworm's 1.85 chosen over
        # bookworm-security's 1.96, too old for the locked crates).
        apt-get update >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
        missing=()
    else
        echo "cross-build: missing Debian packages: ${missing[*]} (apt-get install ${missing[*]}, as root)" >&2
        exit 1
    fi
}

# Whether rustup's toolchain has the standard library for TRIPLE.
rustup_has() {
    command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx "$1"
}

for platform in "$@"; do
    case "$platform" in
    windows)
        triple=x86_64-pc-windows-gnu
        linker=x86_64-w64-mingw32-gcc
        linker_package=gcc-mingw-w64-x86-64
        ;;
    aarch64)
        triple=aarch64-unknown-linux-gnu
        linker=aarch64-linux-gnu-gcc
        linker_package=gcc-aarch64-linux-gnu
        ;;
    static)
        triple=x86_64-unknown-linux-gnu
        linker=
        linker_package=
        ;;
    wasm)
        triple=wasm32-unknown-unknown
        # rustc-web ships no rust-lld; LLVM's wasm linker comes with lld.
        linker=wasm-ld-22
        linker_package=lld-22
        # scripts/build-web.sh's optimiser, installed with the rest.
        need wasm-opt binaryen
        ;;
    *)
        echo "cross-build: unknown platform '$platform' (windows, static, aarch64, wasm)" >&2
        exit 2
        ;;
    esac
    dir=target/cross/$platform
    env_triple=$(echo "$triple" | tr 'a-z-' 'A-Z_')
    cargo_cmd=(cargo)
    flags=()
    if [ -n "$linker" ]; then
        need "$linker" "$linker_package"
        [ "$platform" = aarch64 ] && need_file /usr/aarch64-linux-gnu/lib/libc.so.6 libc6-dev-arm64-cross
        export "CARGO_TARGET_${env_triple}_LINKER=$linker"
    fi
    if [ "$platform" = wasm ]; then
        # The search recurses deep with generous frames (natively each
        # search thread has 64 MB); wasm-ld's default stack is 1 MB.
        export "CARGO_TARGET_${env_triple}_RUSTFLAGS=-C link-arg=-zstack-size=16777216"
    fi
    if [ "$platform" = static ]; then
        # glibc linked in, not musl: std on musl links libunwind, and
        # Debian's build of LLVM's libunwind wants glibc's fortified
        # functions (__fprintf_chk), so no musl build links here. A static
        # glibc binary runs on any x86-64 Linux; only name lookups through
        # NSS would want the shared libraries, and the engine makes none
        # (`gorgon serve` binds addresses, and names in /etc/hosts).
        need_file /usr/lib/x86_64-linux-gnu/libc.a libc6-dev
        # Beside .cargo/config.toml's x86-64-v2 (RUSTFLAGS would replace it).
        export "CARGO_TARGET_${env_triple}_RUSTFLAGS=-C target-feature=+crt-static"
    elif ! rustup_has "$triple"; then
        for p in "${debian_route[@]}"; do
            dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
        done
        # An installed rustc-web older than the locked crates allow is
        # upgraded (apt-get install of an installed package does that).
        if [ -x /usr/bin/rustc ] && ! version_at_least "$(/usr/bin/rustc --version | awk '{print $2}')" "$web_rustc_min"; then
            echo "== cross-build: Debian's rustc $(/usr/bin/rustc --version | awk '{print $2}') is older than $web_rustc_min" >&2
            missing+=("${debian_route[@]}")
        fi
        cargo_cmd=(env RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo)
        flags=(-Zbuild-std=std,panic_abort)
    fi
    install_missing
    echo "== cross-build: $platform ($triple, $profile) with ${cargo_cmd[*]} ${flags[*]}" >&2
    started=$(date +%s)
    if [ "$platform" = wasm ]; then
        # A cdylib for this target only: natively the package is a plain
        # library (engine/wasm/Cargo.toml says why).
        CARGO_TARGET_DIR=$dir "${cargo_cmd[@]}" rustc --profile "$profile" --target "$triple" "${flags[@]}" \
            -p gorgon-wasm --lib --crate-type cdylib >&2
    else
        packages=(-p gorgon-cli --bin gorgon)
        [ "${BINS:-gorgon gorgon-match}" = gorgon ] || packages+=(-p gorgon-tournament --bin gorgon-match)
        CARGO_TARGET_DIR=$dir "${cargo_cmd[@]}" build --profile "$profile" --target "$triple" "${flags[@]}" \
            "${packages[@]}" >&2
    fi
    echo "== cross-build: $platform built in $(($(date +%s) - started)) s" >&2
    echo "$platform $dir/$triple/$profile"
done
