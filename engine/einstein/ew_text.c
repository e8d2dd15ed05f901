/* ew_text.c -- EWN positions and moves as text, both ways.
 *
 * Position: "ROW/ROW/ROW/ROW/ROW SIDE DIE [SETUP]", rows from the top (WTN row 5) down,
 * each square '.' or r1..r6 (red) / b1..b6 (blue); SIDE r or b; DIE - (not rolled) or
 * 1..6; SETUP "setup" or "setup-random" while pieces are being placed (then SIDE is
 * the side that moves first after the setup).  The RULES.md example arrangement, red
 * to roll:  "r1r2r3../r4r5...b1/r6..b2b3/...../..b4b5b6 r -"  -- see docs/einstein.md.
 * Moves: "R3-D4" (a step: colour, piece, destination), "die3" (a roll), "R1@A5" (a
 * placement); reading also takes the WTN spellings "R3,D4" and "(R3,D4)". */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "einstein.h"

void ew_square_name(int sq, char out[3])
{
    out[0] = (char)('A' + sq % 5);
    out[1] = (char)('5' - sq / 5);
    out[2] = '\0';
}

int ew_square_parse(const char *s)
{
    int c = toupper((unsigned char)s[0]) - 'A', r = s[0] ? '5' - s[1] : -1;
    if (c < 0 || c > 4 || r < 0 || r > 4) return -1;
    return r * 5 + c;
}

void ew_to_text(const ew_pos *p, char *buf, size_t n)
{
    char tmp[128];
    size_t k = 0;
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 5; c++) {
            int v = p->board[r * 5 + c];
            if (!v) tmp[k++] = '.';
            else { tmp[k++] = v > 6 ? 'b' : 'r'; tmp[k++] = (char)('0' + (v > 6 ? v - 6 : v)); }
        }
        tmp[k++] = r < 4 ? '/' : ' ';
    }
    tmp[k++] = p->stm ? 'b' : 'r';
    tmp[k++] = ' ';
    tmp[k++] = p->die ? (char)('0' + p->die) : '-';
    tmp[k] = '\0';
    snprintf(buf, n, "%s%s", tmp, p->setup == EW_SETUP_CHOOSE ? " setup" : p->setup == EW_SETUP_RANDOM ? " setup-random" : "");
}

/* The setup phase's positions are exactly those reached by placing in number order,
 * red first: a side's placed pieces are 1..k on its own triangle. */
static int check_setup(const ew_pos *p, char *err, size_t errlen)
{
    for (int side = 0; side < 2; side++) {
        for (int n = 1; n <= EW_PIECES; n++) {
            int s = p->sq[side][n];
            if (n <= p->placed[side] && s < 0)
                return bo_fail(err, errlen, "setup: %s piece %d is missing while a higher one is placed",
                               side ? "blue" : "red", n);
            if (s < 0) continue;
            const int8_t *t = ew_triangle(side);
            int ok = 0;
            for (int i = 0; i < EW_PIECES; i++) ok |= t[i] == s;
            if (!ok) return bo_fail(err, errlen, "setup: %s piece %d is outside its start triangle", side ? "blue" : "red", n);
        }
    }
    if (p->placed[1] > 0 && p->placed[0] < EW_PIECES) return bo_fail(err, errlen, "setup: blue places only after red's six");
    if (p->placed[1] == EW_PIECES) return bo_fail(err, errlen, "setup: all pieces are placed (drop the setup field)");
    if (p->die) return bo_fail(err, errlen, "setup: no die is rolled before the pieces are placed");
    return 0;
}

int ew_from_text(ew_pos *p, const char *text, char *err, size_t errlen)
{
    ew_pos q;
    memset(&q, 0, sizeof q);
    memset(q.sq, -1, sizeof q.sq);
    const char *s = text;
    while (*s == ' ' || *s == '\t') s++;
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 5; c++) {
            if (*s == '.') { s++; continue; }
            int side = *s == 'r' || *s == 'R' ? 0 : *s == 'b' || *s == 'B' ? 1 : -1;
            if (side < 0 || s[1] < '1' || s[1] > '6')
                return bo_fail(err, errlen, "row %d, square %d: expected '.', r1..r6 or b1..b6", 5 - r, c + 1);
            int n = s[1] - '0';
            if (q.sq[side][n] >= 0) return bo_fail(err, errlen, "%s piece %d appears twice", side ? "blue" : "red", n);
            q.sq[side][n] = (int8_t)(r * 5 + c);
            q.board[r * 5 + c] = (int8_t)(n + 6 * side);
            q.alive[side]++;
            s += 2;
        }
        if (r < 4 && *s++ != '/') return bo_fail(err, errlen, "row %d: expected five squares then '/'", 5 - r);
    }
    char side[8] = "", die[8] = "", setup[16] = "", extra[8] = "";
    int k = sscanf(s, "%7s %7s %15s %7s", side, die, setup, extra);
    if (k < 2) return bo_fail(err, errlen, "expected the side to move (r or b) and the die (- or 1..6) after the board");
    if (k == 4) return bo_fail(err, errlen, "unexpected '%s' at the end", extra);
    if (strcmp(side, "r") && strcmp(side, "b")) return bo_fail(err, errlen, "side to move '%s': expected r or b", side);
    q.stm = side[0] == 'b';
    if (strcmp(die, "-") && !(die[0] >= '1' && die[0] <= '6' && !die[1]))
        return bo_fail(err, errlen, "die '%s': expected - or 1..6", die);
    q.die = die[0] == '-' ? 0 : (uint8_t)(die[0] - '0');
    if (k == 3) {
        if (!strcmp(setup, "setup")) q.setup = EW_SETUP_CHOOSE;
        else if (!strcmp(setup, "setup-random")) q.setup = EW_SETUP_RANDOM;
        else return bo_fail(err, errlen, "'%s': expected setup or setup-random", setup);
        q.placed[0] = q.alive[0];
        q.placed[1] = q.alive[1];
        if (check_setup(&q, err, errlen) != 0) return -1;
    } else {
        if (!q.alive[0] && !q.alive[1]) return bo_fail(err, errlen, "no pieces on the board");
        q.placed[0] = q.placed[1] = EW_PIECES;
    }
    q.hash = ew_hash_scratch(&q);
    *p = q;
    return 0;
}

int ew_move_to_text(const ew_pos *p, uint32_t m, char *buf, size_t n)
{
    char sq[3];
    if (ew_is_roll(m)) return snprintf(buf, n, "die%u", m & 7) < (int)n ? 0 : -1;
    if (ew_is_place(m)) {
        int side = p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE;
        ew_square_name((int)(m & 31), sq);
        return snprintf(buf, n, "%c%d@%s", side ? 'B' : 'R', p->placed[side] + 1, sq) < (int)n ? 0 : -1;
    }
    int piece = (int)(m >> 4 & 7), from = p->sq[p->stm][piece];
    if (piece < 1 || piece > 6 || from < 0) return -1;
    int to = ew_target(p->stm, from, (int)(m & 3));
    if (to < 0) return -1;
    ew_square_name(to, sq);
    return snprintf(buf, n, "%c%d-%s", p->stm ? 'B' : 'R', piece, sq) < (int)n ? 0 : -1;
}

/* The text's move, then a check that it is legal here: the reason names the rule. */
int ew_move_from_text(const ew_pos *p, const char *text, uint32_t *m, char *err, size_t errlen)
{
    char t[32];
    size_t k = 0;
    for (const char *s = text; *s && k + 1 < sizeof t; s++)
        if (*s != '(' && *s != ')' && *s != ' ') t[k++] = *s;
    t[k] = '\0';
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    uint32_t want = 0;
    if (!strncmp(t, "die", 3) && t[3] >= '1' && t[3] <= '6' && !t[4]) {
        want = EW_ROLL | (uint32_t)(t[3] - '0');
    } else if ((t[0] == 'R' || t[0] == 'B' || t[0] == 'r' || t[0] == 'b') && t[1] >= '1' && t[1] <= '6' &&
               (t[2] == '@' || t[2] == '-' || t[2] == ',') && ew_square_parse(t + 3) >= 0 && !t[5]) {
        int side = toupper((unsigned char)t[0]) == 'B', piece = t[1] - '0', to = ew_square_parse(t + 3);
        if (t[2] == '@') {
            if (!p->setup) return bo_fail(err, errlen, "'%s': a placement after the setup", text);
            int placing = p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE;
            if (side != placing || piece != p->placed[placing] + 1)
                return bo_fail(err, errlen, "'%s': the next piece to place is %c%d", text, placing ? 'B' : 'R',
                               p->placed[placing] + 1);
            want = EW_PLACE | (uint32_t)to;
        } else {
            if (p->setup || !p->die) return bo_fail(err, errlen, "'%s': a step where %s", text, p->setup ? "pieces are being placed" : "the die is to be rolled");
            if (side != p->stm) return bo_fail(err, errlen, "'%s': it is %s's move", text, p->stm ? "blue" : "red");
            int from = p->sq[side][piece];
            if (from < 0) return bo_fail(err, errlen, "'%s': %s piece %d is not on the board", text, side ? "blue" : "red", piece);
            int dir = -1;
            for (int d = 0; d < 3; d++)
                if (ew_target(side, from, d) == to) dir = d;
            if (dir < 0) {
                char a[3];
                ew_square_name(from, a);
                return bo_fail(err, errlen, "'%s': %s moves one square %s, not %s to %s", text, side ? "blue" : "red",
                               side ? "left, up or up-left" : "right, down or down-right", a, t + 3);
            }
            want = (uint32_t)(piece << 4 | dir);
        }
    } else {
        return bo_fail(err, errlen, "'%s': expected a step like R3-D4, a roll like die3 or a placement like R1@A5", text);
    }
    for (int i = 0; i < n; i++)
        if (moves[i] == want) { *m = want; return 0; }
    if (ew_is_place(want)) return bo_fail(err, errlen, "'%s': the square is taken or not in the start triangle", text);
    if (ew_is_roll(want)) return bo_fail(err, errlen, "'%s': no roll is due here", text);
    int pieces[2], np = ew_movable(p, p->stm, p->die, pieces);
    if (np == 1) return bo_fail(err, errlen, "'%s': the die shows %d, so piece %d must move", text, p->die, pieces[0]);
    return bo_fail(err, errlen, "'%s': the die shows %d and piece %d is gone, so piece %d%s%.0d must move", text, p->die,
                   p->die, pieces[0], np == 2 ? " or " : "", np == 2 ? pieces[1] : 0);
}
