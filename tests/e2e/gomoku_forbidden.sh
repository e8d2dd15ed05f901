# gomoku_forbidden.sh -- `boyi moves --forbidden` on every case of the shared Renju
# corpus (read as it is): the forbidden points and their kinds must match exactly.
source "$(dirname "$0")/lib.bash"

CASES="$SHARED/corpus/renju/forbidden-cases.txt"
[ -r "$CASES" ] || { echo "missing $CASES"; exit 1; }

# Turn the corpus's answer line "e14=double-four f8=overline" into the command's output.
expected_of() {
    local line=$1
    [ "$line" = "none" ] && return 0
    local w
    for w in $line; do printf '%s %s\n' "${w%%=*}" "${w#*=}"; done
}

check_case() {
    local name=$1 black=$2 white=$3 answer=$4
    run "$BOYI" moves --game gomoku --rules renju --forbidden --position "black: $black; white: $white"
    expect_rc 0 "$name: exit code"
    local want
    want=$(expected_of "$answer")
    if [ "$OUT" = "$want" ]; then ok; else bad "$name: forbidden points differ (want: $(echo $want))"; fi
    # the same position in the corpus's own multi-line form
    run "$BOYI" moves --game gomoku --forbidden --position "$(printf 'black: %s\nwhite: %s\n' "$black" "$white")"
    if [ "$OUT" = "$want" ]; then ok; else bad "$name (multi-line position): forbidden points differ"; fi
}

name="" black="" white="" ncases=0
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        "# case"*) name=${line#\# } ;;
        black:*) black=${line#black:} ;;
        white:*) white=${line#white:} ;;
        forbidden:*)
            answer=${line#forbidden:}
            answer=$(echo $answer)
            check_case "${name:-case}" "$(echo $black)" "$(echo $white)" "$answer"
            ncases=$((ncases + 1))
            name="" black="" white="" ;;
    esac
done < "$CASES"

# every case of the file was seen (a case with no answer line would be skipped silently)
want_cases=$(grep -c '^forbidden:' "$CASES")
if [ "$ncases" -eq "$want_cases" ] && [ "$ncases" -gt 0 ]; then ok; else bad "read $ncases of $want_cases cases"; fi

# the whole block of a case, comments and answer line included, reads as a position
block=$(awk '/^# case 2$/{f=1} f&&/^$/{exit} f' "$CASES")
run "$BOYI" moves --game gomoku --forbidden --position "$block"
expect_rc 0 "a corpus block as it is"
want=$(expected_of "$(grep -A3 '^# case 2$' "$CASES" | sed -n 's/^forbidden: *//p')")
if [ "$OUT" = "$want" ]; then ok; else bad "a corpus block as it is: forbidden points differ"; fi

# `moves` (legal moves) for black leaves out exactly the forbidden points of case 1
b1=$(grep -A2 '^# case 1$' "$CASES" | sed -n 's/^black: *//p')
w1=$(grep -A3 '^# case 1$' "$CASES" | sed -n 's/^white: *//p')
f1=$(grep -A3 '^# case 1$' "$CASES" | sed -n 's/^forbidden: *//p')
run "$BOYI" moves --game gomoku --position "black: $b1; white: $w1; to-move: black"
expect_rc 0 "legal moves of case 1"
stones=$(echo $b1 $w1 | wc -w)
nfoul=$(echo $f1 | wc -w)
[ "$(echo "$OUT" | wc -l)" -eq $((225 - stones - nfoul)) ] && ok || bad "case 1: 225 - stones - forbidden legal moves"
for w in $f1; do
    if echo "$OUT" | grep -qx "${w%%=*}"; then bad "case 1: forbidden ${w%%=*} listed as legal"; else ok; fi
done
run "$BOYI" moves --game gomoku --position "black: $b1; white: $w1; to-move: white"
[ "$(echo "$OUT" | wc -l)" -eq $((225 - stones)) ] && ok || bad "case 1: white may play every empty point"

finish
