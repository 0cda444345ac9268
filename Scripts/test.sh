#!/bin/sh
# Installs what the tests need when missing (Scripts/install-oracles.sh: the build's Debian
# packages, the oracles, and the Python oracles in .build/oracles-venv), checks that no test reads
# the data outside the repository except through its one helper (Scripts/check-shared-data.sh),
# lints, builds and runs the whole test suite, golden traces and docs included, then fuzzes
# every input reader for a bounded time (libFuzzer, Scripts/fuzz.sh, docs/Fuzzing.md): one fuzz
# executable holds every target, built beside the tests' build; the targets run two at a time.
#
#   sh Scripts/test.sh                              every fuzz target for 10 s (CI)
#   KEYTRACE_FUZZ_SECONDS=N sh Scripts/test.sh      every fuzz target for N seconds (60 for a
#                                                   release check)
#   KEYTRACE_FUZZ_SECONDS=0 sh Scripts/test.sh      no fuzzing
#
# Usage: Scripts/test.sh [swift test arguments…]   (given to `swift test --skip-build`)
set -eu
cd "$(dirname "$0")/.."
sh Scripts/install-oracles.sh
sh Scripts/check-shared-data.sh
sh Scripts/format.sh  # lint (swift format lint --strict); any finding fails the script
fuzz_seconds="${KEYTRACE_FUZZ_SECONDS:-10}"
fuzz_build=""
# Stops the fuzz build (its whole process group: the compilers too) if the script ends first.
stop_fuzz_build() {
    if [ -n "$fuzz_build" ]; then kill -s TERM -- "-$fuzz_build" 2>/dev/null || true; fi
}
trap stop_fuzz_build EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [ "$fuzz_seconds" -gt 0 ]; then
    # The fuzz executable builds beside the tests' build: each build leaves a core idle at
    # times (a module waiting for those it imports, a link) that the other fills. The tests
    # then run alone.
    mkdir -p .build-fuzz
    setsid bash Scripts/fuzz.sh --build-only > .build-fuzz/build.log 2>&1 &
    fuzz_build=$!
fi
swift build --build-tests
if [ -n "$fuzz_build" ]; then
    fuzz_status=0
    wait "$fuzz_build" || fuzz_status=$?
    fuzz_build=""
    cat .build-fuzz/build.log
    [ "$fuzz_status" = 0 ] || exit 2
fi
swift test --skip-build "$@"
if [ "$fuzz_seconds" -gt 0 ]; then
    bash Scripts/fuzz.sh "$fuzz_seconds"
fi
