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

# --- what boyi writes, boyi reads (issue 7, item 4) ---------------------------------------
# WXF: black's middle pawn of three, with pawns stacked on two files, is P7.6
# (WXF rule I c), not 77.6 (a move number to every PGN reader).
printf '[Game "Chinese Chess"]\n[FEN "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w - - 0 1"]\n1. e7-e8 e9-f9 2. e3-e4 g2-f2 3. d6-d7 g3-f3 4. d7-e7 g4-f4 *\n' > "$TMP/pawns.pgn"
run "$BOYI" convert --to wxf "$TMP/pawns.pgn"
expect_rc 0 "tandem pawns convert"
expect_out '^1\. 5\+\+1 K5\.6 2\. 5-\+1 P\+\.6 3\. 6\+\+1 P\+\.6 4\. 6\+\.5 P7\.6 \*$' "middle pawn of three written P7.6"
cp "$TMP/out" "$TMP/pawns-wxf.pgn"
run "$BOYI" validate "$TMP/pawns-wxf.pgn"
expect_rc 0 "the WXF output reads back"
expect_out 'pawns-wxf.pgn: game 1: ok, 8 plies' "all 8 plies read back"
# Contest frames: ; { } in a tag value are written full-width; one game comes back.
printf '[Game "Chinese Chess"]\n[Red "A;B {x}"]\n[Event "Cup; round {3}"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n' > "$TMP/semi.pgn"
run "$BOYI" convert --to contest "$TMP/semi.pgn"
expect_out '^\{\[XQ\]\[A；B ｛x｝ R\]\[\? B\]\[\*\]\[\]\[Cup； round ｛3｝\];1\.炮二平五 马８进７;2\.马二进三 车９平８\}$' "contest header escaped"
cp "$TMP/out" "$TMP/semi.txt"
run "$BOYI" validate "$TMP/semi.txt"
expect_out '^summary: 1 files, 1 games, 4 moves, 1 ok' "the frame reads back as one game"

# --- variations (issue 7, item 5) -------------------------------------------------------
# xqfexamb.xqf holds 19 variations: kept in every PGN form, said dropped in a frame.
run "$BOYI" convert --to iccs "$CORPUS/xqfexamb.xqf"
expect_rc 0 "XQF with variations converts"
expect_out '^\(6\.\.\. e9-c9 7\. d8-e8 f2-f1' "the variation of black's 6th move is written"
cp "$TMP/out" "$TMP/examb.pgn"
run "$BOYI" validate "$TMP/examb.pgn"
expect_rc 0 "the variations read back, every move legal"
expect_out 'examb.pgn: game 1: ok, 87 plies' "main line unchanged"
run "$BOYI" convert --to contest "$CORPUS/xqfexamb.xqf"
expect_err 'xqfexamb.xqf: game 1: warning: the contest frame cannot hold variations: 19 variations not written' "contest drops them, saying so"
printf '[Game "Chinese Chess"]\n1. 炮二平五 (1. 相三进五 马８进７ (1... 炮８平５ 2. 车九进九) 2. 马二进三) 马８进７ 2. 马二进三 *\n' > "$TMP/var.pgn"
run "$BOYI" validate "$TMP/var.pgn"
expect_rc 0 "an illegal move in a variation is a warning"
expect_out 'var.pgn:2:37: game 1: warning: in a variation on move 1 \(black\) 马８进７: move 2 \(red\) 车九进九: illegal:' "located, named as the variation's"
expect_out 'var.pgn: game 1: ok, 3 plies' "the main line's verdict stands"
run "$BOYI" validate --variation-errors "$TMP/var.pgn"
expect_rc 1 "--variation-errors: the game is invalid"
expect_out 'var.pgn:2:37: game 1, move 2 \(red\) 车九进九: illegal: in a variation on move 1 \(black\) 马８进７' "--variation-errors located"

finish
