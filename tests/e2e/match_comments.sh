#!/usr/bin/env bash
# match_comments.sh -- the records of a match carry each move's score, depth and
# thinking time as the engine testers' comment ("+0.35/7 0.051s"): the engine's own
# info line is the truth for the score and depth, the runner's clock for the time.
# A batch limited by depth writes no times, so its files stay the same on any machine.
source "$(dirname "$0")/lib.bash"

# Xiangqi over UCI: boyi's engine as the outside player, against boyi at depth 1.
run "$BOYI" match --game xiangqi --engine "name=E cmd=$BOYI args='uci --game xiangqi' proto=uci margin=5000" \
    --engine "depth=1" --games 2 --movetime 60 --out "$TMP/x" --log "$TMP/xlog"
expect_rc 0 "xiangqi: a two-game match over UCI"
if cut -f3 "$TMP/x/journal.tsv" | grep -Eq 'crash|timeout|illegal|garbage'; then bad "xiangqi: an engine fault: $(cut -f3 "$TMP/x/journal.tsv")"; else ok; fi
pgn="$TMP/x/games.pgn"
# Every move but the openings' (at most 4 plies a game) has a comment; the UCI engine's carry its depth and a time.
n_moves=$(cut -f5 "$TMP/x/journal.tsv" | wc -w)
n_notes=$(grep -Ec '^\{[+-]([0-9]+\.[0-9]{2}|M[0-9]+)(/[0-9]+)? [0-9]+\.[0-9]{3}s\}$' "$pgn")
if [ "$n_notes" -ge $((n_moves - 8)) ] && [ "$n_notes" -le "$n_moves" ]; then ok; else bad "xiangqi: $n_notes move comments for $n_moves moves"; fi
# The depths and scores are those the engine printed: each info line's last depth and
# score appear in the traffic log (the depth-1 player's comments say /1: not those).
first=$(grep -Eo '^\{[+-][0-9]+\.[0-9]{2}/([2-9]|[1-9][0-9]+) ' "$pgn" | head -1 | tr -d '{ ')
depth=${first#*/} score=${first%/*}
cp=$(awk -v s="$score" 'BEGIN { printf "%d", s * 100 + (s < 0 ? -0.5 : 0.5) }')
if [ -n "$first" ] && grep -Eq "info depth $depth .*score cp $cp( |$)" "$TMP"/xlog/*; then ok
else bad "xiangqi: '$first' (depth $depth, cp $cp) is in no info line of the engine's log"; fi
# The times: none above the limit plus the margin.
over=$(grep -Eo ' [0-9]+\.[0-9]{3}s\}' "$pgn" | tr -d ' s}' | awk '$1 > 5.06' | wc -l)
if [ "$over" -eq 0 ]; then ok; else bad "xiangqi: $over move times above 60 ms + the 5 s margin"; fi
run "$BOYI" validate "$pgn"
expect_rc 0 "xiangqi: the commented records validate"
expect_out "2 games, [0-9]+ moves, 2 ok" "xiangqi: both games read back"

# A score of 0 is a score: an engine that reports "score cp 0" every time still gets
# "+0.00/D" on each of its moves (a relay through sed sets every score to 0).
cat > "$TMP/zero.sh" <<EOF
#!/bin/sh
"$BOYI" uci --game xiangqi | sed -u 's/score cp -*[0-9]*/score cp 0/'
EOF
chmod +x "$TMP/zero.sh"
run "$BOYI" match --game xiangqi --engine "name=Z cmd=$TMP/zero.sh proto=uci margin=5000" \
    --engine "depth=1" --games 2 --movetime 40 --out "$TMP/z"
expect_rc 0 "xiangqi: a match against an engine whose every score is 0"
n_moves=$(cut -f5 "$TMP/z/journal.tsv" | wc -w)
n_notes=$(grep -Ec '^\{[+-]([0-9]+\.[0-9]{2}|M[0-9]+)/[0-9]+ [0-9]+\.[0-9]{3}s\}$' "$TMP/z/games.pgn")
n_zero=$(grep -Ec '^\{\+0\.00/[0-9]+ ' "$TMP/z/games.pgn")
if [ "$n_notes" -ge $((n_moves - 8)) ] && [ "$n_zero" -gt 0 ]; then ok
else bad "xiangqi: $n_notes scored comments ($n_zero of them +0.00) for $n_moves moves"; fi

# Draughts: the PDN comments of a depth-limited batch have no time, and the same
# command writes the same file.
for k in 1 2; do
    run "$BOYI" selfplay --game draughts --games 2 --depth 2 --seed 4 --out "$TMP/d$k"
    expect_rc 0 "draughts: a depth-limited batch ($k)"
done
if grep -Eq '\{[+-]([0-9]+\.[0-9]{2}|M[0-9]+)/2\}' "$TMP/d1/games.pdn"; then ok; else bad "draughts: no '{score/2}' comment"; fi
if grep -Eq '[0-9]s\}' "$TMP/d1/games.pdn"; then bad "draughts: a time in a depth-limited batch's record"; else ok; fi
if cmp -s "$TMP/d1/games.pdn" "$TMP/d2/games.pdn"; then ok; else bad "draughts: two runs of one command differ"; fi
run "$BOYI" validate "$TMP/d1/games.pdn"
expect_rc 0 "draughts: the commented records validate"
finish
