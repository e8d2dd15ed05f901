#!/usr/bin/env bash
# Two Tigers' distance file (BOYI_TIGERS_DISTANCES, beside the solver's table): the
# memory cap counts the distances' byte a position; a file that is not a distance
# file is refused with exit 2 and left as it was; distances without a table are
# refused.  (The distances themselves are checked against a brute force in
# tests/tigers/test_tigers_brute.c.)
source "$(dirname "$0")/lib.bash"

# layer 11 is 248 294 392 indices a side: 2 x 62 MB of values, 4 x 31 MB of
# frontiers and 26 MB of index tables (about 290 MB) fit under 600 MB, but not with
# 2 x 248 MB of distances as well
printf '' > "$TMP/d.dtc"
run env BOYI_TIGERS_MEMORY_MB=600 BOYI_TIGERS_DISTANCES="$TMP/d.dtc" "$BOYI" solve --game tigers --max-pieces 11 --table="$TMP/t.bin"
expect_rc 0 "solve with distances under a small memory cap"
expect_out 'stopped: 11 dogs need more than the memory cap of 600 MB' "the cap counts the distances"
if [ "$(wc -c < "$TMP/d.dtc")" -eq 16 ]; then ok; else bad "distance file header only"; fi
if [ "$(head -c 8 "$TMP/d.dtc")" = "boyi-td1" ]; then ok; else bad "distance file magic"; fi

# a file that is not a distance file is refused, not overwritten
printf 'not a distance file at all, certainly' > "$TMP/bad.dtc"
run env BOYI_TIGERS_DISTANCES="$TMP/bad.dtc" "$BOYI" solve --game tigers --max-pieces 11 --table="$TMP/t2.bin"
expect_rc 2 "a foreign distance file"
expect_err 'not a Two Tigers distance file' "foreign distance file named"
if [ "$(cat "$TMP/bad.dtc")" = "not a distance file at all, certainly" ]; then ok; else bad "foreign file kept"; fi

# distances go with a table
run env BOYI_TIGERS_DISTANCES="$TMP/e.dtc" "$BOYI" solve --game tigers --max-pieces 11
expect_rc 2 "distances without a table"
expect_err 'a distance file goes with a table' "said why"

finish
