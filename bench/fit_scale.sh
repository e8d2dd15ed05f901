#!/usr/bin/env bash
# fit_scale.sh JSON FILE... -- the expected-score scale S of docs/annotate.md fitted to
# recorded games' results: JSON is `boyi annotate --json FILE...`'s output for the
# same FILEs; each game's result is what `boyi validate --json` says (the result on
# the board, else the one the record claims), or for a game validate finds invalid the
# file's Nth [Result] tag (game N): Xiangqi 1-0, 0-1, 1/2-1/2; draughts 2-0, 0-2, 1-1;
# the first player red (Xiangqi), white (draughts) or black (Gomoku, told by its moves'
# point names: until issue 32's sixth round Gomoku's black was taken for the second player).  Every move's eval_before (the mover's
# centipawns, found wins left out) is paired with the game's result for the mover (1,
# 1/2, 0), and S maximises the likelihood of E = 1/(1+10^(-cp/S)) (golden section on
# log S, as `boyi data stats` fits self-play data).  Prints S, the positions, the mean
# log-loss and Brier score at S and at 400 (AT=S0 in the environment: at S0, e.g. the
# game's S in use), and S fitted on the odd and on the even games apart (the honest
# spread: a game's positions are not independent).
set -eu
json=$1; shift
BOYI=${BOYI:-boyi}
"$BOYI" validate --json "$@" 2>/dev/null | awk '
    /"status":"(ok|invalid)"/ {
        match($0, /"file":"[^"]*"/); f = substr($0, RSTART + 8, RLENGTH - 9)
        match($0, /"game":[0-9]+/); g = substr($0, RSTART + 7, RLENGTH - 7)
        match($0, /"result":"[^"]*"/); r = substr($0, RSTART + 10, RLENGTH - 11)
        if (r == "*" && match($0, /the record says [0-9\/-]+/)) r = substr($0, RSTART + 16, RLENGTH - 16)
        # the first player'"'"'s score: 1, 1/2, 0
        print f "\t" g "\t" r }' |
while IFS=$'\t' read -r f g r; do
    [ "$r" = "*" ] && r=$(grep -o '^\[Result "[^"]*"\]' "$f" | sed -n "${g}p" | sed 's/.*"\(.*\)".*/\1/')
    case "$r" in 1-0|2-0) y=1 ;; 0-1|0-2) y=0 ;; 1/2-1/2|1-1) y=0.5 ;; *) continue ;; esac
    printf '%s\t%s\t%s\n' "$f" "$g" "$y"
done >"${TMPDIR:-/tmp}/fit_results.$$"
awk -F'\t' -v RES="${TMPDIR:-/tmp}/fit_results.$$" -v AT="${AT:-400}" '
BEGIN { while ((getline l < RES) > 0) { split(l, a, "\t"); res[a[1] "#" a[2]] = a[3] } }
/"ply":/ && /"eval_before":\{"cp":/ {
    match($0, /"file":"[^"]*"/); f = substr($0, RSTART + 8, RLENGTH - 9)
    match($0, /"game":[0-9]+/); f = f "#" substr($0, RSTART + 7, RLENGTH - 7)
    if (!(f in res)) next
    first = res[f]
    match($0, /"side":"[^"]*"/); side = substr($0, RSTART + 8, RLENGTH - 9)
    match($0, /"eval_before":\{"cp":-?[0-9]+/); cp = substr($0, RSTART + 20, RLENGTH - 20) + 0
    # the first player: red (Xiangqi), white (draughts), black (Gomoku: its moves are points, h8)
    match($0, /"move":"[^"]*"/); mv = substr($0, RSTART + 8, RLENGTH - 9)
    y = (side == "red" || (side == (mv ~ /^[a-z][0-9]+$/ ? "black" : "white"))) ? first : 1 - first
    if (!(f in gi)) gi[f] = ng++
    n++; E[n] = cp; Y[n] = y; P[n] = gi[f] % 2
}
function loss(S, par,   i, p, ll, m) { ll = 0; m = 0; B = 0
    for (i = 1; i <= n; i++) { if (par >= 0 && P[i] != par) continue
        p = 1 / (1 + 10 ^ (-E[i] / S)); if (p < 1e-9) p = 1e-9; if (p > 1 - 1e-9) p = 1 - 1e-9
        ll -= Y[i] * log(p) + (1 - Y[i]) * log(1 - p); B += (p - Y[i]) ^ 2; m++ }
    B = m ? B / m : 0; return m ? ll / m : 0 }
function fit(par,   a, b, g, c, d, fc, fd, it) { a = log(20); b = log(20000); g = (sqrt(5) - 1) / 2
    c = b - g * (b - a); d = a + g * (b - a); fc = loss(exp(c), par); fd = loss(exp(d), par)
    for (it = 0; it < 60; it++) {
        if (fc < fd) { b = d; d = c; fd = fc; c = b - g * (b - a); fc = loss(exp(c), par) }
        else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = loss(exp(d), par) } }
    return exp((a + b) / 2) }
END {
    if (n < 2) { print "too few positions"; exit 1 }
    S = fit(-1); ll = loss(S, -1); b = B; l4 = loss(AT, -1); b4 = B
    printf "S %.0f fitted to %d positions of %d games; log-loss %.4f, Brier %.4f; S on odd games %.0f, on even games %.0f; at S %s: log-loss %.4f, Brier %.4f\n", S, n, ng, ll, b, fit(1), fit(0), AT, l4, b4
}' "$json"
rm -f "${TMPDIR:-/tmp}/fit_results.$$"
