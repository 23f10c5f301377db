#!/usr/bin/env bash
# A game of machack in a real interface: xboard (Debian `xboard`) on a virtual X display (Debian
# `xvfb`), machack playing itself over CECP at the quick preset, xboard adjudicating the game a
# draw after 20 moves. When the game is over, it saves the game and a screenshot of the board and
# of xboard's engine output window (machack's thinking lines, its PV in SAN) side by side:
#
#   scripts/xboard-game.sh OUT_DIR MACHACK
#
# writes OUT_DIR/game.pgn (as xboard saved it) and OUT_DIR/xboard.png, and prints both paths.
# Needs xboard, Xvfb, xdotool, xwininfo (x11-utils) and ImageMagick (`import`, `convert`);
# .ci/run installs them, tests/suite/xboard_gui.rs runs this script. Exit status 1 if the game does not end within
# two minutes, 2 on a usage error. Everything it starts is stopped on exit, by process id.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: scripts/xboard-game.sh OUT_DIR MACHACK" >&2
  exit 2
fi
out=$(mkdir -p "$1" && cd "$1" && pwd)
machack=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
# ImageMagick 6 on Debian names its converter convert-im6.q16 beside `convert`; 7 calls it magick.
im_convert=$(command -v magick || command -v convert-im6.q16 || command -v convert)

# xboard writes its settings file into HOME: a HOME of its own, removed at the end.
work=$(mktemp -d)
xvfb=""
xboard=""
cleanup() {
  [ -n "$xboard" ] && kill "$xboard" 2>/dev/null
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The display: Xvfb picks a free number and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 100); do
  [ -s "$work/display" ] && break
  sleep 0.1
done
if [ ! -s "$work/display" ]; then
  echo "error: Xvfb did not start: $(cat "$work/xvfb.log")" >&2
  exit 1
fi
export DISPLAY=":$(head -1 "$work/display")"

# Both sides machack; a draw adjudicated after 20 moves; no sound, no pop-ups.
engine="$machack xboard --preset quick"
HOME="$work" /usr/games/xboard -fcp "$engine" -scp "$engine" -mode TwoMachines \
  -tc 5 -mps 40 -adjudicateDrawMoves 20 -sgf "$work/game.pgn" \
  -boardSize Medium -showCoords true -engineOutputUp true \
  -xexit -xpopup -soundProgram true >"$work/xboard.log" 2>&1 &
xboard=$!

# xboard appends the game to the file when it ends: wait for its result.
for _ in $(seq 1200); do
  grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$work/game.pgn" 2>/dev/null && break
  sleep 0.1
done
if ! grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$work/game.pgn" 2>/dev/null; then
  echo "error: the game did not end within two minutes" >&2
  tail -20 "$work/xboard.log" >&2
  exit 1
fi
sleep 1 # the last move drawn

# With no window manager every window opens at the top left: the engine output window (both
# machacks' thinking lines) is moved beside the board and made as tall, then the two are shot.
board=$(xdotool search --name '^machack .* vs\. machack' | head -1)
thinking=$(xdotool search --name '^Engine Output$' | head -1)
read -r width height < <(xwininfo -id "$board" | awk '/Width:/ {w=$2} /Height:/ {h=$2} END {print w, h}')
xdotool windowsize "$thinking" 700 "$height" windowmove "$thinking" "$((width + 4))" 0
sleep 0.5
import -window root -crop "$((width + 704))x${height}+0+0" +repage "$work/screen.png"
"$im_convert" "$work/screen.png" -resize 70% -colors 64 "$out/xboard.png"
cp "$work/game.pgn" "$out/game.pgn"
echo "$out/game.pgn"
echo "$out/xboard.png"
