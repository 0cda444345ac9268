#!/usr/bin/env bash
# Fuzzes the scene loader (parse, build, dispatch through the live scene) and the script parser
# with libFuzzer for a bounded time.
#
#   Scripts/fuzz-scene.sh [seconds]      (default 60; Scripts/test.sh runs it briefly when
#                                         KEYTRACE_FUZZ_SECONDS is set)
#
# Builds KeyTraceCore, ResponderEngine, Scenes and Capture with -sanitize=fuzzer,address into
# one executable (in .build-fuzz-scene/, git-ignored), seeds the corpus with the bundled scenes
# and scripts, and runs until the time is up. Exits non-zero if libFuzzer finds a crash; the
# crashing input is left in .build-fuzz-scene/ (crash-*). An input's first byte chooses the
# parser (even: scene, odd: script); the rest is the text.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-fuzz-scene"
mkdir -p "$out/src" "$out/corpus" "$out/include"
rm -f "$out/src"/*.swift
# One module: copy the sources and drop the cross-module imports.
for f in "$root"/Sources/KeyTraceCore/*.swift "$root"/Sources/ResponderEngine/*.swift "$root"/Sources/Scenes/*.swift \
         "$root"/Sources/Capture/*.swift "$root"/Scripts/fuzz/FuzzScene.swift; do
    sed -e '/^import KeyTraceCore$/d' -e '/^import ResponderEngine$/d' -e '/^@testable import/d' "$f" \
        > "$out/src/$(basename "$f")"
done
cp "$root/Sources/CProcessor/include/CProcessor.h" "$out/include/"
printf 'module CProcessor {\n    header "CProcessor.h"\n    export *\n}\n' > "$out/include/module.modulemap"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzScene \
    -I "$out/include" -I "$root/Sources/CPcap" "$out"/src/*.swift -o "$out/fuzz-scene"
for scene in "$root"/Traces/scenes/*.json; do
    { printf '\0'; cat "$scene"; } > "$out/corpus/scene-$(basename "$scene")"
done
for script in "$root"/Traces/scripts/*.keys; do
    { printf '\1'; cat "$script"; } > "$out/corpus/script-$(basename "$script")"
done
echo "fuzzing the scene loader and script parser for ${seconds}s"
cd "$out"
# Leaks are not checked: a scene runtime keeps its responder graph (parents and children refer to
# each other) for the life of the process, which libFuzzer would report on every input.
ASAN_OPTIONS=detect_leaks=0 ./fuzz-scene -max_total_time="$seconds" -max_len=16384 -timeout=10 -detect_leaks=0 -print_final_stats=1 corpus
