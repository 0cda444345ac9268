#!/bin/sh
# Installs the Debian packages KeyTrace needs when they are missing: libpcap-dev (capture and
# pcap export), pkg-config (to locate libpcap), tshark (the tests' independent USB decoder) and
# tmux (the terminal recorder's tests type into a real terminal), chromium (the HTML report is
# rendered headless and its DOM checked; `Scripts/render-report.sh`); then, for the python3 on the
# PATH, the tests' independent oracles from PyPI: hid-tools (HID report descriptors) and DuckDB
# (the press tables of `keytrace export --format presses`). Runs `apt-get update` once, and only
# when something is missing. Safe to run repeatedly.
set -eu
if command -v python3 >/dev/null 2>&1; then
    for spec in "hidtools.hid hid-tools" "duckdb duckdb"; do
        module=${spec%% *}
        package=${spec#* }
        python3 -c "import $module" 2>/dev/null && continue
        echo "Installing $package (pip) …" >&2
        python3 -m pip install --quiet "$package" >&2 \
            || python3 -m pip install --quiet --break-system-packages "$package" >&2 \
            || echo "Could not install $package with pip; the tests that use it will fail until it is installed." >&2
    done
fi
needed="libpcap-dev pkg-config tshark tmux chromium"
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

