# selfplay.sh -- `boyi selfplay`, `merge` and `stats`: the same command gives the same
# records and statistics whatever -j, split into shards and merged, or killed at
# several moments and resumed; the records it writes are valid under the rules; the
# SPRT stops a lopsided batch; bad settings are refused with a reason.
source "$(dirname "$0")/lib.bash"

same() {  # same FILE_A FILE_B DESCRIPTION
    if cmp -s "$1" "$2"; then ok; else RC=0; OUT=$(diff "$1" "$2" | head -20); ERR=""; bad "$3"; fi
}

# Gomoku's engine is the slowest per node: fewer games.
# Gomoku at depth 1 takes about 2 s a game in Release (its threat search), ten times
# that under the sanitizers: there its self-play runs only in the shipped-openings
# batch below, and this loop checks the other two games.
games="xiangqi gomoku draughts"
[ -n "${BOYI_SANITIZED:-}" ] && games="xiangqi draughts"
for g in $games; do
    B="$TMP/$g"
    n=12
    [ -n "${BOYI_SANITIZED:-}" ] && n=6
    [ "$g" = gomoku ] && n=4
    run "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 11 -j 1 --out "$B-j1"
    expect_rc 0 "$g: a $n-game batch runs"
    run "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 11 -j 2 --out "$B-j2"
    expect_rc 0 "$g: the same batch on two threads"
    ext=$(cd "$B-j1" && ls games.* | head -1)
    same "$B-j1/$ext" "$B-j2/$ext" "$g: records identical with -j 1 and -j 2"
    same "$B-j1/stats.json" "$B-j2/stats.json" "$g: stats.json identical with -j 1 and -j 2"
    same "$B-j1/data.bin" "$B-j2/data.bin" "$g: training data identical with -j 1 and -j 2"
    # The training data reads back: every game, one position per evaluated ply.
    run "$BOYI" data stats "$B-j1/data.bin"
    expect_rc 0 "$g: data stats"
    expect_out ", $n games, " "$g: the data holds the $n games"
    evaluated=$(cut -f6 "$B-j1/journal.tsv" | tr ' ' '\n' | grep -c '^-\?[0-9]')
    expect_out " $evaluated positions" "$g: one position per evaluated ply ($evaluated)"
    if grep -q "\"games\": $n," "$B-j1/stats.json"; then ok; else bad "$g: stats.json counts $n games"; fi
    # The records are games under the rules: boyi's own judge replays every one.
    run "$BOYI" validate --game "$g" "$B-j1/$ext"
    expect_rc 0 "$g: every self-play record is valid"
    expect_out "$n games, [0-9]+ moves, $n ok" "$g: the $n games read back"
    # Shards run one after another, then merged: the unsplit run's outputs.
    "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 11 --shard 0/3 --out "$B-s0" 2>/dev/null
    "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 11 --shard 1/3 --out "$B-s1" 2>/dev/null
    "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 11 --shard 2/3 --out "$B-s2" 2>/dev/null
    run "$BOYI" merge "$B-s2" "$B-s0" "$B-s1" --out "$B-m"
    expect_rc 0 "$g: merge of three shards"
    same "$B-j1/$ext" "$B-m/$ext" "$g: merged records equal the unsplit run's"
    same "$B-j1/stats.json" "$B-m/stats.json" "$g: merged stats equal the unsplit run's"
    same "$B-j1/data.bin" "$B-m/data.bin" "$g: merged training data equals the unsplit run's"
    same "$B-j1/batch.txt" "$B-m/batch.txt" "$g: merged batch.txt equals the unsplit run's"
    # boyi stats over the shard folders says what it says over the unsplit one.
    "$BOYI" stats "$B-s0" "$B-s1" "$B-s2" --json > "$TMP/st-shards" 2>&1
    "$BOYI" stats "$B-j1" --json > "$TMP/st-one" 2>&1
    same "$TMP/st-one" "$TMP/st-shards" "$g: boyi stats over shards equals over the unsplit batch"
done

# Killed with SIGKILL at several moments (right at the start, and once 1 and half of
# the 40 games are in the journal), then resumed: the uninterrupted run's outputs.
# Under the sanitizers (several times slower) the batch is 16 games.
K=40
[ -n "${BOYI_SANITIZED:-}" ] && K=16
ref="$TMP/kill-ref"
"$BOYI" selfplay --game draughts --games $K --depth 2 --seed 5 -j 2 --out "$ref" 2>/dev/null
for at in 0 1 $((K / 2)); do
    d="$TMP/kill-$at"
    "$BOYI" selfplay --game draughts --games $K --depth 2 --seed 5 -j 2 --out "$d" 2>/dev/null &
    pid=$!
    for _ in $(seq 1 2000); do
        [ "$(cat "$d/journal.tsv" 2>/dev/null | wc -l)" -ge "$at" ] && break
        sleep 0.005
    done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    lines=$(cat "$d/journal.tsv" 2>/dev/null | wc -l)
    if [ "$lines" -lt $K ]; then ok; else RC=0; OUT=""; ERR=""; bad "the kill after $at games came before the end ($lines)"; fi
    run "$BOYI" selfplay --game draughts --games $K --depth 2 --seed 5 -j 1 --resume "$d"
    expect_rc 0 "resume after a kill at $at games"
    same "$ref/games.pdn" "$d/games.pdn" "records after a kill at $at games and --resume"
    same "$ref/stats.json" "$d/stats.json" "stats after a kill at $at games and --resume"
    same "$ref/data.bin" "$d/data.bin" "training data after a kill at $at games and --resume"
done
# A journal line cut in half (the kill came while it was written) is dropped and replayed.
d="$TMP/cut"
cp -r "$ref" "$d"
head -c -7 "$ref/journal.tsv" > "$d/journal.tsv"
run "$BOYI" selfplay --game draughts --games $K --depth 2 --seed 5 --resume "$d"
expect_rc 0 "resume with a torn last journal line"
same "$ref/games.pdn" "$d/games.pdn" "records after a torn journal line"

# A data file cut inside its last block: the whole blocks before it are read, the
# loss is reported, exit 1.
size=$(stat -c %s "$ref/data.bin")
head -c $((size - 10)) "$ref/data.bin" > "$TMP/cut.bin"
run "$BOYI" data stats "$TMP/cut.bin"
expect_rc 1 "a cut data file"
expect_err 'cut short' "the cut is reported"
# A block header that claims 2 GB of games (found by the any/data fuzz target, which
# then saw the reader allocate it): the blocks before it would be read, the rest is lost
# and said so, exit 1, without the allocation (this file has one block).
cp "$ref/data.bin" "$TMP/huge.bin"   # the first block's header starts at byte 49
printf '\000\012\000\200' | dd of="$TMP/huge.bin" bs=1 seek=57 conv=notrunc 2>/dev/null
run "$BOYI" data stats "$TMP/huge.bin"
expect_rc 1 "a block header with an impossible length"
expect_err 'more than a block can hold' "the impossible block is reported"
# A header claiming a megabyte of games from one compressed byte: deflate makes at most
# 1032 bytes of one, so the block is damaged, and said so before anything is allocated.
cp "$ref/data.bin" "$TMP/ratio.bin"
printf '\001\000\000\000\000\000\020\000' | dd of="$TMP/ratio.bin" bs=1 seek=53 conv=notrunc 2>/dev/null
run "$BOYI" data stats "$TMP/ratio.bin"
expect_rc 1 "a block claiming more than deflate can make"
expect_err 'more than deflate can make' "the impossible ratio is reported"
# A header claiming 176 MB compressed and raw, possible sizes but far more than the file
# holds: the reader reads what is there and reports the cut, in 256 MB of address space
# (it once allocated both claims, 352 MB, before reading a byte).  Not under the
# sanitizers, whose shadow memory needs terabytes of address space.
if [ -z "${BOYI_SANITIZED:-}" ]; then
    cp "$ref/data.bin" "$TMP/claim.bin"
    printf '\000\000\000\013\000\000\000\013' | dd of="$TMP/claim.bin" bs=1 seek=53 conv=notrunc 2>/dev/null
    RC=0; OUT=$( (ulimit -v 262144; "$BOYI" data stats "$TMP/claim.bin") 2> "$TMP/err") || RC=$?; ERR=$(cat "$TMP/err")
    expect_rc 1 "a block claiming 176 MB in a small file, in 256 MB of memory"
    expect_err 'cut short' "the claim is read as a cut file"
fi
run "$BOYI" data stats "$ref/games.pdn"
expect_rc 2 "a file that is not training data"
expect_err 'not a boyi training-data file' "says what it is not"

# The SPRT: depth 1 against the random player is decided long before 400 games, and
# where it stops does not depend on the threads.
for j in 1 2; do
    run "$BOYI" selfplay --game xiangqi --games 400 --a 'depth=1' --b random --seed 3 -j $j \
        --sprt 'elo0=0 elo1=50' --out "$TMP/sprt$j"
    expect_rc 0 "SPRT batch -j $j"
done
if grep -q '"state": "H1"' "$TMP/sprt1/stats.json"; then ok; else bad "SPRT accepts H1 for depth 1 over random"; fi
if grep -Eq '"games": ([0-9]|[0-9][0-9]),' "$TMP/sprt1/stats.json"; then ok; else bad "SPRT stops within 100 games"; fi
same "$TMP/sprt1/stats.json" "$TMP/sprt2/stats.json" "SPRT stop point identical with -j 1 and -j 2"

# Openings from a file: each line played twice, colours swapped; a bad line is named.
printf '# two openings\nmoves h2e2 h9g7\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | b2e2\n' > "$TMP/open.txt"
# (two settings: the same one on both sides would give each game its own opening)
run "$BOYI" selfplay --game xiangqi --games 4 --depth 1 --a depth=2 --openings "$TMP/open.txt" --out "$TMP/op"
expect_rc 0 "openings file"
# (the journal's fifth field is the game's moves; a game of the other opening may play
# the same two moves later, so only a game's first moves count)
if [ "$(awk -F'\t' '$5 ~ /^h2e2 h9g7 /' "$TMP/op/journal.tsv" | wc -l)" = 2 ]; then ok; else bad "opening 1 played by both colours"; fi
# Openings from a record file: each game's first plies, played by both colours.
pgn="$SHARED/corpus/xiangqi/hu-ronghua-1391-iccs.pgn"
run "$BOYI" selfplay --game xiangqi --games 4 --depth 1 --a depth=2 --openings "$pgn" --opening-plies 4 --out "$TMP/oprec"
expect_rc 0 "openings from a PGN file"
first=$(cut -f5 "$TMP/oprec/journal.tsv" | cut -d' ' -f1-4 | sort | uniq -c | awk '{print $1}' | sort -u | tr '\n' ' ')
if [ "$first" = "2 " ]; then ok; else RC=0; OUT="$first"; ERR=""; bad "each record opening starts two games"; fi
run "$BOYI" selfplay --game draughts --games 2 --depth 1 --openings "$SHARED/corpus/draughts/pdn-standard/succeed/$(ls "$SHARED/corpus/draughts/pdn-standard/succeed" | head -1)" --opening-plies 2 --out "$TMP/oppdn"
expect_rc 0 "openings from a PDN file"
# The opening sets shipped in data/openings/ load and play for their game.
for g in xiangqi gomoku draughts; do
    run "$BOYI" selfplay --game "$g" --games 2 --depth 1 --openings "$SRC/data/openings/$g.txt" --out "$TMP/ship-$g"
    expect_rc 0 "data/openings/$g.txt plays"
done
printf 'moves h2e2 z9z9\n' > "$TMP/badopen.txt"
run "$BOYI" selfplay --game xiangqi --games 2 --openings "$TMP/badopen.txt" --out "$TMP/bad1"
expect_rc 2 "a bad opening is refused"
expect_err 'badopen.txt:1: bad opening' "the bad opening's line is named"

# Refusals: an existing batch without --resume, other settings on --resume, bad specs.
run "$BOYI" selfplay --game draughts --games $K --depth 2 --seed 5 --out "$ref"
expect_rc 2 "an existing batch folder is not overwritten"
expect_err 'resume' "the error says how to finish it"
run "$BOYI" selfplay --game draughts --games $K --depth 3 --seed 5 --resume "$ref"
expect_rc 2 "--resume with other settings"
expect_err 'other settings' "the error says the settings differ"
run "$BOYI" selfplay --game draughts --games 4 --a 'depht=3' --out "$TMP/x"
expect_rc 2 "a misspelt player option"
run "$BOYI" selfplay --game draughts --games 4 --shard 3/3 --out "$TMP/x"
expect_rc 2 "a shard outside 0..N-1"

# an output folder under folders that do not exist yet is made with them (it was refused:
# "cannot make the folder: No such file or directory"); one under a plain file is named
run "$BOYI" selfplay --game draughts --games 2 --depth 1 --seed 1 --out "$TMP/new/deeper/out"
expect_rc 0 "--out with missing parents"
[ -s "$TMP/new/deeper/out/journal.tsv" ] && ok || bad "--out with missing parents: the journal written"
run "$BOYI" match --game draughts --engine "name=a depth=1" --engine "name=b depth=1" --games 2 --depth 1 \
    --out "$TMP/m1/m" --log "$TMP/logs/m1"
expect_rc 0 "match: --out and --log with missing parents"
[ -s "$TMP/m1/m/journal.tsv" ] && [ -d "$TMP/logs/m1" ] && ok || bad "match: both folders made"
: > "$TMP/plainfile"
run "$BOYI" selfplay --game draughts --games 2 --depth 1 --out "$TMP/plainfile/out"
expect_rc 2 "--out under a plain file"
expect_err "plainfile/out: Not a directory" "--out under a plain file: the reason named"

finish
