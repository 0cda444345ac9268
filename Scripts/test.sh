#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), then runs the whole test
# suite, golden traces included. With KEYTRACE_FUZZ_SECONDS=N (N > 0) it then fuzzes every input
# reader for N seconds each: the trace reader (plain and structure-aware), the pcap reader, the
# script parser and the scene loader (Scripts/fuzz.sh), and the HID report-descriptor decoder
# (Scripts/fuzz-hid.sh). Each fuzz target is a build of its own (about 1.5 minutes on two
# cores), so the default, 0, skips fuzzing and keeps a CI run within its time budget.
# Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
swift test "$@"
seconds="${KEYTRACE_FUZZ_SECONDS:-0}"
if [ "$seconds" -gt 0 ]; then
    bash Scripts/fuzz.sh "$seconds"
    bash Scripts/fuzz-hid.sh "$seconds"
fi
