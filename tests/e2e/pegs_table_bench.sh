#!/usr/bin/env bash
# pegs_table_bench.sh -- on the 33-hole board every (start, finish) pair the
# position-class argument allows is solvable: the table's solvable pairs are exactly the
# pairs this script finds allowed by its own reckoning of the rule of three (below, on
# coordinates), none is left to exhaustive search, and every solution validates as a
# record.  Tens of seconds: named *_bench so that the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"
run "$BOYI" solve --game pegs --table --json
expect_rc 0 "the 33x33 table"
cp "$TMP/out" "$TMP/table.jsonl"
n=$(wc -l < "$TMP/table.jsonl")
if [ "$n" -eq 1089 ]; then ok; else bad "1089 pairs, got $n"; fi
if grep -q '"reason":"exhaustive search"' "$TMP/table.jsonl"; then bad "a class-allowed pair left unsolved"; else ok; fi
# The rule of three by hand: colour a hole (f, r) by (f + r) mod 3 and by (f - r) mod 3;
# a jump flips the parity of the peg count of each colour of each colouring, so the
# parity differences n0+n1, n1+n2 are invariants.  A pair is allowed when the start
# (all holes but s) and the finish (t alone) agree on all four.
awk '
function hole(f, r) { return (f >= 2 && f <= 4) || (r >= 2 && r <= 4) }
function cls(sf, sr, tf, tr, single,    f, r, a, b, n, k) {
    for (k = 0; k < 3; k++) { a[k] = 0; b[k] = 0 }
    for (f = 0; f < 7; f++) for (r = 0; r < 7; r++) {
        if (!hole(f, r)) continue
        if (single) { if (f != tf || r != tr) continue } else if (f == sf && r == sr) continue
        a[(f + r) % 3]++; b[((f - r) % 3 + 3) % 3]++
    }
    return ((a[0] + a[1]) % 2) "" ((a[1] + a[2]) % 2) "" ((b[0] + b[1]) % 2) "" ((b[1] + b[2]) % 2)
}
BEGIN {
    n = 0
    for (sf = 0; sf < 7; sf++) for (sr = 0; sr < 7; sr++) if (hole(sf, sr))
        for (tf = 0; tf < 7; tf++) for (tr = 0; tr < 7; tr++) if (hole(tf, tr))
            if (cls(sf, sr, 0, 0, 0) == cls(0, 0, tf, tr, 1))
                printf "%c%d %c%d\n", 97 + sf, sr + 1, 97 + tf, tr + 1
}' | sort > "$TMP/allowed.txt"
grep '"solvable":true' "$TMP/table.jsonl" | sed 's/.*"from":"\([a-g][1-7]\)","to":"\([a-g][1-7]\)".*/\1 \2/' | sort > "$TMP/solved.txt"
if [ -s "$TMP/allowed.txt" ] && cmp -s "$TMP/allowed.txt" "$TMP/solved.txt"; then ok
else bad "solvable pairs differ from the class-allowed ones: $(diff "$TMP/allowed.txt" "$TMP/solved.txt" | head -5)"; fi
# Every solution replays as a record.
: > "$TMP/all.txt"
grep '"solvable":true' "$TMP/table.jsonl" | while IFS= read -r l; do
    from=$(echo "$l" | sed 's/.*"from":"\([a-g][1-7]\)".*/\1/'); to=$(echo "$l" | sed 's/.*"to":"\([a-g][1-7]\)".*/\1/')
    mv=$(echo "$l" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/; s/"//g; s/,/ /g')
    printf '[Game "pegs"]\n[Board "english"]\n[Start "%s"]\n[Goal "%s"]\n%s\n\n' "$from" "$to" "$mv" >> "$TMP/all.txt"
done
run "$BOYI" validate "$TMP/all.txt"; expect_rc 0 "every table solution validates"
expect_out "$(wc -l < "$TMP/solved.txt") ok, 0 invalid" "all of them"
finish
