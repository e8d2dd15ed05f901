#!/usr/bin/env bash
# pegs_french_bench.sh -- the whole 37x37 table of the French board, without a node
# limit: every pair decided (none left undecided), the pairs answered "position class"
# exactly those the script's own rule of three (on coordinates, below) forbids, and every
# other pair solved with a line that replays as a record (so every class-allowed pair of
# the French board is solvable: 64 of 1369).  About 15 s of CPU: named *_bench so that
# the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

# allowed BOARD SIZE: the class-allowed (start, finish) pairs by the rule of three:
# colour a hole (f, r) by (f + r) mod 3 and by (f - r) mod 3; a jump flips the parity
# of the peg count of each colour of each colouring, so n0+n1, n1+n2 (mod 2) of each
# colouring never change.  The start is every hole but s, the finish the hole t alone.
allowed() {
  awk -v board="$1" -v size="$2" '
  function hole(f, r) {
    if (board == "french") return (f >= 2 && f <= 4) || (r >= 2 && r <= 4) || ((f == 1 || f == 5) && (r == 1 || r == 5))
    return (f > 4 ? f - 4 : 4 - f) + (r > 4 ? r - 4 : 4 - r) <= 4
  }
  function cls(sf, sr, tf, tr, single,    f, r, a, b, k) {
    for (k = 0; k < 3; k++) { a[k] = 0; b[k] = 0 }
    for (f = 0; f < size; f++) for (r = 0; r < size; r++) {
      if (!hole(f, r)) continue
      if (single) { if (f != tf || r != tr) continue } else if (f == sf && r == sr) continue
      a[(f + r) % 3]++; b[((f - r) % 3 + 3) % 3]++
    }
    return ((a[0] + a[1]) % 2) "" ((a[1] + a[2]) % 2) "" ((b[0] + b[1]) % 2) "" ((b[1] + b[2]) % 2)
  }
  BEGIN {
    for (sf = 0; sf < size; sf++) for (sr = 0; sr < size; sr++) if (hole(sf, sr))
      for (tf = 0; tf < size; tf++) for (tr = 0; tr < size; tr++) if (hole(tf, tr))
        if (cls(sf, sr, 0, 0, 0) == cls(0, 0, tf, tr, 1)) printf "%c%d %c%d\n", 97 + sf, sr + 1, 97 + tf, tr + 1
  }' | sort
}

run "$BOYI" solve --game pegs --board french --table --json
expect_rc 0 "the French table"
cp "$TMP/out" "$TMP/table.jsonl"
n=$(wc -l < "$TMP/table.jsonl")
[ "$n" -eq 1369 ] && ok || bad "1369 pairs, got $n"
grep -q '"reason":"undecided' "$TMP/table.jsonl" && bad "a pair left undecided" || ok
allowed french 7 > "$TMP/allowed.txt"
grep -v '"reason":"position class"' "$TMP/table.jsonl" | sed 's/.*"from":"\([a-g][1-7]\)","to":"\([a-g][1-7]\)".*/\1 \2/' | sort > "$TMP/open.txt"
if [ -s "$TMP/allowed.txt" ] && cmp -s "$TMP/allowed.txt" "$TMP/open.txt"; then ok
else bad "the pairs not cut by the class differ from the rule of three's: $(diff "$TMP/allowed.txt" "$TMP/open.txt" | head -5)"; fi
grep '"solvable":true' "$TMP/table.jsonl" | sed 's/.*"from":"\([a-g][1-7]\)","to":"\([a-g][1-7]\)".*/\1 \2/' | sort > "$TMP/solved.txt"
cmp -s "$TMP/allowed.txt" "$TMP/solved.txt" && ok || bad "class-allowed pairs not solved: $(diff "$TMP/allowed.txt" "$TMP/solved.txt" | head -5)"
: > "$TMP/all.txt"
grep '"solvable":true' "$TMP/table.jsonl" | while IFS= read -r l; do
  from=$(echo "$l" | sed 's/.*"from":"\([a-g][1-7]\)".*/\1/'); to=$(echo "$l" | sed 's/.*"to":"\([a-g][1-7]\)".*/\1/')
  mv=$(echo "$l" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/; s/"//g; s/,/ /g')
  printf '[Game "pegs"]\n[Board "french"]\n[Start "%s"]\n[Goal "%s"]\n%s\n\n' "$from" "$to" "$mv" >> "$TMP/all.txt"
done
run "$BOYI" validate "$TMP/all.txt"; expect_rc 0 "every solution validates"
expect_out "$(wc -l < "$TMP/solved.txt") ok, 0 invalid" "all of them"
# The one pair of the d3 orbit that no dual decides, alone, the same every run.
run "$BOYI" solve --game pegs --board french --from d3 --to d5 --json
expect_out '"solvable":true' "French d3 to d5 solvable"
cp "$TMP/out" "$TMP/first.json"
run "$BOYI" solve --game pegs --board french --from d3 --to d5 --json
sed 's/"seconds":[0-9.]*//' "$TMP/out" > "$TMP/b"; sed 's/"seconds":[0-9.]*//' "$TMP/first.json" > "$TMP/a"
cmp -s "$TMP/a" "$TMP/b" && ok || bad "two runs of d3 to d5 differ"
finish
