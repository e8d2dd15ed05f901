# match_players.sh -- issue 38's one match runner: the games' own players (NoGo's mcts
# and uct, EWN's expectimax, mcts and uct, Junqi's engine and rules) are found in the
# game descriptor and named in player specs of selfplay, match and bench match; the
# same seed gives the same games whatever -j; a bad option of a kind is refused with
# what the kind takes; bench match (the alias of the old per-game match commands) is
# selfplay's runner and prints the score's interval from sp_stats.c.
. "$(dirname "$0")/lib.bash"
cd "$TMP" || exit 2

# selfplay with NoGo's own players, twice and with two threads: the same games.
for d in s1 s2; do
    run "$BOYI" selfplay --game nogo --a 'mcts playouts=40' --b 'uct playouts=40' --games 4 --random-plies 0 --seed 5 --out $d
    expect_rc 0 "selfplay with NoGo's own players ($d)"
done
run "$BOYI" selfplay --game nogo --a 'mcts playouts=40' --b 'uct playouts=40' --games 4 --random-plies 0 --seed 5 -j 2 --out s3
expect_rc 0 "the same with -j 2"
cmp -s s1/games.sgf s2/games.sgf && cmp -s s1/games.sgf s3/games.sgf && ok || bad "the same seed, the same games (-j 1 twice, -j 2)"
cmp -s s1/stats.json s3/stats.json && ok || bad "the same statistics"
grep -q '^name A mcts playouts=40$' s1/batch.txt && ok || bad "the player named by its spec in batch.txt"
run "$BOYI" validate s1/games.sgf
expect_out 'summary: 1 files, 4 games, .* 4 ok, 0 invalid' "the records of the kinds' games validate"
run "$BOYI" selfplay --game nogo --a 'mcts playouts=40' --b 'uct playouts=40' --games 4 --random-plies 0 --seed 6 --out s4
cmp -s s1/games.sgf s4/games.sgf && bad "another seed, other games" || ok

# Another seed, another kind: EWN's expectimax against the baseline, resumable batch.txt.
run "$BOYI" selfplay --game einstein --a 'expectimax depth=1' --b 'uct playouts=30' --games 4 --seed 2 --out e1
expect_rc 0 "selfplay with EWN's own players"
run "$BOYI" validate e1/games.txt
[ "$(grep -c '^e1/games.txt: game [1-4]: ok' out)" -eq 4 ] && ok || bad "EWN's games are each valid (the contest's match order is another matter)"
run "$BOYI" selfplay --resume e1
expect_rc 0 "resume reads the kinds back from batch.txt"

# boyi match: an --engine spec without cmd= is a boyi player, a kind among them.
run "$BOYI" match --game junqi --engine 'engine samples=2 depth=1' --engine rules --games 2 --seed 3 --out m1
expect_rc 0 "match with Junqi's own players"
run "$BOYI" validate m1/games.txt
expect_out '2 ok, 0 invalid' "Junqi's records validate"

# Refusals: an option the kind does not take, a command-line limit it cannot honour,
# a name that is no player of the game (the error lists the game's players).
run "$BOYI" selfplay --game nogo --a 'uct star=2' --games 2 --out r1
expect_rc 2 "an unknown option of a kind"
expect_err "player 'uct star=2': 'star' is not one of its options \(uct takes playouts=N" "the kind's options named"
run "$BOYI" bench --game junqi match --a rules --b random --nodes 5 --games 2
expect_rc 2 "a limit the rule player has no use for"
expect_err "the rule player has no options" "the rule player says so"
run "$BOYI" selfplay --game einstein --a 'expectimax star=7' --games 2 --out r2
expect_rc 2 "an out-of-range option"
run "$BOYI" selfplay --game nogo --a 'ucb' --games 2 --out r3
expect_rc 2 "no such player"
expect_err "one of the game's players: mcts, rave, uct" "the game's players listed"
run "$BOYI" selfplay --game xiangqi --a 'uct' --games 2 --out r4
expect_rc 2 "a game without that player"

# bench match: the alias runs the same runner; the same seed gives the same result,
# with -j 2 too; the score with Wilson's interval; JSON.
run "$BOYI" bench --game nogo match --a uct --b random --nodes 30 --games 6 --seed 4
expect_rc 0 "bench match (NoGo)"
expect_out '^match: A=uct vs B=random, 6 games \(seed 4\)' "the players named"
expect_out 'A scores \+[0-9] =0 -[0-9] = [0-9.]+% \(95%: [0-9.]+%\.\.[0-9.]+%\), elo' "score, interval, Elo"
first=$(sed 's/; [0-9.]* s$//' out)
run "$BOYI" bench --game nogo match --a uct --b random --nodes 30 --games 6 --seed 4 -j 2
[ "$(sed 's/; [0-9.]* s$//' out)" = "$first" ] && ok || bad "bench match: the same with -j 2"
run "$BOYI" bench --game einstein match --a 'mcts playouts=30' --b random --games 4 --seed 1 --rules random --json
expect_rc 0 "bench match --json"
expect_out '"bench":"match","a":"mcts playouts=30","b":"random","games":4,' "JSON fields"
expect_out '"lo95":[0-9.]+,"hi95":[0-9.]+' "JSON interval"
# Junqi's old command line without the word match: a game with no benchmark of its own
# benches a match.
run "$BOYI" bench --game junqi --a rules --b random --games 2 --seed 3
expect_rc 0 "bench --game junqi (no WHAT) is the match"
expect_out '^match: A=rules vs B=random, 2 games' "the match ran"
finish
