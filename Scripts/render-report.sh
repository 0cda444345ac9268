#!/usr/bin/env bash
# Renders a `keytrace analyze --format html` report to a PNG with headless Chromium, so a
# person (or a CI artifact) can look at it without opening a browser.
#
#   Scripts/render-report.sh REPORT.html [OUT.png] [WIDTHxHEIGHT]
#   Scripts/render-report.sh --trace TRACE.ktrace [OUT.png]   # analyse first, then render
#
# Installs Debian's `chromium` when it is missing (apt-get update once, then install); does
# nothing to the system when it is present.
set -euo pipefail

if [[ "${1:-}" == "--trace" ]]; then
    trace="${2:?usage: render-report.sh --trace TRACE.ktrace [OUT.png]}"
    html="$(mktemp --suffix=.html)"
    keytrace="${KEYTRACE:-.build/debug/keytrace}"
    "$keytrace" analyze --format html -o "$html" "$trace"
    out="${3:-${trace%.ktrace}-report.png}"
    size="${4:-1100x2600}"
else
    html="${1:?usage: render-report.sh REPORT.html [OUT.png] [WIDTHxHEIGHT]}"
    out="${2:-${html%.html}.png}"
    size="${3:-1100x2600}"
fi

browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
    echo "render-report: chromium not found; installing Debian's chromium" >&2
    sudo_cmd=""
    [[ "$(id -u)" -ne 0 ]] && sudo_cmd="sudo"
    $sudo_cmd apt-get update
    $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
    browser="$(command -v chromium)"
fi

html_abs="$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
out_abs="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="${size/x/,}" --screenshot="$out_abs" "file://$html_abs" >/dev/null 2>&1
echo "render-report: wrote $out_abs"
