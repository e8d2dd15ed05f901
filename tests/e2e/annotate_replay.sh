# annotate_replay.sh -- the replay hook (cli.h) of every game: each game of real
# corpus files is replayed to as many plies as `boyi validate` reports, and each of
# those moves is legal for the game's descriptor (annotate plays them through it).
# annotate --json's summary gives "plies" (what replay handed over) and "legal" (the
# moves the descriptor accepted); validate --json gives "moves".
source "$(dirname "$0")/lib.bash"

# check_files WHAT FILE...: validate's plies per game against annotate's.
check_files() {
    local what=$1; shift
    # FILE#GAME|PLIES|FOUL: a game whose verdict is a Renju foul ends with a move the
    # descriptor does not offer (the engine never fouls), so one fewer is legal there
    "$BOYI" validate --json "$@" 2>/dev/null | grep '"status":"\(ok\|invalid\|skipped\)"' |
        awk '{ foul = $0 ~ /forbidden/ ? 1 : 0; skipped = $0 ~ /"status":"skipped"/
               sub(/^\{"file":"/, ""); f = $0; sub(/","game":.*/, "", f)
               g = $0; sub(/.*","game":/, "", g); sub(/,.*/, "", g)
               m = $0; sub(/.*"moves":/, "", m); sub(/,.*/, "", m)
               print f "#" g "|" (skipped ? 0 : m) "|" foul }' | sort >"$TMP/v"
    # FILE#GAME|PLIES|LEGAL
    "$BOYI" annotate --depth 1 --json "$@" 2>/dev/null | grep '"summary"' |
        sed -E 's/^\{"file":"(.*)","game":([0-9]+),"summary":\{"plies":([0-9]+),"legal":([0-9]+).*/\1#\2|\3|\4/' |
        sort >"$TMP/a"
    local nv na
    nv=$(wc -l <"$TMP/v"); na=$(wc -l <"$TMP/a")
    if [ "$nv" -gt 0 ] && [ "$nv" -eq "$na" ]; then ok; else RC=0; OUT=""; ERR=""; bad "$what: $nv games validated, $na annotated"; return; fi
    local diff
    diff=$(join -t '|' -j1 "$TMP/v" "$TMP/a" |
        awk -F'|' '{ plies=$2; foul=$3; got=$4; legal=$5;
               if (got != plies || (legal != plies && !(foul && legal == plies - 1))) print }')
    if [ "$(join -t '|' -j1 "$TMP/v" "$TMP/a" | wc -l)" -ne "$nv" ]; then diff="games do not pair up: $diff"; fi
    if [ -z "$diff" ]; then ok; else RC=0; OUT="$diff"; ERR=""; bad "$what: replayed plies differ from validate's"; fi
    echo "$what: $nv games"
}

C=$SHARED/corpus
check_files "xiangqi ccgc2006 (GBK xqbase PGN)" "$C"/xiangqi/ccgc2006/*.pgn
check_files "xiangqi ccpd (Big5, FEN starts)" "$C"/xiangqi/ccpd-big5/0[0-4]*.pgn
check_files "xiangqi PGN and XQF samples" "$C"/xiangqi/sample.pgn "$C"/xiangqi/sample.xqf "$C"/xiangqi/xqfexama.xqf \
    "$C"/xiangqi/xqfexamb.xqf "$C"/xiangqi/xqdb_traditional.pgn "$C"/xiangqi/xqdb_international.pgn \
    "$C"/xiangqi/bulk_games_uci.pgn
check_files "draughts archives" "$C"/draughts/archives/*.pdn
check_files "draughts PDN standard set" "$C"/draughts/pdn-standard/succeed/*.pdn
# no Gomoku game records in the corpus: the repository's own test records (fouls,
# time forfeits, after-end moves, PSQ and contest formats)
check_files "gomoku test records" "$SRC"/tests/gomoku_records/data/*
finish
