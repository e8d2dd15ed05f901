# einstein.sh -- Einstein wuerfelt nicht through the boyi binary: the sample records
# validate (and the match they make is judged), each hand-made fault is reported with
# its kind at FILE:LINE:COL and exit 1, conversions round-trip, and perft, moves,
# analyse (with its win rate), render, selfplay and the random-play bench work.
source "$(dirname "$0")/lib.bash"

D="$SRC/data/einstein"
T="$SRC/tests/einstein/data"

run "$BOYI" validate "$D"/match-2022/*.txt
expect_rc 0 "the match's six files validate"
expect_out 'match 清华大学 \(A\) vs 北京理工 \(B\): 6 games, 4-2, 清华大学 wins' "the match is judged in the headers' time order"
expect_out '^summary: 6 files, 6 games, [0-9]+ moves, 6 ok, 0 invalid' "match summary"
expect_out '1420 成都-2022 CCGC.txt: game 1: ok, 20 plies, 0-1 \(blue reached A5' "the GBK file with ';;' reads"
for f in sample_game.txt two-games.txt game-moves.txt; do
    run "$BOYI" validate "$D/$f"
    expect_rc 0 "sample $f validates"
    expect_out "game 1: ok, [0-9]+ plies, (1-0|0-1)" "sample $f: ok with a result"
done

# Blue moving first (蓝方先手), the red-then-blue header: the first player's win is 1-0.
run "$BOYI" validate "$T/blue-first.txt"
expect_rc 0 "blue first validates"
expect_out 'game 1: ok, 19 plies, 1-0 \(blue removed all opposing pieces' "blue first: blue is the first player"
sed 's/蓝方胜/红方胜/' "$T/blue-first.txt" > "$TMP/bf.txt"
run "$BOYI" validate "$TMP/bf.txt"
expect_out 'result: the header says 红方胜, but blue, the first player, won' "blue first: a wrong colour result"

check() {
    local file=$1 kind=$2 where=$3 words=$4
    run "$BOYI" validate "$T/$file"
    no_crash "$file"
    expect_rc 1 "$file: exit 1"
    expect_out "^$T/$file:$where: game [0-9].*: $kind: .*$words" "$file: $kind at $where"
}
check bad-piece.txt illegal 4:1 "the die shows 6, so piece 6 must move"
check nearest.txt illegal 14:1 "piece 5 is gone, so piece 4 or 6 must move"
check bad-direction.txt illegal 5:1 "blue moves one square left, up or up-left, not E2 to D1"
check wrong-mover.txt illegal 5:1 "it is blue's move"
check bad-arrangement.txt position 2:1 "red piece 6 is not on a square of red's start triangle"
check bad-result.txt result 1 "the header says 蓝方胜, but red, the first player, won"
check draw.txt result 1 "EWN has no draws"
check after-end.txt after-end 23:1 "the game was won by red at ply 19"
check ply-number.txt parse 6:1 "ply number 5 where 3 is due"
check match-order.txt match 26 "in game 2 B \(北京理工\) moves first"
run "$BOYI" validate --json "$T/match-order.txt"
expect_out '"match":"einstein".*"wins_a":1,"wins_b":1' "match as JSON"

# A file that is no record, an empty one.
printf 'hello\n' > "$TMP/x.txt"
run "$BOYI" validate --game einstein "$TMP/x.txt"
expect_rc 2 "not a record: exit 2"
expect_err "x.txt:1:1: .*expected a WTN header" "not a record: located"
: > "$TMP/empty.txt"
run "$BOYI" validate --game einstein "$TMP/empty.txt"
expect_rc 2 "empty: exit 2"

# Conversions: WTN -> moves -> WTN gives the same moves; the plain list validates.
run "$BOYI" convert --to moves "$D/sample_game.txt"
expect_rc 0 "convert to moves"
echo "$OUT" > "$TMP/m.txt"
run "$BOYI" convert --to wtn "$TMP/m.txt"
expect_rc 0 "convert back to wtn"
tail -n +2 "$D/sample_game.txt" > "$TMP/a"
echo "$OUT" | tail -n +2 > "$TMP/b"
if diff -q "$TMP/a" "$TMP/b" >/dev/null; then ok; else bad "round trip keeps arrangements and moves"; fi

# perft (hand-derived: 6*5*4*3*2*1 placements of red), moves, a bad position.
run "$BOYI" perft --game einstein 6
expect_out '^720$' "perft 6 from the setup"
run "$BOYI" perft --game ewn --fen "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r -" 4
expect_out '^324$' "perft 4 from the RULES.md arrangement"
run "$BOYI" moves --game einstein --fen "r2..../.r5.../...../...b1./....b6 r 3"
expect_out 'R2-B4' "moves: the nearest lower piece"
expect_out 'R5-C3' "moves: the nearest higher piece"
run "$BOYI" moves --game einstein --fen "r9..../...../...../...../..... r -"
expect_rc 2 "bad position text: exit 2"
no_crash "bad position text"

# analyse gives the win probability; a win in one is found.
run "$BOYI" analyse --game einstein --fen "r1..../...../..b4../...r3./b1b2... r 3" --depth 3
expect_out 'bestmove R3-E1' "analyse: the win in one"
expect_out 'winrate 1.0000' "analyse: win rate 1"
run "$BOYI" analyse --game einstein --json --fen "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r 3" --depth 3
expect_out '"win_rate":0\.[0-9]+' "analyse --json: a win rate"

# render
run "$BOYI" render --game einstein --fen "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r 3" --svg -
expect_out '^<svg' "render --svg"
expect_out 'red to move, die 3' "render: the die"
run "$BOYI" render --svg "$TMP/r.svg" --ply 6 "$D/sample_game.txt"
expect_rc 0 "render from a record"

# selfplay with the engine against the random player; its records validate.
run "$BOYI" selfplay --game einstein --games 2 --a 'depth=2' --b random --seed 3 --out "$TMP/sp"
expect_rc 0 "selfplay"
run "$BOYI" validate "$TMP/sp/games.txt"
expect_out 'game 2: ok' "selfplay records validate"

# the random-play bench (its figure is checked by tests/einstein/test_random.c).
run "$BOYI" bench --game einstein random --games 20000 --seed 5
expect_out 'first player wins [0-9]+ = 5[0-9]\.[0-9]+%' "bench random"
run "$BOYI" bench --game einstein match --a 'mcts playouts=50' --b random --games 4 --seed 1
expect_out 'A scores' "bench match"
run "$BOYI" bench --game einstein match --a 'nonsense' --games 2
expect_rc 2 "bad player spec: exit 2"
# annotate keeps each game past its read (records.h's keep): a fault it reports names
# the file (the kept game owns the name; it once pointed into freed memory).
run "$BOYI" annotate --depth 1 "$SRC/tests/einstein/data/bad-direction.txt" -o "$TMP/annotated.txt"
expect_err 'tests/einstein/data/bad-direction.txt:5:1: error: game 1, move 2 \(blue\)' "annotate names the file of a kept game's fault"
# The matches of files read in small slices (records.h: the slice's place in its file
# reaches the state across files): a match fault is numbered in the file, not the slice.
cat "$SRC"/data/einstein/match-2022/* > "$TMP/all.txt"
whole=$("$BOYI" validate "$TMP/all.txt" | grep ': match: ')
sliced=$(BOYI_SLICE_BYTES=200 "$BOYI" validate "$TMP/all.txt" | grep ': match: ')
[ -n "$whole" ] && [ "$whole" = "$sliced" ] && ok || bad "match faults numbered in the file whether it is read whole or in slices"
finish
