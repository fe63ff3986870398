#!/usr/bin/env bash
# Screenshots of Gorgon installed from its Debian package into a real XBoard
# (docs/XBOARD.md, "Installed from the Debian package"): XBoard under Xvfb
# with a new settings file (so XBoard reads the plugin folder as on its
# first start) and no engine given on its command line. The script
# picks "gorgon" from Engine > Load New 1st/2nd Engine, the list XBoard
# built from /usr/share/games/plugins/xboard/gorgon.eng, lets the two play
# (Mode > Two Machines) in each variant, and opens Engine > Engine #1
# Settings (the engine's options dialog).
#
# Writes into $GORGON_SCREENSHOTS (default docs/):
#   xboard-engine-list.png      the Load first engine dialog, gorgon picked
#   xboard-installed-pom.png    Pillars of Medusa, Gorgon against Gorgon
#   xboard-installed-minipom.png  Mini-POM, the same
#   xboard-engine-settings.png  Engine #1 Settings
#
# Needs root (dpkg -i; apt-get installs xboard, xvfb, xdotool and
# imagemagick when missing); removes the package again unless it was
# installed before. The clicks are at the places of XBoard 4.9.1's menus
# with Debian's /etc/xboard/xboard.conf (-size 49); every click waits for
# the window it should open and fails saying which one did not come.
# Usage: scripts/xboard-screens.sh [seconds of play per variant, default 30]
set -euo pipefail
cd "$(dirname "$0")/.."
play=${1:-30}
out=${GORGON_SCREENSHOTS:-docs}
target=${CARGO_TARGET_DIR:-target}
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

fail() {
    echo "FAIL: $*" >&2
    # What the screen showed, to see which click went astray.
    if [ -n "${DISPLAY:-}" ] && import -window root "${scratch:-/tmp}/failed.png" 2>/dev/null; then
        cp "${scratch:-/tmp}/failed.png" "$out/xboard-screens-failed.png"
        echo "the screen: $out/xboard-screens-failed.png" >&2
    fi
    tail -5 "${scratch:-/tmp}"/xboard-*.log 2>/dev/null >&2 || true
    exit 1
}
[ "$(id -u)" = 0 ] || fail "installing the .deb (dpkg -i) needs root"

missing=()
for tool in xboard:xboard Xvfb:xvfb xdotool:xdotool import:imagemagick; do
    command -v "${tool%%:*}" >/dev/null || [ -x "/usr/games/${tool%%:*}" ] || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]} (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

scripts/package.sh --deb-only
deb=$(ls "$target"/package/gorgon_*.deb)
scratch=$(mktemp -d)
we_installed=0
xvfb=""
xboard_pid=""
cleanup() {
    [ -n "$xboard_pid" ] && kill "$xboard_pid" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    if [ "$we_installed" = 1 ]; then
        dpkg --purge gorgon >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT
if ! dpkg -s gorgon >/dev/null 2>&1; then
    we_installed=1
fi
dpkg -i "$deb" >/dev/null

# A display of our own: the first free number from 90.
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
    display=$((display + 1))
done
Xvfb ":$display" -screen 0 1200x900x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=":$display"
for _ in $(seq 50); do
    xdotool getmouselocation >/dev/null 2>&1 && break
    sleep 0.1
done

# As a user's shell would: /usr/games on the PATH (Debian puts it there for
# users, not for root), so XBoard finds the plugin file's command `gorgon`.
export PATH="/usr/games:$PATH"

# Waits for a window whose name matches, prints its id.
window() {
    local id
    # Up to 30 s: XBoard starts slowly on a busy machine.
    for _ in $(seq 300); do
        id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | tail -1) || true
        if [ -n "$id" ]; then
            # Mapped is not yet drawn: GTK fills the dialog a moment later.
            sleep 1
            echo "$id"
            return
        fi
        sleep 0.1
    done
    fail "no window named '$1' came up"
}

click() {
    xdotool mousemove "$1" "$2" click 1
    sleep 1
}

# The Engine menu (no window manager: XBoard's window is at 0,0), then an
# item of it by its height.
engine_menu() {
    click "$1" 13
    click $(($1 + 75)) "$2"
}

shot() {
    import -window "$1" "$scratch/shot.png"
    # Smaller files for the docs: 64 colours are plenty for XBoard's board.
    convert "$scratch/shot.png" -colors 64 -strip "$out/$2"
    echo "   $out/$2 ($(du -k "$out/$2" | cut -f1) KiB)"
}

# One XBoard session: both engines picked from the list, the variant on
# the command line as docs/XBOARD.md gives it, one second per move
# (-st is minutes, or minutes:seconds).
session() {
    local variant=$1
    echo "== XBoard, $variant"
    # A home of its own for each session.
    export HOME="$scratch/home-$variant"
    mkdir -p "$HOME"
    # XBoard takes its settings file from the password database's home,
    # not $HOME: a file of its own instead, new, so that XBoard adds every
    # plugin file (its AutoInstall adds those newer than the settings).
    (cd "$HOME" && exec xboard -settingsFile "$HOME/xboardrc" -saveSettingsFile "$HOME/xboardrc" \
        -ncp -variant "$variant" -testLegality false -st 0:01 >"$scratch/xboard-$variant.log" 2>&1) &
    xboard_pid=$!
    main=$(window '^xboard$')
    # XBoard draws its menus a moment after the window maps.
    sleep 2
    # The board is still 8x8 here: XBoard 4.9.1's Engine menu is at x=270.
    # The first engine first: loading a second one starts the first, which
    # would be Debian's default, fairymax.
    engine_menu 270 68
    list=$(window '^Load first engine$')
    click 34 161 # gorgon, the last line of the list (fairymax, Fruit, Crafty, GNU Chess are Debian's defaults)
    if [ "$variant" = pom ]; then
        shot "$list" xboard-engine-list.png
    fi
    click 513 343 # OK
    main=$(window '^xboard: Gorgon')
    sleep 2
    # With Gorgon's board the menu labels are shorter: Engine is at x=245.
    engine_menu 245 89 # Load New 2nd Engine
    list=$(window '^Load second engine$')
    click 34 161
    click 513 343
    # Mode > Two Machines.
    xdotool key --window "$main" ctrl+t
    sleep "$play"
    shot "$main" "xboard-installed-$variant.png"
    grep -q 'Illegal move\|Error' "$scratch/xboard-$variant.log" && fail "XBoard reported: $(grep 'Illegal move\|Error' "$scratch/xboard-$variant.log" | head -3)"
    if [ "$variant" = pom ]; then
        # Engine > Engine #1 Settings: the engine's options dialog (or
        # XBoard's note that it has none), the whole screen's corner since
        # its window has no fixed name.
        engine_menu 245 118
        sleep 1
        import -window root "$scratch/root.png"
        convert "$scratch/root.png" -crop 700x600+0+0 -trim +repage -colors 64 -strip "$out/xboard-engine-settings.png"
        echo "   $out/xboard-engine-settings.png"
    fi
    kill "$xboard_pid"
    wait "$xboard_pid" 2>/dev/null || true
    xboard_pid=""
}

session pom
session minipom
echo "== done; XBoard's list came from the plugin file of $(basename "$deb")"
