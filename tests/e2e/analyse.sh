# analyse.sh -- `boyi analyse` for every game with an engine: info lines per depth,
# bestmove, mate scores counted in the mover's moves, JSON, multi-PV, bad input.
# The mates here are short enough to be proved by hand (see each comment).
source "$(dirname "$0")/lib.bash"

# Xiangqi: 1. Rb0-b8 (the eighth rank closed), then a chariot to the ninth mates:
# mate in 2 moves (3 plies) for red; no mate in 1 exists (black's king has f9 or e8).
run "$BOYI" analyse --game xiangqi --fen '4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1' --depth 5 --json
expect_rc 0 "xiangqi analyse exits 0"
expect_out '"bestmove":"[a-i][0-9][a-i][0-9]"' "xiangqi bestmove in ICCS without a dash"
expect_out '"score":\{"mate":2\}' "xiangqi mate in 2 found"
if [ "$(grep -c '"depth"' "$TMP/out")" -ge 5 ]; then ok; else bad "one JSON line per depth"; fi

# Renju: black's open four h8-k8 makes five at once (a Renju five is a mate): mate 1.
run "$BOYI" analyse --game gomoku --position 'black: h8 i8 j8 k8 e3; white: h9 i9 j9 a1; to-move: black' --depth 3
expect_rc 0 "gomoku analyse exits 0"
expect_out '^info depth 1 .*score mate 1 .*pv (g8|l8)' "gomoku five found at depth 1"
expect_out '^bestmove (g8|l8)$' "gomoku bestmove is a five point"

# Draughts: white's man on 28 takes black's last man on 23: mate 1 (black has no move).
run "$BOYI" analyse --game draughts --fen 'W:W28:B23' --depth 2 --json
expect_out '"bestmove":"28x19"' "draughts capture written 28x19"
expect_out '"score":\{"mate":1\}' "draughts win in 1"

# The start position of each game: a legal move, and the same answer twice at a node limit.
for g in xiangqi gomoku draughts; do
    run "$BOYI" analyse --game "$g" --nodes 5000 --json
    expect_rc 0 "$g start analyse"
    first=$(tail -1 "$TMP/out")
    run "$BOYI" analyse --game "$g" --nodes 5000 --json
    if [ "$first" = "$(tail -1 "$TMP/out")" ]; then ok; else bad "$g: same node limit, different answers"; fi
done

# Multi-PV: three lines, numbered, each with its own first move.
run "$BOYI" analyse --game xiangqi --depth 3 --multipv 3
expect_out 'multipv 3' "multipv numbers its lines"
if [ "$(grep 'depth 3 ' "$TMP/out" | awk '{for(i=1;i<=NF;i++) if($i=="pv") print $(i+1)}' | sort -u | wc -l)" -eq 3 ]; then ok
else bad "three different first moves"; fi

# A clock: 4 s for 40 moves plus 0.1 s: the search stops well within its share.
run "$BOYI" analyse --game xiangqi --tc 40/4+0.1 --json
expect_rc 0 "--tc analyse"
expect_out '"bestmove"' "--tc gives a move"
ms=$(grep '"time_ms"' "$TMP/out" | tail -1 | sed 's/.*"time_ms":\([0-9]*\).*/\1/')
if [ -n "$ms" ] && [ "$ms" -le 1000 ]; then ok; else bad "--tc 40/4+0.1 took ${ms} ms"; fi
run "$BOYI" analyse --game xiangqi --tc 40/
expect_rc 2 "bad --tc refused"

# Bad input: named, exit 2; a position without moves is not searched.
run "$BOYI" analyse --game xiangqi --fen 'not a fen'
expect_rc 2 "bad FEN"
expect_err 'error' "bad FEN named"
run "$BOYI" analyse --depth 3
expect_rc 2 "no --game"
run "$BOYI" analyse --game draughts --fen 'W:W:B23'
expect_rc 1 "no legal move: nothing to search"
expect_err 'no legal move' "says why"
run "$BOYI" analyse --game xiangqi --nodes 0
expect_rc 2 "--nodes 0 refused"

# solve --vcf: white's four c5-f5 can only be blocked on g5, a double four for black
# (column g5-g8, diagonal g5-j8) and so forbidden: white wins in 2 moves.
run "$BOYI" solve --game gomoku --vcf --position 'black: b5 g6 g7 g8 h6 i7 j8; white: c5 d5 e5 a15 o15 o1' --json
expect_rc 0 "solve --vcf exits 0"
expect_out '"found":true,"result":"win","plies":3,"moves":2,"line":\["f5","\*","g5"\]' "VCF line with the forbidden block"
run "$BOYI" solve --game gomoku --vcf --position 'black: h8 i9; white: h9 i8'
expect_out '^vcf: none found' "no VCF with two stones each"
run "$BOYI" solve --game gomoku --solver nosuch
expect_rc 2 "unknown solver"
expect_err 'vcf' "lists the solvers it has"

finish
