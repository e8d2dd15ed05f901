#!/usr/bin/env bash
# xq_weights_header.sh -- a weights file of `boyi train --game xiangqi` (docs/training.md)
# as the XQ_EVAL_WEIGHTS table of engine/xiangqi/xq_eval.h: the engine's default weights
# are compiled in from it, six weights a line, in the model's order.
#     bash tools/xq_weights_header.sh WEIGHTS > table.txt   # then replace the table's lines
# Refuses a file that is not xiangqi-terms-1 weights (the names and their order are
# checked against xq_eval.h itself).
set -euo pipefail
w=${1:?usage: xq_weights_header.sh WEIGHTS}
dir=$(cd "$(dirname "$0")/.." && pwd)
head -1 "$w" | grep -qx 'boyi-weights xiangqi-terms-1' || { echo "$w: not xiangqi-terms-1 weights" >&2; exit 2; }
want=$(grep -o 'X([A-Z0-9_]*,' "$dir/engine/xiangqi/xq_eval.h" | sed 's/X(//; s/,//')
have=$(grep -v '^#' "$w" | sed 1d | awk 'NF{print $1}')
[ "$want" = "$have" ] || { echo "$w: the weights are not xq_eval.h's, in its order" >&2; exit 2; }
grep -v '^#' "$w" | sed 1d | awk 'NF{printf "%sX(%s, %d)", (n % 6 ? " " : (n ? " \\\n    " : "    ")), $1, $2; n++} END{print ""}'
