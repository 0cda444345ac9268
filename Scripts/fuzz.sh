#!/usr/bin/env bash
# Fuzzes KeyTrace's input readers with libFuzzer for a bounded time each.
#
#   Scripts/fuzz.sh [seconds-per-target] [target ...]      (default 60; every target)
#
# Targets:
#   reader       the trace reader (file reader, seeks, verify, key columns, stream decoder)
#   structured   the same reader behind a structure-aware mutator (Scripts/fuzz/TraceResealer.swift):
#                chunk payloads and records are mutated, then every chunk and the footer are
#                re-sealed with correct CRC-32C, so the damage reaches the decoders
#   codec        every fast path of the trace reader against the plain decoder, on generated
#                record streams and on raw trace bytes (Scripts/fuzz/FuzzCodec.swift)
#   pcap         the pcap/pcapng reader (libpcap) and the USB keyboard decoder
#   script       the key-script parser
#   scene        the scene loader: JSON parser, validation, building, a few presses
#
# Each target's modules are compiled into one executable with -sanitize=fuzzer,address (in
# .build-fuzz/, git-ignored); its corpus (.build-fuzz/corpus-TARGET, kept between runs) is seeded
# from the repository's traces, captures, scripts and scenes. Prints each target's final
# coverage line ("cov: … ft: … corp: …"). Exits non-zero if libFuzzer finds a crash; the
# crashing input is left in .build-fuzz/ (crash-*).
set -euo pipefail
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(reader structured codec pcap script scene)
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-fuzz"
mkdir -p "$out"

# Copies the sources of modules into one folder, dropping the cross-module imports.
gather() {
    local dir="$1"; shift
    rm -rf "$dir"; mkdir -p "$dir"
    for module in "$@"; do
        for f in "$root"/Sources/"$module"/*.swift; do
            sed -e '/^import KeyTraceCore$/d' -e '/^import TraceFormat$/d' -e '/^import ResponderEngine$/d' \
                -e '/^@testable import/d' "$f" > "$dir/$module-$(basename "$f")"
        done
    done
}

build() {
    local target="$1"
    local src="$out/src-$target"
    case "$target" in
    reader|structured)
        # One executable for both: the mutator is chosen by KEYTRACE_FUZZ_TARGET.
        [ -n "${built_reader:-}" ] && return
        gather "$src" KeyTraceCore TraceFormat
        cp "$root/Scripts/fuzz/FuzzReader.swift" "$root/Scripts/fuzz/TraceResealer.swift" "$src/"
        swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzTrace \
            "$src"/*.swift -o "$out/fuzz-reader"
        built_reader=1 ;;
    codec)
        gather "$src" KeyTraceCore TraceFormat
        sed -e '/^import KeyTraceCore$/d' -e '/^@testable import/d' \
            "$root/Tests/TraceFormatTests/FastPathAgreement.swift" > "$src/FastPathAgreement.swift"
        cp "$root/Scripts/fuzz/FuzzCodec.swift" "$root/Scripts/fuzz/FuzzCodecMain.swift" "$src/"
        swiftc -O -g -sanitize=fuzzer,address -parse-as-library -package-name KeyTrace -module-name FuzzCodec \
            "$src"/*.swift -o "$out/fuzz-codec" ;;
    pcap|script)
        [ -n "${built_capture:-}" ] && return
        gather "$src" KeyTraceCore Capture
        cp "$root/Scripts/fuzz/FuzzCapture.swift" "$src/"
        swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzCapture \
            -I "$root/Sources/CPcap" "$src"/*.swift -lpcap -o "$out/fuzz-capture"
        built_capture=1 ;;
    scene)
        gather "$src" KeyTraceCore ResponderEngine Scenes
        cp "$root/Scripts/fuzz/FuzzScene.swift" "$src/"
        mkdir -p "$out/cprocessor"
        printf 'module CProcessor {\n    header "%s"\n    export *\n}\n' \
            "$root/Sources/CProcessor/include/CProcessor.h" > "$out/cprocessor/module.modulemap"
        clang -O1 -c "$root/Sources/CProcessor/processor.c" -I "$root/Sources/CProcessor/include" \
            -o "$out/cprocessor/processor.o"
        swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzScene \
            -I "$out/cprocessor" "$src"/*.swift "$out/cprocessor/processor.o" -o "$out/fuzz-scene" ;;
    *) echo "unknown fuzz target '$target' (reader, structured, codec, pcap, script, scene)" >&2; exit 64 ;;
    esac
}

seed() {
    local target="$1" corpus="$out/corpus-$1"
    mkdir -p "$corpus"
    case "$target" in
    reader|structured)
        cp "$root/docs/TraceFormat-example.ktrace" "$corpus/example.ktrace"
        for f in "$root"/Traces/golden/*.ktrace; do
            [ "$(wc -c < "$f")" -le 16384 ] && cp "$f" "$corpus/"
        done ;;
    codec)
        # An odd first byte: the rest is a trace. An even one: generator bytes.
        { printf '\001'; cat "$root/docs/TraceFormat-example.ktrace"; } > "$corpus/example.ktrace"
        head -c 512 "$root/docs/TraceFormat-example.ktrace" | { printf '\000\100'; cat; } > "$corpus/generated" ;;
    pcap) cp "$root"/Traces/captures/*.pcap* "$corpus/" ;;
    script) cp "$root"/Traces/scripts/*.keys "$corpus/" ;;
    scene) cp "$root"/Traces/scenes/*.json "$corpus/" ;;
    esac
    true
}

status=0
for target in "${targets[@]}"; do
    echo "== building fuzz target $target"
    started=$SECONDS
    if ! build "$target" > "$out/build-$target.log" 2>&1; then
        grep -E 'error' "$out/build-$target.log" | head -20
        echo "== $target: build failed (.build-fuzz/build-$target.log)"
        exit 2
    fi
    echo "== built in $((SECONDS - started))s"
    seed "$target"
    binary="$out/fuzz-$target"
    max_len=4096
    extra=()
    case "$target" in
    pcap|script) binary="$out/fuzz-capture"; max_len=65536 ;;
    structured) binary="$out/fuzz-reader"; max_len=65536 ;;
    # A built scene's responders hold one another (parent and child links): LeakSanitizer
    # reports that cycle for every input, so leaks are not checked here.
    scene) max_len=16384; extra=(-detect_leaks=0) ;;
    esac
    echo "== fuzzing $target for ${seconds}s"
    log="$out/fuzz-$target.log"
    asan=""
    [ "$target" = scene ] && asan="detect_leaks=0"
    if ! (cd "$out" && ASAN_OPTIONS="$asan" KEYTRACE_FUZZ_TARGET="$target" "$binary" -max_total_time="$seconds" -max_len="$max_len" \
            -timeout=10 -print_final_stats=1 "${extra[@]}" "corpus-$target" > "$log" 2>&1); then
        status=1
        tail -40 "$log"
        echo "== $target: libFuzzer found a crash (input left in .build-fuzz/crash-*)"
    fi
    coverage="$(grep -E '^#[0-9]+' "$log" | tail -1)"
    echo "== $target: ${coverage}"
done
exit "$status"
