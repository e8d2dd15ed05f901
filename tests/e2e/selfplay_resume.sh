#!/usr/bin/env bash
# selfplay_resume.sh -- a resume never destroys what was finished (issue 31, part 2;
# docs/robustness.md, docs/selfplay.md).  A journal line that is bad (a field, an
# edited result, an illegal move, a game twice, a game not of the batch) makes
# --resume fail with the line's number and leaves every old output byte for byte; a
# SIGKILL at any moment of a resume leaves the old set or the new one, never a mix; a
# file size limit leaves whole games only and names the limit; merge refuses a shard
# given twice and overlapping shards.  Reproducers: findings/2026-12/resume-*.sh.
source "$(dirname "$0")/lib.bash"
BOYI=$(realpath "$BOYI")
cd "$TMP"
A=(--game xiangqi --games 10 --depth 1 -j 1 --seed 3)

# same DIR REF: the outputs of DIR are those of REF, byte for byte, and no temporary
# file is left beside them.
same() {
    local f
    for f in games.pgn data.bin stats.json journal.tsv batch.txt; do
        cmp -s "$1/$f" "$2/$f" || { echo "$1/$f differs from $2/$f"; return 1; }
    done
    if ls "$1"/*.tmp* >/dev/null 2>&1; then echo "left: $(ls "$1"/*.tmp*)"; return 1; fi
    return 0
}

"$BOYI" selfplay "${A[@]}" --out ref >/dev/null 2>&1 || { echo "FAIL: the reference batch"; exit 1; }

# edit NAME AWK-PROGRAM: a copy of ref as NAME with its journal edited by AWK, then
# --resume NAME (its exit, stdout and stderr in RC, OUT, ERR).
edit() {
    rm -rf "$1" && cp -r ref "$1"
    awk -F'\t' 'BEGIN{OFS="\t"} '"$2" "$1/journal.tsv" > "$1/j" && mv "$1/j" "$1/journal.tsv"
    cp "$1/journal.tsv" "$1.journal"
    run "$BOYI" selfplay "${A[@]}" --resume "$1"
}

# unchanged NAME: all but the (edited) journal are ref's, the journal as edited.
unchanged() {
    local f
    for f in games.pgn data.bin stats.json batch.txt; do
        cmp -s "$1/$f" "ref/$f" || { bad "$1: $f was changed by the failed resume"; return; }
    done
    cmp -s "$1/journal.tsv" "$1.journal" || { bad "$1: journal.tsv was changed by the failed resume"; return; }
    if ls "$1"/*.tmp* >/dev/null 2>&1; then bad "$1: a temporary file was left"; return; fi
    ok
}

# A complete but bad line (a move too many for its evaluations): exit 2, the line named.
edit bad-line 'NR==2{$5="a0a9 " $5} {print}'
expect_rc 2 "a bad journal line"
expect_err 'journal\.tsv:2: [0-9]+ moves but [0-9]+ evaluations' "the bad line is named by its number"
unchanged bad-line

# An edited result (resume-trusts-result.sh): refused by the rules' verdict, line 1.
edit result 'NR==1{$2=($2=="0" ? "1" : "0")} {print}'
expect_rc 2 "an edited result"
expect_err 'journal\.tsv:1: game 1: the result says the first player scored [01], but its moves end in checkmate' "the result is judged"
unchanged result

# An illegal move (the king from e0 to e5 on the first move): refused, line 3.
edit illegal 'NR==3{n=split($5,m," "); m[1]="e0e5"; s=m[1]; for(i=2;i<=n;i++) s=s " " m[i]; $5=s} {print}'
expect_rc 2 "an illegal move"
expect_err 'journal\.tsv:3: game [0-9]+, move 1 .e0e5.' "the move and the line are named"
unchanged illegal

# A game twice (the first line again at the end): refused, line 11.
edit twice '{print} END{getline l < FILENAME; print l}'
expect_rc 2 "a game twice"
expect_err 'journal\.tsv:11: game [0-9]+ was read already' "the second copy's line is named"
unchanged twice

# A game that is not of the batch: refused.
edit outside 'NR==4{$1=99} {print}'
expect_rc 2 "a game outside the batch"
expect_err 'journal\.tsv:4: game 100 is not in this batch of 10 games' "the game and the line are named"
unchanged outside

# A reason that the rules contradict: an adjudicated game that claims a checkmate.
"$BOYI" selfplay --game xiangqi --games 2 --depth 1 --seed 3 --adjudicate max_plies=12 --out adj >/dev/null 2>&1
cp -r adj adj0
awk -F'\t' 'BEGIN{OFS="\t"} NR==1{$3="checkmate"} {print}' adj/journal.tsv > adj/j && mv adj/j adj/journal.tsv
run "$BOYI" selfplay --game xiangqi --games 2 --depth 1 --seed 3 --adjudicate max_plies=12 --resume adj
expect_rc 2 "a reason the moves contradict"
expect_err "journal\.tsv:1: game [0-9]+: the reason is 'checkmate', but the game is not over" "the reason is judged"
if cmp -s adj/games.pgn adj0/games.pgn && cmp -s adj/stats.json adj0/stats.json; then ok; else bad "the records were changed"; fi

# A write error during the rebuild (a size limit below the records' size): exit 2, the
# limit named, every old file as it was and no temporary left.
cp -r ref limited
( ulimit -f 8; exec "$BOYI" selfplay "${A[@]}" --resume limited ) >"$TMP/out" 2>"$TMP/err"
RC=$?; ERR=$(cat "$TMP/err")
expect_rc 2 "a resume over the size limit"
expect_err 'the file size limit was reached' "the limit is named"
if msg=$(same limited ref); then ok; else bad "a resume over the size limit: $msg"; fi

# The unedited batch resumes to itself, byte for byte.
cp -r ref again
run "$BOYI" selfplay "${A[@]}" --resume again
expect_rc 0 "resume of a finished batch"
if msg=$(same again ref); then ok; else bad "resume of a finished batch: $msg"; fi

# SIGKILL at several moments of the resume of a finished batch (resume-killed-rewrite.sh):
# each time the folder is whole (the old set, which the new one equals), and the
# counts of `boyi data stats`, `boyi stats` and the records agree with stats.json.
K=(--game xiangqi --games 200 --depth 1 -j 2 --seed 9)
"$BOYI" selfplay "${K[@]}" --out big >/dev/null 2>&1
games=$(grep -o '"games": [0-9]*' big/stats.json | grep -o '[0-9]*$')
killed=0
for d in 0.001 0.003 0.005 0.008 0.012 0.016 0.02 0.03 0.05 0.1; do
    rm -rf k && cp -r big k
    { timeout -s KILL $d "$BOYI" selfplay "${K[@]}" --resume k >/dev/null 2>&1; } 2>/dev/null
    [ $? -eq 137 ] && killed=$((killed + 1))
    n_json=$(grep -o '"games": [0-9]*' k/stats.json | grep -o '[0-9]*$')
    n_data=$("$BOYI" data stats k/data.bin 2>/dev/null | sed -n 's/^[0-9]* blocks, \([0-9]*\) games.*/\1/p')
    n_stats=$("$BOYI" stats --json k 2>/dev/null | grep -o '"games":[0-9]*' | grep -o '[0-9]*$')
    n_pgn=$(grep -c '^\[Event ' k/games.pgn)
    "$BOYI" data stats k/data.bin >/dev/null 2>&1; rc_data=$?
    if cmp -s k/games.pgn big/games.pgn && cmp -s k/data.bin big/data.bin && cmp -s k/stats.json big/stats.json &&
       [ "$rc_data" -eq 0 ] && [ "$n_json" = "$games" ] && [ "$n_data" = "$games" ] && [ "$n_stats" = "$games" ] &&
       [ "$n_pgn" = "$games" ]; then
        ok
    else
        RC=$rc_data; bad "killed after ${d}s: games.pgn $(stat -c %s k/games.pgn)/$(stat -c %s big/games.pgn) bytes; games: stats.json $n_json, data.bin $n_data, boyi stats $n_stats, records $n_pgn"
    fi
done
echo "$killed of 10 resumes were killed before they ended"
# SIGINT (Ctrl-C) during a resume: the same, and its temporary files are removed.
for d in 0.005 0.02; do
    rm -rf k && cp -r big k
    { timeout -s INT $d "$BOYI" selfplay "${K[@]}" --resume k >/dev/null 2>&1; } 2>/dev/null
    if cmp -s k/games.pgn big/games.pgn && cmp -s k/data.bin big/data.bin && cmp -s k/stats.json big/stats.json &&
       ! ls k/*.tmp* >/dev/null 2>&1; then ok
    else bad "SIGINT after ${d}s: $(ls k)"; fi
done
rm -rf k && cp -r big k
{ timeout -s KILL 0.01 "$BOYI" selfplay "${K[@]}" --resume k >/dev/null 2>&1; } 2>/dev/null
# ... and the next resume finishes it, with nothing left behind.
run "$BOYI" selfplay "${K[@]}" --resume k
expect_rc 0 "resume after a killed resume"
if msg=$(same k big); then ok; else bad "resume after a killed resume: $msg"; fi

# A file size limit: exit 2, the limit named (not "disk full?"), and the records and
# data hold whole games that agree with stats.json: games.pgn is a prefix of the
# unlimited run's, ending where a game ends.  --resume without the limit completes it.
L=(--game xiangqi --games 40 --depth 1 --seed 4)
"$BOYI" selfplay "${L[@]}" --out full >/dev/null 2>&1
( ulimit -f 20; exec "$BOYI" selfplay "${L[@]}" --out lim ) >"$TMP/out" 2>"$TMP/err"
RC=$?; ERR=$(cat "$TMP/err")
expect_rc 2 "a batch over the file size limit"
expect_err 'games\.pgn: not written: the file size limit was reached' "the size limit is named"
if grep -q 'disk full' "$TMP/err"; then bad "the size limit is called a full disk"; else ok; fi
size=$(stat -c %s lim/games.pgn)
n_pgn=$(grep -c '^\[Event ' lim/games.pgn)
n_json=$(grep -o '"games": [0-9]*' lim/stats.json | grep -o '[0-9]*$')
n_data=$("$BOYI" data stats lim/data.bin 2>/dev/null | sed -n 's/^[0-9]* blocks, \([0-9]*\) games.*/\1/p')
if [ "$size" -gt 0 ] && cmp -s -n "$size" lim/games.pgn full/games.pgn &&
   [ "$(tail -c +$((size + 1)) full/games.pgn | head -c 12)" = "$(head -c 12 full/games.pgn)" ]; then ok
else bad "games.pgn under the limit is not whole games ($size bytes)"; fi
if [ "$n_pgn" = "$n_json" ] && [ "$n_data" = "$n_json" ]; then ok
else bad "under the limit: records $n_pgn, stats.json $n_json, data.bin $n_data games"; fi
run "$BOYI" validate lim/games.pgn
expect_rc 0 "the records left under the limit validate"
run "$BOYI" selfplay "${L[@]}" --resume lim
expect_rc 0 "resume without the limit"
for f in games.pgn data.bin stats.json; do
    if cmp -s lim/$f full/$f; then ok; else bad "after the resume, $f differs from the unlimited run's"; fi
done

# merge: a shard given twice, the same shard from two folders and shards of different
# splits are refused before anything is written; the shards of one split merge.
S=(--game xiangqi --games 6 --depth 1 --seed 5)
for k in 0 1; do "$BOYI" selfplay "${S[@]}" --shard $k/2 --out p$k >/dev/null 2>&1; done
"$BOYI" selfplay "${S[@]}" --shard 1/3 --out q1 >/dev/null 2>&1
cp -r p0 p0copy
run "$BOYI" merge p0 p0 --out m1
expect_rc 2 "merge p0 p0"
expect_err 'p0 is given twice' "the repeated shard is named"
if [ -e m1 ]; then bad "merge p0 p0 wrote m1"; else ok; fi
run "$BOYI" merge p0 ./p0/ p1 --out m1
expect_rc 2 "merge p0 ./p0/"
run "$BOYI" merge p0 p0copy p1 --out m2
expect_rc 2 "merge of two copies of a shard"
expect_err 'are the same shard \(0/2\)' "the same shard is named"
run "$BOYI" merge p0 q1 --out m3
expect_rc 2 "merge of shards of different splits"
expect_err 'overlap' "overlapping shards are named"
run "$BOYI" merge p0 p1 --out m4
expect_rc 0 "merge of the two shards"
if grep -q '"games": 6,' m4/stats.json; then ok; else bad "merged stats.json: $(grep '"games"' m4/stats.json)"; fi
finish
