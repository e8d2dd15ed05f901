#!/usr/bin/env bash
# pegs_diamond_bench.sh -- the 41x41 table of the diamond board (every single-vacancy
# start, every one-peg finish) under a node limit of 250,000 positions per searched
# start: 1681 pairs; the pairs answered "position class" exactly those the script's own
# rule of three (on coordinates, below) forbids; every other pair solved with a line that
# replays as a record, or proved impossible by a complete search, or left undecided and
# listed -- never called impossible by a cut-short search; the undecided pairs closed
# under time reversal on complements ((s, t) open exactly when (t, s) is: the script
# checks it on the coordinates).  About 5 s of CPU (17 s with the 1,000,000 of the
# measured table run): named *_bench so that the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

# allowed: the class-allowed (start, finish) pairs of the diamond board by the rule of
# three: colour a hole (f, r) by (f + r) mod 3 and by (f - r) mod 3; a jump flips the
# parity of the peg count of each colour of each colouring, so n0+n1, n1+n2 (mod 2) of
# each colouring never change.  The start is every hole but s, the finish the hole t.
allowed() {
  awk -v size=9 '
  function hole(f, r) { return (f > 4 ? f - 4 : 4 - f) + (r > 4 ? r - 4 : 4 - r) <= 4 }
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
pairs() { sed 's/.*"from":"\([a-i][1-9]\)","to":"\([a-i][1-9]\)".*/\1 \2/' | sort; }

run "$BOYI" solve --game pegs --board diamond41 --table --json --nodes 250000
expect_rc 0 "the diamond table"
cp "$TMP/out" "$TMP/table.jsonl"
n=$(wc -l < "$TMP/table.jsonl")
[ "$n" -eq 1681 ] && ok || bad "1681 pairs, got $n"
allowed > "$TMP/allowed.txt"
[ "$(wc -l < "$TMP/allowed.txt")" -eq 100 ] && ok || bad "the rule of three should allow 100 pairs (20 starts, 5 finishes each)"
grep -v '"reason":"position class"' "$TMP/table.jsonl" | pairs > "$TMP/open.txt"
if cmp -s "$TMP/allowed.txt" "$TMP/open.txt"; then ok
else bad "the pairs not cut by the class differ from the rule of three's: $(diff "$TMP/allowed.txt" "$TMP/open.txt" | head -5)"; fi
# Each class-allowed pair: solved, proved by a complete search, or undecided (listed).
grep '"solvable":true' "$TMP/table.jsonl" | pairs > "$TMP/solved.txt"
grep '"reason":"exhaustive search"' "$TMP/table.jsonl" | pairs > "$TMP/proved.txt"
grep '"reason":"undecided' "$TMP/table.jsonl" | pairs > "$TMP/undecided.txt"
sort "$TMP/solved.txt" "$TMP/proved.txt" "$TMP/undecided.txt" > "$TMP/decided_or_not.txt"
cmp -s "$TMP/allowed.txt" "$TMP/decided_or_not.txt" && ok || bad "a class-allowed pair is missing or answered twice"
awk '{ print $2, $1 }' "$TMP/undecided.txt" | sort > "$TMP/undecided_dual.txt"
cmp -s "$TMP/undecided.txt" "$TMP/undecided_dual.txt" && ok || bad "the undecided pairs are not closed under duality"
echo "diamond41: $(wc -l < "$TMP/solved.txt") solved, $(wc -l < "$TMP/proved.txt") proved impossible by search, $(wc -l < "$TMP/undecided.txt") undecided:"
tr '\n' ',' < "$TMP/undecided.txt"; echo
if [ -s "$TMP/solved.txt" ]; then
  : > "$TMP/all.txt"
  grep '"solvable":true' "$TMP/table.jsonl" | while IFS= read -r l; do
    from=$(echo "$l" | sed 's/.*"from":"\([a-i][1-9]\)".*/\1/'); to=$(echo "$l" | sed 's/.*"to":"\([a-i][1-9]\)".*/\1/')
    mv=$(echo "$l" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/; s/"//g; s/,/ /g')
    printf '[Game "pegs"]\n[Board "diamond41"]\n[Start "%s"]\n[Goal "%s"]\n%s\n\n' "$from" "$to" "$mv" >> "$TMP/all.txt"
  done
  run "$BOYI" validate "$TMP/all.txt"; expect_rc 0 "every solution validates"
  expect_out "$(wc -l < "$TMP/solved.txt") ok, 0 invalid" "all of them"
fi
finish
