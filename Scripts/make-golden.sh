#!/bin/sh
# Re-records every golden trace listed in Traces/golden/manifest.txt from its source (a USB
# capture in ../shared/captures or a script in Traces/scripts) through its scene, then writes
# the canonical .golden.txt files. Run after an intended behaviour change, review the diff, commit.
# Usage: Scripts/make-golden.sh [keytrace binary]
set -eu
cd "$(dirname "$0")/.."
keytrace=${1:-}
if [ -z "$keytrace" ]; then
    swift build --product keytrace >&2
    keytrace="$(swift build --show-bin-path)/keytrace"
fi
grep -v '^#' Traces/golden/manifest.txt | while read -r name source scene first; do
    [ -n "$name" ] || continue
    kind=${source%%:*}
    path=${source#*:}
    set -- --scene "$scene" -o "Traces/golden/$name.ktrace"
    [ -n "${first:-}" ] && set -- "$@" --first-responder "$first"
    case "$kind" in
        pcap) "$keytrace" record --pcap "$path" "$@" >/dev/null ;;
        script) "$keytrace" record --script "$path" "$@" >/dev/null ;;
        *) echo "unknown source kind '$kind' for $name" >&2; exit 2 ;;
    esac
    echo "recorded Traces/golden/$name.ktrace" >&2
done
"$keytrace" golden update Traces/golden
