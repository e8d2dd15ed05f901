# common_unsupported.sh -- record formats boyi recognises but does not read
# (Renlib .lib, RenjuNet .rif, UTF-32 text) are named:
# "format X is not supported yet", exit 2, the file named; never "cannot tell
# which game this file holds".  Hand-made files with the formats' real magic
# bytes (Renlib: 0xFF
# "RenLib" 0xFF, version; RIF: an XML database), recognised by content under
# any name, and by name when nothing in them is readable.
source "$(dirname "$0")/lib.bash"

# zeros N: N zero bytes
zeros() { head -c "$1" /dev/zero; }

{ printf '\377RenLib\377\003\000'; printf '\377%.0s' 1 2 3 4 5 6 7 8 9 10; printf '\170\000\200\000'; } > "$TMP/openings.lib"
cat > "$TMP/db.rif" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<database>
<players><player id="1" name="A" surname="B" country="1"/></players>
<games><game id="1" tournament="1" round="1" black="1" white="2" bresult="1" opening="1"><move>h8 h9 i9</move></game></games>
</database>
XML
{ printf '\377\376\000\000'; printf '[\0\0\0G\0\0\0]\0\0\0\n\0\0\0'; } > "$TMP/utf32.pgn"

# check FILE NAME-PATTERN DESCRIPTION
check() {
    run "$BOYI" validate "$1"
    no_crash "$3"
    expect_rc 2 "$3"
    expect_err "$(basename "$1"): error: format $2.* is not supported yet" "$3 named"
    if grep -q 'cannot tell which game' "$TMP/err"; then bad "$3: 'cannot tell which game'"; else ok; fi
}
check "$TMP/openings.lib" 'Renlib' "Renlib library"
check "$TMP/db.rif" 'RenjuNet' "RenjuNet database"
check "$TMP/utf32.pgn" 'UTF-32' "UTF-32 text"

# by content under other names, gzip too
cp "$TMP/openings.lib" "$TMP/book.bin"; check "$TMP/book.bin" 'Renlib' "Renlib by its magic alone"
cp "$TMP/db.rif" "$TMP/db.xml"; check "$TMP/db.xml" 'RenjuNet' "RIF by its structure alone"

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
run "$BOYI" validate "$TMP/openings.lib" "$SHARED/corpus/xiangqi/sample.pgn"
expect_rc 2 "unsupported among readable files"
expect_out 'sample.pgn: game 1: ok' "the readable file is still judged"

finish
