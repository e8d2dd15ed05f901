#!/usr/bin/env bash
# tsan_threads.sh -- every multithreaded path of boyi, for the ThreadSanitizer build
# (-DBOYI_TSAN=ON, tests/run.sh's third stage; this is that build's only test).
# ctest sets TSAN_OPTIONS=halt_on_error=1 exitcode=66: a data race, a lock-order
# inversion or a thread leak ends the command with exit 66 and a report on stderr,
# which fails the check.  The paths: self-play batches on two threads (alpha-beta and
# MCTS players), annotate -j 2, data relabel -j 2 (boyi's search and an outside
# engine), a match on two threads against `boyi uci` run with two search threads, the engine protocol with --threads 2 (a search stopped by `stop` and
# by `quit`; it runs on a thread of its own beside the reading one, as Hub's and
# Gomocup's do), analyse --threads 2 (shared hash alpha-beta, tree-parallel MCTS,
# expectimax), and the Two Tigers solver's threaded layer pass, cut by its time budget.
# Sizes are small: under TSan every memory access is checked (5-15x slower).  Nothing
# is suppressed: any report fails the test.
. "$(dirname "$0")/lib.bash"
C=$SHARED/corpus
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1 exitcode=66}

# clean DESCRIPTION: the last run exited 0 and TSan said nothing.
clean() {
    if [ "$RC" -eq 0 ] && ! grep -q 'ThreadSanitizer' "$TMP/err"; then ok
    else bad "$1 (exit 66 or a 'WARNING: ThreadSanitizer' report is a race)"; fi
}

# --- self-play: the batch's worker threads, the journal and statistics writer ------------
run "$BOYI" selfplay --game xiangqi --games 2 --depth 1 --seed 7 -j 2 --out "$TMP/sp-xq"
clean "selfplay xiangqi -j 2"
run "$BOYI" selfplay --game nogo --games 2 --nodes 200 --seed 7 -j 2 --out "$TMP/sp-ng"
clean "selfplay nogo (MCTS) -j 2"
if [ -s "$TMP/sp-xq/journal.tsv" ] && [ "$(wc -l < "$TMP/sp-xq/journal.tsv")" -ge 2 ]; then ok
else RC=0; OUT=""; ERR=""; bad "selfplay -j 2 journals its 2 games"; fi

# --- annotate -j 2: games searched by a pool of workers, written in file order ---------
files=("$C/xiangqi/ccgc2006/game-01.pgn" "$C/xiangqi/ccgc2006/game-02.pgn")
run "$BOYI" annotate --depth 1 --hash 4 -j 2 "${files[@]}"
clean "annotate -j 2"
expect_out '\{' "annotate -j 2 writes comments"

# --- data relabel -j 2: positions searched by a pool, written in input order -----------
run "$BOYI" data relabel "$TMP/sp-xq/data.bin" --game xiangqi --depth 1 --hash 4 -j 2 -o "$TMP/rl"
clean "data relabel -j 2"
run "$BOYI" data relabel "$TMP/sp-xq/data.bin" --game xiangqi --depth 1 --count 6 -j 2 \
    --engine "name=E cmd=$BOYI args='engine --game xiangqi --hash 4' proto=uci" -o "$TMP/rl-e"
clean "data relabel -j 2 --engine"
if [ -s "$TMP/rl-e" ]; then ok; else RC=0; OUT=""; ERR=""; bad "data relabel -j 2 writes records"; fi

# --- match -j 2 against `boyi uci --threads 2`: the runner's threads, and the engine's ------
spec="name=uci cmd=$BOYI args='uci --game xiangqi --threads 2 --hash 4' proto=uci depth=2"
run "$BOYI" match --game xiangqi --engine "$spec" --engine "name=boyi depth=1" --games 2 -j 2 \
    --depth 2 --out "$TMP/m"
clean "match -j 2 against boyi uci --threads 2"
if [ -s "$TMP/m/journal.tsv" ] && ! grep -q 'fault\|crash' "$TMP/m/journal.tsv"; then ok
else RC=0; OUT=$(cat "$TMP/m/journal.tsv" 2>/dev/null); ERR=""; bad "match: both games played without a fault"; fi
# the engine side's stderr (a race in `boyi uci` is reported there, and it exits 66)
if ! grep -rqs 'ThreadSanitizer' "$TMP/m" ; then ok
else RC=0; OUT=""; ERR=$(grep -rh -A5 'ThreadSanitizer' "$TMP/m" | head -40); bad "boyi uci under the match raced"; fi

# --- the engine protocol with two search threads: go, stop, go, quit mid-search ---------
{
    printf 'uci\nsetoption name Threads value 2\nsetoption name Hash value 4\nisready\n'
    printf 'position startpos\ngo infinite\n'; sleep 1; printf 'stop\n'
    printf 'position startpos moves h2e2 h9g7\ngo depth 4\n'; sleep 1
    printf 'go infinite\n'; sleep 1; printf 'quit\n'
} | "$BOYI" engine --game xiangqi --threads 2 --hash 4 >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
clean "engine --threads 2: go, stop, quit while searching"
expect_out '^bestmove' "engine --threads 2 answers bestmove"

# --- the Hub and Gomocup servers' search threads: ping and stop during a search, YXSTOP
# and END during a long think (the reading thread and the search thread side by side)
{
    printf 'hub\ninit\nlevel move-time=86400\ngo think\n'; sleep 1; printf 'ping\nstop\n'
    printf 'go think\n'; sleep 0.5; printf 'quit\n'
} | "$BOYI" hub --game draughts --threads 2 >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
clean "hub: ping, stop and quit while searching"
expect_out '^done move=' "hub answers done"
{
    printf 'START 15\nINFO timeout_turn 86400000\nBEGIN\n'; sleep 1; printf 'YXSTOP\nTURN 0,0\n'; sleep 0.5; printf 'END\n'
} | "$BOYI" gomocup >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
clean "gomocup: YXSTOP and END while thinking"
expect_out '^[0-9]+,[0-9]+$' "gomocup answers a move"

# --- analyse --threads 2: lazy SMP alpha-beta, tree-parallel MCTS, chance nodes -----------
run "$BOYI" analyse --game xiangqi --depth 5 --threads 2 --hash 4
clean "analyse xiangqi --threads 2 (shared hash table)"
expect_out '^bestmove' "analyse xiangqi names a move"
run "$BOYI" analyse --game gomoku --depth 3 --threads 2 --hash 4
clean "analyse gomoku --threads 2"
run "$BOYI" analyse --game nogo --nodes 2000 --threads 2
clean "analyse nogo --threads 2 (MCTS)"
run "$BOYI" analyse --game einstein --nodes 2000 --threads 2
clean "analyse einstein --threads 2"

# --- the Two Tigers solver: the 11-dog layer's pass on two threads, stopped by its time
# budget (the whole layer takes hours); the table keeps its header and no half layer
run "$BOYI" solve --game tigers --max-pieces 11 --threads 2 --movetime 1500 --table="$TMP/t.bin"
clean "tigers solve --threads 2 (a timed pass)"

finish
