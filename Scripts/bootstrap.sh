#!/bin/sh
# Installs the Debian packages named on the command line that are missing; with none named, what
# building KeyTrace needs: libpcap-dev (capture and pcap export) and pkg-config (to locate
# libpcap). `Scripts/demo.sh` runs it as it is; `Scripts/install-oracles.sh` names what the tests
# need besides. Runs `apt-get update` once, and only when something is missing. Safe to run
# repeatedly.
#
# Usage: Scripts/bootstrap.sh [DEBIAN-PACKAGE...]
set -eu
[ "$#" -gt 0 ] || set -- libpcap-dev pkg-config
missing=""
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "KeyTrace needs:$missing (Debian package names). Install them, then run this again." >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "Installing$missing needs root: run as root or install sudo." >&2
        exit 1
    fi
fi
echo "Installing$missing …" >&2
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >&2
