#!/usr/bin/env bash
# replay_warnings.sh -- commands that replay records (annotate, render) say the
# reader's warnings of a game that stops at a fault before it, and count the others in
# one line per file; validate lists them all.  On real files: the PDN standard's 8x8
# games without a GameType tag (read as 10x10, every game's first move illegal: the
# warning says why) and a tournament export whose 97 games are valid but warned about.
source "$(dirname "$0")/lib.bash"
OCA="$SHARED/corpus/draughts/pdn-standard/succeed/OCA_2.0.pdn"
SUR="$SHARED/corpus/draughts/archives/ChapionnatSurinam2025.pdn"

# warnings validate lists for FILE
validate_warnings() { "$BOYI" validate "$1" 2>/dev/null | grep -c ': warning: '; }
# warnings the last run said, and the count it gave of the others (0 if none)
said() { grep -c '^boyi: .*: game [0-9]*: warning: ' "$TMP/err"; }
unshown() { sed -n 's/^boyi: .*: \([0-9]*\) warnings\{0,1\} about its records not shown here.*/\1/p' "$TMP/err" | head -1; }

# an 8x8 file read as international draughts: the hint before each game's fault
run "$BOYI" annotate --depth 0 "$OCA"
expect_rc 1 "annotate: games that stop at an illegal move"
expect_err "OCA_2\.0\.pdn:1:1: game 1: warning: no GameType tag.*may be an 8x8 game" \
    "annotate: game 1's warning, with its place, says why its first move is illegal"
expect_err "OCA_2\.0\.pdn:7:4: error: game 1, move 1 \(white\) 11-15: illegal" "annotate: game 1's fault as before"
# the warning comes before its game's fault
w=$(grep -n 'OCA_2.0.pdn:1:1: game 1: warning' "$TMP/err" | head -1 | cut -d: -f1)
e=$(grep -n 'OCA_2.0.pdn:7:4: error: game 1,' "$TMP/err" | head -1 | cut -d: -f1)
if [ -n "$w" ] && [ -n "$e" ] && [ "$w" -lt "$e" ]; then ok; else bad "game 1's warning before its fault (lines $w, $e)"; fi
n=$(validate_warnings "$OCA"); s=$(said); u=$(unshown)
if [ "$n" -gt 0 ] && [ $((s + ${u:-0})) -eq "$n" ]; then ok; else bad "OCA: said $s + counted ${u:-0} = validate's $n"; fi

# valid games: nothing said, the warnings counted in one line that names validate
run "$BOYI" annotate --depth 0 "$SUR"
expect_rc 0 "annotate: a valid tournament file"
[ "$(said)" -eq 0 ] && ok || bad "no warning said where every game is valid"
n=$(validate_warnings "$SUR"); u=$(unshown)
if [ "$n" -gt 0 ] && [ "${u:-0}" -eq "$n" ]; then ok; else bad "Surinam: counted ${u:-0} = validate's $n"; fi
expect_err "ChapionnatSurinam2025\.pdn: $n warnings about its records not shown here \(boyi validate lists them\)" \
    "the count names the file and validate"
[ "$(grep -c 'not shown here' "$TMP/err")" -eq 1 ] && ok || bad "one count line for the file"

# render replays the same way
run "$BOYI" render "$OCA" --svg "$TMP/r.svg"
expect_err "OCA_2\.0\.pdn:1:1: game 1: warning: no GameType tag" "render: the warning of the game it stops at"

finish
