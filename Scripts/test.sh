#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), runs the whole test suite,
# golden traces included, then fuzzes every input reader for a bounded time (Scripts/fuzz.sh;
# KEYTRACE_FUZZ_SECONDS per target, default 10; 0 skips fuzzing).
# Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
swift test "$@"
seconds="${KEYTRACE_FUZZ_SECONDS:-10}"
if [ "$seconds" -gt 0 ]; then
    bash Scripts/fuzz.sh "$seconds"
fi
