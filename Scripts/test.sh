#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), then runs the whole test
# suite, golden traces included. Usage: Scripts/test.sh [swift test arguments…]
# With KEYTRACE_FUZZ_SECONDS=N it first fuzzes the scene loader and script parser for N seconds
# (Scripts/fuzz-scene.sh; needs a toolchain with libFuzzer).
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
if [ -n "${KEYTRACE_FUZZ_SECONDS:-}" ]; then
    bash Scripts/fuzz-scene.sh "$KEYTRACE_FUZZ_SECONDS"
fi
exec swift test "$@"
