#!/usr/bin/env bash
# blunder_compare.sh A.json REF.json [S [SA]] -- docs/annotate.md's held-out figures from two
# `boyi annotate --json` runs over the same games: A (boyi, classes as written) and REF
# (a strong engine, e.g. `--engine` Fairy-Stockfish deeper), whose classes are taken
# afresh at scale S (default 550: its loss from its eval_before/eval_after, 0 where its
# best move was played; thresholds 0.10 mistake, 0.15 blunder; with SA, A's classes are
# taken afresh the same way at scale SA, as an older S would have classed them).  Prints A's blunders per
# side per game; precision: the share of A's blunders that REF calls a mistake or a
# blunder; recall: the share of REF's blunders that A calls a mistake or a blunder.
# A class taken afresh compares eval_before with eval_played (the move played searched
# alone at the same position and limit) where the line has one, else with eval_after;
# PLIES=1 in the environment takes eval_after always (the position after the move, as
# annotate judged before eval_played: two positions searched to different horizons).
# REFB=0.20 in the environment sets the blunder threshold of the classes taken afresh
# (default 0.15, the threshold before issue 32's third round; annotate's is now 0.20).
set -eu
awk -v S="${3:-550}" -v SA="${4:-0}" -v PLIES="${PLIES:-0}" -v REFB="${REFB:-0.15}" '
function ev(s, S,   m) {   # an eval object from the mover'"'"'s view as an expected score at S
    if (s ~ /"cp":/) { match(s, /-?[0-9]+/); return 1 / (1 + 10 ^ (-substr(s, RSTART, RLENGTH) / S)) }
    if (s ~ /"mate":-/) return 0
    if (s ~ /"mate":/) return 1
    if (s ~ /"win"/) return 1
    if (s ~ /"loss"/) return 0
    return 0.5 }
function reclass(S,   b, a, mv, bs, l) {   # the line'"'"'s class from its first-look evaluations at S
    match($0, /"eval_before":\{[^}]*\}/); b = substr($0, RSTART, RLENGTH)
    if (PLIES == 0 && match($0, /"eval_played":\{[^}]*\}/)) a = substr($0, RSTART, RLENGTH)
    else { match($0, /"eval_after":\{[^}]*\}/); a = substr($0, RSTART, RLENGTH) }
    match($0, /"move":"[^"]*"/); mv = substr($0, RSTART, RLENGTH)
    match($0, /"best":("[^"]*"|null)/); bs = substr($0, RSTART + 7, RLENGTH - 7)
    l = ev(b, S) - ev(a, S); if (l < 0 || ("\"move\":" bs) == mv) l = 0
    return l >= REFB ? "blunder" : l >= 0.10 ? "mistake" : "other" }
FNR == 1 { fileno++ }
/"ply":/ {
    match($0, /"file":"[^"]*","game":[0-9]+,"ply":[0-9]+/); key = substr($0, RSTART, RLENGTH)
    match($0, /"class":("[a-z]+"|null)/); cls = substr($0, RSTART + 8, RLENGTH - 8); gsub(/"/, "", cls)
    if (fileno == 1) {
        A[key] = SA > 0 && $0 !~ /"class":null/ ? reclass(SA) : cls
        if (!(substr(key, 1, index(key, ",\"ply\"")) in G)) { G[substr(key, 1, index(key, ",\"ply\""))] = 1; games++ }
        next }
    R[key] = $0 ~ /"class":null/ ? "none" : reclass(S)
}
END {
    for (k in A) { if (A[k] == "blunder") { nb++; if (R[k] == "mistake" || R[k] == "blunder") hit++ }
                   if (R[k] == "blunder") { rb++; if (A[k] == "mistake" || A[k] == "blunder") found++ } }
    printf "games %d, A blunders %d (%.2f per side per game); precision %d/%d = %.2f; REF blunders %d, recall %d/%d = %.2f\n",
        games, nb, games ? nb / (2 * games) : 0, hit, nb, nb ? hit / nb : 0, rb, found, rb, rb ? found / rb : 0
}' "$1" "$2"
