/* dr_pdn_parse.c -- the PDN reading grammar as a recursive-descent parser.
 *
 * One token of lookahead.  A syntax error becomes an error note of the game it is in;
 * the reader then skips to the next game (dr_lex_resync) and goes on, so every game of
 * a file is seen and counted.  Unless strict, the defects real exporters produce in the
 * wrapping of a game (see docs/draughts.md, "Lenient reading") are read with a warning
 * note instead, and the game is kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dr_pdn.h"
#include "dr_pdn_lex.h"
#include "text.h"

enum { MAX_VARIATION_DEPTH = 100 };

typedef struct parser {
    dr_lex lx;
    dr_tok tok;          /* the lookahead */
    dr_pdn_game *g;      /* the game being read */
    bool failed;         /* a syntax error was noted for this game */
    bool oom;
    bool strict;         /* PDN 3.0 only: no lenient readings */
    bo_rline *cur;       /* the record line a variation's moves go to (NULL: none) */
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

/* A lenient reading: a warning note of the game, at LINE:COL. */
static void lenient_note(parser *ps, int line, int col, const char *fmt, const char *arg)
{
    char msg[400];
    snprintf(msg, sizeof msg, fmt, arg ? arg : "");
    if (bo_record_note(&ps->g->rec, BO_NOTE_WARNING, line, col, "%s", msg) != 0) ps->oom = true;
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
        /* from 2: a game may hold thousands of one-move variations */
        int nc = b->cap ? b->cap * 2 : 2;
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

/* Decode the HTML entities of S (N bytes) into OUT (room for N + 1): &amp; &lt; &gt;
 * &quot; &apos; &nbsp; and numeric ones.  Returns the new length; *changed tells if
 * any entity was found.  Decoded text is never longer than the entity. */
static size_t decode_entities(const char *s, size_t n, char *out, bool *changed)
{
    static const struct { const char *name; const char *text; } named[] = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", " "}};
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const char *semi = s[i] == '&' ? memchr(s + i, ';', n - i < 12 ? n - i : 12) : NULL;
        if (semi) {
            size_t len = (size_t)(semi - (s + i)) - 1;   /* between '&' and ';' */
            const char *e = s + i + 1;
            unsigned long cp = 0;
            bool ok = false;
            for (size_t t = 0; t < sizeof named / sizeof named[0] && !ok; t++)
                if (strlen(named[t].name) == len && memcmp(e, named[t].name, len) == 0) {
                    k += (size_t)sprintf(out + k, "%s", named[t].text);
                    ok = true;
                }
            if (!ok && len >= 2 && e[0] == '#') {
                char *end;
                cp = (e[1] == 'x' || e[1] == 'X') ? strtoul(e + 2, &end, 16) : strtoul(e + 1, &end, 10);
                if (end == semi && cp > 0 && cp < 0x110000) {
                    k += (size_t)bo_utf8_put((unsigned long)cp, out + k);
                    ok = true;
                }
            }
            if (ok) { *changed = true; i = (size_t)(semi - s); continue; }
        }
        out[k++] = s[i];
    }
    out[k] = '\0';
    return k;
}

/* The tag name as kept from a lenient read: entities decoded, then every character
 * that PDN names cannot hold made '_', a first lower-case letter made upper case, so
 * that what we write is strict PDN.  Returns the length written to OUT (room n+2). */
static size_t tidy_tag_name(const char *s, size_t n, char *out, bool *entity)
{
    size_t k = decode_entities(s, n, out, entity);
    for (size_t i = 0; i < k; i++) {
        char c = out[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) out[i] = '_';
    }
    if (k > 0 && out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
    if (k == 0 || !(out[0] >= 'A' && out[0] <= 'Z')) {
        memmove(out + 1, out, k + 1);
        out[0] = 'T';
        k++;
    }
    return k;
}

/* The standard tag a localised name stands for (French and Dutch exporters write their
 * own words; decoded from entities first), with its language; NULL if none. */
static const char *localised_tag(const char *s, size_t n, const char **lang)
{
    static const struct { const char *word, *tag, *lang; } words[] = {
        {"Événement", "Event", "French"}, {"événement", "Event", "French"}, {"Evénement", "Event", "French"},
        {"Evenement", "Event", "French or Dutch"}, {"Lieu", "Site", "French"}, {"Ronde", "Round", "French or Dutch"},
        {"Manche", "Round", "French"}, {"Blanc", "White", "French"}, {"Blancs", "White", "French"},
        {"Noir", "Black", "French"}, {"Noirs", "Black", "French"}, {"Résultat", "Result", "French"},
        {"Resultat", "Result", "French"}, {"Type de jeu", "GameType", "French"}, {"Type_de_jeu", "GameType", "French"},
        {"Plaats", "Site", "Dutch"}, {"Datum", "Date", "Dutch"}, {"Wit", "White", "Dutch"}, {"Zwart", "Black", "Dutch"},
        {"Uitslag", "Result", "Dutch"}, {"Resultaat", "Result", "Dutch"}, {"Speltype", "GameType", "Dutch"},
        {"Spelsoort", "GameType", "Dutch"}, {"Toernooi", "Event", "Dutch"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].word) == n && strncasecmp(s, words[i].word, n) == 0) {
            *lang = words[i].lang;
            return words[i].tag;
        }
    return NULL;
}

/* PdnTag : '[' IDENTIFIER STRING ']' -- the value is unescaped (\" and \\).  Unless
 * strict, also a doubled '[', a name with HTML entities or other characters, a tag
 * without a value ([Empty]) and entities in the value, each with a warning. */
static bool parse_tag(parser *ps)
{
    int line = ps->tok.line, col = ps->tok.col;
    if (ps->tok.kind == DR_T_IDENT) {
        lenient_note(ps, line, col, "%s", "a tag without its '[' (Name \"value\"]), read as a tag");
    } else if (ps->strict) {
        advance(ps);
    } else {
        dr_lex_tag_name(&ps->lx, &ps->tok);
        if (ps->tok.kind == DR_T_LBRACKET) {
            lenient_note(ps, line, col, "%s", "'[[': a doubled '[' before a tag, read as one");
            dr_lex_tag_name(&ps->lx, &ps->tok);
        }
    }
    if (ps->tok.kind != DR_T_IDENT) {
        error_unexpected(ps, "a tag name (a capital letter, then letters, digits or '_') after '['");
        return false;
    }
    const char *name = ps->lx.s + ps->tok.off;
    size_t nlen = ps->tok.len;
    char *tidy = NULL;
    if (!ps->strict) {
        bool plain = name[0] >= 'A' && name[0] <= 'Z';
        for (size_t i = 1; i < nlen && plain; i++)
            plain = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
                    (name[i] >= '0' && name[i] <= '9') || name[i] == '_';
        /* a localised standard tag ([Blanc], [R&#x00e9;sultat], [Type de jeu]): its
         * standard name, with a note; no game is lost for a tag's spelling */
        char *dec = malloc(nlen + 16);   /* room for the standard name too ([Wit] -> [White]) */
        if (!dec) { ps->oom = true; return false; }
        bool dec_entity = false;
        size_t dn = decode_entities(name, nlen, dec, &dec_entity);
        const char *lang, *std = localised_tag(dec, dn, &lang);
        if (std) {
            char msg[300];
            snprintf(msg, sizeof msg, "tag name '%.*s'%s is the %s for [%s]: read as [%s]", (int)(nlen > 60 ? 60 : nlen),
                     name, dec_entity ? " (HTML entities decoded)" : "", lang, std, std);
            lenient_note(ps, ps->tok.line, ps->tok.col, "%s", msg);
            tidy = dec;
            snprintf(tidy, nlen + 16, "%s", std);
            name = tidy;
            nlen = strlen(tidy);
            plain = true;
        } else {
            free(dec);
        }
        if (!plain) {
            if (!(tidy = malloc(nlen + 2))) { ps->oom = true; return false; }
            bool entity = false;
            size_t k = tidy_tag_name(name, nlen, tidy, &entity);
            char msg[300];
            snprintf(msg, sizeof msg, "tag name '%.*s' %s: read as '%s'", (int)(nlen > 60 ? 60 : nlen), name,
                     entity ? "holds HTML entities" : "is not a PDN name (a capital letter, then letters, digits or '_')",
                     tidy);
            lenient_note(ps, ps->tok.line, ps->tok.col, "%s", msg);
            name = tidy;
            nlen = k;
        }
    }
    int vline = ps->tok.line, vcol = ps->tok.col;
    advance(ps);
    if (ps->tok.kind == DR_T_RBRACKET && !ps->strict) {
        char msg[160];
        snprintf(msg, sizeof msg, "tag [%.*s] has no value: read as [%.*s \"\"]", (int)(nlen > 60 ? 60 : nlen), name,
                 (int)(nlen > 60 ? 60 : nlen), name);
        lenient_note(ps, vline, vcol, "%s", msg);
        if (bo_record_add_tag(&ps->g->rec, name, nlen, "", 0, line) != 0) ps->oom = true;
        free(tidy);
        advance(ps);
        return true;
    }
    if (ps->tok.kind != DR_T_STRING) { free(tidy); error_unexpected(ps, "a quoted tag value"); return false; }
    const char *v = ps->lx.s + ps->tok.off + 1;
    size_t vlen = ps->tok.len - 2;
    int sline = ps->tok.line, scol = ps->tok.col;
    char *val = malloc(vlen + 1);
    if (!val) { free(tidy); ps->oom = true; return false; }
    size_t k = 0;
    for (size_t i = 0; i < vlen; i++) {
        if (v[i] == '\\' && i + 1 < vlen && (v[i + 1] == '"' || v[i + 1] == '\\')) i++;
        val[k++] = v[i];
    }
    val[k] = '\0';
    if (!ps->strict && memchr(val, '&', k)) {
        bool entity = false;
        char *dec = malloc(k + 1);
        if (!dec) { free(tidy); free(val); ps->oom = true; return false; }
        size_t dk = decode_entities(val, k, dec, &entity);
        if (entity) {
            char msg[200];
            snprintf(msg, sizeof msg, "the value of tag %.*s holds HTML entities: read as \"%.100s\"",
                     (int)(nlen > 60 ? 60 : nlen), name, dec);
            lenient_note(ps, sline, scol, "%s", msg);
            free(val);
            val = dec;
            k = dk;
        } else {
            free(dec);
        }
    }
    advance(ps);
    if (ps->tok.kind != DR_T_RBRACKET) { free(tidy); free(val); error_unexpected(ps, "']' after the tag value"); return false; }
    if (bo_record_add_tag(&ps->g->rec, name, nlen, val, k, line) != 0) ps->oom = true;
    free(tidy);
    free(val);
    advance(ps);
    return true;
}

/* Main-line items also go to the bo_record that validators read; a variation's items
 * go to its line there (ps->cur), which hangs on the move it replaces. */
static bool record_item(parser *ps, int depth, const char *text, size_t len, const dr_pdn_node *n)
{
    bo_rmove *m;
    if (depth == 0) m = bo_record_add_move(&ps->g->rec, text, len, n->line, n->col);
    else if (ps->cur) m = bo_rline_add_move(ps->cur, text, len, n->line, n->col);
    else return true;   /* a variation before any move replaces nothing: kept in the tree only */
    if (!m) { ps->oom = true; return false; }
    m->number = n->number;
    return true;
}

static int parse_body(parser *ps, dr_pdn_body *b, int depth);

/* The kind of the token after the lookahead (the lexer is copied, not moved). */
static dr_tok_kind peek_kind(const parser *ps)
{
    dr_lex ahead = ps->lx;
    dr_tok t;
    dr_lex_next(&ahead, &t);
    return t.kind;
}

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
        bool ends = ps->tok.kind == DR_T_STAR || ps->tok.kind == DR_T_RESULT || ps->tok.kind == DR_T_EOF ||
                    ps->tok.kind == DR_T_LBRACKET;
        if (!ps->strict && ends) {
            char num[32], msg[120];
            snprintf(num, sizeof num, "%.*s", (int)nlen, ps->lx.s + noff);
            snprintf(msg, sizeof msg, "move number '%s' without a move: ignored", num);
            lenient_note(ps, l, c, "%s", msg);
            return true;
        }
        if (ps->tok.kind != DR_T_MOVE && ps->tok.kind != DR_T_ELLIPSIS && !(ps->tok.kind == DR_T_DASH && !ps->strict)) {
            if (ps->tok.kind == DR_T_ERROR) { syntax_error(ps, 0, 0, "%s", ps->tok.error); return false; }
            char d[64], msg[160], num[32];
            snprintf(num, sizeof num, "%.*s", (int)nlen, ps->lx.s + noff);
            snprintf(msg, sizeof msg, "move number '%s' must be followed by a move, found %s", num, describe(ps, d, sizeof d));
            syntax_error(ps, l, c, "%s", msg);
            return false;
        }
    }
    if (ps->tok.kind == DR_T_DASH) {
        /* "- -" (or "-") for a move not given: the ellipsis, leniently */
        lenient_note(ps, ps->tok.line, ps->tok.col, "%s", "'- -' for an unknown move is not PDN: read as '...'");
        if (peek_kind(ps) == DR_T_DASH) advance(ps);
        ps->tok.kind = DR_T_ELLIPSIS;
    }
    bool ellipsis = ps->tok.kind == DR_T_ELLIPSIS;
    dr_pdn_node *n = body_push(ps, b, ellipsis ? DR_PDN_ELLIPSIS : DR_PDN_MOVE);
    if (!n) return false;
    n->number = number;
    n->number_black = black;
    n->text = ellipsis ? dup_span("...", 3) : dup_span(ps->tok.move, strlen(ps->tok.move));
    if (!n->text) { ps->oom = true; return false; }
    if (!record_item(ps, depth, n->text, strlen(n->text), n)) return false;
    advance(ps);
    if (ps->tok.kind == DR_T_STRENGTH) {
        n = &b->nodes[b->n - 1];
        n->strength = dup_span(ps->lx.s + ps->tok.off, ps->tok.len > 16 ? 16 : ps->tok.len);
        if (!n->strength) { ps->oom = true; return false; }
        advance(ps);
    }
    return true;
}

/* Variation : '(' GameBody ')' -- in the record, a new line hanging on the last move
 * read before it.  Unless strict, a variation still open when the game ends (at its
 * result, the next game's tags or the end of the file) is closed there, with a warning. */
static bool parse_variation(parser *ps, dr_pdn_body *b, int depth)
{
    int l = ps->tok.line, c = ps->tok.col;
    if (depth >= MAX_VARIATION_DEPTH) { syntax_error(ps, 0, 0, "%s", "variations nested too deeply"); return false; }
    dr_pdn_node *n = body_push(ps, b, DR_PDN_VARIATION);
    if (!n) return false;
    n->variation = calloc(1, sizeof *n->variation);
    if (!n->variation) { ps->oom = true; return false; }
    dr_pdn_body *child = n->variation;   /* n may move when b grows; child does not */
    bo_rline *outer = ps->cur;
    bo_rmove *hang = NULL;
    if (depth == 0 && ps->g->rec.nmoves > 0) hang = &ps->g->rec.moves[ps->g->rec.nmoves - 1];
    else if (depth > 0 && outer && outer->nmoves > 0) hang = &outer->moves[outer->nmoves - 1];
    ps->cur = NULL;
    /* past the shared limit (record.h): read, to follow the syntax, then dropped */
    bool keep = bo_record_keep_variation(&ps->g->rec, l, c);
    if (keep && hang && !(ps->cur = bo_rmove_add_variation(hang))) { ps->oom = true; return false; }
    advance(ps);
    int count = parse_body(ps, child, depth + 1);
    ps->cur = outer;
    if (!keep) {
        dr_pdn_body_free(child);
        free(child);
        b->n--;   /* the node pushed above, the last one: nested ones are in child */
    }
    if (count < 0) return false;
    if (count == 0 && ps->tok.kind == DR_T_RPAREN) { syntax_error(ps, l, c, "%s", "empty variation '()'"); return false; }
    if (ps->tok.kind != DR_T_RPAREN) {
        bool ends = ps->tok.kind == DR_T_STAR || ps->tok.kind == DR_T_RESULT || ps->tok.kind == DR_T_EOF ||
                    ps->tok.kind == DR_T_LBRACKET || ps->tok.kind == DR_T_DASH;
        if (!ps->strict && ends && count > 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "the variation opened at %d:%d is not closed: closed at the end of the game", l, c);
            lenient_note(ps, ps->tok.line, ps->tok.col, "%s", msg);
            return true;
        }
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
            if (depth > 0 && ps->cur && ps->cur->nmoves > 0 &&
                bo_rmove_add_comment(&ps->cur->moves[ps->cur->nmoves - 1], n->text, strlen(n->text)) != 0) {
                ps->oom = true;
                return -1;
            }
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
            if (!record_item(ps, depth, n->text, ps->tok.len, n)) return -1;
            advance(ps);
            break;
        case DR_T_STRENGTH:
            syntax_error(ps, 0, 0, "%s", "a move strength ('!', '?', ...) must follow a move");
            return -1;
        case DR_T_ERROR:
            if (!ps->strict && strcmp(ps->tok.error, "unexpected '.'") == 0) {
                lenient_note(ps, ps->tok.line, ps->tok.col, "%s", "a stray '.' between moves: ignored");
                dr_lex_skip(&ps->lx, 1);
                advance(ps);
                continue;
            }
            syntax_error(ps, 0, 0, "%s", ps->tok.error);
            return -1;
        case DR_T_DASH:
            if (ps->strict || peek_kind(ps) != DR_T_DASH) return count;   /* '-' as a result: parse_game */
            if (!parse_game_move(ps, b, depth)) return -1;
            break;
        default:
            return count;
        }
        count++;
    }
}

/* Leniently, a line "Name "value"]" is a tag that lost its '[': is the lookahead an
 * identifier that starts a line and is followed by a string? */
static bool tag_without_bracket(parser *ps)
{
    if (ps->strict || ps->tok.kind != DR_T_IDENT) return false;
    size_t q = ps->tok.off;
    while (q > 0 && (ps->lx.s[q - 1] == ' ' || ps->lx.s[q - 1] == '\t')) q--;
    if (q > 0 && ps->lx.s[q - 1] != '\n') return false;
    dr_lex ahead = ps->lx;
    dr_tok t;
    dr_lex_next(&ahead, &t);
    return t.kind == DR_T_STRING;
}

/* The game ends without its terminator: read as '*'. */
static void set_terminator(parser *ps, const char *text, int line, int col)
{
    dr_pdn_game *g = ps->g;
    g->terminator = dup_span(text, strlen(text));
    if (!g->terminator || bo_record_set_str(&g->rec.result, text, strlen(text)) != 0) { ps->oom = true; return; }
    g->rec.result_line = line;
    g->rec.result_col = col;
}

/* Game : (PdnTag+ GameBody?) | GameBody, then a separator ('*' or a result) or the end.
 * Unless strict, a lone '-' is read as the separator '*', and so is the start of the
 * next game's tags when the separator is missing (each with a warning). */
static void parse_game(parser *ps)
{
    dr_pdn_game *g = ps->g;
    int ntags = 0;
    while ((ps->tok.kind == DR_T_LBRACKET || tag_without_bracket(ps)) && !ps->failed && !ps->oom) {
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
    case DR_T_DASH:
        if (ps->strict) {
            syntax_error(ps, 0, 0, "%s", "unexpected '-' (a move is written 32-28; '-' is no result: write '*')");
            return;
        }
        lenient_note(ps, ps->tok.line, ps->tok.col, "%s", "'-' as the result is not PDN: read as '*' (result unknown)");
        set_terminator(ps, "*", ps->tok.line, ps->tok.col);
        advance(ps);
        return;
    case DR_T_LBRACKET:
        if (ps->strict) {
            syntax_error(ps, 0, 0, "%s", "a game must end with a result or '*' before the next game's tags");
            return;
        }
        lenient_note(ps, ps->tok.line, ps->tok.col, "%s",
                     "the game has no result or '*' before the next game's tags: read as ending with '*'");
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

/* The literal backslash-r pairs the lexer skipped in this game: one warning. */
static void note_literal_cr(parser *ps)
{
    if (ps->lx.lit_cr == 0) return;
    char msg[200];
    snprintf(msg, sizeof msg, "%d literal '\\r' (backslash and r: an exporter's broken line end) skipped%s",
             ps->lx.lit_cr, ps->lx.lit_cr > 1 ? ", the first here" : "");
    if (bo_record_note(&ps->g->rec, BO_NOTE_WARNING, ps->lx.lit_cr_line, ps->lx.lit_cr_col, "%s", msg) != 0)
        ps->oom = true;
    ps->lx.lit_cr = 0;
}

int dr_pdn_read_with(const char *data, size_t len, const dr_pdn_options *opt, dr_pdn_game_fn fn, void *ctx,
                     char *err, size_t errlen)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    dr_lex_init(&ps.lx, data, len);
    ps.strict = opt && opt->strict;
    ps.lx.strict = ps.strict;
    advance(&ps);
    int index = 0;
    if (errlen) err[0] = '\0';
    while (ps.tok.kind != DR_T_EOF) {
        dr_pdn_game g;
        memset(&g, 0, sizeof g);
        bo_record_init(&g.rec, ++index, ps.tok.line);
        ps.g = &g;
        ps.failed = false;
        ps.cur = NULL;
        size_t start = ps.tok.off;
        parse_game(&ps);
        bool more = true;
        if (ps.failed && !ps.oom) more = recover(&ps, start);
        /* skipped pairs up to the next game's first token belong to this game */
        if (!ps.oom) note_literal_cr(&ps);
        if (!ps.oom && bo_record_end_variations(&g.rec) != 0) ps.oom = true;
        if (g.rec.oom) ps.oom = true;
        if (ps.oom) {   /* a game not read whole is never judged */
            snprintf(err, errlen, "line %d: out of memory while reading game %d: it is not judged", g.rec.line, index);
            dr_pdn_game_free(&g);
            return -1;
        }
        int stop = fn(&g, ctx);
        dr_pdn_game_free(&g);
        if (stop) return -1;
        if (!more) break;
    }
    return 0;
}

int dr_pdn_read(const char *data, size_t len, dr_pdn_game_fn fn, void *ctx, char *err, size_t errlen)
{
    return dr_pdn_read_with(data, len, NULL, fn, ctx, err, errlen);
}
