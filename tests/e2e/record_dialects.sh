#!/usr/bin/env bash
# record_dialects.sh -- dialects seen in real record files (issue 36, 3), each from a
# sample written here in the dialect (the real files are held back): RenjuBase's SGF
# (GM[5], 5A[..] fifth-move offers), Gomocup's 20x20 PSQ with no rule set, a French
# and a Dutch draughts exporter's localised PDN tags, the cchess project's one-line
# Xiangqi records.  Each is read with located warnings and no game lost; --strict
# still refuses every departure from the standard.
source "$(dirname "$0")/lib.bash"

# --- Renju SGF: GM[5], a property named with a digit (5A[..], the fifth-move offers) ---
R="$TMP/renjubase.sgf"
printf '(;GM[5]FF[4]SZ[15]RU[renju]PB[a]PW[b]RE[B+R]5A[jf];B[hh];W[ig];B[jh];W[gi];B[ij];W[kk])\n' > "$R"
run "$BOYI" validate "$R"
expect_rc 0 "renjubase: read"
expect_out 'renjubase.sgf:1:3: game 1: warning: GM\[5\] is not SGF.s number for Gomoku and Renju' "GM[5]: a located warning"
expect_out 'renjubase.sgf:1:45: game 1: warning: 5A\[..\] is no SGF property .*read as the fifth-move offers' "5A: a located warning"
expect_out 'game 1: warning: the record lists fifth-move offers \(j10 i6\) but names no opening rule' "the offers kept (5A's and the fifth move)"
expect_out 'game 1: ok, 6 plies' "renjubase: every move read"
# the offers are judged once the rule is named: RIF's two (5A's and the kept one) pass,
# a third is too many
run "$BOYI" validate --opening-rule rif "$R"
expect_rc 0 "renjubase: RIF's two offers"
sed 's/5A\[jf\]/5A[jf][kf]/' "$R" > "$TMP/three.sgf"
run "$BOYI" validate --opening-rule rif "$TMP/three.sgf"
expect_rc 1 "renjubase: three offers under RIF"
expect_out 'opening: tag Offers: under rif black offers exactly 2 fifth moves; the record lists 3' "the offers counted"
run "$BOYI" validate --strict "$R"
expect_rc 1 "renjubase: --strict refuses GM[5] and 5A"
expect_out 'game 1: parse: GM\[5\]' "--strict: GM[5]"
sed 's/GM\[5\]/GM[4]/' "$R" > "$TMP/gm4.sgf"
run "$BOYI" validate --strict "$TMP/gm4.sgf"
expect_out 'game 1: parse: 5A\[..\] is no SGF property' "--strict: 5A"
# an unknown property with a digit that is no offer: skipped
sed 's/5A\[jf\]/X9[foo]/' "$TMP/gm4.sgf" > "$TMP/x9.sgf"
run "$BOYI" validate "$TMP/x9.sgf"
expect_rc 0 "a property X9: the game is read"
expect_out 'warning: X9\[..\] is no SGF property .*skipped' "X9: skipped with a warning"

# --- Gomocup's 20x20 PSQ with no rule set: freestyle ----------------------------------
P="$TMP/gomocup.psq"
printf 'Piskvorky 20x20, 11:11, 0\n10,10,1000\n11,11,1000\n10,11,1000\n12,12,1000\n10,12,1000\n13,13,1000\n10,13,1000\n14,14,1000\n10,14,1000\nbrain1.zip\nbrain2.zip\n-1\n' > "$P"
run "$BOYI" validate "$P"
expect_rc 0 "20x20 psq: judged, not skipped"
expect_out 'gomocup.psq:1:1: game 1: warning: a 20x20 Gomocup record names no rule set: read as freestyle' "20x20: the note"
expect_out 'game 1: ok, 9 plies, 1-0 \(five in a row' "20x20: freestyle's five"
printf '1,Standard\n' >> "$P"
run "$BOYI" validate "$P"
if grep -q 'names no rule set' "$TMP/out"; then bad "20x20 with its rule line: no note"; else ok; fi

# --- draughts PDN with French and Dutch tag names -------------------------------------
D="$TMP/fr.pdn"
cat > "$D" <<'PDN'
[&#x00c9;v&#x00e9;nement "Championnat de France"]
[Lieu "Paris"]
[Manche "3"]
[Blanc "Dupont, Jean"]
[Noir "Martin, Paul"]
[R&#x00e9;sultat "2-0"]
[Type de jeu "20"]
[Heure blanche "00:12:30"]
[Termination "abandon des noirs"]

1. 32-28 19-23 2. 28x19 14x23 2-0

[Evenement "Nederlands kampioenschap"]
[Plaats "Amsterdam"]
[Wit "de Vries"]
[Zwart "Jansen"]
[Uitslag "1-1"]

1. 32-28 19-23 1-1
PDN
run "$BOYI" validate "$D"
expect_rc 0 "localised PDN: both games read"
expect_out 'summary: 1 files, 2 games, 6 moves, 2 ok' "localised PDN: no game lost"
expect_out "fr.pdn:1:2: game 1: warning: tag name '&#x00c9;v&#x00e9;nement' \\(HTML entities decoded\\) is the French for \\[Event\\]" "French: entities decoded, mapped"
expect_out "fr.pdn:6:2: game 1: warning: tag name 'R&#x00e9;sultat' .*read as \\[Result\\]" "French: the result tag"
expect_out "fr.pdn:7:2: game 1: warning: tag name 'Type de jeu' is the French for \\[GameType\\]" "a name with blanks"
expect_out "fr.pdn:8:2: game 1: warning: tag name 'Heure blanche' is not a PDN name.*read as 'Heure_blanche'" "an unknown name with a blank: kept"
expect_out "fr.pdn:15:2: game 2: warning: tag name 'Wit' is the Dutch for \\[White\\]" "Dutch"
expect_out 'fr.pdn: game 1: ok, 4 plies, 2-0 \(not over on the board; the record says 2-0 by resignation' "the French result read (and its reason)"
run "$BOYI" validate --json "$D"
expect_out '"game":1,"status":"ok".*"result":"2-0"' "the Result tag understood"
run "$BOYI" validate --strict "$D"
expect_rc 1 "--strict refuses the French names"
expect_out 'fr.pdn:1:2: game 1: parse: a tag name' "--strict: located"

# --- Xiangqi one-line records (cchess) -------------------------------------------------
X="$TMP/cchess.txt"
printf '%s\n' 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w, h2e2 h9g7 h0g2, *' \
    '3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1, E1-D2 D9-D8, *' \
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w, h2e2 h2e2, *' > "$X"
run "$BOYI" validate "$X"
expect_rc 1 "one-line: read and judged (the third game's second move is illegal)"
expect_out 'cchess.txt:1:1: game 1: warning: a one-line record' "one-line: a located warning"
expect_out 'cchess.txt: game 1: ok, 3 plies' "one-line: UCI moves"
expect_out 'cchess.txt: game 2: ok, 2 plies' "one-line: ICCS moves from a FEN"
expect_out 'cchess.txt:3:[0-9]+: game 3, move 1 \(black\) h2e2: illegal' "one-line: an illegal move located"
run "$BOYI" validate --strict "$X"
expect_out 'cchess.txt:1:1: game 1: parse: a one-line record .*--strict' "one-line: --strict refuses the form"
finish
