#!/bin/sh
# Installs what the tests check KeyTrace against, when missing, besides what the build needs
# (Scripts/bootstrap.sh):
#
# - Debian packages: tshark (an independent USB and HID decoder), tmux (the terminal recorder's
#   tests type into a real terminal), chromium (the HTML report is rendered headless and its DOM
#   checked).
# - Python packages from PyPI, into a virtual environment of the checkout's own,
#   `.build/oracles-venv`, never into the system's Python: hid-tools (HID report descriptors,
#   Scripts/hid-oracle.py) and DuckDB (the press tables of `keytrace export --format presses`,
#   Scripts/press-table-duckdb.py). The tests run that environment's python
#   (Tests/CLITestSupport/OraclePython.swift); `KEYTRACE_ORACLE_PYTHON=PATH` names another.
#
# Safe to run repeatedly: it installs only what is missing.
set -eu
cd "$(dirname "$0")/.."
packages="libpcap-dev pkg-config tshark tmux chromium"
# `python3 -m venv` needs ensurepip, which Debian ships in python3-venv.
if ! python3 -c "import ensurepip" >/dev/null 2>&1; then packages="$packages python3-venv"; fi
command -v python3 >/dev/null 2>&1 || packages="$packages python3"
sh Scripts/bootstrap.sh $packages

venv=.build/oracles-venv
python="$venv/bin/python3"
if [ ! -x "$python" ]; then
    echo "Creating the oracles' Python environment in $venv …" >&2
    mkdir -p .build
    python3 -m venv "$venv"
fi
for spec in "hidtools.hid hid-tools" "duckdb duckdb"; do
    module=${spec%% *}
    package=${spec#* }
    "$python" -c "import $module" 2>/dev/null && continue
    echo "Installing $package into $venv …" >&2
    "$python" -m pip install --quiet --disable-pip-version-check "$package" >&2
done
