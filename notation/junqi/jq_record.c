/* jq_record.c -- reading and writing Junqi records (the format of jq_record.h and
 * docs/junqi.md): a hand-written scanner over the record's items, keeping the byte
 * offset of everything it reads so that the validator can locate every fault. */
#include "jq_record.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int fail_at(size_t *err_off, size_t off, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail_at(size_t *err_off, size_t off, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    *err_off = off;
    return -1;
}

void jq_record_free(jq_record *r)
{
    free(r->moves);
    memset(r, 0, sizeof *r);
}

static size_t skip_blank(const char *t, size_t len, size_t i)
{
    while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
    return i;
}

/* A header field's text, blanks at both ends dropped. */
static void copy_field(char *dst, size_t n, const char *s, size_t len)
{
    while (len && (*s == ' ' || *s == '\t')) s++, len--;
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
    if (len >= n) len = n - 1;
    memcpy(dst, s, len);
    dst[len] = '\0';
}

/* "Team R" -> "Team" (the colour letter of the contest frame). */
static void drop_colour(char *s, char c)
{
    size_t n = strlen(s);
    if (n >= 2 && s[n - 1] == c && s[n - 2] == ' ') s[n - 2] = '\0';
    else if (n == 1 && s[0] == c) s[0] = '\0';
}

/* "先手胜(超时)": the reason after a result word goes to REASON and the word stays in S
 * (result_policy.h); S unchanged when it has none. */
static void split_reason(char *s, char *reason, size_t n)
{
    char *o = strchr(s, '(');
    size_t k = strlen(s);
    if (!o || o == s || s[k - 1] != ')') return;
    s[k - 1] = '\0';
    snprintf(reason, n, "%s", o + 1);
    *o = '\0';
}

static int parse_result(const char *s, int *res)
{
    if (strcmp(s, "先手胜") == 0 || strcmp(s, "红胜") == 0) *res = JQ_RES_RED;
    else if (strcmp(s, "后手胜") == 0 || strcmp(s, "黑胜") == 0) *res = JQ_RES_BLACK;
    else if (strcmp(s, "平局") == 0 || strcmp(s, "和局") == 0) *res = JQ_RES_DRAW;
    else if (strcmp(s, "*") == 0 || !*s) *res = JQ_RES_NONE;
    else return -1;
    return 0;
}

static int push_move(jq_record *r, const jq_rec_move *m)
{
    if (r->nmoves == r->capmoves) {
        int cap = r->capmoves ? 2 * r->capmoves : 64;
        jq_rec_move *nm = realloc(r->moves, (size_t)cap * sizeof *nm);
        if (!nm) return -1;
        r->moves = nm;
        r->capmoves = cap;
    }
    r->moves[r->nmoves++] = *m;
    return 0;
}

/* The item at T as written (up to ';', '}' or a blank), for messages. */
static int item_len(const char *t, size_t avail)
{
    size_t n = 0;
    while (n < avail && n < 16 && t[n] != ';' && t[n] != '}' && t[n] != ' ' && t[n] != '\n') n++;
    return (int)n;
}

/* R(a1=L b1=F ...): posts and kinds as written; checked by the validator. */
static int parse_deploy(const char *t, size_t len, size_t *i, jq_record *r, int side, size_t *err_off, char *err,
                        size_t errlen)
{
    size_t j = *i;
    r->have_deploy[side] = true;
    r->deploy_off[side] = j;
    j += 2;   /* "R(" */
    for (;;) {
        j = skip_blank(t, len, j);
        while (j < len && t[j] == ',') j = skip_blank(t, len, j + 1);
        if (j >= len) return fail_at(err_off, *i, err, errlen, "the deployment is not closed with ')'");
        if (t[j] == ')') break;
        const char *s = t + j;
        size_t at = j;
        int q = jq_post_parse(&s);
        if (q < 0 || *s != '=')
            return fail_at(err_off, at, err, errlen, "a deployment lists POST=PIECE (b1=F), not '%.*s'",
                           item_len(t + at, len - at), t + at);
        int k = jq_kind_from_letter(s[1]);
        if (k == JQ_NONE)
            return fail_at(err_off, at, err, errlen, "'%c' is no piece letter (F L X E P C T R B D G M)", s[1]);
        if (r->ndeploy[side] >= 40) return fail_at(err_off, at, err, errlen, "a deployment of more than 40 pieces");
        r->deploy[side][r->ndeploy[side]++] = (jq_rec_deploy){q, k, at};
        j = (size_t)(s + 2 - t);
    }
    *i = j + 1;
    return 0;
}

static int parse_item(const char *t, size_t len, size_t *i, jq_record *r, size_t *err_off, char *err, size_t errlen)
{
    size_t j = *i;
    if (j + 1 < len && (t[j] == 'R' || t[j] == 'B') && t[j + 1] == '(')
        return parse_deploy(t, len, i, r, t[j] == 'B', err_off, err, errlen);
    if (len - j >= 4 && memcmp(t + j, "END(", 4) == 0) {
        size_t k = j + 4;
        while (k < len && t[k] != ')' && t[k] != '}' && t[k] != ';') k++;
        if (k >= len || t[k] != ')') return fail_at(err_off, j, err, errlen, "END( is not closed with ')'");
        if (k - j - 4 == 4 && memcmp(t + j + 4, "time", 4) == 0) r->end = JQ_END_TIME;
        else if (k - j - 4 == 6 && memcmp(t + j + 4, "resign", 6) == 0) r->end = JQ_END_RESIGN;
        else return fail_at(err_off, j, err, errlen, "END(...) is END(time) or END(resign)");
        r->end_off = j;
        *i = k + 1;
        return 0;
    }
    jq_rec_move m = {0};
    const char *s = t + j;
    m.off = j;
    m.from = jq_post_parse(&s);
    if (m.from < 0 || *s != '-')
        return fail_at(err_off, j, err, errlen, "a move is FROM-TO (b2-c2), not '%.*s'", item_len(t + j, len - j), t + j);
    s++;
    m.to = jq_post_parse(&s);
    if (m.to < 0)
        return fail_at(err_off, j, err, errlen, "a move is FROM-TO (b2-c2), not '%.*s'", item_len(t + j, len - j), t + j);
    if (*s == '+' || *s == '-' || *s == '=') m.mark = *s++;
    size_t n = (size_t)(s - (t + j));
    if (n >= sizeof m.text) n = sizeof m.text - 1;
    memcpy(m.text, t + j, n);
    m.text[n] = '\0';
    size_t after = skip_blank(t, len, (size_t)(s - t));
    if (after < len && t[after] != ';' && t[after] != '}')
        return fail_at(err_off, (size_t)(s - t), err, errlen, "after the move '%s' comes ';' or '}'", m.text);
    if (push_move(r, &m) != 0) return fail_at(err_off, j, err, errlen, "out of memory");
    *i = (size_t)(s - t);
    return 0;
}

/* Past the record that broke: its '}' if it has one before the next '{'. */
static size_t recover(const char *t, size_t len, size_t i)
{
    while (i < len && t[i] != '}' && t[i] != '{') i++;
    return i < len && t[i] == '}' ? i + 1 : i;
}

int jq_record_next(const char *t, size_t len, size_t *pos, jq_record *r, size_t *err_off, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    size_t i = *pos;
    while (i < len && t[i] != '{') i++;
    if (i >= len) {
        *pos = len;
        return 0;
    }
    r->off = i++;
    int nf = 0;
    for (;;) {
        i = skip_blank(t, len, i);
        if (i >= len || t[i] != '[') break;
        size_t k = i + 1;
        while (k < len && t[k] != ']' && t[k] != '\n' && t[k] != '{' && t[k] != '}') k++;
        if (k >= len || t[k] != ']') {
            *pos = recover(t, len, i + 1);
            return fail_at(err_off, i, err, errlen, "a header field is not closed with ']'");
        }
        const char *f = t + i + 1;
        size_t fl = k - i - 1;
        switch (nf) {
        case 0: copy_field(r->code, sizeof r->code, f, fl); break;
        case 1: copy_field(r->red, sizeof r->red, f, fl); drop_colour(r->red, 'R'); break;
        case 2: copy_field(r->black, sizeof r->black, f, fl); drop_colour(r->black, 'B'); break;
        case 3: {
            char res[64];
            copy_field(res, sizeof res, f, fl);
            r->result_off = i;
            r->result_given = true;
            split_reason(res, r->reason, sizeof r->reason);
            if (parse_result(res, &r->result) != 0) {
                *pos = recover(t, len, k);
                return fail_at(err_off, i, err, errlen, "'%s' is not a result (先手胜, 后手胜, 平局 or *)", res);
            }
            break;
        }
        case 4: copy_field(r->date_place, sizeof r->date_place, f, fl); break;
        case 5: copy_field(r->event, sizeof r->event, f, fl); break;
        default: break;
        }
        nf++;
        i = k + 1;
    }
    if (nf > 0 && strcmp(r->code, "JQ") != 0) {
        *pos = recover(t, len, i);
        return fail_at(err_off, r->off + 1, err, errlen, "the game code is '%s', not JQ (Junqi)", r->code);
    }
    for (;;) {
        i = skip_blank(t, len, i);
        if (i >= len) {
            *pos = len;
            return fail_at(err_off, r->off, err, errlen, "the record is not closed with '}'");
        }
        if (t[i] == '}') break;
        if (t[i] == '{') {
            *pos = i;
            return fail_at(err_off, r->off, err, errlen, "the record is not closed with '}' before the next '{'");
        }
        if (t[i] == ';') {
            i++;
            continue;
        }
        if (r->end) {
            *pos = recover(t, len, i);
            return fail_at(err_off, i, err, errlen, "nothing may follow END(...)");
        }
        if (parse_item(t, len, &i, r, err_off, err, errlen) != 0) {
            *pos = recover(t, len, i);
            return -1;
        }
    }
    r->close_off = i + 1;
    *pos = i + 1;
    return 1;
}

/* Header, deployments, moves with the referee's outcomes: what a judge replays. */
int jq_write_record(FILE *out, const char *red, const char *black, const char *date_place, const char *event,
                    const jq_pos *start, const uint32_t *moves, int nmoves, int result, int end, char *err,
                    size_t errlen)
{
    if (jq_in_setup(start)) return snprintf(err, errlen, "a record starts once both sides are deployed"), -1;
    static const char *const res[] = {"*", "先手胜", "后手胜", "平局"};
    fprintf(out, "{[JQ][%s R][%s B][%s][%s][%s]\n", red && *red ? red : "?", black && *black ? black : "?",
            res[result & 3], date_place && *date_place ? date_place : "?", event && *event ? event : "?");
    char buf[512];
    for (int s = 0; s < 2; s++) {
        jq_deployment_text(start, s, buf, sizeof buf);
        fprintf(out, ";%c(%s)\n", s ? 'B' : 'R', buf);
    }
    jq_pos p = *start;
    int col = 0;
    for (int i = 0; i < nmoves; i++) {
        char mt[24];
        if (jq_move_to_text(&p, moves[i], mt, sizeof mt) != 0) return snprintf(err, errlen, "move %d has no text", i + 1), -1;
        int f = jq_move_fight(&p, moves[i]);
        const char *mark = f == JQ_WINS ? "+" : f == JQ_LOSES ? "-" : f == JQ_BOTH ? "=" : "";
        fprintf(out, ";%s%s", mt, mark);
        if (++col == 10) {
            fputc('\n', out);
            col = 0;
        }
        jq_undo u;
        jq_play(&p, moves[i], &u);
    }
    if (end == JQ_END_TIME) fprintf(out, ";END(time)");
    else if (end == JQ_END_RESIGN) fprintf(out, ";END(resign)");
    fprintf(out, "}\n");
    return ferror(out) ? (snprintf(err, errlen, "write error"), -1) : 0;
}
