# common_unsupported.sh -- record formats boyi recognises but does not read
# (UTF-32 text; a .lib or .rif that no reader claims) are named:
# "format X is not supported yet", exit 2, the file named; never "cannot tell
# which game this file holds".  (ChessBridge, Renlib and RenjuNet files are read
# now: tests/e2e/xq_formats.sh, tests/e2e/gm_formats.sh.)
source "$(dirname "$0")/lib.bash"

# zeros N: N zero bytes
zeros() { head -c "$1" /dev/zero; }

{ printf '\377\376\000\000'; printf '[\0\0\0G\0\0\0]\0\0\0\n\0\0\0'; } > "$TMP/utf32.pgn"

# check FILE NAME-PATTERN DESCRIPTION
check() {
    run "$BOYI" validate "$1"
    no_crash "$3"
    expect_rc 2 "$3"
    expect_err "$(basename "$1"): error: format $2.* is not supported yet" "$3 named"
    if grep -q 'cannot tell which game' "$TMP/err"; then bad "$3: 'cannot tell which game'"; else ok; fi
}
check "$TMP/utf32.pgn" 'UTF-32' "UTF-32 text"

# by name when the content is nothing boyi reads
LC_ALL=C awk 'BEGIN { srand(3); for (i = 0; i < 512; i++) printf "%c", int(rand() * 256) }' > "$TMP/other.lib"
check "$TMP/other.lib" 'Renlib' "a .lib by its name"
cp "$TMP/other.lib" "$TMP/other.rif"; check "$TMP/other.rif" 'RenjuNet' "a .rif by its name"
# ...but a record boyi reads is read whatever its name
cp "$SHARED/corpus/xiangqi/sample.pgn" "$TMP/sample.lib"
run "$BOYI" validate "$TMP/sample.lib"
expect_rc 0 "a PGN named .lib is read"
expect_out 'sample.lib: game 1: ok' "a PGN named .lib is judged"

# several files: the unsupported one is said, the others judged
run "$BOYI" validate "$TMP/utf32.pgn" "$SHARED/corpus/xiangqi/sample.pgn"
expect_rc 2 "unsupported among readable files"
expect_out 'sample.pgn: game 1: ok' "the readable file is still judged"

finish
