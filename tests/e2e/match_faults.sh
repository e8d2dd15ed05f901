#!/usr/bin/env bash
# match_faults.sh -- `boyi match` against scripted fake engines (tests/fake_engines/),
# one per protocol, told to crash, hang, play an illegal move, write junk or resign:
# each fault loses that game with its reason and the engine's last output in the
# journal and the record, the engine is restarted, the match goes on to its end, and
# the records still validate.  Engines start from an argument vector: a command
# with shell syntax in it runs nothing.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"

# match GAME ENGINE_SPEC [ARGS...]: two games against boyi at depth 1, into $TMP/m.
match() {
    local game=$1 spec=$2
    shift 2
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game "$game" --engine "$spec" --engine "depth=1" --games 2 --movetime 50 \
        --out "$TMP/m" --log "$TMP/log" "$@"
}
# reasons: the journal's third column, one line per game.
reasons() { cut -f3 "$TMP/m/journal.tsv" 2>/dev/null; }
expect_reasons() {
    local want=$1 what=$2 got
    got=$(reasons)
    if [ "$(printf '%s\n' "$got" | grep -Ec -- "$want")" -eq 2 ]; then ok; else bad "$what: journal reasons [$got] should match /$want/ twice"; fi
}

# UCI (boyi's own engine behind a relay that misbehaves at its second `go`).
# The hanging engine is waited for twice (once a game) past its margin: 2.5 s there,
# 5 s for the others, whose relay starts boyi for every answer.
for fault in crash hang illegal junk resign; do
    margin=5000
    [ $fault = hang ] && margin=2500
    match xiangqi "name=fake cmd=$FAKE/uci.sh args='$BOYI xiangqi $fault 2' proto=uci margin=$margin"
    expect_rc 0 "uci $fault: the match ends normally"
    case $fault in
    crash) expect_reasons '^crash: the engine ended with exit status 3 .*last output: .bestmove ' "uci crash" ;;
    hang) expect_reasons '^timeout: no move in time' "uci hang" ;;
    illegal) expect_reasons "^illegal move: 'a0a9'" "uci illegal" ;;
    junk) expect_reasons '^garbage: a line of more than 1048576 bytes' "uci junk" ;;
    resign) expect_reasons "^resign: 'bestmove \\(none\\)'" "uci resign" ;;
    esac
    # the fake (player A) lost both games, whichever colour it had
    if grep -q '"losses": 2' "$TMP/m/stats.json"; then ok; else bad "uci $fault: $(cat "$TMP/m/stats.json")"; fi
    run "$BOYI" validate "$TMP/m/games.pgn"
    expect_rc 0 "uci $fault: the records validate"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "uci $fault: both games recorded"
done
# The log keeps the traffic and the restart.
if grep -q '^> uci$' "$TMP/log/fake.log" && [ "$(grep -c '^> uci$' "$TMP/log/fake.log")" -ge 2 ]; then ok; else bad "uci log: traffic and restart"; fi
# The record names the engine and says why the game ended.
if grep -q '\[Red "fake"\]' "$TMP/m/games.pgn" && grep -q 'Termination "resign' "$TMP/m/games.pgn"; then ok; else bad "uci record tags"; fi

# A clean UCI engine plays whole games.
match xiangqi "name=clean cmd=$FAKE/uci.sh args='$BOYI xiangqi none 0' proto=uci margin=5000"
expect_rc 0 "uci clean"
if ! reasons | grep -Eq '^(crash|timeout|illegal|garbage|resign)'; then ok; else bad "uci clean: a fault [$(reasons)]"; fi

# Gomocup (freestyle: any empty point is legal).
for fault in illegal junk crash; do
    match gomoku "name=fake cmd=$FAKE/gomocup.sh args='$fault 3' proto=gomocup margin=5000" --rules freestyle
    expect_rc 0 "gomocup $fault"
    case $fault in
    illegal) expect_reasons "^illegal move: '[0-9]+,[0-9]+'" "gomocup illegal" ;;
    junk) expect_reasons "^garbage: 'what move\\?' is not x,y" "gomocup junk" ;;
    crash) expect_reasons '^crash: the engine ended with exit status 3' "gomocup crash" ;;
    esac
done
match gomoku "name=fake cmd=$FAKE/gomocup.sh args='none 0' proto=gomocup margin=5000" --rules freestyle
expect_reasons '^five in a row' "gomocup clean games end on the board"
# its scores (Rapfi's MESSAGE lines) reach the training data, normalised: -7001 at
# its first move, +M3 (3 plies: a mate in 2 moves, 30000 - 3) at its second
"$BOYI" data dump "$TMP/m/data.bin" >"$TMP/dd" 2>/dev/null
if grep -q ' eval -7001 ' "$TMP/dd" && grep -q ' eval 29997 ' "$TMP/dd"; then ok; else RC=0; OUT=$(head -5 "$TMP/dd"); bad "gomocup: the engine's scores in the training data"; fi

# Hub (version 2): a fake that plays boyi's first legal move.
for fault in illegal junk hang; do
    margin=5000
    [ $fault = hang ] && margin=2500
    match draughts "name=fake cmd=$FAKE/hub.sh args='$BOYI $fault 2' proto=hub margin=$margin"
    expect_rc 0 "hub $fault"
    case $fault in
    illegal) expect_reasons "^illegal move: '1-50'" "hub illegal" ;;
    junk) expect_reasons "^garbage: 'done move=banana'" "hub junk" ;;
    hang) expect_reasons '^timeout: no move in time' "hub hang" ;;
    esac
done

# No shell: a command with shell syntax is one (missing) program, and nothing runs.
match xiangqi "name=evil cmd='true; touch $TMP/pwned' proto=uci margin=5000"
expect_rc 0 "no shell: the match still ends"
expect_reasons '^crash: the engine ended with exit status 127' "no shell: the program is not found"
if [ ! -e "$TMP/pwned" ]; then ok; else bad "no shell: a shell ran the command"; fi

# Bad specs are usage errors.
run "$BOYI" match --game xiangqi --engine "cmd=x proto=carrier-pigeon" --engine depth=1 --games 2 --out "$TMP/bad"
expect_rc 2 "unknown protocol"
expect_err "proto= takes uci, ucci, gomocup, hub, hub1, dxp or botzone" "unknown protocol: message"
run "$BOYI" match --game xiangqi --engine "depth=1" --games 2 --out "$TMP/bad"
expect_rc 2 "one engine"
finish
