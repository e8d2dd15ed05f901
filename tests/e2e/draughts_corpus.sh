# draughts_corpus.sh -- the PDN standard's parser test set through `boyi validate`:
# every file in succeed/ is read (no parse verdict), every file in fail/ is rejected
# with FILE:LINE:COL and a reason; real 10x10 games (GameType 20 tagged) replay legally.
# One run per directory (process start-up dominates under sanitizers), checked per file.
source "$(dirname "$0")/lib.bash"
DIR="$SHARED/corpus/draughts/pdn-standard"

# tally FILES...: for each file, "N_VERDICTS N_PARSE N_ILLEGAL" from the last run's output
# (verdict lines start with the file name, then ':' and a line number, or ': game').
tally() {
    awk -v list="$(printf '%s\n' "$@")" '
        BEGIN { n = split(list, files, "\n") }
        { for (i = 1; i <= n; i++) {
              f = files[i]
              if (f == "" || substr($0, 1, length(f) + 1) != f ":") continue
              if ($0 ~ /: game [0-9]+(, move [0-9]+ \([a-z]+\) [^:]*)?: (ok|parse|illegal|after-end|result|position|unsupported)/) v[f]++
              if ($0 ~ /^.*\.pdn:[0-9]+:[0-9]+: game [0-9]+: parse: ....../) p[f]++
              if ($0 ~ /: illegal: /) il[f]++
          } }
        END { for (i = 1; i <= n; i++) if (files[i] != "") print v[files[i]] + 0, p[files[i]] + 0, il[files[i]] + 0 }' "$TMP/out"
}

fails=("$DIR"/fail/*.pdn)
run "$BOYI" validate --strict --game draughts "${fails[@]}"
expect_rc 1 "fail/ is rejected (--strict)"
no_crash "fail/"
i=0
while read -r verdicts parse illegal; do
    if [ "$parse" -gt 0 ]; then ok; else bad "fail/$(basename "${fails[$i]}"): no located parse error under --strict"; fi
    i=$((i + 1))
done < <(tally "${fails[@]}")
if [ "$i" -eq "${#fails[@]}" ]; then ok; else bad "every fail/ file checked"; fi
# Read leniently (the default), a fail/ file never passes silently: a located warning
# or a parse verdict for each.
for f in "${fails[@]}"; do
    run "$BOYI" validate --game draughts "$f"
    no_crash "fail/$(basename "$f") lenient"
    if grep -Eq ':[0-9]+:[0-9]+: game [0-9]+(, move [^:]*)?: (warning|parse): ' "$TMP/out"; then ok
    else bad "fail/$(basename "$f"): read leniently without a warning or a parse verdict"; fi
done

succ=("$DIR"/succeed/*.pdn)
run "$BOYI" validate --game draughts "${succ[@]}"
no_crash "succeed/"
if [ "$RC" -le 1 ]; then ok; else bad "succeed/: exit 0 or 1 expected"; fi
if grep -q ': parse: ' "$TMP/out"; then bad "succeed/: a file has a parse error: $(grep ': parse: ' "$TMP/out" | head -n 3)"; else ok; fi
i=0
while read -r verdicts parse illegal; do
    f=${succ[$i]}
    name=$(basename "$f")
    i=$((i + 1))
    if [ "$verdicts" -gt 0 ]; then ok; else bad "succeed/$name: no verdict"; fi
    # Games tagged as international draughts are real games: their moves are legal.
    tagged=$(grep -c '^\[GameType "20' "$f")
    games=$(grep -c '^\[Event ' "$f")
    if [ "$tagged" -gt 0 ] && [ "$tagged" -ge "$games" ]; then
        if [ "$illegal" -eq 0 ]; then ok; else bad "succeed/$name: a tagged 10x10 game has an illegal move"; fi
    fi
done < <(tally "${succ[@]}")
if [ "$i" -eq "${#succ[@]}" ]; then ok; else bad "every succeed/ file checked"; fi

# Files that say GameType 20 are sniffed as draughts without --game.
run "$BOYI" validate "$DIR/succeed/DUTCH96H.pdn" "$DIR/succeed/nk ronde 01.pdn" "$DIR/succeed/wk2003.pdn"
expect_rc 0 "tagged files validate as draughts without --game"
expect_out '^summary: 3 files, 43 games, .* 43 ok' "tagged files: all games ok"

# The JSON form carries the location of a rejection.
run "$BOYI" validate --game draughts --json "$DIR/fail/nested_comment.pdn"
expect_out '"status":"invalid".*"line":1,"col":46,.*"kind":"parse"' "json: the nested comment is located"

finish
