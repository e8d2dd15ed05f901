#!/usr/bin/env bash
# dxp_takeback.sh -- DXP's BACKREQ/BACKACC (takebacks), both sides of boyi:
#   - `boyi dxp` as a peer, driven by a scripted DXP initiator (here, over bash's
#     /dev/tcp): it accepts a takeback as Scan's dxp.cpp does (BACKACC '0', the game
#     back to the ply the request names, and a move at once when it is boyi's turn),
#     refuses one outside the game ('2'), and refuses all with takebacks=refuse;
#   - the match runner, a referee, refuses a takeback (BACKACC '2') and records it
#     in the traffic log (--log), and the game goes on
#     (tests/fake_engines/dxp.sh's fault 'backreq').
source "$(dirname "$0")/lib.bash"

# peer MODE: boyi dxp --listen, connected on fd 3; boyi plays white at depth 1.
peer() {
    rm -f "$TMP/peer.out"
    "$BOYI" dxp --listen 0 --depth 1 "takebacks=$1" >"$TMP/peer.out" 2>"$TMP/peer.err" &
    PEER=$!
    local port="" k
    for ((k = 0; k < 100; k++)); do
        port=$(sed -n 's/^listening on port \([0-9]*\)$/\1/p' "$TMP/peer.out")
        [ -n "$port" ] && break
        sleep 0.1
    done
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'R01%-32sW010000A\0' "script" >&3     # GAMEREQ: boyi (the follower) white, 10 min
}
msg() { IFS= read -r -t 10 -d '' MSG <&3 || MSG="(nothing)"; }
stop_peer() { printf 'E01\0' >&3; msg; exec 3>&-; wait "$PEER"; }

peer accept
msg; [ "${MSG:0:1}" = A ] && ok || bad "GAMEACC expected, not '$MSG'"
msg; first=$MSG
[ "${first:0:1}" = M ] && ok || bad "boyi's first move expected, not '$first'"
printf 'M0001192300\0' >&3                         # black: 19-23
msg; [ "${MSG:0:1}" = M ] && ok || bad "boyi's second move expected, not '$MSG'"
printf 'B050W\0' >&3                               # move 50: not in the game
msg; [ "$MSG" = K2 ] && ok || bad "a takeback past the game is refused (K2), not '$MSG'"
printf 'B001W\0' >&3                               # back to the start, white (boyi) to move
msg; [ "$MSG" = K0 ] && ok || bad "a takeback to move 1 is accepted (K0), not '$MSG'"
msg; [ "${MSG:0:1}" = M ] && [ "${MSG:5}" = "${first:5}" ] && ok ||
    bad "after the takeback boyi moves again from the start, as it did first ('${first:5}'), not '$MSG'"
printf 'M0001192300\0' >&3                         # the same black move again: legal only if back
msg; [ "${MSG:0:1}" = M ] && ok || bad "boyi plays on after the takeback, not '$MSG'"
printf 'B001Z\0' >&3                               # back to black's first move: boyi waits
msg; [ "$MSG" = K0 ] && ok || bad "a takeback to black's move 1 is accepted, not '$MSG'"
printf 'M0001172100\0' >&3                         # another black first move: 17-21
msg; [ "${MSG:0:1}" = M ] && ok || bad "boyi answers the new black move, not '$MSG'"
stop_peer
grep -q 'illegal' "$TMP/peer.err" && bad "boyi dxp found a move illegal: $(cat "$TMP/peer.err")" || ok

peer refuse
msg; msg
printf 'B001W\0' >&3
msg; [ "$MSG" = K2 ] && ok || bad "takebacks=refuse answers K2, not '$MSG'"
printf 'M0001192300\0' >&3
msg; [ "${MSG:0:1}" = M ] && ok || bad "the game goes on after a refused takeback, not '$MSG'"
stop_peer

run "$BOYI" dxp --listen 0 takebacks=maybe
expect_rc 2 "an unknown argument is a usage error"

# The runner refuses (K2), says so, and the game goes on to its end.
rm -rf "$TMP/m" "$TMP/log"
run "$BOYI" match --game draughts --engine "name=fake cmd=$SRC/tests/fake_engines/dxp.sh args='$BOYI backreq 2 {port}' proto=dxp listen=1 margin=3000" \
    --engine "name=boyi depth=1" --games 1 --tc 60+0 --adjudicate 'max_plies=20' --out "$TMP/m" --log "$TMP/log"
expect_rc 0 "the match with a takeback request ends normally"
grep -q '^< B001W$' "$TMP/log/fake.log" && grep -q '^> K2$' "$TMP/log/fake.log" && ok ||
    bad "the traffic log has the request and the refusal: $(grep -E '^[<>] [BK]' "$TMP/log/fake.log")"
grep -Eq '^# fake asked to take back to move 1 \(white to move\): refused' "$TMP/log/fake.log" && ok ||
    bad "the runner notes the refused takeback in the log"
if cut -f3 "$TMP/m/journal.tsv" | grep -Eq 'garbage|illegal|crash'; then bad "the game was lost to a fault: $(cut -f3 "$TMP/m/journal.tsv")"; else ok; fi
finish
