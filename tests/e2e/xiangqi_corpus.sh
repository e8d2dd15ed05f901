# xiangqi_corpus.sh -- every file of ../shared/corpus/xiangqi/ is read and
# validated; the per-file counts (games, ok, invalid) are the ones established
# and explained in docs/xiangqi.md ("The corpus"). A file added to the corpus
# without an entry here fails the test, so none is left unread.
source "$(dirname "$0")/lib.bash"

CORPUS="$SHARED/corpus/xiangqi"

# file  games  ok  invalid  warnings
expected="
bulk_games_uci.pgn 15 14 1 0
hu-ronghua-1391-iccs.pgn 1391 1282 109 0
sample.pgn 1 1 0 0
sample.xqf 1 1 0 0
xqdb_international.pgn 15 14 1 0
xqdb_traditional.pgn 15 14 1 0
xqfexama.xqf 1 1 0 0
xqfexamb.xqf 1 1 0 1
ccgc2006/game-01.pgn 1 1 0 1
ccgc2006/game-02.pgn 1 1 0 1
ccgc2006/game-05.pgn 1 1 0 1
ccgc2006/game-06.pgn 1 1 0 1
ccgc2006/game-07.pgn 1 1 0 1
ccgc2006/game-08.pgn 1 1 0 1
ccgc2006/game-09.pgn 1 1 0 1
ccgc2006/game-10.pgn 1 1 0 1
ccgc2006/game-11.pgn 1 1 0 1
ccgc2006/game-12.pgn 1 1 0 1
ccgc2006/game-13.pgn 1 1 0 1
ccgc2006/game-14.pgn 1 1 0 1
ccgc2006/game-15.pgn 1 1 0 1
ccgc2006/game-16.pgn 1 1 0 1
ccgc2006/game-19.pgn 1 1 0 1
ccgc2006/game-20.pgn 1 1 0 1
ccgc2006/game-21.pgn 1 1 0 1
ccgc2006/game-22.pgn 1 1 0 1
ccgc2006/game-23.pgn 1 1 0 1
ccgc2006/game-24.pgn 1 1 0 1
"

# Every file in the corpus has an expectation.
while IFS= read -r f; do
    rel=${f#"$CORPUS"/}
    if grep -q "^$rel " <<<"$expected"; then ok; else RC=0; OUT=""; ERR=""; bad "corpus file $rel has no expected counts"; fi
done < <(find "$CORPUS" -type f | sort)

# One run over the whole corpus (JSON lines); the per-file counts are read
# from it, so that the big file is replayed once (the suite runs under the
# sanitizers too).
mapfile -t all < <(find "$CORPUS" -type f | sort)
run "$BOYI" validate --json "${all[@]}"
no_crash "the whole corpus"
expect_rc 1 "whole corpus: some games invalid"
expect_out '^\{"summary":\{"files":28,"games":1460,"moves":122940,"ok":1348,"invalid":112,"skipped":0,"warnings":21\}\}$' \
    "whole corpus summary"
cp "$TMP/out" "$TMP/all.json"

while read -r file games okc invalid warnings; do
    [ -z "$file" ] && continue
    n_ok=$(grep -cE "^\{\"file\":\"$CORPUS/$file\",\"game\":[0-9]+,\"status\":\"ok\"" "$TMP/all.json")
    n_bad=$(grep -cE "^\{\"file\":\"$CORPUS/$file\",\"game\":[0-9]+,\"status\":\"invalid\"" "$TMP/all.json")
    n_warn=$(grep -cE "^\{\"file\":\"$CORPUS/$file\",\"game\":[0-9]+,\"line\":[0-9]+,\"col\":[0-9]+,\"status\":\"warning\"" "$TMP/all.json")
    if [ "$((n_ok + n_bad))" -eq "$games" ] && [ "$n_ok" -eq "$okc" ] && [ "$n_bad" -eq "$invalid" ] && [ "$n_warn" -eq "$warnings" ]; then
        ok
    else
        RC=0; OUT=""; ERR=""
        bad "$file: expected $games games, $okc ok, $invalid invalid, $warnings warnings; got $((n_ok + n_bad)), $n_ok, $n_bad, $n_warn"
    fi
done <<<"$expected"

# What the invalid corpus games are (docs/xiangqi.md): every one is a move after
# a third repetition, which RULES.md says ends the game; the players (human
# masters) went on, as their rules let them.
hu="\"file\":\"$CORPUS/hu-ronghua-1391-iccs.pgn\""
n_after=$(grep -F "$hu" "$TMP/all.json" | grep -c '"kind":"after-end","message":"the game was already over: ')
n_perp=$(grep -F "$hu" "$TMP/all.json" | grep -c '"kind":"after-end","message":"the game was already over: [a-z]* lost by perpetual check')
n_rep=$(grep -F "$hu" "$TMP/all.json" | grep -c '"kind":"after-end","message":"the game was already over: .*a draw by repetition')
[ "$n_after" -eq 109 ] && ok || bad "hu-ronghua: 109 after-end faults, found $n_after"
[ "$n_perp" -eq 24 ] && ok || bad "hu-ronghua: 24 perpetual checks, found $n_perp"
[ "$n_rep" -eq 85 ] && ok || bad "hu-ronghua: 85 repetition draws, found $n_rep"
grep -F "$hu" "$TMP/all.json" | grep -q '"game":20,"status":"invalid","moves":76,"result":"\*","ending":null,"line":119,"col":528,"move_no":39,"side":"red","move":"e6e4","kind":"after-end"' \
    && ok || bad "first hu-ronghua fault located"
grep -F "$hu" "$TMP/all.json" | grep -q '"game":36,.*"move":"d6c8","kind":"after-end","message":"the game was already over: red lost by perpetual check' \
    && ok || bad "a perpetual check located"
for f in xqdb_traditional.pgn xqdb_international.pgn bulk_games_uci.pgn; do
    grep -F "\"file\":\"$CORPUS/$f\"" "$TMP/all.json" | grep -q '"game":12,"status":"invalid",.*"line":71,"col":799,"move_no":58,"side":"black",.*"kind":"after-end","message":"the game was already over: the same position came for the third time after move 58 (red): a draw by repetition"' \
        && ok || bad "$f game 12 is the one repetition"
done

# The text form, on the small files: the advertisement lines of the xqbase
# files are no game, and said so; the endings the corpus has.
run "$BOYI" validate "$CORPUS/ccgc2006/game-01.pgn" "$CORPUS/ccgc2006/game-06.pgn" "$CORPUS/ccgc2006/game-13.pgn"
expect_rc 0 "ccgc files are valid"
expect_out 'game-01.pgn:28:1: game 1: warning: 4 lines of text outside any game ignored' "ccgc junk lines are a warning"
expect_out 'game-01.pgn: game 1: ok, 26 plies, \* \(not over on the board; the record says 0-1\)' "ccgc game 1 verdict"
expect_out 'game-06.pgn: game 1: ok, 123 plies, 1-0 \(stalemate' "ccgc game 6 ends in stalemate"
expect_out 'game-13.pgn: game 1: ok, 174 plies, 0-1 \(checkmate\)' "ccgc game 13 ends in mate"
run "$BOYI" validate "$CORPUS/xqdb_traditional.pgn"
expect_rc 1 "xqdb_traditional has an invalid game"
expect_out 'xqdb_traditional.pgn:71:799: game 12, move 58 \(black\) 卒９进１: after-end: ' "text form of a fault"

finish
