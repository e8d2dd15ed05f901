#!/usr/bin/env bash
# xq_train_rounds.sh -- remake the Xiangqi weights of docs/training.md's rounds 1 to 3
# from boyi's own self-play, and compare them with data/weights/ (rounds 1 and 2 are
# xiangqi-terms-1 files, compared by their terms; round 3 is xiangqi-terms-2, compared
# by its terms and tables).  Each round fits its own model's weights (`--model`: the
# threat terms of xiangqi-terms-3, and for rounds 1 and 2 the tables, stay 0). About
# 12 CPU minutes, one thread.
#     bash bench/xq_train_rounds.sh build/boyi [WORKDIR [OLD_BOYI]]
# Round 3's data was played by the binary with round 2 compiled in (OLD_BOYI: a build
# of the commit before round 3); without it they are played with eval= round 2's file,
# whose games differ in a few places (docs/training.md, draughts: the opening check
# searches with the compiled-in evaluation), so round 3 is then not the same weights.
# Every step is deterministic: depth-limited one-thread self-play is a function of its
# seed, and boyi train of its data, options and seed.
set -euo pipefail
BOYI=${1:?usage: xq_train_rounds.sh BOYI [WORKDIR]}
dir=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$(mktemp -d)}
OLD=${3:-}
mkdir -p "$work"
play() {   # OUT GAMES SEED SPEC [BINARY]
    rm -rf "$work/$1"
    nice -n 10 "${5:-$BOYI}" selfplay --game xiangqi --games "$2" -j 1 --depth 5 --random-plies 8 \
        --adjudicate max_plies=400 --seed "$3" --a "$4" --b "$4" --out "$work/$1" >/dev/null
}
texel=$dir/data/weights/xiangqi-texel.txt
play r1 342 101 "eval=$texel"              # round 1's data: the Texel weights
play v1 146 202 "eval=$texel"              # validation
nice -n 10 "$BOYI" train --game xiangqi "$work/r1/data.bin" --validation "$work/v1/data.bin" \
    --init "$texel" --epochs 20 --seed 1 --model xiangqi-terms-1 -o "$work/round1.txt"
play r2 192 303 "eval=$work/round1.txt"    # round 2's data: round 1's weights
nice -n 10 "$BOYI" train --game xiangqi "$work/r1/data.bin" "$work/r2/data.bin" --validation "$work/v1/data.bin" \
    --init "$texel" --epochs 20 --seed 1 --model xiangqi-terms-1 -o "$work/round2.txt"
round2=$dir/data/weights/xiangqi-round2.txt
if [ -n "$OLD" ]; then                      # round 3's data: round 2's weights (compiled in)
    play r3 1162 3301 name=round2 "$OLD"; play v3 250 3302 name=round2 "$OLD"
else
    play r3 1162 3301 "eval=$round2"; play v3 250 3302 "eval=$round2"
fi
nice -n 10 "$BOYI" train --game xiangqi "$work/r3/data.bin" --validation "$work/v3/data.bin" \
    --init "$round2" --epochs 20 --seed 1 --lambda 0 --model xiangqi-terms-2 -o "$work/round3.txt"
nice -n 10 "$BOYI" train --game xiangqi "$work/r3/data.bin" --validation "$work/v3/data.bin" \
    --init "$round2" --epochs 20 --seed 1 --model xiangqi-terms-2 -o "$work/round3-mix.txt"
terms() { grep -v '^#' "$1" | sed 1d | grep -v '^PST' | grep -v '^THREAT_'; }   # a file's 80 terms
tables() { grep -v '^#' "$1" | sed 1d | grep -v '^THREAT_'; }   # its terms and tables
for r in 1 2; do
    if [ "$(terms "$work/round$r.txt")" = "$(terms "$dir/data/weights/xiangqi-round$r.txt")" ]; then
        echo "round $r: the same weights as data/weights"
    else echo "round $r: weights differ from data/weights/xiangqi-round$r.txt"; exit 1; fi
done
for r in 3 3-mix; do
    if [ "$(tables "$work/round$r.txt")" = "$(tables "$dir/data/weights/xiangqi-round$r.txt")" ]; then
        echo "round $r: the same weights as data/weights"
    else echo "round $r: weights differ from data/weights/xiangqi-round$r.txt"; exit 1; fi
done
