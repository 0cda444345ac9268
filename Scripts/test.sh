#!/bin/sh
# Installs what the tests need when missing (Scripts/bootstrap.sh), then runs the whole test
# suite, golden traces included. Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
exec swift test "$@"
