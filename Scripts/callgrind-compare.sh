#!/usr/bin/env bash
# Compares the instructions `keytrace` executes for fixed workloads at two revisions, under
# callgrind (valgrind), and prints a markdown table with the change in per cent.
#
#   Scripts/callgrind-compare.sh BASE_REV [HEAD_REV]      (HEAD_REV defaults to HEAD)
#
# Each revision is checked out in one temporary worktree beside this checkout (so that
# ../shared resolves from it as from here), built with `swift build -c release --product
# keytrace` (the second build is incremental) and stripped. The inputs are made once, by the
# base revision's binary, so both revisions read the same bytes:
#
#   replay          keytrace replay SCENE.ktrace --scene pdf-viewer.json --pace asap
#                   (SCENE.ktrace: keytrace synth --events 20000 --scene pdf-viewer.json)
#   replay-verify   the same with --verify
#   dump            keytrace dump KEYS.ktrace          (KEYS.ktrace: synth --events 200000, no scene)
#   record-pcap     keytrace record --pcap BIG.pcap    (../shared/captures/sha2017.pcap repeated to
#                   50 000 packets by Benchmarks/CPcapLoop/repeat-capture.py; skipped without ../shared)
#   analyze         keytrace analyze SCENE.ktrace --format json
#   synth           keytrace synth --events 5000 --seed 2 --scene pdf-viewer.json
#
# The counts are callgrind's total instructions (Ir) over every thread of the process. Builds,
# inputs and callgrind files stay in .build-callgrind/ (git-ignored). Needs valgrind
# (`sh Scripts/bootstrap.sh valgrind` installs it) and python3.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 BASE_REV [HEAD_REV]" >&2
    exit 64
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
base="$(git -C "$root" rev-parse --verify "$1^{commit}")"
head="$(git -C "$root" rev-parse --verify "${2:-HEAD}^{commit}")"
command -v valgrind > /dev/null || { echo "valgrind is missing: install it with sh Scripts/bootstrap.sh valgrind" >&2; exit 2; }
out="$root/.build-callgrind"
worktree="$(dirname "$root")/.keytrace-callgrind-$$"
mkdir -p "$out"
cleanup() { git -C "$root" worktree remove --force "$worktree" 2> /dev/null || true; }
trap cleanup EXIT

# Builds `keytrace` at revision $1 into .build-callgrind/keytrace-SHA (kept for later runs).
build() {
    local sha="$1" binary="$out/keytrace-$1"
    [ -x "$binary" ] && return
    [ -d "$worktree" ] || git -C "$root" worktree add --detach "$worktree" "$sha" > /dev/null
    git -C "$worktree" checkout --quiet --detach "$sha"
    echo "building keytrace at ${sha:0:10} (release)" >&2
    (cd "$worktree" && swift build -c release --product keytrace --scratch-path "$out/build" > "$out/build-$sha.log" 2>&1) ||
        { tail -20 "$out/build-$sha.log" >&2; echo "build of ${sha:0:10} failed" >&2; exit 2; }
    strip -o "$binary" "$out/build/release/keytrace"
}
build "$base"
build "$head"

# The inputs, made by the base revision.
scene="$root/Traces/scenes/pdf-viewer.json"
inputs="$out/inputs-${base:0:10}"
mkdir -p "$inputs"
maker="$out/keytrace-$base"
[ -f "$inputs/scene.ktrace" ] || "$maker" synth --events 20000 --seed 1 --scene "$scene" -o "$inputs/scene.ktrace" > /dev/null
[ -f "$inputs/keys.ktrace" ] || "$maker" synth --events 200000 --seed 1 -o "$inputs/keys.ktrace" > /dev/null
capture="$root/../shared/captures/sha2017.pcap"
if [ -f "$capture" ] && [ ! -f "$inputs/big.pcap" ]; then
    python3 "$root/Benchmarks/CPcapLoop/repeat-capture.py" "$capture" 50000 "$inputs/big.pcap"
fi

workloads=(replay replay-verify dump record-pcap analyze synth)
# Runs workload $2 with the binary of revision $1 under callgrind; prints its instruction count.
measure() {
    local sha="$1" workload="$2" binary="$out/keytrace-$1" scratch="$out/run-$1"
    mkdir -p "$scratch"
    local arguments
    case "$workload" in
    replay) arguments=(replay "$inputs/scene.ktrace" --scene "$scene" --pace asap) ;;
    replay-verify) arguments=(replay "$inputs/scene.ktrace" --scene "$scene" --pace asap --verify) ;;
    dump) arguments=(dump "$inputs/keys.ktrace") ;;
    record-pcap)
        [ -f "$inputs/big.pcap" ] || { echo "-"; return; }
        rm -f "$scratch/record.ktrace"
        arguments=(record --pcap "$inputs/big.pcap" -o "$scratch/record.ktrace") ;;
    analyze) arguments=(analyze "$inputs/scene.ktrace" --format json -o "$scratch/analysis.json") ;;
    synth)
        rm -f "$scratch/synth.ktrace"
        arguments=(synth --events 5000 --seed 2 --scene "$scene" -o "$scratch/synth.ktrace") ;;
    esac
    local profile="$out/callgrind-$workload-${sha:0:10}.out"
    if ! valgrind --tool=callgrind --callgrind-out-file="$profile" "$binary" "${arguments[@]}" \
            > "$scratch/$workload.stdout" 2> "$scratch/$workload.stderr"; then
        echo "$workload failed at ${sha:0:10}: $(tail -3 "$scratch/$workload.stderr")" >&2
        echo "failed"
        return
    fi
    sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$profile" | head -1
}

echo "| workload | ${base:0:10} (instructions) | ${head:0:10} (instructions) | change |"
echo "|---|---:|---:|---:|"
for workload in "${workloads[@]}"; do
    before="$(measure "$base" "$workload")"
    after="$(measure "$head" "$workload")"
    python3 -c 'import sys
workload, b, a = sys.argv[1:]
number = lambda text: f"{int(text):,}" if text.isdigit() else text
change = f"{(int(a) - int(b)) / int(b) * 100:+.2f} %" if b.isdigit() and a.isdigit() and int(b) > 0 else "-"
print(f"| {workload} | {number(b)} | {number(a)} | {change} |")' "$workload" "$before" "$after"
done
