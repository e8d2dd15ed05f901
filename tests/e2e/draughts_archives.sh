# draughts_archives.sh -- the three published PDN exports of ../shared/corpus/draughts/archives
# (defects included) keep every game: `boyi validate` counts as many games as the file
# holds, counted here without boyi, and judges them all ok (their moves are legal); the
# defects are warnings, and --strict refuses them.
#
# The count without boyi: every game's moves start with move number 1, written right
# after the game's tags on the same line (one game per line) or at the start of a line
# (tags on their own lines): grep -oE '(^|\])[[:space:]]*1\.[[:space:]]*[0-9]'.  As a
# cross-check, the number of Event tags ('Event "', with or without its '[') may not
# exceed it: 48th_Polish has 81 Event tags and one more game whose only tag is [Empty];
# ChapionnatSurinam2025 has 98 Event tags, one of which lost its '['.
source "$(dirname "$0")/lib.bash"
DIR="$SHARED/corpus/draughts/archives"

for f in "$DIR"/*.pdn; do
    name=$(basename "$f")
    games=$(grep -oE '(^|\])[[:space:]]*1\.[[:space:]]*[0-9]' "$f" | wc -l)
    events=$(grep -o 'Event "' "$f" | wc -l)
    if [ "$games" -gt 0 ] && [ "$events" -le "$games" ]; then ok; else bad "$name: counted $games games and $events Event tags"; fi
    run "$BOYI" validate --game draughts "$f"
    expect_rc 0 "$name: every game is legal"
    no_crash "$name"
    expect_out "^summary: 1 files, $games games, [0-9]+ moves, $games ok, 0 invalid, 0 skipped, [1-9][0-9]* warnings" \
        "$name: $games games read, all ok, with warnings"
    if grep -Eq ": game [0-9]+: (parse|illegal)" "$TMP/out"; then bad "$name: a game was not read"; else ok; fi
    run "$BOYI" validate --strict --game draughts "$f"
    expect_rc 1 "$name: --strict refuses the defects"
    no_crash "$name --strict"
    expect_out ": game [0-9]+: parse: " "$name: --strict gives located parse verdicts"
done

# The warnings say which defect, where.
run "$BOYI" validate --game draughts "$DIR/ChapionnatSurinam2025.pdn"
expect_out "ChapionnatSurinam2025.pdn:2:10: game 1: warning: 19 literal '\\\\r' \(backslash and r" "literal \\r: counted, located"
expect_out "ChapionnatSurinam2025.pdn:22:2: game 2: warning: tag \[Empty\] has no value" "[Empty]: located"
expect_out "ChapionnatSurinam2025.pdn:212:1: game 11: warning: a tag without its '\['" "tag without '[': located"
run "$BOYI" validate --game draughts "$DIR/48th_Polish_Team_Championship.pdn"
expect_out "48th_Polish_Team_Championship.pdn:34:1072: game 17: warning: '-' as the result is not PDN" "'-' result: located"
expect_out "48th_Polish_Team_Championship.pdn:174:1: game 81: warning: '\[\[': a doubled '\['" "'[[': located"
expect_out "48th_Polish_Team_Championship.pdn:147:1: game 68: warning: the game has no result or '\*' before the next game's tags" \
    "missing result: located"

# The real one-game-per-line file with four games broken (an unclosed comment, a stray
# ')', control bytes, a tag value left open): those four are located parse verdicts,
# the other 78 are read and ok.
awk 'BEGIN { g = 0 } /^\[/ { g++ }
     { if (g == 20 && !a) a = sub(/ 10\./, " 10. { never closed")
       if (g == 40 && !b) b = sub(/ 10\./, " ) 10.")
       if (g == 60 && !c) c = sub(/ 10\./, " \001\002 10.")
       if (g == 70 && !d) { d = sub(/\[Site "/, "[Site \"open "); sub(/"\] \[Date/, " [Date") }
       print }' "$DIR/48th_Polish_Team_Championship.pdn" > "$TMP/broken.pdn"
run "$BOYI" validate --game draughts "$TMP/broken.pdn"
expect_rc 1 "broken games: exit 1"
no_crash "broken games"
expect_out "^summary: 1 files, 82 games, [0-9]+ moves, 78 ok, 4 invalid, 0 skipped" "broken games: 82 games, 78 ok"
expect_out "broken.pdn:41:307: game 20: parse: unterminated comment" "unclosed comment: located"
expect_out "broken.pdn:86:303: game 40: parse: '\)' closes no variation" "stray ')': located"
expect_out "broken.pdn:126:302: game 59: parse: unexpected control character 0x01" "control bytes: located"
expect_out "broken.pdn:147:[0-9]+: game 69: parse: " "tag value left open: located"

# The issue's reproduction: one game per line, the first with '-' as its result.
printf '[Event "a"] 1. 32-28 -\n[Event "b"] 1. 32-28 18-23 *\n[Event "c"] 1. 33-28 *\n' > "$TMP/r.pdn"
printf '[Event "a"]\n1. 32-28 -\n\n[Event "b"]\n1. 32-28 18-23 *\n\n[Event "c"]\n1. 33-28 *\n' > "$TMP/r2.pdn"
for f in r.pdn r2.pdn; do
    run "$BOYI" validate --game draughts "$TMP/$f"
    expect_rc 0 "$f: lenient"
    expect_out "^summary: 1 files, 3 games, 4 moves, 3 ok, 0 invalid, 0 skipped, 1 warnings" "$f: three games, one warning"
    run "$BOYI" validate --strict --game draughts "$TMP/$f"
    expect_rc 1 "$f: --strict"
    expect_out "$f:[0-9]+:[0-9]+: game 1: parse: unexpected '-'" "$f: --strict: game 1 located"
    expect_out "^summary: 1 files, 3 games, 3 moves, 2 ok, 1 invalid" "$f: --strict: three games"
done

finish
