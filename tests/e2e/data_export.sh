# data_export.sh -- `boyi data export FILE --format plain` (docs/training-data.md,
# "Plain text"): the Stockfish family's plain training text read back (fen, move,
# score, ply, result, e) gives every position `boyi data dump` gives, field by field,
# for Xiangqi, Gomoku (Renju) and draughts self-play data; every exported position
# reads back through the game's own position reader and its move is legal there; the
# Xiangqi FEN and move are as Pikafish writes them; -o writes the same as stdout;
# bad formats and a cut file are said.
source "$(dirname "$0")/lib.bash"

# plain_as_dump FILE: the plain records as "PLY FEN | eval E best M | RESULT", PLY
# 1-based (plain's ply counts the plies before the position), the result as a word.
plain_as_dump() {
    awk '/^fen /{fen=substr($0,5)} /^move /{mv=$2} /^score /{sc=$2} /^ply /{ply=$2}
         /^result /{r=($2==1?"win":$2==0?"draw":$2==-1?"loss":"?")}
         /^e$/{print ply+1, fen, "| eval", sc, "best", mv, "|", r}' "$1"
}
# dump_fields FILE: boyi data dump's lines cut to the same fields.
dump_fields() {
    "$BOYI" data dump "$1" | sed -E 's/^[0-9]+ ([0-9]+) (.*) \| [a-z]+ \| eval (-?[0-9]+) best ([^ ]+) played [^ ]+ \| ([a-z]+)$/\1 \2 | eval \3 best \4 | \5/'
}

for spec in "xiangqi:" "gomoku:--rules renju" "draughts:"; do
    game=${spec%%:*} extra=${spec#*:}
    # shellcheck disable=SC2086
    "$BOYI" selfplay --game "$game" $extra --games 2 --depth 1 --out "$TMP/$game" --seed 7 >/dev/null 2>&1
    run "$BOYI" data export "$TMP/$game/data.bin" --format plain
    expect_rc 0 "$game: export exits 0"
    cp "$TMP/out" "$TMP/$game.plain"
    n=$(grep -c '^e$' "$TMP/$game.plain")
    if [ "$n" -gt 20 ]; then ok; else bad "$game: positions exported ($n)"; fi
    # every record has the five fields, in order, then e
    if awk 'BEGIN{k=0; split("fen move score ply result e",want," ")} {w=$1; if (w!=want[k%6+1]) bad=1; k++} END{exit bad||k%6}' "$TMP/$game.plain"; then ok; else bad "$game: fields in the plain order"; fi
    a=$(plain_as_dump "$TMP/$game.plain"); b=$(dump_fields "$TMP/$game/data.bin")
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok; else RC=0; OUT=$(diff <(echo "$a") <(echo "$b") | head); bad "$game: the plain text reads back as data dump's positions"; fi
    # each position reads back through the game's reader, its move is legal there
    # (the first ten: each costs a process)
    okn=0
    while IFS=$'\t' read -r fen mv; do
        if "$BOYI" moves --game "$game" $extra --fen "$fen" 2>/dev/null | grep -qx -- "$mv\( .*\)\?"; then okn=$((okn + 1)); fi
    done < <(awk '/^fen /{fen=substr($0,5)} /^move /{print fen "\t" $2}' "$TMP/$game.plain" | head -10)
    if [ "$okn" -eq 10 ]; then ok; else bad "$game: exported positions read back with their move legal ($okn of 10)"; fi
    run "$BOYI" data export "$TMP/$game/data.bin" --format plain -o "$TMP/$game.o"
    if cmp -s "$TMP/$game.o" "$TMP/$game.plain"; then ok; else bad "$game: -o writes what stdout gets"; fi
done
# Xiangqi as Pikafish writes it: FEN with w/b and the counters, UCI-style move with ranks 0-9
if grep '^fen ' "$TMP/xiangqi.plain" | grep -Evq '^fen [rnbakcpRNBAKCP1-9/]+ [wb] - - [0-9]+ [0-9]+$'; then bad "xiangqi: FEN as Pikafish writes it"; else ok; fi
if grep '^move ' "$TMP/xiangqi.plain" | grep -Evq '^move [a-i][0-9][a-i][0-9]$'; then bad "xiangqi: moves as Pikafish writes them"; else ok; fi

# --- data stats fits the expected-score scale (docs/annotate.md, "Fitted scales") ----
# to the exported positions that are not found wins or losses; the fit's log-loss is
# no worse than the old scale's (it is the minimum).
for game in xiangqi draughts; do
    run "$BOYI" data stats "$TMP/$game/data.bin"
    want=$(awk '/^score /{s=$2; if (s < 29000 && s > -29000) n++} END{print n+0}' "$TMP/$game.plain")
    expect_out "^expected-score scale: S [0-9]+ fitted to $want positions" "$game: the scale fitted to every position with a score"
    line=$(grep '^expected-score scale' "$TMP/out")
    ll=$(echo "$line" | sed -E 's/.*; log-loss ([0-9.]+), Brier.*S on odd.*/\1/'); l4=$(echo "$line" | sed -E 's/.*at S 400: log-loss ([0-9.]+),.*/\1/')
    if awk -v a="$ll" -v b="$l4" 'BEGIN{exit !(a <= b + 1e-9)}'; then ok; else bad "$game: the fitted S is no worse than 400 ($ll vs $l4)"; fi
done

# --- bad input -----------------------------------------------------------------------
run "$BOYI" data export "$TMP/xiangqi/data.bin"
expect_rc 2 "no --format: a usage error"
run "$BOYI" data export "$TMP/xiangqi/data.bin" --format binpack
expect_rc 2 "an unknown format: a usage error"
expect_err "binpack" "the unknown format named"
head -c 100 "$TMP/xiangqi/data.bin" >"$TMP/cut.bin"
run "$BOYI" data export "$TMP/cut.bin" --format plain -o "$TMP/cut.plain"
expect_rc 1 "a cut file: exit 1"
expect_err "not read" "a cut file: the loss said"
printf 'not data' >"$TMP/junk.bin"
run "$BOYI" data export "$TMP/junk.bin" --format plain -o "$TMP/junk.plain"
expect_rc 2 "not a data file: exit 2"
if [ ! -e "$TMP/junk.plain" ]; then ok; else bad "not a data file: no output file left"; fi
finish
