/* jq_text.c -- the referee state and the moves of Junqi as text.
 *
 * Position: the twelve rows from black's back row (12) down to red's (1), '/' between
 * them, each row's five posts from a to e: a piece letter (F flag, L landmine, X bomb,
 * E engineer, P platoon, C company, T battalion, R regiment, B brigade, D division,
 * G general, M field marshal; upper case red, lower case black) or a digit for a run
 * of empty posts; then the side to move (r or b); then "setup" during the deployment
 * or else the plies since the last collision; then what each side knows of the
 * other's pieces where it is more than the post alone says: "a7=EPC" (the kinds the
 * piece on a7 can still be, to its opponent), and "r+=..." / "b+=..." for each removed
 * red / black piece in the order they fell (omitted: they could have been anything).
 *   5/5/.../5 r setup                    nothing deployed yet
 *   ... r 0 a6=EPCTRBDGM ...             the first move of the game
 * Moves: a placement "b1=F", a play move "b2-c2" (the referee decides a collision). */
#include "junqi.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n) vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

/* What the text leaves unsaid about the piece on Q: the writer omits exactly this mask
 * and the reader assumes it, so a position reads back as written (a difference here
 * was found by fuzzing: the writer compared against the play default in setup). */
static uint16_t text_default_known(const jq_pos *p, int q, bool setup)
{
    int owner = jq_cell_owner(p->cell[q]);
    return setup ? jq_deploy_mask(q, owner) : jq_default_known(q, owner);
}

/* Mask letters in kind order, e.g. "EPC". */
static void mask_text(uint16_t m, char *out)
{
    int n = 0;
    for (int k = 1; k < JQ_KINDS; k++)
        if (m & JQ_MASK(k)) out[n++] = jq_kind_letter(k);
    out[n] = '\0';
}

static int mask_parse(const char **s, uint16_t *m)
{
    *m = 0;
    const char *q = *s;
    int k;
    while (*q && *q != ' ' && (k = jq_kind_from_letter(*q)) != JQ_NONE && *q >= 'A' && *q <= 'Z') {
        *m |= JQ_MASK(k);
        q++;
    }
    if (q == *s || (*q && *q != ' ')) return -1;
    *s = q;
    return 0;
}

/* Appends with bounds; the caller's buffer ends up truncated, never overrun. */
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    if (*len >= n) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, n - *len, fmt, ap);
    va_end(ap);
    if (k > 0) *len += (size_t)k;
    if (*len >= n) *len = n - 1;
}

void jq_to_text(const jq_pos *p, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int r = JQ_ROWS - 1; r >= 0; r--) {
        int run = 0;
        for (int c = 0; c < JQ_COLS; c++) {
            uint8_t x = p->cell[jq_post(c, r)];
            if (!x) { run++; continue; }
            if (run) put(buf, n, &len, "%d", run);
            run = 0;
            char l = jq_kind_letter(jq_cell_kind(x));
            put(buf, n, &len, "%c", jq_cell_owner(x) ? (char)(l - 'A' + 'a') : l);
        }
        if (run) put(buf, n, &len, "%d", run);
        if (r) put(buf, n, &len, "/");
    }
    put(buf, n, &len, " %c", p->side ? 'b' : 'r');
    if (jq_in_setup(p)) put(buf, n, &len, " setup");
    else put(buf, n, &len, " %d", p->quiet);
    char m[16], name[8];
    for (int q = 0; q < JQ_POSTS; q++) {
        if (!p->cell[q] || p->known[q] == text_default_known(p, q, jq_in_setup(p))) continue;
        mask_text(p->known[q], m);
        jq_post_name(q, name, sizeof name);
        put(buf, n, &len, " %s=%s", name, m);
    }
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < p->ndead[s]; i++) {
            mask_text(p->dead[s][i], m);
            put(buf, n, &len, " %c+=%s", s ? 'b' : 'r', m);
        }
}

/* Deployment facts a position in the deployment must satisfy: each side's pieces are
 * the first placements of jq_deploy_order, on posts allowed to them. */
static int check_setup(jq_pos *p, char *err, size_t errlen)
{
    for (int s = 0; s < 2; s++) {
        int k = p->placed[s];
        if (k < 0 || k > JQ_PIECES)   /* a count no deployment reaches (found by fuzzing) */
            return fail(err, errlen, "%s has placed %d pieces; a side places at most %d", s ? "black" : "red", k,
                        JQ_PIECES);
        uint8_t want[JQ_KINDS] = {0};
        for (int j = 0; j < k; j++) want[jq_deploy_order[j]]++;
        if (memcmp(want, p->count[s], sizeof want) != 0)
            return fail(err, errlen, "%s has placed %d pieces, which are not the first %d of the deployment order "
                        "(F L L L X X M G D D B B R R T T C C C P P P E E E)", s ? "black" : "red", k, k);
        for (int q = 0; q < JQ_POSTS; q++) {
            uint8_t c = p->cell[q];
            if (!c || jq_cell_owner(c) != s) continue;
            if (!(jq_deploy_mask(q, s) & JQ_MASK(jq_cell_kind(c)))) {
                char name[8];
                jq_post_name(q, name, sizeof name);
                return fail(err, errlen, "%s %s on %s is not a legal deployment post", s ? "black" : "red",
                            jq_kind_name(jq_cell_kind(c)), name);
            }
            if (k > 0 && k < JQ_PIECES && jq_cell_kind(c) == jq_deploy_order[k - 1] && q > p->last_placed[s])
                p->last_placed[s] = (int8_t)q;
        }
    }
    if (p->placed[1] > 0 && p->placed[0] < JQ_PIECES)
        return fail(err, errlen, "black deploys only after red has placed all 25 pieces");
    if (p->side != (p->placed[0] < JQ_PIECES ? 0 : 1))
        return fail(err, errlen, "the side to place is %s", p->placed[0] < JQ_PIECES ? "red (r)" : "black (b)");
    uint32_t moves[JQ_MAX_MOVES];
    if (jq_legal(p, moves) == 0) return fail(err, errlen, "this deployment cannot be completed");
    return 0;
}

/* Facts any position of play satisfies: flags and landmines where they were deployed,
 * no more pieces of a kind than a side has. */
static int check_play(const jq_pos *p, char *err, size_t errlen)
{
    for (int s = 0; s < 2; s++)
        for (int k = 1; k < JQ_KINDS; k++)
            if (p->count[s][k] > jq_kind_count[k])
                return fail(err, errlen, "%s has %d %ss (at most %d)", s ? "black" : "red", p->count[s][k],
                            jq_kind_name(k), jq_kind_count[k]);
    for (int q = 0; q < JQ_POSTS; q++) {
        uint8_t c = p->cell[q];
        if (!c) continue;
        int k = jq_cell_kind(c), s = jq_cell_owner(c);
        if ((k == JQ_FLAG || k == JQ_MINE) && !(jq_deploy_mask(q, s) & JQ_MASK(k))) {
            char name[8];
            jq_post_name(q, name, sizeof name);
            return fail(err, errlen, "a %s never moves, and %s cannot be deployed on %s", jq_kind_name(k),
                        s ? "black's" : "red's", name);
        }
    }
    return 0;
}

int jq_from_text(jq_pos *p, const char *text, char *err, size_t errlen)
{
    jq_empty(p);
    const char *s = text;
    while (*s == ' ') s++;
    for (int r = JQ_ROWS - 1; r >= 0; r--) {
        int c = 0;
        while (c < JQ_COLS) {
            if (*s >= '1' && *s <= '5') {
                c += *s++ - '0';
                continue;
            }
            int k = jq_kind_from_letter(*s);
            if (k == JQ_NONE) return fail(err, errlen, "row %d: '%c' is neither a piece letter nor a digit 1-5", r + 1, *s ? *s : ' ');
            int owner = *s >= 'a' && *s <= 'z';
            int q = jq_post(c, r);
            p->cell[q] = JQ_CELL(k, owner);
            p->count[owner][k]++;
            c++;
            s++;
        }
        if (c != JQ_COLS) return fail(err, errlen, "row %d has %d posts, not 5", r + 1, c);
        if (r && *s++ != '/') return fail(err, errlen, "row %d must end with '/'", r + 1);
    }
    if (*s != ' ' || (s[1] != 'r' && s[1] != 'b') || (s[2] && s[2] != ' '))
        return fail(err, errlen, "the rows must be followed by the side to move, r or b");
    p->side = s[1] == 'b';
    s += 2;
    while (*s == ' ') s++;
    bool setup = strncmp(s, "setup", 5) == 0 && (!s[5] || s[5] == ' ');
    if (setup) {
        s += 5;
        p->placed[0] = p->placed[1] = 0;
        for (int k = 1; k < JQ_KINDS; k++) {
            p->placed[0] = (uint8_t)(p->placed[0] + p->count[0][k]);
            p->placed[1] = (uint8_t)(p->placed[1] + p->count[1][k]);
        }
        if (check_setup(p, err, errlen) != 0) return -1;
    } else {
        int q = 0, digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 4) q = q * 10 + (*s++ - '0'), digits++;
        if (!digits || (*s && *s != ' ') || q > JQ_QUIET_LIMIT)
            return fail(err, errlen, "after the side comes 'setup' or the plies since the last collision (0..%d)",
                        JQ_QUIET_LIMIT);
        p->quiet = (uint8_t)q;
        p->placed[0] = p->placed[1] = JQ_PIECES;
        if (check_play(p, err, errlen) != 0) return -1;
    }
    for (int q = 0; q < JQ_POSTS; q++)
        if (p->cell[q]) p->known[q] = text_default_known(p, q, setup);
    bool dead_given[2] = {false, false};
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        uint16_t m;
        if ((s[0] == 'r' || s[0] == 'b') && s[1] == '+' && s[2] == '=') {
            int side = s[0] == 'b';
            s += 3;
            if (mask_parse(&s, &m) != 0) return fail(err, errlen, "a removed piece's kinds must be letters FLXEPCTRBDGM");
            if (p->ndead[side] >= JQ_PIECES) return fail(err, errlen, "more than 25 removed pieces");
            p->dead[side][p->ndead[side]++] = m;
            dead_given[side] = true;
            continue;
        }
        int q = jq_post_parse(&s);
        if (q < 0 || *s != '=') return fail(err, errlen, "expected POST=KINDS (a7=EPC) or r+=KINDS / b+=KINDS near '%.12s'", s);
        s++;
        if (mask_parse(&s, &m) != 0) return fail(err, errlen, "the kinds after '=' must be letters FLXEPCTRBDGM");
        char name[8];
        jq_post_name(q, name, sizeof name);
        if (!p->cell[q]) return fail(err, errlen, "%s is empty: nothing to know of", name);
        if (!(m & JQ_MASK(jq_cell_kind(p->cell[q]))))
            return fail(err, errlen, "what is known of %s (%s) excludes the piece standing there", name,
                        jq_kind_name(jq_cell_kind(p->cell[q])));
        p->known[q] = m;
    }
    for (int side = 0; side < 2; side++) {
        int live = 0;
        for (int k = 1; k < JQ_KINDS; k++) live += p->count[side][k];
        int gone = setup ? 0 : JQ_PIECES - live;
        if (dead_given[side] && p->ndead[side] != gone)
            return fail(err, errlen, "%s has %d removed pieces, but %d are listed", side ? "black" : "red", gone,
                        p->ndead[side]);
        if (setup && p->ndead[side]) return fail(err, errlen, "no piece is removed during the deployment");
        if (!dead_given[side]) {
            p->ndead[side] = (uint8_t)gone;
            for (int i = 0; i < gone; i++) p->dead[side][i] = JQ_ALL_KINDS;
        }
    }
    p->hash = jq_hash_scratch(p);
    return 0;
}

int jq_move_to_text(const jq_pos *p, uint32_t m, char *buf, size_t n)
{
    (void)p;
    char a[8], b[8];
    if (jq_post_name(jq_from(m), a, sizeof a) != 0) return -1;
    int k;
    if (m & JQ_PLACE) k = snprintf(buf, n, "%s=%c", a, jq_kind_letter((int)(m >> 6 & 15)));
    else {
        if (jq_post_name(jq_to(m), b, sizeof b) != 0) return -1;
        k = snprintf(buf, n, "%s-%s", a, b);
    }
    return k < 0 || (size_t)k >= n ? -1 : 0;
}

int jq_move_from_text(const jq_pos *p, const char *text, uint32_t *m, char *err, size_t errlen)
{
    const char *s = text;
    int from = jq_post_parse(&s);
    if (from < 0) return fail(err, errlen, "'%s' is not a move: it must begin with a post a1..e12", text);
    uint32_t want;
    if (*s == '=') {
        int k = jq_kind_from_letter(s[1]);
        if (k == JQ_NONE || s[2]) return fail(err, errlen, "'%s': a placement is POST=PIECE, e.g. b1=F", text);
        want = (uint32_t)from | (uint32_t)k << 6 | JQ_PLACE;
    } else if (*s == '-') {
        s++;
        int to = jq_post_parse(&s);
        if (to < 0 || *s) return fail(err, errlen, "'%s': a move is FROM-TO, e.g. b2-c2", text);
        want = jq_move(from, to);
    } else {
        return fail(err, errlen, "'%s' is not a move (b2-c2) or a placement (b1=F)", text);
    }
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_legal(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == want) {
            *m = want;
            return 0;
        }
    if ((want & JQ_PLACE) && !jq_in_setup(p)) return fail(err, errlen, "'%s': the deployment is over", text);
    if (!(want & JQ_PLACE) && jq_in_setup(p)) return fail(err, errlen, "'%s': the pieces are still being deployed", text);
    return fail(err, errlen, "'%s' is not legal here", text);
}

int jq_deployment_text(const jq_pos *p, int side, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    char name[8];
    for (int q = 0; q < JQ_POSTS; q++) {
        uint8_t c = p->cell[q];
        if (!c || jq_cell_owner(c) != side) continue;
        jq_post_name(q, name, sizeof name);
        put(buf, n, &len, "%s%s=%c", len ? " " : "", name, jq_kind_letter(jq_cell_kind(c)));
    }
    return len + 1 < n ? 0 : -1;
}
