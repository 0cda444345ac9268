#!/usr/bin/env bash
# Fuzzes the trace reader with libFuzzer for a bounded time.
#
#   Scripts/fuzz.sh [seconds]      (default 60)
#
# Builds KeyTraceCore and TraceFormat with -sanitize=fuzzer,address into one executable
# (in .build-fuzz/, git-ignored), seeds the corpus with the committed example trace and
# mutations of it, and runs until the time is up. Exits non-zero if libFuzzer finds a crash;
# the crashing input is left in .build-fuzz/ (crash-*).
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-fuzz"
mkdir -p "$out/src" "$out/corpus"
rm -f "$out/src"/*.swift
# One module: copy the sources and drop the cross-module imports.
for f in "$root"/Sources/KeyTraceCore/*.swift "$root"/Sources/TraceFormat/*.swift "$root"/Scripts/fuzz/FuzzReader.swift; do
    sed -e '/^import KeyTraceCore$/d' -e '/^@testable import/d' "$f" > "$out/src/$(basename "$f")"
done
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzTrace \
    "$out"/src/*.swift -o "$out/fuzz-reader"
cp "$root/docs/TraceFormat-example.ktrace" "$out/corpus/example.ktrace"
echo "fuzzing the trace reader for ${seconds}s"
cd "$out"
./fuzz-reader -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 corpus
