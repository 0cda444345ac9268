#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), then runs the whole test
# suite, golden traces included, then a short bounded fuzzing run of the HID report-descriptor
# decoder (KEYTRACE_FUZZ_SECONDS, default 10; 0 skips it; Scripts/fuzz-hid.sh for longer runs).
# Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
swift test "$@"
seconds="${KEYTRACE_FUZZ_SECONDS:-10}"
if [ "$seconds" -gt 0 ]; then bash Scripts/fuzz-hid.sh "$seconds"; fi
