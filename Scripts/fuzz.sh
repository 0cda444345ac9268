#!/usr/bin/env bash
# Fuzzes KeyTrace's input readers with libFuzzer: one executable holds every target
# (Scripts/fuzz/, docs/Fuzzing.md), built once; each target runs for a bounded time, two at a
# time by default.
#
#   Scripts/fuzz.sh [seconds-per-target] [target ...]      (default 60 s; every target)
#   KEYTRACE_FUZZ_JOBS=N Scripts/fuzz.sh …                 N targets at a time (default 2)
#   KEYTRACE_FUZZ_OPTIMIZE=-Onone Scripts/fuzz.sh …        the modules' optimisation level (default
#                                                          -O; -Onone builds in a third of the time
#                                                          and runs about a third as many inputs)
#   .build-fuzz/fuzz-keytrace list                         the targets and what each fuzzes
#
# The modules under test are compiled with -sanitize=fuzzer,address into .build-fuzz/
# (git-ignored; rebuilt only when a source changed). Each target's corpus,
# .build-fuzz/corpus/TARGET, is kept between runs and seeded before each run from the
# repository, from ../shared when present (real captures and HID descriptors) and from inputs
# the executable constructs (traces written as the tests write them). Prints each target's
# final coverage line ("cov: … ft: … corp: …") and execution count. Exits 1 if libFuzzer finds
# a crash, a hang (timeout) or runs out of memory; the input is left in .build-fuzz/TARGET/
# (crash-*, timeout-*, oom-*).
set -euo pipefail
seconds="${1:-60}"
shift || true
requested=("$@")
jobs="${KEYTRACE_FUZZ_JOBS:-2}"
optimize="${KEYTRACE_FUZZ_OPTIMIZE:--O}"
case "$optimize" in
    -O | -Onone | -Osize) ;;
    *) echo "KEYTRACE_FUZZ_OPTIMIZE must be -O, -Onone or -Osize, not '$optimize'" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-fuzz"
binary="$out/fuzz-keytrace"
mkdir -p "$out"

# The modules under test, in dependency order, and the tests' files that construct seeds.
modules=(KeyTraceSupport KeyTraceCore TraceFormat ResponderEngine Scenes Capture)
test_sources=("$root/Tests/TraceFormatTests/TypingFixture.swift" "$root/Tests/TraceFormatTests/RandomRecords.swift"
              "$root/Tests/TraceFormatTests/FastPathAgreement.swift")
# Line tables only: a crash's stack still names each frame's file and line, and the build skips
# the full debug info, which a fuzz report does not read.
swift_flags=(-swift-version 6 "$optimize" -gline-tables-only -sanitize=fuzzer,address -enable-testing -parse-as-library -package-name KeyTrace
             -I "$out/modules" -I "$root/Sources/CPcap")

# Compiles one module into .build-fuzz/modules (its interface) and .build-fuzz/objects.
compile_module() {
    local module="$1" generated=()
    # Scenes carries the bundled scenes as source that the EmbedScenes build plugin writes;
    # outside SwiftPM the plugin's tool writes it here.
    if [ "$module" = Scenes ]; then
        swiftc -O "$root/Plugins/EmbedScenesTool/main.swift" -o "$out/embed-scenes" > "$out/build-embed-scenes.log" 2>&1 &&
            "$out/embed-scenes" "$out/BundledScenes+Files.swift" "$root"/Traces/scenes/*.json ||
            { echo "== embed-scenes failed (.build-fuzz/build-embed-scenes.log)"; return 1; }
        generated=("$out/BundledScenes+Files.swift")
    fi
    # A module's sources, in its folders by concern too.
    local files=()
    mapfile -t files < <(find "$root/Sources/$module" -name '*.swift' | sort)
    swiftc "${swift_flags[@]}" -wmo -module-name "$module" \
        -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
        -c "${files[@]}" "${generated[@]}" -o "$out/objects/$module.o" > "$out/build-$module.log" 2>&1 ||
        { grep -E 'error' "$out/build-$module.log" | head -20; echo "== $module: build failed (.build-fuzz/build-$module.log)"; return 1; }
}

# Compiles the modules under test, unless none of their sources changed since the last time.
build_modules() {
    local stamp="$out/objects/.built" module_sources=()
    for module in "${modules[@]}" CCRC32C CProcessor; do module_sources+=("$root/Sources/$module"); done
    module_sources+=("$root/Traces/scenes" "$root/Plugins/EmbedScenesTool")
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$optimize" ] &&
        [ -z "$(find "${module_sources[@]}" -newer "$stamp" -print -quit)" ]; then
        return 0
    fi
    rm -rf "$out/modules" "$out/objects"
    mkdir -p "$out/modules" "$out/objects"
    # The C modules: a module map naming each one's header, and its object.
    for c in CCRC32C CProcessor; do
        local dir="$root/Sources/$c"
        printf 'module %s {\n    header "%s"\n    export *\n}\n' "$c" "$(ls "$dir"/include/*.h)" >> "$out/modules/module.modulemap"
        clang -O2 -gline-tables-only -c "$dir"/*.c -I "$dir/include" -o "$out/objects/$c.o" || return 1
    done
    compile_module KeyTraceSupport || return 1
    compile_module KeyTraceCore || return 1
    # Two cores: the three modules that need only KeyTraceCore build side by side.
    local pids=()
    compile_module TraceFormat & pids+=($!)
    compile_module Capture & pids+=($!)
    { compile_module ResponderEngine && compile_module Scenes; } & pids+=($!)
    local failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    [ "$failed" = 0 ] || return 1
    echo "$optimize" > "$stamp"
}

# Links the targets (Scripts/fuzz/) and the tests' seed builders with the modules.
build() {
    build_modules || return 1
    swiftc "${swift_flags[@]}" -module-name FuzzKeyTrace "$root"/Scripts/fuzz/*.swift "${test_sources[@]}" \
        "$out"/objects/*.o -lpcap -o "$binary" > "$out/build-fuzz-keytrace.log" 2>&1 ||
        { grep -E 'error' "$out/build-fuzz-keytrace.log" | head -20; echo "== fuzz-keytrace: link failed (.build-fuzz/build-fuzz-keytrace.log)"; return 1; }
}

# Rebuilt when missing, when built at another optimisation level, or when any source it is made
# of is newer.
sources=("$root"/Scripts/fuzz/*.swift "${test_sources[@]}")
for module in "${modules[@]}" CCRC32C CProcessor; do sources+=("$root/Sources/$module"); done
stamp="$out/objects/.built"
if [ ! -x "$binary" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$optimize" ] ||
    [ -n "$(find "${sources[@]}" -newer "$binary" -print -quit)" ]; then
    echo "== building the fuzz executable (${modules[*]}, $optimize)"
    started=$SECONDS
    build || exit 2
    echo "== built in $((SECONDS - started))s"
fi

if [ ${#requested[@]} -eq 0 ]; then
    mapfile -t requested < <("$binary" list | cut -f1)
fi

# Seeds and fuzzes one target; its log is .build-fuzz/fuzz-TARGET.log.
fuzz_target() {
    local target="$1" dir="$out/$1"
    mkdir -p "$dir" "$out/corpus"
    "$binary" seed "$target" "$out/corpus/$target" "$root" > "$out/seed-$target.log" 2>&1 || true
    local status=0
    (cd "$dir" && "$binary" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "$out/corpus/$target" > "$out/fuzz-$target.log" 2>&1) || status=$?
    rm -f "$dir"/scratch-*
    return "$status"
}

echo "== fuzzing ${requested[*]} for ${seconds}s each, $jobs at a time"
declare -A pid_of=()
for target in "${requested[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    fuzz_target "$target" & pid_of[$target]=$!
done
status=0
for target in "${requested[@]}"; do
    if ! wait "${pid_of[$target]}"; then
        status=1
        tail -40 "$out/fuzz-$target.log"
        echo "== $target: libFuzzer found a crash, hang or out-of-memory (input left in .build-fuzz/$target/)"
    fi
done
for target in "${requested[@]}"; do
    log="$out/fuzz-$target.log"
    coverage="$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -E 's/^#([0-9]+)[[:space:]]+[A-Z]+[[:space:]]+//')"
    executed="$(sed -nE 's/^stat::number_of_executed_units: ([0-9]+)/\1/p' "$log")"
    echo "== $target: ${coverage} execs: ${executed:-?}"
done
exit "$status"
