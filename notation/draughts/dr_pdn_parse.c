/* dr_pdn_parse.c -- the PDN reading grammar as a recursive-descent parser.
 *
 * One token of lookahead.  A syntax error becomes an error note of the game it is in;
 * the reader then skips to the next block of tag lines and goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "dr_pdn_lex.h"

enum { MAX_VARIATION_DEPTH = 100 };

typedef struct parser {
    dr_lex lx;
    dr_tok tok;          /* the lookahead */
    dr_pdn_game *g;      /* the game being read */
    bool failed;         /* a syntax error was noted for this game */
    bool oom;
} parser;

static void advance(parser *ps) { dr_lex_next(&ps->lx, &ps->tok); }

/* Note a syntax error at the lookahead (or at LINE:COL when given). */
static void syntax_error(parser *ps, int line, int col, const char *fmt, const char *arg)
{
    if (ps->failed) return;
    ps->failed = true;
    char msg[400];
    snprintf(msg, sizeof msg, fmt, arg ? arg : "");
    if (line <= 0) { line = ps->tok.line; col = ps->tok.col; }
    if (bo_record_note(&ps->g->rec, BO_NOTE_ERROR, line, col, "%s", msg) != 0) ps->oom = true;
}

/* A short description of the lookahead for "expected ..., found X" messages. */
static const char *describe(const parser *ps, char *buf, size_t n)
{
    const dr_tok *t = &ps->tok;
    switch (t->kind) {
    case DR_T_EOF: return "the end of the file";
    case DR_T_ERROR: return t->error;
    default: break;
    }
    size_t len = t->len > 30 ? 30 : t->len;
    snprintf(buf, n, "'%.*s%s'", (int)len, ps->lx.s + t->off, t->len > 30 ? "..." : "");
    return buf;
}

static void error_unexpected(parser *ps, const char *expected)
{
    char d[64], msg[300];
    if (ps->tok.kind == DR_T_ERROR) {
        /* a stray character: say what was expected; other lexer errors speak for themselves */
        if (strncmp(ps->tok.error, "unexpected ", 11) != 0) { syntax_error(ps, 0, 0, "%s", ps->tok.error); return; }
        snprintf(msg, sizeof msg, "%s, found %s", expected, ps->tok.error + 11);
        syntax_error(ps, 0, 0, "%s", msg);
        return;
    }
    snprintf(msg, sizeof msg, "%s, found %s", expected, describe(ps, d, sizeof d));
    syntax_error(ps, 0, 0, "%s", msg);
}

static char *dup_span(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (!c) return NULL;
    memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

static dr_pdn_node *body_push(parser *ps, dr_pdn_body *b, dr_pdn_kind kind)
{
    if (b->n == b->cap) {
        int nc = b->cap ? b->cap * 2 : 16;
        dr_pdn_node *nn = realloc(b->nodes, (size_t)nc * sizeof *nn);
        if (!nn) { ps->oom = true; return NULL; }
        b->nodes = nn;
        b->cap = nc;
    }
    dr_pdn_node *n = &b->nodes[b->n++];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->line = ps->tok.line;
    n->col = ps->tok.col;
    return n;
}

/* PdnTag : '[' IDENTIFIER STRING ']' -- the value is unescaped (\" and \\). */
static bool parse_tag(parser *ps)
{
    int line = ps->tok.line;
    advance(ps);
    if (ps->tok.kind != DR_T_IDENT) {
        error_unexpected(ps, "a tag name (a capital letter, then letters, digits or '_') after '['");
        return false;
    }
    const char *name = ps->lx.s + ps->tok.off;
    size_t nlen = ps->tok.len;
    advance(ps);
    if (ps->tok.kind != DR_T_STRING) { error_unexpected(ps, "a quoted tag value"); return false; }
    const char *v = ps->lx.s + ps->tok.off + 1;
    size_t vlen = ps->tok.len - 2;
    char *val = malloc(vlen + 1);
    if (!val) { ps->oom = true; return false; }
    size_t k = 0;
    for (size_t i = 0; i < vlen; i++) {
        if (v[i] == '\\' && i + 1 < vlen && (v[i + 1] == '"' || v[i + 1] == '\\')) i++;
        val[k++] = v[i];
    }
    val[k] = '\0';
    advance(ps);
    if (ps->tok.kind != DR_T_RBRACKET) { free(val); error_unexpected(ps, "']' after the tag value"); return false; }
    if (bo_record_add_tag(&ps->g->rec, name, nlen, val, k, line) != 0) ps->oom = true;
    free(val);
    advance(ps);
    return true;
}

/* Main-line items also go to the bo_record that validators read. */
static bool record_item(parser *ps, const char *text, size_t len, const dr_pdn_node *n)
{
    bo_rmove *m = bo_record_add_move(&ps->g->rec, text, len, n->line, n->col);
    if (!m) { ps->oom = true; return false; }
    m->number = n->number;
    return true;
}

static int parse_body(parser *ps, dr_pdn_body *b, int depth);

/* GameMove : MOVENUMBER? Move MOVESTRENGTH?   (Move includes '...') */
static bool parse_game_move(parser *ps, dr_pdn_body *b, int depth)
{
    int number = 0;
    bool black = false;
    if (ps->tok.kind == DR_T_MOVENUM) {
        number = ps->tok.number;
        black = ps->tok.black;
        int l = ps->tok.line, c = ps->tok.col;
        size_t noff = ps->tok.off, nlen = ps->tok.len > 20 ? 20 : ps->tok.len;
        advance(ps);
        if (ps->tok.kind != DR_T_MOVE && ps->tok.kind != DR_T_ELLIPSIS) {
            if (ps->tok.kind == DR_T_ERROR) { syntax_error(ps, 0, 0, "%s", ps->tok.error); return false; }
            char d[64], msg[160], num[32];
            snprintf(num, sizeof num, "%.*s", (int)nlen, ps->lx.s + noff);
            snprintf(msg, sizeof msg, "move number '%s' must be followed by a move, found %s", num, describe(ps, d, sizeof d));
            syntax_error(ps, l, c, "%s", msg);
            return false;
        }
    }
    bool ellipsis = ps->tok.kind == DR_T_ELLIPSIS;
    dr_pdn_node *n = body_push(ps, b, ellipsis ? DR_PDN_ELLIPSIS : DR_PDN_MOVE);
    if (!n) return false;
    n->number = number;
    n->number_black = black;
    n->text = ellipsis ? dup_span("...", 3) : dup_span(ps->tok.move, strlen(ps->tok.move));
    if (!n->text) { ps->oom = true; return false; }
    if (depth == 0 && !record_item(ps, n->text, strlen(n->text), n)) return false;
    advance(ps);
    if (ps->tok.kind == DR_T_STRENGTH) {
        n = &b->nodes[b->n - 1];
        n->strength = dup_span(ps->lx.s + ps->tok.off, ps->tok.len > 16 ? 16 : ps->tok.len);
        if (!n->strength) { ps->oom = true; return false; }
        advance(ps);
    }
    return true;
}

/* Variation : '(' GameBody ')' */
static bool parse_variation(parser *ps, dr_pdn_body *b, int depth)
{
    int l = ps->tok.line, c = ps->tok.col;
    if (depth >= MAX_VARIATION_DEPTH) { syntax_error(ps, 0, 0, "%s", "variations nested too deeply"); return false; }
    dr_pdn_node *n = body_push(ps, b, DR_PDN_VARIATION);
    if (!n) return false;
    n->variation = calloc(1, sizeof *n->variation);
    if (!n->variation) { ps->oom = true; return false; }
    dr_pdn_body *child = n->variation;   /* n may move when b grows; child does not */
    advance(ps);
    int count = parse_body(ps, child, depth + 1);
    if (count < 0) return false;
    if (count == 0 && ps->tok.kind == DR_T_RPAREN) { syntax_error(ps, l, c, "%s", "empty variation '()'"); return false; }
    if (ps->tok.kind != DR_T_RPAREN) {
        char where[64];
        snprintf(where, sizeof where, "')' to close the variation opened at %d:%d", l, c);
        error_unexpected(ps, where);
        return false;
    }
    advance(ps);
    return true;
}

/* GameBody : (GameMove | Variation | COMMENT | SETUP | NAG)+ -- returns the number
 * of elements read (0 = none), or -1 after a syntax error. */
static int parse_body(parser *ps, dr_pdn_body *b, int depth)
{
    int count = 0;
    for (;;) {
        if (ps->oom) return -1;
        dr_pdn_node *n;
        switch (ps->tok.kind) {
        case DR_T_MOVENUM: case DR_T_MOVE: case DR_T_ELLIPSIS:
            if (!parse_game_move(ps, b, depth)) return -1;
            break;
        case DR_T_LPAREN:
            if (!parse_variation(ps, b, depth)) return -1;
            break;
        case DR_T_COMMENT:
            if (!(n = body_push(ps, b, DR_PDN_COMMENT))) return -1;
            if (!(n->text = dup_span(ps->lx.s + ps->tok.off + 1, ps->tok.len - 2))) { ps->oom = true; return -1; }
            if (depth == 0 && bo_record_add_comment(&ps->g->rec, n->text, strlen(n->text)) != 0) { ps->oom = true; return -1; }
            advance(ps);
            break;
        case DR_T_NAG:
            if (!(n = body_push(ps, b, DR_PDN_NAG))) return -1;
            if (!(n->text = dup_span(ps->lx.s + ps->tok.off + 1, ps->tok.len - 1))) { ps->oom = true; return -1; }
            advance(ps);
            break;
        case DR_T_SETUP:
            if (!(n = body_push(ps, b, DR_PDN_SETUP))) return -1;
            if (!(n->text = dup_span(ps->lx.s + ps->tok.off, ps->tok.len))) { ps->oom = true; return -1; }
            if (depth == 0 && !record_item(ps, n->text, ps->tok.len, n)) return -1;
            advance(ps);
            break;
        case DR_T_STRENGTH:
            syntax_error(ps, 0, 0, "%s", "a move strength ('!', '?', ...) must follow a move");
            return -1;
        case DR_T_ERROR:
            syntax_error(ps, 0, 0, "%s", ps->tok.error);
            return -1;
        default:
            return count;
        }
        count++;
    }
}

/* Game : (PdnTag+ GameBody?) | GameBody, then a separator ('*' or a result) or the end. */
static void parse_game(parser *ps)
{
    dr_pdn_game *g = ps->g;
    int ntags = 0;
    while (ps->tok.kind == DR_T_LBRACKET && !ps->failed && !ps->oom) {
        if (!parse_tag(ps)) return;
        ntags++;
    }
    const char *fen = bo_record_tag(&g->rec, "FEN");
    if (fen && bo_record_set_str(&g->rec.fen, fen, strlen(fen)) != 0) { ps->oom = true; return; }
    int count = parse_body(ps, &g->body, 0);
    if (count < 0) return;
    if (ntags == 0 && count == 0) {
        error_unexpected(ps, ps->tok.kind == DR_T_RPAREN ? "a game (')' closes no variation)" : "a game (tags or moves)");
        return;
    }
    switch (ps->tok.kind) {
    case DR_T_STAR: case DR_T_RESULT:
        g->terminator = dup_span(ps->lx.s + ps->tok.off, ps->tok.len);
        if (!g->terminator) { ps->oom = true; return; }
        if (bo_record_set_str(&g->rec.result, g->terminator, ps->tok.len) != 0) { ps->oom = true; return; }
        g->rec.result_line = ps->tok.line;
        g->rec.result_col = ps->tok.col;
        advance(ps);
        return;
    case DR_T_EOF:
        return;
    case DR_T_LBRACKET:
        syntax_error(ps, 0, 0, "%s", "a game must end with a result or '*' before the next game's tags");
        return;
    case DR_T_RPAREN:
        syntax_error(ps, 0, 0, "%s", "')' closes no variation");
        return;
    case DR_T_RBRACKET:
        syntax_error(ps, 0, 0, "%s", "']' closes no tag");
        return;
    case DR_T_IDENT:
        error_unexpected(ps, "a move, comment or result (tag names only follow '[')");
        return;
    default:
        error_unexpected(ps, "a move, comment, variation or result");
        return;
    }
}

/* After an error: restart at the '[' that caused it when it begins a line after the
 * game's start, else at the next block of tag lines. */
static bool recover(parser *ps, size_t game_start)
{
    const dr_tok *t = &ps->tok;
    if (t->kind == DR_T_LBRACKET && t->off > game_start) {
        size_t q = t->off;
        while (q > 0 && (ps->lx.s[q - 1] == ' ' || ps->lx.s[q - 1] == '\t')) q--;
        if (q == 0 || ps->lx.s[q - 1] == '\n') return true;   /* the lookahead is that '[' */
    }
    if (!dr_lex_resync(&ps->lx)) return false;
    advance(ps);
    return true;
}

int dr_pdn_read(const char *data, size_t len, dr_pdn_game_fn fn, void *ctx, char *err, size_t errlen)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    dr_lex_init(&ps.lx, data, len);
    advance(&ps);
    int index = 0;
    if (errlen) err[0] = '\0';
    while (ps.tok.kind != DR_T_EOF) {
        dr_pdn_game g;
        memset(&g, 0, sizeof g);
        bo_record_init(&g.rec, ++index, ps.tok.line);
        ps.g = &g;
        ps.failed = false;
        size_t start = ps.tok.off;
        parse_game(&ps);
        if (ps.oom) {
            dr_pdn_game_free(&g);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        bool more = true;
        if (ps.failed) more = recover(&ps, start);
        int stop = fn(&g, ctx);
        dr_pdn_game_free(&g);
        if (stop) return -1;
        if (!more) break;
    }
    return 0;
}
