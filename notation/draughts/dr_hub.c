/* dr_hub.c -- Hub notation over the descriptor's texts (dr_hub.h).
 *
 * A capture's captured squares are what the move empties besides its start: the
 * move is played on a copy and the two positions compared, which needs nothing but
 * the descriptor's position text. */
#include "dr_hub.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dr_hub_from_fen(const char *fen, char *out)
{
    while (*fen == ' ' || *fen == '[' || *fen == '"') fen++;
    char side = (char)toupper((unsigned char)fen[0]);
    if (side != 'W' && side != 'B') return -1;
    out[0] = side;
    memset(out + 1, 'e', 50);
    out[DR_HUB_POS_LEN] = '\0';
    const char *p = fen + 1;
    while ((p = strchr(p, ':'))) {
        p++;
        char colour = (char)toupper((unsigned char)*p);
        if (colour != 'W' && colour != 'B') continue;
        p++;
        while (*p && *p != ':') {
            bool king = *p == 'K' || *p == 'k';
            if (king) p++;
            char *end;
            long a = strtol(p, &end, 10), b = a;
            if (end == p) { p++; continue; }
            p = end;
            if (*p == '-') { b = strtol(p + 1, &end, 10); p = end; }
            for (long s = a; s <= b && s >= 1 && s <= 50; s++)
                out[s] = (char)(king ? colour : tolower((unsigned char)colour));
            if (*p == ',') p++;
            else if (*p && *p != ':') p++;
        }
    }
    return 0;
}

int dr_hub_to_fen(const char *hub, char *out, size_t n)
{
    if (strlen(hub) < DR_HUB_POS_LEN || (hub[0] != 'W' && hub[0] != 'B')) return -1;
    char w[400] = "", b[400] = "";
    size_t kw = 0, kb = 0;
    for (int s = 1; s <= 50; s++) {
        char c = hub[s];
        if (c == 'e') continue;
        if (c != 'w' && c != 'b' && c != 'W' && c != 'B') return -1;
        bool white = c == 'w' || c == 'W', king = c == 'W' || c == 'B';
        char *dst = white ? w : b;
        size_t *k = white ? &kw : &kb;
        *k += (size_t)snprintf(dst + *k, sizeof w - *k, "%s%s%d", *k ? "," : "", king ? "K" : "", s);
    }
    snprintf(out, n, "%c:W%s:B%s", hub[0], w, b);
    return 0;
}

/* The squares M empties at POS besides FROM (its captures), as a bit set. */
static int captured(const bo_game *g, const void *pos, bo_move m, long from, uint64_t *set)
{
    char before[512], after[512], hb[64], ha[64];
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    g->to_text(pos, before, sizeof before);
    memcpy(p, pos, g->pos_size);
    g->play(p, m, undo, NULL);
    g->to_text(p, after, sizeof after);
    if (dr_hub_from_fen(before, hb) != 0 || dr_hub_from_fen(after, ha) != 0) return -1;
    *set = 0;
    for (int s = 1; s <= 50; s++)
        if (hb[s] != 'e' && ha[s] == 'e' && s != from) *set |= UINT64_C(1) << s;
    return 0;
}

/* A move text's first and last square numbers. */
static int ends(const char *t, long *from, long *to)
{
    if (!isdigit((unsigned char)t[0])) return -1;
    *from = strtol(t, NULL, 10);
    const char *last = t + strlen(t);
    while (last > t && isdigit((unsigned char)last[-1])) last--;
    *to = strtol(last, NULL, 10);
    return 0;
}

int dr_hub_find_move(const bo_game *g, const void *pos, const char *text, bo_move *m)
{
    long sq[64];
    int k = 0;
    for (const char *p = text; *p;) {
        if (isdigit((unsigned char)*p)) {
            if (k == 64) return -1;
            sq[k++] = strtol(p, (char **)&p, 10);
        } else if ((*p == '-' && k == 1) || (*p == 'x' && k >= 1)) p++;
        else return -1;
    }
    if (k < 2) return -1;
    uint64_t want = 0;
    for (int j = 2; j < k; j++) if (sq[j] >= 1 && sq[j] <= 50) want |= UINT64_C(1) << sq[j];
    bo_move all[BO_MOVES_MAX];
    int n = g->legal(pos, all), found = 0;
    for (int i = 0; i < n; i++) {
        char t[160];
        long from, to;
        uint64_t caps;
        if (g->move_to_text(pos, all[i], t, sizeof t) != 0 || ends(t, &from, &to) != 0) continue;
        if (from != sq[0] || to != sq[1]) continue;
        if (k > 2 && (captured(g, pos, all[i], from, &caps) != 0 || caps != want)) continue;
        *m = all[i];
        found++;
    }
    return found == 1 ? 0 : -1;
}

int dr_hub_move_text(const bo_game *g, const void *pos, bo_move m, char *buf, size_t n)
{
    char t[160];
    long from, to;
    uint64_t caps;
    if (g->move_to_text(pos, m, t, sizeof t) != 0 || ends(t, &from, &to) != 0) return -1;
    if (captured(g, pos, m, from, &caps) != 0) return -1;
    size_t k = (size_t)snprintf(buf, n, "%ld%c%ld", from, caps ? 'x' : '-', to);
    for (int s = 1; s <= 50 && k < n; s++)
        if (caps >> s & 1) k += (size_t)snprintf(buf + k, n - k, "x%d", s);
    return k < n ? 0 : -1;
}
