#!/usr/bin/env bash
# convert_keeps_old.sh -- a failed convert leaves -o as it was (issue 31, part 2;
# docs/robustness.md).  convert-fails-clobbers.sgf cannot be written as PSQ (a move off
# the board): `convert --to psq -o OLD` exits 1 and OLD keeps its bytes, plain or .gz,
# with no temporary file left; an unknown target (exit 2) the same.  A conversion that
# writes some records and reports others (exit 1) still replaces -o: each problem is
# reported, and what could be written is the file.
source "$(dirname "$0")/lib.bash"
BOYI=$(realpath "$BOYI") SHARED=$(realpath "$SHARED")
SGF="$SHARED/findings/2026-12/convert-fails-clobbers.sgf"
cd "$TMP"

for out in OLD OLD.gz; do
    echo "old bytes" > "$out"
    run "$BOYI" convert "$SGF" --to psq -o "$out"
    expect_rc 1 "convert --to psq -o $out of a game that cannot be written"
    expect_err "$out: error: not written: the conversion failed \\(nothing was changed\\)" "the kept file is named"
    if [ "$(cat "$out")" = "old bytes" ]; then ok; else bad "$out was changed"; fi
    if ls "$out".tmp* >/dev/null 2>&1; then bad "a temporary file was left: $(ls "$out".tmp*)"; else ok; fi
done

echo "old bytes" > OLD
run "$BOYI" convert "$SGF" --to rif -o OLD
expect_rc 2 "convert to a format gomoku is not written in"
if [ "$(cat OLD)" = "old bytes" ] && ! ls OLD.tmp* >/dev/null 2>&1; then ok; else bad "OLD was changed by a usage error"; fi

# Two games, the second not writable: the first is written, the second reported.
{ echo '(;GM[4]SZ[15];B[hh];W[hi])'; cat "$SGF"; } > two.sgf
echo "old bytes" > OLD
run "$BOYI" convert two.sgf --to sgf -o OLD
expect_rc 1 "a conversion with one record that cannot be written"
expect_err 'game 2: move 2 .W\[zz\]. is off the 15x15 board' "the record left out is named"
if grep -q 'B\[hh\];W\[hi\]' OLD; then ok; else bad "the writable record was not written: $(cat OLD)"; fi
finish
