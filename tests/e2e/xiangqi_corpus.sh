# xiangqi_corpus.sh -- every file of ../shared/corpus/xiangqi/ is read and
# validated under both rule sets (--rules ccgc, the default, and --rules human);
# the per-file counts (games, ok, invalid, warnings) are the ones established
# and explained in docs/xiangqi.md ("The corpus"). A file added to the corpus
# without an entry here fails the test, so none is left unread.
source "$(dirname "$0")/lib.bash"

CORPUS="$SHARED/corpus/xiangqi"

# Under ccgc the games that go on after a third repetition are invalid
# (after-end); under human each repetition is a warning and they replay to the
# end: all valid. hu-ronghua's 136 human warnings are its repetitions (one per
# repetition, 116 games); the xqdb files' one is game 12's.
#
# ccpd-big5/ (Big5, read by the loader's Big5 decoding; the counts are those
# of the files read correctly, checked against UTF-8 copies made with iconv):
# 104 games, no unreadable one. Under ccgc 14 are invalid, each checked by
# hand (docs/xiangqi.md, "The corpus"): 11 play on after a third repetition
# (073: after black's perpetual check), 023 and 098 (the same game) after 60
# moves each without a capture, and 066 claims 0-1 for a game drawn by
# repetition (red alternates check and idle move: no perpetual check). Under
# human all are valid: the 23 warnings are the repetitions, the two natural
# limits and the 4 Event tags with unescaped quotes (101-104), which ccgc
# reports too. INDEX.txt lists where the files came from and is no record.
# file  games | ccgc: ok invalid warnings | human: ok invalid warnings
expected="
bulk_games_uci.pgn 15 14 1 0 15 0 1
hu-ronghua-1391-iccs.pgn 1391 1282 109 0 1391 0 136
sample.pgn 1 1 0 0 1 0 0
sample.xqf 1 1 0 0 1 0 0
xqdb_international.pgn 15 14 1 0 15 0 1
xqdb_traditional.pgn 15 14 1 0 15 0 1
xqfexama.xqf 1 1 0 0 1 0 0
xqfexamb.xqf 1 1 0 0 1 0 0
ccgc2006/game-01.pgn 1 1 0 1 1 0 1
ccgc2006/game-02.pgn 1 1 0 1 1 0 1
ccgc2006/game-05.pgn 1 1 0 1 1 0 1
ccgc2006/game-06.pgn 1 1 0 1 1 0 1
ccgc2006/game-07.pgn 1 1 0 1 1 0 1
ccgc2006/game-08.pgn 1 1 0 1 1 0 1
ccgc2006/game-09.pgn 1 1 0 1 1 0 1
ccgc2006/game-10.pgn 1 1 0 1 1 0 1
ccgc2006/game-11.pgn 1 1 0 1 1 0 1
ccgc2006/game-12.pgn 1 1 0 1 1 0 1
ccgc2006/game-13.pgn 1 1 0 1 1 0 1
ccgc2006/game-14.pgn 1 1 0 1 1 0 1
ccgc2006/game-15.pgn 1 1 0 1 1 0 1
ccgc2006/game-16.pgn 1 1 0 1 1 0 1
ccgc2006/game-19.pgn 1 1 0 1 1 0 1
ccgc2006/game-20.pgn 1 1 0 1 1 0 1
ccgc2006/game-21.pgn 1 1 0 1 1 0 1
ccgc2006/game-22.pgn 1 1 0 1 1 0 1
ccgc2006/game-23.pgn 1 1 0 1 1 0 1
ccgc2006/game-24.pgn 1 1 0 1 1 0 1
ccpd-big5/INDEX.txt refused
ccpd-big5/001.pgn 1 1 0 0 1 0 0
ccpd-big5/002.pgn 1 1 0 0 1 0 0
ccpd-big5/003.pgn 1 1 0 0 1 0 0
ccpd-big5/004.pgn 1 1 0 0 1 0 0
ccpd-big5/005.pgn 1 1 0 0 1 0 0
ccpd-big5/006.pgn 1 1 0 0 1 0 0
ccpd-big5/007.pgn 1 1 0 0 1 0 0
ccpd-big5/008.pgn 1 1 0 0 1 0 0
ccpd-big5/009.pgn 1 1 0 0 1 0 0
ccpd-big5/010.pgn 1 1 0 0 1 0 0
ccpd-big5/011.pgn 1 1 0 0 1 0 0
ccpd-big5/012.pgn 1 1 0 0 1 0 0
ccpd-big5/013.pgn 1 1 0 0 1 0 0
ccpd-big5/014.pgn 1 1 0 0 1 0 0
ccpd-big5/015.pgn 1 1 0 0 1 0 0
ccpd-big5/016.pgn 1 1 0 0 1 0 0
ccpd-big5/017.pgn 1 1 0 0 1 0 0
ccpd-big5/018.pgn 1 1 0 0 1 0 0
ccpd-big5/019.pgn 1 1 0 0 1 0 0
ccpd-big5/020.pgn 1 1 0 0 1 0 0
ccpd-big5/021.pgn 1 1 0 0 1 0 0
ccpd-big5/022.pgn 1 1 0 0 1 0 0
ccpd-big5/023.pgn 1 0 1 0 1 0 1
ccpd-big5/024.pgn 1 1 0 0 1 0 0
ccpd-big5/025.pgn 1 1 0 0 1 0 0
ccpd-big5/026.pgn 1 0 1 0 1 0 2
ccpd-big5/027.pgn 1 1 0 0 1 0 0
ccpd-big5/028.pgn 1 1 0 0 1 0 0
ccpd-big5/029.pgn 1 1 0 0 1 0 0
ccpd-big5/030.pgn 1 1 0 0 1 0 0
ccpd-big5/031.pgn 1 1 0 0 1 0 0
ccpd-big5/032.pgn 1 1 0 0 1 0 0
ccpd-big5/033.pgn 1 0 1 0 1 0 1
ccpd-big5/034.pgn 1 1 0 0 1 0 0
ccpd-big5/035.pgn 1 1 0 0 1 0 0
ccpd-big5/036.pgn 1 1 0 0 1 0 0
ccpd-big5/037.pgn 1 1 0 0 1 0 0
ccpd-big5/038.pgn 1 1 0 0 1 0 0
ccpd-big5/039.pgn 1 1 0 0 1 0 0
ccpd-big5/040.pgn 1 1 0 0 1 0 0
ccpd-big5/041.pgn 1 1 0 0 1 0 0
ccpd-big5/042.pgn 1 1 0 0 1 0 0
ccpd-big5/043.pgn 1 1 0 0 1 0 0
ccpd-big5/044.pgn 1 1 0 0 1 0 0
ccpd-big5/045.pgn 1 1 0 0 1 0 0
ccpd-big5/046.pgn 1 1 0 0 1 0 0
ccpd-big5/047.pgn 1 0 1 0 1 0 1
ccpd-big5/048.pgn 1 0 1 0 1 0 2
ccpd-big5/049.pgn 1 1 0 0 1 0 0
ccpd-big5/050.pgn 1 0 1 0 1 0 1
ccpd-big5/051.pgn 1 0 1 0 1 0 4
ccpd-big5/052.pgn 1 1 0 0 1 0 0
ccpd-big5/053.pgn 1 1 0 0 1 0 0
ccpd-big5/054.pgn 1 1 0 0 1 0 0
ccpd-big5/055.pgn 1 1 0 0 1 0 0
ccpd-big5/056.pgn 1 1 0 0 1 0 0
ccpd-big5/057.pgn 1 1 0 0 1 0 0
ccpd-big5/058.pgn 1 0 1 0 1 0 1
ccpd-big5/059.pgn 1 0 1 0 1 0 1
ccpd-big5/060.pgn 1 1 0 0 1 0 0
ccpd-big5/061.pgn 1 1 0 0 1 0 0
ccpd-big5/062.pgn 1 1 0 0 1 0 0
ccpd-big5/063.pgn 1 1 0 0 1 0 0
ccpd-big5/064.pgn 1 1 0 0 1 0 0
ccpd-big5/065.pgn 1 1 0 0 1 0 0
ccpd-big5/066.pgn 1 0 1 0 1 0 1
ccpd-big5/067.pgn 1 1 0 0 1 0 0
ccpd-big5/068.pgn 1 1 0 0 1 0 0
ccpd-big5/069.pgn 1 1 0 0 1 0 0
ccpd-big5/070.pgn 1 1 0 0 1 0 0
ccpd-big5/071.pgn 1 1 0 0 1 0 0
ccpd-big5/072.pgn 1 1 0 0 1 0 0
ccpd-big5/073.pgn 1 0 1 0 1 0 1
ccpd-big5/074.pgn 1 1 0 0 1 0 0
ccpd-big5/075.pgn 1 1 0 0 1 0 0
ccpd-big5/076.pgn 1 1 0 0 1 0 0
ccpd-big5/077.pgn 1 1 0 0 1 0 0
ccpd-big5/078.pgn 1 0 1 0 1 0 1
ccpd-big5/079.pgn 1 1 0 0 1 0 0
ccpd-big5/080.pgn 1 1 0 0 1 0 0
ccpd-big5/081.pgn 1 1 0 0 1 0 0
ccpd-big5/082.pgn 1 1 0 0 1 0 0
ccpd-big5/083.pgn 1 1 0 0 1 0 0
ccpd-big5/084.pgn 1 1 0 0 1 0 0
ccpd-big5/085.pgn 1 1 0 0 1 0 0
ccpd-big5/086.pgn 1 1 0 0 1 0 0
ccpd-big5/087.pgn 1 1 0 0 1 0 0
ccpd-big5/088.pgn 1 1 0 0 1 0 0
ccpd-big5/089.pgn 1 1 0 0 1 0 0
ccpd-big5/090.pgn 1 1 0 0 1 0 0
ccpd-big5/091.pgn 1 1 0 0 1 0 0
ccpd-big5/092.pgn 1 1 0 0 1 0 0
ccpd-big5/093.pgn 1 1 0 0 1 0 0
ccpd-big5/094.pgn 1 1 0 0 1 0 0
ccpd-big5/095.pgn 1 1 0 0 1 0 0
ccpd-big5/096.pgn 1 1 0 0 1 0 0
ccpd-big5/097.pgn 1 1 0 0 1 0 0
ccpd-big5/098.pgn 1 0 1 0 1 0 1
ccpd-big5/099.pgn 1 1 0 0 1 0 0
ccpd-big5/100.pgn 1 1 0 0 1 0 0
ccpd-big5/101.pgn 1 0 1 1 1 0 2
ccpd-big5/102.pgn 1 1 0 1 1 0 1
ccpd-big5/103.pgn 1 1 0 1 1 0 1
ccpd-big5/104.pgn 1 1 0 1 1 0 1
"

# check_counts JSON RULES COLUMN: the per-file counts of a JSON run against the
# table (COLUMN 3 for ccgc's three counts, 6 for human's).  The warnings counted are
# the reader's and the rules'; those of the result policy (a result the board does not
# reach and the record gives no reason for: docs/exit-codes.md) are checked apart, by
# claims_warned.  The JSON's verdict lines
# are tallied once per (status, file) first: a grep per file and count took most of
# this test's time.
check_counts() {
    local json=$1 rules=$2 col=$3 file games okc invalid warnings n_ok n_bad n_warn n st rest
    local -A tally=()
    while read -r n st rest; do
        tally["$st $rest"]=$n
    done < <(sed -nE '/"status":"warning".*gives no reason/d
                     s/^\{"file":"([^"]*)","game":[0-9]+,"status":"(ok|invalid)".*/\2 \1/p
                     s/^\{"file":"([^"]*)","game":[0-9]+,"line":[0-9]+,"col":[0-9]+,"status":"warning".*/warning \1/p' "$json" |
             sort | uniq -c)
    while read -r -a f; do
        [ "${#f[@]}" -eq 0 ] && continue
        [ "${f[1]}" = refused ] && continue
        file=${f[0]} games=${f[1]} okc=${f[$((col - 1))]} invalid=${f[$col]} warnings=${f[$((col + 1))]}
        n_ok=${tally["ok $CORPUS/$file"]:-0}
        n_bad=${tally["invalid $CORPUS/$file"]:-0}
        n_warn=${tally["warning $CORPUS/$file"]:-0}
        if [ "$((n_ok + n_bad))" -eq "$games" ] && [ "$n_ok" -eq "$okc" ] && [ "$n_bad" -eq "$invalid" ] && [ "$n_warn" -eq "$warnings" ]; then
            ok
        else
            RC=0; OUT=""; ERR=""
            bad "$rules: $file: expected $games games, $okc ok, $invalid invalid, $warnings warnings; got $((n_ok + n_bad)), $n_ok, $n_bad, $n_warn"
        fi
    done <<<"$expected"
}

# claims_warned JSON BASE WHAT: the result policy's warnings are exactly the games judged
# ok and not over on the board whose record claims a result, one each, and the
# summary's warnings are BASE (the table's) plus them.
claims_warned() {
    local json=$1 base=$2 what=$3 nw nc total
    nw=$(grep -c '"status":"warning".*gives no reason' "$json")
    nc=$(grep -Ec '"status":"ok",.*"ending":"not over on the board(; it ends in a repetition[^"]*)?; the record says [^"]*"' "$json")
    total=$(sed -nE 's/^\{"summary":.*"warnings":([0-9]+)\}\}$/\1/p' "$json")
    if [ "$nw" -gt 0 ] && [ "$nw" -eq "$nc" ] && [ "$total" -eq $((base + nw)) ]; then ok
    else bad "$what: $nw claim warnings for $nc claims not reached; summary warnings $total, expected $base + $nw"; fi
}

# Every file in the corpus has an expectation.
while IFS= read -r f; do
    rel=${f#"$CORPUS"/}
    if grep -q "^$rel " <<<"$expected"; then ok; else RC=0; OUT=""; ERR=""; bad "corpus file $rel has no expected counts"; fi
done < <(find "$CORPUS" -type f | sort)

# One run over the whole corpus (JSON lines); the per-file counts are read
# from it, so that the big file is replayed once (the suite runs under the
# sanitizers too).
mapfile -t all < <(find "$CORPUS" -type f ! -name INDEX.txt | sort)

# INDEX.txt (the list of where the ccpd-big5 files came from) is no record:
# refused, located, exit 2.
run "$BOYI" validate "$CORPUS/ccpd-big5/INDEX.txt"
no_crash "INDEX.txt"
expect_rc 2 "INDEX.txt is no record"
expect_err 'INDEX.txt:1:1: error: cannot tell which game this file holds' "INDEX.txt refused"
run "$BOYI" validate --json "${all[@]}"
no_crash "the whole corpus"
expect_rc 1 "whole corpus: some games invalid"
expect_out '^\{"summary":\{"files":132,"games":1564,"moves":131145,"ok":1438,"invalid":126,"skipped":0,"warnings":[0-9]+\}\}$' \
    "whole corpus summary"
cp "$TMP/out" "$TMP/all.json"
check_counts "$TMP/all.json" ccgc 3
claims_warned "$TMP/all.json" 24 "ccgc (not named)"
# The contest's rules named: each of those claims is a fault.
run "$BOYI" validate --rules ccgc "$CORPUS/ccgc2006/game-01.pgn"
expect_rc 1 "--rules ccgc named: an unexplained claim is a fault"
expect_out 'game-01.pgn:[0-9]+:[0-9]+: game 1: result: the record says 0-1, but the game is not over on the board and the record gives no reason' \
    "--rules ccgc named: the fault"

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
    grep -F "\"file\":\"$CORPUS/$f\"" "$TMP/all.json" | grep -q '"game":12,"status":"invalid",.*"line":71,"col":799,"move_no":58,"side":"black",.*"kind":"after-end","message":"the game was already over: the same position came for the third time after move 58 (red): a draw by repetition (under --rules human a repetition does not end the game)"' \
        && ok || bad "$f game 12 is the one repetition"
done

# The text form, on the small files: the advertisement lines of the xqbase
# files are no game, and said so; the endings the corpus has.
run "$BOYI" validate "$CORPUS/ccgc2006/game-01.pgn" "$CORPUS/ccgc2006/game-06.pgn" "$CORPUS/ccgc2006/game-13.pgn"
expect_rc 0 "ccgc files are valid"
expect_out 'game-01.pgn:28:1: game 1: warning: 4 lines of text outside any game ignored' "ccgc junk lines are a warning"
expect_out 'game-01.pgn: game 1: ok, 26 plies, \* \(not over on the board; the record says 0-1\)' "ccgc game 1 verdict"
expect_out 'game-01.pgn:[0-9]+:[0-9]+: game 1: warning: the record says 0-1, but the game is not over on the board and the record gives no reason' \
    "ccgc game 1: the unexplained 0-1 is a warning (result policy)"
expect_out 'game-06.pgn: game 1: ok, 123 plies, 1-0 \(stalemate' "ccgc game 6 ends in stalemate"
expect_out 'game-13.pgn: game 1: ok, 174 plies, 0-1 \(checkmate\)' "ccgc game 13 ends in mate"
run "$BOYI" validate "$CORPUS/xqdb_traditional.pgn"
expect_rc 1 "xqdb_traditional has an invalid game"
expect_out 'xqdb_traditional.pgn:71:799: game 12, move 58 \(black\) 卒９进１: after-end: ' "text form of a fault"

# --- the same corpus under --rules human -------------------------------------------
# No game is invalid: every move after a repetition is legal and no game plays
# on after mate, stalemate or the natural limit. The plies after the ccgc ends
# are now replayed too (122940 + 3814 = 126754).
run "$BOYI" validate --rules human --json "${all[@]}"
no_crash "the whole corpus under human rules"
expect_rc 0 "whole corpus under human rules: all valid"
expect_out '^\{"summary":\{"files":132,"games":1564,"moves":135328,"ok":1564,"invalid":0,"skipped":0,"warnings":[0-9]+\}\}$' \
    "whole corpus summary under human rules"
cp "$TMP/out" "$TMP/human.json"
check_counts "$TMP/human.json" human 6
claims_warned "$TMP/human.json" 182 "human"

# Every game ccgc stops at a repetition (109 after-end, 7 ending in one) has a
# warning under human, and no other game has one.
hg=$(grep -F "$hu" "$TMP/human.json" | grep '"status":"warning"' | grep -v 'gives no reason' | sed -E 's/.*"game":([0-9]+),.*/\1/' | sort -u)
cg=$(grep -F "$hu" "$TMP/all.json" | grep -E '"kind":"after-end"|third repetition|perpetual check by' | sed -E 's/.*"game":([0-9]+),.*/\1/' | sort -u)
[ "$hg" = "$cg" ] && [ "$(wc -l <<<"$hg")" -eq 116 ] && ok || bad "hu-ronghua: the 116 games with repetitions are the ones warned of"
n_wperp=$(grep -F "$hu" "$TMP/human.json" | grep '"status":"warning"' | grep -c 'this ends the game: [a-z]* loses by perpetual check')
n_wrep=$(grep -F "$hu" "$TMP/human.json" | grep '"status":"warning"' | grep -c 'this ends the game: a draw by repetition')
[ "$n_wperp" -eq 28 ] && [ "$n_wrep" -eq 108 ] && ok || bad "hu-ronghua: 28 perpetual-check and 108 drawn repetitions warned of, found $n_wperp and $n_wrep"
# The verdicts: the 7 mates stay; the games ccgc ended at a repetition (and
# 21 of those that went on, which end in another one) are unfinished, with the
# contest's score in the ending.
n_mate=$(grep -F "$hu" "$TMP/human.json" | grep -c '"status":"ok",.*"ending":"checkmate"')
n_endrep=$(grep -F "$hu" "$TMP/human.json" | grep -c '"status":"ok",.*"result":"\*","ending":"not over on the board; it ends in a repetition, which the contest rules score: ')
[ "$n_mate" -eq 7 ] && [ "$n_endrep" -eq 28 ] && ok || bad "hu-ronghua under human: 7 mates and 28 records ending in a repetition, found $n_mate and $n_endrep"
# The first ccgc fault (game 20, move 39) comes after the warning at move 38.
grep -F "$hu" "$TMP/human.json" | grep -q '"game":20,"line":119,"col":519,"status":"warning","message":"position repeated a third time (plies 69..76) by move 38 (black) d3c3; under the contest rules (--rules ccgc) this ends the game: a draw by repetition, 1/2-1/2; under --rules human play goes on"' \
    && ok || bad "hu-ronghua game 20 warning located"
grep -F "$hu" "$TMP/human.json" | grep -q '"game":20,"status":"ok","moves":98,"result":"\*","ending":null' \
    && ok || bad "hu-ronghua game 20 replays to its end under human rules"
run "$BOYI" validate --rules human "$CORPUS/xqdb_traditional.pgn"
expect_rc 0 "xqdb_traditional valid under human rules"
expect_out 'xqdb_traditional.pgn:71:[0-9]+: game 12: warning: position repeated a third time \(plies 108\.\.115\) by move 58 \(red\) 帅四进一; .*a draw by repetition, 1/2-1/2' \
    "xqdb game 12: the repetition is a warning"
expect_out 'xqdb_traditional.pgn: game 12: ok, 124 plies, \*$' "xqdb game 12 replays to its end"

# --- ccpd-big5: the Big5 files read as their UTF-8 copies do ---------------------------
# Copies made with iconv (glibc: BIG5, else CP950) must give the same verdicts
# and warnings, line for line, as the Big5 files read by boyi's loader.
mkdir -p "$TMP/u8"
for f in "$CORPUS"/ccpd-big5/*.pgn; do
    iconv -f BIG5 -t UTF-8 "$f" > "$TMP/u8/${f##*/}" 2>/dev/null || iconv -f CP950 -t UTF-8 "$f" > "$TMP/u8/${f##*/}"
done
run "$BOYI" validate --json "$CORPUS"/ccpd-big5/*.pgn
sed -E 's/^\{"file":"[^"]*\/([0-9]+\.pgn)"/{"file":"\1"/' "$TMP/out" > "$TMP/b5.json"
run "$BOYI" validate --json "$TMP"/u8/*.pgn
sed -E 's/^\{"file":"[^"]*\/([0-9]+\.pgn)"/{"file":"\1"/' "$TMP/out" > "$TMP/u8.json"
cmp -s "$TMP/b5.json" "$TMP/u8.json" && ok || { RC=0; OUT=""; ERR=""; bad "ccpd-big5: the Big5 files and their UTF-8 copies give different verdicts"; }
# The Event tags with unescaped quotes ([Event "首屆"後肖杯"特級大師賽 ..."]):
# read with a located warning, the game kept.
run "$BOYI" validate "$TMP/u8/103.pgn"
expect_rc 0 "103.pgn: the game is kept"
expect_out '103.pgn:2:11: game 1: warning: the value of tag \[Event\] holds an unescaped' "103.pgn: the quote located"
expect_out '103.pgn: game 1: ok, 56 plies' "103.pgn: every move read"
run "$BOYI" validate --strict "$TMP/u8/103.pgn"
expect_rc 1 "103.pgn refused under --strict"
expect_out '103.pgn:2:11: game 1: parse: the value of tag \[Event\] holds an unescaped .*refused under --strict' "103.pgn --strict"

finish
