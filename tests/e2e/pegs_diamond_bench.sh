#!/usr/bin/env bash
# pegs_diamond_bench.sh -- the 41x41 table of the diamond board (every single-vacancy
# start, every one-peg finish) under a node limit of 250,000 positions per searched
# start (beams of width 6,251 first): 1681 pairs; the pairs answered "position class"
# exactly those the script's own rule of three (on coordinates, below) forbids; every
# other pair solved with a line that replays as a record, or proved impossible by a
# complete search, or left undecided and listed -- never called impossible by a
# cut-short search; the undecided and the solved pairs each closed under time reversal
# on complements ((s, t) exactly when (t, s): checked on the coordinates), the solved
# ones also under the 8 symmetries of the square (images computed here); some start off
# the centre solvable (a public account of the 41-hole board says so).  About 9 s of
# CPU: named *_bench so that the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

. "$(dirname "$0")/pegs_class.bash"
pairs() { sed 's/.*"from":"\([a-i][1-9]\)","to":"\([a-i][1-9]\)".*/\1 \2/' | sort; }

run "$BOYI" solve --game pegs --board diamond41 --table --json --nodes 250000
expect_rc 0 "the diamond table"
cp "$TMP/out" "$TMP/table.jsonl"
n=$(wc -l < "$TMP/table.jsonl")
[ "$n" -eq 1681 ] && ok || bad "1681 pairs, got $n"
allowed diamond41 9 > "$TMP/allowed.txt"
[ "$(wc -l < "$TMP/allowed.txt")" -eq 100 ] && ok || bad "the rule of three should allow 100 pairs (20 starts, 5 finishes each)"
grep -v '"reason":"position class"' "$TMP/table.jsonl" | pairs > "$TMP/open.txt"
if cmp -s "$TMP/allowed.txt" "$TMP/open.txt"; then ok
else bad "the pairs not cut by the class differ from the rule of three's: $(diff "$TMP/allowed.txt" "$TMP/open.txt" | head -5)"; fi
# Each class-allowed pair: solved, proved by a complete search or a pagoda function at
# the start, or undecided (listed).
grep '"solvable":true' "$TMP/table.jsonl" | pairs > "$TMP/solved.txt"
grep -E '"reason":"(exhaustive search|pagoda function)"' "$TMP/table.jsonl" | pairs > "$TMP/proved.txt"
grep '"reason":"undecided' "$TMP/table.jsonl" | pairs > "$TMP/undecided.txt"
sort "$TMP/solved.txt" "$TMP/proved.txt" "$TMP/undecided.txt" > "$TMP/decided_or_not.txt"
cmp -s "$TMP/allowed.txt" "$TMP/decided_or_not.txt" && ok || bad "a class-allowed pair is missing or answered twice"
awk '{ print $2, $1 }' "$TMP/undecided.txt" | sort > "$TMP/undecided_dual.txt"
cmp -s "$TMP/undecided.txt" "$TMP/undecided_dual.txt" && ok || bad "the undecided pairs are not closed under duality"
awk '{ print $2, $1 }' "$TMP/solved.txt" | sort > "$TMP/solved_dual.txt"
cmp -s "$TMP/solved.txt" "$TMP/solved_dual.txt" && ok || bad "the solved pairs are not closed under duality"
# The 8 symmetries of the 9x9 square on coordinates (f, r in 0..8).
awk '{ sf = index("abcdefghi", substr($1, 1, 1)) - 1; sr = substr($1, 2) - 1
       tf = index("abcdefghi", substr($2, 1, 1)) - 1; tr = substr($2, 2) - 1
       for (k = 0; k < 8; k++) {
         a = sf; b = sr; c = tf; d = tr
         if (k >= 4) { x = a; a = b; b = x; x = c; c = d; d = x }
         if (k % 2) { a = 8 - a; c = 8 - c }
         if (int(k / 2) % 2) { b = 8 - b; d = 8 - d }
         printf "%c%d %c%d\n", 97 + a, b + 1, 97 + c, d + 1 } }' "$TMP/solved.txt" | sort -u > "$TMP/solved_sym.txt"
cmp -s "$TMP/solved.txt" "$TMP/solved_sym.txt" && ok || bad "the solved pairs are not closed under the symmetries"
[ -s "$TMP/solved.txt" ] && ok || bad "no diamond start solved (a start off the centre is solvable)"
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
