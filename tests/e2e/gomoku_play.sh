# gomoku_play.sh -- `boyi play --game gomoku` with piped stdin: the contest's terminal
# I/O (moves typed as "f 8", the engine's as "最后落子e 3"), human-first and
# engine-first, bad input asked again, EOF ends cleanly, and the engine never plays an
# occupied point nor, as black, a forbidden one (checked by replaying the whole game
# with `boyi validate` under renju).
source "$(dirname "$0")/lib.bash"

# The engine's moves in a transcript, as "h9".
engine_moves() { grep -o '最后落子[a-o] [0-9]*' "$1" | sed 's/最后落子//; s/ //'; }

# Play one whole game through one `boyi play` process (a coprocess: its prompt lines
# are read, a move is typed back).  MODE is --human-first or --engine-first.  The
# "human" picks a legal point: from `boyi moves` when black (forbidden points are
# excluded there), any empty point when white; the choice steps through the list by a
# prime, so games differ by seed and are reproducible.
play_game() {
    local mode=$1 seed=$2 human_colour engine_colour
    if [ "$mode" = --human-first ]; then human_colour=black; engine_colour=white; else human_colour=white; engine_colour=black; fi
    local typed=() eng=() i=0 n pos line pick
    declare -A taken=()
    : > "$TMP/play.out"
    coproc PLAY { "$BOYI" play --game gomoku "$mode" --seed "$seed" 2>"$TMP/play.err"; }
    local pid=$PLAY_PID in_fd out_fd
    # own copies of the pipe ends: bash closes the coprocess's when it exits
    exec {in_fd}>&"${PLAY[1]}" {out_fd}<&"${PLAY[0]}"
    exec {PLAY[1]}>&-
    while IFS= read -r -t 60 line <&"$out_fd"; do
        printf '%s\n' "$line" >> "$TMP/play.out"
        case "$line" in
            最后落子*)
                pick=${line#最后落子}; pick=${pick// /}
                eng+=("$pick"); taken[$pick]=1 ;;
            你的落子*)
                i=$((i + 1))
                # a cap keeps the sanitizer run short; end of input then ends the game
                if [ "$i" -gt 22 ]; then exec {in_fd}>&-; continue; fi
                if [ ${#typed[@]} -eq 0 ] && [ "$human_colour" = black ]; then
                    pick=h8
                elif [ "$human_colour" = black ]; then
                    local hm="" k
                    for k in "${typed[@]}"; do k=${k// /}; hm+=" ${k,,}"; done
                    mapfile -t legal < <("$BOYI" moves --game gomoku --position "black:$hm; white: ${eng[*]}; to-move: black")
                    n=${#legal[@]}
                    pick=${legal[$(( (i * 7919 + seed * 104729) % n ))]}
                else
                    local legal=() c r
                    for c in a b c d e f g h i j k l m n o; do for ((r = 1; r <= 15; r++)); do
                        [ -z "${taken[$c$r]:-}" ] && legal+=("$c$r"); done; done
                    n=${#legal[@]}
                    pick=${legal[$(( (i * 7919 + seed * 104729) % n ))]}
                fi
                taken[$pick]=1
                # type it the contest's way, "f 8", or as "F8"
                if (( i % 2 )); then pick="${pick:0:1} ${pick:1}"; else pick="${pick^}"; fi
                typed+=("$pick")
                printf '%s\n' "$pick" >&"$in_fd" ;;
        esac
    done
    exec {in_fd}>&- 2>/dev/null
    exec {out_fd}<&-
    wait "$pid"
    RC=$?
    OUT=$(tail -5 "$TMP/play.out"); ERR=$(cat "$TMP/play.err")
    if [ "$RC" -ne 0 ] || grep -q Sanitizer "$TMP/play.err"; then bad "$mode seed $seed: play exited $RC"; return; fi
    grep -Eq '^(结果|input ended)' "$TMP/play.out" || { bad "$mode seed $seed: the game must end with a result or at the end of input"; return; }
    ok
    # the whole game as a move list, black first, validated under renju
    local list=()
    local hs=() k
    for k in "${typed[@]}"; do k=${k// /}; hs+=("${k,,}"); done
    for ((k = 0; k < ${#hs[@]} || k < ${#eng[@]}; k++)); do
        if [ "$human_colour" = black ]; then [ -n "${hs[$k]:-}" ] && list+=("${hs[$k]}"); [ -n "${eng[$k]:-}" ] && list+=("${eng[$k]}")
        else [ -n "${eng[$k]:-}" ] && list+=("${eng[$k]}"); [ -n "${hs[$k]:-}" ] && list+=("${hs[$k]}"); fi
    done
    echo "${list[*]}" > "$TMP/game.txt"
    run "$BOYI" validate --game gomoku "$TMP/game.txt"
    expect_rc 0 "$mode seed $seed: the game played is valid under renju (${#list[@]} moves)"
    expect_out ': ok, ' "$mode seed $seed: validate says ok"
    # the result printed by play agrees with the replay
    local res
    res=$(grep '^结果' "$TMP/play.out" | head -1)
    case "$res" in
        *黑方胜*) expect_out 'ok, [0-9]+ plies, 1-0' "$mode seed $seed: black's win confirmed" ;;
        *白方胜*) expect_out 'ok, [0-9]+ plies, 0-1' "$mode seed $seed: white's win confirmed" ;;
        *平局*) expect_out '1/2-1/2' "$mode seed $seed: draw confirmed" ;;
        *) expect_out 'ok, [0-9]+ plies, \*' "$mode seed $seed: unfinished game, no result" ;;
    esac
    # the engine's own lines are exactly the contest's format
    if grep -q '最后落子' "$TMP/play.out" && ! grep '最后落子' "$TMP/play.out" | grep -qvE '^最后落子[a-o] ([1-9]|1[0-5])$'; then ok
    else bad "$mode seed $seed: engine lines must read '最后落子e 3'"; fi
    if [ "$engine_colour" = black ]; then
        [ "${list[0]}" = h8 ] && ok || bad "$mode seed $seed: the engine as black starts on h8"
    fi
}

play_game --human-first 1
play_game --engine-first 3

# bad input is refused with a message and asked again; EOF ends cleanly
printf 'p 16\nzz\nd 4\nh 8\nh8\nquit\n' | "$BOYI" play --game gomoku --human-first --seed 5 >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
expect_rc 0 "bad input session"
expect_out 'p 16 is off the board' "off-board input refused"
expect_out "无法识别 'zz'" "unreadable input refused"
expect_out "first stone goes on h 8" "black's first stone on h8"
expect_out 'h 8 is already occupied' "occupied point refused"
expect_out '最后落子[a-o] [0-9]+' "engine answered"
expect_out '认输' "quit resigns"

: | "$BOYI" play --game gomoku --engine-first --seed 1 >"$TMP/out" 2>"$TMP/err"
RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
expect_rc 0 "engine-first with empty input"
expect_out '^最后落子h 8$' "engine's first move as black is h 8"
expect_out 'input ended' "EOF ends the game"

# The human as black plays a forbidden point: the engine (white) points it out at
# once and wins, as the contest rule asks of white's program.  Played on from a given
# position (--position) where j8 is a double-three for black.
run bash -c "printf 'j 8\n' | '$BOYI' play --game gomoku --human-first --position 'black: h8 i8 j9 j10; white: a1 a3 a5 a7'"
expect_rc 0 "human's forbidden move"
expect_out "^禁手! black's j 8 is forbidden: double-three" "the foul is pointed out with its kind and lines"
expect_out '^结果: 白方胜' "white wins by black's foul"
# the same position, engine to move as black: it must not take j8
run bash -c ": | '$BOYI' play --game gomoku --engine-first --position 'black: h8 i8 j9 j10; white: a1 a3 a5 a7'"
expect_rc 0 "engine as black from a position"
expect_out '^最后落子' "the engine moved"
if grep -q '^最后落子j 8$' "$TMP/out"; then bad "the engine as black played the forbidden j8"; else ok; fi
run "$BOYI" play --game gomoku --position 'black: h8 z9'
expect_rc 2 "bad --position for play"
expect_err -- "--position:1:11: error: z9 is off" "bad position located"

run "$BOYI" play --game gomoku --human-first --engine-first
expect_rc 2 "both --human-first and --engine-first"
run "$BOYI" play --game gomoku --rules nonsense
expect_rc 2 "unknown rule set"

finish
