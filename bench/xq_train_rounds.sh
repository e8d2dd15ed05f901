#!/usr/bin/env bash
# xq_train_rounds.sh -- remake the Xiangqi weights of docs/training.md's rounds 1 and 2
# from boyi's own self-play, and compare them with data/weights/ (the default compiled
# into engine/xiangqi/xq_eval.h is round 2's). About 5 CPU minutes, one thread.
#     bash bench/xq_train_rounds.sh build/boyi [WORKDIR]
# Every step is deterministic: depth-limited one-thread self-play is a function of its
# seed, and boyi train of its data, options and seed.
set -euo pipefail
BOYI=${1:?usage: xq_train_rounds.sh BOYI [WORKDIR]}
dir=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work"
play() {   # OUT GAMES SEED SPEC
    rm -rf "$work/$1"
    nice -n 10 "$BOYI" selfplay --game xiangqi --games "$2" -j 1 --depth 5 --random-plies 8 \
        --adjudicate max_plies=400 --seed "$3" --a "$4" --b "$4" --out "$work/$1" >/dev/null
}
texel=$dir/data/weights/xiangqi-texel.txt
play r1 342 101 "eval=$texel"              # round 1's data: the Texel weights
play v1 146 202 "eval=$texel"              # validation
nice -n 10 "$BOYI" train --game xiangqi "$work/r1/data.bin" --validation "$work/v1/data.bin" \
    --epochs 20 --seed 1 -o "$work/round1.txt"
play r2 192 303 "eval=$work/round1.txt"    # round 2's data: round 1's weights
nice -n 10 "$BOYI" train --game xiangqi "$work/r1/data.bin" "$work/r2/data.bin" --validation "$work/v1/data.bin" \
    --epochs 20 --seed 1 -o "$work/round2.txt"
for r in 1 2; do
    if cmp -s "$work/round$r.txt" "$dir/data/weights/xiangqi-round$r.txt"; then echo "round $r: the same weights as data/weights"
    else echo "round $r: weights differ from data/weights/xiangqi-round$r.txt"; exit 1; fi
done
