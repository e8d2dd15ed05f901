#!/usr/bin/env bash
# batch_resume_alone.sh -- `--resume DIR` needs nothing but the folder (issue 37, item
# 6): batch.txt records every setting, the players' specs (an engine's cmd, args,
# proto and options) and the limits, so `boyi selfplay --resume DIR` and `boyi match
# --resume DIR` finish a killed batch alone, exactly as the full command would; a
# setting given that differs from batch.txt is named, alone, with both values; a batch
# from before the spec lines still resumes with its options given.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"
# killed DIR N: the batch as a kill after N journal lines leaves it (records rebuilt on resume).
killed() { head -n "$2" "$1/journal.tsv" >"$1/j" && mv "$1/j" "$1/journal.tsv"; }
games_in() { grep -c . "$1/journal.tsv"; }

# 1. selfplay: the folder alone resumes, and the records are the uninterrupted run's.
SP=(--game gomoku --games 6 --depth 2 --seed 5)
run "$BOYI" selfplay "${SP[@]}" --out "$TMP/ref"
expect_rc 0 "selfplay: the reference batch"
run "$BOYI" selfplay "${SP[@]}" --out "$TMP/s"
killed "$TMP/s" 2
run "$BOYI" selfplay --resume "$TMP/s"
expect_rc 0 "selfplay --resume DIR alone"
if [ "$(games_in "$TMP/s")" -eq 6 ]; then ok; else bad "selfplay --resume alone: $(games_in "$TMP/s") games (6 expected)"; fi
if cmp -s "$TMP/ref/games.txt" "$TMP/s/games.txt" && cmp -s "$TMP/ref/stats.json" "$TMP/s/stats.json"; then ok
else bad "selfplay --resume alone: records or stats differ from the uninterrupted run's"; fi

# 2. A setting that differs is named, alone, with both values.
killed "$TMP/s" 2
run "$BOYI" selfplay "${SP[@]}" --seed 6 --resume "$TMP/s"
expect_rc 2 "selfplay: another seed is refused"
expect_err "seed: '5' in batch.txt, '6' now" "selfplay: the seed is named with both values"
if grep -q "player A\|name A\|^game " "$TMP/err"; then bad "selfplay: only the setting that differs should be named"; else ok; fi
run "$BOYI" selfplay --depth 3 --resume "$TMP/s"
expect_rc 2 "selfplay: other limits are refused"
expect_err "limits: 'depth=2 .*' in batch.txt, 'depth=3 .*' now" "selfplay: the limits are named"

# 3. match: batch.txt keeps the engine's spec with its options; the folder alone resumes.
ENG="name=relay cmd=$FAKE/uci.sh args='$BOYI xiangqi none 0' proto=uci option.Hash=8"
MA=(--game xiangqi --engine "$ENG" --engine depth=1 --games 4 --movetime 20)
run "$BOYI" match "${MA[@]}" --out "$TMP/m"
expect_rc 0 "match: the batch"
if grep -q "^spec A .*option.Hash=8" "$TMP/m/batch.txt" && grep -q "^spec B depth=1" "$TMP/m/batch.txt"; then ok
else bad "match: batch.txt should record both specs: $(cat "$TMP/m/batch.txt")"; fi
killed "$TMP/m" 1
run "$BOYI" match --resume "$TMP/m"
expect_rc 0 "match --resume DIR alone"
if [ "$(games_in "$TMP/m")" -eq 4 ]; then ok; else bad "match --resume alone: $(games_in "$TMP/m") games (4 expected)"; fi
killed "$TMP/m" 1
run "$BOYI" match --game xiangqi --engine "${ENG/Hash=8/Hash=16}" --engine depth=1 --games 4 --movetime 20 --resume "$TMP/m"
expect_rc 2 "match: another engine option is refused"
expect_err "spec A: '.*option.Hash=8' in batch.txt, '.*option.Hash=16' now" "match: the spec that differs is named"

# 4. A batch from before the spec lines: resumed with its options; alone, told why not.
grep -v "^spec \|^limits \|^records \|^opening rule \|^opening per \|^name " "$TMP/ref/batch.txt" >"$TMP/b" && mv "$TMP/b" "$TMP/ref/batch.txt"
killed "$TMP/ref" 3
run "$BOYI" selfplay --resume "$TMP/ref"
expect_rc 2 "older batch: --resume alone cannot know the players"
expect_err "older boyi" "older batch: the reason"
run "$BOYI" selfplay "${SP[@]}" --resume "$TMP/ref"
expect_rc 0 "older batch: resumed with its options"
if [ "$(games_in "$TMP/ref")" -eq 6 ]; then ok; else bad "older batch: $(games_in "$TMP/ref") games (6 expected)"; fi
finish
