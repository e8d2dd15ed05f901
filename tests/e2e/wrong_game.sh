#!/usr/bin/env bash
# wrong_game.sh -- a record file read with the --game of another game (issue 37,
# item 14): one behaviour for every game and every command that reads records:
# exit 2 and "FILE holds a G2 record, not G", the file's game told by the same
# sniffers that pick a game without --game.
source "$(dirname "$0")/lib.bash"
D="$SRC/data"

# One sample of each game, in its own format.
declare -A FILE=(
    [xiangqi]="$D/xiangqi/endings.pgn" [gomoku]="$D/gomoku/game.psq" [draughts]="$D/draughts/sample_game.pdn"
    [yizi]="$D/yizi/contest.txt" [pegs]="$D/pegs/french_d2.txt" [nogo]="$D/nogo/selfplay.sgf"
    [einstein]="$D/einstein/sample_game.txt" [tigers]="$D/tigers/sample.txt"
)
wrong=""
for holds in "${!FILE[@]}"; do
    f=${FILE[$holds]}
    run "$BOYI" validate "$f"
    [ "$RC" -eq 0 ] && ok || bad "$f validates without --game"
    for g in xiangqi gomoku draughts yizi pegs nogo einstein junqi tigers; do
        [ "$g" = "$holds" ] && continue
        run "$BOYI" validate --game "$g" "$f"
        if [ "$RC" -eq 2 ] && grep -qF "$f holds a $holds record, not $g" "$TMP/err"; then ok
        else wrong+=" $g:$holds(exit $RC)"; fi
    done
done
[ -z "$wrong" ] && ok || { RC=0; OUT=""; ERR=""; bad "validate --game G of another game's file:$wrong"; }

# The three of the report, and the other commands that read records.
run "$BOYI" validate --game draughts "$D/xiangqi/endings.pgn"
expect_rc 2 "validate --game draughts xq.pgn"
expect_err 'endings.pgn holds a xiangqi record, not draughts' "... names both games"
run "$BOYI" validate --game xiangqi "$D/draughts/sample_game.pdn"
expect_err 'holds a draughts record, not xiangqi' "validate --game xiangqi dr.pdn"
run "$BOYI" validate --game draughts "$D/gomoku/game.psq"
expect_err 'holds a gomoku record, not draughts' "validate --game draughts g.psq"
run "$BOYI" convert --game draughts "$D/xiangqi/endings.pgn" --to pdn
expect_rc 2 "convert of another game's file"
expect_err 'holds a xiangqi record, not draughts' "convert: the same message"
run "$BOYI" annotate --depth 0 --game gomoku "$D/xiangqi/endings.pgn"
expect_rc 2 "annotate of another game's file"
expect_err 'holds a xiangqi record, not gomoku' "annotate: the same message"
run "$BOYI" render --game nogo "$D/gomoku/game.sgf" --svg "$TMP/x.svg"
expect_rc 2 "render of another game's file"
expect_err 'holds a gomoku record, not nogo' "render: the same message"
run "$BOYI" standings --game draughts "$D/xiangqi/endings.pgn"
expect_rc 2 "standings of another game's file"
# and --game G of G's own file still reads it
run "$BOYI" validate --game gomoku "$D/gomoku/game.sgf" "$D/gomoku/contest-utf8.txt"
expect_rc 0 "--game of the file's own game"

finish
