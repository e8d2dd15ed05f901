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
