# cli_usage.sh -- the binary's own conventions: help, usage errors, unreadable files.
source "$(dirname "$0")/lib.bash"

run "$BOYI" --help
expect_rc 0 "boyi --help"
expect_out 'validate' "help lists validate"
expect_out 'xiangqi' "help lists the games"

for cmd in validate perft moves convert bench play; do
    run "$BOYI" "$cmd" --help
    expect_rc 0 "boyi $cmd --help"
    expect_out "usage: boyi $cmd" "$cmd --help prints its usage"
done

run "$BOYI"
expect_rc 2 "no command"

run "$BOYI" frobnicate
expect_rc 2 "unknown command"
expect_err "unknown command 'frobnicate'" "unknown command is named"

run "$BOYI" validate --no-such-option x
expect_rc 2 "unknown option"
expect_err "no-such-option" "unknown option is named"

run "$BOYI" validate
expect_rc 2 "validate without files"

run "$BOYI" perft --game nosuchgame 1
expect_rc 2 "unknown game"
expect_err "unknown game 'nosuchgame'" "unknown game is named"

run "$BOYI" perft 3
expect_rc 2 "perft without --game"
expect_err "needs --game" "perft says it needs --game"

run "$BOYI" validate "$TMP/missing.pgn"
expect_rc 2 "missing file"
expect_err "missing.pgn: error: cannot open" "missing file named in the error"

: > "$TMP/empty.pgn"
run "$BOYI" validate "$TMP/empty.pgn"
no_crash "empty file"
expect_rc 2 "empty file is unreadable as a record"
expect_err "empty.pgn" "empty file named in the error"

printf 'this is not a game record at all\n' > "$TMP/prose.txt"
run "$BOYI" validate "$TMP/prose.txt"
no_crash "prose file"
expect_rc 2 "prose is no record"
expect_err "prose.txt:1:1: error: cannot tell which game" "prose file located"

# Deterministic pseudo-random bytes (fixed seed), so a failure can be reproduced.
LC_ALL=C awk 'BEGIN { srand(42); for (i = 0; i < 4096; i++) printf "%c", int(rand() * 256) }' > "$TMP/garbage.bin"
run "$BOYI" validate "$TMP/garbage.bin"
no_crash "random bytes"
[ "$RC" -ne 0 ] && ok || bad "random bytes must not validate"

# Progress goes to a terminal only: with stderr redirected there is none.
run "$BOYI" validate "$SRC"/data/xiangqi/endings.pgn "$SRC"/data/draughts/sample_game.pdn
expect_rc 0 "two sample files validate"
if [ -z "$ERR" ]; then ok; else bad "no progress output when stderr is not a terminal"; fi

# .gz output is written through zlib and reads back (gzip detected by content).
run "$BOYI" convert "$SRC/data/xiangqi/endings.pgn" --to iccs -o "$TMP/endings.pgn.gz"
expect_rc 0 "convert to a .gz file"
if [ "$(head -c 2 "$TMP/endings.pgn.gz" | od -An -tx1 | tr -d ' ')" = "1f8b" ]; then ok; else bad "the .gz output is gzip"; fi
run "$BOYI" validate "$TMP/endings.pgn.gz"
expect_rc 0 "the .gz output validates"
expect_out 'summary: 1 files, 5 games' "all games survive the .gz round trip"
run "$BOYI" convert "$SRC/data/xiangqi/endings.pgn" --to iccs -o "$TMP/no/such/dir/x.pgn.gz"
expect_rc 2 "unwritable .gz output"
expect_err 'x.pgn.gz: error: cannot write' "unwritable output named"

run "$BOYI" validate --move-time-limit abc x
expect_rc 2 "bad --move-time-limit"

finish
