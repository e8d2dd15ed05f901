# draughts_engine.sh -- `boyi analyse --game draughts`: the maximum-capture rule holds at
# the root, and a published shot is found (with Scan 2.0 playing the same move).
source "$(dirname "$0")/lib.bash"

# White can take one man (39x28) or two (32x21x12); the rules allow only the two.
run "$BOYI" analyse --game draughts --fen 'W:W32,39:B27,17,33' --depth 3 --json
expect_rc 0 "draughts analyse exits 0"
expect_out '"bestmove":"32x12"' "the capture of the most pieces is played"

# PWCP_2.pdn A2 (../shared/corpus/draughts/pdn-standard/succeed): 1. 48-42 37x48
# 2. 29-23 48x14 3. 23x3 14x46 4. 3x5 wins; Scan 2.0 (hub, depth 16) plays 48-42 too.
run "$BOYI" analyse --game draughts --fen 'W:W20,28,29,30,48:B8,9,10,18,37' --nodes 300000 --json
expect_rc 0 "shot analyse exits 0"
expect_out '"bestmove":"48-42"' "the shot 48-42 is found"

finish
