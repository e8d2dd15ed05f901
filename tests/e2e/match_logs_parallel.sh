#!/usr/bin/env bash
# match_logs_parallel.sh -- with -j above 1 each instance of an engine keeps its own
# traffic and stderr logs, NAME.K.log and NAME.K.stderr (issue 37, item 11), so that a
# log reads as one conversation: every `go` is answered by one `bestmove` before the
# next `go`.  With -j 1 the one instance keeps NAME.log.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"
# margin: a loaded machine (the sanitizer build on a shared core) must not turn a slow
# answer into a timeout, which ends the game before its bestmove is logged
ENG="name=relay cmd=$FAKE/uci.sh args='$BOYI xiangqi none 0' proto=uci margin=10000"
# coherent LOG: go and bestmove alternate, starting with go.
coherent() {
    awk '/^> go/ { if (open) bad = 1; open = 1 } /^< bestmove/ { if (!open) bad = 1; open = 0 }
         END { exit bad }' "$1"
}

run "$BOYI" match --game xiangqi --engine "$ENG" --engine depth=1 --games 8 -j 3 --movetime 20 \
    --out "$TMP/m" --log "$TMP/log"
expect_rc 0 "-j 3: the match"
n=$(ls "$TMP/log" | grep -Ec '^relay\.[1-3]\.log$')
if [ "$n" -ge 2 ]; then ok; else bad "-j 3: one traffic log per instance expected, found: $(ls "$TMP/log")"; fi
if [ ! -e "$TMP/log/relay.log" ]; then ok; else bad "-j 3: the instances still share relay.log"; fi
for f in "$TMP/log"/relay.*.log; do
    [ -e "$f" ] || continue
    if coherent "$f"; then ok; else bad "-j 3: $f is not one conversation"; fi
    if [ -e "${f%.log}.stderr" ]; then ok; else bad "-j 3: ${f%.log}.stderr is missing"; fi
done
gos=$(cat "$TMP/log"/relay.*.log | grep -c '^> go')
best=$(cat "$TMP/log"/relay.*.log | grep -c '^< bestmove')
if [ "$gos" -gt 0 ] && [ "$gos" -eq "$best" ]; then ok; else bad "-j 3: $gos go and $best bestmove in the logs"; fi

run "$BOYI" match --game xiangqi --engine "$ENG" --engine depth=1 --games 2 --movetime 20 \
    --out "$TMP/m1" --log "$TMP/log1"
expect_rc 0 "-j 1: the match"
if [ -s "$TMP/log1/relay.log" ] && coherent "$TMP/log1/relay.log"; then ok; else bad "-j 1: relay.log, one conversation: $(ls "$TMP/log1")"; fi
finish
