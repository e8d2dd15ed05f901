/* gm_records.c -- Gomoku and Renju records behind the records interface (records.h,
 * gm_records.h): contest, PSQ, SGF, move lists, RenjuNet, Renlib and PlayOK files.
 *
 * The rule: a file is read once.  Its records are read (gm_read_with, whatever the
 * format), and each is decoded and judged once (gm_validate_record); the decoded game
 * gives the start position and the main line up to the verdict's last move, and the
 * game goes to the caller with its verdict.  A RenjuNet database's tournaments are
 * counted from the same records (their Event and RuleName tags) and said after its
 * games as output lines.  Nothing here prints: convert's notes go to the sink, what
 * write_game drops to o->notes. */
#include "gm_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gm_coords.h"
#include "gm_desc.h"
#include "gm_notation.h"
#include "gm_validate.h"
#include "gomoku.h"
#include "text_stream.h"

/* How sure the reader is, whatever the format. */
static int gm_rsniff(const bo_text *t)
{
    gm_format f;
    return gm_sniff(t, &f);
}

/* --rules (renju when not given), in RS; -1 with err for a name it does not know. */
static int ruleset_of(const bo_read_opts *o, gm_ruleset *rs, char *err, size_t errlen)
{
    rs->rules = GM_RENJU;
    rs->five_point_threes = false;
    if (!o->rules || gm_ruleset_from_name(o->rules, rs) == 0) return 0;
    snprintf(err, errlen, "unknown gomoku rule set '%s' (%s)", o->rules, GM_RULESET_NAMES);
    return -1;
}

/* --rules, --opening-rule, --move-time-limit, --strict and --variation-errors as the
 * validator's options; -1 with err for a name it does not know. */
static int validate_opts(const bo_read_opts *o, gm_validate_opts *vo, gm_ruleset *rs, char *err, size_t errlen)
{
    memset(vo, 0, sizeof *vo);
    vo->rules = GM_RENJU;
    vo->move_time_limit = o->move_time_limit;
    vo->strict = o->strict;
    vo->variation_errors = o->variation_errors;
    if (ruleset_of(o, rs, err, errlen) != 0) return -1;
    if (o->rules) {
        vo->rules_given = true;
        vo->rules = rs->rules;
        vo->five_point_threes = rs->five_point_threes;
    }
    if (o->opening_rule) {
        if (gm_opening_from_name(o->opening_rule, &vo->opening) != 0) {
            snprintf(err, errlen, "unknown opening rule '%s' (%s)", o->opening_rule, GM_OPENING_NAMES);
            return -1;
        }
        vo->opening_given = true;
    }
    return 0;
}

/* ---- RenjuNet's tournaments ------------------------------------------------------- */

/* A tournament of a RenjuNet database and what its games came to. */
typedef struct gm_tourney {
    char *name;         /* "Event", a copy: the reader's sink may keep a record (moving its
                           tags out) and release it before the tally is printed */
    char *rule;         /* "RuleName", a copy, may be NULL */
    long games, ok, invalid;
} gm_tourney;

/* The tournaments in the order they first appear, found by a hash of name and rule so
 * that a database of 100 000 games and 5 000 tournaments stays linear. */
typedef struct gm_tally {
    gm_tourney *t;
    int nt;
    int *slot;          /* open addressing: the tournament's index, -1 empty */
    unsigned long mask;
} gm_tally;

/* FNV-1a of a tournament's name and rule. */
static unsigned long tourney_hash(const char *a, const char *b)
{
    unsigned long h = 2166136261UL;
    for (const char *p = a; p && *p; p++) h = (h ^ (unsigned char)*p) * 16777619UL;
    h = (h ^ 0xFFu) * 16777619UL;
    for (const char *p = b; p && *p; p++) h = (h ^ (unsigned char)*p) * 16777619UL;
    return h;
}

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Room for the tournaments of N games; -1 when out of memory (then no tally). */
static int tally_init(gm_tally *ta, int n)
{
    int cap = 16;
    while (cap < 2 * n) cap *= 2;
    ta->slot = malloc(sizeof *ta->slot * (size_t)cap);
    ta->t = malloc(sizeof *ta->t * (size_t)(n ? n : 1));
    if (!ta->slot || !ta->t) return -1;
    for (int i = 0; i < cap; i++) ta->slot[i] = -1;
    ta->mask = (unsigned long)(cap - 1);
    return 0;
}

static void tally_free(gm_tally *ta)
{
    for (int i = 0; i < ta->nt; i++) {
        free(ta->t[i].name);
        free(ta->t[i].rule);
    }
    free(ta->slot);
    free(ta->t);
}

/* Record R's verdict V, counted for its tournament. */
static void tally_count(gm_tally *ta, const bo_record *r, const bo_verdict *v)
{
    const char *ev = bo_record_tag(r, "Event"), *ru = bo_record_tag(r, "RuleName");
    if (!ev) ev = "(no tournament)";
    unsigned long h = tourney_hash(ev, ru) & ta->mask;
    while (ta->slot[h] >= 0 && !(same_str(ta->t[ta->slot[h]].name, ev) && same_str(ta->t[ta->slot[h]].rule, ru)))
        h = (h + 1) & ta->mask;
    if (ta->slot[h] < 0) {
        char *name = strdup(ev), *rule = ru ? strdup(ru) : NULL;
        if (!name || (ru && !rule)) { free(name); free(rule); return; }   /* out of memory: not counted */
        ta->slot[h] = ta->nt;
        ta->t[ta->nt++] = (gm_tourney){name, rule, 0, 0, 0};
    }
    gm_tourney *t = &ta->t[ta->slot[h]];
    t->games++;
    if (v->status == BO_VERDICT_OK) t->ok++;
    else if (v->status == BO_VERDICT_INVALID) t->invalid++;
}

/* S as a JSON string (NULL: null), as the commands' JSON writes strings: the short
 * escapes, other control characters as \u00XX, a byte that begins no UTF-8 character
 * as U+FFFD. */
static void json_str(FILE *f, const char *s)
{
    if (!s) { fputs("null", f); return; }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"') fputs("\\\"", f);
        else if (*p == '\\') fputs("\\\\", f);
        else if (*p == '\n') fputs("\\n", f);
        else if (*p == '\r') fputs("\\r", f);
        else if (*p == '\t') fputs("\\t", f);
        else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
        else if (*p < 0x80) fputc(*p, f);
        else {
            size_t len = *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 0, have = strnlen((const char *)p, 4);
            if (len == 0 || len > have || !bo_utf8_valid(p, len)) { fputs("\\ufffd", f); continue; }
            fwrite(p, 1, len, f);
            p += len - 1;
        }
    }
    fputc('"', f);
}

/* A line per tournament after the games (games, ok, invalid), in both forms. */
static void tally_lines(const gm_tally *ta, const char *file, const bo_records_sink *sink)
{
    for (int i = 0; i < ta->nt && sink->line; i++) {
        const gm_tourney *t = &ta->t[i];
        char *text = NULL, *json = NULL;
        size_t tl = 0, jl = 0;
        FILE *tf = open_memstream(&text, &tl), *jf = open_memstream(&json, &jl);
        if (tf && jf) {
            fprintf(tf, "%s: tournament \"%s\"", file, t->name);
            if (t->rule) fprintf(tf, " (%s)", t->rule);
            fprintf(tf, ": %ld games, %ld ok, %ld invalid", t->games, t->ok, t->invalid);
            fputs("{\"tournament\":{\"file\":", jf);
            json_str(jf, file);
            fputs(",\"name\":", jf);
            json_str(jf, t->name);
            fputs(",\"rule\":", jf);
            json_str(jf, t->rule);
            fprintf(jf, ",\"games\":%ld,\"ok\":%ld,\"invalid\":%ld}}", t->games, t->ok, t->invalid);
        }
        bool whole = tf && jf;
        if (tf && fclose(tf) != 0) whole = false;
        if (jf && fclose(jf) != 0) whole = false;
        if (whole) sink->line(sink->ctx, text, json);
        free(text);
        free(json);
    }
}

/* ---- read: every game judged once ------------------------------------------------- */

/* What write_game needs beside the record: the decoded game and the file's format. */
typedef struct gm_rec_priv {
    gm_game g;          /* n 0 and no moves when the record's moves could not be decoded */
    gm_format fmt;
} gm_rec_priv;

/* The judge's remarks go on to the caller at once, ahead of the game. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    const bo_records_sink *s = ctx;
    if (s->warning) s->warning(s->ctx, w);
}

/* The start the moves are replayed from, kept from game to game: games of one file
 * mostly share it, and it is set up again only when the size or the rules asked for
 * differ from the last game's. */
typedef struct start_cache {
    BO_ALIGNED unsigned char pos[BO_POS_MAX];   /* a gm_dpos, as the descriptor's value */
    bool set;
    int size;
    gm_rules rules;
} start_cache;

/* The empty board of the game's size, under --rules, else the rules the record names,
 * else renju. */
static const gm_dpos *start_of(const gm_validate_opts *vo, const gm_rec_priv *pv, bool decoded, start_cache *c)
{
    gm_rules rules = vo->rules_given ? vo->rules : decoded && pv->g.rules_known ? pv->g.rules : GM_RENJU;
    int size = decoded ? pv->g.size : GM_RENJU_SIZE;
    gm_dpos *start = (gm_dpos *)c->pos;
    if (c->set && c->rules == rules && c->size == size) return start;
    memset(start, 0, sizeof *start);
    start->last = -1;
    gm_board_init(&start->b, size, rules);
    start->b.renju_five_point_threes = vo->five_point_threes;
    c->set = true;
    c->size = size;
    c->rules = rules;
    return start;
}

/* Every game of T: read, judged, handed on; a RenjuNet database's tournaments after. */
static int gm_rread(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                    size_t errlen)
{
    (void)across;
    gm_validate_opts vo;
    gm_ruleset rs;
    if (validate_opts(o, &vo, &rs, err, errlen) != 0) return -1;
    gm_format fmt = GM_FMT_NONE;
    int sure = gm_sniff(t, &fmt);
    bo_record_list l = {0};
    /* validation never looks past the full board: a record of millions of moves is
     * read (and checked) once but keeps only the moves that can matter */
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION, .strict = o->strict};
    if (gm_read_with(t, sure ? fmt : GM_FMT_NONE, &ro, &l, err, errlen) != 0) return gm_validate_read_fault(t, err, errlen);
    gm_tally ta = {0};
    bool tally = fmt == GM_FMT_RIF && tally_init(&ta, l.n) == 0;
    gm_verdict_buf *buf = malloc(sizeof *buf);
    uint32_t *moves = malloc((size_t)(GM_MAX_SIZE * GM_MAX_SIZE + 1) * sizeof *moves);
    start_cache *sc = malloc(sizeof *sc);
    int rc = 0, stopped = 0;
    if (!buf || !moves || !sc) rc = -1, snprintf(err, errlen, "out of memory");
    else sc->set = false;
    bo_verdict_sink judge_sink = {NULL, pass_warning, (void *)sink};
    for (int k = 0; rc == 0 && !stopped && k < l.n; k++) {
        bo_record *r = &l.items[k];
        bo_verdict v;
        gm_rec_priv pv = {.g = {.rec = r, .size = GM_RENJU_SIZE}, .fmt = fmt};
        bool decoded = gm_validate_record(r, t->path, &vo, &judge_sink, &v, buf, &pv.g) == 1;
        if (tally) tally_count(&ta, r, &v);
        if (sink->game) {
            const gm_dpos *start = start_of(&vo, &pv, decoded, sc);
            int n = 0, upto = v.moves < pv.g.n ? v.moves : pv.g.n;
            for (; decoded && n < upto && gm_coord_on_board(pv.g.size, pv.g.moves[n].x, pv.g.moves[n].y); n++)
                moves[n] = (uint32_t)(pv.g.moves[n].y * pv.g.size + pv.g.moves[n].x);
            bo_rec_game g = {t->path, r, start, moves, n, &v, &pv, NULL};
            stopped = sink->game(sink->ctx, &g);
        }
        if (decoded) gm_game_free(&pv.g);
    }
    if (rc == 0 && !stopped && tally) tally_lines(&ta, t->path, sink);
    if (tally) tally_free(&ta);
    free(buf);
    free(moves);
    free(sc);
    bo_record_list_free(&l);
    return rc;
}

/* ---- keep: a game past its sink call ------------------------------------------------ */

/* The shared keep, with the decoded game copied onto the kept record. */
static bo_rec_game *gm_rkeep(const bo_rec_game *g)
{
    const gm_rec_priv *pv = g->priv;
    gm_rec_priv *kp = malloc(sizeof *kp);
    if (!kp) return NULL;
    *kp = *pv;
    kp->g.moves = NULL;
    if (pv->g.n > 0) {
        kp->g.moves = malloc((size_t)pv->g.n * sizeof *kp->g.moves);
        if (!kp->g.moves) { free(kp); return NULL; }
        memcpy(kp->g.moves, pv->g.moves, (size_t)pv->g.n * sizeof *kp->g.moves);   /* texts move with the record */
    }
    bo_rec_game *k = bo_rec_game_keep(g, sizeof(gm_dpos));
    if (!k) { free(kp->g.moves); free(kp); return NULL; }
    kp->g.rec = k->r;
    k->priv = kp;
    return k;
}

static void gm_rrelease(bo_rec_game *g)
{
    if (!g) return;
    gm_rec_priv *kp = (gm_rec_priv *)g->priv;
    if (kp) {
        free(kp->g.moves);
        free(kp);
    }
    bo_rec_game_release(g);
}

/* ---- write ------------------------------------------------------------------------- */

/* The game in its own format (or --to's); only SGF holds comments: those another
 * format drops are counted on o->notes. */
static int gm_rwrite_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    const gm_rec_priv *pv = g->priv;
    gm_format fmt = pv->fmt;
    if (o->to && gm_format_from_name(o->to, &fmt) != 0)
        return snprintf(err, errlen, "gomoku records are written as contest, psq, sgf or moves, not '%s'", o->to), -1;
    if (pv->g.n == 0 && g->r->nmoves > 0)
        return snprintf(err, errlen, "its moves cannot be read, so it is not written"), -1;
    int commented = 0;
    for (int i = 0; i < g->r->nmoves; i++) commented += g->r->moves[i].comment != NULL;
    if (fmt != GM_FMT_SGF && commented > 0) {
        char note[200];
        snprintf(note, sizeof note, "the %s format cannot hold comments: %d comment%s not written (sgf holds them)",
                 gm_format_name(fmt), commented, commented == 1 ? "" : "s");
        if (o->notes) bo_records_warning(o->notes, g->path, g->r->index, 0, 0, note);
    }
    return gm_write(out, fmt, &pv->g, err, errlen);
}

/* A self-play or match game as a contest record ({[..]..}; --to picks psq, sgf or
 * moves).  The contest formats start from the empty board: a game from set-up stones
 * cannot be written in them. */
static int gm_rwrite_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    gm_format fmt = GM_FMT_CONTEST;
    if (o->to && gm_format_from_name(o->to, &fmt) != 0)
        return snprintf(err, errlen, "gomoku records are contest, psq, sgf or moves, not '%s'", o->to), -1;
    const gm_dpos *start = p->start;
    const gm_board *b = &start->b;
    if (b->stones > 0)
        return snprintf(err, errlen, "game %ld starts from set-up stones, which Gomoku records cannot hold; "
                                     "give openings as moves", p->round), -1;
    gm_gmove *moves = calloc((size_t)(p->nmoves ? p->nmoves : 1), sizeof *moves);
    if (!moves) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < p->nmoves; i++) {
        moves[i].x = (int)(p->moves[i] % (uint32_t)b->size);
        moves[i].y = (int)(p->moves[i] / (uint32_t)b->size);
        moves[i].colour = i % 2 == 0 ? GM_BLACK : GM_WHITE;
        moves[i].time_ms = p->ms ? p->ms[i] : -1;
    }
    bo_record r;
    bo_record_init(&r, (int)p->round, 0);
    char round[32];
    snprintf(round, sizeof round, "%ld", p->round);
    bo_record_set_tag(&r, "Event", p->event);
    bo_record_set_tag(&r, "Round", round);
    bo_record_set_tag(&r, "Black", p->first_name);
    bo_record_set_tag(&r, "White", p->second_name);
    bo_record_set_tag(&r, "Termination", p->termination);
    if (o->opening_rule) bo_record_set_tag(&r, "Opening", o->opening_rule);   /* the stones and colours came from it */
    gm_game g = {.rec = &r, .size = b->size, .rules_known = true, .rules = b->rules, .moves = moves, .n = p->nmoves,
                 .result = p->score_first == 1.0 ? GM_RES_BLACK : p->score_first == 0.0 ? GM_RES_WHITE : GM_RES_DRAW};
    int rc = gm_write(out, fmt, &g, err, errlen);
    bo_record_free(&r);
    free(moves);
    return rc;
}

/* ---- convert -------------------------------------------------------------------------- */

/* Game R of the file: written to OUT in TO, or left out with the fault said.  Returns
 * a BO_RECORDS_* value. */
static int convert_one(const bo_read_opts *o, const char *path, const bo_record *r, gm_format to, gm_rules rules,
                       FILE *out, const bo_records_sink *sink)
{
    char err[512], msg[600];
    bool broken = false;
    for (int i = 0; i < r->nnotes; i++) {
        const bo_note *nt = &r->notes[i];
        if (nt->kind == BO_NOTE_WARNING) bo_records_warning(sink, path, r->index, nt->line, nt->col, nt->text);
        else if (!broken) {
            snprintf(msg, sizeof msg, "%s (not converted)", nt->text);
            bo_records_error(sink, path, r->index, nt->line, nt->col, msg);
            broken = true;
        }
    }
    if (broken) return BO_RECORDS_GAME_LEFT_OUT;
    gm_game g;
    int bad;
    if (gm_game_from_record(r, &g, &bad, err, sizeof err) != 0) {
        bo_records_error(sink, path, r->index, bad >= 0 ? r->moves[bad].line : 0, bad >= 0 ? r->moves[bad].col : 0, err);
        return BO_RECORDS_GAME_LEFT_OUT;
    }
    int rc = BO_RECORDS_CONVERTED;
    if (g.unkept > 0) {
        snprintf(msg, sizeof msg, "game %d has %ld moves, more than a %dx%d board has points (not converted)", r->index,
                 (long)g.n + g.unkept, g.size, g.size);
        bo_records_error(sink, path, 0, r->line, 0, msg);
        gm_game_free(&g);
        return BO_RECORDS_GAME_LEFT_OUT;
    }
    if (o->rules) { g.rules = rules; g.rules_known = true; }
    int nv = bo_record_count_variations(r);
    if (nv > 0 && to != GM_FMT_SGF) {
        snprintf(msg, sizeof msg, "%d variation%s not written: the %s format cannot hold variations (sgf can)", nv,
                 nv == 1 ? "" : "s", gm_format_name(to));
        bo_records_warning(sink, path, r->index, r->line, 0, msg);
    }
    if (gm_write(out, to, &g, err, sizeof err) != 0) {
        int bi = -1;
        for (int i = 0; i < g.n; i++)
            if (!gm_coord_on_board(g.size, g.moves[i].x, g.moves[i].y)) { bi = i; break; }
        bo_records_error(sink, path, r->index, bi >= 0 ? g.moves[bi].line : r->line, bi >= 0 ? g.moves[bi].col : 0, err);
        rc = BO_RECORDS_GAME_LEFT_OUT;
    }
    gm_game_free(&g);
    return rc;
}

/* Every game of the file; a game that cannot be read whole is not written. */
static int gm_rconvert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    char err[512];
    gm_format to;
    if (!o->to || gm_format_from_name(o->to, &to) != 0) {
        snprintf(err, sizeof err, "gomoku records convert to contest, psq, sgf or moves, not '%s'", o->to ? o->to : "");
        bo_records_error(sink, NULL, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    gm_ruleset rs;
    if (ruleset_of(o, &rs, err, sizeof err) != 0) {
        bo_records_error(sink, NULL, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    bo_record_list l = {0};
    /* no game holds more moves than the board has points: a longer record (a
     * decompression bomb, say) is read once, keeps a few hundred moves, and is refused */
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION, .strict = o->strict};
    if (gm_read_with(t, GM_FMT_NONE, &ro, &l, err, sizeof err) != 0) {
        bo_records_error(sink, t->path, 0, 1, 1, err);
        return BO_RECORDS_FAILED;
    }
    int rc = BO_RECORDS_CONVERTED;
    /* record files name no renju variant: renju-five-threes is written as renju */
    for (int k = 0; k < l.n; k++)
        if (convert_one(o, t->path, &l.items[k], to, rs.rules, out, sink) != BO_RECORDS_CONVERTED)
            rc = BO_RECORDS_GAME_LEFT_OUT;
    bo_record_list_free(&l);
    return rc;
}

/* ---- boards for benchmarks -------------------------------------------------------- */

int gm_record_boards(const bo_text *t, gm_board *pos, int cap, char *err, size_t errlen)
{
    bo_record_list l = {0};
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION};
    if (gm_read_with(t, GM_FMT_NONE, &ro, &l, err, errlen) != 0) return -1;
    int n = 0;
    for (int k = 0; k < l.n && n < cap; k++) {
        gm_game g;
        int bad;
        char derr[256];
        if (gm_game_from_record(&l.items[k], &g, &bad, derr, sizeof derr) != 0) continue;
        gm_board b;
        gm_board_init(&b, GM_RENJU_SIZE, GM_RENJU);
        for (int i = 0; i < g.n && n < cap; i++) {
            if (gm_place(&b, g.moves[i].x, g.moves[i].y, i % 2 ? GM_WHITE : GM_BLACK) != 0) break;
            pos[n++] = b;
        }
        gm_game_free(&g);
    }
    bo_record_list_free(&l);
    return n;
}

const bo_records gm_records = {
    .name = "gomoku",
    .sniff = gm_rsniff,
    .split = bo_split_gomoku,   /* and PSQ headers */
    .read = gm_rread,
    .convert = gm_rconvert,
    .write_game = gm_rwrite_game,
    .played_ext = "txt",
    .write_played = gm_rwrite_played,
    .keep = gm_rkeep,
    .release = gm_rrelease,
};
