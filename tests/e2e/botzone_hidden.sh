#!/usr/bin/env bash
# botzone_hidden.sh -- `boyi match` referees Junqi (hidden information) for a Botzone
# bot as Botzone's own hidden games do: a bot is shown only what the rules let it see.
# A spy bot (tests/fake_engines/botzone_spy.sh) plays black against a random red, in
# two matches whose red deployments differ (seeds 1 and 2); it keeps every input.
#   - Its first input comes after red's 25 placements: it must be byte for byte the
#     same in both matches (the truth differs, the view does not), and no input may
#     carry a move of red's ("moves" are always empty: each request is a state drawn
#     from the spy's view).  The old runner sent red's placements ("b1=F") here.
#   - The positions it is shown are real ones: relayed to `boyi botzone`, the spy
#     deploys and plays on until its 27th request (two moves of play), where it answers junk and loses.
source "$(dirname "$0")/lib.bash"
SPY="$SRC/tests/fake_engines/botzone_spy.sh"

for seed in 1 2; do
    rm -f "$TMP/spy$seed.log"
    run "$BOYI" match --game junqi --engine random \
        --engine "name=spy cmd=$SPY args='$BOYI $TMP/spy$seed.log 27' proto=botzone" \
        --games 1 --seed $seed --out "$TMP/m$seed"
    expect_rc 0 "seed $seed: the match ends normally"
    if cut -f3 "$TMP/m$seed/journal.tsv" | grep -q "^garbage: 'junk'"; then ok
    else bad "seed $seed: the spy lost on its junk answer: $(cut -f3 "$TMP/m$seed/journal.tsv")"; fi
    if [ "$(wc -l <"$TMP/spy$seed.log")" -eq 27 ]; then ok; else bad "seed $seed: the spy should have had 27 inputs, not $(wc -l <"$TMP/spy$seed.log")"; fi
done

# The two truths differ: red's placements (the first 25 moves of the journal's line).
red1=$(cut -f5 "$TMP/m1/journal.tsv" | cut -d' ' -f1-25)
red2=$(cut -f5 "$TMP/m2/journal.tsv" | cut -d' ' -f1-25)
if [ -n "$red1" ] && [ "$red1" != "$red2" ]; then ok; else bad "the two matches need two different red deployments: [$red1] [$red2]"; fi
# ... the spy's view of them does not.
if [ "$(head -1 "$TMP/spy1.log")" = "$(head -1 "$TMP/spy2.log")" ]; then ok
else bad "the spy's first input differs with red's hidden deployment: $(head -c 300 "$TMP/spy1.log") / $(head -c 300 "$TMP/spy2.log")"; fi
if grep -q '"moves":\["' "$TMP/spy1.log" "$TMP/spy2.log"; then bad "an input carries the moves as played: $(grep -o '"moves":\["[^]]*' "$TMP/spy1.log" | head -1)"; else ok; fi
# The first input is a position with red deployed (upper case) and black to deploy.
if head -1 "$TMP/spy1.log" | grep -Eq '^\{"requests":\[\{"position":"5/5/5/5/5/5/[A-Z0-9/]+ b setup","moves":\[\]\}\],"responses":\[\]'; then ok
else bad "the first input: $(head -c 300 "$TMP/spy1.log")"; fi
finish
