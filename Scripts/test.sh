#!/bin/sh
# Installs what the tests need (libpcap headers, tshark for the capture cross-checks) when
# missing, then runs the test suite. Usage: Scripts/test.sh [swift test arguments…]
set -eu
cd "$(dirname "$0")/.."
missing=""
command -v tshark >/dev/null 2>&1 || missing="$missing tshark"
pkg-config --exists libpcap 2>/dev/null || missing="$missing libpcap-dev"
if [ -n "$missing" ]; then
    if command -v apt-get >/dev/null 2>&1; then
        SUDO=""
        [ "$(id -u)" -eq 0 ] || SUDO="sudo"
        $SUDO apt-get update
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $missing
    else
        echo "install:$missing (tshark comes with Wireshark), then run this script again" >&2
        exit 1
    fi
fi
exec swift test "$@"
