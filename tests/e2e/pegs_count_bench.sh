#!/usr/bin/env bash
# pegs_count_bench.sh -- from the English centre start, 187,636,299 positions are
# reachable and 23,475,688 up to the board's 8 symmetries (published: Bell; Beasley,
# The Ins and Outs of Peg Solitaire).  Tens of seconds: named *_bench so that the
# sanitizer run skips it.
. "$(dirname "$0")/lib.bash"

run "$BOYI" solve --game pegs --count --json
expect_rc 0 "count from the centre"
expect_out '"reachable":187636299' "187,636,299 positions reachable"
expect_out '"reachable_up_to_symmetry":23475688' "23,475,688 up to symmetry"

finish
