/* help.c -- the table of boyi's subcommands and the texts a user reads: for each
 * command its entry, its one-line summary, the options it takes and its --help, and
 * 'boyi --help' built from them.
 *
 * They live apart from main.c's parsing because they are most of its length and change
 * for another reason (a command's documentation, not how options are read); the
 * `takes` list and the --help text of a command stay in one entry so that
 * tests/e2e/cli_options.sh can hold each to the other.  main.c keeps the long-option
 * table (the test reads it there) and looks commands up through bo_cli_commands(). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const bo_cli_command commands[] = {
    {"validate", bo_cmd_validate, "replay records under the rules and report every fault",
     "game rules draw-rules encoding strict variation-errors json move-time-limit opening-rule misere",
     "usage: boyi validate [--game G] [--rules R] [--draw-rules LIST] [--encoding E] [--strict] [--variation-errors]\n"
     "                     [--json] [--move-time-limit S] [--opening-rule O] [--misere] FILE...\n"
     "  Reads every game of every FILE (PGN, PDN, XQF, contest {[..]..} records, PSQ, SGF;\n"
     "  UTF-8, GBK, Big5, UTF-16 or Windows-1252, decided per file unless --encoding\n"
     "  utf-8|gbk|big5|utf-16|cp1252 names it; .gz too; '-' for stdin), replays it and\n"
     "  prints one line per game:\n"
     "  'ok' with the result the moves establish, or the first fault with FILE:LINE:COL.\n"
     "  Ends with a summary line. Exit 0 all ok, 1 some game invalid, 2 unreadable file.\n"
     "  Defects that real exporters write (stray quotes in tags, a literal \\r, tags without\n"
     "  a value, '-' as a result...) are read with a located warning; --strict refuses them\n"
     "  as the format's standard does. Variations are replayed from their branch point; an\n"
     "  illegal move in one is a warning, or the game's verdict with --variation-errors.\n"
     "  A result the board does not reach is ok with its reason when the record gives one\n"
     "  (W+R, B+T, a Termination tag, 后手胜(超时)), else a warning; a fault under --strict\n"
     "  and under the contest's rules named (--rules ccgc, renju): docs/exit-codes.md.\n"
     "  --rules R, the rule set: Xiangqi ccgc (default: a third repetition ends the game,\n"
     "  perpetual check loses) or human (a third repetition and the 60-move limit are warnings: play goes on);\n"
     "  Gomoku renju (default), renju-five-threes (RULES.md 2's other reading of the three/\n"
     "  five Decision), freestyle, standard; draughts fmjd (default), ccgc.\n"
     "  --opening-rule O (Gomoku): free (default; black's first stone on H8 under renju),\n"
     "  swap, swap2, soosorv8, taraguchi10, rif; overrides a record's Opening tag\n"
     "  (docs/gomoku-openings.md: the tags Swap, Offers, Declared, ChosenBy).\n"
     "  --move-time-limit S (Gomoku): a move whose recorded time exceeds S seconds loses.\n"
     "  --draw-rules LIST (draughts): threefold,25,16,5 | all | none. --misere (the line game):\n"
     "  the last mover loses. --game G reads every file as G: a file of another game is refused\n"
     "  (exit 2, 'FILE holds a G2 record, not G'); without it each file's game is told by its content.\n", NULL, false},
    {"perft", bo_cmd_perft, "count move-generation leaves (engine correctness and speed)",
     "game rules fen position depth divide json strict board from to misere",
     "usage: boyi perft --game G [--rules R] [--fen FEN | --position POS] [--divide] [--json] (DEPTH | --depth N)\n"
     "                  [--strict] [--board B --from HOLE --to HOLE] [--misere]\n"
     "  Counts the leaf nodes of the legal-move tree; the count is on the last line.\n"
     "  --divide prints the count below each first move.\n"
     "  --json: one JSON object per line (docs/exit-codes.md).\n"
     "  --strict (draughts): refuse a FEN that cannot occur in a game. --board, --from, --to\n"
     "  (peg solitaire): the board and the start and finish holes. --misere: the line game's misere rules.\n", NULL, false},
    {"moves", bo_cmd_moves, "list legal moves (and forbidden points for Renju)",
     "game rules fen position forbidden json strict board from to misere",
     "usage: boyi moves --game G [--rules R] [--fen FEN | --position POS] [--forbidden] [--json]\n"
     "                  [--strict] [--board B --from HOLE --to HOLE] [--misere]\n"
     "  The legal moves of the position (the start position if none is given), one per line.\n"
     "  Gomoku position text: 'black: h8 i9; white: j10' (optionally '; to-move: white').\n"
     "  --forbidden lists black's forbidden points as 'h8 double-three', by column then row.\n"
     "  Gomoku --rules: renju (default: a four point that also makes five makes no three,\n"
     "  RULES.md section 2), renju-five-threes (it still does), freestyle, standard.\n"
     "  --json: one JSON object per move, then {\"count\":N,...}.\n"
     "  --strict (draughts): refuse a FEN that cannot occur in a game. --board, --from, --to\n"
     "  (peg solitaire): the board and the start and finish holes. --misere: the line game's misere rules.\n", NULL, false},
    {"convert", bo_cmd_convert, "convert records between formats and notations",
     "game rules draw-rules encoding to output strict game-index misere",
     "usage: boyi convert [--game G] [--rules R] [--draw-rules LIST] [--encoding E] [--strict] [--misere]\n"
     "                    FILE --to FORMAT [--game-index N] [-o OUT]\n"
     "  Xiangqi: pgn (Chinese moves), wxf, iccs, chinese, contest, xqf (one game: --game-index N).\n"
     "  Gomoku: contest, psq, sgf, moves.   Draughts: pdn.   NoGo: sgf, contest.   Junqi: red,\n"
     "  black, record.   The line game, Einstein: their contest records.\n"
     "  --strict refuses what the format's standard refuses; -o OUT (default stdout; .gz compressed)\n"
     "  is written whole or not at all. A file of another game than --game G is refused (exit 2).\n", NULL, false},
    {"bench", bo_cmd_bench, "measure engine and validator speed",
     "game rules fen position depth nodes movetime threads games seed a b jobs output json strict variation-errors random-plies to",
     "usage: boyi bench --game G [WHAT] [OPTIONS] [--json]\n"
     "  Xiangqi: perft [--depth N (5)] [--fen FEN]; validate FILE (plies/s).\n"
     "  Draughts: perft [--depth N (11)] [--fen FEN] [--rules R]; validate FILE... [--strict]\n"
     "    [--variation-errors] (read+replay speed over the files, plies/s).\n"
     "  Gomoku: fouls [FILE...] [--games N] [--seed S] (microseconds per full-board foul scan);\n"
     "    search [--nodes N (200000) | --depth D] [--rules R] (nodes per second on the 26 canonical openings).\n"
     "  NoGo: playout (default) | legal [--games N] [--seed S]; mcts [--nodes N] [--threads N];\n"
     "    perft [--depth N (4)]. --rules R.\n"
     "  Einstein: perft [--depth N (8)] [--fen POS]; random [--games N] [--seed S];\n"
     "    expectimax [--depth D] [--games POSITIONS] [--seed S] (docs/einstein.md).\n"
     "  The line game: solve.\n"
     "  Every game of two players: match --a SPEC --b SPEC [--games N (200)] [-j N] [--seed S]\n"
     "    [--rules R] [--nodes N | --movetime MS | --depth N] [--random-plies K (0)] [-o RECORDS [--to FORMAT]]:\n"
     "    A against B, colours alternating, played by boyi selfplay's runner from the start\n"
     "    position with no output folder; A's score with its 95% (Wilson) interval and Elo from\n"
     "    selfplay's statistics. SPEC as boyi selfplay takes it ('depth=4', 'random', cmd=...) or\n"
     "    one of the game's own players: NoGo 'mcts|rave|uct playouts=N c=X'; Einstein\n"
     "    'expectimax depth=D star=0|1|2', 'mcts playouts=N', 'uct playouts=N'; Junqi 'engine\n"
     "    samples=N depth=D nodes=K', 'rules' (docs/selfplay.md). Default: A the game's first\n"
     "    own player (else its engine), B random. The bench of a game that has no other (Junqi).\n"
     "  Every game: descriptor [--depth N] [--fen POS | --position POS] (the same perft through the\n"
     "  game's own code and through the descriptor: CPU seconds and their ratio; docs/engines-speed.md).\n"
     "  --json: one JSON object per result.\n", NULL, false},
    {"analyse", bo_cmd_analyse, "search a position: score, best move and line per depth",
     "game rules fen position depth nodes movetime tc multipv hash threads json misere engine log eval",
     "usage: boyi analyse --game G [--rules R] [--fen POS | --position POS] [--depth N | --nodes N | --movetime MS | --tc 40/60+0.5]\n"
     "                    [--multipv K] [--hash MB] [--threads N] [--misere] [--json] [--engine SPEC [--log DIR]]\n"
     "                    [--eval WEIGHTS]\n"
     "  --eval WEIGHTS: the evaluation's weights from a file of boyi train (xiangqi, draughts, gomoku; docs/training.md).\n"
     "  Searches the position (the start position if none is given) by iterative deepening\n"
     "  and prints one line per depth: 'info depth D seldepth S score cp N|mate N nodes N\n"
     "  nps N time MS pv MOVES', then 'bestmove MOVE'. Moves in the game's own text: ICCS\n"
     "  without a dash for Xiangqi (h2e2), h8 for Gomoku, PDN numbers for draughts (32-28).\n"
     "  Mate N counts moves of the side to move, positive when it wins (a Renju five is a mate).\n"
     "  Without a limit, depth 6. With --depth or --nodes and one thread the result is the\n"
     "  same every run; --threads N searches with N threads sharing the hash table.\n"
     "  Limits: depth, nodes, movetime and tc apply to every game's engine but NoGo's (MCTS:\n"
     "  nodes = playouts, no depth), pegs' (solver: nodes only) and yizi's (exact: nodes only;\n"
     "  depth or time warned of); a limit an engine would ignore is refused (exit 2). A fixed\n"
     "  movetime is used to its end, less a 25th (at most 10 ms). docs/engines.md.\n"
     "  --json: one object per depth, the last {\"bestmove\":..,\"score\":{\"cp\":N}|{\"mate\":N},..,\"engine\":..}.\n"
     "  --engine SPEC: an outside engine searches instead (boyi match's SPEC, proto=uci|ucci|\n"
     "  gomocup|hub|hub1); its reports printed the same way, scores normalised; --multipv K is\n"
     "  UCI's MultiPV. --position 'POS | M1 M2 ..': the moves played from POS, searched from\n"
     "  where they lead; boyi's search counts repetitions and move-count rules over them, an\n"
     "  outside engine is told them (Gomocup needs them).\n", NULL, false},
    {"solve", bo_cmd_solve, "exact solvers: a game's proofs (Renju VCF, ...)",
     "game rules fen position solver vcf depth nodes movetime threads hash json misere table count min-moves board from to max-pieces check-sample seed",
     "usage: boyi solve --game G [--rules R] [--fen POS | --position POS] [--solver NAME | --vcf] [--depth N] [--nodes N] [--json]\n"
     "       (the solved small games add their own: [--misere] [--table[=OUT]] [--count] [--min-moves]\n"
     "        [--board NAME] [--from HOLE] [--to HOLE] [--hash MB] [--max-pieces K]; docs/ of each game)\n"
     "       (Two Tigers, every position reachable: --count --depth all [--threads N] [--movetime MS] [--table=CKPT])\n"
     "       (Two Tigers, the table checked on random games: --table=FILE --check-sample N [--seed S] [--threads N]\n"
     "        [--movetime MS] [--fen POS])\n"
     "  Runs one of the game's exact solvers on the position and prints what it proves, with\n"
     "  the line in the game's own move text. Gomoku: vcf (victory by continuous fours for the\n"
     "  side to move; --depth = most fours, default 30; --nodes = most fours tried, default\n"
     "  2000000); '*' in a line: the defender may play anything (a forbidden block).\n"
     "  --json: {\"solver\":..,\"found\":true|false,\"result\":\"win\",\"plies\":N,\"moves\":N,\"line\":[..],\"nodes\":N}.\n"
     "  Draughts: --max-pieces K (2..5, default 4) [--table DIR]: the endgame databases (win/draw/\n"
     "  loss) of every material of up to K pieces into DIR (default: the folder the engine reads,\n"
     "  $BOYI_DRAUGHTS_EGDB, else $XDG_DATA_HOME/boyi/draughts-egdb or ~/.local/share/boyi/\n"
     "  draughts-egdb); a material already there is read, not built again; then 100,000 random\n"
     "  positions re-checked through the rules. docs/engine-draughts.md.\n", NULL, false},
    {"render", bo_cmd_render, "board diagrams as SVG",
     "game rules fen position svg game-index ply eval-graph encoding",
     "usage: boyi render --game G [--rules R] [--fen POS | --position POS] --svg OUT\n"
     "       boyi render FILE [--game G] [--rules R] [--encoding E] [--game-index N] [--ply K] --svg OUT\n"
     "       boyi render FILE [--game G] [--rules R] [--encoding E] [--game-index N] --eval-graph OUT\n"
     "  Draws the position (the start position if none is given) as players print it:\n"
     "  Xiangqi with river, palaces and Chinese glyphs; Renju with star points; draughts\n"
     "  with the dark squares numbered. OUT '-' writes to stdout; a file is written under a\n"
     "  temporary name and renamed when complete.\n"
     "  From a record FILE: game N (default 1) after K plies (0: its start; default: the end\n"
     "  of its main line), the last move marked (Renju stones numbered). --eval-graph draws the\n"
     "  evaluations that boyi annotate wrote into the game's comments ([%eval 0.35], [%eval #-3])\n"
     "  per ply, with inaccuracies, mistakes and blunders marked. Each board carries a caption\n"
     "  (the game, the ply and the last move). Xiangqi's glyphs need a CJK font where the SVG is\n"
     "  shown (Debian: fonts-noto-cjk); docs/render.md.\n", NULL, false},
    {"stats", bo_cmd_stats, "Elo, normalised Elo, LOS and SPRT of a batch (as fishtest computes them)",
     "penta wdl sprt json",
     "usage: boyi stats (DIR... | --penta LL,LD,DD+WL,WD,WW | --wdl W,D,L) [--sprt 'elo0=A elo1=B [alpha=0.05 beta=0.05 model=logistic|normalized]'] [--json]\n"
     "  DIR...: the finished games of boyi selfplay folders (shards too), in index order.\n"
     "  From bare counts: --penta counts colour-swapped pairs by the points the first player\n"
     "  took (0, 1/2, 1, 3/2, 2); --wdl counts single games. Prints the logistic Elo with the\n"
     "  half-width of its 95% interval, LOS, normalised Elo, and with --sprt the generalised\n"
     "  log-likelihood ratio and its bounds ln(beta/(1-alpha)), ln((1-beta)/alpha).\n"
     "  DIR: the players by name, their W/D/L (the first's) over every game with the draws per\n"
     "  game, the pairs' counts (LL LD DD+WL WD WW), games outside a pair, games repeating an\n"
     "  earlier one; the score is (W + D/2) / games; Elo, LOS, nElo and SPRT come from the\n"
     "  pairs where there are any.\n"
     "  --json: {\"player_a\",\"player_b\",\"games\",\"wins\",\"draws\",\"losses\",\"draws_per_game\",\"pairs\",\n"
     "  \"pentanomial\",\"unpaired\",\"duplicates\",\"score\",\"elo\",\"elo95\",\"los\",\"nelo\",\"nelo95\"[,\"llr\",..,\"sprt\"]}\n"
     "  (bare counts: what they hold).\n", NULL, false},
    {"selfplay", bo_cmd_selfplay, "batches of games between two engine settings (statistics, SPRT, resume, shards)",
     "game rules games out jobs depth nodes movetime tc hash a b openings opening-plies random-plies seed shard adjudicate sprt sample resume opening-rule encoding log log-max misere to",
     "usage: boyi selfplay --game G [--rules R] --games N --out DIR [-j THREADS] [--depth N | --nodes N | --movetime MS | --tc TC]\n"
     "                     [--a SPEC] [--b SPEC] [--openings FILE | --random-plies K] [--seed S] [--shard K/N]\n"
     "                     [--opening-plies K] [--encoding E] [--hash MB] [--misere] [--log DIR [--log-max SIZE]]\n"
     "                     [--adjudicate SPEC] [--sprt 'elo0=A elo1=B ...'] [--sample RATE] [--opening-rule swap2] [--to FORMAT]\n"
     "       boyi selfplay --resume DIR [-j N]  (finishes a killed or stopped batch with the settings of\n"
     "                                          DIR/batch.txt; options given must agree with it, and one\n"
     "                                          that does not is named; the journal is checked line by\n"
     "                                          line first, and the old files are replaced only by a\n"
     "                                          whole new set)\n"
     "  Ctrl-C or SIGTERM: no new game starts, the games in progress are abandoned (not counted;\n"
     "  --resume plays them), every output and log.txt is written, exit 130/143; a second ends at once.\n"
     "  Plays games 0..N-1: games 2p and 2p+1 share an opening with colours swapped (A first in 2p);\n"
     "  where A and B are the same setting (the default), each game has its own opening instead.\n"
     "  Players are named by name= or their spec ('depth=4'), '(A)'/'(B)' added when the same.\n"
     "  SPEC: 'depth=6 nodes=N movetime=MS tc=40/10+0.1 hash=MB eval=WEIGHTS' (over --depth/--nodes/--movetime/--tc;\n"
     "  eval=: the evaluation's weights from boyi train, xiangqi, draughts and gomoku) or 'random'. With a clock, the runner keeps time and a player over it loses ('time forfeit').\n"
     "  Or one of the game's own players, 'KIND KEY=VALUE ...' (the command line's limits go to it\n"
     "  first): NoGo mcts|rave|uct playouts=N c=X movetime=MS; Einstein expectimax depth=D nodes=N\n"
     "  movetime=MS star=0|1|2, mcts|uct playouts=N; Junqi engine samples=N depth=D nodes=K, rules;\n"
     "  Two Tigers alphabeta depth=D (never the table), table depth=D random=0|1 (BOYI_TIGERS_TABLE).\n"
     "  --openings FILE: records of the game (PGN, PDN, contest; each game's start and its first\n"
     "  --opening-plies K moves, all without it), or a line per opening: 'POSITION',\n"
     "  'POSITION | M1 M2 ...' or 'moves M1 M2 ...';\n"
     "  else K seeded random plies (default 4) that leave no forced win.\n"
     "  --adjudicate 'max_plies=1000 draw_plies=P draw_moves=M draw_score=CP resign_moves=M resign_score=CP'.\n"
     "  --shard K/N plays the games whose index is K modulo N; boyi merge joins the parts.\n"
     "  DIR gets journal.tsv (as games finish), games.EXT (records in index order), stats.json,\n"
     "  data.bin (training data: the evaluated positions, a seeded share RATE of them; boyi data),\n"
     "  batch.txt and log.txt; all but the journal and the log are the same whatever -j or shards.\n"
     "  --hash MB: each player's table (SPEC hash= over it). --encoding E: of the --openings file.\n"
     "  --log DIR: the stderr and traffic of a player that is an outside program (SPEC cmd=...;\n"
     "  boyi match --help). --opening-rule swap2 (Gomoku): as boyi match has it. --misere: the line game's.\n"
     "  --to FORMAT: the records' format, one the game's writers take (boyi convert --help).\n"
     "  Output: when stdout is not a terminal, a line per game in index order ('game 3: depth=4 -\n"
     "  depth=2  1-0  checkmate, 57 plies', first mover first); at the end, always, a summary on\n"
     "  stdout (W/D/L, score, draws per game, Elo, LOS, pairs, SPRT); at a terminal, a progress\n"
     "  line on stderr.\n"
     "  Limits: depth, nodes, movetime and tc apply to every game's engine but NoGo's (MCTS:\n"
     "  nodes = playouts, no depth), pegs' (solver: nodes only) and yizi's (exact: nodes only;\n"
     "  depth or time warned of); a limit an engine would ignore is refused (exit 2). A fixed\n"
     "  movetime is used to its end, less a 25th (at most 10 ms). docs/engines.md.\n", NULL, false},
    {"match", bo_cmd_match, "games against outside engines over their protocols (UCI, UCCI, Gomocup, Hub)",
     "game rules engine gauntlet round-robin log log-max games out jobs depth nodes movetime tc hash openings opening-plies random-plies seed shard adjudicate sprt sample resume opening-rule encoding json to",
     "usage: boyi match --game G --engine SPEC --engine SPEC [--engine SPEC ...] [--gauntlet | --round-robin]\n"
     "                  --games N --out DIR [-j J] [--log DIR [--log-max SIZE]]\n"
     "                  (--movetime MS | --tc 40/10+0.1 | --depth N | --nodes N) [--openings FILE] [--sprt ...] [--resume DIR]\n"
     "                  [--rules R] [--hash MB] [--opening-plies K | --random-plies K] [--encoding E] [--seed S]\n"
     "                  [--shard K/N] [--adjudicate SPEC] [--sample RATE] [--opening-rule swap2] [--to FORMAT] [--json]\n"
     "  SPEC: 'name=NAME cmd=PATH [args=\"A B\"] proto=uci|ucci|gomocup|hub|hub1|dxp [option.NAME=VALUE ...]\n"
     "        [ranks=1] [margin=MS] [depth=N nodes=N movetime=MS tc=TC]', or a boyi player ('depth=6',\n"
     "        'depth=6 eval=WEIGHTS': weights from boyi train; or one of the game's own: 'uct playouts=1000').\n"
     "  proto=botzone [io=json|simple]: a Botzone bot, a fresh process a turn with the history\n"
     "  (kept when it prints Botzone's keep-running marker); docs/botzone.md.\n"
     "  DXP (TCP): port=N [host=H] | listen=1 (args may say {port}); initiator=engine; dxp-time=MIN dxp-moves=N.\n"
     "  --opening-rule swap2 (gomoku): the players' SWAP2BOARD choices place the first stones and the colours.\n"
     "  Everything else is boyi selfplay's: colour-swapped pairs, statistics, SPRT, adjudication,\n"
     "  records, shards, resume (boyi match --resume DIR alone: batch.txt keeps the engines' specs\n"
     "  and options), Ctrl-C/SIGTERM (the games in progress abandoned, outputs written). The runner keeps time; an engine that crashes, hangs past its\n"
     "  time plus the margin (default 1000 ms), plays an illegal move or writes garbage loses\n"
     "  that game (the reason and its last output in the journal and the record) and is\n"
     "  restarted. Engines start from an argument vector, never a shell, in a process group\n"
     "  of their own that ends with them (and with the runner), and see only their stdin,\n"
     "  stdout and stderr. --log DIR keeps each engine's stderr and the protocol traffic\n"
     "  (NAME.log, NAME.stderr; with -j above 1 one pair per instance: NAME.K.log, NAME.K.stderr)\n"
     "  (escaped; each file capped at --log-max SIZE, default 16M, then the rest counted\n"
     "  and dropped). With more than two engines, each pairing (--round-robin, the\n"
     "  default) or the first against each other (--gauntlet) plays N games into DIR/I-J,\n"
     "  and the standings of all the records end the run (--json: as boyi standings --json\n"
     "  prints them). docs/match.md.\n"
     "  Output as boyi selfplay's: a line per game off a terminal, a closing summary. A boyi\n"
     "  player's limit its engine would ignore is refused (NoGo has no depth; docs/engines.md).\n", NULL, false},
    {"merge", bo_cmd_merge, "join the shards of a self-play batch",
     "out",
     "usage: boyi merge DIR... --out DIR\n"
     "  Joins the outputs of the shards of a boyi selfplay batch (see its --help) into what the\n"
     "  unsplit run gives. A shard given twice, or shards that overlap (of different splits),\n"
     "  are refused (exit 2).\n", NULL, false},
    {"data", bo_cmd_data, "training data of self-play batches: dump, summarise, export, relabel",
     "json format output game rules depth nodes movetime engine eval jobs hash first count",
     "usage: boyi data dump FILE [--json] | boyi data stats FILE | boyi data export FILE --format plain [-o OUT]\n"
     "       boyi data relabel DATA... --game G [--rules R] (--depth N | --nodes N | --movetime MS) [--engine SPEC]\n"
     "                 [--eval WEIGHTS] [-j N] [--hash MB] [--first K] [--count N] -o OUT\n"
     "  dump: one line per position: game, ply, position, side to move, eval, best and played\n"
     "  move, the game's result for the side to move (--json: one object per line). Games are\n"
     "  numbered from 0, as journal.tsv numbers them; plies from 1.\n"
     "  stats: games, positions, bytes per position, results, an evaluation histogram, and the\n"
     "  expected-score scale S fitted to the results (docs/annotate.md).\n"
     "  export --format plain: the Stockfish family's plain training text, a record per\n"
     "  position: fen, move, score, ply, result (side to move's view), then 'e' (-o OUT).\n"
     "  A file cut short (a killed batch) is read up to its last whole block; a block whose\n"
     "  game count disagrees with its bytes, or that repeats or is out of order, is skipped;\n"
     "  each loss is reported (block, bytes, games) and the exit code is 1.\n"
     "  relabel: every position of DATA (data.bin files of boyi selfplay and/or the plain text of\n"
     "  export, read as boyi train reads them; a damaged file is refused) searched afresh, alone\n"
     "  (no game history), under the limit given, and written as export's plain text with the\n"
     "  engine's best move and score (the side to move's view, centipawns, a found win in P plies\n"
     "  30000 - P); ply and result kept. boyi's own engine (--eval WEIGHTS: its weights; --hash MB\n"
     "  its table, default 16, cleared before each position), or --engine SPEC (boyi match's spec,\n"
     "  proto=uci|ucci|gomocup|hub|hub1: one process per -j worker, told a new game before each\n"
     "  position (Gomocup: the stones in turns by BOARD, --depth as INFO max_depth),\n"
     "  restarted after a fault; a position it fails twice is left out, said on stderr). -j N:\n"
     "  N positions at once, the same output. --first K --count N: the positions K..K+N-1 of the\n"
     "  input (from 0), to split a long job. Positions over by the rules or without a score are\n"
     "  left out and counted on stderr. Ctrl-C or SIGTERM: no new position, those in progress\n"
     "  abandoned, the finished ones before them written to OUT, and the --first that resumes said\n"
     "  (exit 130/143); a second signal ends at once, writing nothing.\n"
     "  The format: docs/training-data.md.\n", NULL, false},
    {"train", bo_cmd_train, "fit a game's evaluation weights to training data (data.bin, plain text)",
     "game output validation epochs threads seed lambda l2 score-scale init model",
     "usage: boyi train --game G DATA... -o WEIGHTS [--validation DATA] [--epochs N (20)] [--threads N]\n"
     "                  [--seed S] [--lambda L (0.5)] [--l2 X (0)] [--score-scale S] [--init WEIGHTS|zero]\n"
     "                  [--model ID]\n"
     "  Fits the game's evaluation weights to the positions of DATA (boyi selfplay's data.bin\n"
     "  files, or the plain text of boyi data export). Each position's target is the side to\n"
     "  move's expected score, L x the game's result + (1 - L) x E(search score), E the logistic\n"
     "  of docs/annotate.md with the game's scale; the loss is the cross-entropy of the\n"
     "  evaluation's expected score (the game's scale). --score-scale S: the scores' own scale\n"
     "  in E (another engine's scores, whose centipawns are not boyi's; docs/training.md).\n"
     "  Positions in check, with a noisy best move (a capture) or with a found win are left out. Starts from the engine's weights (--init WEIGHTS: a weights\n"
     "  file; zero: all 0); --l2 X adds X/2 x (w - start)^2 per weight to the loss, a pull\n"
     "  towards the start that keeps weights the data rarely sees (pattern tables) near it. Prints the train and validation loss per epoch; -o WEIGHTS gets the\n"
     "  fitted weights (text, one 'NAME VALUE' a line), which analyse, uci and the\n"
     "  players of selfplay and match load (docs/training.md); a model's earlier files load too\n"
     "  (draughts-patterns-1's one set as both of draughts-patterns-2's, middle game and ending).\n"
     "  --model ID: fit only the weights of the game's earlier model ID, the others kept at their\n"
     "  start (xiangqi-terms-2: the threat terms stay as --init gives them; an earlier round again).\n"
     "  The same data, options and --seed give the same weights, whatever --threads.\n"
     "  Games with trainable weights: xiangqi, draughts (international), gomoku. docs/training.md.\n", NULL, false},
    {"annotate", bo_cmd_annotate, "judge every move of recorded games with the engine",
     "game rules draw-rules depth nodes movetime jobs hash json output encoding strict variation-errors misere engine log multipv no-second-look eval",
     "usage: boyi annotate [--game G] [--rules R] [--depth N | --nodes N | --movetime MS] [-j N] [--hash MB]\n"
     "                     [--encoding E] [--strict] [--variation-errors] [--draw-rules LIST] [--misere]\n"
     "                     [--engine SPEC [--multipv K] [--log DIR] | --eval WEIGHTS] [--no-second-look] [--json]\n"
     "                     [-o OUT] FILE...\n"
     "  Searches every position of every game (default: each game's depth, Xiangqi 8, draughts 10,\n"
     "  Gomoku and the others 6; one search thread per game)\n"
     "  and writes the records again in their own format with a comment on each move:\n"
     "  '[%eval 0.35]' (the first player's view, in pawns; '#3' a mate), '[%best MOVE]' and\n"
     "  '[%pv ...]' where the engine prefers another move, and 'inaccuracy', 'mistake' or\n"
     "  'blunder' by the loss in expected score; a summary per game and side (accuracy,\n"
     "  average loss, moves per class) on stderr (on stdout with -o). The loss compares the best\n"
     "  move with the move played searched alone from the same position at the same limit.\n"
     "  --json: one object per move and one summary per game. -j N analyses N games at once;\n"
     "  the output is the same.\n"
     "  Invalid games are annotated up to their fault. --depth 0: replay and check only (no\n"
     "  search, no comments; the summaries count the plies). The files are read as boyi validate\n"
     "  reads them (--encoding, --strict, --variation-errors, --draw-rules, --misere), and written\n"
     "  in their own encoding and script (a Big5 file stays Big5 and traditional) unless --encoding\n"
     "  names another. docs/annotate.md has the formulas.\n"
     "  A move the search calls a mistake or a blunder (in draughts an inaccuracy) is judged\n"
     "  again (the best move and the move played 4 plies deeper in Xiangqi, draughts and\n"
     "  Gomoku, at twice the depth in the other games; twice the nodes or time); the mean of the\n"
     "  two losses gives its class (mistake from 0.10, blunder from 0.20); --no-second-look: the\n"
     "  first look's alone.\n"
     "  --engine SPEC: an outside engine judges (boyi match's SPEC, proto=uci|ucci|gomocup|hub|hub1,\n"
     "  plus scale=CP and restart=game|never), a fresh process per game (restart=never: one per\n"
     "  -j worker); a position it fails twice is 'no analysis'. --multipv K (UCI): a move played\n"
     "  that is one of the K lines is judged by that line.\n"
     "  --eval WEIGHTS: boyi's search judges with the evaluation's weights from a file of boyi\n"
     "  train (xiangqi, draughts, gomoku; docs/training.md), in both looks; not with --engine.\n", NULL, false},
    {"standings", bo_cmd_standings, "judge a tournament's logs: standings, crosstable, corrected results",
     "game rules draw-rules matches json encoding strict",
     "usage: boyi standings [--game G] [--rules R] [--draw-rules LIST] [--encoding E] [--strict] [--matches] [--json] FILE...\n"
     "  Validates every game of the files (any game and format) and scores it by the rules:\n"
     "  the result the moves establish; where the log's claim or end is wrong, the rules'\n"
     "  result; an illegal move loses; an unfinished game keeps its log's claim. Prints the\n"
     "  standings (points, games, won, drawn, lost, Sonneborn-Berger), the crosstable, every\n"
     "  score that differs from the log's claim with its reason, and the games that cannot be\n"
     "  scored. --matches: the games of two players form one match (first to 4 in EWN...),\n"
     "  ranked by match points. Exit 1 when a result was corrected or a game not scored.\n"
     "  The files are read as boyi validate reads them (--encoding, --strict, --draw-rules).\n", NULL, false},
    {"report", bo_cmd_report, "one HTML page for a tournament, a match or a self-play batch",
     "game rules output encoding",
     "usage: boyi report (DIR | FILE...) [--game G] [--rules R] [--encoding E] -o report.html\n"
     "  DIR: a selfplay or match output folder (settings and statistics), a folder of them\n"
     "  (a round robin), or a folder of record files; FILE: record files. Then the standings of all the games (as boyi\n"
     "  standings judges them) and each game's verdict, final board and evaluation graph\n"
     "  (where annotated), as inline SVG: no script, no outside resource. docs/report.md.\n", NULL, false},
    {"hub", bo_cmd_hub, "boyi as a Hub (version 2) draughts engine, as Scan 3 speaks it",
     "game rules hash threads",
     "usage: boyi hub [--game draughts] [--rules R] [--hash MB] [--threads N]\n"
     "  hub/wait, set-param name=hash|threads value=N, init/ready, new-game, pos pos=W<50>\n"
     "  [moves=\"..\"], level move-time=S|depth=N|nodes=N|time=S inc=S, go think -> done move=M.\n", NULL, false},
    {"dxp", bo_cmd_dxp, "boyi as a DXP (DamExchange) draughts peer over TCP",
     "game rules listen connect initiator games tc movetime depth hash",
     "usage: boyi dxp [--game draughts] (--listen PORT | --connect HOST:PORT) [--initiator [--games N] [--tc SECONDS]]\n"
     "       [--rules R] [--hash MB] [--movetime MS | --depth N] [takebacks=accept|refuse]\n"
     "  The follower (default) accepts GAMEREQ and plays; --initiator sends N game requests\n"
     "  from the initial position, colours alternating, on a clock of whole minutes (--tc).\n"
     "  Without --movetime or --depth boyi plays on the game request's clock.\n"
     "  Prints one line per game ('game N: boyi white, result 2-0 (reason)'). docs/match.md.\n", NULL, false},
    {"gomocup", bo_cmd_gomocup, "boyi as a Gomocup (Piskvork) brain for Gomoku and Renju",
     "game rules hash",
     "usage: boyi gomocup [--game gomoku] [--rules R] [--hash MB]\n"
     "  START/OK, INFO timeout_turn|time_left|rule, BEGIN, TURN x,y, BOARD .. DONE -> x,y, ABOUT, END.\n"
     "  Rules: INFO rule 4 renju, 1 exactly five (standard), else freestyle (or --rules until then).\n", NULL, false},
    {"botzone", bo_cmd_botzone, "boyi as a Botzone bot (any game)",
     "game rules keep-running movetime nodes depth hash threads",
     "usage: boyi botzone --game G [--rules R] [--keep-running] [--movetime MS | --nodes N | --depth N] [--hash MB] [--threads N]\n"
     "  One turn of Botzone's bot I/O on stdin/stdout, detected from the first line: the JSON\n"
     "  interaction {\"requests\":[..],\"responses\":[..]} -> {\"response\":..,\"debug\":..}, or the\n"
     "  simple one (the turn number n, then 2n-1 lines) -> one line. NoGo and Gomoku/Renju use\n"
     "  Botzone's {\"x\":X,\"y\":Y} points ({\"x\":-1,\"y\":-1} first: you move first); the other games\n"
     "  requests {\"position\":START,\"moves\":[..]} and the move text as response. --keep-running:\n"
     "  after each answer print >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and read the next request only.\n"
     "  Without a limit: 80% of the input's time_limit (seconds), else 800 ms. docs/botzone.md.\n", NULL, false},
    {"uci", bo_cmd_engine, "boyi engine: a UCI engine (any game; Xiangqi without --game)",
     "game rules hash threads misere eval",
     "usage: boyi uci [--game G] [--rules R] [--hash MB] [--threads N] [--misere] [--eval WEIGHTS]   (boyi engine --help)\n"
     "  Without --game: Xiangqi (the game the Xiangqi UCI engines, Pikafish and Fairy-Stockfish,\n"
     "  speak UCI for); any other game with --game G, moves in its own text.\n",
     "xiangqi", false},
    {"ucci", bo_cmd_engine, "boyi engine: a UCCI engine (the Xiangqi GUIs' protocol)",
     "game rules hash threads eval",
     "usage: boyi ucci [--game xiangqi] [--rules R] [--hash MB] [--threads N] [--eval WEIGHTS]\n"
     "  UCCI is Xiangqi's protocol: the game is Xiangqi (no --game needed; another is refused).\n"
     "  The same process as boyi engine; it speaks UCCI from its first command 'ucci':\n"
     "  setoption hashsize|threads N, position fen F moves ..., banmoves M..., go time T\n"
     "  [increment I | movestogo N] [opptime ..] | depth N | nodes N, bestmove M | nobestmove, quit/bye.\n",
     "xiangqi", true},
    {"engine", bo_cmd_engine, "a persistent engine speaking UCI on stdin/stdout (Xiangqi without --game)",
     "game rules hash threads misere eval",
     "usage: boyi engine [--game G] [--rules R] [--hash MB] [--threads N] [--misere] [--eval WEIGHTS]\n"
     "  Without --game: Xiangqi, as boyi uci. --eval WEIGHTS: the evaluation's weights from a file\n"
     "  of boyi train (xiangqi; docs/training.md).\n"
     "  Reads commands on stdin as UCI engines do: uci, isready, ucinewgame, setoption name\n"
     "  Hash|Threads value N, position startpos|fen POS [moves M...], go [movetime MS]\n"
     "  [depth N] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N], quit.\n"
     "  Moves in the game's own text (ICCS h2e2 for Xiangqi). The game's line is kept, so\n"
     "  repetition rules apply in the search; the hash table lives between moves.\n"
     "  Bad input is answered 'info string error: ...'; after a 'position' that fails (a bad\n"
     "  move or text) there is no position until the next good one, and 'go' answers\n"
     "  'info string error: ...' and 'bestmove (none)' (UCCI: 'nobestmove') instead of searching\n"
     "  an old one. docs/engine-xiangqi.md.\n",
     "xiangqi", false},
    {"play", bo_cmd_play, "play against the engine in the terminal (contest I/O)",
     "game rules position human-first engine-first seed nodes movetime threads",
     "usage: boyi play --game gomoku [--human-first | --engine-first] [--rules R] [--position POS] [--seed N]\n"
     "       boyi play --game nogo [--rules botzone] [--nodes N | --movetime MS] [--threads N] [--seed N]\n"
     "  Type moves as 'f 8'; the engine answers '最后落子e 3'. --human-first (default): you are black.\n"
     "  --rules: renju (default), renju-five-threes, freestyle, standard.\n"
     "  --position 'black: h8 i9; white: j10' plays on from that position.\n"
     "  NoGo: a Botzone bot (JSON lines\n"
     "  {\"requests\":..,\"responses\":..} -> {\"response\":{\"x\":X,\"y\":Y}}, or the simplified 'x y' lines).\n", NULL, false},
};

const bo_cli_command *bo_cli_commands(size_t *n)
{
    *n = sizeof commands / sizeof commands[0];
    return commands;
}

void bo_cli_print_help(FILE *f)
{
    fputs("boyi -- game records, rules, engines for the Chinese computer-game contests\n\n"
          "usage: boyi COMMAND [OPTIONS] [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fputs("\ngames (--game NAME; the other names it takes in parentheses, case ignored):\n", f);
    int n, na;
    const bo_game_cli *const *g = bo_cli_games(&n);
    const bo_cli_game_alias *al = bo_cli_game_aliases(&na);
    for (int i = 0; i < n; i++) {
        fprintf(f, "  %-9s", g[i]->name);
        for (int k = 0, first = 1; k < na; k++) {
            if (strcmp(al[k].name, g[i]->name) != 0) continue;
            fprintf(f, "%s%s", first ? " (" : ", ", al[k].alias);
            if (al[k].rules) fprintf(f, " = --rules %s", al[k].rules);
            first = 0;
            if (k + 1 == na || strcmp(al[k + 1].name, g[i]->name) != 0) fputc(')', f);
        }
        fputc('\n', f);
        if (g[i]->rules_help) fprintf(f, "            --rules: %s\n", g[i]->rules_help);
    }
    fputs("\n'boyi COMMAND --help' for a command's options; docs/ for formats and exit codes.\n", f);
}
