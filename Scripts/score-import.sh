#!/bin/sh
# Scores `keytrace scene import` against the hand-written inventories of real apps
# (Tests/RealAppInventories/*.jsonl, written by reading each app's code).
#
# Usage: Scripts/score-import.sh MIRROR_DIR [APP…]
#   MIRROR_DIR holds bare git mirrors named OWNER+NAME/repo (as the fetch tool leaves them) or
#   OWNER/NAME.git. Each app is extracted at its pinned commit into a temporary folder (never
#   into this repository), imported, and compared over (declared_in, input, modifiers, action).
#   Prints recall and precision per app and pooled; exits 1 when an app misses the targets
#   (recall >= 95 %, precision >= 98 %) or its scene does not load and replay.
set -eu
cd "$(dirname "$0")/.."
mirrors=${1:?usage: Scripts/score-import.sh MIRROR_DIR [APP...]}
shift
apps=${*:-"keyboardkit blink zavala homeassistant newterm"}
swift build --product keytrace-scene-import >&2
swift build --product keytrace >&2
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# app  repository  commit  paths-to-read
spec() {
  case $1 in
    keyboardkit) echo "douglashill/KeyboardKit b916120015c15b8a5f25698f0c4e765d345f547e KeyboardKit KeyboardKitDemo" ;;
    blink) echo "blinksh/blink 3e07c90fc90d9672062652746dcf8f7d5cf3af79 Blink KB" ;;
    zavala) echo "vincode-io/Zavala 55de370fff4a0263e5e7fd120046efd5db7df239 Zavala" ;;
    homeassistant) echo "home-assistant/iOS d722d7811aec72397d05837477c5f146943b6248 Sources/App" ;;
    newterm) echo "hbang/NewTerm cf74efb27e65a5cc7021c317c18d26b3e5cc6cb3 App Common Resources" ;;
    *) echo "unknown app $1" >&2; exit 64 ;;
  esac
}

status=0
scored=""
for app in $apps; do
  set -- $(spec "$app")
  repo=$1; commit=$2; shift 2
  mirror="$mirrors/$(echo "$repo" | tr / +)/repo"
  [ -d "$mirror" ] || mirror="$mirrors/$repo.git"
  [ -d "$mirror" ] || { echo "$app: no mirror of $repo under $mirrors" >&2; status=1; continue; }
  dir="$work/$app"
  mkdir -p "$dir"
  for path in "$@" '*.pbxproj' '*.xcconfig'; do
    git -C "$mirror" archive "$commit" -- "$path" 2>/dev/null | tar -x -C "$dir" 2>/dev/null || true
  done
  (cd "$dir" && "$bin/keytrace-scene-import" "$@" -o scene.json --inventory inventory.jsonl --report report.txt) || status=1
  "$bin/keytrace" synth --events 10000 --seed 1 --profile shortcuts --scene "$dir/scene.json" -o "$dir/synth.ktrace" >/dev/null \
    && "$bin/keytrace" replay "$dir/synth.ktrace" --scene "$dir/scene.json" --verify >/dev/null \
    || { echo "$app: the imported scene does not replay a 10 000-press synth trace" >&2; status=1; }
  scored="$scored $app Tests/RealAppInventories/$app.jsonl $dir/inventory.jsonl"
  if [ -n "${KEEP_IMPORTS:-}" ]; then mkdir -p "$KEEP_IMPORTS"; cp -r "$dir" "$KEEP_IMPORTS/"; fi
done
# shellcheck disable=SC2086 # the list is app/path triples without spaces
[ -z "$scored" ] || python3 Scripts/score-inventory.py $scored || status=1
exit $status
