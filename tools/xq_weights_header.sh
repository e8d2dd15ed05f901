#!/usr/bin/env bash
# xq_weights_header.sh -- a weights file of `boyi train --game xiangqi` (docs/training.md)
# as engine/xiangqi/xq_eval_weights.h, the engine's compiled-in weights:
#     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
# The terms as the XQ_EVAL_WEIGHTS table (names and values, six a line), the
# piece-square tables as XQ_EVAL_PST_DEFAULTS (a table per kind and phase, a rank a
# line), the threat terms as XQ_EVAL_THREAT_WEIGHTS (three a line).  Takes
# xiangqi-terms-3 weights, or xiangqi-terms-2 (its threat terms then 0) or -1 (its
# tables too); the names and their order are checked against the header the build has
# now (the terms and threat terms) and the tables' names (evaluate.c).
set -euo pipefail
w=${1:?usage: xq_weights_header.sh WEIGHTS}
dir=$(cd "$(dirname "$0")/.." && pwd)
model=$(head -1 "$w")
case "$model" in
    'boyi-weights xiangqi-terms-3') ;;
    'boyi-weights xiangqi-terms-2') ;;
    'boyi-weights xiangqi-terms-1') ;;
    *) echo "$w: not xiangqi-terms-3 (or -2, -1) weights" >&2; exit 2 ;;
esac
hdr="$dir/engine/xiangqi/xq_eval_weights.h"
terms=$(sed '/XQ_EVAL_THREAT_WEIGHTS/,$d' "$hdr" | grep -o 'X([A-Z0-9_]*,' | sed 's/X(//; s/,//')
threats=$(sed -n '/define XQ_EVAL_THREAT_WEIGHTS/,$p' "$hdr" | grep -o 'X([A-Z0-9_]*,' | sed 's/X(//; s/,//')
tables=$(for t in PST PSTEG; do for k in KING ADVISOR ELEPHANT HORSE CHARIOT CANNON PAWN; do
    for r in 0 1 2 3 4 5 6 7 8 9; do for f in 0 1 2 3 4; do echo "${t}_${k}_R${r}F${f}"; done; done; done; done)
body=$(grep -v '^#' "$w" | sed 1d | sed 's/#.*//' | awk 'NF')
have=$(echo "$body" | awk '{print $1}')
case "$model" in
    *-1) [ "$have" = "$terms" ] || { echo "$w: the weights are not xiangqi-terms-1's, in its order" >&2; exit 2; }
         body=$(echo "$body"; echo "$tables" | awk '{print $1, 0}'; echo "$threats" | awk '{print $1, 0}') ;;
    *-2) [ "$have" = "$(echo "$terms"; echo "$tables")" ] || { echo "$w: the weights are not xiangqi-terms-2's, in its order" >&2; exit 2; }
         body=$(echo "$body"; echo "$threats" | awk '{print $1, 0}') ;;
    *) [ "$have" = "$(echo "$terms"; echo "$tables"; echo "$threats")" ] \
           || { echo "$w: the weights are not xiangqi-terms-3's, in its order" >&2; exit 2; } ;;
esac
nterms=$(echo "$terms" | wc -l)
cat <<'HEAD'
/* xq_eval_weights.h -- the Xiangqi evaluation's compiled-in weights (model
 * xiangqi-terms-3, engine/xiangqi/xq_eval.h), generated from a weights file by
 *     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
 * (docs/training.md).  Do not edit by hand. */
#ifndef BOYI_XQ_EVAL_WEIGHTS_H
#define BOYI_XQ_EVAL_WEIGHTS_H

HEAD
echo "$body" | awk -v nt="$nterms" '
    NR == 1 { printf "#define XQ_EVAL_WEIGHTS(X) \\\n" }
    NR <= nt { printf "%sX(%s, %d)", ((NR - 1) % 6 ? " " : (NR > 1 ? " \\\n    " : "    ")), $1, $2 }
    NR == nt { printf "\n\n/* The piece-square tables: per kind (king, advisor, elephant, horse, chariot, cannon,\n * pawn), middle game then endgame share, ranks 0..9 from the own side, files 0..4 from the\n * nearer edge. */\n#define XQ_EVAL_PST_DEFAULTS \\\n" }
    NR > nt && NR <= nt + 700 {
        i = NR - nt - 1
        if (i % 50 == 0) { split($1, part, "_"); printf "    /* %s_%s */ \\\n", part[1], part[2] }
        if (i % 5 == 0) printf "   "
        printf " %d,", $2
        if (i % 5 == 4) printf "%s\n", (NR == nt + 700 ? "" : " \\")
    }
    NR == nt + 700 { printf "\n/* The threat terms: for the side to move, then the other side, attacked by a lesser\n * piece (chariot, cannon, horse, guard), then attacked and undefended (those and a pawn\n * across the river). */\n#define XQ_EVAL_THREAT_WEIGHTS(X)" }
    NR > nt + 700 { i = NR - nt - 701; printf "%sX(%s, %d)", (i % 3 ? " " : " \\\n    "), $1, $2 }'
printf '\n\n#endif\n'
