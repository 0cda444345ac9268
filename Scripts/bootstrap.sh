#!/bin/sh
# Installs the Debian packages KeyTrace needs when they are missing: libpcap-dev (capture and
# pcap export), pkg-config (to locate libpcap) and tshark (the tests' independent USB decoder);
# then hid-tools from PyPI (the tests' independent HID report-descriptor decoder) for the
# python3 on the PATH. Runs `apt-get update` once, and only when something is missing. Safe to
# run repeatedly.
set -eu
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import hidtools.hid' 2>/dev/null; then
    echo "Installing hid-tools (pip) …" >&2
    python3 -m pip install --quiet hid-tools >&2 \
        || python3 -m pip install --quiet --break-system-packages hid-tools >&2 \
        || echo "Could not install hid-tools with pip; the hid-tools oracle tests will fail until it is installed." >&2
fi
needed="libpcap-dev pkg-config tshark"
missing=""
for package in $needed; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "KeyTrace needs:$missing (tshark comes with Wireshark). Install them, then run this again." >&2
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
