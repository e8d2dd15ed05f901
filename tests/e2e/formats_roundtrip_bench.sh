# formats_roundtrip_bench.sh -- every real file of the other programs' formats, converted
# to another format and read back, keeps its games: the same games in the same
# order with the same main lines, header fields and results (their contest-frame
# text, which holds all three, is the same byte for byte), the same verdicts from
# `boyi validate`, and -- through the formats that hold variations (PGN, SGF) --
# the same number of variations in every game.  Xiangqi files also go to XQF one
# game at a time (XQF holds one game) and back.  Any loss fails the test.  About 180
# runs of boyi: a _bench test (Release only; a few seconds of CPU, more wall time on a
# loaded machine).
source "$(dirname "$0")/lib.bash"

X="$SRC/tests/xiangqi_records/data"
C="$SHARED/corpus/xiangqi"
G="$SRC/data/gomoku/formats"

# The verdicts of FILE (the last argument), one line a game, without the file's name
# and without the warnings (their lines and columns are the file's own).  With
# VERDICT_CORE set, only each game's status, length and result: SGF has no property
# for an opening rule, so the ending's "; opening soosorv8" cannot come back from it.
verdicts() {
    "$BOYI" validate --json "$@" 2>/dev/null | grep '"game":' | grep -v '"status":"warning"' |
        sed -E 's/"file":"[^"]*",//' |
        if [ -n "${VERDICT_CORE:-}" ]; then sed -E 's/,"ending":.*\}$/}/'; else cat; fi
}

# "GAME COUNT" for every game whose variations the contest frame could not hold, as
# the warnings of `convert --to contest` say (the variations a record holds).
variations() {
    sed -nE 's/.*game ([0-9]+):.* ([0-9]+) variations? not written.*/\1 \2/p' "$1"
}

# roundtrip FILE VIA [OPTIONS...]: FILE to VIA, back to the contest frame.
roundtrip() {
    local f=$1 via=$2 name
    shift 2
    name="$(basename "$f") via $via"
    "$BOYI" convert "$@" --to contest "$f" >"$TMP/ref" 2>"$TMP/ref.err"
    "$BOYI" convert "$@" --to "$via" "$f" >"$TMP/mid.$via" 2>"$TMP/mid.err"
    "$BOYI" convert "$@" --to contest "$TMP/mid.$via" >"$TMP/back" 2>"$TMP/back.err"
    local n
    n=$(grep -c '^{' "$TMP/ref")
    if [ "$n" -gt 0 ] && cmp -s "$TMP/ref" "$TMP/back"; then ok; else
        RC=0; OUT=$(diff "$TMP/ref" "$TMP/back" | head -c 1500); ERR=$(head -c 800 "$TMP/mid.err")
        bad "$name: the $n games' main lines, headers or results changed"
    fi
    local core=
    [ "$via" = sgf ] && core=1
    VERDICT_CORE=$core verdicts "$@" "$f" >"$TMP/v1"
    VERDICT_CORE=$core verdicts "$@" "$TMP/mid.$via" >"$TMP/v2"
    if [ -s "$TMP/v1" ] && cmp -s "$TMP/v1" "$TMP/v2"; then ok; else
        RC=0; OUT=$(diff "$TMP/v1" "$TMP/v2" | head -c 1500); ERR=
        bad "$name: the verdicts changed"
    fi
    case $via in
    pgn|sgf)
        if [ "$(variations "$TMP/ref.err")" = "$(variations "$TMP/back.err")" ]; then ok; else
            RC=0; OUT="before: $(variations "$TMP/ref.err" | head -5) after: $(variations "$TMP/back.err" | head -5)"; ERR=
            bad "$name: variations lost"
        fi ;;
    esac
}

# psq holds the moves only (no players, no result): compare the moves.
moves_only() { sed -E 's/^\{\[C5\](\[[^]]*\])*;?/{/' "$1"; }
roundtrip_psq() {
    local f=$1
    "$BOYI" convert --to contest "$f" >"$TMP/ref" 2>/dev/null
    "$BOYI" convert --to psq "$f" >"$TMP/mid.psq" 2>/dev/null
    "$BOYI" convert --to contest "$TMP/mid.psq" >"$TMP/back" 2>/dev/null
    if [ "$(grep -c '^{' "$TMP/ref")" -gt 0 ] && [ "$(moves_only "$TMP/ref")" = "$(moves_only "$TMP/back")" ]; then ok; else
        RC=0; OUT=$(diff <(moves_only "$TMP/ref") <(moves_only "$TMP/back") | head -c 1500); ERR=
        bad "$(basename "$f") via psq: moves changed"
    fi
}

# roundtrip_xqf FILE N [OPTIONS...]: each of games 1..N to XQF and back, together
# the same as the whole file in the contest frame.
roundtrip_xqf() {
    local f=$1 n=$2 i
    shift 2
    "$BOYI" convert "$@" --to contest "$f" >"$TMP/ref" 2>/dev/null
    : >"$TMP/back"
    for i in $(seq 1 "$n"); do
        "$BOYI" convert "$@" --to xqf --game-index "$i" "$f" -o "$TMP/g.xqf" 2>/dev/null
        "$BOYI" convert "$@" --to contest "$TMP/g.xqf" >>"$TMP/back" 2>/dev/null
    done
    head -n "$n" "$TMP/ref" >"$TMP/ref.n"
    if [ "$(grep -c '^{' "$TMP/ref.n")" -eq "$n" ] && cmp -s "$TMP/ref.n" "$TMP/back"; then ok; else
        RC=0; OUT=$(diff "$TMP/ref.n" "$TMP/back" | head -c 1500); ERR=
        bad "$(basename "$f") via xqf: the $n games changed"
    fi
}

# --- Xiangqi: ChessBridge, XQF, DhtmlXQ (two sources each: see the data READMEs)
for f in "$X/lecture-004.cbr" "$X/two-moves.cbr" "$X/xqstudio-1.0.xqf" \
         "$X/shanghai-2025-final.dhtml.txt" "$X/xianren-zhilu.dhtml.txt.gz" \
         "$C/sample.xqf" "$C/xqfexama.xqf" "$C/xqfexamb.xqf"; do
    roundtrip "$f" pgn
done
for f in "$X/lecture-004.cbr" "$X/xqstudio-1.0.xqf" "$X/xianren-zhilu.dhtml.txt.gz" "$C/xqfexamb.xqf"; do
    roundtrip_xqf "$f" 1
done
# the libraries: the 1989 one repeats a position in game 5, a draw only under the
# contest rules; under --rules human play goes on, as it did
roundtrip "$X/longhua-1989.cbl.gz" pgn --rules human
roundtrip "$X/national-1956.cbl.gz" pgn --rules human
roundtrip "$X/chengde-1981.cbl.gz" pgn --rules human
roundtrip "$X/he-shunan.cbl.gz" pgn --rules human
roundtrip "$X/lin-xingrong.cbl.gz" pgn --rules human
roundtrip_xqf "$X/he-shunan.cbl.gz" 13 --rules human
for f in "$X/shiyang-01.cbf" "$X/shiyang-10.cbf"; do
    roundtrip "$f" pgn
    roundtrip_xqf "$f" 1
done
# XQF holds one game a file: the first 8 games of the 1989 library one by one
roundtrip_xqf "$X/longhua-1989.cbl.gz" 8 --rules human

# --- Gomoku and Renju: Renlib (two sources), RenjuNet, PlayOK
for f in "$G"/*.lib; do
    roundtrip "$f" sgf
done
roundtrip "$G/D4.lib" moves
roundtrip "$G/tw-111127.lib" moves
for f in "$G/renjunet-sample.rif" "$G/playok-sample.pgn"; do
    roundtrip "$f" sgf
    roundtrip "$f" moves
    roundtrip_psq "$f"
done

finish
