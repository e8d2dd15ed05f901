# gomoku_recovery.sh -- through the command line: a broken game in the middle of a file
# of every Gomoku format is reported where it breaks, the games after it are read, and
# the summary counts every game (tests/gomoku_records/test_recovery.c tries many more
# ways of breaking a game).
source "$(dirname "$0")/lib.bash"

D="$SRC/data/gomoku"

# contest: the file's two real records around one whose move has no ','
{ head -1 "$D/contest-utf8.txt"; echo '{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);W(I 9);B(J,10)}'; tail -1 "$D/contest-utf8.txt"; } >"$TMP/c.txt"
run "$BOYI" validate "$TMP/c.txt"
expect_rc 1 "contest: a broken record makes the file invalid"
expect_out "^$TMP/c.txt:2:[0-9]+: game 2: parse: move 2 'W\(I 9\)' cannot be read" "contest: broken record located"
expect_out "^$TMP/c.txt: game 3: ok, 92 plies, 0-1" "contest: the record after it is read"
expect_out '^summary: 1 files, 3 games, [0-9]+ moves, 2 ok, 1 invalid' "contest: every game counted"

# PSQ: a game whose header is missing, between two real ones
{ cat "$D/game.psq"; printf '8,8,100\n9,9,100\na\nb\n-1\n'; cat "$D/game.psq"; } >"$TMP/p.psq"
run "$BOYI" validate "$TMP/p.psq"
expect_out "^$TMP/p.psq:93:1: game 2: parse: move '8,8,100' has no game" "psq: headerless game located"
expect_out "^$TMP/p.psq: game 3: ok, 88 plies, 0-1" "psq: the game after it is read"
expect_out '^summary: 1 files, 3 games, [0-9]+ moves, 2 ok, 1 invalid' "psq: every game counted"

# SGF: a tree whose ')' is missing, between two real ones
{ cat "$D/game.sgf"; printf '(;GM[4]SZ[15];B[hh];W[ii]\n'; cat "$D/game.sgf"; } >"$TMP/s.sgf"
run "$BOYI" validate "$TMP/s.sgf"
expect_out "^$TMP/s.sgf:12:26: game 2: parse: game tree not closed: '\)' missing before the next game tree" "sgf: broken tree located"
expect_out "^$TMP/s.sgf: game 3: ok, 92 plies, 0-1" "sgf: the tree after it is read"
expect_out '^summary: 1 files, 3 games, [0-9]+ moves, 2 ok, 1 invalid' "sgf: every game counted"

# move list: an unreadable token; the game ends at its result token
{ cat "$D/game-moves.txt"; echo "h8 i9 zz9x j10 0-1"; cat "$D/game-moves.txt"; } >"$TMP/m.txt"
run "$BOYI" validate "$TMP/m.txt"
expect_out "^$TMP/m.txt:10:7: game 2: parse: move 3 'zz9x' is not a point" "moves: bad token located"
expect_out "^$TMP/m.txt: game 3: ok, 59 plies, 1-0" "moves: the game after it is read"
expect_out '^summary: 1 files, 3 games, [0-9]+ moves, 2 ok, 1 invalid' "moves: every game counted"
finish
