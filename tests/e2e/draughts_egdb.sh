# draughts_egdb.sh -- `boyi solve --game draughts --max-pieces K --table DIR` builds the
# endgame databases (docs/engine-draughts.md), takes a finished material up from its file,
# and the engine reads them where BOYI_DRAUGHTS_EGDB points: `analyse` says "database
# win/draw/loss" (king against king: a win where the side to move takes at once).
source "$(dirname "$0")/lib.bash"

DB="$TMP/db"
run "$BOYI" solve --game draughts --max-pieces 2 --table "$DB"
expect_rc 0 "solve: 2 pieces"
expect_out '^wdl-0101 .*2450 positions, 424 wins, 2024 draws, 2 losses' "solve: king against king counted"
expect_out '^wdl-1010 ' "solve: man against man"
expect_out 'check: 100000 random positions .*: 0 differ' "solve: the check"
[ -f "$DB/wdl-0101.bin" ] && [ -f "$DB/wdl-1001.bin" ] && ok || bad "solve: one file per material"
ls "$DB" | grep -q tmp && bad "solve: no temporary file left" || ok

run "$BOYI" solve --game draughts --max-pieces 2 --table "$DB"
expect_rc 0 "solve again"
expect_out '^wdl-0101 .*read from its file' "solve again: taken up from the file"

# a fresh machine: the default folder (~/.local/share/boyi/draughts-egdb) and its
# parents do not exist yet; the build makes them (it failed with "No such file or
# directory" before), and a folder that cannot be made is named
mkdir -p "$TMP/fresh"
run env -u BOYI_DRAUGHTS_EGDB -u XDG_DATA_HOME HOME="$TMP/fresh" "$BOYI" solve --game draughts --max-pieces 2
expect_rc 0 "solve: the default folder made"
[ -f "$TMP/fresh/.local/share/boyi/draughts-egdb/wdl-0101.bin" ] && ok || bad "solve: the files in the default folder"
: > "$TMP/plain"
run "$BOYI" solve --game draughts --max-pieces 2 --table "$TMP/plain/db"
expect_rc 2 "solve: a folder under a plain file"
expect_err "$TMP/plain/db: Not a directory" "solve: the folder that cannot be made named"

run "$BOYI" solve --game draughts --max-pieces 9 --table "$DB"
expect_rc 2 "solve: too many pieces"
expect_err 'max-pieces for draughts is 2..5' "solve: the limit named"

# a king that takes the other at once: a database win; a king in the corner (46: one
# diagonal) facing the other at its far end (5) must step into its capture: a loss;
# kings apart: a draw
BOYI_DRAUGHTS_EGDB="$DB" run "$BOYI" analyse --game draughts --fen "W:WK46:BK28" --depth 3 --json
expect_rc 0 "analyse with the databases"
expect_out '"note":"database win"' "analyse: database win"
BOYI_DRAUGHTS_EGDB="$DB" run "$BOYI" analyse --game draughts --fen "W:WK46:BK5" --depth 3
expect_out '^info string database loss' "analyse: database loss"
BOYI_DRAUGHTS_EGDB="$DB" run "$BOYI" analyse --game draughts --fen "W:WK1:BK50" --depth 3
expect_out '^info string database draw' "analyse: database draw"
BOYI_DRAUGHTS_EGDB= run "$BOYI" analyse --game draughts --fen "W:WK46:BK28" --depth 3 --json
grep -q note "$TMP/out" && bad "analyse: no databases, no note" || ok

# below the root: W:WK46,K48,45:BK1,15 (5 pieces) wins the black man soon, into a
# 3-piece database win: the search scores it as such (20000 less the plies), where
# without the databases it searches on to the end of the game (a mate score)
run "$BOYI" solve --game draughts --max-pieces 3 --table "$TMP/db3"
expect_rc 0 "solve: 3 pieces"
BOYI_DRAUGHTS_EGDB="$TMP/db3" run "$BOYI" analyse --game draughts --fen "W:WK46,K48,45:BK1,15" --depth 10 --json
cp=$(sed -n 's/.*"bestmove".*"score":{"cp":\(-\{0,1\}[0-9]*\)}.*/\1/p' "$TMP/out")
[ -n "$cp" ] && [ "$cp" -gt 19000 ] && [ "$cp" -lt 20000 ] && ok || bad "analyse: a database win below the root (score '$cp')"
run "$BOYI" analyse --game draughts --fen "W:WK46,K48,45:BK1,15" --depth 10 --json
cp=$(sed -n 's/.*"bestmove".*"score":{"cp":\(-\{0,1\}[0-9]*\)}.*/\1/p' "$TMP/out")
[ -z "$cp" ] && grep -q '"bestmove".*"mate":' "$TMP/out" && ok || bad "analyse: without databases no database score (score '$cp')"

finish
