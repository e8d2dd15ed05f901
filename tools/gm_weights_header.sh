#!/usr/bin/env bash
# gm_weights_header.sh -- a weights file of `boyi train --game gomoku` (docs/training.md)
# as engine/gomoku/gm_weights.h, the pattern engine's compiled-in evaluation weights
# (docs/engine-gomoku.md, "The pattern engine"): the whole header on stdout, three
# weights a line, in the model's order.
#     bash tools/gm_weights_header.sh WEIGHTS > engine/gomoku/gm_weights.h
# Refuses a file that is not gomoku-patterns-1 weights or whose names are not the
# model's, in its order (the order is the one the header itself gives: roles RB, RW, FR;
# sides MOVER, OTHER; the nine line shapes, then the seven tiers).
set -euo pipefail
w=${1:?usage: gm_weights_header.sh WEIGHTS}
head -1 "$w" | grep -qx 'boyi-weights gomoku-patterns-1' || { echo "$w: not gomoku-patterns-1 weights" >&2; exit 2; }
want=$(for r in RB RW FR; do for s in MOVER OTHER; do
    for k in BLOCK2 FLEX2 BLOCK3 FLEX3 BLOCK4 DOUBLE4 FLEX4 FIVE OVERLINE; do echo "${r}_${s}_LINE_$k"; done
    for k in LOW THREE FOUR 33 43 WIN FIVE; do echo "${r}_${s}_TIER_$k"; done
done; done)
have=$(grep -v '^#' "$w" | sed 1d | awk 'NF{print $1}')
[ "$want" = "$have" ] || { echo "$w: the weights are not gomoku-patterns-1's, in its order" >&2; exit 2; }
cat <<'HEAD'
/* gm_weights.h -- the pattern engine's evaluation weights (gm_pat.c; docs/engine-gomoku.md,
 * "The pattern engine"), the model `gomoku-patterns-1` of `boyi train --game gomoku`.
 * Written by tools/gm_weights_header.sh from a weights file; do not edit by hand
 * (docs/training.md, "Gomoku", gives the command that remakes it).
 *
 * A point's value for a colour is the sum of its four lines' LINE_ weights plus its
 * tier's TIER_ weight (a sure foul: 0).  RB is renju black, RW renju white, FR either
 * colour under freestyle and standard; MOVER weights count the side to move's points,
 * OTHER weights the other side's (subtracted). */
#ifndef BOYI_GM_WEIGHTS_H
#define BOYI_GM_WEIGHTS_H

#define GM_EVAL_WEIGHTS(X) \
HEAD
grep -v '^#' "$w" | sed 1d | awk 'NF{a[n++] = sprintf("X(%s, %d)", $1, $2)}
    END{for (i = 0; i < n; i++) printf "%s%s%s", (i % 3 ? " " : "    "), a[i], (i == n - 1 ? "\n" : i % 3 == 2 ? " \\\n" : "")}'
printf '\n#endif\n'
