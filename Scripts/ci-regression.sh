#!/bin/sh
# The regression loop a CI job runs on a pull request: bench the base revision, bench the head,
# compare, publish the markdown report, and fail the job when compare finds a regression.
#
# NEEDS `keytrace bench`, which does not exist yet; this script is written against its
# documented interface (docs/Comparison.md):
#   keytrace bench --scene SCENE --trace TRACE --runs N -o RESULT.json
# `keytrace compare` exists and is used as is.
#
# Usage: Scripts/ci-regression.sh BASE_REV HEAD_REV SCENE TRACE [RUNS]
# Environment:
#   OUT_DIR         where results and reports go (default artifacts/regression)
#   THRESHOLD       compare --threshold (default 5%)
#   MIN_DELTA       compare --min-delta (default 2us)
#   PUBLISH_CMD     a command that reads the markdown report on stdin and posts it (for example
#                   a pull-request comment); when unset the report is printed and, on GitHub
#                   Actions, appended to $GITHUB_STEP_SUMMARY.
# Exit status: compare's — 0 no regression, 1 regression, 2 unusable input; anything else is a
# failure of this script (build, bench).
#
# Each revision is built in its own worktree and scratch folder, in release mode, and benched on
# the same machine back to back, so host and toolchain are equal; the base result is written
# fresh every time and never replaced by the head's.
set -eu

if [ $# -lt 4 ]; then
    echo "usage: $0 BASE_REV HEAD_REV SCENE TRACE [RUNS]" >&2
    exit 64
fi
BASE_REV=$1
HEAD_REV=$2
SCENE=$3
TRACE=$4
RUNS=${5:-10}
THRESHOLD=${THRESHOLD:-5%}
MIN_DELTA=${MIN_DELTA:-2us}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT_DIR=${OUT_DIR:-$ROOT/artifacts/regression}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/keytrace-regression.XXXXXX")
mkdir -p "$OUT_DIR"

cleanup() {
    for rev in base head; do
        if [ -d "$WORK/$rev" ]; then git -C "$ROOT" worktree remove --force "$WORK/$rev" >/dev/null 2>&1 || true; fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# bench REV NAME: builds REV in a worktree and writes $OUT_DIR/NAME.json.
bench() {
    rev=$1
    name=$2
    echo "== $name: $rev" >&2
    git -C "$ROOT" worktree add --detach "$WORK/$name" "$rev" >/dev/null
    (cd "$WORK/$name" && swift build -c release --product keytrace --scratch-path "$WORK/.build-$name" >&2)
    bin=$(cd "$WORK/$name" && swift build -c release --product keytrace --scratch-path "$WORK/.build-$name" --show-bin-path)
    # SCENE and TRACE are used as given (relative to the caller), so both revisions replay the same input.
    "$bin/keytrace" bench --scene "$SCENE" --trace "$TRACE" --runs "$RUNS" -o "$OUT_DIR/$name.json"
}

bench "$BASE_REV" base
bench "$HEAD_REV" head

# Compare with the head's keytrace: the decision rule under review is the one that judges it.
head_bin=$(cd "$WORK/head" && swift build -c release --product keytrace --scratch-path "$WORK/.build-head" --show-bin-path)/keytrace
status=0
"$head_bin" compare "$OUT_DIR/base.json" "$OUT_DIR/head.json" \
    --threshold "$THRESHOLD" --min-delta "$MIN_DELTA" --format markdown -o "$OUT_DIR/report.md" || status=$?
if [ "$status" -ge 2 ]; then
    echo "compare could not use the results (exit $status)" >&2
    exit "$status"
fi
"$head_bin" compare "$OUT_DIR/base.json" "$OUT_DIR/head.json" \
    --threshold "$THRESHOLD" --min-delta "$MIN_DELTA" --format junit -o "$OUT_DIR/report.xml" || true
"$head_bin" compare "$OUT_DIR/base.json" "$OUT_DIR/head.json" \
    --threshold "$THRESHOLD" --min-delta "$MIN_DELTA" --format text || true

# Publish the markdown.
if [ -n "${PUBLISH_CMD:-}" ]; then
    sh -c "$PUBLISH_CMD" < "$OUT_DIR/report.md"
elif [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$OUT_DIR/report.md" >> "$GITHUB_STEP_SUMMARY"
else
    cat "$OUT_DIR/report.md"
fi

exit "$status"
