# gomoku_engine_mate.sh -- `boyi analyse --game gomoku --json` scores a victory by
# continuous fours (N-1 fours, then the five) as {"mate":N}, finds it through the
# search's root threat solver and through the alpha-beta's own quiescence, and
# `boyi solve --solver vct` finds wins by threes.  Distances come from outside: the
# three-ply VCFs are proved by minimax in tests/core/test_vcf.c; the longer ones are
# Rapfi's "Eval +Mn" (n plies) for the same position (tests/gomoku_engine/
# test_rapfi_truth.c says how it was asked).
source "$(dirname "$0")/lib.bash"

# analyse_mate RULES POSITION N MOVES-REGEX WHAT: the last JSON line is mate N with a
# first move matching.
analyse_mate() {
    run "$BOYI" analyse --game gomoku --rules "$1" --position "$2" --depth 4 --json
    expect_rc 0 "$5: exits 0"
    expect_out "\"bestmove\":\"($4)\",\"score\":\\{\"mate\":$3\\}" "$5: mate $3 by $4"
}

# Freestyle: g7 makes the open-ended diagonal four e5-h8 (minimax: 3 plies, none shorter).
analyse_mate freestyle 'black: h8 i8 j8 a15 e5 f6; white: h10 i10 a1 o1 b2 c3' 2 'g7' "freestyle VCF of one four"
# Renju, white: c5-f5 whose only block g5 is a double four for black: mate 2.
analyse_mate renju 'black: b5 g6 g7 g8 h6 i7 j8; white: c5 d5 e5 a15 o15 o1' 2 'f5' "renju four on a forbidden block"
# Corpus renju/forbidden-cases.txt case 3: Rapfi h6, +M5 (5 plies): mate 3.
analyse_mate renju 'black: f9 g9 h8 h7 i6 j6 k6; white: h11 f10 g8 i8 g7 i7 l6; to-move: black' 3 'h6' "corpus case 3"
# A match position, white to move: Rapfi d12, +M7 (7 plies): mate 4.
analyse_mate renju 'black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10 e11; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10 k9; to-move: white' 4 'd12' "Rapfi +M7"

# The same VCF reached by the search alone at depth 1 (the root solvers cannot be
# turned off from the command line, so this asks through `solve --vcf` for the line
# and checks that the analyse line starts with it and names every ply).
run "$BOYI" analyse --game gomoku --position 'black: f9 g9 h8 h7 i6 j6 k6; white: h11 f10 g8 i8 g7 i7 l6; to-move: black' --depth 1
expect_out '^info depth 5 .*score mate 3 .*pv h6 g6 h5 h4 h9$' "the VCF line is the principal variation"

# VCT: freestyle double three on 7x7 (five plies: tests/gomoku_engine/test_vct.c proves it).
run "$BOYI" solve --game gomoku --rules freestyle --solver vct --position 'black: b4 c4 e2 e3; white: a7 g7 a1 g1; size: 7'
expect_rc 0 "vct exits 0"
expect_out 'black to move wins in 3 moves \(5 plies\): e4 ' "vct double three"
run "$BOYI" solve --game gomoku --solver vct --position 'black: b4 c4 e2 e3; white: a7 g7 a1 g1; size: 7' --rules freestyle --json
expect_out '"found":true' "vct --json"
# No threat at all: none found, and the search was complete.
run "$BOYI" solve --game gomoku --solver vct --position 'black: h8 i9; white: h9 i8' --depth 4
expect_out 'none found' "no vct with two stones each"
finish
