#!/usr/bin/env bash
# pegs_boards.sh -- the French (37) and diamond (41) boards' tables under a node limit:
# every pair the script's own rule of three (on coordinates, below) forbids is answered
# "c", every pair it allows is solved or left undecided ("?"), never called impossible
# by a cut-short search; every solution found replays as a record; the count stops at
# its memory budget with a message instead of eating the machine.  Seconds.
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

for spec in "french 7 37" "diamond41 9 41"; do
  set -- $spec
  board=$1 size=$2 holes=$3
  run "$BOYI" solve --game pegs --board "$board" --table --json --nodes 150000
  expect_rc 0 "the $board table under a node limit"
  cp "$TMP/out" "$TMP/$board.jsonl"
  n=$(wc -l < "$TMP/$board.jsonl")
  [ "$n" -eq $((holes * holes)) ] && ok || bad "$board: $((holes * holes)) pairs, got $n"
  grep -q '"reason":"exhaustive search"' "$TMP/$board.jsonl" && bad "$board: a cut-short search called a pair impossible" || ok
  allowed "$board" "$size" > "$TMP/allowed.txt"
  grep -v '"reason":"position class"' "$TMP/$board.jsonl" | sed 's/.*"from":"\([a-i][1-9]\)","to":"\([a-i][1-9]\)".*/\1 \2/' | sort > "$TMP/open.txt"
  if [ -s "$TMP/allowed.txt" ] && cmp -s "$TMP/allowed.txt" "$TMP/open.txt"; then ok
  else bad "$board: the pairs not cut by the class differ from the rule of three's: $(diff "$TMP/allowed.txt" "$TMP/open.txt" | head -5)"; fi
  : > "$TMP/all.txt"
  grep '"solvable":true' "$TMP/$board.jsonl" | while IFS= read -r l; do
    from=$(echo "$l" | sed 's/.*"from":"\([a-i][1-9]\)".*/\1/'); to=$(echo "$l" | sed 's/.*"to":"\([a-i][1-9]\)".*/\1/')
    mv=$(echo "$l" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/; s/"//g; s/,/ /g')
    printf '[Game "pegs"]\n[Board "%s"]\n[Start "%s"]\n[Goal "%s"]\n%s\n\n' "$board" "$from" "$to" "$mv" >> "$TMP/all.txt"
  done
  solved=$(grep -c '"solvable":true' "$TMP/$board.jsonl")
  if [ "$solved" -gt 0 ]; then
    run "$BOYI" validate "$TMP/all.txt"; expect_rc 0 "$board: every solution found validates"
    expect_out "$solved ok, 0 invalid" "$board: all $solved of them"
  fi
done

# French: the centre start has no one-peg finish (class), so no finish is wanted: proved at once.
run "$BOYI" solve --game pegs --board french --to any --json
expect_out '"solvable":false' "French centre: no one-peg finish"
expect_out '"reason":"position class"' "by the position class"
# One pair under --nodes: a search cut short says "undecided", never "impossible".
run "$BOYI" solve --game pegs --board diamond41 --from e4 --to any --json --nodes 20000
expect_rc 0 "diamond e4 under a node limit"
expect_out '"solvable":null' "diamond e4: undecided"
expect_out '"reason":"node limit"' "diamond e4: by the node limit"
expect_out '"nodes":20000,' "diamond e4: stopped at the limit"
finish
