#!/usr/bin/env bash
# yizi_misere.sh -- `--misere` read by every command the way `boyi solve` reads it
# (cli/main.c folds it into the rules: docs/game-interface.md), for the line game:
# moves, perft, analyse, engine, annotate, selfplay, validate.  Facts by hand:
#   * "9,0,0,0,0,0,0,0,0,0,1 f 0" (nine coins in, one on point 10): normal play wins
#     by moving it in (10:1-0); misère must not (the mover of the last coin loses):
#     10:1-1 leaves the opponent the last coin to move in, while 10:1-k, k >= 2, lets
#     the opponent play k:1-1 in turn.  So the only winning moves differ.
#   * the convention does not change the moves, so perft is the same under both.
# The annotate test takes its truth from the solver's table (`solve --json`'s
# winning_moves at rule 2's start, both conventions).
source "$(dirname "$0")/lib.bash"
P="9,0,0,0,0,0,0,0,0,0,1 f 0"

# moves and perft: the same moves, the position read as misère
run "$BOYI" moves --game yizi --misere --position "$P" --json
expect_rc 0 "moves --misere"
run "$BOYI" perft --game yizi --rules 1 --depth 3
n1=$(cat "$TMP/out")
run "$BOYI" perft --game yizi --rules 1 --misere --depth 3
expect_rc 0 "perft --misere"
if [ "$(cat "$TMP/out")" = "$n1" ] && [ -n "$n1" ]; then ok; else bad "perft under misère differs from normal play ($n1)"; fi
run "$BOYI" moves --game pegs --misere
expect_rc 2 "a game without a misère convention refuses --misere"

# analyse: the winning move differs
run "$BOYI" analyse --game yizi --position "$P"
expect_out '^bestmove 10:1-0' "normal play: move the last coin in"
run "$BOYI" analyse --game yizi --position "$P" --misere
expect_out '^bestmove 10:1-1' "misère: leave the last coin on point 1"
run "$BOYI" analyse --game yizi --rules 1-misere --position "$P" --misere
expect_out '^bestmove 10:1-1' "--misere with a -misere rule set is the same rules"

# engine (UCI): the same
printf 'uci\nposition fen %s\ngo depth 4\nquit\n' "$P" | "$BOYI" engine --game yizi --misere > "$TMP/eng" 2>&1
grep -q '^bestmove 10:1-1' "$TMP/eng" && ok || bad "engine --misere: $(tail -1 "$TMP/eng")"
printf 'uci\nposition fen %s\ngo depth 4\nquit\n' "$P" | "$BOYI" engine --game yizi > "$TMP/eng" 2>&1
grep -q '^bestmove 10:1-0' "$TMP/eng" && ok || bad "engine, normal play: $(tail -1 "$TMP/eng")"

# annotate: two records without a rules field (rule 2 inferred from the first move),
# first moves 6:2-0 and 10:2-2.  The solver says which of them wins under which
# convention; annotate must call the loser a blunder under that convention only.
run "$BOYI" solve --game yizi --rules 2 --json
cp "$TMP/out" "$TMP/normal.json"
run "$BOYI" solve --game yizi --rules 2 --misere --json
cp "$TMP/out" "$TMP/misere.json"
wins() { grep -q "{\"from\":$2,\"coins\":$3,\"to\":$4}" "$1"; }
if wins "$TMP/normal.json" 6 2 0 && ! wins "$TMP/normal.json" 10 2 2 && wins "$TMP/misere.json" 10 2 2 && ! wins "$TMP/misere.json" 6 2 0; then
  ok
else
  bad "the solver's table should make 6:2-0 win only in normal play and 10:2-2 only in misère"
fi
printf '{[YZ][A F][B S][后手胜][2026.07.20 09:00 沈阳][test];F(6,2,0);S(7,1,6)}\n{[YZ][A F][B S][后手胜][2026.07.20 09:00 沈阳][test];F(10,2,2);S(7,1,6)}\n' > "$TMP/r.txt"
run "$BOYI" annotate "$TMP/r.txt"
expect_rc 0 "annotate, normal play"
expect_out '\[R2 normal\];F\(6,2,0\)\[\\\[%eval #[0-9]+\\\]\];' "normal play: 6:2-0 keeps the win (no blunder)"
expect_out 'F\(10,2,2\)\[[^;]*blunder\]' "normal play: 10:2-2 throws the win away"
expect_err 'game 1: 2 plies; first: .*blunder 0' "normal play: game 1's first move is no blunder"
run "$BOYI" annotate "$TMP/r.txt" --misere
expect_rc 0 "annotate --misere"
expect_out '\[R2 misere\];F\(6,2,0\)\[[^;]*best F\(10,2,2\)[^;]*blunder\]' "misère: 6:2-0 throws the win away, 10:2-2 best"
expect_out '\[R2 misere\];F\(10,2,2\)\[\\\[%eval #[0-9]+\\\]\];' "misère: 10:2-2 keeps the win"
expect_err 'game 2: 2 plies; first: .*blunder 0' "misère: game 2's first move is no blunder"

# validate: --misere alone still infers the setup, the convention is misère
run "$BOYI" validate "$TMP/r.txt" --misere
expect_rc 0 "validate --misere"
expect_out 'no rules field: rule 2 misère \(inferred from the first move\)' "the setup inferred, misère"

# selfplay: the games are played and written under misère
run "$BOYI" selfplay --game yizi --rules 1 --misere --openings "$SRC/data/yizi/openings-rule1.txt" --a depth=1 --b random --games 4 --seed 3 --out "$TMP/sp"
expect_rc 0 "selfplay --misere"
grep -q '"rules": "1-misere"' "$TMP/sp/stats.json" && ok || bad "selfplay's rules are 1-misere"
n=$(grep -c '\[R1 misere\]' "$TMP/sp/games.txt")
[ "$n" -eq 4 ] && ok || bad "selfplay wrote $n misère records of 4"
run "$BOYI" validate "$TMP/sp/games.txt"
expect_out '4 games, .* 4 ok, 0 invalid' "the misère self-play records validate (results judged under misère)"

finish
