#!/bin/sh
# Lints the Swift sources with the toolchain's swift-format (`swift format`) and the repository's
# .swift-format: the one way to lint, run by Scripts/test.sh.
#
#   sh Scripts/format.sh                 lint Sources, Tests and Benchmarks; exit 1 on any finding
#   sh Scripts/format.sh --fix FILE...   apply the enabled rules' fixes to the files named
#
# The rules run, the layout printer does not (`--debug-disable-pretty-print`): the code keeps its
# own line breaks and continuation indentation, which swift-format's printer would rewrite in
# every file. Rules the code does not follow yet are off in .swift-format.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fix" ]; then
    shift
    [ "$#" -gt 0 ] || { echo "usage: Scripts/format.sh --fix FILE..." >&2; exit 64; }
    exec swift format format --in-place --debug-disable-pretty-print "$@"
fi
[ "$#" -eq 0 ] || { echo "usage: Scripts/format.sh [--fix FILE...]" >&2; exit 64; }
exec swift format lint --strict --debug-disable-pretty-print --parallel --recursive Sources Tests Benchmarks
