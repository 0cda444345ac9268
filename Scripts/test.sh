#!/bin/sh
# Installs what the tests need when missing (Scripts/install-oracles.sh: the build's Debian
# packages, the oracles, and the Python oracles in .build/oracles-venv), checks that no test reads
# the data outside the repository except through its one helper (Scripts/check-shared-data.sh),
# lints, runs the whole test suite, golden traces and docs included, then fuzzes every input
# reader for a bounded time (libFuzzer, Scripts/fuzz.sh, docs/Fuzzing.md): one fuzz executable
# holds every target; the targets run two at a time, built at -Onone unless
# KEYTRACE_FUZZ_OPTIMIZE says otherwise (a third of -O's build time, which keeps CI within its
# budget).
#
#   sh Scripts/test.sh                              every fuzz target for 10 s (CI)
#   KEYTRACE_FUZZ_SECONDS=N sh Scripts/test.sh      every fuzz target for N seconds (60 for a
#                                                   release check)
#   KEYTRACE_FUZZ_SECONDS=0 sh Scripts/test.sh      no fuzzing
#
# Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/install-oracles.sh
sh Scripts/check-shared-data.sh
sh Scripts/format.sh  # lint (swift format lint --strict); any finding fails the script
swift test "$@"
fuzz_seconds="${KEYTRACE_FUZZ_SECONDS:-10}"
if [ "$fuzz_seconds" -gt 0 ]; then
    KEYTRACE_FUZZ_OPTIMIZE="${KEYTRACE_FUZZ_OPTIMIZE:--Onone}" bash Scripts/fuzz.sh "$fuzz_seconds"
fi
