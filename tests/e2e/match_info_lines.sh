#!/usr/bin/env bash
# match_info_lines.sh -- an outside engine's own search reports reach the records'
# move comments and the journal in every protocol that has them (issue 37, item 10):
# Hub-1 as Scan 2.0 writes it ("info 13 15.4 -2 435186 0.10 0.0 PV", score in 1/100
# of a man), Hub-2 ("info depth=1 score=0.00"), UCCI ("info depth D score N") and
# Gomocup MESSAGE lines as Rapfi writes them ("MESSAGE ... Depth 3-5 | Eval N").  DXP
# carries no score or depth.  The fakes' reports are known in advance, so the test
# looks for those very numbers.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"
# field N of the journal's lines for the engine's moves (player A moves first in game 0)
evals() { cut -f6 "$1/journal.tsv" | tr ' ' '\n'; }
depths() { cut -f7 "$1/journal.tsv" | tr ' ' '\n'; }

# Hub-1: depth 4+K, score -(100+K) at the fake's K-th move.
run "$BOYI" match --game draughts --engine "name=scan cmd=$FAKE/hub1.sh args='$BOYI' proto=hub1 margin=5000" \
    --engine depth=1 --games 2 --movetime 50 --out "$TMP/h1"
expect_rc 0 "hub1: the match"
if evals "$TMP/h1" | grep -qx -- -101 && evals "$TMP/h1" | grep -qx -- -102; then ok; else bad "hub1: the scores -101, -102 are not in the journal"; fi
if depths "$TMP/h1" | grep -qx '[0-9]*/5' && depths "$TMP/h1" | grep -qx '[0-9]*/6'; then ok; else bad "hub1: the depths 5, 6 are not in the journal"; fi
if grep -q '{-1.01/5 [0-9.]*s}' "$TMP/h1/games.pdn" && grep -q '{-1.02/6 [0-9.]*s}' "$TMP/h1/games.pdn"; then ok
else bad "hub1: the records' comments lack -1.01/5 and -1.02/6"; fi

# Hub-2: the fake reports depth 1, score 0.00 before every move.
run "$BOYI" match --game draughts --engine "name=h2 cmd=$FAKE/hub.sh args='$BOYI none 0' proto=hub margin=5000" \
    --engine depth=1 --games 2 --movetime 50 --out "$TMP/h2"
expect_rc 0 "hub: the match"
n=$(grep -c '{+0.00/1 [0-9.]*s}' "$TMP/h2/games.pdn")
if [ "$n" -ge 2 ]; then ok; else bad "hub: no '+0.00/1' comments in the records"; fi

# UCCI: boyi's own UCCI engine; a comment's depth and score are in an info line it wrote.
run "$BOYI" match --game xiangqi --engine "name=U cmd=$BOYI args='ucci --game xiangqi' proto=ucci margin=5000" \
    --engine depth=1 --games 2 --movetime 40 --out "$TMP/u" --log "$TMP/ulog"
expect_rc 0 "ucci: the match"
first=$(grep -Eo '\{[+-][0-9]+\.[0-9]{2}/([2-9]|[1-9][0-9]+) ' "$TMP/u/games.pgn" | head -1 | tr -d '{ ')
depth=${first#*/} score=${first%/*}
cp=$(awk -v s="$score" 'BEGIN { printf "%d", s * 100 + (s < 0 ? -0.5 : 0.5) }')
if [ -n "$first" ] && grep -Eq "info depth $depth .*score $cp( |$)" "$TMP/ulog/U.log"; then ok
else bad "ucci: comment '$first' is in no info line of the engine's log"; fi

# Gomocup: Rapfi's MESSAGE lines, Depth 3-5 and Eval -(7000+K) (+M3 at the second move).
run "$BOYI" match --game gomoku --rules freestyle --engine "name=R cmd=$FAKE/gomocup.sh args='none 0' proto=gomocup margin=5000" \
    --engine depth=1 --games 2 --movetime 50 --out "$TMP/g"
expect_rc 0 "gomocup: the match"
if evals "$TMP/g" | grep -qx -- -7001 && evals "$TMP/g" | grep -qx 29997; then ok; else bad "gomocup: -7001 and the mate (29997) are not in the journal"; fi
if depths "$TMP/g" | grep -qx '[0-9]*/3'; then ok; else bad "gomocup: depth 3 is not in the journal"; fi
finish
