#!/bin/sh
# Formats the sources with the toolchain's swift-format and the repository's .swift-format.
# Usage: Scripts/format.sh [--lint]   (--lint reports without changing files)
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--lint" ]; then
    exec swift format lint --recursive Sources Tests
fi
exec swift format --in-place --recursive Sources Tests
