/* boyi_fuzz.c -- one libFuzzer entry for every reader and parser boyi has.
 *
 * Which one is fuzzed is the target's name, GAME/KIND, in the environment variable
 * BOYI_FUZZ_TARGET (tests/fuzz.sh sets it; `boyi_fuzz -help=1` style options pass
 * through to libFuzzer).  Every game goes through the descriptor and its front end,
 * so a game added to the registry is fuzzed without a line here (BOYI_FUZZ_LIST=1
 * prints every target's name):
 *   GAME/records   the bytes as a record file: the front end's split function over
 *                  them, then its validate (every reader the sniffing reaches)
 *   GAME/position  the bytes as position text under each rule set; what reads back
 *                  must write out and read again to the same text
 *   GAME/moves     the bytes as move texts from the start: each one read is played
 *                  only if it is among the legal moves (else: a reader bug, abort),
 *                  and its text read back gives the same move
 *   any/journal    a self-play journal line (selfplay/sp_journal.h)
 *   any/data       a training-data file (selfplay/sp_data.h)
 *   proto/KIND     an outside engine's or server's lines: uci, gomocup, hub, dxp,
 *                  botzone (tests/fuzz/fuzz_proto.c)
 * Bugs end in abort() (or a sanitizer report), which libFuzzer saves as a crash.
 * With BOYI_FUZZ_SEEDS=DIR set too, the harness writes seed inputs for a position or
 * moves target into DIR (start positions under every rule set, and positions and move
 * lines of seeded random games) and exits: tests/fuzz.sh builds its corpora so. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core.h"
#include "fuzz_proto.h"
#include "sp_data.h"
#include "sp_journal.h"

enum kind { K_RECORDS, K_POSITION, K_MOVES, K_JOURNAL, K_DATA, K_PROTO };

/* The target, fixed once before the first input (libFuzzer runs one per process). */
typedef struct target {
    enum kind kind;
    const bo_game *g;
    const bo_game_cli *gc;
    char proto[16];         /* K_PROTO: which protocol */
} target;

static target the_target;

static void die(const char *what)
{
    fprintf(stderr, "boyi_fuzz: %s\n", what);
    abort();
}

/* Does the front end read records (its records interface, or its validate hook)? */
static bool has_records(const bo_game_cli *gc)
{
    return gc->records ? gc->records->read != NULL : gc->validate != NULL;
}

static int parse_target(const char *name, target *t)
{
    char game[64];
    const char *slash = strchr(name, '/');
    if (!slash || (size_t)(slash - name) >= sizeof game) return -1;
    memcpy(game, name, (size_t)(slash - name));
    game[slash - name] = 0;
    const char *kind = slash + 1;
    memset(t, 0, sizeof *t);
    if (strcmp(kind, "journal") == 0) { t->kind = K_JOURNAL; return 0; }
    if (strcmp(kind, "data") == 0) { t->kind = K_DATA; return 0; }
    if (strcmp(game, "proto") == 0) {
        static const char *const protos[] = FUZZ_PROTO_KINDS;
        for (size_t i = 0; i < sizeof protos / sizeof *protos; i++)
            if (strcmp(kind, protos[i]) == 0) {
                t->kind = K_PROTO;
                snprintf(t->proto, sizeof t->proto, "%s", kind);
                return 0;
            }
        return -1;
    }
    t->gc = bo_cli_game_find(game);
    t->g = t->gc ? bo_game_by_name(t->gc->name) : NULL;
    if (!t->g) return -1;
    if (strcmp(kind, "records") == 0) t->kind = K_RECORDS;
    else if (strcmp(kind, "position") == 0) t->kind = K_POSITION;
    else if (strcmp(kind, "moves") == 0) t->kind = K_MOVES;
    else return -1;
    return t->kind == K_RECORDS && !has_records(t->gc) ? -1 : 0;
}

static void write_seeds(const target *t, const char *dir);

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (getenv("BOYI_FUZZ_LIST")) {   /* every target, for tests/fuzz.sh */
        int n;
        const bo_game_cli *const *gc = bo_cli_games(&n);
        for (int i = 0; i < n; i++) {
            if (has_records(gc[i])) printf("%s/records\n", gc[i]->name);
            printf("%s/position\n%s/moves\n", gc[i]->name, gc[i]->name);
        }
        printf("any/journal\nany/data\n");
        static const char *const protos[] = FUZZ_PROTO_KINDS;
        for (size_t i = 0; i < sizeof protos / sizeof *protos; i++) printf("proto/%s\n", protos[i]);
        exit(0);
    }
    const char *name = getenv("BOYI_FUZZ_TARGET");
    if (!name || parse_target(name, &the_target) != 0)
        die("set BOYI_FUZZ_TARGET to GAME/records|position|moves, any/journal|data, or proto/uci|gomocup|hub|dxp|botzone");
    const char *seeds = getenv("BOYI_FUZZ_SEEDS");
    if (seeds) {
        if (the_target.kind == K_PROTO) fuzz_proto_seeds(the_target.proto, seeds);
        else write_seeds(&the_target, seeds);
        exit(0);
    }
    return 0;
}

/* ---- records ------------------------------------------------------------------ */

static void on_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }
/* Each game read: kept and let go, as annotate keeps it (records.h). */
static int on_game(void *ctx, const bo_rec_game *g)
{
    const bo_records *rs = ctx;
    bo_rec_game *k = bo_records_keep(rs, g);
    if (k) bo_records_release(rs, k);
    return 0;
}

static void fuzz_records(const target *t, const uint8_t *data, size_t size)
{
    bo_split_fn split = bo_cli_split(t->gc);
    if (split) {   /* the streaming reader's cut must fall inside the text */
        size_t cut = split((const char *)data, size);
        if (cut > size) die("split cut beyond the text");
    }
    bo_text text;
    char err[512];
    if (bo_text_from_bytes(&text, "fuzz", data, size, err, sizeof err) != 0) return;
    bo_opts o;
    memset(&o, 0, sizeof o);
    o.game = t->gc->name;
    if (t->gc->records) {   /* the records interface's one read, as validate and annotate read */
        bo_read_opts ro;
        bo_cli_read_opts(&o, &ro);
        const bo_records *rs = t->gc->records;
        bo_records_sink rsink = {.game = on_game, .warning = bo_warning_ignore, .verdict = on_verdict, .ctx = (void *)rs};
        void *across = rs->begin ? rs->begin(&ro) : NULL;
        rs->read(&ro, &text, across, &rsink, err, sizeof err);
        if (rs->begin && rs->end) rs->end(&ro, across, &rsink);
    } else {
        bo_verdict_sink sink = {on_verdict, bo_warning_ignore, NULL};
        t->gc->validate(&o, &text, &sink, err, sizeof err);
    }
    bo_text_free(&text);
}

/* ---- position text -------------------------------------------------------------- */

/* The bytes as a C string (NUL bytes end it, as they would a line of a file). */
static char *as_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) die("out of memory");
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

static void fuzz_position(const target *t, const uint8_t *data, size_t size)
{
    char *s = as_string(data, size);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], again[BO_POS_MAX];
    char err[512], out[4096], out2[4096];
    for (const char *const *r = t->g->rule_sets; *r; r++) {
        if (t->g->from_text(pos, *r, s, err, sizeof err) != 0) continue;
        t->g->to_text(pos, out, sizeof out);
        if (t->g->from_text(again, *r, out, err, sizeof err) != 0) {
            fprintf(stderr, "rules %s: '%s' written from '%s' does not read back: %s\n", *r, out, s, err);
            die("position text does not read back");
        }
        t->g->to_text(again, out2, sizeof out2);
        if (strcmp(out, out2) != 0) {
            fprintf(stderr, "rules %s: '%s' then '%s'\n", *r, out, out2);
            die("position text changes on a second round trip");
        }
        bo_move moves[BO_MOVES_MAX];
        if (t->g->to_move(pos) >= 0) t->g->legal(pos, moves);   /* a read position is one the generator takes */
    }
    free(s);
}

/* ---- move text ------------------------------------------------------------------ */

static void fuzz_moves(const target *t, const uint8_t *data, size_t size)
{
    char *s = as_string(data, size);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[512], text[256];
    if (t->g->start(pos, NULL, err, sizeof err) != 0) die("no start position");
    char *save = NULL;
    for (char *w = strtok_r(s, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
        if (t->g->to_move(pos) < 0 && t->g->to_move(pos) != BO_PLAYER_CHANCE) break;
        bo_move legal[BO_MOVES_MAX], m;
        int n = t->g->to_move(pos) == BO_PLAYER_CHANCE ? t->g->chance(pos, legal, (double[BO_MOVES_MAX]){0})
                                                        : t->g->legal(pos, legal);
        if (n == 0) break;
        if (t->g->move_from_text(pos, w, &m, err, sizeof err) != 0) {
            m = legal[(unsigned char)w[0] % (unsigned)n];   /* go on along some legal line */
        } else {
            bool found = false;
            for (int i = 0; i < n && !found; i++) found = legal[i] == m;
            if (!found) { fprintf(stderr, "'%s' read as a move not legal here\n", w); die("illegal move accepted"); }
        }
        if (t->g->move_to_text(pos, m, text, sizeof text) == 0) {
            bo_move back;
            if (t->g->move_from_text(pos, text, &back, err, sizeof err) != 0 || back != m) {
                fprintf(stderr, "move text '%s' does not read back (%s)\n", text, err);
                die("move text does not read back");
            }
        }
        t->g->play(pos, m, undo, NULL);
    }
    free(s);
}

/* ---- self-play files ------------------------------------------------------------ */

static void fuzz_journal(const uint8_t *data, size_t size)
{
    sp_entry e;
    char err[256];
    if (sp_journal_parse((const char *)data, size, &e, err, sizeof err) == 0) sp_entry_free(&e);
}

static int count_game(void *ctx, const bo_game *g, const char *rules, const sp_data_game *game)
{
    (void)g;
    (void)rules;
    (void)game;
    ++*(long *)ctx;
    return 0;
}

static void fuzz_data(const uint8_t *data, size_t size)
{
    if (size == 0) return;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) return;
    long games = 0;
    char err[256];
    sp_data_info info;
    sp_data_read(f, bo_game_by_name, count_game, &games, &info, err, sizeof err);
    fclose(f);
}

/* ---- seeds ---------------------------------------------------------------------- */

static void put_seed(const char *dir, int k, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/seed-%03d", dir, k);
    FILE *f = fopen(path, "w");
    if (!f) die("cannot write a seed");
    fputs(text, f);
    fclose(f);
}

/* A small deterministic generator: the seeds are the same on every run. */
static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void write_seeds(const target *t, const char *dir)
{
    if (t->kind != K_POSITION && t->kind != K_MOVES) return;
    int k = 0;
    uint64_t rng = 0x9e3779b97f4a7c15ULL;
    char err[512], text[4096], line[8192];
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    for (const char *const *r = t->g->rule_sets; *r; r++) {
        for (int game = 0; game < 4; game++) {
            if (t->g->start(pos, *r, err, sizeof err) != 0) break;
            size_t used = 0;
            line[0] = 0;
            for (int ply = 0; ply < 40; ply++) {
                if (t->kind == K_POSITION && ply % 10 == 0) {
                    t->g->to_text(pos, text, sizeof text);
                    put_seed(dir, k++, text);
                }
                bo_move moves[BO_MOVES_MAX];
                double prob[BO_MOVES_MAX];
                int side = t->g->to_move(pos);
                if (side < 0 && side != BO_PLAYER_CHANCE) break;
                int n = side == BO_PLAYER_CHANCE ? t->g->chance(pos, moves, prob) : t->g->legal(pos, moves);
                if (n == 0) break;
                bo_move m = moves[next_rand(&rng) % (uint64_t)n];
                if (t->g->move_to_text(pos, m, text, sizeof text) == 0 && used + strlen(text) + 2 < sizeof line)
                    used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", used ? " " : "", text);
                t->g->play(pos, m, undo, NULL);
            }
            if (t->kind == K_MOVES) put_seed(dir, k++, line);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const target *t = &the_target;
    switch (t->kind) {
    case K_RECORDS: fuzz_records(t, data, size); break;
    case K_POSITION: fuzz_position(t, data, size); break;
    case K_MOVES: fuzz_moves(t, data, size); break;
    case K_JOURNAL: fuzz_journal(data, size); break;
    case K_DATA: fuzz_data(data, size); break;
    case K_PROTO: fuzz_proto(t->proto, data, size); break;
    }
    return 0;
}
