# draughts_variant_draws.sh -- the 8x8 variants' own draw rules in the record judge
# (docs/draughts-variants.md), on hand-built PDN games where the rule fires and where it
# just does not.  The kings shuffle out of each other's reach (the squares are checked in
# tests/draughts_engine/test_variant_draws.c): Russian/Brazilian W:WK32:BK1 white 32-28-32,
# black 1-5-1; English B:WK29:BK4 black 4-8-4, white 29-25-29.  Counts by hand:
#   Russian 15 moves each of kings only = 30 plies; three kings against one: the strong
#   side's 15th move = ply 29 with white (strong) to move first; Brazilian 20 moves each =
#   40 plies; English 40 moves each = 80 plies, a claim that never ends the game; pool
#   three kings against one: the strong side's 13th move = ply 25.
source "$(dirname "$0")/lib.bash"

# record FILE GAMETYPE FEN PLIES RESULT TERMINATION W1 W2 B1 B2: PLIES plies of the shuffle,
# numbered from the side to move in FEN (white pair W1-W2, black pair B1-B2).
record() {
    local f="$1" type="$2" fen="$3" plies="$4" result="$5" term="$6" w1="$7" w2="$8" b1="$9" b2="${10}"
    local side=${fen:0:1} wat=$w1 bat=$b1 text="" n=1 i
    {
        echo "[GameType \"$type\"]"
        echo "[FEN \"$fen\"]"
        echo "[Result \"$result\"]"
        [ -n "$term" ] && echo "[Termination \"$term\"]"
        echo
    } > "$f"
    for ((i = 0; i < plies; i++)); do
        if [ "$side" = W ]; then
            [ $((i % 2)) -eq 0 ] && text+="$n. "
            if [ "$wat" = "$w1" ]; then text+="$w1-$w2 "; wat=$w2; else text+="$w2-$w1 "; wat=$w1; fi
            side=B
        else
            [ $((i % 2)) -eq 0 ] && text+="$n. "
            if [ "$bat" = "$b1" ]; then text+="$b1-$b2 "; bat=$b2; else text+="$b2-$b1 "; bat=$b1; fi
            side=W
        fi
        [ $((i % 2)) -eq 1 ] && n=$((n + 1))
    done
    echo "$text$result" >> "$f"
}

validate() {   # file draw-rules
    run "$BOYI" validate --game draughts --draw-rules "$2" "$1"
}

# Russian: 15 moves each of kings only.  30 plies and a draw: valid; one more move: the
# game was already over.
record "$TMP/ru30.pdn" 25 "W:WK32:BK1" 30 "1-1" "" 32 28 1 5
validate "$TMP/ru30.pdn" 25
expect_rc 0 "russian: 30 plies of kings, drawn"
expect_out '1 ok' "russian 30 plies valid"
record "$TMP/ru31.pdn" 25 "W:WK32:BK1" 31 "1-1" "" 32 28 1 5
validate "$TMP/ru31.pdn" 25
expect_rc 1 "russian: a move after the 15-move draw"
expect_out '15 moves each with only kings moved' "russian 15-move reason"
validate "$TMP/ru31.pdn" none
expect_rc 0 "russian: the same game without draw rules"
# the international count would let the game go on: the record of 31 plies as Czech (29)
sed 's/GameType "25"/GameType "29"/' "$TMP/ru31.pdn" > "$TMP/cz31.pdn"
validate "$TMP/cz31.pdn" 25
expect_rc 0 "czech keeps the FMJD 25 moves: 31 plies go on"

# Russian three kings against one: the strong side's 15th move (ply 29) ends it.
record "$TMP/ru3k.pdn" 25 "W:WK30,K31,K32:BK1" 30 "1-1" "" 32 28 1 5
validate "$TMP/ru3k.pdn" 16
expect_rc 1 "russian three kings: a move after the 15th"
expect_out 'three kings against one' "russian three-kings reason"
record "$TMP/ru3k29.pdn" 25 "W:WK30,K31,K32:BK1" 29 "1-1" "" 32 28 1 5
validate "$TMP/ru3k29.pdn" 16
expect_rc 0 "russian three kings: drawn at the 15th move"

# Pool: three kings against one, the strong side's 13th move (ply 25, white first).
record "$TMP/pl3k.pdn" 23 "W:WK30,K31,K32:BK1" 26 "1/2-1/2" "" 32 28 1 5
validate "$TMP/pl3k.pdn" 16
expect_rc 1 "pool three kings: a move after the 13th"
expect_out '13-move limit of three kings' "pool three-kings reason"
record "$TMP/pl3k25.pdn" 23 "W:WK30,K31,K32:BK1" 25 "1/2-1/2" "" 32 28 1 5
validate "$TMP/pl3k25.pdn" 16
expect_rc 0 "pool three kings: drawn at the 13th move"

# Brazilian: 20 moves each.
record "$TMP/br40.pdn" 26 "W:WK32:BK1" 40 "1-1" "" 32 28 1 5
validate "$TMP/br40.pdn" 25
expect_rc 0 "brazilian: 40 plies drawn"
record "$TMP/br41.pdn" 26 "W:WK32:BK1" 41 "1-1" "" 32 28 1 5
validate "$TMP/br41.pdn" 25
expect_rc 1 "brazilian: a move after the 20-move draw"
expect_out '20 moves each' "brazilian 20-move reason"

# English: the 40-move rule is a claim.  A draw claimed by it after 80 plies holds; after
# 78 plies it does not; moves after 80 plies are legal (nobody claimed).
record "$TMP/en80.pdn" 21 "B:WK29:BK4" 80 "1/2-1/2" "40-move rule" 29 25 4 8
validate "$TMP/en80.pdn" all
expect_rc 0 "english: draw claimed after 40 moves each"
record "$TMP/en78.pdn" 21 "B:WK29:BK4" 78 "1/2-1/2" "40-move rule" 29 25 4 8
validate "$TMP/en78.pdn" all
expect_rc 1 "english: 40-move claim too early"
expect_out 'claims a draw by the 40-move rule' "english early claim reason"
record "$TMP/en90.pdn" 21 "B:WK29:BK4" 90 "1/2-1/2" "" 29 25 4 8
validate "$TMP/en90.pdn" all
expect_rc 0 "english: no claim made, the game goes on past 80 plies and past repetitions"
finish
