# gm_formats.sh -- the community formats on the command line: RenjuNet .rif (a line
# per tournament), Renlib .lib (a record tree: validated branch by branch, converted
# to SGF with every node, to the other formats as its main line), PlayOK PGN (result
# per player).  Recognised by content under any name; broken games located and
# counted, the others still judged.
source "$(dirname "$0")/lib.bash"

D="$SRC/data/gomoku/formats"
T="$SRC/tests/gomoku_records/data"

# --- RenjuNet: every game, then a line per tournament
run "$BOYI" validate "$D/renjunet-sample.rif"
expect_rc 0 "rif sample validates"
expect_out 'renjunet-sample.rif: game 1: ok, 51 plies, 1-0 \(five in a row: black g2-k6 at move 51(; opening soosorv8)?\)' "the real game 171548"
expect_out 'game 5: ok, 11 plies, 0-1 \(black.s forbidden move 11 l8: overline' "RIF tournament: renju fouls"
expect_out 'tournament "Sample Open 2018" \(Soosõrv-8\): 2 games, 2 ok, 0 invalid' "tournament line"
expect_out 'tournament "Gomoku Cup" \(Gomoku\): 1 games, 1 ok, 0 invalid' "gomoku tournament line"
expect_out 'summary: 1 files, 5 games, .* 5 ok, 0 invalid' "summary"
run "$BOYI" validate --json "$D/renjunet-sample.rif"
expect_out '^\{"tournament":\{"file":".*renjunet-sample.rif","name":"RIF Masters","rule":"RIF","games":2,"ok":2,"invalid":0\}\}$' "tournament line in JSON"

run "$BOYI" validate "$T/renjunet-faults.rif"
expect_rc 1 "rif faults: invalid games"
expect_out 'renjunet-faults.rif:33:13: game 2: parse:' "a bad point located"
# standard gomoku: an overline wins nothing, so the 1-0 is a claim the board does not
# reach and the record gives no reason: a warning by default, a fault under --strict
expect_out 'renjunet-faults.rif:29:1: game 1: warning: the record says black won .*no reason' "standard gomoku: an overline wins nothing"
expect_out 'game 4: ok, 9 plies, 1-0' "the game after broken ones is judged"
expect_out 'tournament "RIF Masters" \(RIF\): 3 games, 1 ok, 2 invalid' "faults counted per tournament"
run "$BOYI" validate --strict "$T/renjunet-faults.rif"
expect_out 'renjunet-faults.rif:29:1: game 1: result: .* black has no five.*\(--strict\)' "standard gomoku: --strict refuses the unexplained 1-0"
expect_out 'tournament "\(no tournament\)": 1 games, 0 ok, 1 invalid' "a game with an unknown tournament"
# the same file under freestyle: the overline of game 1 wins
run "$BOYI" validate --rules freestyle "$T/renjunet-faults.rif"
expect_out 'game 1: ok, 11 plies, 1-0' "--rules overrides the database's rule"

# by content under another name; convert to the contest format and back
cp "$D/renjunet-sample.rif" "$TMP/db.xml"
run "$BOYI" convert --to contest "$TMP/db.xml"
expect_rc 0 "rif converts"
printf '%s\n' "$(cat "$TMP/out")" > "$TMP/db.txt"
n=$(grep -c '^{\[C5\]' "$TMP/db.txt"); [ "$n" -eq 5 ] && ok || bad "5 contest records, got $n"
grep -q '\[Player A B\]\[Player B W\]\[先手胜\]\[2018-08-01\]\[Sample Open 2018\];B(H,8);W(H,9)' "$TMP/db.txt" && ok || bad "players, result, date, event kept"
run "$BOYI" validate "$TMP/db.txt"
expect_out 'game 1: ok, 51 plies, 1-0' "the converted game validates the same"

# --- Renlib: the tree as one record, every branch judged, SGF keeps every node
for lib in VCF:741 I7:2076 D4:3058; do
    f=${lib%%:*}; nodes=${lib##*:}
    run "$BOYI" validate "$D/$f.lib"
    expect_rc 0 "$f.lib validates"
    expect_out "$f.lib: game 1: ok" "$f.lib judged"
    run "$BOYI" convert --to sgf "$D/$f.lib"
    expect_rc 0 "$f.lib to sgf"
    got=$(grep -o ';[BW]\[' "$TMP/out" | wc -l); [ "$got" -eq "$nodes" ] && ok || bad "$f.lib: $nodes nodes in SGF, got $got"
    cp "$TMP/out" "$TMP/$f.sgf"
    run "$BOYI" validate "$TMP/$f.sgf"
    expect_rc 0 "$f.sgf validates"
done
# a second source (the Taiwan renju site): their node pairs read as UTF-16 text to
# the encoding sniffer until U+FFFF (the header's 0xFF bytes) was ruled out of text;
# then `validate` cut them into text slices and found no record
for lib in 111127:1793:25 121125:348:19 130317:314:21 130420:363:34; do
    f=tw-${lib%%:*}; rest=${lib#*:}; nodes=${rest%%:*}; plies=${rest##*:}
    run "$BOYI" validate "$D/$f.lib"
    expect_rc 0 "$f.lib validates"
    expect_out "$f.lib: game 1: ok, $plies plies" "$f.lib: its main line judged"
    run "$BOYI" convert --to sgf "$D/$f.lib"
    got=$(grep -o ';[BW]\[' "$TMP/out" | wc -l); [ "$got" -eq "$nodes" ] && ok || bad "$f.lib: $nodes nodes in SGF, got $got"
done
# two real 13 MB libraries of the same site have their first header bytes overwritten
# ("\x99\xC0I@" and "I\0en"): the rest of the header is still Renlib's; read with a
# warning.  Without any of it, .lib names the format and the missing header.
{ printf '\231\300I@'; tail -c +5 "$D/tw-130317.lib"; } > "$TMP/damaged.lib"
run "$BOYI" validate "$TMP/damaged.lib"
expect_rc 0 "a damaged header: read"
expect_out 'damaged.lib: game 1: ok, 21 plies' "a damaged header: the same main line"
expect_out "warning: the header's first bytes are 99 C0 49 40" "a damaged header: said"
tail -c +21 "$D/tw-130317.lib" > "$TMP/headless.lib"
run "$BOYI" validate "$TMP/headless.lib"
expect_rc 2 "no header: not read"
expect_err 'Renlib .* without its 0xFF RenLib 0xFF header is not supported' "no header: said so"
# to a format without variations: the main line, and a warning saying so
run "$BOYI" convert --to moves "$D/I7.lib"
expect_rc 0 "lib to moves"
expect_err 'game 1: warning: [0-9]+ variations not written' "variations not written, said"
# a Renlib file under another name, and a broken one
cp "$D/VCF.lib" "$TMP/book.bin"
run "$BOYI" validate "$TMP/book.bin"
expect_rc 0 "Renlib by its magic"
head -c 100 "$D/D4.lib" > "$TMP/cut.lib"
run "$BOYI" validate "$TMP/cut.lib"
no_crash "cut library"
expect_rc 1 "cut library: invalid"
expect_out 'game 1: parse: at byte [0-9]+: ' "cut library: the byte named"
# an illegal move in a branch is a located warning; --variation-errors makes it count
{ printf '\377RenLib\377\003\000'; printf '\377%.0s' 1 2 3 4 5 6 7 8 9 10; printf '\170\000\151\300\170\100'; } > "$TMP/dup.lib"
run "$BOYI" validate "$TMP/dup.lib"
expect_rc 0 "a bad branch is a warning"
expect_out 'warning: .*h8' "the bad branch named"
run "$BOYI" validate --variation-errors "$TMP/dup.lib"
expect_rc 1 "--variation-errors: the bad branch makes the library invalid"

# --- PlayOK PGN: players by colour, results
run "$BOYI" validate --json "$D/playok-sample.pgn"
expect_rc 0 "PlayOK sample validates"
expect_out '"game":2,"status":"ok".*"result":"0-1"' "white's win"
run "$BOYI" standings "$D/playok-sample.pgn"
no_crash "standings of a PlayOK file"
expect_out 'kasia77' "standings name the players"
run "$BOYI" validate "$T/playok-faults.pgn"
expect_rc 1 "PlayOK faults"
expect_out 'playok-faults.pgn:8:13: game 1: parse: .Nf3. is not a move' "bad move located"
expect_out 'game 2: result: the record says white won' "result against the moves"
run "$BOYI" convert --to psq "$D/playok-sample.pgn"
expect_rc 0 "PlayOK to psq"
n=$(grep -c '^Piskvorky' "$TMP/out"); [ "$n" -eq 3 ] && ok || bad "3 PSQ games, got $n"

finish
