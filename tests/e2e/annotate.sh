# annotate.sh -- `boyi annotate`: the engine's best move where a hand-proved win was
# missed, annotated records that read back (same verdicts from validate, the
# comments back through the readers), -j 2 writing what -j 1 writes, JSON lines,
# bad input.  Small depths: this checks the command, not the engine's strength.
source "$(dirname "$0")/lib.bash"
C=$SHARED/corpus

# --- wins missed, proved by hand ------------------------------------------------------
# Xiangqi: red chariots b8 and a7, black king e9, red king d0.  a7-a9 mates at once (the
# ninth rank is red's, e8 is the b8 chariot's, d9 also the facing kings'); red plays
# b8-b9 instead (check; the king escapes to e8).
cat >"$TMP/mate.pgn" <<'PGN'
[Game "Chinese Chess"]
[FEN "4k4/1R7/R8/9/9/9/9/9/9/3K5 w - - 0 1"]
[Format "ICCS"]

1. B8-B9 E9-E8 *
PGN
run "$BOYI" annotate --depth 3 --json "$TMP/mate.pgn"
expect_rc 0 "annotate a valid game exits 0"
expect_out '"ply":1,"side":"red","move":"b8-b9","eval_before":\{"mate":1\},.*"best":"a7-a9"' "xiangqi: the missed mate in 1 is the best move"
expect_out '"summary":\{"plies":2,' "xiangqi: one summary per game"
run "$BOYI" annotate --depth 3 "$TMP/mate.pgn"
expect_out '^1\. b8-b9$' "xiangqi: the record written in its own (ICCS) notation"
expect_out '\{\[%eval #1\] \[%best a7-a9\] \[%pv a7-a9\]\}' "xiangqi: PGN comment with eval, best move and line"
expect_err 'game 1: 2 plies; red: accuracy' "xiangqi: the summary on stderr"
# The same game in Chinese notation: the best move in Chinese notation.
sed -e 's/\[Format "ICCS"\]//' -e 's/1\. B8-B9 E9-E8/1. 车八进一 将5进1/' "$TMP/mate.pgn" >"$TMP/mate-cn.pgn"
run "$BOYI" annotate --depth 3 "$TMP/mate-cn.pgn"
expect_out '\[%best 车九进二\]' "xiangqi: best move in Chinese notation for a Chinese record"

# Renju: black's open four h8-k8 makes five on g8 or l8; black plays e3 instead.
printf 'h8 h9 i8 i9 j8 j9 k8 a1 e3\n' >"$TMP/five.txt"
run "$BOYI" annotate --depth 3 --json "$TMP/five.txt"
expect_out '"ply":9,"side":"black","move":"e3","eval_before":\{"mate":1\},.*"best":"(g8|l8)"' "gomoku: the missed five is the best move"

# Draughts: white's man on 28 takes black's last man (28x19): a win in 1, the only move.
printf '[FEN "W:W28:B23"]\n1. 28x19 2-0\n' >"$TMP/take.pdn"
run "$BOYI" annotate --depth 2 --json "$TMP/take.pdn"
expect_out '"ply":1,"side":"white","move":"28x19","eval_before":\{"mate":1\},"eval_after":\{"end":"win"\},"best":"28x19".*"class":"best"' "draughts: the winning capture is best"

# --- a move back to a position of the game is no draw by itself ------------------------
# Black is a rook down; both sides move a horse out and back.  Red's 2. 马三退二 and 3.
# 马二进三 return to positions the game had (once before each): no rule ends the game
# there (a third occurrence would), so red stays a rook up, not "drawn" by a repetition.
cat >"$TMP/rep.pgn" <<'PGN'
[Event "repetition"]
[FEN "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]

1. 马二进三 马８进７ 2. 马三退二 马７退８ 3. 马二进三 马８进７ *
PGN
run "$BOYI" annotate --depth 4 --json --no-second-look "$TMP/rep.pgn"
for ply in 3 5; do
    line=$(grep "\"ply\":$ply," "$TMP/out")
    cp=$(echo "$line" | sed -n 's/.*"eval_after":{"cp":\(-\{0,1\}[0-9]*\)}.*/\1/p')
    if [ -n "$cp" ] && [ "$cp" -gt 300 ] && ! echo "$line" | grep -Eq '"class":"(mistake|blunder)"'; then ok
    else OUT=$line; bad "ply $ply back to a position of the game: still a rook up, no blunder"; fi
done

# --- the annotated file reads back ------------------------------------------------------
# verdicts FILE...: "game status moves result kind" per game, as validate --json says.
verdicts() {
    "$BOYI" validate --json "$@" 2>/dev/null | grep '"status":"\(ok\|invalid\|skipped\)"' |
        sed -E 's/^\{"file":"[^"]*",//; s/,"(line|col)":[0-9]+//g; s/,"message":.*//; s/,"move":"[^"]*"//'
}
# roundtrip NAME FILE [CONVERT_TO]: annotate FILE, validate both, compare; then the
# comments come back through the reader (convert writes them from the record it read).
roundtrip() {
    local name=$1 file=$2 to=$3
    "$BOYI" annotate --depth 1 --hash 1 "$file" >"$TMP/ann" 2>"$TMP/ann.err"
    local before after
    before=$(verdicts "$file"); after=$(verdicts "$TMP/ann")
    if [ -n "$before" ] && [ "$before" = "$after" ]; then ok
    else RC=0; OUT=$(diff <(echo "$before") <(echo "$after") | head -20); ERR=$(head -5 "$TMP/ann.err"); bad "$name: validate's verdicts change"; fi
    local n m
    n=$(grep -o '\[%eval' "$TMP/ann" | wc -l)
    "$BOYI" convert "$TMP/ann" --game "$4" --to "$to" >"$TMP/back" 2>/dev/null
    m=$(grep -o '\[%eval' "$TMP/back" | wc -l)
    if [ "$n" -gt 0 ] && [ "$n" -eq "$m" ]; then ok; else RC=0; OUT=""; ERR=""; bad "$name: $n evals written, $m read back"; fi
}
# first_games FILE N: the first N games of a PGN/PDN file (a game starts at a tag line
# after move text), to keep the searches few.
first_games() {
    awk -v n="$2" '/^\[/ { if (!intag) { g++; if (g > n) exit } intag = 1; print; next }
                   NF { intag = 0 } { print }' "$1"
}
first_games "$C/xiangqi/xqdb_international.pgn" 3 >"$TMP/wxf.pgn"
first_games "$C/xiangqi/bulk_games_uci.pgn" 3 >"$TMP/iccs.pgn"
first_games "$C/draughts/archives/games-10.pdn" 2 >"$TMP/arch.pdn"
first_games "$C/draughts/pdn-standard/succeed/nk ronde 02.pdn" 2 >"$TMP/nk.pdn"
roundtrip "xiangqi xqbase GBK" "$C/xiangqi/ccgc2006/game-13.pgn" pgn xiangqi
roundtrip "xiangqi Big5 FEN start" "$C/xiangqi/ccpd-big5/002.pgn" pgn xiangqi
roundtrip "xiangqi WXF" "$TMP/wxf.pgn" wxf xiangqi
roundtrip "xiangqi ICCS" "$TMP/iccs.pgn" iccs xiangqi
roundtrip "xiangqi XQF (written as PGN)" "$C/xiangqi/xqfexama.xqf" pgn xiangqi
roundtrip "draughts archive" "$TMP/arch.pdn" pdn draughts
roundtrip "draughts PDN with comments and variations" "$TMP/nk.pdn" pdn draughts
roundtrip "draughts nested variations" "$C/draughts/pdn-standard/succeed/variation.pdn" pdn draughts
run "$BOYI" annotate --depth 1 "$C/draughts/pdn-standard/succeed/variation.pdn"
if tr '\n' ' ' <"$TMP/out" | grep -Eq '19-23 +\{\[%eval [^}]*\} +\(1\.\.\. 18-23 2\. 38-32 \(2\. 37-32\? +23-29! \{ Black wins \}\) 2\.\.\. 12-18\)'
then ok; else bad "draughts: the annotation before the variations, their comments kept"; fi
"$BOYI" convert "$SRC/tests/gomoku_records/data/forbidden-white-wins.txt" --to sgf >"$TMP/g.sgf" 2>/dev/null
roundtrip "gomoku SGF" "$TMP/g.sgf" sgf gomoku

# The record's own comments stay, before the annotation (sample.pgn's first comment).
run "$BOYI" annotate --depth 1 "$C/xiangqi/sample.pgn"
expect_out '\{[^}]*\[%eval' "xiangqi: annotations written"
first=$("$BOYI" convert "$C/xiangqi/sample.pgn" --to pgn 2>/dev/null | grep -m1 -o '^{[^[]\{6\}')
# (sample.pgn is GBK, and annotate writes a record in its file's encoding)
if [ -n "$first" ] && iconv -f GB18030 -t UTF-8 "$TMP/out" | grep -qF -- "$first"; then ok; else bad "xiangqi: the record's own comments are kept ('$first')"; fi

# An invalid game is annotated up to its fault and written whole: the same verdict.
run "$BOYI" annotate --depth 1 --hash 1 --json "$C/xiangqi/ccgc2006/game-01.pgn" "$SRC/tests/gomoku_records/data/after-end.txt"
expect_rc 1 "an invalid game: exit 1"
expect_err 'after-end.txt:[0-9]+:[0-9]+: error: game 1, move [0-9]+ .*after-end: .*annotated up to there' "the fault located as validate locates it"
n=$(grep -c '"file":"[^"]*after-end.txt","game":1,"ply"' "$TMP/out")
m=$("$BOYI" validate --json "$SRC/tests/gomoku_records/data/after-end.txt" | grep -o '"moves":[0-9]*' | head -1 | cut -d: -f2)
if [ "$n" -eq "$m" ]; then ok; else bad "annotated up to the fault: $n plies, validate replays $m"; fi

# --- -j N: the same bytes, game by game in file order -----------------------------------
files=("$C"/xiangqi/ccgc2006/game-0[12].pgn "$C/draughts/pdn-standard/succeed/Cat.D1.pdn")
"$BOYI" annotate --depth 2 --hash 4 -j 1 "${files[@]}" >"$TMP/j1" 2>"$TMP/j1.err"
"$BOYI" annotate --depth 2 --hash 4 -j 2 "${files[@]}" >"$TMP/j2" 2>"$TMP/j2.err"
if [ -s "$TMP/j1" ] && cmp -s "$TMP/j1" "$TMP/j2" && cmp -s "$TMP/j1.err" "$TMP/j2.err"; then ok
else RC=0; OUT=$(diff "$TMP/j1" "$TMP/j2" | head); ERR=""; bad "-j 2 writes what -j 1 writes"; fi
"$BOYI" annotate --nodes 500 --hash 4 -j 2 --json "${files[@]}" >"$TMP/n2" 2>/dev/null
"$BOYI" annotate --nodes 500 --hash 4 -j 1 --json "${files[@]}" >"$TMP/n1" 2>/dev/null
if [ -s "$TMP/n1" ] && cmp -s "$TMP/n1" "$TMP/n2"; then ok; else RC=0; OUT=""; ERR=""; bad "--nodes: -j 2 JSON = -j 1 JSON"; fi
# JSON: one line per ply and one summary per game.
games=$(grep -c '"summary"' "$TMP/n1")
want=$("$BOYI" validate --json "${files[@]}" | grep -c '"status":"\(ok\|invalid\|skipped\)"')
if [ "$games" -eq "$want" ]; then ok; else bad "one summary per game ($games, want $want)"; fi
if grep '"ply"' "$TMP/n1" | grep -qv '"eval_before":{"\(cp\|mate\|end\)":.*"eval_after":{"\(cp\|mate\|end\)":.*"best":.*"pv":\[.*"loss":[0-9.]*,"class":"\(best\|good\|inaccuracy\|mistake\|blunder\)"\(,"second_look":{"first_loss":[0-9.]*,"eval_before":{.*},\("eval_played":{.*}\|"best":".*"\)}\)\?}$'; then
    RC=0; OUT=""; ERR=""; bad "every move line has eval_before, eval_after, best, pv, loss, class"
else ok; fi
# eval_played (the move played searched alone) exactly where the move played is not the best
if grep '"ply"' "$TMP/n1" | awk '{ b = match($0, /"best":"[^"]*"/) ? substr($0, RSTART + 7, RLENGTH - 7) : "";
        m = match($0, /"move":"[^"]*"/) ? substr($0, RSTART + 7, RLENGTH - 7) : "";
        if ((b != m && b != "") != ($0 ~ /"eval_after":\{[^}]*\},"eval_played"/)) bad++ } END { exit bad > 0 ? 0 : 1 }'; then
    RC=0; OUT=""; ERR=""; bad "eval_played where the move played is not the best, and only there"
else ok; fi

# -o OUT: the records in the file, the summaries on stdout.
run "$BOYI" annotate --depth 1 -o "$TMP/o.pgn" "$C/xiangqi/ccgc2006/game-02.pgn"
expect_rc 0 "-o exits 0"
expect_out 'game-02.pgn: game 1: [0-9]+ plies; red: accuracy [0-9.]+%' "-o: the summary on stdout"
if grep -q '\[%eval' "$TMP/o.pgn"; then ok; else bad "-o: the annotated record in the file"; fi

# --- bad input --------------------------------------------------------------------------
run "$BOYI" annotate --depth 1 "$TMP/missing.pgn"
expect_rc 2 "a missing file: exit 2"
expect_err 'missing.pgn.*error' "a missing file is named"
run "$BOYI" annotate
expect_rc 2 "no file: usage error"
run "$BOYI" annotate --depth 1 -j 0 "$TMP/mate.pgn"
expect_rc 2 "-j 0: usage error"
finish
