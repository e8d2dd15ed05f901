#!/usr/bin/env bash
# standings.sh -- `boyi standings` judges a tournament's logs: the CCGC 2006 Xiangqi
# logs as published (their Result tags, read here independently with iconv and awk,
# must give the same points), hand-made round robins whose points and
# Sonneborn-Berger are worked out by hand below, an illegal move that loses, a wrong
# claim corrected by the rules (a real Big5 game that repeats three times), and
# multi-game matches.
source "$(dirname "$0")/lib.bash"
CCGC="$SHARED/corpus/xiangqi/ccgc2006"

# 1. CCGC 2006: every game scored, no correction, points as the Result tags give.
run "$BOYI" standings --json "$CCGC"/*.pgn
expect_rc 0 "ccgc2006 standings"
expect_out '^\{"games":20,' "ccgc2006: 20 games scored"
want=$(for f in "$CCGC"/*.pgn; do iconv -f GBK -t UTF-8 "$f"; done | awk -F'"' '
    /^\[Red /{r=$2} /^\[Black /{b=$2}
    /^\[Result /{ if ($2=="1-0") {p[r]+=1; p[b]+=0} else if ($2=="0-1") {p[b]+=1; p[r]+=0}
                   else if ($2=="1/2-1/2") {p[r]+=0.5; p[b]+=0.5} }
    END { for (k in p) printf "%s %g\n", k, p[k] }' | sort)
got=$(grep -o '"name":"[^"]*","points":[0-9.]*' "$TMP/out" | sed 's/"name":"\([^"]*\)","points":\(.*\)/\1 \2/' | sort)
if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else bad "ccgc2006 points differ from the Result tags: want [$want] got [$got]"; fi
expect_out '"corrections":\[\],"not_scored":\[\]' "ccgc2006: nothing corrected or left out"
run "$BOYI" standings "$CCGC"/*.pgn
expect_out '^  1 相眼竞技 +7½ +20 +6 +3 +11 ' "ccgc2006 text: the engine that played all 20 games"
expect_out 'crosstable' "ccgc2006 text: a crosstable"

# 2. A round robin: A beats B, B draws C, A beats C (unfinished on the board: the
# logs' claims stand).  Points A 2, B 1/2, C 1/2.  Sonneborn-Berger: A = 1*0.5 + 1*0.5
# = 1; B = 0*2 + 0.5*0.5 = 0.25; C = 0.5*0.5 + 0*2 = 0.25.
g() { printf '[Event "t"]\n[Red "%s"]\n[Black "%s"]\n[Result "%s"]\n\n1. h2e2 h9g7 %s\n\n' "$1" "$2" "$3" "$3"; }
{ g A B 1-0; g B C 1/2-1/2; g C A 0-1; } > "$TMP/rr.pgn"
run "$BOYI" standings --json "$TMP/rr.pgn"
expect_rc 0 "round robin"
expect_out '\{"rank":1,"name":"A","points":2,"games":2,"wins":2,"draws":0,"losses":0,"sb":1.0000\}' "round robin: A"
expect_out '"name":"B","points":0.5,"games":2,"wins":0,"draws":1,"losses":1,"sb":0.2500' "round robin: B"
expect_out '"crosstable":\[\[null,1,1\],\[0,null,0.5\],\[0,0.5,null\]\]' "round robin: crosstable"

# 3. An illegal move loses whatever the log says (a0a5: the chariot jumps its pawn).
printf '[Event "t"]\n[Red "D"]\n[Black "E"]\n[Result "1-0"]\n\n1. a0a5 1-0\n\n' > "$TMP/ill.pgn"
run "$BOYI" standings --game xiangqi "$TMP/rr.pgn" "$TMP/ill.pgn"
expect_rc 1 "a corrected result gives exit 1"
expect_out 'ill.pgn: game 1: the log says 1-0, scored 0-1: an illegal move loses: move 1 \(red\) a0a5' "illegal move"
expect_out '^ +[0-9]+ E +1 +1 +1 +0 +0 ' "illegal move: E gets the point"

# 4. A real game whose claim the moves contradict (Big5, a third repetition: a draw).
run "$BOYI" standings "$SHARED/corpus/xiangqi/ccpd-big5/066.pgn"
expect_rc 1 "ccpd 066"
expect_out 'game 1: the log says 0-1, scored 1/2-1/2: result: .*third time' "ccpd 066: corrected to the draw"

# 5. Logs that cannot be scored are listed, and the rest still count.
printf '[Event "t"]\n[Red "H"]\n[Black "I"]\n\n1. h2e2 h9g7\n\n' > "$TMP/open.pgn"
run "$BOYI" standings "$TMP/rr.pgn" "$TMP/open.pgn"
expect_rc 1 "unscored game"
expect_out 'open.pgn: game 1: the game is not over on the board and its log claims no result' "unscored: reason"
expect_out '^standings: 3 games, 3 players, 0 results corrected, 1 games not scored' "unscored: the rest counted"

# 6. Matches: F-G 2-1 over three games is one match won by F.
{ g F G 1-0; g G F 1-0; g F G 1-0; } > "$TMP/m.pgn"
run "$BOYI" standings --json --matches "$TMP/m.pgn"
expect_out '"name":"F","points":1,"games":1,"wins":1,"draws":0,"losses":0,"sb":0.0000,"game_points":2\}' "matches: F"
expect_out '"name":"G","points":0,"games":1,"wins":0,"draws":0,"losses":1,"sb":0.0000,"game_points":1\}' "matches: G"

# 7. Other games' logs: EWN's six-game match (first to 4) as one match won 4-2, and
# the line game's contest logs.
run "$BOYI" standings --matches --json "$SRC"/data/einstein/match-2022/*
expect_out '"name":"清华大学","points":1,"games":1,"wins":1,"draws":0,"losses":0,"sb":0.0000,"game_points":4' "EWN match: 4-2"
run "$BOYI" standings "$SRC/data/yizi/contest.txt"
expect_out '^standings: 3 games, 3 players, 0 results corrected, 0 games not scored' "line game logs"

# 8. Usage.
run "$BOYI" standings
expect_rc 2 "no files"
run "$BOYI" standings "$TMP/missing.pgn"
expect_rc 2 "missing file"
no_crash "missing file"
finish
