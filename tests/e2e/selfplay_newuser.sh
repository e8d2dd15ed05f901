# selfplay_newuser.sh -- what a new user met in a batch's statistics and output
# (issue 37, items 1-5 and 21): each figure named for what it is and the score as the
# counts say it; --json with W/D/L, games, pairs and unpaired games; players named by
# their spec or name=; no game repeated by default, repeats counted; a line per game
# and a closing summary when stdout is not a terminal; one numbering of games.
source "$(dirname "$0")/lib.bash"

# num JSON KEY: the number after "KEY": in JSON (either spacing).
num() { printf '%s\n' "$1" | tr ',{}' '\n\n\n' | sed -n "s/^ *\"$2\": *//p" | head -1; }
# near A B DESCRIPTION: two numbers equal to 1e-5.
near() { if awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(a != "" && b != "" && d < 1e-5 && d > -1e-5) }'; then ok;
         else RC=0; OUT="$1 against $2"; ERR=""; bad "$3"; fi; }

# 1. The plain score: +5 =1 -0 is 11/12 = 91.67%, not the regularised mean's 91.60%;
# W/D/L shows the draws per game, and nothing is called a "draw ratio".
run "$BOYI" stats --wdl 5,1,0
expect_rc 0 "stats --wdl 5,1,0"
expect_out "score 91\.67%" "+5 =1 -0 scores 91.67%"
expect_out "draws per game 16\.67%" "one draw in six games: 16.67% draws per game"
if grep -qi "draw ratio" "$TMP/out"; then bad "no 'draw ratio' (a figure named for what it is)"; else ok; fi
run "$BOYI" stats --penta 0,1,3,4,2 --json
expect_out '"pairs":10,"pentanomial":\[0,1,3,4,2\]' "--penta: the pairs and their counts"
near "$(num "$OUT" score)" 0.675 "--penta 0,1,3,4,2: the plain score 27/40"
if grep -q "draw_ratio" "$TMP/out"; then bad "--penta --json: no draw_ratio"; else ok; fi

# A batch of 5 games: two pairs and one unpaired game, players named.
B="$TMP/b5"
run "$BOYI" selfplay --game xiangqi --games 5 --a depth=2 --b 'name=weak depth=1' --seed 3 --out "$B"
expect_rc 0 "a 5-game batch"
S=$(cat "$B/stats.json")
w=$(num "$S" wins); d=$(num "$S" draws); l=$(num "$S" losses)
near "$(num "$S" draws_per_game)" "$(awk -v d="$d" 'BEGIN { print d / 5 }')" "stats.json: draws_per_game is draws / games"
near "$(num "$S" score)" "$(awk -v w="$w" -v d="$d" 'BEGIN { print (w + d / 2) / 5 }')" "stats.json: the plain score over the 5 games"
if grep -q "draw_ratio" "$B/stats.json"; then bad "stats.json: no draw_ratio"; else ok; fi
[ "$(num "$S" pairs)" = 2 ] && [ "$(num "$S" unpaired)" = 1 ] && ok || bad "stats.json: 2 pairs and 1 unpaired game [$S]"

# 2. stats --json: W/D/L, the games played (not only the paired ones), pairs, unpaired.
run "$BOYI" stats --json "$B"
expect_rc 0 "stats --json DIR"
[ "$(num "$OUT" games)" = 5 ] && ok || bad "stats --json: games 5 (every game played)"
[ "$(num "$OUT" wins)" = "$w" ] && [ "$(num "$OUT" draws)" = "$d" ] && [ "$(num "$OUT" losses)" = "$l" ] && ok ||
    bad "stats --json: W/D/L $w/$d/$l as in stats.json"
[ "$(num "$OUT" pairs)" = 2 ] && ok || bad "stats --json: 2 pairs"
[ "$(num "$OUT" unpaired)" = 1 ] && ok || bad "stats --json: 1 unpaired game"
near "$(num "$OUT" draws_per_game)" "$(num "$S" draws_per_game)" "stats --json and stats.json: the same draws per game"
run "$BOYI" stats "$B"
expect_out "draws per game" "stats DIR: draws per game"
expect_out "^pairs 2: LL [0-9]+  LD [0-9]+  DD\+WL [0-9]+  WD [0-9]+  WW [0-9]+" "stats DIR: the pair counts named"
expect_out "unpaired 1 game" "stats DIR: the unpaired game said"

# 3. Players by their spec or name=, in stats, stats.json, the records and the report.
expect_out "^depth=2 against weak: \+$w =$d -$l" "stats DIR: the players by spec and name="
[ "$(printf '%s\n' "$S" | sed -n 's/^ *"player_a": "\(.*\)",$/\1/p')" = "depth=2" ] && ok || bad "stats.json: player_a depth=2"
[ "$(printf '%s\n' "$S" | sed -n 's/^ *"player_b": "\(.*\)",$/\1/p')" = "weak" ] && ok || bad "stats.json: player_b weak"
if grep -q '^\[Red "depth=2"\]' "$B/games.pgn" && grep -q '^\[Black "weak"\]' "$B/games.pgn" &&
   ! grep -Eq '^\[(Red|Black) "[AB]"\]' "$B/games.pgn"; then ok; else bad "records: players depth=2 and weak, never A or B"; fi
run "$BOYI" report "$B" -o "$TMP/r.html"
if grep -q "depth=2" "$TMP/r.html" && grep -q "weak" "$TMP/r.html"; then ok; else bad "report: the players by name"; fi

# 4. The default players (the same setting on both sides) repeat no game; asked for
# (no random plies), repeats are counted. Deterministic from the seed.
for g in xiangqi draughts; do
    D="$TMP/d-$g"
    run "$BOYI" selfplay --game $g --games 6 --seed 5 --out "$D"
    expect_rc 0 "$g: default batch"
    n=$(cut -f4,5 "$D/journal.tsv" | sort -u | wc -l)
    [ "$n" = 6 ] && ok || bad "$g: the default players' 6 games are 6 different games (got $n)"
    grep -q '"duplicates": 0,' "$D/stats.json" && ok || bad "$g: stats.json counts no duplicate"
    "$BOYI" selfplay --game $g --games 6 --seed 5 --out "$D-again" > /dev/null 2>&1
    cmp -s "$D/games.$(cd "$D" && ls games.* | sed 's/games\.//')" "$D-again/games.$(cd "$D" && ls games.* | sed 's/games\.//')" &&
        ok || bad "$g: the same seed, the same games"
done
run "$BOYI" selfplay --game xiangqi --games 4 --random-plies 0 --out "$TMP/rep"
grep -q '"duplicates": 3,' "$TMP/rep/stats.json" && ok || bad "no random plies, identical players: 3 duplicates counted"

# 5. Off a terminal: a line per game (index, players, result, reason, plies) and a
# closing summary (W/D/L, score, Elo, LOS, SPRT) on stdout; nothing of the progress line.
run "$BOYI" selfplay --game xiangqi --games 4 --a depth=2 --b depth=1 --sprt 'elo0=0 elo1=50' --out "$TMP/lines"
expect_rc 0 "a batch with stdout to a file"
for i in 0 1 2 3; do
    r=$(awk -F'\t' -v i=$i '$1 == i { print $2 }' "$TMP/lines/journal.tsv")
    case $r in 1) res="1-0" ;; 0) res="0-1" ;; *) res="1/2-1/2" ;; esac
    reason=$(awk -F'\t' -v i=$i '$1 == i { print $3 }' "$TMP/lines/journal.tsv")
    plies=$(awk -F'\t' -v i=$i '$1 == i { print split($5, m, " ") }' "$TMP/lines/journal.tsv")
    if [ $((i % 2)) = 0 ]; then p="depth=2 - depth=1"; else p="depth=1 - depth=2"; fi
    grep -qF "game $i: $p  $res  $reason, $plies plies" "$TMP/out" && ok || bad "the line of game $i ($p $res $reason $plies)"
done
expect_out "^depth=2 against depth=1: \+[0-9]+ =[0-9]+ -[0-9]+  games 4  score [0-9.]+%" "summary: W/D/L and score"
expect_out "^elo -?[0-9.]+ \+/- [0-9.]+ \(95%\)  los [0-9.]+%" "summary: Elo and LOS"
expect_out "^sprt elo0=0 elo1=50: llr -?[0-9.]+ \[-2\.944, 2\.944\] (continue|H0 accepted|H1 accepted)" "summary: the SPRT's state"
if grep -q $'\r' "$TMP/err"; then bad "no progress line off a terminal"; else ok; fi
run "$BOYI" match --game xiangqi --engine depth=2 --engine depth=1 --games 2 --out "$TMP/m"
expect_rc 0 "a match with stdout to a file"
expect_out "^game 1: depth=1 - depth=2  " "match: a line per game"
expect_out "^depth=2 against depth=1: \+" "match: the summary"

# 21. One numbering: data dump's games are journal.tsv's indices (from 0).
"$BOYI" data dump "$B/data.bin" > "$TMP/dump" 2>&1
a=$(cut -d' ' -f1 "$TMP/dump" | sort -n | uniq | tr '\n' ' ')
b=$(cut -f1 "$B/journal.tsv" | sort -n | tr '\n' ' ')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "data dump numbers games as the journal does [$a] [$b]"
"$BOYI" data dump --json "$B/data.bin" 2>/dev/null | head -1 > "$TMP/dj"
grep -q '"game":0,' "$TMP/dj" && ok || bad "data dump --json: the first game is game 0 [$(cat "$TMP/dj")]"

finish
