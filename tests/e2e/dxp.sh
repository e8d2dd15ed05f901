#!/usr/bin/env bash
# dxp.sh -- DXP (the DamExchange protocol over TCP): boyi's match runner against
# `boyi dxp` in each arrangement (the runner listens or connects; the runner or the
# engine is the initiator), and against a scripted fake DXP follower
# (tests/fake_engines/dxp.sh) told to crash, hang, play an illegal move, write junk,
# close the connection or end the game instead of moving: each fault loses that game
# with its reason, the engine is started again, the match goes on, and every record
# validates.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"
# dxp_bench.sh (Release only) runs the slower half: the other two arrangements and the
# faults that wait (hang, a closed connection, GAMEEND).
PART=${DXP_PART:-quick}

# match SPEC [ARGS...]: two draughts games against boyi at depth 1, into $TMP/m.
match() {
    local spec=$1
    shift
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game draughts --engine "$spec" --engine "name=boyi depth=1" --games 2 \
        --out "$TMP/m" --log "$TMP/log" "$@"
}
reasons() { cut -f3 "$TMP/m/journal.tsv" 2>/dev/null; }
expect_reasons() {
    local want=$1 what=$2 got
    got=$(reasons)
    if [ "$(printf '%s\n' "$got" | grep -Ec -- "$want")" -eq 2 ]; then ok; else bad "$what: journal reasons [$got] should match /$want/ twice"; fi
}
expect_valid() {
    run "$BOYI" validate "$TMP/m/games.pdn"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "$1: both records validate"
}
no_fault() {
    if ! reasons | grep -Eq '^(crash|timeout|illegal|garbage|resign|start)'; then ok; else bad "$1: a fault [$(reasons)]"; fi
}

if [ "$PART" = quick ]; then
# 1. The runner listens, boyi dxp connects and follows: whole games.
match "name=dxp cmd=$BOYI args='dxp --connect 127.0.0.1:{port} --depth 2' proto=dxp listen=1 margin=3000" --movetime 50
expect_rc 0 "dxp follower: the match ends"
no_fault "dxp follower"
expect_valid "dxp follower"
# the traffic: a GAMEREQ (version 01, the runner's name in 32 columns), GAMEACC '0'
if grep -Eq '^> R01boyi match {22}[WZ][0-9]{6}[AB]' "$TMP/log/dxp.log" && grep -Eq '^< Aboyi {28}0$' "$TMP/log/dxp.log"; then ok
else bad "dxp follower: GAMEREQ/GAMEACC traffic [$(head -3 "$TMP/log/dxp.log")]"; fi
if grep -Eq '^< M[0-9]{4}[0-9]{6}([0-9]{2})*$' "$TMP/log/dxp.log" && grep -q '^> E0[01]$' "$TMP/log/dxp.log"; then ok
else bad "dxp follower: MOVE and GAMEEND traffic"; fi
if grep -q '\[White "dxp"\]' "$TMP/m/games.pdn" || grep -q '\[Black "dxp"\]' "$TMP/m/games.pdn"; then ok; else bad "dxp: the record names the engine"; fi

fi
if [ "$PART" = bench ]; then
# 2. boyi dxp listens on a port, the runner connects.
PORT=$((20000 + (RANDOM % 20000)))
match "name=dxp cmd=$BOYI args='dxp --listen $PORT --depth 1' proto=dxp port=$PORT margin=3000" --movetime 50
expect_rc 0 "dxp listen: the match ends"
no_fault "dxp listen"
expect_valid "dxp listen"

# 3. boyi dxp is the initiator (boyi white in its first game), the runner follows.
match "name=dxp cmd=$BOYI args='dxp --connect 127.0.0.1:{port} --initiator --games 2 --depth 1' proto=dxp listen=1 initiator=engine margin=3000" \
    --movetime 50 --random-plies 0
expect_rc 0 "dxp initiator=engine: the match ends"
no_fault "dxp initiator=engine"
expect_valid "dxp initiator=engine"
if grep -Eq '^< R01boyi {28}Z001000A$' "$TMP/log/dxp.log" && grep -Eq '^> Aboyi match {22}0$' "$TMP/log/dxp.log"; then ok
else bad "dxp initiator=engine: the engine's GAMEREQ accepted [$(head -3 "$TMP/log/dxp.log")]"; fi

fi
# 4. A fake follower that misbehaves at its second move.
faults="crash illegal junk"
[ "$PART" = bench ] && faults="hang disconnect gameend"
for fault in $faults; do
    match "name=fake cmd=$FAKE/dxp.sh args='$BOYI $fault 2 {port}' proto=dxp listen=1 margin=1000" --tc 2+0
    expect_rc 0 "dxp $fault: the match ends normally"
    case $fault in
    crash) expect_reasons "^crash: the engine (closed the connection, it )?ended with exit status 3 while waiting for move \\(last message: 'M" "dxp crash" ;;
    hang) expect_reasons '^timeout: no move in time' "dxp hang" ;;
    illegal) expect_reasons "^illegal move: '1-50' \\(M0000015000\\)" "dxp illegal" ;;
    junk) expect_reasons "^garbage: 'Mbanana' \\(MOVE of 7 bytes" "dxp junk" ;;
    disconnect) expect_reasons '^crash: the engine closed the connection while waiting for move' "dxp disconnect" ;;
    gameend) expect_reasons "^resign: the engine ended the game instead of moving \\(GAMEEND 'E10': it gives up\\)" "dxp gameend" ;;
    esac
    if grep -q '"losses": 2' "$TMP/m/stats.json"; then ok; else bad "dxp $fault: the fake loses both [$(cat "$TMP/m/stats.json")]"; fi
    expect_valid "dxp $fault"
done
# the engine was started again after the fault: two connections, two GAMEREQs
if [ "$(grep -c '^> R01' "$TMP/log/fake.log")" -eq 2 ]; then ok; else bad "dxp: a GAMEREQ per game after the restart"; fi

if [ "$PART" = bench ]; then finish; exit; fi
# 5. Bad specs and bad command lines.
run "$BOYI" match --game draughts --engine "name=x cmd=/bin/true proto=dxp" --engine "depth=1" --games 1 --out "$TMP/x"
expect_err 'proto=dxp needs port=N \(or listen=1\)' "dxp: a spec without port"
run "$BOYI" dxp
expect_rc 2 "boyi dxp without --listen or --connect"
expect_err 'give one of --listen PORT and --connect HOST:PORT' "boyi dxp: usage"
run "$BOYI" dxp --connect nohostport
expect_rc 2 "boyi dxp --connect without a port"
finish
