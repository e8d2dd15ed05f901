#!/usr/bin/env bash
# botzone_faults.sh -- `boyi match` against a scripted fake Botzone bot
# (tests/fake_engines/botzone.sh, which relays to `boyi botzone` and misbehaves from a
# chosen turn on): a crash, a hang, junk, an illegal point, and a kept-running bot
# that dies, in the JSON and the simple interaction.  Each loses that game with its
# reason in the journal, a fresh bot is started for the next game, the match ends,
# and the records validate.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines/botzone.sh"

# match IO FAULT N [GAME RULES]: two games (Xiangqi, whose PGN records say how a game
# was lost) of the fake against boyi at depth 1.
match() {
    local game=${4:-xiangqi} rules=${5:--}
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game $game ${5:+--rules $rules} --engine "name=fake cmd=$FAKE args='$BOYI $game $rules $1 $2 $3' proto=botzone io=$1 margin=${MARGIN:-5000}" \
        --engine "depth=1" --games 2 --movetime 50 --out "$TMP/m" --log "$TMP/log"
}
reasons() { cut -f3 "$TMP/m/journal.tsv" 2>/dev/null; }
expect_reasons() {
    local want=$1 what=$2 got
    got=$(reasons)
    if [ "$(printf '%s\n' "$got" | grep -Ec -- "$want")" -eq 2 ]; then ok; else bad "$what: journal reasons [$got] should match /$want/ twice"; fi
}
validates() {
    if grep -q '"losses": 2' "$TMP/m/stats.json"; then ok; else bad "$1: the fake lost both games: $(cat "$TMP/m/stats.json")"; fi
    run "$BOYI" validate "$TMP/m/games.pgn"
    expect_rc 0 "$1: the records validate"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "$1: both games recorded"
}

for io in json simple; do
    for fault in crash junk illegal; do
        match $io $fault 2
        expect_rc 0 "$io $fault: the match ends normally"
        case $fault in
        crash) expect_reasons '^crash: the bot ended with exit status 3 before its response' "$io crash" ;;
        # JSON: not a response at all; simple: a line that is no move text (a
        # move text the game cannot read is an illegal move: docs/botzone.md)
        junk) if [ $io = json ]; then expect_reasons "^garbage: 'what move\\?'" "json junk"
              else expect_reasons "^illegal move: 'what move\\?' \\('what move\\?': 'what move\\?' is not an ICCS move" "simple junk"; fi ;;
        illegal) if [ $io = json ]; then expect_reasons "^illegal move: '\\{\"response\":\"[a-i][0-9][a-i][0-9]\"\\}' \\('[a-i][0-9][a-i][0-9]': .*there is no piece" "json illegal"
                 else expect_reasons "^illegal move: '[a-i][0-9][a-i][0-9]' \\('[a-i][0-9][a-i][0-9]': .*there is no piece" "simple illegal"; fi ;;
        esac
        validates "$io $fault"
    done
done
# The turns before the fault were answered by fresh processes given the whole history.
if grep -Eq '^> [0-9]+$' "$TMP/log/fake.log" && grep -Eq '^< [a-i][0-9][a-i][0-9]$' "$TMP/log/fake.log"; then ok; else bad "simple: the log keeps the traffic"; fi

# Botzone's points (Gomoku): an occupied point (JSON) and junk (simple).  (The
# Gomoku contest record has no way to say a game was lost to a fault, so these records
# are not validated here.)
match json illegal 2 gomoku freestyle
expect_reasons "^illegal move: '\\{\"response\":\\{\"x\":[0-9]+,\"y\":[0-9]+\\}\\}' \\(x [0-9]+, y [0-9]+ is not a legal move here\\)" "gomoku json illegal"
match simple junk 2 gomoku freestyle
expect_reasons "^garbage: 'what move\\?' \\('what move\\?' is not a point 'X Y'\\)" "gomoku simple junk"

# A hang: silent past the time and the margin.
MARGIN=1500 match json hang 2
expect_rc 0 "hang: the match ends"
expect_reasons '^timeout: no response in time' "hang"
validates "hang"

# A kept-running bot that dies when its next request comes.
match json keep 0
expect_rc 0 "keep: the match ends"
expect_reasons "^crash: the bot ended with exit status 3 before its response \\(last output: '>>>BOTZONE_REQUEST_KEEP_RUNNING<<<'\\)" "keep-running crash"
validates "keep"

# Specs: io= takes json or simple; a missing program is a crash, not a runner error.
run "$BOYI" match --game gomoku --engine "cmd=$FAKE proto=botzone io=xml" --engine depth=1 --games 2 --out "$TMP/bad"
expect_rc 2 "io=xml"
expect_err "unknown key 'io'" "io=xml: said"
rm -rf "$TMP/m"
run "$BOYI" match --game gomoku --rules freestyle --engine "name=ghost cmd=$TMP/no-such-bot proto=botzone" --engine depth=1 --games 2 --movetime 50 --out "$TMP/m"
expect_rc 0 "a missing bot: the match ends"
expect_reasons '^crash: the bot ended with exit status 127' "a missing bot"
finish
