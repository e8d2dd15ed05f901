#!/usr/bin/env bash
# gm_train_rounds.sh -- remake the weights of docs/training.md's "Gomoku" rounds from
# boyi's own self-play (renju rounds 1 to 3, freestyle round 1), compare them with
# data/weights/, and write the header that compiles the default in
# (gomoku-round3-free1.txt: round 3's renju weights, freestyle round 1's FR ones; the
# compiled-in default since issue 32's renju round 4 is gomoku-round4-rapfi.txt, whose
# labels are Rapfi's, an outside engine: not replayed here). About 15 CPU minutes, one thread.
#     bash bench/gm_train_rounds.sh build/boyi [WORKDIR]
# Every step is deterministic: depth-limited one-thread self-play is a function of its
# seed (game i's opening: 4 seeded random plies), and boyi train of its data, options
# and seed.
set -euo pipefail
BOYI=${1:?usage: gm_train_rounds.sh BOYI [WORKDIR]}
dir=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work"
play() {   # OUT GAMES SEED WEIGHTS [RULES]
    rm -rf "$work/$1"
    nice -n 10 "$BOYI" selfplay --game gomoku --rules "${5:-renju}" --games "$2" -j 1 --depth 5 --random-plies 4 \
        --seed "$3" --a "eval=$4" --b "eval=$4" --out "$work/$1" >/dev/null
}
hand=$dir/data/weights/gomoku-hand.txt
play r1 365 3401 "$hand"                   # round 1's data: the hand-set weights
play v1 111 3402 "$hand"                   # validation
nice -n 10 "$BOYI" train --game gomoku "$work/r1/data.bin" --validation "$work/v1/data.bin" \
    --init "$hand" --epochs 200 --seed 1 -o "$work/round1.txt"
play r2 257 3404 "$work/round1.txt"       # round 2's data: round 1's weights
nice -n 10 "$BOYI" train --game gomoku "$work/r1/data.bin" "$work/r2/data.bin" --validation "$work/v1/data.bin" \
    --init "$hand" --epochs 200 --seed 1 -o "$work/round2.txt"
# freestyle round 1: data of round 2's weights (the FR ones still hand-set) under
# freestyle; freestyle positions reach only the FR weights, so the renju ones stay round 2's
play f1 209 3410 "$work/round2.txt" freestyle
play fv 85 3411 "$work/round2.txt" freestyle
nice -n 10 "$BOYI" train --game gomoku "$work/f1/data.bin" --validation "$work/fv/data.bin" \
    --init "$work/round2.txt" --epochs 1600 --seed 1 -o "$work/free1.txt"
# renju round 3: data of round 2's weights, trained on the three rounds' data
play r3 297 3407 "$work/round2.txt"
nice -n 10 "$BOYI" train --game gomoku "$work/r1/data.bin" "$work/r2/data.bin" "$work/r3/data.bin" \
    --validation "$work/v1/data.bin" --init "$hand" --epochs 200 --seed 1 -o "$work/round3.txt"
# the default: round 3's renju weights (RB, RW), freestyle round 1's FR ones (the file's order kept)
{ grep -v '^FR_' "$work/round3.txt"; grep '^FR_' "$work/free1.txt"; } >"$work/round3-free1.txt"
for r in round1 round2 free1 round3 round3-free1; do
    if cmp -s "$work/$r.txt" "$dir/data/weights/gomoku-$r.txt"; then echo "$r: the same weights as data/weights"
    else echo "$r: weights differ from data/weights/gomoku-$r.txt"; exit 1; fi
done
bash "$dir/tools/gm_weights_header.sh" "$work/round3-free1.txt" >"$work/gm_weights.h"
echo "round3-free1's header: $work/gm_weights.h (compiled in: round 4, gomoku-round4-rapfi.txt; its FR weights are these)"
if [ "$(grep '^FR_' "$work/round3-free1.txt")" = "$(grep '^FR_' "$dir/data/weights/gomoku-round4-rapfi.txt")" ]; then echo "FR: round 4's are free1's"
else echo "FR: round 4's differ from free1's"; exit 1; fi
