#!/bin/sh
# The pull-request check docs/CI.md's workflow runs: what a change to an iOS app did to its
# keyboard shortcuts and to their cost, as one markdown report, and whether to block the merge.
#
#   1. extract APP_DIR at BASE_REV and HEAD_REV from the app's git repository (git archive)
#   2. keytrace scene import, for each revision       -> base.scene.json, head.scene.json
#   3. keytrace scene diff base head --approved FILE  -> shortcuts added/removed/changed,
#                                                        resolution changes, new conflicts
#   4. keytrace synth from the base scene (one trace, so both revisions replay the same presses)
#   5. keytrace bench the trace through each scene    -> base.bench.json, head.bench.json
#   6. keytrace compare base head                     -> counters per press, timings
#   7. publish report.md (PUBLISH_CMD, else $GITHUB_STEP_SUMMARY, else standard output)
#
# Usage: Scripts/ci-regression.sh BASE_REV HEAD_REV [APP_DIR]
#   APP_DIR is the app's source folder inside its repository (default: the whole repository).
#
# Environment:
#   KEYTRACE          the keytrace binary (default: keytrace on PATH); keytrace-scene-import
#                     must sit beside it
#   APP_REPO          the app's git repository (default: the current directory)
#   APPROVED          approval file for scene diff, a path in the app's repository at the head
#                     revision (default: .keytrace/shortcuts.approved, used when the head has it)
#   OUT_DIR           where scenes, traces, results and reports go (default: keytrace-ci)
#   EVENTS, SEED      the synthetic trace: presses (default 2000) and seed (default 1)
#   RUNS              bench runs per revision (default 10)
#   POLICY            keyCommands query policy for bench: uikit (default; what UIKit does on a
#                     device: every responder asked on every press) or cached
#   GATE_TIMING       1 to fail on a timing regression (default 0: timings are KeyTrace's model
#                     of UIKit on this Linux machine, reported but not blocking)
#   GATE_ALLOCATIONS  1 to fail on more heap allocations per press (default 0: they are the
#                     model's own allocations, not the app's)
#   PUBLISH_CMD       a command that reads the markdown report on standard input and posts it
#                     (for example as a pull-request comment)
#
# Exit status: 0 nothing to block; 1 blocked — a shortcut change the approval file does not
# list, a new conflict, a costlier keyCommands getter, or a gated counter regression
# (keyCommands calls, cache misses or commands built per press; timings and allocations when
# gated); 2 the check could not run (a revision, the
# import, a scene or a bench failed); 64 bad command line.
set -eu

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 BASE_REV HEAD_REV [APP_DIR]" >&2
    exit 64
fi
BASE_REV=$1
HEAD_REV=$2
APP_DIR=${3:-.}
KEYTRACE=${KEYTRACE:-keytrace}
APP_REPO=${APP_REPO:-.}
APPROVED=${APPROVED:-.keytrace/shortcuts.approved}
OUT_DIR=${OUT_DIR:-keytrace-ci}
EVENTS=${EVENTS:-2000}
SEED=${SEED:-1}
RUNS=${RUNS:-10}
POLICY=${POLICY:-uikit}
GATE_TIMING=${GATE_TIMING:-0}
GATE_ALLOCATIONS=${GATE_ALLOCATIONS:-0}

fail() {
    echo "ci-regression: $*" >&2
    exit 2
}

command -v "$KEYTRACE" >/dev/null 2>&1 || fail "no keytrace at '$KEYTRACE'; set KEYTRACE to the binary"
git -C "$APP_REPO" rev-parse --git-dir >/dev/null 2>&1 || fail "$APP_REPO is not a git repository; set APP_REPO"
mkdir -p "$OUT_DIR"
OUT_DIR=$(cd "$OUT_DIR" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/keytrace-ci.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

# extract REV NAME: the app's sources at REV, in $WORK/NAME.
extract() {
    git -C "$APP_REPO" rev-parse --verify --quiet "$1^{commit}" >/dev/null || fail "no revision '$1' in $APP_REPO"
    mkdir -p "$WORK/$2"
    git -C "$APP_REPO" archive --format=tar "$1" -- "$APP_DIR" | tar -x -C "$WORK/$2" \
        || fail "cannot extract $APP_DIR at $1 from $APP_REPO"
}

# import NAME: $OUT_DIR/NAME.scene.json and its import report.
import_scene() {
    "$KEYTRACE" scene import "$WORK/$1/$APP_DIR" --name app -o "$OUT_DIR/$1.scene.json" \
        --report "$OUT_DIR/$1.import.json" --json || fail "keytrace scene import failed for the $1 revision"
}

echo "== import $BASE_REV and $HEAD_REV" >&2
extract "$BASE_REV" base
extract "$HEAD_REV" head
import_scene base
import_scene head

echo "== scene diff" >&2
rm -f "$OUT_DIR/shortcuts.approved"
if git -C "$APP_REPO" cat-file -e "$HEAD_REV:$APPROVED" 2>/dev/null; then
    git -C "$APP_REPO" show "$HEAD_REV:$APPROVED" > "$OUT_DIR/shortcuts.approved"
fi
# scene_diff FORMAT: the diff in FORMAT, to $OUT_DIR/scene-diff.FORMAT's extension.
scene_diff() {
    ext=$1
    [ "$1" = markdown ] && ext=md
    if [ -f "$OUT_DIR/shortcuts.approved" ]; then
        "$KEYTRACE" scene diff "$OUT_DIR/base.scene.json" "$OUT_DIR/head.scene.json" --format "$1" \
            --approved "$OUT_DIR/shortcuts.approved" -o "$OUT_DIR/scene-diff.$ext"
    else
        "$KEYTRACE" scene diff "$OUT_DIR/base.scene.json" "$OUT_DIR/head.scene.json" --format "$1" -o "$OUT_DIR/scene-diff.$ext"
    fi
}
diff_status=0
scene_diff markdown || diff_status=$?
[ "$diff_status" -le 1 ] || fail "keytrace scene diff could not compare the scenes (exit $diff_status)"
scene_diff json || true

echo "== synth and bench ($EVENTS presses, $RUNS runs, policy $POLICY)" >&2
"$KEYTRACE" synth --events "$EVENTS" --seed "$SEED" --scene "$OUT_DIR/base.scene.json" -o "$OUT_DIR/trace.ktrace" >&2 \
    || fail "keytrace synth failed"
for side in base head; do
    "$KEYTRACE" bench --scene "$OUT_DIR/$side.scene.json" --trace "$OUT_DIR/trace.ktrace" --runs "$RUNS" \
        --policy "$POLICY" --label "revision=$side" -o "$OUT_DIR/$side.bench.json" >&2 \
        || fail "keytrace bench failed for the $side revision"
done

echo "== compare" >&2
set --
[ "$GATE_TIMING" = 1 ] || set -- "$@" --ignore timings
[ "$GATE_ALLOCATIONS" = 1 ] || set -- "$@" --ignore allocations
# Commands built per press follow from the getters' cost, which scene diff already blocks on
# until approved: once the diff passes, compare reports commandsBuilt without failing on it.
[ "$diff_status" -ne 0 ] || set -- "$@" --ignore commandsBuilt
compare_status=0
"$KEYTRACE" compare "$OUT_DIR/base.bench.json" "$OUT_DIR/head.bench.json" "$@" \
    --format markdown -o "$OUT_DIR/compare.md" || compare_status=$?
[ "$compare_status" -le 1 ] || fail "keytrace compare could not use the bench results (exit $compare_status)"
"$KEYTRACE" compare "$OUT_DIR/base.bench.json" "$OUT_DIR/head.bench.json" "$@" --format json \
    -o "$OUT_DIR/compare.json" || true

{
    if [ "$diff_status" -eq 0 ] && [ "$compare_status" -eq 0 ]; then
        echo "## KeyTrace: ✅ nothing to block"
    else
        echo "## KeyTrace: ❌ blocked"
    fi
    echo
    cat "$OUT_DIR/scene-diff.md"
    echo
    cat "$OUT_DIR/compare.md"
    echo
    echo "<sub>Timings are KeyTrace's model of UIKit's key handling running on a Linux CI machine, not the app on a device; the counters (keyCommands calls, resolutions, commands built) are what carry over to the device.</sub>"
} > "$OUT_DIR/report.md"

if [ -n "${PUBLISH_CMD:-}" ]; then
    sh -c "$PUBLISH_CMD" < "$OUT_DIR/report.md" || echo "ci-regression: PUBLISH_CMD failed; the report is $OUT_DIR/report.md" >&2
elif [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$OUT_DIR/report.md" >> "$GITHUB_STEP_SUMMARY"
else
    cat "$OUT_DIR/report.md"
fi

if [ "$diff_status" -ne 0 ] || [ "$compare_status" -ne 0 ]; then exit 1; fi
exit 0
