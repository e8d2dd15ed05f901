# encoding_detect.sh -- Big5, UTF-16 and --encoding: every Big5 file of the corpus
# gives the same verdicts as its UTF-8 copy made here with iconv, UTF-16 copies
# (LE and BE, with and without a byte-order mark) the same as their UTF-8
# original, and a text that reads as GBK and Big5 alike is refused (exit 2),
# never judged on garbled moves.
source "$(dirname "$0")/lib.bash"

CORPUS="$SHARED/corpus/xiangqi"
command -v iconv >/dev/null || { echo "iconv missing"; exit 1; }

# same_verdicts A B DESCRIPTION: validate --json of A and of B agree (file names
# aside), and so do the exit codes.
same_verdicts() {
    local rca rcb
    "$BOYI" validate --json "$1" > "$TMP/a.raw" 2>&1; rca=$?
    "$BOYI" validate --json "$2" > "$TMP/b.raw" 2>&1; rcb=$?
    sed "s#$1#FILE#g" "$TMP/a.raw" > "$TMP/a.json"
    sed "s#$2#FILE#g" "$TMP/b.raw" > "$TMP/b.json"
    RC=$rca; OUT="exit $rca vs $rcb; $(diff "$TMP/a.json" "$TMP/b.json" | head -20)"; ERR=""
    if [ "$rca" -eq "$rcb" ] && cmp -s "$TMP/a.json" "$TMP/b.json" && [ -s "$TMP/a.json" ]; then ok; else bad "$3"; fi
}

# --- Big5 ------------------------------------------------------------------------
# All 104 files in one run against their UTF-8 copies in one run: the output,
# line by line (file names aside), and the exit code agree.
mkdir -p "$TMP/utf8"
n=0
for f in "$CORPUS"/ccpd-big5/*.pgn; do
    iconv -f BIG5 -t UTF-8 "$f" > "$TMP/utf8/$(basename "$f")" || bad "iconv cannot read $f"
    n=$((n + 1))
done
[ "$n" -eq 104 ] && ok || bad "expected 104 Big5 files, found $n"
"$BOYI" validate --json "$CORPUS"/ccpd-big5/*.pgn > "$TMP/big5.json" 2>&1; rca=$?
"$BOYI" validate --json "$TMP"/utf8/*.pgn > "$TMP/utf8.json" 2>&1; rcb=$?
sed -i "s#$CORPUS/ccpd-big5/#DIR/#g" "$TMP/big5.json"
sed -i "s#$TMP/utf8/#DIR/#g" "$TMP/utf8.json"
RC=$rca; OUT="exit $rca vs $rcb; $(diff "$TMP/big5.json" "$TMP/utf8.json" | head -20)"; ERR=""
if [ "$rca" -eq "$rcb" ] && cmp -s "$TMP/big5.json" "$TMP/utf8.json"; then ok; else bad "Big5 files read as their UTF-8 copies"; fi
# every file has its verdicts (104 files, at least 104 games)
games=$(grep -c '"status":"\(ok\|invalid\|skipped\)"' "$TMP/big5.json")
[ "$games" -ge 104 ] && grep -q '"files":104' "$TMP/big5.json" && ok || bad "104 Big5 files judged ($games games)"
# and file by file, one at a time, for the first few (the sniffing of a single file)
for i in 001 050 104; do
    same_verdicts "$CORPUS/ccpd-big5/$i.pgn" "$TMP/utf8/$i.pgn" "Big5 $i.pgn alone reads as its UTF-8 copy"
done

# A Big5 game must not be read as GBK: the first file's moves come out right.
run "$BOYI" validate "$CORPUS/ccpd-big5/001.pgn"
expect_out '001.pgn: game 1: ok, 9 plies' "Big5 record replayed"
# Forced, it reads the same; forced the wrong way, the garbled moves are located.
run "$BOYI" validate --encoding big5 "$CORPUS/ccpd-big5/001.pgn"
expect_out '001.pgn: game 1: ok, 9 plies' "--encoding big5"
run "$BOYI" validate --encoding gbk "$CORPUS/ccpd-big5/001.pgn"
expect_rc 1 "--encoding gbk on Big5 text is obeyed"
# Big5 through gzip and stdin too.
gzip -c "$CORPUS/ccpd-big5/002.pgn" > "$TMP/b.pgn.gz"
iconv -f BIG5 -t UTF-8 "$CORPUS/ccpd-big5/002.pgn" > "$TMP/b2.pgn"
same_verdicts "$TMP/b.pgn.gz" "$TMP/b2.pgn" "Big5 behind gzip"
run "$BOYI" convert "$CORPUS/ccpd-big5/002.pgn" --to iccs
expect_rc 0 "convert reads Big5"
run "$BOYI" convert "$TMP/b2.pgn" --to iccs
OUT2=$OUT
run "$BOYI" convert "$CORPUS/ccpd-big5/002.pgn" --to iccs
[ "$OUT" = "$OUT2" ] && ok || bad "convert of Big5 and of its UTF-8 copy differ"

# An archive whose first 64 KB are ASCII: the encoding is decided where the first
# non-ASCII bytes come (validate in slices, convert whole).
LC_ALL=C tr -d '\200-\377' < "$CORPUS/hu-ronghua-1391-iccs.pgn" > "$TMP/ascii.pgn"
cat "$TMP/ascii.pgn" "$CORPUS/ccpd-big5/001.pgn" > "$TMP/late-big5.pgn"
{ cat "$TMP/ascii.pgn"; iconv -f BIG5 -t UTF-8 "$CORPUS/ccpd-big5/001.pgn"; } > "$TMP/late-utf8.pgn"
same_verdicts "$TMP/late-big5.pgn" "$TMP/late-utf8.pgn" "Big5 after 900 KB of ASCII"
cat "$TMP/ascii.pgn" "$CORPUS/ccgc2006/game-01.pgn" > "$TMP/late-gbk.pgn"
{ cat "$TMP/ascii.pgn"; iconv -f GB18030 -t UTF-8 "$CORPUS/ccgc2006/game-01.pgn"; } > "$TMP/late-utf8g.pgn"
same_verdicts "$TMP/late-gbk.pgn" "$TMP/late-utf8g.pgn" "GBK after 900 KB of ASCII"
"$BOYI" convert "$TMP/late-big5.pgn" --to iccs > "$TMP/c1" 2>&1
"$BOYI" convert "$TMP/late-utf8.pgn" --to iccs 2>&1 | sed "s#late-utf8#late-big5#g" > "$TMP/c2"
RC=0; OUT=$(diff "$TMP/c1" "$TMP/c2" | head); ERR=""
cmp -s "$TMP/c1" "$TMP/c2" && ok || bad "convert: Big5 after 900 KB of ASCII"

# --- GBK stays GBK ---------------------------------------------------------------
mkdir -p "$TMP/gbk"
for f in "$CORPUS"/ccgc2006/*.pgn "$CORPUS/sample.pgn"; do
    iconv -f GB18030 -t UTF-8 "$f" > "$TMP/gbk/$(basename "$f")"
done
"$BOYI" validate --json "$CORPUS"/ccgc2006/*.pgn "$CORPUS/sample.pgn" > "$TMP/g1.json" 2>&1; rca=$?
"$BOYI" validate --json "$TMP"/gbk/game-*.pgn "$TMP/gbk/sample.pgn" > "$TMP/g2.json" 2>&1; rcb=$?
sed -i -e "s#$CORPUS/ccgc2006/#DIR/#g" -e "s#$CORPUS/#DIR/#g" "$TMP/g1.json"
sed -i "s#$TMP/gbk/#DIR/#g" "$TMP/g2.json"
RC=$rca; OUT="exit $rca vs $rcb; $(diff "$TMP/g1.json" "$TMP/g2.json" | head -20)"; ERR=""
if [ "$rca" -eq "$rcb" ] && cmp -s "$TMP/g1.json" "$TMP/g2.json" && grep -q '"files":21' "$TMP/g1.json"; then ok; else bad "GBK files read as their UTF-8 copies"; fi

# --- UTF-16 ------------------------------------------------------------------------
for f in xqdb_traditional.pgn hu-ronghua-1391-iccs.pgn; do
    { printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$CORPUS/$f"; } > "$TMP/le.pgn"
    { printf '\xfe\xff'; iconv -f UTF-8 -t UTF-16BE "$CORPUS/$f"; } > "$TMP/be.pgn"
    same_verdicts "$CORPUS/$f" "$TMP/le.pgn" "UTF-16LE copy of $f"
    same_verdicts "$CORPUS/$f" "$TMP/be.pgn" "UTF-16BE copy of $f"
done
iconv -f UTF-8 -t UTF-16LE "$CORPUS/xqdb_traditional.pgn" > "$TMP/cn-nobom.pgn"
same_verdicts "$CORPUS/xqdb_traditional.pgn" "$TMP/cn-nobom.pgn" "UTF-16LE Chinese moves without a byte-order mark"
# Without a byte-order mark, UTF-16 is still recognised by its zero bytes.
iconv -f UTF-8 -t UTF-16LE "$CORPUS/hu-ronghua-1391-iccs.pgn" > "$TMP/le-nobom.pgn"
iconv -f UTF-8 -t UTF-16BE "$CORPUS/hu-ronghua-1391-iccs.pgn" > "$TMP/be-nobom.pgn"
same_verdicts "$CORPUS/hu-ronghua-1391-iccs.pgn" "$TMP/le-nobom.pgn" "UTF-16LE without a byte-order mark"
same_verdicts "$CORPUS/hu-ronghua-1391-iccs.pgn" "$TMP/be-nobom.pgn" "UTF-16BE without a byte-order mark"
iconv -f GB18030 -t UTF-16LE "$CORPUS/ccgc2006/game-01.pgn" > "$TMP/g16.pgn"
run "$BOYI" validate --encoding utf-16 "$TMP/g16.pgn"
expect_out 'game 1: ok' "--encoding utf-16 (little-endian by default)"

# --- what cannot be decided --------------------------------------------------------
# Two bytes that are a common character in GBK and in Big5, and no record word.
printf '[GameType "20"]\n[Event "\xb0\xa1"]\n1. 32-28 19-23 *\n' > "$TMP/latin1.pdn"
run "$BOYI" validate "$TMP/latin1.pdn"
no_crash "undecidable encoding"
expect_rc 2 "undecidable encoding"
expect_err 'latin1.pdn: error: cannot decide the encoding: .*GBK.*Big5.*--encoding' "undecidable encoding named, with what was tried"
[ -z "$OUT" ] || grep -q '^summary' "$TMP/out" && ok || bad "no verdict on an undecided file"
run "$BOYI" validate --encoding gbk "$TMP/latin1.pdn"
no_crash "forced encoding"
[ "$RC" -ne 2 ] && ok || bad "--encoding decides what detection could not"

# A European archive's Latin-1 accents: read as Windows-1252, the game judged.
printf '[GameType "20"]\n[Event "Championnat de Fran\xe7e"]\n[Site "Caf\xe9"]\n1. 32-28 19-23 *\n' > "$TMP/western.pdn"
run "$BOYI" validate "$TMP/western.pdn"
expect_rc 0 "Latin-1 PDN read"
expect_out 'game 1: ok' "Latin-1 PDN judged"

run "$BOYI" validate --encoding klingon "$CORPUS/sample.pgn"
expect_rc 2 "unknown --encoding is a usage error"
expect_err "--encoding takes utf-8, gbk, big5, utf-16" "unknown --encoding named"

finish
