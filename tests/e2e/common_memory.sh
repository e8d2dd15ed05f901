# common_memory.sh -- validate's memory does not grow with the file: a 64 MB
# Xiangqi archive (the hu-ronghua corpus file 68 times, then a game cut inside
# its last character: the case that took 545 MB for 50 MB before slicing), plain
# and gzip, is validated with a peak resident size under 32 MB (reading it whole
# took three times the file, about 190 MB, and over 1 GB when cut in a
# character). docs/reading.md has the figures for 1 GB. Under the sanitizers
# (whose allocator keeps freed memory in quarantine) only a 4 MB file is read
# and the bound is not checked.
source "$(dirname "$0")/lib.bash"

C="$SHARED/corpus/xiangqi"
copies=68 bound_kb=32768
if grep -qa '__asan_init' "$BOYI"; then copies=4 bound_kb=0; fi
for i in $(seq "$copies"); do cat "$C/hu-ronghua-1391-iccs.pgn"; done > "$TMP/big.pgn"
head -c 998 "$C/xqdb_traditional.pgn" >> "$TMP/big.pgn"
size_kb=$(( $(stat -c %s "$TMP/big.pgn") / 1024 ))
gzip -1 -c "$TMP/big.pgn" > "$TMP/big.pgn.gz"

for f in "$TMP/big.pgn" "$TMP/big.pgn.gz"; do
    BOYI_REPORT_PEAK=1 "$BOYI" validate "$f" > "$TMP/out" 2> "$TMP/err"
    RC=$?; OUT=$(tail -2 "$TMP/out"); ERR=$(cat "$TMP/err")
    no_crash "$(basename "$f")"
    expect_rc 1 "$(basename "$f"): some games break the rules"
    games=$((copies * 1391 + 1))
    expect_out "^summary: 1 files, $games games" "$(basename "$f"): every game judged"
    expect_out "game $games: warning: the file ends inside a character" "$(basename "$f"): the cut is said"
    peak=$(sed -n 's/^boyi: peak memory: \([0-9]*\) kB$/\1/p' "$TMP/err")
    if [ -z "$peak" ]; then bad "no peak memory figure"; continue; fi
    echo "$(basename "$f"): $size_kb kB of text, peak $peak kB"
    if [ "$bound_kb" -gt 0 ]; then
        [ "$peak" -lt "$bound_kb" ] && ok || bad "$(basename "$f"): peak $peak kB for $size_kb kB of text (bound $bound_kb kB)"
    fi
done

finish
