#!/bin/sh
# Fails when a test reaches the data outside the repository (the `shared` folder beside the
# checkout) other than through Tests/CLITestSupport/SharedData.swift, the one helper that skips
# a test, with its reason, when the folder is missing. Run by Scripts/test.sh.
set -eu
cd "$(dirname "$0")/.."
found=$(grep -rnE '\.\./shared|shared/(captures|hid|docs|seeds)|\.\./hid|ios-apps' Tests \
    | grep -v '^Tests/CLITestSupport/SharedData.swift:' || true)
if [ -n "$found" ]; then
    echo "Tests read the shared data directly; go through SharedData (Tests/CLITestSupport/SharedData.swift):" >&2
    echo "$found" >&2
    exit 1
fi
