#!/usr/bin/env bash
# pegs_count_bench.sh -- from the English centre start, 187,636,299 positions are
# reachable and 23,475,688 up to the board's 8 symmetries (published: Bell; Beasley,
# The Ins and Outs of Peg Solitaire), level by level OEIS A112737.  Tens of seconds: named *_bench so that the
# sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

run "$BOYI" solve --game pegs --count --json
expect_rc 0 "count from the centre"
expect_out '"reachable":187636299' "187,636,299 positions reachable"
expect_out '"reachable_up_to_symmetry":23475688' "23,475,688 up to symmetry"
# Level by level, up to symmetry, after 0..31 jumps: OEIS A112737 (George Bell).
expect_out '"levels":\[1,1,2,8,39,171,719,2757,9751,31312,89927,229614,517854,1022224,1753737,2598215,3312423,3626632,3413313,2765623,1930324,1160977,600372,265865,100565,32250,8688,1917,348,50,7,2\]' "the level sizes of OEIS A112737"
# Over a small budget the count stops with the last level made and its size.
run "$BOYI" solve --game pegs --count --json --hash 1
expect_rc 2 "over a 1 MiB budget"
expect_err "the last level made, 23 pegs, has 31312 positions up to symmetry" "names the last level (A112737: 31312 after 9 jumps)"

finish
