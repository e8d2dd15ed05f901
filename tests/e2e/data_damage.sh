#!/usr/bin/env bash
# data_damage.sh -- training data: every loss reported (issue 31, part 3;
# docs/training-data.md).  A block whose game count under- or overstates what its bytes
# hold, a second file appended, a block repeated, blocks swapped: each is named (block
# and byte), `boyi data stats` exits 1, says how many bytes and games it did not read,
# and reads every other block.  Reproducers: findings/2026-12/data-*.bin.
source "$(dirname "$0")/lib.bash"
BOYI=$(realpath "$BOYI") SHARED=$(realpath "$SHARED")
F="$SHARED/findings/2026-12"
ORIG="$F/data-original.bin"
cd "$TMP"

# games: the game count of `boyi data stats`' summary line in OUT.
games() { sed -n 's/^[0-9]* blocks, \([0-9]*\) games.*/\1/p' "$TMP/out"; }

run "$BOYI" data stats "$ORIG"
expect_rc 0 "the original file"
total=$(games)
[ "$total" = 200 ] && ok || bad "the original holds $total games, not 200"

# The reproducer: block 1's count set to 1 where it holds 64.
run "$BOYI" data stats "$F/data-block-count-understated.bin"
expect_rc 1 "a block whose count understates"
expect_err 'block 1 \(byte 49\): its header counts 1 game, its bytes hold 64; its 64 games are not read' "the block and its games are named"
expect_err '64 games of skipped blocks; the 136 games read are whole' "the loss is counted"
[ "$(games)" = 136 ] && ok || bad "the blocks after the bad one were not read: $(games) games"

# The blocks of the original: offsets and sizes (a block is 20 bytes of header and
# its compressed bytes, whose count is the u32 at offset 4).
off=49 size=$(stat -c %s "$ORIG") n=0
declare -a at len
while [ "$off" -lt "$size" ]; do
    clen=$(od -An -tu4 -j $((off + 4)) -N4 "$ORIG" | tr -d ' ')
    at[n]=$off len[n]=$((20 + clen))
    off=$((off + 20 + clen)) n=$((n + 1))
done
[ "$n" = 4 ] && [ "$off" = "$size" ] && ok || bad "the original's blocks: $n ending at $off of $size"
block() { tail -c +$((at[$1] + 1)) "$ORIG" | head -c "${len[$1]}"; }
head -c 49 "$ORIG" > header

# A count that overstates (the last block's 8 games said to be 9).
cp "$ORIG" over.bin && chmod u+w over.bin
printf '\x09' | dd of=over.bin bs=1 seek=$((at[3] + 12)) conv=notrunc 2>/dev/null
run "$BOYI" data stats over.bin
expect_rc 1 "a block whose count overstates"
expect_err "block 4 \\(byte ${at[3]}\\): its header counts 9 games, its bytes hold 8" "the overstated count is named"

# A second copy appended: every byte of it is counted as not read.
cat "$ORIG" "$ORIG" > joined.bin
run "$BOYI" data stats joined.bin
expect_rc 1 "two files joined"
expect_err "block 5 \\(byte $size\\): a second data file's header" "the second header is named"
expect_err "\\($size of $((2 * size)) bytes not read; the 200 games read are whole\\)" "the unread bytes are counted truly"

# A block repeated: the copy is skipped and named; the games are read once.
{ cat header; block 0; block 1; block 1; block 2; block 3; } > dup.bin
run "$BOYI" data stats dup.bin
expect_rc 1 "a block repeated"
expect_err 'block 3 \(byte [0-9]+\): its first game \(65\) is not after the last one before it \(128\): blocks repeated or out of order' "the repeated block is named"
[ "$(games)" = 200 ] && ok || bad "a repeated block: $(games) games read, not the 200 once each"

# Blocks swapped: the one out of order is skipped and named.
{ cat header; block 0; block 2; block 1; block 3; } > swapped.bin
run "$BOYI" data stats swapped.bin
expect_rc 1 "blocks swapped"
expect_err 'block 3 \(byte [0-9]+\): its first game \(65\) is not after the last one before it \(192\)' "the block out of order is named"
expect_err "\\(${len[1]} of $size bytes not read, 64 games of skipped blocks" "its bytes and games are counted"

# data dump agrees: the positions of the skipped block are not printed, exit 1.
run "$BOYI" data dump swapped.bin
expect_rc 1 "data dump of swapped blocks"
if [ "$(cut -d' ' -f1 "$TMP/out" | sort -un | wc -l)" = 136 ]; then ok; else bad "data dump printed $(cut -d' ' -f1 "$TMP/out" | sort -un | wc -l) games"; fi

# A file cut inside its last block: the cut is named and its bytes counted.
head -c $((size - 100)) "$ORIG" > cut.bin
run "$BOYI" data stats cut.bin
expect_rc 1 "a cut file"
expect_err "block 4 \\(byte ${at[3]}\\) cut short .*\\($((len[3] - 100)) of $((size - 100)) bytes not read; the 192 games read are whole\\)" "the cut block is named and counted"
finish
