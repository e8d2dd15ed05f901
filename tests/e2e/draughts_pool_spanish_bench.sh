# draughts_pool_spanish_bench.sh -- pool checkers and Spanish draughts perft(10) from the
# start through the binary against the published counts (pool: the shashki.com
# "Standard validation generator moves" thread; Spanish: the FMJD forum "Perft for all
# recognized draughts variants" thread; both as collected in rhalbersma/dctl's board8x8
# traversal test).  About a second each in a Release build; a *_bench test, so it runs
# in the Release stage only.
source "$(dirname "$0")/lib.bash"

check_perft() {   # rules depth count
    run "$BOYI" perft --game draughts --rules "$1" "$2"
    expect_rc 0 "perft $1 $2"
    if [ "$(tail -n 1 "$TMP/out")" = "$3" ]; then ok; else bad "$1 perft $2 = $3"; fi
}
check_perft pool 10 22435955
check_perft spanish 10 17743464
finish
