#!/usr/bin/env bash
# fuzz.sh -- run every fuzz target (tests/fuzz/boyi_fuzz.c) for SECONDS each.
#
# Usage: bash tests/fuzz.sh SECONDS [BUILD_DIR] [TARGET_REGEX]
#   BUILD_DIR  a build configured with CC=clang -DBOYI_FUZZ=ON (default build-fuzz,
#              configured and built here when it has no boyi_fuzz yet)
#   TARGET_REGEX  only the targets whose name matches (e.g. 'xiangqi|journal')
#
# The targets are GAME/records, GAME/position and GAME/moves for every game boyi
# registers (the list comes from `boyi_fuzz` itself through BOYI_FUZZ_LIST), plus
# any/journal and any/data, and proto/uci|gomocup|hub|dxp|botzone (outside engines'
# and servers' lines: tests/fuzz/fuzz_proto.c).  Seeds: the game's files under data/ and the shared
# corpus (cut to 16 KB: records are whole files, and short ones run fast), the harness's own start positions and random games, and the
# regression inputs of tests/fuzz/regress/<target>/, which are always run first.
# Dictionaries: tests/fuzz/dict/<game>.dict where one exists.
# With BOYI_FUZZ_BIN set to the sanitizer build's boyi_fuzz_replay (ctest fuzz_replay),
# the same runs go through that binary instead: inputs and seeded mutations, no
# coverage feedback (tests/fuzz/replay_main.c).
# BOYI_FUZZ_TIMEOUT (seconds, default 10) is the time one input may take: libFuzzer measures
# it in wall time, so a run at low priority on a busy machine needs more.
# Prints one line per target (executions, coverage, findings) and exits 1 when any
# target found a crash, leak or timeout (its input is kept under BUILD_DIR/fuzz-out).
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:?usage: fuzz.sh SECONDS [BUILD_DIR] [TARGET_REGEX]}
build=${2:-build-fuzz}
only=${3:-.}
bin=${BOYI_FUZZ_BIN:-$build/boyi_fuzz}   # BOYI_FUZZ_BIN: the replay binary of the sanitizer build
if [ ! -x "$bin" ]; then
    CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DBOYI_FUZZ=ON -DBOYI_TESTS=OFF >/dev/null || exit 2
    cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target boyi_fuzz >/dev/null || exit 2
fi
shared=$(cd .. && pwd)/shared
out="$build/fuzz-out"
mkdir -p "$out"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

targets=$(BOYI_FUZZ_LIST=1 BOYI_FUZZ_TARGET=any/journal "$bin" 2>/dev/null) || { echo "fuzz.sh: $bin lists no targets"; exit 2; }
found=0
total=0
for t in $targets; do
    printf '%s\n' "$t" | grep -Eq -- "$only" || continue
    total=$((total + 1))
    name=${t//\//-}
    game=${t%%/*}
    kind=${t#*/}
    seeds="$out/$name/seeds"
    corpus="$out/$name/corpus"
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus"
    case $kind in
    records)
        n=0
        # the samples, the shared corpus, and the suite's own records (junqi's only ones)
        for d in "data/$game" "$shared/corpus/$game" "tests/$game/records" \
                 $( [ "$game" = gomoku ] && echo "$shared/corpus/renju" ); do
            [ -d "$d" ] || continue
            while IFS= read -r -d '' f; do
                head -c 16384 "$f" > "$seeds/$n"
                n=$((n + 1))
            done < <(find "$d" -type f -size -4M -print0 | sort -z | head -z -n 200)
        done ;;
    position|moves|uci|gomocup|hub|dxp|botzone)   # the harness writes these seeds itself
        BOYI_FUZZ_TARGET=$t BOYI_FUZZ_SEEDS="$seeds" "$bin" >/dev/null 2>&1 ;;
    journal)
        printf '0\t1\tcheckmate\tstart\ta b c\t- 12 -40\t-/1 10/2 -\n' > "$seeds/0"
        printf '3\t1/2\trepetition\tx\t\t\n' > "$seeds/1" ;;
    data)   # a small real training-data file, from the build's own boyi
        if [ -x "$build/boyi" ]; then
            rm -rf "$out/sp-seed"
            "$build/boyi" selfplay --game draughts --games 2 --depth 1 --seed 1 --out "$out/sp-seed" >/dev/null 2>&1
            cp "$out/sp-seed/data.bin" "$seeds/0" 2>/dev/null
        fi
        # without it the target starts from nothing: 13 edges in a second, against 332
        [ -s "$seeds/0" ] || echo "fuzz.sh: $t: no seed (build boyi in $build too); starting from nothing" ;;
    esac
    regress="tests/fuzz/regress/$name"
    dict="tests/fuzz/dict/$game.dict"
    [ "$game" = proto ] && dict="tests/fuzz/dict/proto-$kind.dict"
    maxlen=4096
    [ "$kind" = records ] && maxlen=16384
    [ "$kind" = data ] && maxlen=65536
    args=(-max_total_time="$secs" -timeout="${BOYI_FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=$maxlen
          -artifact_prefix="$out/$name/" -print_final_stats=1)
    [ -f "$dict" ] && args+=(-dict="$dict")
    # regression inputs first: each must run clean
    if [ -d "$regress" ] && [ -n "$(ls -A "$regress")" ]; then
        if ! BOYI_FUZZ_TARGET=$t "$bin" "${args[@]}" "$regress"/* > "$out/$name/regress.log" 2>&1; then
            echo "$t: a regression input fails (see $out/$name/regress.log)"
            found=$((found + 1))
            continue
        fi
    fi
    BOYI_FUZZ_TARGET=$t "$bin" "${args[@]}" "$corpus" "$seeds" > "$out/$name/log" 2>&1
    rc=$?
    execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$out/$name/log" | grep -Eo '[0-9]+$')
    cov=$(grep -Eo 'cov: [0-9]+' "$out/$name/log" | tail -1 | grep -Eo '[0-9]+')
    if [ $rc -ne 0 ]; then
        found=$((found + 1))
        echo "$t: FOUND something after ${execs:-?} runs: $(ls "$out/$name" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | head -3 | tr '\n' ' ')"
        grep -E 'ERROR|SUMMARY|boyi_fuzz:' "$out/$name/log" | head -5 | sed 's/^/    /'
    else
        echo "$t: ${execs:-?} runs, coverage ${cov:-?} edges, nothing found"
    fi
done
echo "fuzz.sh: $total targets, $found with findings, ${secs}s each"
[ "$found" -eq 0 ]
