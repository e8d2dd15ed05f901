# data_relabel.sh -- `boyi data relabel` (docs/training-data.md, "Relabelling"): the
# positions of a tiny self-play batch (draughts and Xiangqi) scored afresh at a fixed
# depth.  The truth comes from other paths: each sampled record's score and move are
# what `boyi analyse --fen POS --depth N --json` gives; its ply and result are data
# export's; the records read back through `boyi train`.  -j 2 writes what -j 1 writes,
# a data.bin and its export relabel alike, a slice is the whole run's records, and an
# outside engine (boyi's own over UCI: the same figures) killed mid-run loses no
# position silently; one interrupted is resumed with the --first it names.
source "$(dirname "$0")/lib.bash"
FAKE=$SRC/tests/fake_engines
D=3   # the relabelling depth

# records FILE: how many records a plain file holds
records() { grep -c '^e$' "$1"; }
# field FILE NAME: the values of one field, a line per record
field() { sed -n "s/^$2 //p" "$1"; }

for game in draughts xiangqi; do
    "$BOYI" selfplay --game "$game" --games 2 --depth 2 --sample 0.4 --seed 2 --out "$TMP/$game" >/dev/null 2>&1
    bin=$TMP/$game/data.bin
    [ -s "$bin" ] && ok || { RC=0; OUT=""; ERR=""; bad "$game: the self-play batch wrote its data"; continue; }
    "$BOYI" data export "$bin" --format plain -o "$TMP/$game.exp" 2>/dev/null
    n=$(records "$TMP/$game.exp")

    # --- -j 1 and -j 2: the same records, every position relabelled -----------------
    run "$BOYI" data relabel "$bin" --game "$game" --depth $D -j 1 -o "$TMP/$game.1"
    expect_rc 0 "$game: relabel exits 0"
    expect_err "$n positions read, $n in the slice from position 0; $n written" "$game: the counts on stderr"
    [ "$(records "$TMP/$game.1")" -eq "$n" ] && [ "$n" -gt 10 ] && ok || bad "$game: a record per position ($n)"
    "$BOYI" data relabel "$bin" --game "$game" --depth $D -j 2 -o "$TMP/$game.2" 2>/dev/null
    if cmp -s "$TMP/$game.1" "$TMP/$game.2"; then ok; else RC=0; OUT=$(diff "$TMP/$game.1" "$TMP/$game.2" | head -6); bad "$game: -j 2 writes what -j 1 writes"; fi
    # the plain export relabels to the same records as the data.bin it came from
    "$BOYI" data relabel "$TMP/$game.exp" --game "$game" --depth $D -j 2 -o "$TMP/$game.p" 2>/dev/null
    if cmp -s "$TMP/$game.1" "$TMP/$game.p"; then ok; else RC=0; OUT=$(diff "$TMP/$game.1" "$TMP/$game.p" | head -6); bad "$game: a data.bin and its export relabel alike"; fi

    # --- positions, plies and results kept; scores and moves are analyse's ----------
    for f in fen ply result; do
        if [ "$(field "$TMP/$game.1" $f)" = "$(field "$TMP/$game.exp" $f)" ]; then ok; else bad "$game: the ${f}s are data export's"; fi
    done
    paste <(field "$TMP/$game.1" fen) <(field "$TMP/$game.1" move) <(field "$TMP/$game.1" score) | awk 'NR % 7 == 2' | head -6 >"$TMP/sample"
    checked=0
    while IFS=$'\t' read -r fen move score; do
        run "$BOYI" analyse --game "$game" --fen "$fen" --depth $D --json
        last=$(tail -1 "$TMP/out")
        cp=$(sed -n 's/.*"score":{"cp":\(-\{0,1\}[0-9]*\)}.*/\1/p' <<<"$last")
        mate=$(sed -n 's/.*"score":{"mate":\(-\{0,1\}[0-9]*\)}.*/\1/p' <<<"$last")
        best=$(sed -n 's/.*"bestmove":"\([^"]*\)".*/\1/p' <<<"$last")
        if [ -n "$cp" ]; then good=$([ "$score" = "$cp" ] && echo 1 || echo 0)
        else good=$({ [ "$mate" -gt 0 ] && [ "$score" -ge 29000 ]; } || { [ "$mate" -lt 0 ] && [ "$score" -le -29000 ]; } && echo 1 || echo 0); fi
        if [ "$good" = 1 ] && [ "$move" = "$best" ]; then ok; else bad "$game: '$fen' scored $score ($move), analyse says $last"; fi
        checked=$((checked + 1))
    done <"$TMP/sample"
    [ "$checked" -ge 4 ] && ok || bad "$game: sampled positions checked against analyse ($checked)"

    # --- every record reads back through boyi train ---------------------------------
    run "$BOYI" train --game "$game" "$TMP/$game.1" -o "$TMP/$game.w" --epochs 1
    expect_rc 0 "$game: boyi train reads the relabelled records"
    expect_out "training data: $n positions read" "$game: train reads every record"

    # --- a slice: --first K --count N is the whole run's records K..K+N-1 -------------
    run "$BOYI" data relabel "$bin" --game "$game" --depth $D --first 3 --count 4 -o "$TMP/$game.s"
    expect_err "$n positions read, 4 in the slice from position 3; 4 written" "$game: the slice counted"
    if [ "$(cat "$TMP/$game.s")" = "$(sed -n '19,42p' "$TMP/$game.1")" ]; then ok; else bad "$game: a slice is the whole run's records"; fi
done

# --- an outside engine: boyi's own over UCI gives the figures of its search ------------
bin=$TMP/xiangqi/data.bin
n=$(records "$TMP/xiangqi.1")
ENG="name=E cmd=$BOYI args='engine --game xiangqi' proto=uci"
run "$BOYI" data relabel "$bin" --game xiangqi --depth $D -j 2 --engine "$ENG" -o "$TMP/e"
expect_rc 0 "--engine: exits 0"
if cmp -s "$TMP/xiangqi.1" "$TMP/e"; then ok; else RC=0; OUT=$(diff "$TMP/xiangqi.1" "$TMP/e" | head -6); bad "--engine: boyi engine over UCI writes what boyi's search writes"; fi

# killed once at a position: asked again, nothing lost; one process more
rm -f "$TMP/c1" "$TMP/c1.starts"
run "$BOYI" data relabel "$bin" --game xiangqi --depth $D --engine "name=K cmd=$FAKE/uci_counted.sh args='$BOYI xiangqi $TMP/c1 5' proto=uci" -o "$TMP/k1"
expect_rc 0 "killed once: exit 0"
if cmp -s "$TMP/xiangqi.1" "$TMP/k1"; then ok; else RC=0; OUT=$(diff "$TMP/xiangqi.1" "$TMP/k1" | head -6); bad "killed once: every record as without the kill"; fi
[ "$(cat "$TMP/c1")" -eq $((n + 1)) ] && [ "$(wc -l <"$TMP/c1.starts")" -eq 2 ] && ok || bad "killed once: the position asked again by a restarted engine ($(cat "$TMP/c1") requests, $(wc -l <"$TMP/c1.starts") processes)"
# killed twice at the fifth position: left out, said and counted; the rest written
rm -f "$TMP/c2"
run "$BOYI" data relabel "$bin" --game xiangqi --depth $D --engine "name=K cmd=$FAKE/uci_counted.sh args='$BOYI xiangqi $TMP/c2 5,6' proto=uci" -o "$TMP/k2"
expect_rc 0 "killed twice at a position: exit 0"
expect_err "data.bin: game [0-9]+, ply [0-9]+: no score, left out: crash" "killed twice: the position named on stderr"
expect_err "$n in the slice from position 0; $((n - 1)) written to .*, 1 without a score" "killed twice: counted"
if [ "$(sed '25,30d' "$TMP/xiangqi.1")" = "$(cat "$TMP/k2")" ]; then ok; else RC=0; OUT=$(diff <(sed '25,30d' "$TMP/xiangqi.1") "$TMP/k2" | head -6); bad "killed twice: every other record written"; fi

# --- interrupted: the finished records written, the --first that resumes said ---------
cat >"$TMP/hang.sh" <<'EOF'
#!/usr/bin/env bash
# boyi's engine behind a relay that at the N-th go touches MARK and never answers
BOYI=$1 GAME=$2 N=$3 MARK=$4
coproc ENG { exec "$BOYI" engine --game "$GAME"; }
exec 3<&"${ENG[0]}" 4>&"${ENG[1]}"
cat <&3 &
gos=0
while IFS= read -r line; do
    case "$line" in go*) gos=$((gos + 1)); if [ "$gos" -eq "$N" ]; then : >"$MARK"; exec sleep 300; fi ;; esac
    echo "$line" >&4
    [ "$line" = quit ] && break
done
wait
EOF
chmod +x "$TMP/hang.sh"
"$BOYI" data relabel "$bin" --game xiangqi --depth $D --engine "name=H cmd=$TMP/hang.sh args='$BOYI xiangqi 8 $TMP/mark' proto=uci" -o "$TMP/h" 2>"$TMP/err" &
pid=$!
for _ in $(seq 600); do [ -e "$TMP/mark" ] && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"
RC=$?
OUT=""
ERR=$(cat "$TMP/err")
expect_rc 130 "interrupted: exit 130"
expect_err "positions 0..6 of the input done \(7 records written to .*/h, whole\)" "interrupted: what was written said"
expect_err "run the same command with --first 7 and another -o" "interrupted: the --first that resumes"
"$BOYI" data relabel "$bin" --game xiangqi --depth $D --first 7 -o "$TMP/h2" 2>/dev/null
if [ "$(cat "$TMP/h" "$TMP/h2")" = "$(cat "$TMP/xiangqi.1")" ]; then ok; else RC=0; OUT=$(diff <(cat "$TMP/h" "$TMP/h2") "$TMP/xiangqi.1" | head -6); bad "interrupted and resumed: the whole run's records"; fi

# --- bad input and usage: located errors, nothing written -------------------------------
bin=$TMP/draughts/data.bin
run "$BOYI" data relabel "$TMP/none.bin" --game draughts --depth 2 -o "$TMP/o"
expect_rc 2 "a missing file: exit 2"
expect_err "none.bin: error: cannot read" "a missing file: named"
head -c 200 "$bin" >"$TMP/cut.bin"
run "$BOYI" data relabel "$TMP/cut.bin" --game draughts --depth 2 -o "$TMP/o"
expect_rc 1 "a cut data.bin: exit 1"
expect_err "cut.bin: error: .*cut short" "a cut data.bin: said"
sed '15s/.*/score lots/' "$TMP/draughts.exp" >"$TMP/bad.txt"
run "$BOYI" data relabel "$TMP/bad.txt" --game draughts --depth 2 -o "$TMP/o"
expect_rc 1 "a bad plain record: exit 1"
expect_err "bad.txt:15: error: score takes a whole number" "a bad plain record: file and line"
run "$BOYI" data relabel "$bin" --game draughts -o "$TMP/o"
expect_rc 2 "no limit: exit 2"
expect_err "give the search's limit" "no limit: said"
run "$BOYI" data relabel "$bin" --game draughtz --depth 2 -o "$TMP/o"
expect_rc 2 "an unknown game: exit 2"
run "$BOYI" data relabel "$bin" --game xiangqi --depth 2 -o "$TMP/o"
expect_rc 1 "data of another game: exit 1"
expect_err "data.bin: error: it holds draughts data, not xiangqi" "data of another game: said"
[ ! -e "$TMP/o" ] && ok || bad "bad input: no output written"
run "$BOYI" data dump "$bin" --depth 2
expect_rc 2 "data dump refuses relabel's options"
finish
