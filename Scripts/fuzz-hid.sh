#!/usr/bin/env bash
# Fuzzes the HID report-descriptor parser and report decoder with libFuzzer for a bounded time.
#
#   Scripts/fuzz-hid.sh [seconds]      (default 60)
#
# Builds KeyTraceCore and Capture's HID descriptor files with -sanitize=fuzzer,address into one
# executable (in .build-fuzz/hid, git-ignored), seeds the corpus with real descriptors from
# ../shared/hid when present and with the boot keyboard descriptor, and runs until the time is
# up (-rss_limit_mb bounds memory). Exits non-zero if libFuzzer finds a crash, a hang (timeout)
# or runs out of memory; the input is left in .build-fuzz/hid (crash-*, timeout-*, oom-*).
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-fuzz/hid"
mkdir -p "$out/src" "$out/corpus"
rm -f "$out/src"/*.swift
for f in "$root"/Sources/KeyTraceCore/*.swift "$root"/Sources/Capture/HIDReportDescriptor.swift \
         "$root"/Sources/Capture/HIDDescriptorParser.swift "$root"/Sources/Capture/HIDDescriptorError.swift \
         "$root"/Sources/Capture/HIDReportDecoder.swift "$root"/Scripts/fuzz/FuzzHIDDescriptor.swift; do
    sed -e '/^import KeyTraceCore$/d' "$f" > "$out/src/$(basename "$f")"
done
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzHID \
    "$out"/src/*.swift -o "$out/fuzz-hid"
# The boot keyboard descriptor (HID 1.11 appendix B.1), then a marker and two reports.
printf '\x05\x01\x09\x06\xa1\x01\x05\x07\x19\xe0\x29\xe7\x15\x00\x25\x01\x75\x01\x95\x08\x81\x02\x95\x01\x75\x08\x81\x01\x95\x06\x75\x08\x15\x00\x25\x65\x05\x07\x19\x00\x29\x65\x81\x00\xc0\xff\xff\xff\xff\x08\x02\x00\x04\x05\x00\x00\x00\x00\x08\x00\x00\x01\x01\x01\x01\x01\x01' \
    > "$out/corpus/boot"
shared="$root/../shared/hid/packetry"
if [ -d "$shared" ]; then
    for d in "$shared"/*/; do
        [ -f "$d/descriptor.bin" ] && cp "$d/descriptor.bin" "$out/corpus/$(basename "$d").bin"
    done
fi
echo "fuzzing the HID descriptor parser and report decoder for ${seconds}s"
cd "$out"
./fuzz-hid -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 corpus
