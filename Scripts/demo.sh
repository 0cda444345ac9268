#!/bin/sh
# Installs what building KeyTrace needs when missing (Scripts/bootstrap.sh: libpcap-dev and
# pkg-config), builds the keytrace tool and runs its demo: record the bundled USB capture through
# the bundled text-editor scene, replay it, print the analysis. Extra arguments go to
# `keytrace demo`.
set -eu
cd "$(dirname "$0")/.."
sh Scripts/bootstrap.sh
swift build --product keytrace >&2
exec "$(swift build --show-bin-path)/keytrace" demo "$@"
