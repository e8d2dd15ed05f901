# draughts_corpus.sh -- the PDN standard's parser test set through `boyi validate`:
# every file in succeed/ is read (no parse verdict), every file in fail/ is rejected
# with FILE:LINE:COL and a reason; real 10x10 games (GameType 20 tagged) replay legally.
source "$(dirname "$0")/lib.bash"
DIR="$SHARED/corpus/draughts/pdn-standard"

for f in "$DIR"/fail/*.pdn; do
    name=$(basename "$f")
    run "$BOYI" validate --game draughts "$f"
    expect_rc 1 "fail/$name is rejected"
    no_crash "fail/$name"
    expect_out "^$f:[0-9]+:[0-9]+: game [0-9]+: parse: .{6,}" "fail/$name: located parse error"
done

for f in "$DIR"/succeed/*.pdn; do
    name=$(basename "$f")
    run "$BOYI" validate --game draughts "$f"
    no_crash "succeed/$name"
    if [ "$RC" -le 1 ]; then ok; else bad "succeed/$name: exit 0 or 1 expected"; fi
    if grep -q ': parse: ' "$TMP/out"; then bad "succeed/$name has a parse error"; else ok; fi
    expect_out '^summary: 1 files, [1-9][0-9]* games' "succeed/$name: games were read"
    # Games tagged as international draughts are real games: their moves are legal.
    tagged=$(grep -c '^\[GameType "20' "$f")
    games=$(grep -o ', [0-9]* games' "$TMP/out" | grep -o '[0-9]*')
    if [ "$tagged" -gt 0 ] && [ "$tagged" -eq "$games" ]; then
        if grep -q ': illegal: ' "$TMP/out"; then bad "succeed/$name: a tagged 10x10 game has an illegal move"; else ok; fi
    fi
done

# Files that say GameType 20 are sniffed as draughts without --game.
for name in DUTCH96H.pdn "nk ronde 01.pdn" wk2003.pdn; do
    run "$BOYI" validate "$DIR/succeed/$name"
    expect_rc 0 "$name validates as draughts without --game"
    expect_out '(white|black)|ok,' "$name: draughts verdicts"
done

# The JSON form carries the location of a rejection.
run "$BOYI" validate --game draughts --json "$DIR/fail/nested_comment.pdn"
expect_out '"status":"invalid".*"line":1,"col":46,.*"kind":"parse"' "json: the nested comment is located"

finish
