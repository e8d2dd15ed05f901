# lib.bash -- helpers for end-to-end tests (sourced, not a test itself).
# Each tests/e2e/*.sh is run by ctest as: bash SCRIPT BOYI_BINARY SOURCE_DIR SHARED_DIR
set -u
BOYI=$1
SRC=$2
SHARED=$3
# the draughts engine reads endgame databases from the user's data folder when there
# are some: the tests see none unless they name a folder themselves
export BOYI_DRAUGHTS_EGDB=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PASS=0
FAIL=0

# run CMD...: runs it, keeps stdout in $OUT, stderr in $ERR, exit code in $RC.
run() {
    "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

ok()   { PASS=$((PASS + 1)); }
bad()  { FAIL=$((FAIL + 1)); echo "FAIL: $*"; echo "  exit: $RC"; echo "  stdout: ${OUT:0:2000}"; echo "  stderr: ${ERR:0:2000}"; }

# expect_rc N DESCRIPTION: the last run exited with N.
expect_rc() { if [ "$RC" -eq "$1" ]; then ok; else bad "$2 (expected exit $1)"; fi; }
# expect_out REGEX DESCRIPTION: stdout of the last run matches the extended regex.
expect_out() { if grep -Eq -- "$1" "$TMP/out"; then ok; else bad "$2 (stdout should match /$1/)"; fi; }
# expect_err REGEX DESCRIPTION: stderr of the last run matches.
expect_err() { if grep -Eq -- "$1" "$TMP/err"; then ok; else bad "$2 (stderr should match /$1/)"; fi; }
# no_crash DESCRIPTION: exit code is one of ours (0, 1, 2), not a signal or sanitizer abort.
no_crash() { if [ "$RC" -le 2 ] && ! grep -q 'Sanitizer' "$TMP/err"; then ok; else bad "$1 (crashed)"; fi; }

# finish: prints the closing line and sets the exit code.
finish() {
    echo "$PASS passed, $FAIL failed"
    [ "$FAIL" -eq 0 ]
}

# 1 when BOYI is a sanitizer build (memory bounds mean nothing there), else 0.
boyi_sanitized() { if grep -qa '__asan_init' "$BOYI"; then echo 1; else echo 0; fi; }
# peak KB of the last BOYI_REPORT_PEAK=1 run ($TMP/err)
peak() { sed -n 's/^boyi: peak memory: \([0-9]*\) kB$/\1/p' "$TMP/err"; }
# bound NAME KB: the last run's peak is under KB (not checked when $sanitized is 1)
bound() {
    local p; p=$(peak)
    echo "$1: peak ${p:-?} kB"
    [ "${sanitized:-0}" -eq 1 ] && return
    if [ -n "$p" ] && [ "$p" -lt "$2" ]; then ok; else bad "$1: peak ${p:-?} kB, bound $2 kB"; fi
}
