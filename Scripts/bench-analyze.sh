#!/bin/sh
# Measures `keytrace analyze` on 10-million-event traces made with `keytrace synth`, against the
# budget of 5 s wall clock and 256 MB peak resident memory per trace:
#   - 10 M records: 2 M presses through the pdf-viewer scene (key, resolution, stage timings,
#     keyCommands counters and cache records per press);
#   - 10 M key events without a scene.
# Prints one line per trace (wall s, user s, peak RSS MB) and exits 1 when a budget is exceeded.
# Traces are kept in ${KEYTRACE_BENCH_DIR:-/tmp} and reused. Usage: Scripts/bench-analyze.sh [RUNS]
set -eu
cd "$(dirname "$0")/.."
runs="${1:-3}"
dir="${KEYTRACE_BENCH_DIR:-/tmp}"
sh Scripts/bootstrap.sh
swift build -c release --product keytrace >&2
keytrace="$(swift build -c release --show-bin-path)/keytrace"

scene="$dir/keytrace-bench-scene-2m.ktrace"
keys="$dir/keytrace-bench-keys-10m.ktrace"
[ -s "$scene" ] || "$keytrace" synth --events 2000000 --seed 1 --scene pdf-viewer -o "$scene" >&2
[ -s "$keys" ] || "$keytrace" synth --events 10000000 --seed 1 -o "$keys" >&2

status=0
for trace in "$scene" "$keys"; do
    i=0
    while [ "$i" -lt "$runs" ]; do
        i=$((i + 1))
        # Wall clock, CPU time and peak RSS of the child, from getrusage.
        line=$(python3 - "$keytrace" "$trace" <<'EOF'
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run([sys.argv[1], "analyze", "--format", "json", sys.argv[2]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.2f} {usage.ru_utime:.2f} {usage.ru_maxrss / 1024:.0f}")
EOF
)
        set -- $line
        verdict=ok
        if awk -v wall="$1" 'BEGIN { exit !(wall > 5) }' || [ "$3" -gt 256 ]; then verdict="OVER BUDGET"; status=1; fi
        echo "$(basename "$trace") run $i: ${1} s wall, ${2} s user, ${3} MB peak RSS — $verdict"
    done
done
exit $status
