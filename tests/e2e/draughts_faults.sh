# draughts_faults.sh -- the judge's messages on the fault samples in tests/draughts_pdn/data/faults
# (one file per rule; see data/README.md), and the sample games.
source "$(dirname "$0")/lib.bash"
F="$SRC/tests/draughts_pdn/data/faults"

# check FILE EXIT REGEX DESCRIPTION [OPTIONS...]: validate, expect the exit code and a line.
check() {
    local file=$1 rc=$2 re=$3 what=$4
    shift 4
    run "$BOYI" validate "$@" "$F/$file"
    expect_rc "$rc" "$what"
    no_crash "$what"
    expect_out "$re" "$what"
}

check max_capture.pdn 1 \
  'max_capture.pdn:5:4: game 1, move 1 \(white\) 45x34: illegal: a capture of 3 pieces was available \(from 28\); this move captures 1$' \
  "maximum capture"
check backwards.pdn 1 'backwards.pdn:4:19: game 1, move 2 \(white\) 28-32: illegal: a man cannot move backwards without capturing$' \
  "man backwards"
check ambiguous.pdn 1 \
  'ambiguous.pdn:6:4: game 1, move 1 \(white\) 47x36: illegal: 47x36 is ambiguous: two paths capture different pieces; write the path' \
  "ambiguous capture"
expect_out 'ambiguous.pdn: game 2: ok, 1 plies' "ambiguous capture with its path is fine"
check compulsory.pdn 1 'compulsory.pdn:4:19: game 1, move 2 \(white\) 33-29: illegal: a capture is compulsory: 1 piece can be taken \(from 28\)$' \
  "compulsory capture"
check after_end.pdn 1 'after_end.pdn:5:10: game 1, move 1 \(black\) 14-19: after-end: the game was already over: black has no pieces left' \
  "move after the end (no pieces)"
expect_out 'after_end.pdn:10:6: game 2, move 1 \(black\) 36-41: after-end: the game was already over: black has no legal move' \
  "move after the end (blocked)"
check result_contradiction.pdn 1 'result_contradiction.pdn:6:10: game 1: result: the result 0-2 contradicts the moves' \
  "result contradicts the moves"
expect_out 'result_contradiction.pdn:12:12: game 2: result: the result 2-0 contradicts the moves: white has no pieces left' \
  "win claimed with no pieces"
expect_out 'game 3: result: the result 1-1 contradicts the moves' "draw claimed after a win"
check result_tag.pdn 1 'result_tag.pdn:5:16: game 1: result: the Result tag says 2-0' "Result tag against the terminator"
check draw_claim.pdn 1 \
  'draw_claim.pdn:5:1: game 1: result: the record claims a draw by threefold repetition, but the final position occurred 2 times' \
  "draw claim that no rule gives"
expect_out 'draw_claim.pdn: game 2: ok, 8 plies, 1-1' "a true threefold repetition"
check draw_rules.pdn 0 'draw_rules.pdn: game 1: ok, 9 plies' "no draw rules in force: the game goes on"
check draw_rules.pdn 1 'draw_rules.pdn:6:56: game 1, move 5 \(white\) 46-41: after-end: the game was already over: drawn by threefold repetition' \
  "--draw-rules threefold" --draw-rules threefold
check draw_rules.pdn 1 'after-end' "--draw-rules all" --draw-rules all
run "$BOYI" validate --draw-rules sometimes "$F/draw_rules.pdn"
expect_rc 2 "unknown draw rule"
check game_type.pdn 0 'game_type.pdn:3:1: game 1: unsupported: game type 30 is not supported$' "other game type skipped"
expect_out 'game_type.pdn: game 2: ok, 4 plies' "the next game is read"
expect_out 'summary: 1 files, 2 games, 4 moves, 1 ok, 0 invalid, 1 skipped' "skipped counts as skipped"
check bad_fen.pdn 1 "bad_fen.pdn:3:1: game 1: position: bad FEN 'W:W31-55:B1-20'" "bad FEN"
check unknown_move.pdn 0 'unknown_move.pdn:4:10: game 1, move 1 \(black\) \.\.\.: unsupported: a move left unknown' "unknown move"

run "$BOYI" validate --json "$F/max_capture.pdn"
expect_out '"line":5,"col":4,"move_no":1,"side":"white","move":"45x34","kind":"illegal"' "json verdict"

# The samples are legal games and say who won.
run "$BOYI" validate "$SRC/data/draughts/sample_game.pdn" "$SRC/data/draughts/sample_hub.pdn"
expect_rc 0 "sample games"
if [ "$(grep -c 'ok, 101 plies, 2-0 (no legal move)' "$TMP/out")" -eq 2 ]; then ok; else bad "samples end with black unable to move"; fi

finish
