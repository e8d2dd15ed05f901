#!/usr/bin/env bash
# pegs_french_bench.sh -- the whole 37x37 table of the French board, without a node
# limit: every pair decided (none left undecided), the pairs answered "position class"
# exactly those the script's own rule of three (on coordinates, below) forbids, and every
# other pair solved with a line that replays as a record (so every class-allowed pair of
# the French board is solvable: 64 of 1369).  About 15 s of CPU: named *_bench so that
# the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

. "$(dirname "$0")/pegs_class.bash"

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
