#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), runs the whole test suite,
# golden traces included, then fuzzes input readers for a bounded time (libFuzzer):
#
#   sh Scripts/test.sh                              the scene loader and the script parser, 10 s each
#   KEYTRACE_FUZZ_SECONDS=N sh Scripts/test.sh      every target for N seconds: the trace reader
#                                                   (plain and structure-aware), the pcap reader, the
#                                                   script parser, the scene loader (Scripts/fuzz.sh)
#                                                   and the HID report-descriptor decoder (Scripts/fuzz-hid.sh)
#   KEYTRACE_FUZZ_SECONDS=0 sh Scripts/test.sh      no fuzzing
#
# Each fuzz target is a build of its own (about two minutes on two cores), so the default runs
# the two whose inputs users write by hand and keeps a CI run within its time budget.
# Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
sh Scripts/format.sh  # lint (swift format lint --strict); any finding fails the script
swift test "$@"
if [ -z "${KEYTRACE_FUZZ_SECONDS:-}" ]; then
    bash Scripts/fuzz.sh 10 scene script
elif [ "$KEYTRACE_FUZZ_SECONDS" -gt 0 ]; then
    bash Scripts/fuzz.sh "$KEYTRACE_FUZZ_SECONDS"
    bash Scripts/fuzz-hid.sh "$KEYTRACE_FUZZ_SECONDS"
fi
