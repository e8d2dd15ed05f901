#!/usr/bin/env bash
# annotate_script.sh -- annotate keeps a record's own script and encoding (issue 37,
# item 19): a Big5 file of traditional characters (進, 馬, 車) annotated comes out in
# Big5 and in traditional characters, its moves and the engine's [%best]/[%pv] moves
# alike; a UTF-8 file of traditional moves stays UTF-8 and traditional; a simplified
# GBK file stays GBK and simplified.
source "$(dirname "$0")/lib.bash"
BIG5="$SHARED/corpus/xiangqi/ccpd-big5/001.pgn"
simplified='[车马帅将进后]'
traditional='[車馬帥將進後]'

run "$BOYI" annotate --depth 2 "$BIG5" -o "$TMP/a.pgn"
expect_rc 0 "annotate a Big5 file"
if iconv -f CP950 -t UTF-8 "$TMP/a.pgn" >"$TMP/a.utf8" 2>/dev/null && ! cmp -s "$TMP/a.pgn" "$TMP/a.utf8"; then ok
else bad "the output is Big5, as the input"; fi
grep -q '\[%eval' "$TMP/a.utf8" && ok || bad "the output is annotated"
moves=$(grep -v '^\[' "$TMP/a.utf8")
grep -q "$traditional" <<<"$moves" && ok || bad "the moves are in traditional characters"
if grep -q "$simplified" <<<"$moves"; then bad "no simplified character in the moves or the engine's comments"; else ok; fi
# the tags as they were
grep -qF '[Red "火車頭梁文斌"]' "$TMP/a.utf8" && ok || bad "the tags unchanged"
run "$BOYI" validate "$TMP/a.pgn"
expect_rc 0 "the annotated Big5 file validates"

# the same game in UTF-8: UTF-8 out, traditional kept
iconv -f CP950 -t UTF-8 "$BIG5" >"$TMP/t.pgn"
run "$BOYI" annotate --depth 2 "$TMP/t.pgn"
expect_rc 0 "annotate a UTF-8 traditional file"
iconv -f UTF-8 -t UTF-8 "$TMP/out" >/dev/null 2>&1 && ok || bad "UTF-8 in, UTF-8 out"
body=$(grep -v '^\[' "$TMP/out")
if grep -q "$traditional" <<<"$body" && ! grep -q "$simplified" <<<"$body"; then ok; else bad "UTF-8 traditional stays traditional"; fi

# a simplified GBK file stays GBK and simplified
run "$BOYI" annotate --depth 1 "$SHARED/corpus/xiangqi/ccgc2006/game-01.pgn" -o "$TMP/g.pgn"
expect_rc 0 "annotate a GBK file"
if iconv -f GB18030 -t UTF-8 "$TMP/g.pgn" >"$TMP/g.utf8" 2>/dev/null && ! iconv -f UTF-8 -t UTF-8 "$TMP/g.pgn" >/dev/null 2>&1; then ok
else bad "GBK in, GBK out"; fi
body=$(grep -v '^\[' "$TMP/g.utf8")
if grep -q "$simplified" <<<"$body" && ! grep -q "$traditional" <<<"$body"; then ok; else bad "simplified stays simplified"; fi
# --json is UTF-8 whatever the file
run "$BOYI" annotate --depth 1 --json "$BIG5"
iconv -f UTF-8 -t UTF-8 "$TMP/out" >/dev/null 2>&1 && ok || bad "--json output is UTF-8"

finish
