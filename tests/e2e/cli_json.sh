# cli_json.sh -- `--json` on perft, moves and bench for every game: each line is one
# well-formed JSON object, and its figures agree with the text output of the same
# command (perft counts, the moves listed) and with `validate --json` (bench validate).
source "$(dirname "$0")/lib.bash"

# A flat JSON object: strings, numbers, true/false/null; the only form boyi writes.
STR='"([^"\\]|\\.)*"'
VAL="($STR|-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?|true|false|null)"
OBJ="^\\{($STR:$VAL(,$STR:$VAL)*)?\\}\$"
HAVE_PY=0
if command -v python3 >/dev/null 2>&1 && python3 -c 'import json' 2>/dev/null; then HAVE_PY=1
else echo "note: no python3: JSON is checked by its structure only"; fi

# json_ok DESCRIPTION: stdout of the last run is non-empty and every line is an object.
# The output is also kept for one python3 run at the end (python3 starts slowly).
NJSON=0
mkdir -p "$TMP/json"
json_ok() {
    if [ ! -s "$TMP/out" ]; then bad "$1: no output"; return; fi
    if grep -Evq -- "$OBJ" "$TMP/out"; then bad "$1: a line is not a flat JSON object"; return; fi
    NJSON=$((NJSON + 1))
    cp "$TMP/out" "$TMP/json/$NJSON"
    printf '%s\n' "$1" >"$TMP/json/$NJSON.what"
    ok
}

# json_py_check: python3's json reads every kept output as objects, one per line.
json_py_check() {
    [ "$HAVE_PY" -eq 1 ] || return 0
    local failed
    failed=$(python3 - "$TMP/json" "$NJSON" <<'PY'
import json, os, sys
d, n = sys.argv[1], int(sys.argv[2])
for i in range(1, n + 1):
    try:
        with open(os.path.join(d, str(i)), encoding="utf-8") as f:
            for line in f:
                if not isinstance(json.loads(line), dict):
                    raise ValueError("not an object")
    except ValueError as e:
        with open(os.path.join(d, "%d.what" % i), encoding="utf-8") as w:
            print("%s: %s" % (w.read().strip(), e))
PY
    )
    if [ -z "$failed" ] && [ "$NJSON" -gt 0 ]; then ok; else RC=0; OUT=$failed; ERR=""; bad "python3 json.loads on $NJSON outputs"; fi
}

# field KEY [LINE]: the value of KEY (number or bare string) in LINE (default: last line of stdout).
field() {
    local line=${2:-$(tail -n 1 "$TMP/out")}
    printf '%s\n' "$line" | sed -n -E "s/.*\"$1\":(\"(([^\"\\\\]|\\\\.)*)\"|([^,}]*)).*/\\2\\4/p"
}

# expect_eq GOT WANT DESCRIPTION
expect_eq() { if [ "$1" = "$2" ]; then ok; else bad "$3 (got '$1', want '$2')"; fi; }

# ---- perft: the JSON count is the text count; --divide lines add up to it --------
perft_check() {
    local game=$1 depth=$2; shift 2
    run "$BOYI" perft --game "$game" "$@" "$depth"
    expect_rc 0 "$game perft text"
    local text=$OUT
    run "$BOYI" perft --game "$game" --json "$@" "$depth"
    expect_rc 0 "$game perft --json"
    json_ok "$game perft --json"
    if [ "$(wc -l <"$TMP/out")" -eq 1 ]; then ok; else bad "$game perft --json: one line"; fi
    expect_eq "$(field nodes)" "$text" "$game perft --json nodes = text count"
    expect_eq "$(field depth)" "$depth" "$game perft --json depth"
    expect_eq "$(field game)" "$game" "$game perft --json game"
    [ -n "$(field fen)" ] && ok || bad "$game perft --json: fen given"
    local fen
    fen=$(field fen)
    run "$BOYI" perft --game "$game" --json --divide "$@" "$depth"
    expect_rc 0 "$game perft --json --divide"
    json_ok "$game perft --json --divide"
    expect_eq "$(field nodes)" "$text" "$game divide total = text count"
    expect_eq "$(field fen)" "$fen" "$game divide: same fen"
    local sum
    sum=$(head -n -1 "$TMP/out" | sed -n -E 's/^\{"move":"[^"]+","nodes":([0-9]+)\}$/\1/p' | awk '{s += $1} END {print s + 0}')
    expect_eq "$sum" "$text" "$game divide lines add up to the total"
    local nmoves
    nmoves=$(($(wc -l <"$TMP/out") - 1))
    run "$BOYI" moves --game "$game" "$@"
    expect_eq "$(wc -l <"$TMP/out")" "$nmoves" "$game divide: one line per legal move"
    # the text --divide lists the same moves with the same counts
    run "$BOYI" perft --game "$game" --divide "$@" "$depth"
    local from_text
    from_text=$(head -n -1 "$TMP/out")
    run "$BOYI" perft --game "$game" --json --divide "$@" "$depth"
    expect_eq "$(head -n -1 "$TMP/out" | sed -E 's/^\{"move":"([^"]+)","nodes":([0-9]+)\}$/\1: \2/')" "$from_text" \
        "$game divide --json = divide text"
}
perft_check xiangqi 3
perft_check xiangqi 2 --fen "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1"
perft_check draughts 4
perft_check draughts 3 --fen "W:WK47:B14,19,29,31,42"

perft_check gomoku 2 --position "black: h8 i9; white: j10"
# Gomoku has no perft of its own: the descriptor's counts are combinatorics. Renju
# opens on h8 (RULES.md 2), then any of 224 points, then any of 223 (no foul is
# possible with two black stones); freestyle: 225 x 224; the position above: 222 x 221.
gm_perft() { local want=$1; shift; run "$BOYI" perft --game gomoku "$@"; expect_eq "$OUT" "$want" "gomoku perft $*"; }
gm_perft 1 1
gm_perft 224 2
gm_perft 49952 3
gm_perft 50400 --rules freestyle 2
gm_perft 49062 --position "black: h8 i9; white: j10" 2
# with forbidden points: the corpus's case 1, black to move: 225 - stones - its fouls
CASES="$SHARED/corpus/renju/forbidden-cases.txt"
b1=$(grep -A2 '^# case 1$' "$CASES" | sed -n 's/^black: *//p')
w1=$(grep -A3 '^# case 1$' "$CASES" | sed -n 's/^white: *//p')
f1=$(grep -A3 '^# case 1$' "$CASES" | sed -n 's/^forbidden: *//p')
[ -n "$b1" ] && [ -n "$f1" ] && ok || bad "corpus case 1 read"
gm_perft $((225 - $(echo $b1 $w1 | wc -w) - $(echo $f1 | wc -w))) --position "black: $b1; white: $w1; to-move: black" 1
run "$BOYI" perft --game xiangqi --json --fen "nonsense" 2
expect_rc 2 "bad FEN with --json"
expect_err "bad FEN" "bad FEN: error stays on stderr"

# ---- moves: one line per move, a summary with the count ---------------------------
# moves_check GAME KEY SED DESCRIPTION ARGS...: the JSON moves, turned back into text by
# SED, equal the text output; the summary's count is the number of move lines.
moves_check() {
    local game=$1 sedexpr=$2 what=$3; shift 3
    run "$BOYI" moves --game "$game" "$@"
    expect_rc 0 "$what: text"
    local text=$OUT
    run "$BOYI" moves --game "$game" --json "$@"
    expect_rc 0 "$what: --json"
    json_ok "$what: --json"
    local n
    n=$(($(wc -l <"$TMP/out") - 1))
    expect_eq "$(field count)" "$n" "$what: count = number of move lines"
    expect_eq "$(head -n -1 "$TMP/out" | sed -E "$sedexpr")" "$text" "$what: --json lists the text's moves"
    [ "$n" -gt 0 ] && ok || bad "$what: some moves"
}
XQ_SED='s/^\{"move":"([a-i][0-9][a-i][0-9])","text":"([^"]+)"\}$/\1 \2/'
moves_check xiangqi "$XQ_SED" "xiangqi start"
moves_check xiangqi "$XQ_SED" "xiangqi black to move" --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
expect_eq "$(field side)" "black" "xiangqi moves --json: side to move"
DR_SED='s/^\{"move":"([0-9x-]+)"\}$/\1/'
moves_check draughts "$DR_SED" "draughts start"
moves_check draughts "$DR_SED" "draughts capture paths" --fen "W:WK47:B14,19,29,31,42"
GM_SED='s/^\{"point":"([a-z][0-9]+)"\}$/\1/'
moves_check gomoku "$GM_SED" "gomoku" --position "black: h8 i9; white: j10"
moves_check gomoku "$GM_SED" "gomoku freestyle" --rules freestyle --position "black: h8 i9 g7; white: j10 h9"

# forbidden points, on the shared corpus's cases that have some (read as it is)
CASES="$SHARED/corpus/renju/forbidden-cases.txt"
[ -r "$CASES" ] || { echo "missing $CASES"; exit 1; }
GMF_SED='s/^\{"point":"([a-z][0-9]+)","foul":"(double-three|double-four|overline)"\}$/\1 \2/'
black="" white="" nf=0
while IFS= read -r line && [ "$nf" -lt 5 ]; do
    case "$line" in
        black:*) black=${line#black:} ;;
        white:*) white=${line#white:} ;;
        forbidden:*)
            answer=$(echo ${line#forbidden:})
            if [ "$answer" != "none" ]; then
                moves_check gomoku "$GMF_SED" "gomoku forbidden ($answer)" --forbidden \
                    --position "black: $(echo $black); white: $(echo $white)"
                nf=$((nf + 1))
            fi
            black="" white="" ;;
    esac
done <"$CASES"
[ "$nf" -gt 0 ] && ok || bad "the corpus has cases with forbidden points"

# positions with no move: the summary says why
run "$BOYI" moves --game xiangqi --json --fen "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1"
expect_rc 0 "xiangqi mate: exit"
json_ok "xiangqi mate --json"
expect_eq "$(wc -l <"$TMP/out")" 1 "xiangqi mate: only the summary"
expect_eq "$(field count)/$(field ending)/$(field side)" "0/checkmate/black" "xiangqi mate: summary"
expect_err "no legal move" "xiangqi mate: the note stays on stderr"
run "$BOYI" moves --game draughts --json --fen "B:W41,47:B36"
json_ok "draughts no move --json"
expect_eq "$(field count)/$(field ending)/$(field side)" "0/no-move/black" "draughts no move: summary"
run "$BOYI" moves --game gomoku --json --position "black: h8 h9 h10 h11 h12; white: a1 b1 c1 d1"
json_ok "gomoku five --json"
expect_eq "$(field count)/$(field ending)/$(field winner)" "0/five/black" "gomoku five: summary"
run "$BOYI" moves --game gomoku --json --position "black: h8 p16"
expect_rc 2 "gomoku bad position with --json"
expect_err "--position" "gomoku bad position: located error on stderr"

# ---- bench: one object with the figures ------------------------------------------
# bench_check DESCRIPTION KEYS ARGS...: one line, well formed, with every key in KEYS.
bench_check() {
    local what=$1 keys=$2; shift 2
    run "$BOYI" bench "$@" --json
    expect_rc 0 "$what: exit"
    json_ok "$what"
    expect_eq "$(wc -l <"$TMP/out")" 1 "$what: one line"
    local k
    for k in $keys; do
        if grep -q "\"$k\":" "$TMP/out"; then ok; else bad "$what: key $k"; fi
    done
}
bench_check "xiangqi bench perft" "game bench depth nodes seconds nps" --game xiangqi --depth 3
run "$BOYI" perft --game xiangqi 3
want=$OUT
run "$BOYI" bench --game xiangqi --depth 3 --json
expect_eq "$(field nodes)" "$want" "xiangqi bench perft nodes = perft count"
bench_check "draughts bench perft" "game bench fen depth nodes seconds nps" --game draughts --depth 5
run "$BOYI" perft --game draughts 5
want=$OUT
run "$BOYI" bench --game draughts --depth 5 --json
expect_eq "$(field nodes)" "$want" "draughts bench perft nodes = perft count"

# bench descriptor: own perft and descriptor perft agree, on published counts
# (Xiangqi perft(3) 79,666; draughts perft(4) 4,265; Renju 1 x 224 x 223)
for gd in xiangqi:3:79666 draughts:4:4265 gomoku:3:49952; do
    IFS=: read -r g d want <<<"$gd"
    bench_check "$g bench descriptor" "game bench fen depth nodes own_cpu_seconds descriptor_cpu_seconds ratio" \
        --game "$g" descriptor --depth "$d"
    expect_eq "$(field nodes)" "$want" "$g bench descriptor: perft($d)"
done

XQF="$SHARED/corpus/xiangqi/sample.pgn"
bench_check "xiangqi bench validate" "file games plies invalid bytes rounds seconds cpu_seconds plies_per_second" \
    --game xiangqi validate "$XQF"
got="$(field games)/$(field plies)/$(field invalid)"
run "$BOYI" validate --json --game xiangqi "$XQF"
expect_eq "$got" "$(field games)/$(field moves)/$(field invalid)" "xiangqi bench validate counts = validate's"

DRF=("$SHARED"/corpus/draughts/pdn-standard/succeed/*.pdn)
[ -r "${DRF[0]}" ] || { echo "no draughts corpus"; exit 1; }
DRF=("${DRF[@]:0:3}")
bench_check "draughts bench validate" "files games invalid skipped plies bytes rounds seconds plies_per_second" \
    --game draughts validate "${DRF[@]}"
got="$(field games)/$(field plies)/$(field invalid)/$(field skipped)"
run "$BOYI" validate --json --game draughts "${DRF[@]}"
expect_eq "$got" "$(field games)/$(field moves)/$(field invalid)/$(field skipped)" "draughts bench validate counts = validate's"

# (one self-play game for positions, not four: under the sanitizers four took 20 s)
bench_check "gomoku bench fouls" "positions forbidden_points reps us_per_scan cpu_us_per_scan" --game gomoku fouls --games 1
expect_eq "$(field selfplay_games)" 1 "gomoku bench fouls: --games sets the self-play games"
# text output without --json is unchanged in form (gomoku's: tests/e2e/gomoku_bench.sh)
run "$BOYI" bench --game xiangqi --depth 3
expect_out '^perft\(3\) from the start: [0-9]+ nodes in' "xiangqi bench text unchanged"
run "$BOYI" bench --game draughts --json nonsense
expect_rc 2 "unknown bench with --json"
expect_err "not 'nonsense'" "unknown bench: error on stderr"

json_py_check
finish
