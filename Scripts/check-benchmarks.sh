#!/usr/bin/env bash
# Runs the ordo-one benchmarks that have threshold files in Benchmarks/Thresholds/ and checks
# each metric's p90 against its file, within the tolerances the benchmarks declare
# (Benchmarks/BenchmarkTolerances: 5 % on times, throughput and memory, 0 on allocation counts).
#
#   Scripts/check-benchmarks.sh                        every target that has threshold files
#   Scripts/check-benchmarks.sh --target ReplayBenchmarks [--filter REGEX]   some of them
#   Scripts/check-benchmarks.sh --update [--target T]  rewrites the files from a fresh run
#
# Run it on a quiet machine (nothing else building): the figures are times. Exit status, as
# ordo-one benchmark defines it:
#   0  every metric within its tolerance
#   2  a metric regressed (the table of "Deviations worse than threshold" says which)
#   4  only improvements: run with --update, review `git diff Benchmarks/Thresholds`, commit
#   5  no threshold file matches the benchmarks run
#   1  the tool failed (a build error, a benchmark that stopped)
# SwiftPM exits 1 whenever a command plugin fails, so the status is read from the tool's output.
set -uo pipefail
cd "$(dirname "$0")/../Benchmarks"
thresholds=Thresholds

operation=check
if [ "${1:-}" = "--update" ]; then
    operation=update
    shift
fi
arguments=("$@")
# Without --target: the targets that have threshold files (TARGET.NAME.p90.json).
if ! printf '%s\n' "${arguments[@]}" | grep -qx -- '--target'; then
    for target in $(ls "$thresholds" 2>/dev/null | sed -n 's/^\([A-Za-z]*\)\..*\.p90\.json$/\1/p' | sort -u); do
        arguments+=(--target "$target")
    done
fi

log="$(mktemp "${TMPDIR:-/tmp}/check-benchmarks.XXXXXX")"
trap 'rm -f "$log"' EXIT
if [ "$operation" = update ]; then
    swift package --allow-writing-to-package-directory benchmark thresholds update --path "$thresholds" \
        --no-progress "${arguments[@]}" 2>&1 | tee "$log"
    exit "${PIPESTATUS[0]}"
fi
swift package benchmark thresholds check --path "$thresholds" --no-progress "${arguments[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -eq 0 ]; then
    echo "check-benchmarks: every metric is within its tolerance of Benchmarks/$thresholds"
    exit 0
elif grep -q 'Deviations worse than threshold\|is WORSE than' "$log"; then
    echo "check-benchmarks: regression: a metric is worse than its threshold (table above)" >&2
    exit 2
elif grep -q 'Could not find any matching absolute thresholds\|No benchmarks matching' "$log"; then
    echo "check-benchmarks: no threshold file in Benchmarks/$thresholds matches the benchmarks run" >&2
    exit 5
elif grep -q 'Deviations better than threshold\|is BETTER than' "$log"; then
    echo "check-benchmarks: only improvements: run Scripts/check-benchmarks.sh --update and commit the new files" >&2
    exit 4
fi
echo "check-benchmarks: the benchmark tool failed (exit $status; output above)" >&2
exit 1
