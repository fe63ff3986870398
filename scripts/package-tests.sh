#!/usr/bin/env bash
# The packages as users get them (docs/INSTALL.md): scripts/package.sh
# builds the .deb and the wheel, then this installs them and checks what
# they deliver.
#
# The .deb: installed with `dpkg -i` when run as root (CI), then
#   /usr/games/gorgon --version names the version and the commit checked out,
#   `man -l` renders the man page (man-db installed with apt if missing),
#   the bash completion loads and completes subcommands and their options,
#   the XBoard plugin file names gorgon and both variants, the logo is a PNG,
# then `dpkg --purge` must leave none of the package's files behind. Not
# root: the same file checks on the package unpacked into a scratch folder
# (dpkg-deb -x), and a `skipped:` line saying that installing and removing
# were not tested, and why. With GORGON_REQUIRE_PACKAGE=1 that fails instead.
#
# The wheel: installed into a fresh venv (pip, no network: it has no
# dependencies), it must import with the workspace's version (gorgon.engine
# and gorgon.batch too), play a legal move in both variants, and drive the
# packaged binary over a pipe in UCI and CECP.
#
# Everything is built once: the release binary of the test run before
# (cargo test --release) and the Python build of scripts/python-tests.sh
# are reused.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
python=${PYTHON:-python3}
scratch=$(mktemp -d)
installed=0
cleanup() {
    # A failed check must not leave the package installed on the machine.
    if [ "$installed" = 1 ]; then
        dpkg --purge gorgon >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

scripts/package.sh
deb=$(ls "$target"/package/gorgon_*.deb)
wheel=$(ls "$target"/package/gorgon-*.whl)

# What the binary must say: the workspace's version and the commit of this
# checkout (build.rs; -dirty when the engine's sources differ from it).
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ -n "$version" ] || fail "no version in Cargo.toml's [workspace.package]"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "unknown commit")

# The paths the package must install (and remove): the list is the
# package's own, so a file added to [package.metadata.deb] is checked too.
mapfile -t files < <(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print "/" $6 }')
# Looked up in a set, not by `printf | grep -q`: bash's printf writes a
# line at a time, and grep -q quitting at the first match made printf die
# of SIGPIPE, which pipefail turned into "no such file" (seen once in CI).
declare -A packaged
for f in "${files[@]}"; do packaged[$f]=1; done
for want in /usr/games/gorgon /usr/share/man/man6/gorgon.6.gz \
    /usr/share/bash-completion/completions/gorgon /usr/share/zsh/vendor-completions/_gorgon \
    /usr/share/fish/vendor_completions.d/gorgon.fish /usr/share/games/plugins/xboard/gorgon.eng \
    /usr/share/games/plugins/logos/gorgon.png /usr/share/doc/gorgon/copyright; do
    [ -n "${packaged[$want]:-}" ] || fail "$deb has no $want"
done
section=$(dpkg-deb -f "$deb" Section)
[ "$section" = games ] || fail "the package's section is '$section', not games"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # man-db renders the page, bash-completion's loader finds the
    # completion by its path as an interactive shell would.
    missing=()
    command -v man >/dev/null || missing+=(man-db)
    [ -f /usr/share/bash-completion/bash_completion ] || missing+=(bash-completion)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "== installing ${missing[*]} (apt-get)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
fi
command -v man >/dev/null || fail "no man (install man-db)"

if [ "$(id -u)" = 0 ]; then
    echo "== dpkg -i $(basename "$deb")"
    if dpkg -s gorgon >/dev/null 2>&1; then
        fail "a gorgon package is installed already; this test would replace and then remove it"
    fi
    installed=1
    touch "$scratch/before-install"
    dpkg -i "$deb" >/dev/null
    root=""
    # postinst: the plugin file is newer than any XBoard settings saved
    # before the installation, or XBoard would not list it.
    [ ! /usr/share/games/plugins/xboard/gorgon.eng -ot "$scratch/before-install" ] \
        || fail "gorgon.eng kept the package's time: XBoard would not list it for its existing users"
else
    echo "skipped: installing and removing the .deb (dpkg -i, dpkg --purge) need root; checking its files unpacked into a scratch folder instead"
    if [ "${GORGON_REQUIRE_PACKAGE:-}" = 1 ]; then
        exit 1
    fi
    root="$scratch/root"
    dpkg-deb -x "$deb" "$root"
fi

echo "== /usr/games/gorgon --version"
said=$("$root/usr/games/gorgon" --version)
echo "   $said"
case "$said" in
"gorgon $version ($commit)" | "gorgon $version ($commit-dirty)") ;;
*) fail "--version said '$said', expected 'gorgon $version ($commit)'" ;;
esac
# The installed binary plays: a one-line UCI session.
bestmove=$(printf 'uci\nposition startpos\ngo depth 3\n' | timeout 60 "$root/usr/games/gorgon" | grep -m1 '^bestmove')
[[ "$bestmove" =~ ^bestmove\ [a-k][0-9]+[a-k][0-9]+ ]] || fail "no bestmove from the installed binary: '$bestmove'"

echo "== man -l gorgon.6.gz"
page=$(MANWIDTH=80 man -l "$root/usr/share/man/man6/gorgon.6.gz" 2>&1)
for want in "GORGON(6)" "NAME" "gorgon - Gorgon" "GORGON ANALYSE" "--movetime" "GORGON BOOK BUILD" \
    "/usr/share/games/plugins/xboard/gorgon.eng"; do
    grep -qF -- "$want" <<<"$page" || fail "the man page has no '$want'"
done
if [ -z "$root" ]; then
    # Installed: `man 6 gorgon` finds it on the manual path.
    [ "$(man -w 6 gorgon)" = /usr/share/man/man6/gorgon.6.gz ] || fail "man -w 6 gorgon: $(man -w 6 gorgon 2>&1)"
fi

echo "== bash completion"
completion="$root/usr/share/bash-completion/completions/gorgon"
# In a clean bash: load the completion as bash-completion does on demand
# (its loader looks the command up under /usr/share/bash-completion), or by
# sourcing the file where that loader is absent or the package unpacked,
# then ask it what follows `gorgon an`, `gorgon book ` and `gorgon analyse --mo`.
completed=$(env -i PATH="$PATH" HOME="$scratch" bash --norc --noprofile -c '
    set -u
    loader=/usr/share/bash-completion/bash_completion
    if [ -z "$2" ] && [ -f "$loader" ]; then
        source "$loader"
        __load_completion gorgon || _completion_loader gorgon
    else
        source "$1"
    fi
    complete -p gorgon >/dev/null || { echo "no completion for gorgon"; exit 1; }
    ask() {
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        _gorgon gorgon "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo "${COMPREPLY[*]}"
    }
    echo "an: $(ask gorgon an)"
    echo "book: $(ask gorgon book "")"
    echo "analyse --mo: $(ask gorgon analyse --mo)"
    echo "m: $(ask gorgon m)"
' bash "$completion" "$root")
echo "$completed" | sed 's/^/   /'
grep -qx "an: analyse annotate" <<<"$completed" || fail "gorgon an<TAB> did not offer analyse and annotate"
grep -q "^book: .*build" <<<"$completed" || fail "gorgon book <TAB> did not offer build"
grep -qx "analyse --mo: --moves --movetime" <<<"$completed" || fail "gorgon analyse --mo<TAB> did not offer --moves --movetime"
# The packagers' commands (gorgon man, gorgon completions) are hidden.
grep -qx "m: " <<<"$completed" || fail "gorgon m<TAB> offered a hidden command"

echo "== XBoard plugin file and logo"
eng="$root/usr/share/games/plugins/xboard/gorgon.eng"
# XBoard (4.9, AutoInstall) reads three lines: the spec version, the
# engine command (found on PATH, /usr/games included) and the variants.
[ "$(cat "$eng")" = "$(printf 'plugin spec 0.0\ngorgon\npom,minipom')" ] || fail "$eng is: $(cat "$eng")"
# The variants must be the ones the engine announces to XBoard.
features=$(printf 'xboard\nprotover 2\nquit\n' | timeout 30 "$root/usr/games/gorgon" | grep -m1 '^feature')
grep -qF 'variants="pom,minipom"' <<<"$features" || fail "the engine announces other variants: $features"
logo="$root/usr/share/games/plugins/logos/gorgon.png"
file_says=$(file -b "$logo" 2>/dev/null || od -An -c -N4 "$logo")
case "$file_says" in
"PNG image data, 100 x 50"* | *"211   P   N   G"*) ;;
*) fail "$logo is not a 100x50 PNG: $file_says" ;;
esac
grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    "$root/usr/share/doc/gorgon/copyright" || fail "the copyright file is not DEP-5"

if [ -z "$root" ]; then
    echo "== dpkg --purge gorgon"
    dpkg --purge gorgon >/dev/null
    installed=0
    dpkg -s gorgon >/dev/null 2>&1 && fail "dpkg still lists gorgon after --purge"
    left=()
    for f in "${files[@]}"; do
        if [ -e "$f" ] || [ -L "$f" ]; then
            left+=("$f")
        fi
    done
    [ ${#left[@]} = 0 ] || fail "left after dpkg --purge: ${left[*]}"
    [ ! -e /usr/share/doc/gorgon ] || fail "/usr/share/doc/gorgon left after dpkg --purge"
    echo "   removed: none of its ${#files[@]} files is left"
fi

echo "== the wheel in a fresh venv: $(basename "$wheel")"
"$python" -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip --disable-pip-version-check -q install --no-index "$wheel"
# From the scratch folder, so that nothing of the source tree is imported.
# The packaged binary for the pipe check: unpacked from the .deb (as root
# the installed copy was purged above).
dpkg-deb -x "$deb" "$scratch/unpacked"
(cd "$scratch" && PYTHONDONTWRITEBYTECODE=1 "$scratch/venv/bin/python" - "$version" "$scratch/unpacked/usr/games/gorgon" <<'PY'
import io
import sys
import xml.etree.ElementTree as ET

import gorgon
# The pure-Python submodules come with the wheel and import without their
# optional dependencies (tqdm for gorgon.batch's progress bars).
import gorgon.batch
import gorgon.engine
import gorgon.pgn
import gorgon.svg

assert gorgon.__version__ == sys.argv[1], (gorgon.__version__, sys.argv[1])
# The pure-Python submodules and what they need of the compiled part (the
# piece set is the web board's pieces.js, packaged beside them).
ET.fromstring(gorgon.Board()._repr_svg_())
game = gorgon.pgn.read_game(io.StringIO("1. e3e5 (1. g3g5) h10h8 *\n"))
assert str(game) == "1. e3e5 (1. g3g5) 1... h10h8 *", str(game)
engine = gorgon.Engine(threads=1, hash_mb=16)
for variant in gorgon.VARIANTS:
    board = gorgon.Board(variant=variant)
    move = engine.play(board, depth=4)
    assert board.is_legal(move), (variant, move)
    board.push(move)
    print(f"   {variant}: gorgon {gorgon.__version__} played {move}")
# The packaged binary over a pipe, in both protocols.
for popen in (gorgon.engine.SimpleEngine.popen_uci, gorgon.engine.SimpleEngine.popen_xboard):
    with popen(sys.argv[2], timeout=30) as pipe:
        board = gorgon.Board(variant="minipom")
        result = pipe.play(board, gorgon.engine.Limit(depth=3))
        assert board.is_legal(result.move), result
        print(f"   {popen.__name__}: {pipe.id['name']} played {result.move}")
PY
)
echo "== package tests passed in $(($(date +%s) - start)) s"
