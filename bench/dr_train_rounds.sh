#!/usr/bin/env bash
# dr_train_rounds.sh -- remake the draughts pattern weights of docs/training.md's round 1
# from boyi's own self-play (the hand evaluation's games at depth 8), compare them with
# data/weights/draughts-round1.txt, and the compiled-in table with them.  About 9 CPU
# minutes, one thread.
#     bash bench/dr_train_rounds.sh OLD_BOYI BOYI [WORKDIR]
# OLD_BOYI plays the data: a build of a commit whose compiled-in draughts evaluation is
# the hand one (any before the round-1 weights were compiled in).  BOYI trains: a build
# from before draughts-patterns-2 (round 3), whose train writes the one-set model of
# round 1 (a newer one reads round 1's file but trains the two-set model: other weights).
# Round 3's recipe is in docs/training.md.  A newer binary with
# eval=data/weights/draughts-hand.txt plays slightly different games: the runner's check
# of each random opening (a depth-2 search, selfplay/sp_game.c play_opening) searches with
# the compiled-in evaluation into player A's table, which A's first search then reads.
# Every step is deterministic: depth-limited one-thread self-play is a function of its
# seed and each game's index, and boyi train of its data, options and seed.
set -euo pipefail
OLD=${1:?usage: dr_train_rounds.sh OLD_BOYI BOYI [WORKDIR]}
BOYI=${2:?usage: dr_train_rounds.sh OLD_BOYI BOYI [WORKDIR]}
dir=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-$(mktemp -d)}
mkdir -p "$work"
play() {   # OUT GAMES SEED
    rm -rf "$work/$1"
    nice -n 10 "$OLD" selfplay --game draughts --games "$2" -j 1 --depth 8 --random-plies 8 \
        --adjudicate max_plies=400 --seed "$3" --out "$work/$1" >/dev/null
}
hand=$dir/data/weights/draughts-hand.txt   # the hand evaluation as weights: training starts there
play r1 1090 101                           # round 1's data
play v1 300 202                            # validation
nice -n 10 "$BOYI" train --game draughts "$work/r1/data.bin" --validation "$work/v1/data.bin" \
    --init "$hand" --epochs 20 --seed 1 --lambda 0 --l2 3e-8 -o "$work/round1.txt"
if cmp -s "$work/round1.txt" "$dir/data/weights/draughts-round1.txt"; then echo "round 1: the same weights as data/weights"
else echo "round 1: weights differ from data/weights/draughts-round1.txt"; exit 1; fi
bash "$dir/tools/dr_weights_header.sh" "$work/round1.txt" >"$work/dr_pattern_weights.h"
if diff -q <(sed 1d "$work/dr_pattern_weights.h") <(sed 1d "$dir/engine/draughts/dr_pattern_weights.h") >/dev/null; then
    echo "the compiled-in table is round 1's"
else echo "engine/draughts/dr_pattern_weights.h is not round 1's table"; exit 1; fi
