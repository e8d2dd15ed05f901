#!/usr/bin/env bash
# fit_scale.sh JSON FILE... -- the expected-score scale S of docs/annotate.md fitted to
# recorded Xiangqi games' results: JSON is `boyi annotate --json FILE...`'s output for the same
# FILEs (one game per file, its [Result] tag the result); every move's eval_before (the
# mover's centipawns, found wins left out) is paired with the game's result for the
# mover (1, 1/2, 0), and S maximises the likelihood of E = 1/(1+10^(-cp/S)) (golden
# section on log S, as `boyi data stats` fits self-play data).  Prints S, the
# positions, the mean log-loss and Brier score at S and at 400, and S fitted on the
# odd and on the even games apart (the honest spread: a game's positions are not
# independent).
set -eu
json=$1; shift
for f in "$@"; do
    r=$(grep -o '^\[Result "[^"]*"\]' "$f" | head -1 | sed 's/.*"\(.*\)".*/\1/')
    printf '%s\t%s\n' "$f" "$r"
done >"${TMPDIR:-/tmp}/fit_results.$$"
awk -F'\t' -v RES="${TMPDIR:-/tmp}/fit_results.$$" '
BEGIN { while ((getline l < RES) > 0) { split(l, a, "\t"); res[a[1]] = a[2] } }
/"ply":/ && /"eval_before":\{"cp":/ {
    match($0, /"file":"[^"]*"/); f = substr($0, RSTART + 8, RLENGTH - 9)
    r = res[f]; if (r != "1-0" && r != "0-1" && r != "1/2-1/2") next
    match($0, /"side":"[^"]*"/); side = substr($0, RSTART + 8, RLENGTH - 9)
    match($0, /"eval_before":\{"cp":-?[0-9]+/); cp = substr($0, RSTART + 20, RLENGTH - 20) + 0
    # Xiangqi: red is the first player ("1-0" red won)
    y = r == "1/2-1/2" ? 0.5 : (r == "1-0") == (side == "red") ? 1 : 0
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
    S = fit(-1); ll = loss(S, -1); b = B; l4 = loss(400, -1); b4 = B
    printf "S %.0f fitted to %d positions of %d games; log-loss %.4f, Brier %.4f; S on odd games %.0f, on even games %.0f; at S 400: log-loss %.4f, Brier %.4f\n", S, n, ng, ll, b, fit(1), fit(0), l4, b4
}' "$json"
rm -f "${TMPDIR:-/tmp}/fit_results.$$"
