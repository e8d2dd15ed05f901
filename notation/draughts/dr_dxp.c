/* dr_dxp.c -- DXP messages and their positions and moves (dr_dxp.h).
 *
 * Fields are read by their fixed widths, exactly as the protocol's layer 2 lays
 * them out; a message whose length or digits do not fit its type is refused with
 * the field named, so a peer's garbage is a located fault, never a guess.  Moves
 * and positions are turned into Hub's notation and found among the legal moves
 * (dr_hub.c), so DXP needs no move generator of its own. */
#include "dr_dxp.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "dr_hub.h"

/* The number in the W digits at S; -1 when one of them is not a digit. */
static int field_int(const char *s, int w)
{
    int v = 0;
    for (int i = 0; i < w; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* A name field: 32 columns, trailing blanks dropped. */
static void field_name(const char *s, char *out)
{
    memcpy(out, s, 32);
    out[32] = '\0';
    for (int k = 31; k >= 0 && out[k] == ' '; k--) out[k] = '\0';
}

static int parse_req(const char *s, size_t len, dr_dxp_msg *m, char *err, size_t errlen)
{
    if (len < 42) return bo_fail(err, errlen, "GAMEREQ of %zu bytes (at least 42)", len);
    if ((m->version = field_int(s + 1, 2)) < 0) return bo_fail(err, errlen, "GAMEREQ version '%.2s' is not a number", s + 1);
    field_name(s + 3, m->name);
    m->colour = s[35];
    if (m->colour != 'W' && m->colour != 'Z') return bo_fail(err, errlen, "GAMEREQ follower colour '%c' is not W or Z", s[35]);
    if ((m->minutes = field_int(s + 36, 3)) < 0) return bo_fail(err, errlen, "GAMEREQ thinking time '%.3s' is not a number", s + 36);
    if ((m->moves = field_int(s + 39, 3)) < 0) return bo_fail(err, errlen, "GAMEREQ number of moves '%.3s' is not a number", s + 39);
    if (len == 42) return bo_fail(err, errlen, "GAMEREQ without its starting position code");
    m->start = s[42];
    if (m->start == 'A') {
        if (len != 43) return bo_fail(err, errlen, "GAMEREQ 'A' of %zu bytes (43)", len);
        return 0;
    }
    if (m->start != 'B') return bo_fail(err, errlen, "GAMEREQ starting position code '%c' is not A or B", m->start);
    if (len != 94) return bo_fail(err, errlen, "GAMEREQ 'B' of %zu bytes (94)", len);
    memcpy(m->pos, s + 43, 51);
    m->pos[51] = '\0';
    char fen[512];
    if (dr_dxp_pos_to_fen(m->pos, fen, sizeof fen) != 0) return bo_fail(err, errlen, "GAMEREQ position '%s' is not W|Z and 50 of e w z W Z", m->pos);
    return 0;
}

static int parse_move(const char *s, size_t len, dr_dxp_msg *m, char *err, size_t errlen)
{
    if (len < 11) return bo_fail(err, errlen, "MOVE of %zu bytes (at least 11)", len);
    m->seconds = field_int(s + 1, 4);
    m->from = field_int(s + 5, 2);
    m->to = field_int(s + 7, 2);
    m->ncap = field_int(s + 9, 2);
    if (m->seconds < 0 || m->from < 0 || m->to < 0 || m->ncap < 0) return bo_fail(err, errlen, "MOVE '%s': a field is not a number", s);
    if (m->from < 1 || m->from > 50 || m->to < 1 || m->to > 50) return bo_fail(err, errlen, "MOVE '%s': a square outside 1..50", s);
    if (m->ncap > DR_DXP_CAPS) return bo_fail(err, errlen, "MOVE '%s': %d captured pieces (at most %d)", s, m->ncap, DR_DXP_CAPS);
    if (len != (size_t)(11 + 2 * m->ncap)) return bo_fail(err, errlen, "MOVE '%s' of %zu bytes, %d captures want %d", s, len, m->ncap, 11 + 2 * m->ncap);
    for (int i = 0; i < m->ncap; i++) {
        m->caps[i] = field_int(s + 11 + 2 * i, 2);
        if (m->caps[i] < 1 || m->caps[i] > 50) return bo_fail(err, errlen, "MOVE '%s': captured square %d is not 1..50", s, i + 1);
    }
    return 0;
}

int dr_dxp_parse(const char *s, dr_dxp_msg *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    size_t len = strlen(s);
    if (len == 0) return bo_fail(err, errlen, "an empty message");
    if (len >= DR_DXP_MSG_MAX) return bo_fail(err, errlen, "a message of %zu bytes (at most 127)", len);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] > 127) return bo_fail(err, errlen, "byte %zu is not ASCII", i + 1);
    m->type = s[0];
    switch (s[0]) {
    case 'R': return parse_req(s, len, m, err, errlen);
    case 'A':
        if (len != 34) return bo_fail(err, errlen, "GAMEACC of %zu bytes (34)", len);
        field_name(s + 1, m->name);
        m->code = s[33];
        if (m->code < '0' || m->code > '3') return bo_fail(err, errlen, "GAMEACC acceptance code '%c' is not 0..3", m->code);
        return 0;
    case 'M': return parse_move(s, len, m, err, errlen);
    case 'E':
        if (len != 3) return bo_fail(err, errlen, "GAMEEND of %zu bytes (3)", len);
        m->code = s[1];
        m->stop = s[2];
        if (m->code < '0' || m->code > '3' || (m->stop != '0' && m->stop != '1'))
            return bo_fail(err, errlen, "GAMEEND '%s': reason 0..3 and stop code 0|1 expected", s);
        return 0;
    case 'C':
        snprintf(m->text, sizeof m->text, "%s", s + 1);
        return 0;
    case 'B':
        if (len != 5 || (m->move_number = field_int(s + 1, 3)) < 0 || (s[4] != 'W' && s[4] != 'Z'))
            return bo_fail(err, errlen, "BACKREQ '%s': move number (3 digits) and W|Z expected", s);
        m->colour = s[4];
        return 0;
    case 'K':
        if (len != 2 || s[1] < '0' || s[1] > '2') return bo_fail(err, errlen, "BACKACC '%s': code 0..2 expected", s);
        m->code = s[1];
        return 0;
    default:
        return bo_fail(err, errlen, "message type '%c' is none of R A M E C B K", isprint((unsigned char)s[0]) ? s[0] : '?');
    }
}

/* N in exactly W digits; -1 when it does not fit. */
static int put_int(char *out, int v, int w)
{
    if (v < 0) return -1;
    for (int i = w - 1; i >= 0; i--) { out[i] = (char)('0' + v % 10); v /= 10; }
    return v == 0 ? 0 : -1;
}

int dr_dxp_format(const dr_dxp_msg *m, char *out, size_t n)
{
    char b[DR_DXP_MSG_MAX + 8];
    size_t k = 0;
    b[k++] = m->type;
    switch (m->type) {
    case 'R':
        if (put_int(b + k, m->version, 2) != 0) return -1;
        k += 2;
        k += (size_t)snprintf(b + k, 33, "%-32.32s", m->name);
        b[k++] = m->colour;
        if (put_int(b + k, m->minutes, 3) != 0 || put_int(b + k + 3, m->moves, 3) != 0) return -1;
        k += 6;
        b[k++] = m->start;
        if (m->start == 'B') { memcpy(b + k, m->pos, 51); k += 51; }
        break;
    case 'A':
        k += (size_t)snprintf(b + k, 33, "%-32.32s", m->name);
        b[k++] = m->code;
        break;
    case 'M':
        if (m->ncap < 0 || m->ncap > DR_DXP_CAPS) return -1;
        if (put_int(b + k, m->seconds > 9999 ? 9999 : m->seconds, 4) != 0 || put_int(b + k + 4, m->from, 2) != 0 ||
            put_int(b + k + 6, m->to, 2) != 0 || put_int(b + k + 8, m->ncap, 2) != 0)
            return -1;
        k += 10;
        for (int i = 0; i < m->ncap; i++, k += 2) if (put_int(b + k, m->caps[i], 2) != 0) return -1;
        break;
    case 'E': b[k++] = m->code; b[k++] = m->stop; break;
    case 'C': k += (size_t)snprintf(b + k, DR_DXP_MSG_MAX - 1, "%.120s", m->text); break;
    case 'B':
        if (put_int(b + k, m->move_number, 3) != 0) return -1;
        k += 3;
        b[k++] = m->colour;
        break;
    case 'K': b[k++] = m->code; break;
    default: return -1;
    }
    if (k + 1 > n) return -1;
    memcpy(out, b, k);
    out[k] = '\0';
    return 0;
}

int dr_dxp_pos_from_fen(const char *fen, char out[52])
{
    char hub[DR_HUB_POS_LEN + 1];
    if (dr_hub_from_fen(fen, hub) != 0) return -1;
    out[0] = hub[0] == 'W' ? 'W' : 'Z';
    for (int s = 1; s <= 50; s++)
        out[s] = hub[s] == 'b' ? 'z' : hub[s] == 'B' ? 'Z' : hub[s];
    out[51] = '\0';
    return 0;
}

int dr_dxp_pos_to_fen(const char *dxp, char *out, size_t n)
{
    char hub[DR_HUB_POS_LEN + 1];
    if (strlen(dxp) < 51 || (dxp[0] != 'W' && dxp[0] != 'Z')) return -1;
    hub[0] = dxp[0] == 'W' ? 'W' : 'B';
    for (int s = 1; s <= 50; s++) {
        char c = dxp[s];
        if (c != 'e' && c != 'w' && c != 'z' && c != 'W' && c != 'Z') return -1;
        hub[s] = c == 'z' ? 'b' : c == 'Z' ? 'B' : c;
    }
    hub[51] = '\0';
    return dr_hub_to_fen(hub, out, n);
}

void dr_dxp_move_text(const dr_dxp_msg *m, char *out, size_t n)
{
    size_t k = (size_t)snprintf(out, n, "%d%c%d", m->from, m->ncap ? 'x' : '-', m->to);
    for (int i = 0; i < m->ncap && k < n; i++) k += (size_t)snprintf(out + k, n - k, "x%d", m->caps[i]);
}

int dr_dxp_find_move(const bo_game *g, const void *pos, const dr_dxp_msg *m, bo_move *mv, char *err, size_t errlen)
{
    char t[160];
    dr_dxp_move_text(m, t, sizeof t);
    if (m->type != 'M' || dr_hub_find_move(g, pos, t, mv) != 0) return bo_fail(err, errlen, "'%s' is not a legal move here", t);
    return 0;
}

int dr_dxp_move_msg(const bo_game *g, const void *pos, bo_move mv, int seconds, dr_dxp_msg *m)
{
    char t[256];
    if (dr_hub_move_text(g, pos, mv, t, sizeof t) != 0) return -1;
    memset(m, 0, sizeof *m);
    m->type = 'M';
    m->seconds = seconds < 0 ? 0 : seconds;
    int sq[64], k = 0;
    for (const char *p = t; *p && k < 64;) {
        if (isdigit((unsigned char)*p)) {
            int v = 0;
            while (isdigit((unsigned char)*p)) v = v * 10 + (*p++ - '0');
            sq[k++] = v;
        } else p++;
    }
    if (k < 2 || k - 2 > DR_DXP_CAPS) return -1;
    m->from = sq[0];
    m->to = sq[1];
    m->ncap = k - 2;
    for (int i = 0; i < m->ncap; i++) m->caps[i] = sq[2 + i];
    return 0;
}
