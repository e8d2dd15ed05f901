# xiangqi_convert.sh -- the Xiangqi front end beyond validate: convert in every
# form and back, perft and its --divide, moves, bench; data/xiangqi validates.
source "$(dirname "$0")/lib.bash"

CORPUS="$SHARED/corpus/xiangqi"

# --- convert: every form, read back, the same moves --------------------------------
for f in xqdb_traditional.pgn sample.pgn sample.xqf; do
    name=$(basename "$f")
    run "$BOYI" convert "$CORPUS/$f" --to iccs -o "$TMP/$name.ref"
    no_crash "convert $f to iccs"
    for fmt in pgn wxf iccs chinese contest; do
        run "$BOYI" convert "$CORPUS/$f" --to "$fmt" -o "$TMP/$name.$fmt"
        no_crash "convert $f to $fmt"
        run "$BOYI" convert "$TMP/$name.$fmt" --to iccs -o "$TMP/$name.$fmt.back"
        no_crash "convert $f.$fmt back"
        # the moves (and for the PGN forms the whole text) come back the same
        if [ "$fmt" = contest ]; then
            diff <(grep -v '^[[{]' "$TMP/$name.ref" | grep -oE '\b[a-i][0-9]-[a-i][0-9]\b') \
                 <(grep -v '^[[{]' "$TMP/$name.$fmt.back" | grep -oE '\b[a-i][0-9]-[a-i][0-9]\b') >/dev/null \
                && ok || bad "$f: moves differ after $fmt"
        else
            cmp -s "$TMP/$name.ref" "$TMP/$name.$fmt.back" && ok || bad "$f: $fmt round trip differs"
        fi
    done
done

# the written forms look as documented
run "$BOYI" convert "$CORPUS/ccgc2006/game-01.pgn" --to contest
expect_rc 0 "convert to contest"
expect_out '^\{\[XQ\]\[宝岛一号 R\]\[相眼竞技 B\]\[后手胜\]\[2006\.08\.03 北京中国科技馆\]\[1st Chinese Computer Games Championship, Beijing 2006\];1\.炮八平五 马２进３;2\.马八进七 车１平２;' \
    "contest frame form"
run "$BOYI" convert "$CORPUS/ccgc2006/game-01.pgn" --to wxf
expect_out '^\[Format "WXF"\]$' "WXF output has its Format tag"
expect_out '^1\. C8\.5 H2\+3 2\. H8\+7 R1\.2 ' "WXF moves"
run "$BOYI" convert "$CORPUS/sample.pgn" --to chinese
expect_out '^  3\.          马８进７$' "xqbase layout: black's move after a comment"
expect_out '^\[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"\]$' "FEN kept"
expect_out '^ 1-0$' "result kept"

# a game that stops being valid is written up to its fault
run "$BOYI" convert "$CORPUS/xqdb_traditional.pgn" --to contest -o "$TMP/xqdb.txt"
expect_rc 1 "converting a file with an invalid game exits 1"
expect_err 'xqdb_traditional.pgn:71:799: error: game 12: after-end: .*written up to there' "the fault is reported on stderr"
run "$BOYI" validate "$TMP/xqdb.txt"
expect_rc 0 "the converted games (up to their faults) are valid"
expect_out '^summary: 1 files, 15 games, 1369 moves, 15 ok, ' "all 15 games written"

run "$BOYI" convert "$CORPUS/sample.pgn" --to nonsense
expect_rc 2 "unknown output form"
expect_err 'pgn, wxf, iccs, chinese or contest' "the forms are listed"

# --- perft ---------------------------------------------------------------------------
run "$BOYI" perft --game xiangqi 3
expect_rc 0 "perft 3"
[ "$(tail -n 1 "$TMP/out")" = 79666 ] && ok || bad "perft(3) from the start is 79,666 (published)"
run "$BOYI" perft --game xiangqi --divide 2
expect_rc 0 "perft --divide"
expect_out '^h2e2: [0-9]+$' "divide line for h2e2"
[ "$(grep -c ': ' "$TMP/out")" -eq 44 ] && ok || bad "44 first moves"
[ "$(grep ': ' "$TMP/out" | awk -F': ' '{s += $2} END {print s}')" = "$(tail -n 1 "$TMP/out")" ] && ok || bad "divide sums to the total"
[ "$(tail -n 1 "$TMP/out")" = 1920 ] && ok || bad "perft(2) is 1,920"
run "$BOYI" perft --game xiangqi --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w - - 0 1" 2
expect_rc 2 "perft with an impossible FEN"
expect_err "bad FEN .*two generals" "the FEN's fault is named"
run "$BOYI" perft --game xiangqi abc
expect_rc 2 "perft with a bad depth"

# --- moves ---------------------------------------------------------------------------
run "$BOYI" moves --game xiangqi
expect_rc 0 "moves from the start"
[ "$(wc -l < "$TMP/out")" -eq 44 ] && ok || bad "44 moves from the start"
expect_out '^h2e2 炮二平五$' "ICCS and Chinese side by side"
run "$BOYI" moves --game xiangqi --fen "4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1"
expect_rc 0 "moves in a stalemate"
[ -s "$TMP/out" ] && bad "no move in a stalemate" || ok
expect_err 'black has no legal move: stalemate' "stalemate said"

# --- bench (tiny sizes: the figures themselves are not tested) ---------------------------
run "$BOYI" bench --game xiangqi --depth 3 perft
expect_rc 0 "bench perft"
expect_out 'perft\(3\) from the start: 79666 nodes in' "bench perft nodes"
run "$BOYI" bench --game xiangqi validate "$CORPUS/sample.pgn"
expect_rc 0 "bench validate"
expect_out '^[0-9]+ plies/s$' "bench validate figure"
run "$BOYI" bench --game xiangqi validate
expect_rc 2 "bench validate needs a file"

# --- the bundled samples are all valid ---------------------------------------------------
run "$BOYI" validate "$SRC"/data/xiangqi/*
expect_rc 0 "data/xiangqi validates"
expect_out '^summary: [0-9]+ files, [0-9]+ games, [0-9]+ moves, [0-9]+ ok, 0 invalid' "no invalid sample"
expect_out 'endings.pgn: game 3: ok, 9 plies, 0-1 \(perpetual check by red, which loses\)' "sample endings"

finish
