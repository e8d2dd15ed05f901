# selfplay_mpi.sh -- `mpirun -np 3 boyi selfplay` (rank 0 hands out games, ranks 1 and
# 2 play them) writes the same records, statistics and training data as the plain run,
# for the three games; so does a batch killed under mpirun and resumed.  Runs when boyi
# was built with -DBOYI_MPI=ON and mpirun is installed (tests/run.sh does so when Open
# MPI is present; CI installs it); otherwise it says it was skipped.
source "$(dirname "$0")/lib.bash"

if ! "$BOYI" --version | grep -q '(mpi)' || ! command -v mpirun >/dev/null; then
    echo "skipped: boyi built without MPI or no mpirun"
    exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
MPIRUN=(mpirun --oversubscribe -np 3)

same() {
    if cmp -s "$1" "$2"; then ok; else RC=0; OUT=$(diff "$1" "$2" | head -20); ERR=""; bad "$3"; fi
}

# (gomoku's depth-1 games take about 2 s each, its threat search: 4 of them, still two
# for each playing rank)
for g in xiangqi gomoku draughts; do
    n=14
    [ "$g" = gomoku ] && n=4
    run "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 21 --out "$TMP/$g-plain"
    expect_rc 0 "$g: plain run"
    run "${MPIRUN[@]}" "$BOYI" selfplay --game "$g" --games $n --depth 1 --seed 21 --out "$TMP/$g-mpi"
    expect_rc 0 "$g: mpirun -np 3"
    ext=$(cd "$TMP/$g-plain" && ls games.* | head -1)
    for f in "$ext" stats.json data.bin batch.txt; do
        same "$TMP/$g-plain/$f" "$TMP/$g-mpi/$f" "$g: $f under mpirun equals the plain run's"
    done
done

# Killed under mpirun once some games are in, resumed under mpirun.
d="$TMP/kill"
"${MPIRUN[@]}" "$BOYI" selfplay --game draughts --games 30 --depth 2 --seed 4 --out "$d" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 2000); do
    [ "$(cat "$d/journal.tsv" 2>/dev/null | wc -l)" -ge 5 ] && break
    sleep 0.005
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pkill -9 -f "seed 4 --out $d" 2>/dev/null
sleep 0.2
run "${MPIRUN[@]}" "$BOYI" selfplay --game draughts --games 30 --depth 2 --seed 4 --resume "$d"
expect_rc 0 "resume under mpirun"
"$BOYI" selfplay --game draughts --games 30 --depth 2 --seed 4 --out "$TMP/kill-ref" 2>/dev/null
same "$TMP/kill-ref/games.pdn" "$d/games.pdn" "records after a kill under mpirun and --resume"
same "$TMP/kill-ref/stats.json" "$d/stats.json" "stats after a kill under mpirun and --resume"

finish
