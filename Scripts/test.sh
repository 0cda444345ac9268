#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), then runs the whole test
# suite, golden traces included, then short bounded fuzzing runs of the HID report-descriptor
# decoder (Scripts/fuzz-hid.sh) and of the scene loader and script parser
# (Scripts/fuzz-scene.sh), KEYTRACE_FUZZ_SECONDS each (default 10; 0 skips them; run the scripts
# by hand for longer runs). Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
swift test "$@"
seconds="${KEYTRACE_FUZZ_SECONDS:-10}"
if [ "$seconds" -gt 0 ]; then
    bash Scripts/fuzz-hid.sh "$seconds"
    bash Scripts/fuzz-scene.sh "$seconds"
fi
