#!/usr/bin/env bash
# engine_servers_limits.sh -- boyi's own protocol servers (uci/ucci, gomocup, hub,
# botzone) against absurd input (issue 31, sections 1, 4 and 5): times of any size are
# clamped (24 h) and a running search ends within moments of `stop`, `quit`, Hub's
# `stop`, Gomocup's END or YXSTOP; `isready` and `ping` are answered during a search;
# a line of more than 1 MiB (Botzone: 16 MiB) is ignored with a message in bounded
# memory; a bad token is echoed clipped; a long Botzone position string is judged as
# a position, not called "not a string".
source "$(dirname "$0")/lib.bash"
LIMIT_MS=3000   # "at once" on a loaded machine: the old servers never answered at all

# start CMD...: the server as a coprocess; send LINE; wait_for REGEX SECONDS (0 when
# a line matching arrives in time, the line in $GOT).
start() { coproc SRV { exec "$@" 2>&1; }; }
send() { printf '%s\n' "$1" >&"${SRV[1]}"; }
ms() { echo $(($(date +%s%N) / 1000000)); }
wait_for() {
    local line end=$(($(ms) + $2 * 1000)) left
    while left=$((end - $(ms))); [ "$left" -gt 0 ]; do
        IFS= read -r -t "$((left / 1000)).$(printf '%03d' $((left % 1000)))" line <&"${SRV[0]}" || return 1
        if [[ $line =~ $1 ]]; then GOT=$line; return 0; fi
    done
    return 1
}
RC=0 OUT= ERR=
# ended SECONDS: the coprocess ends within SECONDS (else it is killed).
ended() {
    local pid=$SRV_PID
    for _ in $(seq $(($1 * 10))); do kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }; sleep 0.1; done
    kill "$pid" 2>/dev/null
    return 1
}
# answered WHAT REGEX: after a stop was sent at $T0, the answer came within LIMIT_MS.
answered() {
    if wait_for "$2" 10; then
        local took=$(($(ms) - T0))
        if [ "$took" -lt "$LIMIT_MS" ]; then ok; else bad "$1: the answer took $took ms"; fi
    else
        bad "$1: no answer to the stop"
    fi
}

# UCI: a movetime of 2^63-1 ms, stopped; isready answered during the search.
start "$BOYI" uci --game xiangqi
send uci; wait_for '^uciok' 10 || bad "uci: no uciok"
send "position startpos"
send "go movetime 9223372036854775807"
wait_for '^info depth 1 ' 10
send isready
if wait_for '^readyok' 5; then ok; else bad "uci: isready not answered during a search"; fi
T0=$(ms); send stop
answered "uci stop" '^bestmove [a-i][0-9][a-i][0-9]'
# A clock of 10^20 ms: clamped, and `quit` ends the search and the program.
send "go wtime 99999999999999999999 btime 99999999999999999999 winc 99999999999999999999 binc 1"
wait_for '^info depth 1 ' 10
T0=$(ms); send quit
if ended 5; then ok; else bad "uci: quit did not end a running search"; fi

# UCCI: `go time` of 10^20, stopped.
start "$BOYI" engine --game xiangqi
send ucci; wait_for '^ucciok' 10 || bad "ucci: no ucciok"
send "position startpos"
send "go time 99999999999999999999 increment 5"
wait_for '^info depth 1 ' 10
T0=$(ms); send stop
answered "ucci stop" '^bestmove [a-i][0-9][a-i][0-9]'
send quit; ended 5

# Gomocup: timeout_turn of 10^20 (written as an exponent and in digits), YXSTOP answers
# the move now, END ends the search and the program.
for t in 1e20 99999999999999999999; do
    start "$BOYI" gomocup
    send "START 15"; wait_for '^OK' 10 || bad "gomocup $t: no OK"
    send "INFO timeout_turn $t"
    send "INFO time_left $t"
    send BEGIN
    sleep 0.3
    T0=$(ms); send YXSTOP
    answered "gomocup $t YXSTOP" '^[0-9]+,[0-9]+$'
    send "TURN 0,0"
    sleep 0.3
    T0=$(ms); send END
    if ended 5; then ok; else bad "gomocup $t: END did not end a running search"; fi
done

# Hub: a move time of a thousand days, stopped; ping answered during the search.
start "$BOYI" hub --game draughts
send hub; wait_for '^wait' 10 || bad "hub: no wait"
send init; wait_for '^ready' 10 || bad "hub: no ready"
send "level move-time=86400000"
send "go think"
wait_for '^info depth=1 ' 10
send ping
if wait_for '^pong' 5; then ok; else bad "hub: ping not answered during a search"; fi
T0=$(ms); send stop
answered "hub stop" '^done move='
send "level time=1e300 inc=1e300"
send "go think"
wait_for '^info depth=1 ' 10
send quit
if ended 5; then ok; else bad "hub: quit did not end a running search"; fi

# Lines: one of 3 MB is ignored with a message and the server goes on; a long bad token
# is echoed clipped.
head -c 3000000 /dev/zero | tr '\0' x >"$TMP/big"      # 3 MB of x, no line end
head -c 300000 /dev/zero | tr '\0' x >"$TMP/token"    # 300 KB of x
{ cat "$TMP/big"; printf '\nisready\nposition startpos moves '; cat "$TMP/token"; printf '\nfoo'; cat "$TMP/token"; printf '\nquit\n'; } >"$TMP/in"
run "$BOYI" uci --game xiangqi <"$TMP/in"
expect_out "^info string error: a line of more than 1048576 bytes \\(it is ignored\\)" "uci: a 3 MB line"
expect_out "^readyok" "uci: goes on after a long line"
expect_out "^info string error: move x{200}\\.\\.\\.: " "uci: a bad move echoed clipped"
expect_out "^info string error: unknown command 'foox{197}\\.\\.\\.'" "uci: an unknown command echoed clipped"
longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$TMP/out")
if [ "$longest" -lt 1000 ]; then ok; else bad "uci: an output line of $longest bytes"; fi
{ printf 'START 15\n'; cat "$TMP/big"; printf '\n'; cat "$TMP/token"; printf '\nEND\n'; } >"$TMP/in"
run "$BOYI" gomocup <"$TMP/in"
expect_out "^ERROR a line of more than 1048576 bytes \\(it is ignored\\)" "gomocup: a 3 MB line"
expect_out "^UNKNOWN x{200}\\.\\.\\.$" "gomocup: an unknown command echoed clipped"
{ printf 'hub\n'; cat "$TMP/big"; printf '\npos pos='; cat "$TMP/token"; printf '\nping\nquit\n'; } >"$TMP/in"
run "$BOYI" hub --game draughts <"$TMP/in"
expect_out "^error a line of more than 1048576 bytes \\(it is ignored\\)" "hub: a 3 MB line"
expect_out "^error bad position: x{200}\\.\\.\\.$" "hub: a bad position echoed clipped"
expect_out "^pong" "hub: goes on after a long line"
# Memory stays bounded on a 60 MB line (where GNU time can measure it).
if [ -x /usr/bin/time ]; then
    head -c 60000000 /dev/zero | tr '\0' x >"$TMP/huge"
    echo >>"$TMP/huge"
    echo isready >>"$TMP/huge"
    run /usr/bin/time -f 'maxrss %M' "$BOYI" uci --game xiangqi <"$TMP/huge"
    rss=$(grep -Eo 'maxrss [0-9]+' "$TMP/err" | awk '{print $2}')
    if [ -n "$rss" ] && [ "$rss" -lt 40000 ]; then ok; else bad "uci: $rss KB for a 60 MB line"; fi
    expect_out "^readyok" "uci: goes on after a 60 MB line"
    rm -f "$TMP/huge"
fi

# Botzone: a position string of 5 KB is read as one (and judged as a position); a move
# string of 6 KB is read as a move; a line of more than 16 MiB is an error.
fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
pad=$(printf '%*s' 5000 '')
run bash -c 'printf "{\"requests\":[{\"position\":\"%s%s\",\"moves\":[]}],\"responses\":[]}\n" "$2" "$3" | "$1" botzone --game xiangqi --movetime 50' _ "$BOYI" "$fen" "$pad"
if ! grep -q 'is not a string' "$TMP/err" && grep -q "position 'rnbakabnr" "$TMP/err"; then ok; else bad "botzone: a 5 KB position string"; fi
run bash -c 'printf "{\"requests\":[{\"position\":\"%s\",\"moves\":[\"%s\"]}],\"responses\":[]}\n" "$2" "$3" | "$1" botzone --game xiangqi --movetime 50' _ "$BOYI" "$fen" "$(head -c 6000 "$TMP/token")"
if ! grep -q 'is not a string' "$TMP/err" && grep -Eq "move 'x{200}'" "$TMP/err"; then ok; else bad "botzone: a 6 KB move string"; fi
run bash -c 'printf "{\"requests\":[{\"position\":\"%s\",\"moves\":[]}],\"responses\":[]}\n" "$2" | "$1" botzone --game xiangqi --movetime 50' _ "$BOYI" "$fen"
expect_rc 0 "botzone: the position alone is answered"
head -c 17000000 /dev/zero | tr '\0' ' ' >"$TMP/bz"
echo >>"$TMP/bz"
run "$BOYI" botzone --game xiangqi --movetime 50 <"$TMP/bz"
expect_rc 2 "botzone: a 17 MB line"
expect_err "a line of more than 16777216 bytes" "botzone: a 17 MB line's message"
finish
