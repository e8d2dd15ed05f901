#!/usr/bin/env bash
# cli_options.sh -- what each subcommand takes, and what a new user mistypes
# (issue 37, items 15, 17, 18, 22): every subcommand refuses by name an option of
# boyi's that it does not use (exit 2) and its --help names every option it takes;
# a mistyped command, game or option gets "did you mean"; the game names and their
# aliases mean what a reader expects and --help lists them all.
source "$(dirname "$0")/lib.bash"

# --- 22. options a command does not use are refused by name --------------------------
run "$BOYI" annotate --engine "name=X cmd=/nonexistent proto=uci" "$SRC/data/xiangqi/endings.pgn"
expect_rc 2 "annotate --engine: refused, not ignored"
expect_err "engine 'X': cannot run '/nonexistent'" "annotate --engine: the engine that cannot run is named"
[ -z "$OUT" ] && ok || bad "annotate --engine: nothing annotated"
run "$BOYI" validate --engine x "$SRC/data/xiangqi/endings.pgn"
expect_rc 2 "validate --engine: refused"
expect_err "validate does not take --engine" "validate --engine: said by name"
run "$BOYI" perft --game xiangqi -j 4 1
expect_rc 2 "perft -j: refused"
expect_err "perft does not take -j" "perft -j: said as the user wrote it"

# The whole matrix: every long option of boyi (cli/main.c's table) against every
# command.  A command that takes an option names it in its --help; one that does not
# says so by name.  "--OPT 1 --help": the check comes before the option's value is read.
mapfile -t OPTS < <(sed -n 's/^ *{"\([a-z][a-z-]*\)", \(no\|required\|optional\)_argument,.*/\1/p' "$SRC/cli/main.c" | grep -vx help)
[ "${#OPTS[@]}" -gt 50 ] && ok || bad "the option table read from cli/main.c (${#OPTS[@]} options)"
mapfile -t CMDS < <("$BOYI" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
[ "${#CMDS[@]}" -ge 20 ] && ok || bad "the commands read from boyi --help (${#CMDS[@]})"
# Under the sanitizers (a process start costs ten times more) three commands stand for
# all: the table is the same code for every command, and the Release stage tries them all.
[ "${BOYI_SANITIZED:-}" = 1 ] && CMDS=(validate annotate bench)
missing=""
taken=0
for c in "${CMDS[@]}"; do
    help=$("$BOYI" "$c" --help)
    for opt in "${OPTS[@]}"; do
        err=$("$BOYI" "$c" "--$opt" 1 --help 2>&1 >/dev/null)
        if grep -q "does not take" <<<"$err"; then
            continue
        fi
        taken=$((taken + 1))
        case $opt in
            jobs) pat='(-j|--jobs)( |$|\])' ;;
            output) pat='(-o|--output)( |$|\])' ;;
            *) pat="--$opt([^a-z-]|\$)" ;;
        esac
        grep -Eq -- "$pat" <<<"$help" || missing+=" $c:--$opt"
    done
done
[ "$taken" -gt 20 ] && ok || bad "the commands take options at all ($taken)"
[ -z "$missing" ] && ok || { RC=0; OUT=""; ERR=""; bad "a command takes an option its --help does not name:$missing"; }
# and the other way: an option a --help names is taken (but for the ones said "not yet")
wrong=""
for c in "${CMDS[@]}"; do
    for opt in $("$BOYI" "$c" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        printf '%s\n' "${OPTS[@]}" | grep -qx -- "${opt#--}" || continue
        err=$("$BOYI" "$c" "$opt" 1 --help 2>&1 >/dev/null)
        if grep -q "does not take" <<<"$err" && ! grep -q "yet" <<<"$err"; then wrong+=" $c:$opt"; fi
    done
done
[ -z "$wrong" ] && ok || { RC=0; OUT=""; ERR=""; bad "a --help names an option its command refuses:$wrong"; }

# --- 17. bench --help describes every game's benchmarks --------------------------------
run "$BOYI" bench --help
for w in NoGo Einstein Junqi 'match --a SPEC --b SPEC' '--games N' '-j N' '--seed S' expectimax mcts fouls descriptor; do
    grep -qF -- "$w" "$TMP/out" && ok || bad "bench --help names '$w'"
done

# --- 18. did you mean ---------------------------------------------------------------
run "$BOYI" vaildate x.pgn
expect_rc 2 "mistyped command"
expect_err "unknown command 'vaildate'; did you mean 'validate'\\?" "mistyped command: the suggestion"
run "$BOYI" perft --game xianqi 1
expect_rc 2 "mistyped game"
expect_err "unknown game 'xianqi'; did you mean 'xiangqi'\\?" "mistyped game: the suggestion"
run "$BOYI" perft --game Xiangqi 1
expect_rc 0 "a game name in capitals is the game"
run "$BOYI" validate --strcit x.pgn
expect_rc 2 "mistyped option"
expect_err "did you mean '--strict'\\?" "mistyped option: the suggestion"
run "$BOYI" frobnicate
expect_err "unknown command 'frobnicate'$" "no suggestion for a word near no command"

# --- 15. game names: checkers is English draughts, chess is none -----------------------
run "$BOYI" perft --game checkers 1
expect_rc 0 "--game checkers"
expect_out '^7$' "checkers: English 8x8 draughts (7 first moves), not 10x10 (9)"
run "$BOYI" perft --game draughts --rules english 1
expect_out '^7$' "the same as --game draughts --rules english"
run "$BOYI" perft --game checkers --rules italian 1
expect_rc 2 "--game checkers with other rules: refused"
expect_err 'checkers means --game draughts --rules english' "checkers with other rules: said why"
run "$BOYI" perft --game chess 1
expect_rc 2 "--game chess is no game of boyi's"
expect_err 'xiangqi' "--game chess: the error points to xiangqi"
run "$BOYI" --help
for name in xiangqi 象棋 xq gomoku renju draughts checkers dama yizi pegs nogo einstein ewn junqi tigers; do
    grep -q -- "$name" "$TMP/out" && ok || bad "--help lists the game name '$name'"
done
expect_out 'checkers = --rules english' "--help says what checkers means"
if grep -Eq '[(, ]chess[,)]' "$TMP/out"; then bad "--help lists no 'chess' alias"; else ok; fi

finish
