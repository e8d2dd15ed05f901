#!/usr/bin/env bash
# run.sh -- the whole test suite, as CI runs it: an optimised build with warnings as
# errors, then a build with AddressSanitizer + UndefinedBehaviorSanitizer (which also
# replays every fuzz target's inputs and mutations), then a ThreadSanitizer build of
# the boyi binary alone running every multithreaded path (tests/e2e/tsan_threads.sh);
# ctest on each; then, with clang, the libFuzzer build, every target fuzzed for a
# second (tests/fuzz.sh; docs/robustness.md).
# Each stage prints its wall time (the budget of the whole is 15 minutes on 2 cores).
# Usage: bash tests/run.sh            (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

# With Open MPI installed (CI installs it), the optimised build takes -DBOYI_MPI=ON so
# that tests/e2e/selfplay_mpi.sh runs mpirun; the sanitizer build stays without MPI.
mpi=OFF
if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then mpi=ON; fi

t0=$SECONDS
echo "== optimised build (Release, -Werror, MPI $mpi) =="
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBOYI_WERROR=ON -DBOYI_MPI=$mpi >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
t1=$SECONDS
echo "== optimised stage: $((t1 - t0)) s"

echo "== sanitizer build (ASan + UBSan, -Werror; the fuzz targets' replay: fuzz_replay) =="
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DBOYI_SANITIZE=ON -DBOYI_WERROR=ON >/dev/null
cmake --build build-sanitize -j"$jobs"
# Left out there besides the benchmarks: the Two Tigers value checks against a brute
# force (a million positions solved twice, and seventeen interrupted solves), which
# take 100 s under the sanitizers; the solver's code runs there in tigers_test_tigers_solve.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -E '_bench|tigers_test_tigers_(brute|resume)'
t2=$SECONDS
echo "== sanitizer stage: $((t2 - t1)) s"

# ThreadSanitizer: only the binary (no unit test, no tool), -O1; its one test fails on
# any report (TSAN_OPTIONS=halt_on_error=1 exitcode=66, set by CMake for the test).
echo "== ThreadSanitizer build (boyi only; tests/e2e/tsan_*.sh) =="
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DBOYI_TSAN=ON -DBOYI_WERROR=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target boyi
ctest --test-dir build-tsan --output-on-failure -j"$jobs"
t3=$SECONDS
echo "== ThreadSanitizer stage: $((t3 - t2)) s"

# libFuzzer: every fuzz target (tests/fuzz/boyi_fuzz.c) built by clang with ASan+UBSan
# and coverage, its regression inputs run first, then fuzzed for a second from its seeds;
# the targets in two halves side by side, one a core.  Any crash, leak or timeout fails
# the stage (its input is kept under build-fuzz/fuzz-out).  The hour-long runs are
# tests/fuzz.sh's outside CI (docs/robustness.md).
if command -v clang >/dev/null; then
    echo "== libFuzzer build (clang, ASan + UBSan; each target fuzzed for a second) =="
    CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DBOYI_FUZZ=ON -DBOYI_TESTS=OFF >/dev/null
    cmake --build build-fuzz -j"$jobs" --target boyi_fuzz boyi   # boyi writes any/data's seed
    bash tests/fuzz.sh 1 build-fuzz '^(xiangqi|gomoku|draughts|yizi|pegs)/' > build-fuzz/half1.log 2>&1 & f1=$!
    bash tests/fuzz.sh 1 build-fuzz '^(nogo|einstein|junqi|tigers|any|proto)/' > build-fuzz/half2.log 2>&1 & f2=$!
    fr=0
    wait $f1 || fr=1
    wait $f2 || fr=1
    cat build-fuzz/half1.log build-fuzz/half2.log
    [ "$fr" -eq 0 ] || { echo "== libFuzzer stage: FOUND something (above)"; exit 1; }
    echo "== libFuzzer stage: $((SECONDS - t3)) s"
else
    echo "== libFuzzer stage skipped: no clang (Debian packages clang libclang-rt-dev)"
fi
echo "== all: $SECONDS s"
