#!/bin/bash
# Scores `keytrace scene import` against the hand-read inventories of real apps
# (Tests/RealAppInventories/APP.jsonl, written by reading each app's code; the apps, their
# commits, folders and halves are listed in Tests/RealAppInventories/apps.tsv).
#
# Usage: Scripts/score-import.sh MIRROR_DIR [APP… | development | held-out]
#   MIRROR_DIR holds bare git mirrors named OWNER+NAME/repo (as the fetch tool leaves them) or
#   OWNER/NAME.git. Each app is extracted at its pinned commit into a temporary folder (never
#   into this repository) and imported with a release build of the importer. Prints, per app
#   and pooled per half: recall and precision over (declared_in, input, modifiers, action), the
#   share of inventory rows that reach the scene, import time and import time over parse time
#   (an app hand-read for its key window only, without APP.jsonl, is left out of these).
#   Exits 1 when an app misses a target (recall >= 95 %, precision >= 98 %, scene share
#   >= 95 %, import within 3x parse) or its scene does not replay a synth trace. Then prints
#   what fires in the scenes (Scripts/score-scenes.py: hand-read key windows and resolution
#   cases), which the exit status does not check.
#   KEEP_IMPORTS=DIR keeps each app's scene, inventory and report in DIR/APP.
#   SKIP_BUILD=1 uses the release binaries already built (for runs while sources change).
set -euo pipefail
cd "$(dirname "$0")/.."
mirrors=${1:?usage: Scripts/score-import.sh MIRROR_DIR [APP... | development | held-out]}
shift
manifest=Tests/RealAppInventories/apps.tsv
selection=("$@")
[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product keytrace-scene-import >&2
[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product keytrace >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
scored=()
inventoried=()
while IFS=$'\t' read -r app half repo commit options folders; do
  [[ -z "$app" || "$app" == \#* ]] && continue
  if ((${#selection[@]})); then
    wanted=false
    for choice in "${selection[@]}"; do [[ "$choice" == "$app" || "$choice" == "$half" ]] && wanted=true; done
    $wanted || continue
  fi
  mirror="$mirrors/${repo//\//+}/repo"
  [[ -d "$mirror" ]] || mirror="$mirrors/$repo.git"
  [[ -d "$mirror" ]] || { echo "$app: no mirror of $repo under $mirrors" >&2; status=1; continue; }
  dir="$work/$app"
  mkdir -p "$dir"
  # Folders are separated by spaces; a space inside a folder name is written `\ `.
  read -a paths <<< "$folders"
  # Project files and package manifests say which sources a build compiles.
  for path in "${paths[@]}" '*.pbxproj' '*.xcconfig' 'Package.swift' '*/Package.swift'; do
    git -C "$mirror" archive "$commit" -- "$path" 2>/dev/null | tar -x -C "$dir" 2>/dev/null
    statuses=("${PIPESTATUS[@]}")
    if [[ ${statuses[0]} -ne 0 || ${statuses[1]} -ne 0 ]]; then
      # A snapshot may lack some blobs (large assets): then `git archive` stops at the first
      # one, after writing a valid but partial archive that `tar` takes without complaint, so
      # either failing means: take the folder's files one by one and leave out only those
      # that are missing.
      git -C "$mirror" ls-tree -r --name-only "$commit" -- "$path" 2>/dev/null | while IFS= read -r file; do
        mkdir -p "$dir/$(dirname "$file")"
        git -C "$mirror" cat-file -p "$commit:$file" > "$dir/$file" 2>/dev/null || rm -f "$dir/$file"
      done
    fi
  done
  extra=()
  [[ "$options" != "-" ]] && read -r -a extra <<< "$options"
  start=$(date +%s.%N)
  (cd "$dir" && "$bin/keytrace-scene-import" "${paths[@]}" "${extra[@]}" -o scene.json --inventory inventory.jsonl \
      --report report.json --json --timings 2> timings.txt) \
    || { status=1; echo "$app: the import failed: $(tail -n 1 "$dir/timings.txt")" >&2; }
  end=$(date +%s.%N)
  # Only the importer's own timing line: Foundation may log to standard error too (a malformed
  # strings file's parser warning).
  echo "$app $half $(python3 -c "print(f'{$end - $start:.2f}')") $(grep '^timings:' "$dir/timings.txt" | tail -n 1)" >> "$work/timings"
  "$bin/keytrace" synth --events 10000 --seed 1 --profile shortcuts --scene "$dir/scene.json" -o "$dir/synth.ktrace" >/dev/null \
    && "$bin/keytrace" replay "$dir/synth.ktrace" --scene "$dir/scene.json" --verify >/dev/null \
    || { echo "$app: the imported scene does not replay a 10 000-press synth trace" >&2; status=1; }
  scored+=("$app" "$half" "Tests/RealAppInventories/$app.jsonl" "$dir")
  # An app hand-read for its key window only has no inventory to score.
  if [[ -f "Tests/RealAppInventories/$app.jsonl" ]]; then inventoried+=("$app" "$half" "Tests/RealAppInventories/$app.jsonl" "$dir"); fi
  if [[ -n "${KEEP_IMPORTS:-}" ]]; then mkdir -p "$KEEP_IMPORTS"; cp -r "$dir" "$KEEP_IMPORTS/"; fi
done < "$manifest"
((${#scored[@]})) || { echo "no app selected" >&2; exit 64; }
if ((${#inventoried[@]})); then
  python3 Scripts/score-inventory.py --timings "$work/timings" "${inventoried[@]}" || status=1
fi
# What fires in the scenes, against the hand-read key windows and resolution cases.
apps=$(for ((i = 0; i < ${#scored[@]}; i += 4)); do printf '%s,' "${scored[i]}"; done)
python3 Scripts/score-scenes.py "$bin/keytrace" "$work" --apps "${apps%,}"
exit $status
