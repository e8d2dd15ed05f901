#!/usr/bin/env bash
# match_fault_records.sh -- the records of matches whose games an outside engine lost by
# a fault (an illegal move, garbage, a crash, a timeout) carry that fault as a reason
# `boyi validate` understands (issue 31 §1 with issue 36's result policy,
# docs/exit-codes.md): over every protocol the match runner speaks (UCI and UCCI for
# Xiangqi, Gomocup and Botzone for Gomoku, Botzone for NoGo, Hub and DXP for
# draughts), the fake engines of tests/fake_engines/ misbehave, and each match's
# records validate, every game ok, with the reason in its verdict where the board
# did not decide the game.  The Gomoku contest records of such games were "invalid"
# before (../shared/findings/2026-12/gomoku-fault-records.txt).
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"

# match GAME ENGINE_SPEC [ARGS...]: two games of the fake against boyi at depth 1.
match() {
    local game=$1 spec=$2 opp=depth=1
    shift 2
    [ "$game" = nogo ] && opp=nodes=200   # NoGo's engine has no depth (docs/engines.md)
    rm -rf "$TMP/m"
    run "$BOYI" match --game "$game" --engine "$spec" --engine "$opp" --games 2 --movetime 50 --out "$TMP/m" "$@"
}
# records WHAT FAULT_RE [VALIDATE_ARGS...]: the journal gives the fault twice, the fake
# lost both games, and the records validate with both games ok and no warning.
records() {
    local what=$1 want=$2 got f
    shift 2
    got=$(cut -f3 "$TMP/m/journal.tsv" 2>/dev/null)
    if [ "$(printf '%s\n' "$got" | grep -Ec -- "$want")" -eq 2 ]; then ok; else bad "$what: journal reasons [$got] should match /$want/ twice"; fi
    f=$(ls "$TMP/m"/games.* 2>/dev/null | head -1)
    if [ -n "$f" ]; then ok; else bad "$what: no records written"; return; fi
    cp "$f" "$TMP/last-records"
    run "$BOYI" validate "$@" "$f"
    expect_rc 0 "$what: the records validate"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok, 0 invalid, 0 skipped, 0 warnings" "$what: both games ok, no warning"
    run "$BOYI" validate --strict "$@" "$f"
    expect_rc 0 "$what: the records validate under --strict too (the reason is written)"
}

# The reproducer: records written before the fix, with a bare result.  The result
# policy reads them (a warning each: no five, no reason), --strict refuses them.
F="$SHARED/findings/2026-12/gomoku-fault-records.txt"
if [ -f "$F" ]; then
    run "$BOYI" validate --rules freestyle "$F"
    expect_rc 0 "gomoku-fault-records.txt: not invalid for its bare results"
    expect_out "summary: 1 files, 2 games, 13 moves, 2 ok, 0 invalid, 0 skipped, 2 warnings" "gomoku-fault-records.txt: two warnings"
    expect_out 'game 1: warning: the record says white won \(后手胜\), but the game is not over on the board and the record gives no reason' "gomoku-fault-records.txt: the warning"
    run "$BOYI" validate --strict --rules freestyle "$F"
    expect_rc 1 "gomoku-fault-records.txt: --strict refuses bare results"
fi

# UCI and UCCI: boyi's own engine behind a relay that misbehaves at its second `go`.
for proto in uci ucci; do
    for fault in illegal crash; do
        match xiangqi "name=fake cmd=$FAKE/uci.sh args='$BOYI xiangqi $fault 2' proto=$proto margin=5000"
        expect_rc 0 "$proto $fault: the match ends"
        case $fault in
        illegal) records "$proto illegal" "^illegal move: 'a0a9'" ;;
        crash) records "$proto crash" '^crash: the engine ended with exit status 3' ;;
        esac
    done
done

# Gomocup (freestyle: the fake plays any empty point): the contest records.
for fault in illegal junk crash hang; do
    margin=5000
    [ $fault = hang ] && margin=1500
    match gomoku "name=fake cmd=$FAKE/gomocup.sh args='$fault 3' proto=gomocup margin=$margin" --rules freestyle
    expect_rc 0 "gomocup $fault: the match ends"
    case $fault in
    illegal) records "gomocup illegal" "^illegal move: '[0-9]+,[0-9]+'" --rules freestyle ;;
    junk) records "gomocup junk" "^garbage: 'what move\\?' is not x,y" --rules freestyle ;;
    crash) records "gomocup crash" '^crash: the engine ended with exit status 3' --rules freestyle ;;
    hang) records "gomocup hang" '^timeout: no move in time' --rules freestyle ;;
    esac
    # the contest record says why, in the contest's words, and the judge reads it
    if grep -q '后手胜(\(判负\|超时\): \(illegal move\|garbage\|crash\|timeout\))' "$TMP/last-records"; then ok
    else bad "gomocup $fault: the reason in the result field [$(head -c 300 "$TMP/last-records")]"; fi
    run "$BOYI" validate --rules freestyle "$TMP/last-records"
    expect_out 'game 1: ok, [0-9]+ plies, 0-1 \(not over on the board; the record says white won \(后手胜\) by (forfeit|time)' "gomocup $fault: the verdict names the reason"
done
# The same games written as SGF carry the reason as RE's suffix.
match gomoku "name=fake cmd=$FAKE/gomocup.sh args='illegal 3' proto=gomocup margin=5000" --rules freestyle --to sgf
expect_rc 0 "gomocup illegal, sgf: the match ends"
records "gomocup illegal, sgf" "^illegal move:" --rules freestyle
if grep -q 'RE\[W+F\]' "$TMP/last-records" && grep -q 'RE\[B+F\]' "$TMP/last-records"; then ok; else bad "sgf: RE[W+F] and RE[B+F] [$(cat "$TMP/last-records")]"; fi

# Botzone: Gomoku (freestyle) and NoGo bots that crash or play an occupied point.
for game in gomoku nogo; do
    rules=-
    vargs=()
    [ $game = gomoku ] && rules=freestyle && vargs=(--rules freestyle)
    for fault in crash illegal; do
        match $game "name=fake cmd=$FAKE/botzone.sh args='$BOYI $game $rules json $fault 2' proto=botzone io=json margin=5000" \
            ${vargs[@]+"${vargs[@]}"}
        expect_rc 0 "botzone $game $fault: the match ends"
        case $fault in
        crash) records "botzone $game crash" '^crash: the bot ended with exit status 3' ${vargs[@]+"${vargs[@]}"} ;;
        illegal) records "botzone $game illegal" "^illegal move:" ${vargs[@]+"${vargs[@]}"} ;;
        esac
    done
done

# Hub and DXP (draughts): the PDN records' Termination tag says why.
for fault in illegal junk; do
    match draughts "name=fake cmd=$FAKE/hub.sh args='$BOYI $fault 2' proto=hub margin=5000"
    expect_rc 0 "hub $fault: the match ends"
    case $fault in
    illegal) records "hub illegal" "^illegal move: '1-50'" ;;
    junk) records "hub junk" "^garbage: 'done move=banana'" ;;
    esac
done
for fault in crash illegal; do
    match draughts "name=fake cmd=$FAKE/dxp.sh args='$BOYI $fault 2 {port}' proto=dxp listen=1 margin=1000" --tc 2+0
    expect_rc 0 "dxp $fault: the match ends"
    case $fault in
    crash) records "dxp crash" "^crash: the engine" ;;
    illegal) records "dxp illegal" "^illegal move: '1-50'" ;;
    esac
done
finish
